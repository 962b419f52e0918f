"""The fuzz run's targets that go as far as the screens (used by tools/fuzz_loaders.py):
each kept thing mutated, read by its reader, and then drawn by the screen model that
shows it, as the page would, outside any guard:

* a review (in a named save, in a finished game, in an export file, in a link) through
  its reader (`web.store.records.parse_record`, `web.store.kept.read_finished`,
  `web.saves.share.parse_shared`) and the Review screen's model
  (`web.coach.review_model.review_model`: the move shown first, the better move, the last
  result);
* a finished game's record through the Finished games list (`web.store.kept.finished_games`,
  `web.saves.entries.finished_entry` and its markup) and its opening;
* a named save through the saves list (`peek_named`, `entries.entry` and its markup);
* the summary under Continue through the guarded read and its line in all six languages;
* the daily puzzles' record through its read (`web.store.values.read_puzzle_record`) and
  the puzzle's model for today and for a day answered.

A reader's refusal (a game refused, a review dropped with its reason, an entry set aside
with its notice) counts as "refused"; anything else a reader or a model raises is
"other".
"""

from __future__ import annotations

import base64
import datetime
import json
from collections.abc import Callable
from functools import cache
from typing import Any

Run = Callable[[str], object]

#: The puzzle day the model is built for, and the day before (answered in the seeds).
DAY = datetime.date(2026, 11, 26)
#: Review settings small enough to make the seeds in seconds.
SETTINGS = {"worlds": 2, "width": 2, "seed": 1}


class Refused(ValueError):
    """What a reader refused (the game, or the review it carried), or set aside."""


def fresh_page() -> None:
    """Forget what an earlier input left in the store's caches of checked records and
    list lines (each input is a page of its own; a page holds up to 2,000 of each, and
    a heap of thousands of replayed games makes every full garbage collection slow)."""
    from web.store import kept, listing, records

    records._checked.clear()
    listing._peeked.clear()
    kept._peeked.clear()


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# --- seeds ---------------------------------------------------------------------------------------
@cache
def reviewed() -> tuple[tuple[Any, list[str], dict[str, Any]], ...]:
    """(game, seats, review as stored) of a few reviewed games: a short two-player game
    (complete and partial), a finished one, a team game whose facts name the teams, a solo
    game. Some results are made mistakes so that every part of the step is drawn."""
    from engine import new_game
    from engine.bots import make_bot
    from engine.coach.review import Review
    from web.store.reviews import review_data

    def played(game: Any, moves: int | None) -> Any:
        bots = [make_bot("casual", seed=seat + 1) for seat in range(game.players)]
        while not game.over and (moves is None or len(game.moves) < moves):
            game.apply(bots[game.current].choose(game.view(game.current)))
        return game

    games = [
        (played(new_game("standard", 2, 3, ["Ann", "Bob"]), 8), ["human", "casual"], [0]),
        (played(new_game("standard", 2, 5, ["Ann", "Bob"]), None), ["human", "casual"], [0]),
        (played(new_game("team", 4, 6, ["A", "B", "C", "D"]), 6), ["human"] * 4, None),
        (played(new_game("solo", 1, 7, ["Sol"]), 6), ["human"], [0]),
    ]
    out = []
    for game, seats, reviewed_seats in games:
        review = Review(game.to_save(), seats=reviewed_seats, **SETTINGS)
        results = [m.to_json() for m in review.run()]
        for n, result in enumerate(results):
            if n % 2 and not result["mistake"]:  # a mistake: its lesson, merits and futures
                futures = [{"kind": "futures_wins", "better": 0.5, "played": 0.25}]
                result.update(cost=0.25, mistake=True, lesson=[{"kind": "same_now"}],
                              futures=futures)  # fmt: skip
        total = len(results)
        out.append((game, seats, review_data(SETTINGS, reviewed_seats, total, results, True)))
        if total > 2:
            partial = review_data(SETTINGS, reviewed_seats, total, results[:2], False)
            out.append((game, seats, partial))
    return tuple(out)


def seed_texts() -> dict[str, list[str]]:
    """Valid texts of each kind these targets read."""
    from engine.coach.puzzles import puzzle_for
    from web.coach.puzzle_model import record_answer
    from web.saves.share import shared_dict
    from web.store.kept import FINISHED_KIND
    from web.store.storage import NAMED_KIND, Record, UiState

    named, finished, exports = [], [], []
    for n, (game, seats, review) in enumerate(reviewed()):
        record = Record(NAMED_KIND, game, seats, UiState(), rev=n, game_id=f"g{n:012x}",
                        saved_at=1.7e12 + n, name=f"Reviewed {n}", review=review)  # fmt: skip
        named.append(_dumps(record.to_json()))
        exports.append(_dumps(shared_dict(game, seats, review)))
        if game.over:
            record.kind, record.name = FINISHED_KIND, ""
            finished.append(_dumps(record.to_json()))
            record.review = None
            finished.append(_dumps(record.to_json()))
    before = DAY - datetime.timedelta(days=1)
    puzzles = record_answer({}, DAY, puzzle_for(DAY)["best"], True, DAY)
    puzzles = record_answer(puzzles, before, puzzle_for(before)["greedy"], False, DAY)
    puzzles["answers"][before.isoformat()]["figures"] = {"played_win": 0.4, "best_win": 0.6}
    return {
        "reviewed named": named,
        "reviewed finished": finished,
        "reviewed export": exports,
        "puzzle record": [
            _dumps(puzzles),
            _dumps({"solved": ["2026-11-24"], "tried": ["2026-11-24", "2026-11-25"]}),
        ],
    }


# --- the screens ---------------------------------------------------------------------------------
def review_screens(game: Any, review: dict[str, Any] | None) -> None:
    """The Review screen's models for a checked review, as `ReviewScreen` builds its state
    from a stored one: the move shown first, the better move in place, the last result."""
    from web.coach.review_model import BETTER, Positions, ReviewState, review_model

    if review is None:
        return
    state = ReviewState(seats=review["seats"], settings=dict(review["settings"]))
    state.results = [dict(r) for r in review["results"]]
    state.total, state.started = int(review["total"]), True
    state.running = not review["complete"]
    positions = Positions(game)
    model = review_model(state, game, [], positions)
    if model.step is not None and model.step.can_better:
        state.showing = BETTER
        review_model(state, game, [], positions)
    if len(state.results) > 1:
        state.selected = state.results[-1]["index"]
        review_model(state, game, [], positions)


def _kept_review(review: dict[str, Any] | None, problem: str) -> dict[str, Any] | None:
    if problem:
        raise Refused(f"the review was dropped: {problem}")
    return review


def review_in_named(text: str) -> object:
    from web.store.storage import NAMED_KIND, parse_record

    record = parse_record(text, NAMED_KIND)
    review_screens(record.game, _kept_review(record.review, record.review_problem))
    return record


def review_in_file(text: str) -> object:
    from web.saves.share import parse_shared

    shared = parse_shared(text)
    review_screens(shared.game, _kept_review(shared.review, shared.dropped))
    return shared


def review_in_link(text: str) -> object:
    from web.saves.share import parse_shared_fragment

    payload = base64.urlsafe_b64encode(text.encode("utf-8", "surrogatepass")).decode()
    shared = parse_shared_fragment("#game=" + payload.rstrip("="))
    assert shared is not None
    review_screens(shared.game, _kept_review(shared.review, shared.dropped))
    return shared


def finished_game(text: str) -> object:
    """A finished game's record as the Finished games list shows it (read without a
    replay), then opened (its game replayed, its review checked) and reviewed."""
    fresh_page()
    from web.saves import entries
    from web.store import kept
    from web.store.storage import MemoryStore

    if not text:
        raise Refused("nothing stored")
    store = MemoryStore()
    key = kept.FINISHED_PREFIX + "f1-0a1b2c3d"
    store.setItem(key, text)
    problems: list[str] = []
    lines = kept.finished_games(store, 1.0, problems)
    entries.finished_html([entries.finished_entry(line, "today") for line in lines])
    if not lines:
        _set_aside(store, key, problems)
    record = kept.read_finished(store, key, 2.0, problems)
    if record is None:
        _set_aside(store, key, problems)
        raise AssertionError("unreachable")
    review_screens(record.game, _kept_review(record.review, record.review_problem))
    return record


def _set_aside(store: Any, key: str, problems: list[str]) -> None:
    """A refused entry must be set aside (gone from its key) with one notice."""
    if store.getItem(key) is not None or len(problems) != 1:
        raise AssertionError(f"a refused entry was not set aside with a notice: {problems}")
    raise Refused(problems[0])


def saves_list(text: str) -> object:
    """A named save's line in the saves list and its markup (no replay), then its record
    opened as Load and Replay open it."""
    fresh_page()
    from web.saves import entries
    from web.store.storage import NAMED_KIND, NAMED_PREFIX, MemoryStore, index, read_record

    if not text:
        raise Refused("nothing stored")
    store = MemoryStore()
    key = NAMED_PREFIX + "a"
    store.setItem(key, text)
    problems: list[str] = []
    lines = index(store, 1.0, problems)
    entries.list_html([entries.entry(line, "today") for line in lines], None)
    if not lines:
        _set_aside(store, key, problems)
    record = read_record(store, key, NAMED_KIND, 2.0, problems)
    if record is None:
        _set_aside(store, key, problems)
        raise AssertionError("unreachable")
    entries.list_html([entries.entry(index(store, 3.0, [])[0], "today")], 0)
    return record


def continue_line(text: str) -> object:
    """The summary under Continue read through the guarded path, then its line in every
    language: at most `MAX_TEXT` characters each."""
    from web.i18n import LANGUAGES, use
    from web.play import summary
    from web.saves import stored
    from web.store.storage import MemoryStore

    store = MemoryStore()
    store.setItem(summary.SUMMARY_KEY, text)
    problems: list[str] = []
    said = stored.read_key(store, summary.SUMMARY_KEY, problems, 1.0)
    if said is None:
        if text:
            _set_aside(store, summary.SUMMARY_KEY, problems)
        raise Refused("nothing stored")
    try:
        for code in LANGUAGES:
            use(code)
            line = summary.text_of(said)
            if not 0 < len(line) <= summary.MAX_TEXT:
                raise AssertionError(f"a line of {len(line)} characters under Continue")
    finally:
        use("en")
    return said


def puzzle_record(text: str) -> object:
    """The daily puzzles' record as the puzzle screen reads it, then the puzzle's model
    for today and for the day before (answered in the seeds)."""
    from engine.coach.puzzles import position, puzzle_for
    from web.coach.puzzle_model import PuzzleState, clean_record, puzzle_model
    from web.store.storage import PUZZLES_KEY, MemoryStore, read_puzzle_record

    store = MemoryStore()
    store.setItem(PUZZLES_KEY, text)
    problems: list[str] = []
    record = clean_record(read_puzzle_record(store, problems))
    if problems:
        _set_aside(store, PUZZLES_KEY, problems)
    before = DAY - datetime.timedelta(days=1)
    for day in (DAY, before):
        puzzle_model(PuzzleState(day), DAY, record, _position(day, position, puzzle_for))
    return record


_positions: dict[datetime.date, Any] = {}


def _position(day: datetime.date, position: Any, puzzle_for: Any) -> Any:
    if day not in _positions:
        _positions[day] = position(puzzle_for(day))
    return _positions[day]


def loaders(texts: dict[str, list[str]]) -> list[tuple[str, list[str], Run, tuple[type, ...]]]:
    """(name, seed texts, run, refusals) of each target that reaches a screen."""
    from engine import IngeniousError
    from web.store.storage import StoredDataError

    refused = (IngeniousError, StoredDataError, Refused)
    return [
        ("review in a named save", texts["reviewed named"], review_in_named, refused),
        ("review in a finished game", texts["reviewed finished"], finished_game, refused),
        ("review in a file", texts["reviewed export"], review_in_file, refused),
        ("review in a link", texts["reviewed export"], review_in_link, refused),
        ("saves list and opening", texts["named"], saves_list, refused),
        ("continue line, 6 languages", texts["summary"], continue_line, (Refused,)),
        ("puzzle record and model", texts["puzzle record"], puzzle_record, (Refused,)),
    ]
