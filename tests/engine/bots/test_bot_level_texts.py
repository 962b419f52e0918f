"""The words that tell players what each level is: one entry per level, one line each,
how long it thinks, and its measured strength (per table on the board game)."""

from __future__ import annotations

import re

import pytest

from engine.bots import BOT_LEVELS, make_browser_bot
from engine.bots.levels import describe, figure_text, level_blurbs, level_figures, level_table
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
        if challenges:
            assert re.search(r"\d+%", blurbs[level]), blurbs[level]
        else:  # the board game's figures are per table, each with its share of games won
            figures = [(tb, t) for tb, t in level_figures()[level] if tb != "solo"]
            assert figures and all(re.search(r"\d+% of \d+ games", t) for _, t in figures)


def test_each_board_level_says_how_long_it_thinks_in_the_page() -> None:
    """A searching level's ceiling on the clock in the page (its browser bot's time
    limit) is what its line says; a level that does not search says it plays at once."""
    for level, text in level_blurbs().items():
        bot = make_browser_bot(level)
        if bot.evaluation is None:
            assert "Plays at once." in text
        else:
            assert f"Thinks up to {bot.time_limit_ms / 1000:g} s a move." in text


def test_a_figure_names_its_table_rival_share_and_place() -> None:
    assert figure_text(("expert", "2p", "strong", 200, 0.705, 1.295, 8.1, 640)) == (
        "Two players: beats Strong in 70% of 200 games."
    )
    assert figure_text(("expert", "3p", "strong", 200, 0.4449, 1.7549, 11.2, 860)) == (
        "Three players, against two Strong bots: wins 44% of 200 games (fair share 33%),"
        " mean place 1.75 (fair 2)."
    )
    assert figure_text(("expert", "team", "strong", 100, 0.64, 1.36, 22.8, 597)) == (
        "Team game: a pair of Expert bots beats a pair of Strong bots in 64% of 100 games."
    )
    assert figure_text(("casual", "solo", "", 100, 1.0, 1.0, 13.55, 1)) == (
        "Solo: reaches 13.6 in its lowest colour on average over 100 games."
    )


def test_unknown_level_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'wizard'; levels are beginner"):
        describe("wizard")
