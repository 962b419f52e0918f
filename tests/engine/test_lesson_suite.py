"""The review's quality suite (engine/coach/lesson_suite.py): in positions where the right
lesson is known, the review states it, never the false one, and every fact it states
holds when checked against the engine."""

from __future__ import annotations

from typing import Any

import pytest

from engine.coach.lesson_audit import FAULTS, TABLES, audit
from engine.coach.lesson_suite import LESSONS, cases, judge

CASES = cases()


def test_every_lesson_has_cases() -> None:
    """Each lesson of the suite is taught by at least two positions or games."""
    for lesson in LESSONS:
        assert sum(c["lesson"] == lesson for c in CASES) >= 2, lesson


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_review_states_the_lesson_and_nothing_false(case: dict[str, Any]) -> None:
    verdict = judge(case)
    assert not verdict.wrong, verdict
    assert verdict.teaches and verdict.right, verdict.said


@pytest.mark.parametrize("table", list(TABLES))
def test_every_statement_of_a_reviewed_game_holds_at_every_table(table: str) -> None:
    """Each table (standard 2p/3p/4p, solo, team, duel): a whole bot game, the review of seat
    0's last moves (a slice, at few sampled worlds, for a quick check), its plans over the whole
    game and two hints: no fact the engine contradicts, no mistake called "the same" or left
    without a difference, no plan contradicting its numbers, no hint weighed against a twin
    or explained only by "the bot's look-ahead rates lower"."""
    totals = audit(1, seed=3, worlds=6, out=lambda line: None, table=table, last=10,
                   hint_count=2, width=3)  # fmt: skip
    assert totals["moves"] == 10 and totals["hints"] == 2
    assert {k: totals[k] for k in FAULTS} == dict.fromkeys(FAULTS, 0), totals
