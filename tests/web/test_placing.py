"""Turning rack tiles and aiming at cells yields exactly the engine's legal move strings."""

from web.board.hexgrid import ring
from web.board.placing import Aim, LegalIndex, format_placement, parse_placement, step_cursor

LEGAL = ["0,-4:red 1,-4:blue", "1,-5:blue 1,-4:red", "swap", "pass"]


def test_parse_and_format_round_trip() -> None:
    move = "-3,2:yellow -2,2:purple"
    halves = parse_placement(move)
    assert halves == (((-3, 2), "yellow"), ((-2, 2), "purple"))
    assert format_placement(halves[0][0], halves[0][1], halves[1][0], halves[1][1]) == move


def test_decisions_and_junk_are_not_placements() -> None:
    assert parse_placement("swap") is None
    assert parse_placement("1,x:red 2,2:blue") is None
    assert parse_placement("1,1 red") is None


def test_either_half_order_finds_the_engine_string() -> None:
    """Red on (0,-4) with blue east of it is the engine's first move, whatever the order."""
    index = LegalIndex(LEGAL)
    assert index.move_for(("red", "blue"), (0, -4), 0) == "0,-4:red 1,-4:blue"
    assert index.move_for(("blue", "red"), (1, -4), 3) == "0,-4:red 1,-4:blue"
    assert index.move_for(("red", "blue"), (0, -4), 1) is None
    assert index.decisions == ["swap", "pass"]


def test_turning_finds_the_next_legal_direction() -> None:
    index = LegalIndex(LEGAL)
    # Blue at (1,-4) has red to its west (direction 3) only in the first move; in the
    # second move red on (1,-4) has blue north-west of it (direction 4).
    assert index.directions(("blue", "red"), (1, -4)) == [3]
    assert index.first_direction(("red", "blue"), (1, -4), 0) == 4
    assert index.first_direction(("red", "blue"), (3, 3), 0) is None


def test_anchor_and_covered_cells_for_a_tile() -> None:
    index = LegalIndex(LEGAL)
    assert index.anchors(("red", "blue")) == {(0, -4), (1, -4)}
    assert index.covered_cells(("blue", "red")) == {(0, -4), (1, -4), (1, -5)}
    assert index.covered_cells(("green", "red")) == set()


def test_aim_rotation_wraps() -> None:
    aim = Aim(direction=5)
    aim.rotate()
    assert aim.direction == 0
    aim.rotate(-1)
    assert aim.direction == 5


def test_cursor_moves_stay_in_the_zone_and_up_down_are_inverse() -> None:
    cell = (0, 0)
    for _ in range(7):
        cell = step_cursor(cell, "ArrowUp", 5)
    assert ring(cell) <= 5 and cell[1] == -5
    back = step_cursor(step_cursor((2, 1), "ArrowUp", 5), "ArrowDown", 5)
    assert back == (2, 1)
    assert step_cursor((5, 0), "ArrowRight", 5) == (5, 0)
