"""The records the store holds and their checks: a game with its seats and screen state
(`Record`, `UiState`), read with every field checked (`parse_record`, `read_record`),
and the start-up scan. The saves list, read without replaying, is `web.store.listing`.

Reading never raises to the caller and never deletes: a bad entry is moved to a
quarantine key (`web.store.store.quarantine`) and reported in words.
"""

from __future__ import annotations

import contextlib
import json
import math
from dataclasses import dataclass, field, replace
from typing import Any

from engine import IngeniousError, load_game
from engine.formats.jsontext import decode
from engine.rules.game import Game
from engine.rules.names import clean_name
from web.play.session import BOT_LEVELS, HUMAN
from web.store.reviews import drop_broken
from web.store.store import (
    _ID,
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    MAX_COUNTER,
    MAX_SAVE_NAME,
    NAMED_KIND,
    NAMED_PREFIX,
    RECORD_VERSION,
    SCREENS,
    TRASH_PREFIX,
    StoredDataError,
    read_stored,
    store_keys,
)


# --- records ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class UiState:
    """Screen state stored next to the engine save."""

    revealed: int | None = None  # hot seat: whose rack was confirmed on the pass screen
    screen: str = "game"  # "game" or "start": where a reload should land
    hints: int = 0  # hints asked for in this game (its statistics say so)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"revealed": self.revealed, "screen": self.screen}
        if self.hints:
            out["hints"] = self.hints
        return out


@dataclass
class Record:
    """A validated autosave or named save."""

    kind: str
    game: Game
    seats: list[str]
    ui: UiState = field(default_factory=UiState)
    rev: int = 0
    game_id: str = ""
    tab: str = ""
    saved_at: float = 0.0
    name: str = ""
    key: str = ""
    #: The game's review, checked (`web.store.reviews`); why a stored one was dropped.
    review: dict[str, Any] | None = None
    review_problem: str = ""

    def game_json(self) -> dict[str, Any]:
        return game_dict(self.game, self.seats)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "record": RECORD_VERSION,
            "rev": self.rev,
            "game_id": self.game_id,
            "tab": self.tab,
            "saved_at": self.saved_at,
            "game": self.game_json(),
            "ui": self.ui.to_json(),
        }
        if self.kind == NAMED_KIND:
            data["name"] = self.name
            data["over"] = self.game.phase == "over"  # for the list, before any replay
        if self.review is not None:
            data["review"] = self.review
        return data


def game_dict(game: Game, seats: list[str]) -> dict[str, Any]:
    save = dict(game.to_save())
    save["seats"] = list(seats)
    return save


def check_seats(value: object, players: int) -> list[str]:
    """Seats from a save; a save without them (engine, command line) is all people."""
    if value is None:
        return [HUMAN] * players
    if not isinstance(value, list) or len(value) != players:
        raise StoredDataError(f"'seats' must list who plays each of the {players} seats")
    for seat in value:
        if seat != HUMAN and seat not in BOT_LEVELS:
            raise StoredDataError(f"unknown player type {str(seat)[:30]!r}")
    return list(value)


def check_name(value: object) -> str:
    """A save's name, cleaned like player names (``engine.rules.names``): control and
    text-reordering characters removed, spaces collapsed, at most 60 characters."""
    if not isinstance(value, str):
        raise StoredDataError("the save name must be text")
    name = clean_name(value, "", MAX_SAVE_NAME)
    if not name:
        raise StoredDataError("the save name is empty")
    return name


def _counter(data: dict[str, Any], key: str, default: float | None = None) -> float:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise StoredDataError(f"{key!r} must be a number")
    if not math.isfinite(value) or not 0 <= value <= MAX_COUNTER:
        raise StoredDataError(f"{key!r} is out of range")
    return value


def _ident(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    if value == "":
        return ""
    if not isinstance(value, str) or not _ID.match(value):
        raise StoredDataError(f"{key!r} is not a valid identifier")
    return value


def check_ui(value: object, players: int) -> UiState:
    if value is None:
        return UiState()
    if not isinstance(value, dict):
        raise StoredDataError("the screen state ('ui') must be an object")
    revealed = value.get("revealed")
    if revealed is not None and (
        isinstance(revealed, bool) or not isinstance(revealed, int) or not 0 <= revealed < players
    ):
        raise StoredDataError("the screen state names a seat that does not exist")
    screen = value.get("screen", "game")
    if screen not in SCREENS:
        raise StoredDataError(f"unknown screen {str(screen)[:30]!r} in the screen state")
    hints = value.get("hints", 0)
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_COUNTER:
        raise StoredDataError("the screen state's hint count must be a count")
    return UiState(revealed, str(screen), hints)


def load_game_and_seats(save: object) -> tuple[Game, list[str]]:
    """The engine game and seats from a game dict; `StoredDataError` with the reason."""
    try:
        game = load_game(save)
    except IngeniousError as exc:
        raise StoredDataError(str(exc)) from None
    except (RecursionError, MemoryError, OverflowError) as exc:
        raise StoredDataError(f"the save is not a real game ({type(exc).__name__})") from None
    assert isinstance(save, dict)
    return game, check_seats(save.get("seats"), game.players)


def parse_record(raw: str, kind: str, key: str = "") -> Record:
    """A validated record from stored text; `StoredDataError` saying what is wrong.

    A bare engine save (what the first autosave wrote) is accepted as revision 0.
    """
    try:
        data = decode(raw, "the stored game")
    except IngeniousError as exc:
        raise StoredDataError(str(exc)) from None
    if not isinstance(data, dict):
        raise StoredDataError("not a saved game (expected a JSON object)")
    if data.get("format") == "ingenious" and kind == AUTOSAVE_KIND:
        # The first app always opened on the start screen; such a save waits for Continue.
        game, seats = load_game_and_seats(data)
        return Record(kind, game, seats, UiState(None, "start"), key=key)
    if data.get("kind") != kind:
        raise StoredDataError("not an Ingenious save")
    version = data.get("record")
    if version != RECORD_VERSION:
        raise StoredDataError(f"unknown save record version {str(version)[:20]}")
    game, seats = load_game_and_seats(data.get("game"))
    record = Record(
        kind,
        game,
        seats,
        ui=check_ui(data.get("ui"), game.players),
        rev=int(_counter(data, "rev", 0)),
        game_id=_ident(data, "game_id"),
        tab=_ident(data, "tab"),
        saved_at=_counter(data, "saved_at", 0),
        key=key,
    )
    if kind == NAMED_KIND:
        record.name = check_name(data.get("name"))
    record.review, record.review_problem = drop_broken(data.get("review"), game)
    return record


def peek(raw: str | None) -> tuple[int, str] | None:
    """(rev, game_id) of a stored autosave without replaying it; None if unreadable."""
    seen = peek_write(raw)
    return None if seen is None else (seen[0], seen[1])


def peek_write(raw: str | None) -> tuple[int, str, str] | None:
    """(rev, game_id, tab) of a stored autosave: which write of which game it is, without
    replaying it; None if unreadable.

    Two tabs that both go on from revision 4 each write a revision 5: the tab that wrote
    tells them apart.
    """
    if not raw:
        return None
    try:
        data = decode(raw, "the stored game")
    except IngeniousError:
        return None
    if not isinstance(data, dict):
        return None
    if data.get("format") == "ingenious":
        return (0, "", "")
    rev, game_id, tab = data.get("rev"), data.get("game_id"), data.get("tab", "")
    if isinstance(rev, int) and not isinstance(rev, bool) and isinstance(game_id, str):
        return (rev, game_id, tab if isinstance(tab, str) else "")
    return None


# --- start-up scan ------------------------------------------------------------------------------
@dataclass
class Scan:
    autosave: Record | None = None
    named: list[Record] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


# Named saves already checked in this page, by key and exact stored text. Checking one
# replays its whole game; the list checks a save when it shows it (or it is opened).
# Hits are shallow copies: the app never changes a listed save's game (loading plays a
# copy), and a rename changes the copy's name and the stored text, not this entry.
_checked: dict[tuple[str, str], Record] = {}
CHECKED_LIMIT = 2000
_replays = [0]  # named saves checked (replayed) in this page: the start makes none


def named_replays() -> int:
    """How many named saves this page has checked by replaying their game."""
    return _replays[0]


def read_record(
    store: Any, key: str, kind: str, now: float, problems: list[str], remember: bool = False
) -> Record | None:
    """One record, or None; a bad one is quarantined and its message appended
    (`read_stored`).

    With ``remember``, a record read before with the same stored text is not checked
    again (see ``_checked``).
    """

    def check(text: str) -> Record:
        known = _checked.get((key, text)) if remember else None
        if known is not None:
            return replace(known, seats=list(known.seats))
        if kind == NAMED_KIND:
            _replays[0] += 1
        record = parse_record(text, kind, key)
        if remember:
            if len(_checked) >= CHECKED_LIMIT:
                _checked.clear()
            _checked[(key, text)] = replace(record, seats=list(record.seats))
        return record

    found: Record | None = read_stored(store, key, check, problems, now=now, text=True)
    return found


def scan(store: Any, now: float) -> Scan:
    """Read the autosave and check every named save (replaying each); set aside whatever
    fails validation. The page lists saves from `index` instead, which replays none."""
    result = Scan()
    result.autosave = read_record(store, AUTOSAVE_KEY, AUTOSAVE_KIND, now, result.problems)
    for key in store_keys(store):
        if key.startswith(NAMED_PREFIX):
            record = read_record(store, key, NAMED_KIND, now, result.problems, remember=True)
            if record is not None:
                result.named.append(record)
    result.named.sort(key=lambda r: -r.saved_at)
    return result


def holds_game(store: Any, game: dict[str, Any]) -> bool:
    """True when a named save holds exactly this game (its stored text compared, no
    replay)."""
    mine = json.dumps(game, sort_keys=True)
    for key in store_keys(store):
        if not key.startswith(NAMED_PREFIX):
            continue
        stored = read_stored(store, key, _game_text, [])
        if stored == mine:
            return True
    return False


def _game_text(data: object) -> str:
    if not isinstance(data, dict):
        raise StoredDataError("not a saved game (expected a JSON object)")
    return json.dumps(data.get("game"), sort_keys=True)


def purge_trash(store: Any) -> None:
    """Deleted saves are kept until the next start, then really removed."""
    for key in store_keys(store):
        if key.startswith(TRASH_PREFIX):
            with contextlib.suppress(Exception):
                store.removeItem(key)
