"""The review's and the hint's reasons (engine.review, English) read in the player's language."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from engine import new_game
from engine.review import TEXT, compare, facts
from web import i18n
from web.play.engine_words import REVIEW, review_facts, review_text


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.use("en")


def _names(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_sentence_of_the_review_has_a_message_id_with_the_same_placeholders() -> None:
    assert set(REVIEW) == set(TEXT)
    for key, template in TEXT.items():
        assert _names(REVIEW[key]) == _names(template), key


def _moves(count: int) -> list[tuple[list[str], str]]:
    """Facts and a comparison for the first ``count`` legal placements of a new game."""
    game = new_game("standard", players=2, seed=5)
    for _ in range(16):  # into the middle game: lines to block and open, lowest colours
        game.apply(game.legal_moves()[len(game.legal_moves()) // 2])
    moves = game.placements()[::7][:count]
    return [
        (facts(game, game.current, m), compare(game, game.current, m, moves[-1])) for m in moves
    ]


def test_in_english_every_reason_is_said_as_the_engine_wrote_it() -> None:
    i18n.use("en")
    for fact_list, reason in _moves(40):
        assert review_facts(fact_list) == "; ".join(fact_list)
        assert review_text(reason) == reason


def test_review_reasons_render_in_german_with_colours_and_numbers_kept() -> None:
    i18n.use("de")
    seen = 0
    for fact_list, reason in _moves(40):
        german = review_facts(fact_list)
        for fact in fact_list:
            assert review_text(fact) != fact, fact
        for english in ("raises", "scores nothing", "your lowest", "worth", "line"):
            assert english not in german
        for colour in ("red", "green", "blue", "orange", "yellow", "purple"):
            assert not re.search(rf"\b{colour}\b", german), german
        said = review_text(reason)
        if reason != TEXT["same"]:
            assert said.startswith("Besser: "), said
            assert "Played:" not in said
            seen += 1
    assert seen


def test_a_hints_facts_read_in_french() -> None:
    i18n.use("fr")
    assert review_text("raises blue, your lowest, by 3 (to 7)") == (
        "fait monter le bleu, votre couleur la plus basse, de 3 (jusqu’à 7)"
    )


def test_the_hints_why_and_the_standing_line_read_in_german() -> None:
    from web.game.over import standing_line
    from web.game.status import hint_text

    game = new_game("standard", players=2, seed=5, names=["Ann", "Bob"])
    move = game.legal_moves()[0]
    i18n.use("de")
    said = hint_text(game, move, "raises red, your lowest, by 2 (to 2); scores nothing")
    assert said.endswith(
        " Warum: bringt Rot, deine schwächste Farbe, um 2 voran (auf 2); bringt keine Punkte."
    ), said
    standing = standing_line(game)
    assert standing.startswith("Schwächste Farben jetzt: Ann "), standing
    assert " and " not in standing and "red" not in standing
