"""Zooming the board: the spot under the fingers stays under them, the board never
leaves the screen, and a zoomed layout still maps pixels to the right cells."""

from __future__ import annotations

import pytest

from web.board import zoom
from web.board.hexgrid import Layout, fit_layout
from web.board.zoom import FITTED, MAX_ZOOM, View, apply, clamp, drag, pinch, settle, zoom_at

W, H = 390.0, 390.0
FIT = fit_layout(7.6, W, H, margin=2)


def test_the_fitted_view_changes_nothing() -> None:
    assert apply(FIT, FITTED) == FIT and FITTED.fitted


def test_zooming_at_a_point_keeps_the_cell_under_it() -> None:
    point = (250.0, 120.0)
    cell = FIT.to_cell(*point)
    view = zoom_at(FIT, FITTED, point, 2.0, W, H)
    zoomed = apply(FIT, view)
    assert zoomed.size == pytest.approx(2 * FIT.size)
    assert zoomed.to_cell(*point) == cell


def test_a_pinch_scales_by_the_finger_distance_and_follows_their_middle() -> None:
    first = ((150.0, 200.0), (230.0, 200.0))
    spread = ((110.0, 200.0), (270.0, 200.0))  # twice as far apart, same middle
    view = pinch(FIT, FITTED, first, spread, W, H)
    assert view.zoom == pytest.approx(2.0)
    middle = (190.0, 200.0)
    assert apply(FIT, view).to_cell(*middle) == FIT.to_cell(*middle)
    shifted = ((130.0, 230.0), (290.0, 230.0))  # same spread, middle moved 20 right, 30 down
    moved = pinch(FIT, FITTED, first, shifted, W, H)
    assert apply(FIT, moved).to_cell(210.0, 230.0) == FIT.to_cell(*middle)


def test_zoom_and_pan_stay_in_bounds() -> None:
    close, apart = ((190.0, 190.0), (200.0, 190.0)), ((0.0, 190.0), (390.0, 190.0))
    huge = pinch(FIT, FITTED, close, apart, W, H)
    assert huge.zoom == MAX_ZOOM
    assert clamp(View(0.5, 40.0, -40.0), W, H) == FITTED, "never smaller than fitted"
    far = drag(View(2.0), 10_000.0, -10_000.0, W, H)
    assert far == View(2.0, W / 2, -H / 2), "at most half the extra size moves out"


def test_a_pinch_that_ends_near_fitted_snaps_back() -> None:
    assert settle(View(1.02, 3.0, 1.0)) == FITTED
    assert settle(View(1.5, 3.0, 1.0)) == View(1.5, 3.0, 1.0)


# --- cells a finger can hit -------------------------------------------------------------------
def test_a_tap_on_small_cells_zooms_to_a_fingertip_around_the_tapped_spot() -> None:
    fit = Layout(24.0 / zoom.SQRT3, 195.0, 240.0)  # cells 24 px apart (four players, phone)
    point = (250.0, 200.0)
    view = zoom.finger_view(fit, zoom.FITTED, point, 390.0, 480.0)
    assert view is not None
    assert zoom.spacing(fit, view) >= zoom.FINGER
    before = fit.to_fractional(*point)
    after = zoom.apply(fit, view).to_fractional(*point)
    assert after == pytest.approx(before), "the tapped spot stays under the finger"


def test_cells_a_finger_wide_already_are_left_alone() -> None:
    fit = Layout(50.0 / zoom.SQRT3, 400.0, 400.0)
    assert zoom.finger_view(fit, zoom.FITTED, (300.0, 300.0), 800.0, 800.0) is None
    small = Layout(30.0 / zoom.SQRT3, 400.0, 400.0)
    zoomed = zoom.View(1.6, 0.0, 0.0)  # a pinch already made them 48 px
    assert zoom.finger_view(small, zoomed, (300.0, 300.0), 800.0, 800.0) is None
