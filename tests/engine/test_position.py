"""The position notation (docs/positions.md): accepted forms and clear errors."""

import pytest

from engine import SaveFormatError, parse_position, score_position


def test_minimal_form_from_the_issue() -> None:
    """Notation: zone, board of [q, r, colour] cells and a placement of two cells."""
    position = parse_position(
        {"zone": 5, "board": [[1, -5, "red"]], "placement": [[0, -4, "orange"], [1, -4, "blue"]]}
    )
    assert position.cells[(1, -5)] == 0
    assert position.placement is not None


def test_printed_symbols_are_always_present_and_may_be_listed_again() -> None:
    """Notation: printed symbols are on every board; repeating one with its colour is allowed."""
    position = parse_position({"zone": 5, "board": [[0, -5, "red"]]})
    assert len(position.cells) == 6
    with pytest.raises(SaveFormatError, match="printed red"):
        parse_position({"zone": 5, "board": [[0, -5, "blue"]]})


def test_board_may_group_cells_into_tiles() -> None:
    """Notation: a board entry may be a tile [[q1, r1, c1], [q2, r2, c2]]."""
    position = parse_position({"zone": 6, "board": [[[0, 0, "red"], [1, 0, "green"]]]})
    assert position.tiles == (((0, 0), (1, 0)),)
    with pytest.raises(SaveFormatError, match="adjacent"):
        parse_position({"zone": 6, "board": [[[0, 0, "red"], [2, 0, "green"]]]})


def test_round_trip_through_json() -> None:
    """Notation: a parsed position writes back to an equivalent position."""
    raw = {
        "zone": 7,
        "board": [[[0, 0, "red"], [1, 0, "green"]], [3, 3, "purple"]],
        "placement": [[2, 2, "yellow"], [2, 3, "blue"]],
    }
    position = parse_position(raw)
    assert parse_position(position.to_json()) == position


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "not valid JSON"),
        ([1, 2], "JSON object"),
        ({"zone": 4}, "5, 6 or 7"),
        ({"zone": 5, "board": [[9, 0, "red"]]}, "outside the zone"),
        ({"zone": 5, "board": [[0, 0, "pink"]]}, "unknown colour 'pink'"),
        ({"zone": 5, "board": [[0, 0, "red"], [0, 0, "blue"]]}, "listed twice"),
        ({"zone": 5, "board": [["a", 0, "red"]]}, "whole numbers"),
        ({"zone": 5, "board": "red"}, "must be a list"),
        ({"zone": 5, "placement": [[0, 0, "red"], [2, 0, "red"]]}, "adjacent"),
        ({"zone": 5, "placement": [[0, -5, "red"], [1, -5, "red"]]}, "not empty"),
        ({"zone": 5, "placement": [[0, 0, "red"]]}, "two cells"),
        ({"zone": 5, "extra": 1}, "unknown key"),
    ],
)
def test_bad_positions_give_clear_errors(data: object, message: str) -> None:
    """Bad input: every malformed position is refused with a message that names the problem."""
    with pytest.raises(SaveFormatError, match=message):
        parse_position(data)


def test_scoring_needs_a_placement() -> None:
    """`score` on a position without a placement explains what is missing."""
    with pytest.raises(SaveFormatError, match="no 'placement'"):
        score_position(parse_position({"zone": 5}))
