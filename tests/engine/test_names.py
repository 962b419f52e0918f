"""Names are cleaned, never refused: one function for every way a name comes in."""

from __future__ import annotations

import pytest

from engine import loads, new_game
from engine.rules.names import MAX_NAME, clean_name


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Ann", "Ann"),
        ("  Ann   Lee  ", "Ann Lee"),
        ("Ann\x00", "Ann"),
        ("Ann\nBob\r\nCy\tDee", "Ann Bob Cy Dee"),
        ("\x1b[31mred\x7f\x85", "[31mred"),
        ("abc\u202edcba", "abcdcba"),  # right-to-left override
        ("\u202bx\u202cy\u202a\u202d", "xy"),  # embeddings and pop
        ("\u2067evil\u2069 \u2068x\u2066", "evil x"),  # isolates
        ("a\u200eb\u200fc\u061cd", "abcd"),  # direction marks
        ("a\u200bb\ufeffc\u2060d", "abcd"),  # zero-width space, BOM, word joiner
        ("li\u2028ne\u2029s", "li ne s"),  # line and paragraph separators
        ("\ud800x", "x"),  # a lone surrogate
        ("👩\u200d👩\u200d👧 family", "👩\u200d👩\u200d👧 family"),  # ZWJ stays
        ("می\u200cخواهم", "می\u200cخواهم"),  # ZWNJ stays
        ("Zoë", "Zoë"),
        ("e\u0301\u0302\u0303\u0304\u0305\u0306", "e\u0301\u0302\u0303"),  # accent stacks cut
        ("Ελένη 王芳 Ağça", "Ελένη 王芳 Ağça"),
    ],
)
def test_clean_name_removes_controls_and_text_reordering_characters(raw: str, clean: str) -> None:
    """Rule: controls, bidi embeddings/overrides/isolates/marks and invisible characters
    are removed; white space (line breaks included) collapses to one space; ends are
    trimmed; letters of every script, emoji sequences and ZWNJ are kept."""
    assert clean_name(raw) == clean


def test_clean_name_caps_the_length_after_cleaning_and_never_ends_in_a_space() -> None:
    assert clean_name("x" * 100) == "x" * MAX_NAME
    assert clean_name("\u202e" * 10 + "y" * 40) == "y" * 40
    assert clean_name("a" * 23 + " b", limit=24) == "a" * 23
    assert clean_name("word " * 20, limit=24) == "word word word word word"


@pytest.mark.parametrize("raw", ["", "   ", "\u202e", "\x00\n\t", "\u2066\u2069\u200b"])
def test_a_name_left_empty_gets_the_fallback(raw: str) -> None:
    assert clean_name(raw, fallback="Player 2") == "Player 2"


def test_new_games_and_loaded_saves_carry_cleaned_names() -> None:
    """The engine cleans names when a game is made, so a save, a link or an imported
    file with hostile names loads with clean ones (and an empty name gets a default)."""
    game = new_game("standard", 3, seed=1, names=["\u202eAnn", " ", "B\x00ob\n" + "o" * 60])
    assert game.names == ["Ann", "Player 2", ("Bob " + "o" * 60)[:MAX_NAME]]
    again = loads(
        '{"format": "ingenious", "version": 1, "variant": "duel", "players": 2, "seed": 3,'
        ' "names": ["\\u2067x\\u2069", "y\\u0000"], "options": {}, "moves": []}'
    )
    assert again.names == ["x", "y"]
