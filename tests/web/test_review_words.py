"""The coach's facts, lessons and plans (engine.coach.lessons) in the player's language: the
same words as the engine in English, and every language's own words elsewhere."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine import new_game
from engine.coach import lesson_futures, lesson_plans, lessons
from tests.reviewed_game import greedy_move
from web import i18n
from web.play.engine_words import LESSONS, lesson_clauses, lesson_text

LANGUAGES = ("de", "fr", "nl", "es", "it")
COLOUR_WORDS = ("red", "green", "blue", "orange", "yellow", "purple")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.use("en")


def _fields(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)", template))


def test_every_kind_of_the_engine_has_a_message_with_the_same_fields() -> None:
    assert set(LESSONS) == set(lessons.TEXT)
    for kind, template in lessons.TEXT.items():
        entry = LESSONS[kind]
        ids = entry[:2] if isinstance(entry, tuple) else (entry,)
        for msgid in ids:
            assert _fields(msgid) == _fields(template), kind


def _statements() -> list[dict[str, Any]]:
    """Facts, lesson points, hint clauses and plans of real positions of several games,
    with made-up sampled futures, so that every kind appears with varied numbers."""
    out: list[dict[str, Any]] = []
    rng = random.Random(3)
    for seed in (5, 6):
        game = new_game("standard", 2, seed=seed, names=["Ann", "Bob"])
        while not game.over:
            seat = game.current
            if game.phase == "place" and len(game.moves) > 8:
                a, b = rng.sample(game.placements(), 2)
                out += lessons.facts(game, seat, a)
                pro, con = lessons.contrast(game, seat, a, b)
                out += pro + con + [lessons.versus(pro)]
            greedy_move(game, "pass")
        falling = {i: [1 - i / 100, i / 100] for i in range(100)}
        out += lesson_plans.plans(game.to_save(), [0, 1], falling)
    game = new_game("standard", 2, seed=1, names=["Ann", "Bob"])
    futures = lesson_futures.futures
    out += futures(game, 0, [[0.6, 7.2, 9], [0.4, 6, 8]], [[0.5, 6.1, 9], [0.5, 6, 8]])
    out += futures(game, 0, [[0.6, 7, 9], [0.4, 6, 8]], [[0.5, 7, 9], [0.5, 7.5, 8]])
    out += futures(game, 0, [[0.6, 7, 9], [0.4, 6, 8]], [[0.45, 7, 9], [0.5, 6, 8]])
    # The kinds of the tie-break, ties, the duel, points past an end and the hint's figures.
    out += [
        {"kind": "tie_break", "better": [0, 5], "played": [0, 1]},
        {"kind": "more_lowest_tied", "colour": "red", "better": 4, "played": 1},
        {"kind": "left_lowest_tied", "colour": "green", "better": 3, "at": 0},
        {"kind": "yours_lowest_tied", "colour": "blue", "better": 1, "played": 3},
        {"kind": "duel_over", "colour": "blue", "to": 2, "at": -1},
        {"kind": "yours_over", "colour": "yellow", "to": 1, "at": 0},
        {"kind": "more_wasted_past", "colour": "blue", "n": 3, "at": 18},
        {"kind": "more_wasted_past", "colour": "purple", "n": 1, "at": 36},
        {"kind": "exchange_setup"},
        {"kind": "take_exchange", "colours": ["red", "orange"]},
        {"kind": "sets_exchange"},
        {"kind": "futures_duel", "better": 3.5, "played": 2.25},
        {"kind": "plan_exchanges", "name": "Ann", "count": 3, "moves": [4, 9, 12],
         "first": 4, "last": 12},
        {"kind": "vs_tie_break", "better": [0, 5], "played": [0, 1]},
        {"kind": "vs_duel_over", "colour": "green", "to": 2, "at": -2},
        {"kind": "vs_more_wasted_past", "colour": "red", "n": 2, "at": 18},
        {"kind": "vs_exchange_setup"},
        {"kind": "vs_take_exchange", "colours": ["purple"]},
        {"kind": "vs_futures", "better": 6.3, "played": 5.1},
        {"kind": "vs_futures_wins", "better": 0.6, "played": 0.4},
        {"kind": "vs_futures_duel", "better": 3.0, "played": 2.0},
    ]  # fmt: skip
    return out


STATEMENTS = _statements()


def test_the_statements_cover_most_kinds() -> None:
    seen = {s["kind"] for s in STATEMENTS}
    assert len(seen) >= 30, sorted(set(lessons.TEXT) - seen)


def test_in_english_the_page_says_what_the_engine_says() -> None:
    """The page's English is the engine's, word for word (counts and colours included)."""
    i18n.use("en")
    for s in STATEMENTS:
        assert lesson_text(s) == lessons.say(s), s


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_statement_reads_in_the_language_with_its_grammar(lang: str) -> None:
    """No English word, no English colour; names and numbers kept; French and Italian
    elide before orange and arancione (l’orange, dell’arancione)."""
    i18n.use(lang)
    for s in STATEMENTS:
        said = lesson_text(s)
        assert said, s
        for english in ("the", "your", "worth", "line", "move", "wastes", "raises"):
            assert not re.search(rf"\b{english}\b", said), (s, said)
        for colour in COLOUR_WORDS:
            if colour != "orange" or lang not in ("de", "fr"):
                assert not re.search(rf"\b{colour}\b", said), (s, said)
        assert not re.search(r"\b(le|Le|du|de|au) orange\b|\b(il|Il|del|nel|al) arancione\b", said)
        for name in ("Ann", "Bob"):
            if s.get("name") == name:
                assert name in said
        entry = LESSONS[s["kind"]]
        for key in ("n", "at", "to"):
            if isinstance(s.get(key), int) and f"{{{key}}}" in str(entry):
                assert str(s[key]) in said, (s, said)


def test_numbers_and_shares_follow_the_language() -> None:
    i18n.use("de")
    said = lesson_text({"kind": "futures_mine", "better": 7.25, "played": 6.0})
    assert "7,2" in said or "7,3" in said
    assert "6,0" in said
    said = lesson_text({"kind": "futures_wins", "better": 0.62, "played": 0.48})
    assert "62\u00a0%" in said and "48\u00a0%" in said


def test_a_statement_of_an_unknown_kind_says_nothing_rather_than_something_wrong() -> None:
    assert lesson_text({"kind": "from-a-newer-version", "n": 3}) == ""
    assert lesson_text("raises red by 3") == ""
    assert lesson_text({"kind": "gain", "colour": "red"}) == ""  # a field missing
    assert lesson_clauses([{"kind": "nothing"}, {"kind": "??"}]) == "scores nothing"


def test_the_hint_says_what_it_gains_what_it_costs_and_why_it_beats_the_next_best() -> None:
    """The hint's reason in the status line: gains, then "but" and the costs, then the next
    best move in words and what it does worse; in German too."""
    from web.game.status import hint_text

    game = new_game("standard", players=2, seed=5, names=["Ann", "Bob"])
    move = game.legal_moves()[0]
    why = {
        "gains": [{"kind": "gain_lowest", "colour": "red", "n": 2, "to": 2}],
        "costs": [{"kind": "opens", "colour": "orange", "n": 3, "name": "Bob"}],
        "notes": [],
        "versus": game.legal_moves()[1],
        "versus_why": {"kind": "vs_left_lowest", "colour": "red", "at": 0},
    }
    said = hint_text(game, move, why)
    assert (
        "Why: raises red, your lowest colour, by 2 (to 2); but opens a line of orange worth 3 "
        "to Bob. Better than " in said
    ), said
    assert said.endswith(", which leaves red at 0."), said
    i18n.use("de")
    said = hint_text(game, move, why)
    assert "Warum: bringt Rot, deine schwächste Farbe, um 2 voran (auf 2); aber öffnet" in said
    assert said.endswith(", der Rot auf 0 lässt."), said


def test_the_hint_names_the_cells_of_both_placements() -> None:
    """The hint and the move it is weighed against are told apart by their cells, in the
    board's words (row and place in the row), in the player's language."""
    from web.board.board_words import cell_words
    from web.board.placing import parse_placement
    from web.game.status import hint_text

    game = new_game("standard", players=2, seed=5, names=["Ann", "Bob"])
    move, other = game.legal_moves()[0], game.legal_moves()[1]
    why = {"gains": [], "costs": [], "notes": [], "versus": other,
           "versus_why": {"kind": "vs_search"}}  # fmt: skip
    radius = int(game.zone.radius)
    for lang in ("en", "de"):
        i18n.use(lang)
        said = hint_text(game, move, why)
        for placement in (move, other):
            halves = parse_placement(placement)
            assert halves is not None
            for cell, _colour in halves:
                assert cell_words(radius, cell, short=True) in said, (lang, said)


def test_french_puts_a_non_breaking_space_before_a_semicolon() -> None:
    """French typography: a (non-breaking) space before ";" in every list of facts, in the
    review's and the hint's words alike."""
    i18n.use("fr")
    for s in STATEMENTS:
        said = lesson_clauses([s, {"kind": "nothing"}])
        assert not re.search(r"[^\u00a0\u202f];", said), said
    from web.play.engine_words import move_facts_words

    facts = [{"kind": "gain", "colour": "red", "n": 2, "to": 4},
             {"kind": "opens", "colour": "blue", "n": 3, "name": "Bob"}]  # fmt: skip
    said = move_facts_words(facts)
    assert "\u00a0;" in said and not re.search(r"[^\u00a0\u202f];", said), said


def test_german_says_zug_for_a_move_in_the_review_and_the_puzzle() -> None:
    """German names a move one way in one box: "Zug" (as the lessons' "Der bessere Zug"),
    never "Legen" beside it, in the review and in the puzzle (the Place button, "Legen", is
    the only Legen left there)."""
    from web.coach.puzzle_model import TEXT as PUZZLE
    from web.coach.review_words import TEXT

    i18n.use("de")
    said = " ".join(TEXT[k] for k in TEXT)
    said += " " + " ".join(PUZZLE[k] for k in PUZZLE).replace("drücke Legen", "")
    said += " " + " ".join(lesson_text(s) for s in STATEMENTS)
    assert "Legen" not in said and "Zug" in said, said
