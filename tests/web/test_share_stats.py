"""Sharing (files, links) and local statistics: pure rules, checked under CPython."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.rules.game import Game
from web.saves import share, stats
from web.saves.replay import frames
from web.store.storage import StoredDataError


def finished(variant: str, players: int, seed: int) -> Game:
    game = new_game(variant, players, seed=seed, names=[f"P{i}" for i in range(players)])
    bot = make_bot("casual", seed=seed)
    while not game.over:
        game.apply(bot.choose(game.view(game.current)))
    return game


def test_a_link_carries_the_game_and_its_seats() -> None:
    game = new_game("standard", 3, seed=5, names=["A", "B", "C"])
    game.apply(game.legal_moves()[2])
    fragment = "#" + share.fragment_for(game, ["human", "strong", "human"])
    assert "=" not in fragment[len("#game=") :], "no padding: safe in any URL"
    back, seats = share.parse_fragment(fragment) or (None, None)
    assert back == game and seats == ["human", "strong", "human"]


def test_a_uri_encoded_json_link_is_read_too() -> None:
    game = new_game("duel", 2, seed=1)
    text = json.dumps(game.to_save())
    back, seats = share.parse_fragment("#game=" + quote(text)) or (None, None)
    assert back == game and seats == ["human", "human"]


def test_a_fragment_without_a_game_is_not_a_problem() -> None:
    assert share.parse_fragment("#rules") is None
    assert share.parse_fragment("") is None


@pytest.mark.parametrize(
    ("payload", "reason"),
    [
        ("!!!", "neither base64url nor JSON"),
        ("eyJmb3JtYXQiOiJpbmdl", "not valid JSON"),
        (base64.urlsafe_b64encode(b'{"format": "chess"}').decode(), "not an Ingenious save"),
        (base64.urlsafe_b64encode(b"\xff\xfe").decode(), "bad base64url"),
        ("A" * 2_000_000, "too long"),
    ],
)
def test_a_broken_link_says_what_is_wrong(payload: str, reason: str) -> None:
    with pytest.raises(StoredDataError, match=reason):
        share.parse_fragment("#game=" + payload)


def test_an_exported_file_imports_to_the_same_game() -> None:
    game = finished("team", 4, seed=3)
    seats = ["human", "casual", "human", "expert"]
    back, back_seats = share.parse_game_text(share.export_text(game, seats))
    assert back == game and back_seats == seats


def test_import_accepts_a_bare_engine_save_and_refuses_hostile_files() -> None:
    game = new_game("solo", 1, seed=8)
    assert share.parse_game_text(json.dumps(game.to_save()))[0] == game
    with pytest.raises(StoredDataError, match="too large"):
        share.parse_game_text(" " * (share.MAX_FILE + 1))
    data = game.to_save()
    data["seats"] = ["<script>"]
    with pytest.raises(StoredDataError, match="unknown player type"):
        share.parse_game_text(json.dumps(data))


def test_export_file_names_are_safe() -> None:
    game = new_game("duel", 2, seed=1)
    assert share.export_filename(game, "2026-11-21T13:05") == "ingenious-duel-2026-11-21T13-05.json"


def test_replay_frames_follow_the_engine_step_by_step() -> None:
    """One frame per move plus the empty board; scores equal the engine's at each step."""
    game = finished("standard", 2, seed=6)
    out = frames(game)
    assert len(out) == len(game.moves) + 1
    assert out[0].scores[0][1] == [0] * 6 and out[0].view["tiles"] == []
    assert [s for _, s in out[-1].scores] == [list(t) for t in game.scores]
    replay = new_game("standard", 2, seed=6, names=list(game.names))
    for frame, move in zip(out[1:], game.moves, strict=True):
        replay.apply(move)
        assert [s for _, s in frame.scores] == [list(t) for t in replay.scores]


def test_statistics_count_wins_against_bots_per_variant_and_level() -> None:
    data = stats.empty()
    game = finished("standard", 2, seed=4)
    won = stats.people_won(game, ["human", "strong"])
    assert stats.record_game(data, game, ["human", "strong"], "g1")
    assert data["variants"]["standard"] == {"played": 1, "won": int(bool(won))}
    assert data["bots"]["strong"] == {"played": 1, "won": int(bool(won))}
    assert not stats.record_game(data, game, ["human", "strong"], "g1"), "counted once"
    assert stats.validate(json.loads(json.dumps(data))) == data


def test_hot_seat_and_solo_games_count_as_played_only() -> None:
    data = stats.empty()
    stats.record_game(data, finished("standard", 2, seed=1), ["human", "human"], "a")
    stats.record_game(data, finished("solo", 1, seed=1), ["human"], "b")
    assert data["variants"]["standard"] == {"played": 1, "won": 0}
    assert data["variants"]["solo"] == {"played": 1, "won": 0}
    assert data["bots"] == {}
    assert ("Solo", 1, 0, "–") in stats.rows(data)


def test_team_partners_of_a_bot_do_not_count_as_opponents() -> None:
    data = stats.empty()
    game = finished("team", 4, seed=2)
    stats.record_game(data, game, ["human", "expert", "casual", "beginner"], "t")
    assert set(data["bots"]) == {"expert", "beginner"}


def test_unfinished_games_are_not_counted() -> None:
    data = stats.empty()
    assert not stats.record_game(data, new_game("duel", 2, seed=1), ["human", "casual"], "x")


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"record": 2},
        {"record": 1, "variants": {"chess": {"played": 1, "won": 0}}},
        {"record": 1, "variants": {"solo": {"played": -1, "won": 0}}},
        {"record": 1, "variants": {"solo": {"played": 1, "won": 2}}},
        {"record": 1, "bots": {"strong": {"played": 10**30, "won": 0}}},
        {"record": 1, "bots": {"strong": {"played": True, "won": 0}}},
        {"record": 1, "counted": ["<script>" * 10]},
    ],
)
def test_malformed_statistics_are_refused(bad: object) -> None:
    with pytest.raises(StoredDataError):
        stats.validate(bad)


def test_a_shared_link_carries_the_game_and_none_of_the_sharers_page_query() -> None:
    """The sharer's settings in the query (``?speed=instant``) stay with the sharer."""
    game = new_game("standard", 2, seed=3, names=["Ann", "Bob"])
    link = share.link_for("https://host/ingenious/?speed=instant#old", game, ["human", "human"])
    assert link == "https://host/ingenious/#" + share.fragment_for(game, ["human", "human"])
    parsed = share.parse_fragment(link.split("#", 1)[1])
    assert parsed is not None and parsed[0].names == ["Ann", "Bob"]


def test_games_with_hints_have_a_row_of_their_own() -> None:
    """A finished game in which hints were shown counts among the games with hints too;
    one without does not, and the stored statistics read back the same."""
    data = stats.empty()
    game = finished("standard", 2, seed=4)
    won = bool(stats.people_won(game, ["human", "strong"]))
    stats.record_game(data, game, ["human", "strong"], "h1", hints=2)
    stats.record_game(data, finished("standard", 2, seed=5), ["human", "casual"], "h2")
    assert data["hinted"] == {"played": 1, "won": int(won)}
    assert (stats.HINTED_ROW, 1, int(won), "100%" if won else "0%") in stats.rows(data)
    assert stats.validate(json.loads(json.dumps(data))) == data


def test_files_and_links_carry_a_games_review_and_drop_a_broken_one() -> None:
    """An export and a link carry the review kept with the game; importing them gives it
    back, checked. A review that does not fit its game is dropped with the reason, and
    the game still comes in; a file without a review has none."""
    from tests.web.test_store_kept import short_game, stored

    game, review = short_game(), stored(2)
    seats = ["human", "casual"]
    back = share.parse_shared(share.export_text(game, seats, review))
    assert (back.game, back.seats, back.review, back.dropped) == (game, seats, review, "")
    linked = share.parse_shared_fragment("#" + share.fragment_for(game, seats, review))
    assert linked is not None and linked.review == review
    assert share.parse_shared(share.export_text(game, seats)).review is None
    broken = json.loads(share.export_text(game, seats, review))
    broken["review"]["results"][0]["index"] = 5
    again = share.parse_shared(json.dumps(broken))
    assert again.game == game and again.review is None and "follow the game" in again.dropped
    record = {"kind": "ingenious-named", "game": share.shared_dict(game, seats), "review": review}
    assert share.parse_shared(json.dumps(record)).review == review  # a whole stored record
