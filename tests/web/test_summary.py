"""The autosave's summary, shown under Continue before Python runs (web/play/summary.py)."""

from __future__ import annotations

import json

from engine import new_game
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
