"""Zoom and pan over the fitted board: pinch with two fingers, drag with one once
zoomed in, ctrl + wheel (a touchpad pinch) with a mouse.

Pure geometry, no browser imports, so CPython tests cover it. The board is always
drawn and hit-tested through one `Layout`; zooming only changes that layout's size
and origin, so everything that maps cells to pixels and back keeps working.
"""

from __future__ import annotations

from dataclasses import dataclass

from web.board.hexgrid import Layout

MAX_ZOOM = 3.0
MIN_ZOOM = 1.0
SNAP = 1.04  # a pinch that ends this close to the fitted board snaps back to it
TAP_SLOP = 10.0  # CSS pixels a finger may drift and still count as a tap
FINGER = 44.0  # CSS pixels between neighbouring cell centres that a fingertip hits surely
SQRT3 = 3.0**0.5


@dataclass(frozen=True)
class View:
    """How far the board is zoomed in and moved from its fitted place."""

    zoom: float = 1.0
    pan_x: float = 0.0
    pan_y: float = 0.0

    @property
    def fitted(self) -> bool:
        return self.zoom == 1.0 and self.pan_x == 0.0 and self.pan_y == 0.0


FITTED = View()


def apply(fit: Layout, view: View) -> Layout:
    """The layout to draw and hit-test with."""
    return Layout(fit.size * view.zoom, fit.origin_x + view.pan_x, fit.origin_y + view.pan_y)


def clamp(view: View, width: float, height: float) -> View:
    """Keep the zoom in range and the board on screen: at most half the extra size
    of the zoomed board can move out on either side; at zoom 1 nothing moves."""
    zoom = min(MAX_ZOOM, max(MIN_ZOOM, view.zoom))
    room_x = (zoom - 1.0) * width / 2.0
    room_y = (zoom - 1.0) * height / 2.0
    return View(
        zoom,
        min(room_x, max(-room_x, view.pan_x)),
        min(room_y, max(-room_y, view.pan_y)),
    )


def zoom_at(
    fit: Layout, start: View, point: tuple[float, float], zoom: float, width: float, height: float
) -> View:
    """Zoom to `zoom` keeping the board spot under `point` (as placed by `start`) still."""
    before = apply(fit, start)
    # The spot under the point, in cell-size units from the board's centre.
    ux = (point[0] - before.origin_x) / before.size
    uy = (point[1] - before.origin_y) / before.size
    size = fit.size * zoom
    origin_x = point[0] - ux * size
    origin_y = point[1] - uy * size
    return clamp(View(zoom, origin_x - fit.origin_x, origin_y - fit.origin_y), width, height)


def pinch(
    fit: Layout,
    start: View,
    first: tuple[tuple[float, float], tuple[float, float]],
    now: tuple[tuple[float, float], tuple[float, float]],
    width: float,
    height: float,
) -> View:
    """Two fingers moved from `first` to `now`: scale by how far apart they are, keep
    the board spot under their first midpoint under their midpoint now."""
    d0 = _distance(*first)
    d1 = _distance(*now)
    factor = d1 / d0 if d0 > 1.0 else 1.0
    zoom = min(MAX_ZOOM, max(MIN_ZOOM, start.zoom * factor))
    m0 = _middle(*first)
    m1 = _middle(*now)
    anchored = zoom_at(fit, start, m0, zoom, 1e9, 1e9)  # clamp once, after the move
    moved = View(zoom, anchored.pan_x + m1[0] - m0[0], anchored.pan_y + m1[1] - m0[1])
    return clamp(moved, width, height)


def drag(start: View, dx: float, dy: float, width: float, height: float) -> View:
    return clamp(View(start.zoom, start.pan_x + dx, start.pan_y + dy), width, height)


def spacing(fit: Layout, view: View) -> float:
    """CSS pixels between the centres of two neighbouring cells as drawn."""
    return SQRT3 * fit.size * view.zoom


def finger_view(
    fit: Layout,
    view: View,
    point: tuple[float, float],
    width: float,
    height: float,
    finger: float = FINGER,
) -> View | None:
    """A tap on a board whose cells are smaller than a fingertip: the view that makes
    them `finger` wide around the tapped spot (which stays under the finger), or None
    when they are big enough already (or the zoom is at its limit)."""
    now = spacing(fit, view)
    if now <= 0 or now >= finger:
        return None
    zoom = min(MAX_ZOOM, view.zoom * finger / now * 1.02)
    if zoom <= view.zoom:
        return None
    return zoom_at(fit, view, point, zoom, width, height)


def settle(view: View) -> View:
    """After a gesture: nearly fitted becomes fitted (no stray half-zoom)."""
    return FITTED if view.zoom < SNAP else view


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def _middle(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)
