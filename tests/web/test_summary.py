"""The autosave's summary, shown under Continue before Python runs (web/play/summary.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import new_game
from web.i18n import LANGUAGES, MessageTooLong, fill, render, use
from web.play import summary as summaries
from web.play.summary import (
    BOARD,
    CHALLENGE,
    MAX_TEXT,
    challenge_summary_json,
    continue_target,
    last_game,
    read_text,
    summary,
    summary_json,
    summary_text,
)


def test_text_names_kind_players_moves_and_each_sides_lowest_colour() -> None:
    game = new_game("standard", 2, 1, ["Ann", "Bob"], {})
    game.apply(game.legal_moves()[0])
    text = summary_text(game)
    low = [min(track) for track in game.scores]
    assert text == (f"Standard game: Ann, Bob — 1 move played; lowest: Ann {low[0]}, Bob {low[1]}.")


def test_team_lowest_is_per_team_and_duel_has_none() -> None:
    team = new_game("team", 4, 2, ["A", "B", "C", "D"], {})
    assert "lowest: Team A (A & C) 0, Team B (B & D) 0." in summary_text(team)
    duel = new_game("duel", 2, 3, ["Ann", "Bob"], {})
    assert summary_text(duel) == "Duel: Ann, Bob — 0 moves played."


def test_a_very_long_text_is_cut_to_what_the_page_accepts() -> None:
    game = new_game("standard", 4, 4, ["n" * 100] * 4, {})
    assert len(summary_text(game)) == MAX_TEXT


def test_stored_json_round_trips_and_junk_is_refused() -> None:
    game = new_game("solo", 1, 5, ["Sol"], {})
    raw = summary_json(game, 1234.5)
    data = json.loads(raw)
    assert data == summary(game, 1234.5)
    assert data["savedAt"] == 1234 and data["moves"] == 0 and data["variant"] == "solo"
    assert read_text(raw) == summary_text(game)
    for junk in (
        None,
        "",
        "{",
        "[]",
        '{"v": 2, "text": "x"}',
        '{"v": 1, "text": ""}',
        '{"v": 1, "text": 3}',
        json.dumps({"v": 1, "text": "x" * (MAX_TEXT + 1)}),
    ):
        assert read_text(junk) is None, junk  # fmt: skip


def test_the_summary_tells_which_game_was_played_last() -> None:
    """The board game and the Challenges write the one summary: it names the game that
    Continue and a reload resume (a summary from before names the board game)."""
    game = new_game("standard", 2, 1, ["Ann", "Bob"], {})
    assert last_game(summary_json(game, 1)) == BOARD
    raw = challenge_summary_json("Card Challenge: Ann, Bob — 3 moves played.", 2)
    assert last_game(raw) == CHALLENGE
    assert read_text(raw) == "Card Challenge: Ann, Bob — 3 moves played."
    assert last_game('{"v": 1, "text": "Standard game: A, B — 2 moves played."}') == BOARD
    assert last_game(None) is None and last_game("{") is None
    assert len(read_text(challenge_summary_json("x" * 400, 3)) or "") == MAX_TEXT


def test_continue_means_the_game_played_last() -> None:
    assert continue_target(CHALLENGE, board=True, challenge=True) == CHALLENGE
    assert continue_target(BOARD, board=True, challenge=True) == BOARD
    assert continue_target(None, board=True, challenge=True) == BOARD
    assert continue_target(CHALLENGE, board=True, challenge=False) == BOARD, "the other one"
    assert continue_target(BOARD, board=False, challenge=True) == CHALLENGE
    assert continue_target(CHALLENGE, board=False, challenge=False) is None


def repeated(times: int, depth: int, leaf: str = "x") -> dict[str, Any]:
    """An id of ``{a}`` repeated ``times`` whose argument is again such a message, ``depth``
    deep: a few kB that fill to ``times ** depth`` characters (the probe's summary)."""
    message: dict[str, Any] = {"m": leaf, "a": {}}
    for _ in range(depth):
        message = {"m": "{a}" * times, "a": {"a": message}}
    return message


def test_filling_a_message_stops_at_its_budget() -> None:
    """`fill` with a limit refuses as soon as the text would pass it, and `render` gives
    the plain text instead (or the text cut at the budget): a 3 kB message that would fill
    to 250**4 characters costs what the budget allows, not what the repeats ask for."""
    with pytest.raises(MessageTooLong):
        fill("{a}" * 250, {"a": "y" * 100}, limit=1000)
    assert fill("{a} and {a}", {"a": "y"}, limit=7) == "y and y"
    message = repeated(250, 4)
    assert len(json.dumps(message)) < 4000
    assert render(message, fallback="plain") == "plain"
    cut = render(message, limit=500)
    assert len(cut) == 500 and cut.endswith("…") and cut.startswith("x" * 400)
    assert len(render(message)) <= 20_000
    real = summaries.summary_msg(new_game("standard", 4, 4, ["n" * 40] * 4, {}))
    assert render(real, limit=summaries.MAX_RENDERED) == render(real)


#: Summaries a page of the same origin can write: each is either refused (and set aside
#: by the guarded read) or gives a line of at most MAX_TEXT characters, in every language.
HOSTILE_SUMMARIES = [
    {"v": 1, "text": "x", "msg": repeated(250, 4)},
    {"v": 1, "text": "x", "msg": repeated(24, 7)},
    {"v": 1, "text": "x", "msg": repeated(2, 7, "y" * 1000)},
    {"v": 1, "text": "x", "msg": {"m": "{a}" * 300, "a": {"a": "z" * 1000}}},
    {"v": 1, "text": "x", "msg": {"m": "{n} move played", "p": "{n} moves", "n": "n",
                                  "a": {"n": 2**53}}},  # fmt: skip
    {"v": 1, "text": "x", "msg": {"m": "{kind}: {names} — {state}.",
                                  "a": {"kind": {"m": "Duel"}, "names": "\u202eA",
                                        "state": {"m": "{x:>999999}", "a": {"x": 1}}}}},
    {"v": 1, "text": "x", "msg": {"m": "{a}", "a": {f"a{i}": repeated(3, 6) for i in range(24)}}},
    {"v": 1, "text": "x", "msg": {"m": "", "a": {}}},
    {"v": 1, "text": "x", "msg": {"m": "{a}  ", "a": {"a": " "}}},
]  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("value", HOSTILE_SUMMARIES, ids=range(len(HOSTILE_SUMMARIES)))
def test_the_continue_line_survives_hostile_summaries_in_every_language(
    lang: str, value: dict[str, Any]
) -> None:
    """The line under Continue, read as the start screen reads it (`check`, then
    `text_of`), in each of the six languages: refused, or at most MAX_TEXT characters."""
    raw = json.dumps(value)
    was = use(lang)
    try:
        kept = summaries.parse(raw)
        if kept is not None:
            text = summaries.text_of(kept)
            assert 0 < len(text) <= MAX_TEXT
    finally:
        use(was)


def test_a_summary_that_fills_past_its_budget_is_refused_in_any_language() -> None:
    """The guarded read renders what it checks: the probe's summary is refused (so set
    aside, with its notice), whatever the language in use; a real one is kept."""
    game = new_game("team", 4, 2, ["A" * 40, "B" * 40, "C" * 40, "D" * 40], {})
    for lang in LANGUAGES:
        use(lang)
        assert summaries.parse(summary_json(game, 1)) is not None
        with pytest.raises(ValueError, match="fill"):
            summaries.check({"v": 1, "text": "x", "msg": repeated(250, 4)})
    use("en")
