"""Both start forms clean names with engine.rules.names.clean_name (and cap them at 24)."""

from __future__ import annotations

from web.challenges import setup as challenge_setup
from web.play.session import HUMAN, make_setup


def test_the_board_game_form_cleans_names() -> None:
    setup = make_setup(
        "standard", 3, ["\u202eAnn\n", "x" * 40, "\x00"], [HUMAN, HUMAN, "casual"], "1", False, 5
    )
    assert setup.names == ["Ann", "x" * 24, "Casual bot 3"]


def test_the_challenges_form_cleans_names_and_spots_look_alike_duplicates() -> None:
    names = ["\u2067Bo\u2069", "y" * 30]
    setup = challenge_setup.make_setup("cards", [], 2, names, [HUMAN, HUMAN], "", False, 1)
    assert setup.names == ["Bo", "y" * 24]
    try:
        challenge_setup.make_setup("cards", [], 2, ["Bo", "B\u200bo"], [HUMAN, HUMAN], "", False, 1)
    except challenge_setup.SetupError as exc:
        assert "same name" in str(exc)
    else:
        raise AssertionError("two names that look the same were accepted")
