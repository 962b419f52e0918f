"""The words that tell players what each level is: one entry per level, one line each,
with a measured strength."""

from __future__ import annotations

import re

import pytest

from engine.bots import BOT_LEVELS
from engine.bots.levels import describe, level_blurbs, level_table
from engine.challenges.bots import LEVELS as CHALLENGE_LEVELS


@pytest.mark.parametrize(
    ("challenges", "levels"), [(False, list(BOT_LEVELS)), (True, list(CHALLENGE_LEVELS))]
)
def test_every_level_has_one_line_with_a_measured_figure(
    challenges: bool, levels: list[str]
) -> None:
    """The table covers exactly the levels a seat can take, weakest first, and every line
    but the weakest level's names a win rate against the level below."""
    blurbs = level_blurbs(challenges)
    assert list(blurbs) == levels
    assert [row["level"] for row in level_table(challenges)] == levels
    for level, text in blurbs.items():
        assert "\n" not in text and len(text) < 160
        assert text.startswith(describe(level, challenges).title + ": ")
    for level in levels[1:]:
        assert re.search(r"\d+%", blurbs[level]), blurbs[level]


def test_unknown_level_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'wizard'; levels are beginner"):
        describe("wizard")
