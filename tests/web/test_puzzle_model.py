"""The daily puzzle's model (web/coach/puzzle_model.py): the day's puzzle, the answers,
the result with its reasons, and the record of days solved and the streak."""

from __future__ import annotations

import datetime
import re

from engine.puzzles import puzzle_for
from web.coach.puzzle_model import (
    PuzzleState,
    clean_record,
    puzzle_model,
    record_result,
    streak,
)

DAY = datetime.date(2026, 11, 26)


def test_the_screen_shows_the_days_puzzle_with_four_answers_in_words() -> None:
    m = puzzle_model(PuzzleState(DAY), DAY, {})
    number = puzzle_for(DAY)["number"]
    assert m.title == f"Puzzle {number}: 26 November 2026"
    assert m.task.endswith("Which placement is best?") and "to play" in m.task
    assert len(m.options) == 4 and not m.can_check and m.result == ()
    assert all(re.search(r"row \d+, \d+\w\w cell and row", o.words) for o in m.options)
    assert m.record == "Solved 0 puzzles; streak 0 days."
    assert [e.current for e in m.earlier] == [True] + [False] * 6


def test_checking_the_best_answer_solves_it_and_explains_why() -> None:
    puzzle = puzzle_for(DAY)
    state = PuzzleState(DAY, choice=puzzle["best"], checked=True)
    m = puzzle_model(state, DAY, {})
    assert m.solved is True and m.result[0] == "Solved! That is the best placement."
    assert m.result[1].startswith("Chance of winning after the best placement")
    assert len(m.result) == 3 and m.result[2]  # what the best does that the greedy one does not
    assert not any(re.search(r"-?\d+,-?\d+:", line) for line in m.result), "no coordinates"
    assert len(m.marked) == 2


def test_a_wrong_answer_names_the_best_placement() -> None:
    puzzle = puzzle_for(DAY)
    m = puzzle_model(PuzzleState(DAY, choice=puzzle["greedy"], checked=True), DAY, {})
    best = next(o.words for o in m.options if o.move == puzzle["best"])
    assert m.solved is False and m.result[0] == f"Not this one. The best placement is {best}."


def test_the_record_counts_days_solved_and_the_streak() -> None:
    """Solved days stay solved; the streak counts days in a row up to today, or up to
    yesterday while today's puzzle is open; damaged entries are dropped."""
    record: dict[str, list[str]] = {}
    for back in (3, 2, 1):
        record = record_result(record, DAY - datetime.timedelta(days=back), True)
    assert streak(record["solved"], DAY) == 3
    record = record_result(record, DAY, False)
    assert streak(record["solved"], DAY) == 3 and DAY.isoformat() in record["tried"]
    record = record_result(record, DAY, True)
    assert streak(record["solved"], DAY) == 4
    assert streak(record["solved"], DAY + datetime.timedelta(days=2)) == 0
    m = puzzle_model(PuzzleState(DAY), DAY, record)
    assert m.record == "Solved 4 puzzles; streak 4 days."
    assert all(e.solved for e in m.earlier[:4]) and not m.earlier[4].solved
    assert clean_record({"solved": ["2026-11-01", "nonsense", 3], "tried": "x"}) == {
        "solved": ["2026-11-01"],
        "tried": [],
    }
