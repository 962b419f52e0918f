"""The review's quality suite (engine/coach/lesson_suite.py): in positions where the right
lesson is known, the review states it, never the false one, and every fact it states
holds when checked against the engine."""

from __future__ import annotations

from typing import Any

import pytest

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
