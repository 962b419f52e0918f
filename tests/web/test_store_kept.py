"""Finished games kept beside the saves, and reviews stored with games
(web/store/kept.py, web/store/reviews.py)."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.coach.review import Review
from engine.rules.game import Game
from web.store import kept, storage
from web.store.records import Record, UiState, parse_record
from web.store.reviews import check_review, drop_broken, review_data, reviewed_moves
from web.store.store import NAMED_KIND, MemoryStore, StoredDataError

SETTINGS = {"worlds": 2, "width": 1, "seed": 1}


@cache
def short_game() -> Game:
    """A short game: 8 moves of two casual bots."""
    game = new_game("standard", 2, seed=3, names=["Ann", "Bob"])
    bots = [make_bot("casual", seed=1), make_bot("casual", seed=2)]
    while len(game.moves) < 8:
        game.apply(bots[game.current].choose(game.view(game.current)))
    return game


@cache
def short_results() -> tuple[dict[str, Any], ...]:
    review = Review(short_game().to_save(), seats=[0], **SETTINGS)
    return tuple(m.to_json() for m in review.run())


def stored(count: int | None = None) -> dict[str, Any]:
    """The short game's review of Ann's moves as stored: complete, or its first ``count``."""
    results = [copy.deepcopy(r) for r in short_results()]
    total = len(results)
    if count is not None:
        results = results[:count]
    return review_data(SETTINGS, [0], total, results, count is None)


def finished(seed: int = 5) -> Game:
    game = new_game("standard", 2, seed=seed, names=["Ann", "Bob"])
    bots = [make_bot("beginner", seed=1), make_bot("beginner", seed=2)]
    while not game.over:
        game.apply(bots[game.current].choose(game.view(game.current)))
    return game


# --- the stored review -------------------------------------------------------------------------
def test_a_review_as_stored_checks_against_its_game() -> None:
    """A complete review and a partial one (the first results only) are accepted as they
    are; the reviewed moves are the reviewed seat's."""
    game = short_game()
    assert check_review(stored(), game) == stored()
    assert check_review(stored(2), game) == stored(2)
    assert reviewed_moves(game, [0]) == [r["index"] for r in short_results()]
    assert reviewed_moves(game, None) == list(range(8))


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda r: r.update(format=2), "format"),
        (lambda r: r["settings"].update(worlds=0), "worlds"),
        (lambda r: r["settings"].update(extra=1), "settings"),
        (lambda r: r.update(seats=[5]), "seat"),
        (lambda r: r.update(total=3), "number of moves"),
        (lambda r: r.update(complete="yes"), "complete"),
        (lambda r: r["results"].pop(), "complete"),
        (lambda r: r["results"][1].update(index=r["results"][0]["index"]), "follow"),
        (lambda r: r["results"].reverse(), "follow"),
        (lambda r: r["results"][0].update(seat=1), "wrong player"),
        (lambda r: r["results"][0].update(played=r["results"][1]["played"]), "move"),
        (lambda r: r["results"][0].update(best="0,0:red 0,1:red"), "not legal"),
        (lambda r: r["results"][0].update(cost=-0.5), "negative"),
        (lambda r: r["results"][0].update(played_win=float("nan")), "played_win"),
        (lambda r: r["results"][0].update(best_win="1"), "best_win"),
        (lambda r: r["results"][0].update(chances=[0.5]), "chances"),
        (lambda r: r["results"][0].update(chances=[]), "chances"),
        (lambda r: r["results"][0].update(name="x" * 3000), "name"),
        (lambda r: r["results"][0].update(played_facts="raises"), "played facts"),
        (lambda r: r["results"][0].update(best_facts=[{"n": 3}]), "best facts"),
        (lambda r: r["results"].append("x"), "results"),
    ],
)
def test_a_review_that_does_not_fit_its_game_is_refused_with_the_reason(
    change: Any, problem: str
) -> None:
    """Each field the page reads is checked, and every move against the game."""
    review = stored()
    change(review)
    with pytest.raises(StoredDataError, match=problem):
        check_review(review, short_game())


def test_a_broken_review_is_dropped_and_the_game_kept() -> None:
    """A named save whose review fails its check opens without it, with the reason."""
    game = short_game()
    record = Record(NAMED_KIND, game, ["human", "strong"], name="With a review")
    record.review = stored()
    data = record.to_json()
    assert parse_record(json.dumps(data), NAMED_KIND).review == stored()
    data["review"]["results"][0]["played"] = "swap"
    again = parse_record(json.dumps(data), NAMED_KIND)
    assert again.game.moves == game.moves and again.review is None
    assert "review" in again.review_problem or "move" in again.review_problem
    assert drop_broken(None, game) == (None, "")


# --- finished games ----------------------------------------------------------------------------
def test_a_finished_game_is_kept_once_with_its_id_from_the_game() -> None:
    """Keeping the same game again (a reload on its game-over card) finds its record and
    leaves its review; another game gets a record of its own."""
    store = MemoryStore()
    game = finished()
    key, problem = kept.keep_finished(store, game, ["human", "beginner"], "g1", 10.0)
    assert problem is None and key.startswith(kept.FINISHED_PREFIX)
    assert kept.store_review(store, key, game, {"stands": "in"}) is None
    again, _ = kept.keep_finished(store, game.copy(), ["human", "beginner"], "g2", 20.0)
    assert again == key and json.loads(store.items[key])["review"] == {"stands": "in"}
    other, _ = kept.keep_finished(store, finished(6), ["human", "beginner"], "g3", 30.0)
    assert other != key
    lines = kept.finished_games(store, 40.0, [])
    assert [line.key for line in lines] == [other, key]  # newest first
    assert lines[1].moves == len(game.moves) and lines[1].seats == ("human", "beginner")


def test_only_the_newest_finished_games_are_kept() -> None:
    """Beyond the limit the oldest finished game goes first; named saves are untouched."""
    store = MemoryStore()
    store.setItem("ingenious.save.s1", "{}")
    keys = []
    for when, seed in enumerate(range(20, 24)):
        key, _ = kept.keep_finished(store, finished(seed), ["human"] * 2, "g", float(when))
        keys.append(key)
    assert kept.drop_oldest(store, limit=2) == [keys[1], keys[0]]
    assert sorted(k for k in store.items if k.startswith(kept.FINISHED_PREFIX)) == sorted(keys[2:])
    assert "ingenious.save.s1" in store.items


def test_a_finished_game_is_read_through_the_stores_checks() -> None:
    """Opening replays and checks it like a save; a damaged one is set aside, not lost,
    and the list sets aside an entry that is not a finished game."""
    store = MemoryStore()
    game = finished()
    key, _ = kept.keep_finished(store, game, ["human", "beginner"], "g1", 10.0)
    problems: list[str] = []
    record = kept.read_finished(store, key, 11.0, problems)
    assert record is not None and record.game.moves == game.moves and not problems
    data = json.loads(store.items[key])
    data["game"]["moves"][3] = "0,0:red 0,1:red"
    store.items[key] = json.dumps(data)
    assert kept.read_finished(store, key, 12.0, problems) is None
    assert key not in store.items and "A finished game could not be opened" in problems[0]
    assert [e["from"] for e in storage.quarantined(store)] == [key]
    store.items[kept.FINISHED_PREFIX + "junk"] = '{"kind": "other"}'
    problems.clear()
    assert kept.finished_games(store, 13.0, problems) == [] and len(problems) == 1


def test_the_list_says_how_far_a_games_review_went() -> None:
    store = MemoryStore()
    game = short_game()
    record = Record(kept.FINISHED_KIND, game, ["human", "human"], UiState(), saved_at=1.0)
    key = kept.FINISHED_PREFIX + "x"
    store.setItem(key, json.dumps(record.to_json()))
    assert kept.finished_games(store, 2.0, [])[0].reviewed == 0
    assert kept.store_review(store, key, game, stored(2)) is None
    line = kept.finished_games(store, 2.0, [])[0]
    assert (line.reviewed, line.total, line.complete) == (2, len(short_results()), False)
    kept.store_review(store, key, game, stored())
    assert kept.finished_games(store, 2.0, [])[0].complete


def test_a_review_is_stored_with_the_record_that_holds_the_same_game() -> None:
    """`find_game` finds a finished game first, then a named save; a review is kept only
    in a record that still holds that game."""
    store = MemoryStore()
    game = finished()
    assert kept.find_game(store, game) is None
    named = Record(NAMED_KIND, game, ["human", "human"], name="mine")
    storage.write_named(store, named)
    assert kept.find_game(store, game) == (named.key, NAMED_KIND)
    key, _ = kept.keep_finished(store, game, ["human", "human"], "g", 1.0)
    assert kept.find_game(store, game) == (key, kept.FINISHED_KIND)
    assert kept.store_review(store, named.key, finished(6), {"x": 1}) is None
    assert "review" not in json.loads(store.items[named.key])


class Full(MemoryStore):
    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise RuntimeError("QuotaExceededError")


def test_a_full_storage_keeps_the_finished_game_in_this_page() -> None:
    site = storage.SiteStore(Full(), "/")
    game = finished()
    key, problem = kept.keep_finished(site, game, ["human", "human"], "g", 1.0)
    assert problem is not None and "full" in problem
    assert storage.kept_only(site, key)
    assert [line.key for line in kept.finished_games(site, 2.0, [])] == [key]


def test_a_deleted_finished_game_can_be_put_back() -> None:
    store = MemoryStore()
    key, _ = kept.keep_finished(store, finished(), ["human", "human"], "g", 1.0)
    text, problem = kept.delete_finished(store, key)
    assert problem is None and text is not None and key not in store.items
    assert kept.restore_finished(store, key, text) is None and store.items[key] == text


# --- the review's schema: every field of the type the page reads ------------------------------
def mistakes(review: dict[str, Any]) -> dict[str, Any]:
    """The review with every result a mistake with its lesson, merits and futures, so the
    Review screen's model words every part of every step."""
    futures = [{"kind": "futures_wins", "better": 0.5, "played": 0.25}]
    for result in review["results"]:
        result.update(cost=0.25, mistake=True, lesson=[{"kind": "same_now"}],
                      merits=[{"kind": "yours_points", "better": 1, "played": 2}],
                      futures=copy.deepcopy(futures))  # fmt: skip
    return review


def review_screens(game: Game, review: dict[str, Any]) -> None:
    """The Review screen's models for a checked review (tools/fuzz_screens.py)."""
    from tools.fuzz_screens import review_screens as screens

    screens(game, review)


def paths(value: object, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += paths(item, (*path, index))
    return out


#: A value of every JSON type a page of the origin can put anywhere in a review.
WRONG = [None, True, 0, -1, 2**53, 10**400, 1.5, "", "x" * 3000, "{a.b}", [], [1], {},
         {"kind": "gain"}, {"kind": "gain", "colour": "red", "n": 10**30, "to": 1}]  # fmt: skip


def test_a_value_of_any_type_anywhere_in_a_review_is_refused_or_drawn() -> None:
    """Each value of `WRONG` at each place of a review (every field of every result, every
    fact): the reader keeps the review only when the Review screen's model can be built
    from it. (The earlier reader let a lesson of 0 through: the model raised TypeError.)"""
    game = short_game()
    base = mistakes(stored())
    kept_reviews = dropped = 0
    for path in paths(base)[1:]:
        for value in WRONG:
            review = copy.deepcopy(base)
            parent: Any = review
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = copy.deepcopy(value)
            checked, problem = drop_broken(review, game)
            if checked is None:
                assert problem, path
                dropped += 1
                continue
            review_screens(game, checked)
            kept_reviews += 1
    assert kept_reviews and dropped


def test_a_result_is_rebuilt_with_the_games_names_and_its_known_fields() -> None:
    """A shared review names the players otherwise (a right-to-left override): the result
    names them as the game does; a fact's unknown fields go, a kind this version does not
    say keeps its kind only; a name no side of the game has is refused."""
    game = short_game()
    review = stored()
    first = review["results"][0]
    first["name"] = "\u202eAnn"
    first["played_facts"] = [{"kind": "nothing", "junk": "x" * 100}, {"kind": "newer", "a": 1}]
    checked = check_review(review, game)
    result = checked["results"][0]
    assert result["name"] == "Ann" and result["played_facts"] == [{"kind": "nothing"},
                                                                   {"kind": "newer"}]  # fmt: skip
    for change, words in (
        ({"name": "Eve"}, "player the game does not have"),
        ({"best_facts": [{"kind": "blocks", "name": "Eve", "colour": "red", "n": 3}]}, "side"),
        ({"lesson": [{"kind": "left_lowest", "colour": "pink", "better": 1, "at": 2}]}, "colour"),
        ({"merits": [{"kind": "yours_points", "better": "1", "played": 2}]}, "number"),
        ({"futures": [{"kind": "plan_wasted", "moves": [0] * 99}]}, "moves"),
        ({"lesson": 0}, "lesson"),
        ({"turn": "1"}, "turn"),
        ({"reason": ["x"]}, "reason"),
        ({"played": "0,0:red 1,0:red" * 9}, "move played"),
        ({"lowest": [0.5, float("inf")]}, "lowest"),
        ({"played_win": 10**400}, "played_win is out of range"),
        ({"best_facts": [{"kind": "opens", "name": ["Bob"], "colour": "red", "n": 3}]}, "side"),
        ({"lesson": [{"kind": "leaves_open", "rival": {}, "colour": "red", "n": 3}]}, "side"),
    ):
        bad = stored()
        bad["results"][0].update(change)
        with pytest.raises(StoredDataError, match=words):
            check_review(bad, game)


def test_an_imported_finished_game_joins_the_finished_games_with_its_review() -> None:
    """A finished game from a file or a link is kept among the finished games, with the
    review that came with it (its list line says how far the review went); importing it
    again keeps the review that went further."""
    from engine.coach.review import Review

    store = MemoryStore()
    game = finished()
    results = [m.to_json() for m in Review(game.to_save(), seats=[0], **SETTINGS).run()]
    full = review_data(SETTINGS, [0], len(results), results, True)
    part = review_data(SETTINGS, [0], len(results), results[:1], False)
    key, problems = kept.import_finished(store, game, ["human", "beginner"], full, 1.0)
    assert problems == [] and key == kept.finished_key(game)
    line = kept.finished_games(store, 2.0, [])[0]
    assert (line.key, line.reviewed, line.complete) == (key, len(results), True)
    again, problems = kept.import_finished(store, game, ["human", "beginner"], part, 3.0)
    assert again == key and problems == []
    record = kept.read_finished(store, key, 4.0, [])
    assert record is not None and record.review == full, "the further review stays"
    other = finished(6)
    key, _ = kept.import_finished(store, other, ["human", "beginner"], None, 5.0)
    assert [line.key for line in kept.finished_games(store, 6.0, [])][0] == key
