"""Hex geometry of the board: pointy-top layout, axial coordinates, round trips."""

import math

import pytest

from web.board.hexgrid import (
    DIRECTIONS,
    Layout,
    cell_round,
    direction_index,
    fit_layout,
    neighbours,
    ring,
    zone_cells,
)


def test_zone_sizes_match_the_rulings() -> None:
    """Zones of ring 5, 6 and 7 hold 91, 127 and 169 cells."""
    assert [len(zone_cells(n)) for n in (5, 6, 7)] == [91, 127, 169]


def test_directions_follow_the_engine_contract() -> None:
    """E, SE, SW, W, NW, NE in axial steps, clockwise on screen."""
    assert set(DIRECTIONS) == {(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)}
    layout = Layout(10.0, 0.0, 0.0)
    angles = [math.degrees(math.atan2(*reversed(layout.to_pixel(d)))) for d in DIRECTIONS]
    # Screen y grows downward, so clockwise means increasing angle.
    assert [round(a) % 360 for a in angles] == [0, 60, 120, 180, 240, 300]


@pytest.mark.parametrize("size,ox,oy", [(10.0, 0.0, 0.0), (23.7, 400.0, 311.5), (4.0, -3.0, 9.0)])
def test_pixel_round_trip_for_every_cell(size: float, ox: float, oy: float) -> None:
    """Every cell's centre maps back to the same cell."""
    layout = Layout(size, ox, oy)
    for cell in zone_cells(7):
        assert layout.to_cell(*layout.to_pixel(cell)) == cell


def test_points_inside_a_cell_map_to_that_cell() -> None:
    """Points near a centre (inside the inscribed circle) belong to the cell."""
    layout = Layout(20.0, 100.0, 100.0)
    inner = 20.0 * math.sqrt(3) / 2 * 0.95
    for cell in zone_cells(3):
        cx, cy = layout.to_pixel(cell)
        for k in range(12):
            a = math.radians(k * 30 + 7)
            assert layout.to_cell(cx + inner * math.cos(a), cy + inner * math.sin(a)) == cell


def test_pointy_top_layout_rows_are_horizontal() -> None:
    """Cells of one row r share a y; neighbours east are sqrt3*size apart."""
    layout = Layout(10.0, 0.0, 0.0)
    assert layout.to_pixel((0, 2))[1] == layout.to_pixel((-3, 2))[1]
    assert layout.to_pixel((1, 0))[0] == pytest.approx(10 * math.sqrt(3))
    top = min(layout.corners((0, 0)), key=lambda p: p[1])
    assert top[0] == pytest.approx(0.0) and top[1] == pytest.approx(-10.0)


def test_cell_round_picks_the_nearest_cell() -> None:
    assert cell_round(0.1, -0.2) == (0, 0)
    assert cell_round(0.9, 0.05) == (1, 0)
    assert cell_round(-0.4, 0.9) == (-1, 1) or cell_round(-0.4, 0.9) == (0, 1)


def test_ring_and_neighbours() -> None:
    assert ring((0, -5)) == 5 and ring((-5, 5)) == 5 and ring((3, 3)) == 6
    assert all(ring(n) == 1 for n in neighbours((0, 0)))
    assert direction_index((2, 2), (2, 3)) == 1
    assert direction_index((0, 0), (2, 0)) is None


@pytest.mark.parametrize("radius", [5, 6, 7])
@pytest.mark.parametrize("w,h", [(360, 420), (1280, 720), (800, 1200)])
def test_fit_layout_keeps_the_zone_inside_the_box(radius: int, w: int, h: int) -> None:
    """Every corner of every zone cell lies inside the canvas."""
    layout = fit_layout(radius, w, h, margin=4)
    for cell in zone_cells(radius):
        for x, y in layout.corners(cell):
            assert -1e-6 <= x <= w + 1e-6 and -1e-6 <= y <= h + 1e-6
