"""Zooming the board: the spot under the fingers stays under them, the board never
leaves the screen, and a zoomed layout still maps pixels to the right cells."""

from __future__ import annotations

import pytest

from web.hexgrid import fit_layout
from web.zoom import FITTED, MAX_ZOOM, View, apply, clamp, drag, pinch, settle, zoom_at

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
