"""The saves list read without replaying (pure, CPython-tested): each named save's line
from its stored text (`index`, `Listed`, `peek_named`), the same for any record's list
line (`peek_record`, `peek_lines`: also the finished games', `web.store.kept`). A save's
game is checked (replayed) only when the list shows it or it is opened
(`web.store.records.read_record`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from engine import IngeniousError
from engine.formats.jsontext import decode
from engine.rules.names import clean_name
from engine.rules.variants import VARIANTS
from web.store.records import (
    CHECKED_LIMIT,
    Record,
    _checked,
    _counter,
    check_name,
    check_seats,
)
from web.store.store import (
    NAMED_KIND,
    NAMED_PREFIX,
    RECORD_VERSION,
    StoredDataError,
    read_stored,
    store_keys,
)

T = TypeVar("T")


# --- the saves list without replaying -----------------------------------------------------------
@dataclass(frozen=True)
class Listed:
    """A named save as the list first shows it: what its stored text says, read without
    replaying the game (`peek_named`). The game itself is checked when the list shows the
    entry or it is opened (`read_record`); ``over`` is then known for every save (before,
    only for saves that recorded it)."""

    key: str
    name: str
    saved_at: float
    variant: str  # the variant's title
    names: tuple[str, ...]
    seats: tuple[str, ...]
    moves: int
    over: bool | None = None  # None: not known until the game is checked


def listed(record: Record) -> Listed:
    """The list's line of a checked save."""
    game = record.game
    return Listed(record.key, record.name, record.saved_at, game.variant.title,
                  tuple(game.names), tuple(record.seats), len(game.moves),
                  game.phase == "over")  # fmt: skip


@dataclass(frozen=True)
class Peeked:
    """A stored record's fields read from its text without replaying its game."""

    data: dict[str, Any]
    saved_at: float
    variant: str  # the variant's title
    names: tuple[str, ...]
    seats: tuple[str, ...]
    moves: int


def peek_record(raw: str, kind: str) -> Peeked:
    """A record's fields for a list's line (kind, version, date, variant, players, seats
    checked, the moves only counted); `StoredDataError` says what is wrong."""
    try:
        data = decode(raw, "the stored game")
    except IngeniousError as exc:
        raise StoredDataError(str(exc)) from None
    if not isinstance(data, dict) or data.get("kind") != kind:
        raise StoredDataError("not an Ingenious save")
    version = data.get("record")
    if version != RECORD_VERSION:
        raise StoredDataError(f"unknown save record version {str(version)[:20]}")
    game = data.get("game")
    if not isinstance(game, dict):
        raise StoredDataError("the save holds no game")
    variant_name, names, moves = game.get("variant"), game.get("names"), game.get("moves")
    variant = VARIANTS.get(variant_name) if isinstance(variant_name, str) else None
    if variant is None:
        raise StoredDataError("unknown variant")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or not names:
        raise StoredDataError("the players' names are missing")
    if not isinstance(moves, list):
        raise StoredDataError("the moves are missing")
    return Peeked(
        data,
        _counter(data, "saved_at", 0),
        variant.title,
        tuple(clean_name(n, "?", 40) for n in names),
        tuple(check_seats(game.get("seats"), len(names))),
        len(moves),
    )


def peek_named(raw: str, key: str) -> Listed:
    """A named save's line from its stored text, without replaying the game; every field
    shown is checked (kind, version, name, date, variant, players, seats), the moves only
    counted. `StoredDataError` says what is wrong."""
    seen = peek_record(raw, NAMED_KIND)
    over = seen.data.get("over")
    name = check_name(seen.data.get("name"))
    return Listed(key, name, seen.saved_at, seen.variant, seen.names, seen.seats, seen.moves,
                  over if isinstance(over, bool) else None)  # fmt: skip


# Lines already read, by key and exact stored text: the start screen lists the saves each
# time it shows, and localStorage hands out the same text until the save changes.
_peeked: dict[tuple[str, str], Listed] = {}


def index(store: Any, now: float, problems: list[str]) -> list[Listed]:
    """Every named save's line, newest first, without replaying any game (a start with a
    thousand saves reads a thousand short texts and replays nothing). A save whose text
    is not a named save is set aside as `scan` would; one whose game fails the replay is
    set aside when the list shows it or it is opened."""

    def known(key: str, text: str) -> Listed | None:
        checked = _checked.get((key, text))
        return listed(checked) if checked is not None else _peeked.get((key, text))

    lines = peek_lines(store, NAMED_PREFIX, peek_named, known, _peeked, now, problems)
    lines.sort(key=lambda line: -line.saved_at)
    return lines


def peek_lines(
    store: Any,
    prefix: str,
    peek: Callable[[str, str], T],
    known: Callable[[str, str], T | None],
    cache: dict[tuple[str, str], T],
    now: float,
    problems: list[str],
) -> list[T]:
    """The line of every entry under ``prefix`` read by ``peek`` (no replay), or ``known``
    from an earlier reading of the same text; one that ``peek`` refuses is set aside."""
    lines = []
    for key in store_keys(store):
        if not key.startswith(prefix):
            continue

        def check(text: str, key: str = key) -> T:
            line = known(key, text)
            if line is None:
                line = peek(text, key)
                if len(cache) >= CHECKED_LIMIT:
                    cache.clear()
                cache[(key, text)] = line
            return line

        seen = len(problems)
        line = read_stored(store, key, check, problems, now=now, text=True)
        if line is not None:
            lines.append(line)
        if problems[seen:] and problems[seen] in problems[:seen]:
            del problems[seen:]  # a storage that cannot be read: said once
    return lines
