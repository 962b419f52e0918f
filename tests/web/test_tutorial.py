"""The tutorial's lessons: each is an engine game built from a rulebook example, each
goal can be reached and can be missed, and the verdicts come from the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import parse_position
from web.i18n import _
from web.teach.tutorial import (
    DONE,
    EXAMPLE_2,
    EXAMPLE_3,
    EXAMPLE_4,
    EXAMPLE_5,
    LESSONS,
    MORE,
    RETRY,
    Lesson,
    Practice,
    end_board_cells,
    solutions,
)

ROOT = Path(__file__).resolve().parents[2]


def lesson(key: str) -> Lesson:
    return next(x for x in LESSONS if x.key == key)


@pytest.mark.parametrize(
    "board, name",
    [
        (EXAMPLE_2, "2-red-and-two-blue.json"),
        (EXAMPLE_3, "3-double-blue.json"),
        (EXAMPLE_4, "4-two-red-four-blue.json"),
        (EXAMPLE_5, "5-twelve-green.json"),
    ],
)
def test_lesson_boards_are_the_rulebook_examples(board: dict[str, object], name: str) -> None:
    """The lessons use the same boards as docs/positions (without the tile to place)."""
    doc = json.loads((ROOT / "docs" / "positions" / name).read_text(encoding="utf-8"))
    assert parse_position(board).cells == parse_position(doc).cells


def test_the_topics_of_the_issue_are_all_taught() -> None:
    keys = [x.key for x in LESSONS]
    expected = ["placing", "rays", "doubles", "partner", "broken", "gap", "lowest", "bonus"]
    assert keys == expected + ["swap", "end"]


@pytest.mark.parametrize("item", LESSONS, ids=lambda x: x.key)
def test_every_goal_can_be_reached_and_missed(item: Lesson) -> None:
    """At least one legal line of play reaches the goal, and some legal move misses it."""
    found = solutions(item)
    assert found
    winners = {s[0] for s in found}
    missed = [m for m in Practice(item).game.legal_moves() if m not in winners]
    assert missed
    verdict, message = Practice(item).play(missed[0])
    assert verdict in (RETRY, MORE) and message


def test_the_rulebook_placement_reaches_each_scoring_goal() -> None:
    """The rulebook's own tile positions score what the lessons ask for."""
    for key, move in (
        ("rays", "4,-1:red 5,-1:blue"),
        ("doubles", "0,0:blue 0,1:blue"),
        ("broken", "0,0:red 1,0:blue"),
        ("gap", "0,0:green 1,0:green"),
    ):
        verdict, message = Practice(lesson(key)).play(move)
        assert verdict == DONE, (key, message)


def test_partner_direction_is_skipped_for_a_double_in_line() -> None:
    """A double laid on the end of a line scores only for the inner half (2, not 3)."""
    verdict, message = Practice(lesson("partner")).play("2,0:blue 3,0:blue")
    assert verdict == RETRY and "2 blue" in message


def test_bonus_lesson_needs_the_bonus_placement_to_be_used() -> None:
    practice = Practice(lesson("bonus"))
    verdict, _ = practice.play("0,0:blue 0,1:blue")
    assert verdict == MORE and practice.game.current == 0
    assert practice.play(practice.game.legal_moves()[0])[0] == DONE


def test_swap_lesson_offers_the_swap_only_after_the_lowest_colour_tile_is_placed() -> None:
    practice = Practice(lesson("swap"))
    assert practice.play("1,-5:blue 2,-5:yellow")[0] == RETRY
    practice = Practice(lesson("swap"))
    verdict, message = practice.play("1,-5:red 2,-5:green")
    assert verdict == MORE and "swap" in message.lower()
    assert practice.play("swap")[0] == DONE
    practice = Practice(lesson("swap"))
    practice.play("1,-5:red 2,-5:green")
    assert practice.play("pass")[0] == RETRY


def test_end_lesson_ends_the_game_and_the_tie_break_decides() -> None:
    """One gap is left; orange on its left cell wins on the tie-break, turned round loses."""
    cells = end_board_cells()
    assert len(cells) == 91 - 6 - 2
    win = Practice(lesson("end"))
    assert win.game.legal_moves() == ["0,0:orange 1,0:yellow", "0,0:yellow 1,0:orange"]
    verdict, message = win.play("0,0:orange 1,0:yellow")
    assert verdict == DONE and win.game.phase == "over" and "You win" in message
    lose = Practice(lesson("end"))
    verdict, message = lose.play("0,0:yellow 1,0:orange")
    assert verdict == RETRY and "Carl is ahead" in message


def test_the_drawn_board_is_the_engine_board() -> None:
    """What the tutorial draws is rebuilt from the engine game after each move."""
    practice = Practice(lesson("doubles"))
    practice.play("0,0:blue 0,1:blue")
    shown = practice.position()
    assert shown.cells[(0, 0)] == shown.cells[(0, 1)] == 2
    assert ((0, 0), (0, 1)) in shown.tiles


def test_the_end_lesson_names_the_players_in_the_players_language() -> None:
    """In German the last lesson's scores and words say "Du" and "Karl", not the English
    "You" and "Carl" (the tie-break's explanation names them too)."""
    from web.i18n import use

    try:
        use("de")
        lose = Practice(lesson("end"))
        _verdict, message = lose.play("0,0:yellow 1,0:orange")
        goal = _(lesson("end").goal)
    finally:
        use("en")
    assert lose.game.names == ["Du", "Karl"]
    assert "Karl" in message and "Carl" not in message and "You" not in message
    assert "Karl" in goal
