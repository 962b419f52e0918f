"""Finished games, kept beside the saves, and the reviews kept with games (pure).

When a board game ends it is kept as a record of its own (``ingenious.finished.<id>``,
kind ``ingenious-finished``: the record of `web.store.records` without a name), so that
neither a new game nor "Try from here" takes it away with the autosave. At most
`FINISHED_LIMIT` are kept; the oldest goes first. The id is made from the game itself,
so keeping the same game again (a reload on its game-over card) finds the record it has.

A review is stored inside the record of the game it judges (`store_review`): the finished
game's, or the named save's that holds the same game (`find_game`). Reading goes through
`web.store.records.read_record` like every save (a damaged entry is set aside, a damaged
review dropped with the reason, `Record.review_problem`).
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any

from engine.formats.jsontext import decode
from engine.rules.game import Game
from web.i18n import N_
from web.store.listing import peek_lines, peek_record
from web.store.records import Record, UiState, _counter, read_record
from web.store.store import (
    NAMED_KIND,
    NAMED_PREFIX,
    PREFIX,
    StoredDataError,
    keep_in_memory,
    new_id,
    problem_text,
    site_tag,
    store_keys,
    stored_text,
)

FINISHED_PREFIX = PREFIX + "finished."
FINISHED_KIND = "ingenious-finished"
FINISHED_LIMIT = 20
KEEP_FINISHED = N_("Could not keep the finished game")
STORE_REVIEW = N_("Could not store the review")


def game_text(save: dict[str, Any]) -> str:
    """A game's engine save (without its seats) as one canonical text: the same game,
    the same text."""
    return json.dumps({k: v for k, v in save.items() if k != "seats"}, sort_keys=True)


def finished_key(game: Game) -> str:
    text = game_text(game.to_save())
    return f"{FINISHED_PREFIX}f{len(text)}-{site_tag(text)}"


def _stored(store: Any, key: str) -> dict[str, Any] | None:
    """A stored record's fields as JSON, unchecked (None when unreadable): for comparing
    and listing only; opening one goes through `read_record`."""
    try:
        data = decode(stored_text(store, key) or "", "the stored game")
    except Exception:  # unreadable (or the storage refused): not this game's record
        return None
    return data if isinstance(data, dict) else None


def keep_finished(
    store: Any, game: Game, seats: list[str], game_id: str, now: float
) -> tuple[str, str | None]:
    """Keep a finished game (once: the same game keeps its record and its review); the
    key and a problem message. The oldest kept games beyond `FINISHED_LIMIT` are dropped.
    A game the browser refuses to store is held in this page's memory (the message says
    so)."""
    key = finished_key(game)
    held = _stored(store, key) or {}
    if isinstance(held.get("game"), dict) and game_text(held["game"]) == game_text(game.to_save()):
        return key, None
    record = Record(FINISHED_KIND, game, list(seats), UiState(), game_id=game_id, saved_at=now)
    text = json.dumps(record.to_json(), separators=(",", ":"))
    try:
        store.setItem(key, text)
    except Exception as exc:
        keep_in_memory(store, key, text)
        return key, problem_text(exc, KEEP_FINISHED)
    drop_oldest(store, keep=key)
    return key, None


def import_finished(
    store: Any, game: Game, seats: list[str], review: dict[str, Any] | None, now: float
) -> tuple[str, list[str]]:
    """Keep an imported finished game (a file, a link) among the finished games, with the
    review that came with it (checked: `web.saves.share.parse_shared`) unless the game is
    kept already with a review that went as far; its key and the problem messages."""
    key, problem = keep_finished(store, game, seats, new_id("g"), now)
    problems = [problem] if problem else []
    if review is None:
        return key, problems
    record = read_finished(store, key, now, problems)
    held = None if record is None else record.review
    if held is None or len(held["results"]) < len(review["results"]):
        problem = store_review(store, key, game, review)
        if problem:
            problems.append(problem)
    return key, problems


def drop_oldest(store: Any, keep: str = "", limit: int = FINISHED_LIMIT) -> list[str]:
    """Remove the oldest finished games beyond ``limit`` (never ``keep``); the keys removed.
    An entry that cannot be read is not counted here: the list sets it aside."""
    dated = []
    for key in store_keys(store):
        if key.startswith(FINISHED_PREFIX):
            data = _stored(store, key)
            if data is not None and data.get("kind") == FINISHED_KIND:
                try:
                    dated.append((_counter(data, "saved_at", 0), key))
                except StoredDataError:
                    continue
    dated.sort(reverse=True)
    gone = [key for _, key in dated[limit:] if key != keep]
    for key in gone:
        with contextlib.suppress(Exception):
            store.removeItem(key)
    return gone


@dataclass(frozen=True)
class Finished:
    """A kept finished game as the list shows it, read without replaying the game."""

    key: str
    saved_at: float
    variant: str  # the variant's title
    names: tuple[str, ...]
    seats: tuple[str, ...]
    moves: int
    reviewed: int  # moves of its review judged so far (0: no review)
    total: int  # moves its review judges
    complete: bool


def peek_finished(raw: str, key: str) -> Finished:
    """A finished game's line from its stored text; `StoredDataError` says what is wrong."""
    seen = peek_record(raw, FINISHED_KIND)
    review = seen.data.get("review")
    reviewed = total = 0
    complete = False
    if isinstance(review, dict) and isinstance(review.get("results"), list):
        count = review.get("total")
        if isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= seen.moves:
            reviewed, total = min(len(review["results"]), count), count
            complete = review.get("complete") is True and reviewed == total
    return Finished(key, seen.saved_at, seen.variant, seen.names, seen.seats, seen.moves,
                    reviewed, total, complete)  # fmt: skip


#: Lines already read, by key and exact stored text: the start screen lists the finished
#: games each time it shows, and localStorage hands out the same text until it changes.
_peeked: dict[tuple[str, str], Finished] = {}


def _known(key: str, text: str) -> Finished | None:
    return _peeked.get((key, text))


def finished_games(store: Any, now: float, problems: list[str]) -> list[Finished]:
    """The kept finished games, newest first, read without replaying any game; one that is
    not a finished game's record is set aside (its game is checked when it is opened)."""
    lines = peek_lines(store, FINISHED_PREFIX, peek_finished, _known, _peeked, now, problems)
    lines.sort(key=lambda line: (-line.saved_at, line.key))
    return lines


def read_finished(store: Any, key: str, now: float, problems: list[str]) -> Record | None:
    """A kept finished game, checked (a replay, once per stored text) like a save."""
    return read_record(store, key, FINISHED_KIND, now, problems, remember=True)


def find_game(store: Any, game: Game) -> tuple[str, str] | None:
    """The key and kind of the stored record that holds exactly ``game``: a finished
    game first, then a named save (their texts compared, nothing replayed)."""
    mine = game_text(game.to_save())
    for prefix, kind in ((FINISHED_PREFIX, FINISHED_KIND), (NAMED_PREFIX, NAMED_KIND)):
        for key in sorted(store_keys(store)):
            if not key.startswith(prefix):
                continue
            data = _stored(store, key)
            if data is None or data.get("kind") != kind or not isinstance(data.get("game"), dict):
                continue
            if game_text(data["game"]) == mine:
                return key, kind
    return None


def store_review(store: Any, key: str, game: Game, review: dict[str, Any] | None) -> str | None:
    """Keep ``review`` (None: remove it) in the record under ``key``, if that record still
    holds ``game``; a problem message instead of raising. A review the browser refuses to
    store is held in this page's memory with its record."""
    data = _stored(store, key)
    if data is None or not isinstance(data.get("game"), dict):
        return None  # gone meanwhile (deleted, another tab): nothing to keep it with
    if game_text(data["game"]) != game_text(game.to_save()):
        return None
    if review is None:
        data.pop("review", None)
    else:
        data["review"] = review
    text = json.dumps(data, separators=(",", ":"))
    try:
        store.setItem(key, text)
    except Exception as exc:
        keep_in_memory(store, key, text)
        return problem_text(exc, STORE_REVIEW)
    return None


def delete_finished(store: Any, key: str) -> tuple[str | None, str | None]:
    """Remove a kept finished game; its stored text (to undo) and a problem message."""
    if not key.startswith(FINISHED_PREFIX):
        return None, None
    try:
        raw = stored_text(store, key)
        store.removeItem(key)
    except Exception as exc:
        return None, problem_text(exc, "delete the save")
    return raw, None


def restore_finished(store: Any, key: str, text: str) -> str | None:
    """Put a deleted finished game back (Undo)."""
    if not key.startswith(FINISHED_PREFIX):
        return None
    try:
        store.setItem(key, text)
    except Exception as exc:
        if not keep_in_memory(store, key, text):
            return problem_text(exc, "restore the save")
    return None


__all__ = [
    "FINISHED_KIND",
    "FINISHED_LIMIT",
    "FINISHED_PREFIX",
    "Finished",
    "delete_finished",
    "drop_oldest",
    "find_game",
    "finished_games",
    "finished_key",
    "game_text",
    "import_finished",
    "keep_finished",
    "peek_finished",
    "read_finished",
    "restore_finished",
    "store_review",
]
