"""Scoring (RULINGS: Standard game, scoring) and the rulebook's five scoring pictures.

The rulebook describes each picture in words; ``docs/positions/`` rebuilds each as a
position, and these tests check that the engine counts what the rulebook counts.
"""

import json
from pathlib import Path

import pytest

from engine import parse_position, score_position

POSITIONS = Path(__file__).resolve().parents[2] / "docs" / "positions"


def score_file(name: str) -> dict:
    return score_position(parse_position(json.loads((POSITIONS / name).read_text())))


def nonzero(points: dict) -> dict:
    return {c: n for c, n in points.items() if n}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("1-one-blue.json", {"blue": 1}),
        ("2-red-and-two-blue.json", {"red": 1, "blue": 2}),
        ("3-double-blue.json", {"blue": 4}),
        ("4-two-red-four-blue.json", {"red": 2, "blue": 4}),
        ("5-twelve-green.json", {"green": 12}),
    ],
)
def test_rulebook_scoring_examples(name: str, expected: dict) -> None:
    """Rulebook examples: 1 blue; 1 red + 2 blue; 4 blue (double); 2 red + 4 blue; 12 green."""
    assert nonzero(score_file(name)["points"]) == expected


def test_printed_symbol_counts_like_a_tile() -> None:
    """Rule: printed symbols on the board score like tile symbols (example 1)."""
    result = score_file("1-one-blue.json")
    assert result["rays"] == [
        {"from": [4, 0], "direction": "E", "colour": "blue", "cells": [[5, 0]], "points": 1}
    ]


def test_partner_cell_direction_is_never_scored() -> None:
    """Rule: a symbol does not score toward its partner, even of the same colour (example 3)."""
    rays = score_file("3-double-blue.json")["rays"]
    assert "SE" not in {r["direction"] for r in rays if r["from"] == [0, 0]}
    assert "NW" not in {r["direction"] for r in rays if r["from"] == [0, 1]}


def test_line_stops_at_another_colour() -> None:
    """Rule: counting stops at the first empty cell or other colour (example 5, the purple ring)."""
    rays = score_file("5-twelve-green.json")["rays"]
    south_west = next(r for r in rays if r["from"] == [1, 0] and r["direction"] == "SW")
    assert south_west["cells"] == [[0, 1], [-1, 2]]


def test_symbol_off_the_straight_line_does_not_count() -> None:
    """Rule: only straight lines count; a same colour off the lines scores nothing (example 4)."""
    rays = score_file("4-two-red-four-blue.json")["rays"]
    assert all([0, 2] not in r["cells"] for r in rays)


def test_five_rays_per_symbol_at_most() -> None:
    """Rule: each symbol is scored in the five directions other than its partner's."""
    rays = score_file("5-twelve-green.json")["rays"]
    assert len([r for r in rays if r["from"] == [0, 0]]) == 5


def test_zone_edge_ends_a_line() -> None:
    """Rule: cells outside the zone behave as empty for scoring."""
    position = parse_position(
        {
            "zone": 5,
            "board": [[[4, 1, "blue"], [3, 1, "red"]]],
            "placement": [[4, 0, "blue"], [3, 0, "red"]],
        }
    )
    result = score_position(position)
    # blue on 4,0: E reaches the printed blue at 5,0, then the zone edge; SE reaches 4,1
    assert result["points"]["blue"] == 2
