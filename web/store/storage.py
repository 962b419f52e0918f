"""Everything the game keeps in the browser's localStorage, and how it survives bad data.

The store is anything with `getItem(key) -> str | None`, `setItem(key, value)`,
`removeItem(key)` and, for listing, `keys()`: the browser's localStorage in the page
(see `web.saves.LocalStore`), a `MemoryStore` in tests. No browser imports here, so
CPython tests cover every rule.

Keys (logical names, all starting with ``ingenious.``; `SiteStore` stores them under a
prefix made from the folder the site is served from, so two copies on one host keep
separate saves, and copies entries of earlier releases in: see "one copy of the site per
folder" below and docs/saves.md):

- ``autosave``: the game in progress, a *record* (below) rewritten after every move;
- ``save.<id>``: named saves, the same record with a name;
- ``trash.<id>``: deleted named saves, kept until the next start so a delete can be undone;
- ``quarantine.<n>``: anything that failed validation, set aside verbatim with the reason;
- ``settings``, ``solo-best``, ``stats``: small JSON values;
- ``challenge-autosave``: the challenge in progress (written by `web.challenges.session`).

A record is ``{"kind", "record", "rev", "game_id", "tab", "saved_at", "name"?, "game",
"ui"}``: ``game`` is the engine save (``engine.save``) plus ``seats`` (who plays each
seat); ``ui`` is the small screen state needed to resume exactly (is the hot-seat rack
revealed, which screen was showing). ``rev`` counts the game's changes and ``tab`` names
the tab that made that state, so a second tab can tell that its copy is stale (see
`Autosave`). Every field is checked on load (`parse_record`).

Reading never raises to the caller and never deletes: a bad entry is moved to a
quarantine key and reported in words.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import re
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from engine import IngeniousError, load_game
from engine.game import Game
from engine.jsontext import decode
from engine.names import clean_name
from engine.variants import VARIANTS
from web.play.session import BOT_LEVELS, HUMAN

PREFIX = "ingenious."
AUTOSAVE_KEY = "ingenious.autosave"
SETTINGS_KEY = "ingenious.settings"
SOLO_BEST_KEY = "ingenious.solo-best"
STATS_KEY = "ingenious.stats"
NAMED_PREFIX = "ingenious.save."
TRASH_PREFIX = "ingenious.trash."
QUARANTINE_PREFIX = "ingenious.quarantine."
CHALLENGE_AUTOSAVE_KEY = "ingenious.challenge-autosave"  # written by web.challenges.session

AUTOSAVE_KIND = "ingenious-autosave"
NAMED_KIND = "ingenious-named"
RECORD_VERSION = 1
MAX_SAVE_NAME = 60
MAX_COUNTER = 2**53  # JavaScript's largest exact integer
MAX_KEPT_TEXT = 16 * 1024 * 1024  # above any browser's storage quota: set-aside entries
SCREENS = ("game", "start")
_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


class Store(Protocol):
    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (browser API name)

    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802

    def removeItem(self, key: str) -> None: ...  # noqa: N802


class MemoryStore:
    """A dict-backed stand-in for localStorage (also the fallback when it is unavailable)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


class StoredDataError(ValueError):
    """A stored entry that is damaged, foreign, of an unknown version or hostile."""


def new_id(prefix: str = "") -> str:
    return f"{prefix}{random.getrandbits(48):012x}"


def problem_text(exc: BaseException, doing: str) -> str:
    """Words for a failed storage call (the browser raises DOMExceptions we cannot name)."""
    text = str(exc)
    if "Quota" in text or "quota" in text:
        if doing.startswith(("delete", "remove", "restore")):
            return f"Could not {doing}: the browser's storage is full."
        return (
            f"Could not {doing}: the browser's storage is full. The game goes on in memory; "
            "delete old saves or export this game to keep it."
        )
    if "Security" in text or "denied" in text or "not available" in text:
        return (
            f"Could not {doing}: this browser does not allow saving here (private mode?). "
            "The game goes on in memory; export it to keep it."
        )
    return f"Could not {doing} ({text[:120]}). The game goes on in memory."


# --- records ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class UiState:
    """Screen state stored next to the engine save."""

    revealed: int | None = None  # hot seat: whose rack was confirmed on the pass screen
    screen: str = "game"  # "game" or "start": where a reload should land

    def to_json(self) -> dict[str, Any]:
        return {"revealed": self.revealed, "screen": self.screen}


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
    """A save's name, cleaned like player names (``engine.names``): control and
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
    return UiState(revealed, str(screen))


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


# --- quarantine ---------------------------------------------------------------------------------
def quarantine(store: Any, key: str, raw: str, problem: str, now: float) -> str:
    """Move a bad entry aside (never delete it); returns the message for the player."""
    if len(problem) > 160:
        problem = problem[:150] + "…"
    target = f"{QUARANTINE_PREFIX}{int(now)}-{new_id()}"
    kept = {"from": key, "problem": problem, "at": now, "raw": raw}
    what = describe_key(key)
    try:
        store.setItem(target, json.dumps(kept))
    except Exception:
        # No room to copy it: leave it where it is; it is reported and skipped each start.
        return f"{what} could not be opened ({problem}). It was left untouched."
    with contextlib.suppress(Exception):
        store.removeItem(key)
    return f"{what} could not be opened ({problem}). It was set aside, not deleted."


def describe_key(key: str) -> str:
    if key == AUTOSAVE_KEY:
        return "The autosaved game"
    if key.startswith(NAMED_PREFIX):
        return "A saved game"
    if key == STATS_KEY:
        return "The statistics"
    if key == SOLO_BEST_KEY:
        return "The best solo results"
    if key == CHALLENGE_AUTOSAVE_KEY:
        return "The saved challenge"
    return f"The stored entry {key[:60]!r}"


def quarantined(store: Any) -> list[dict[str, Any]]:
    """The set-aside entries, each with its key. One that is itself damaged (or hostile:
    any page of the site can write these keys) is listed with its text as ``raw``, so a
    download still keeps it; it never reaches ``json.loads`` unchecked."""
    out = []
    for key in sorted(store_keys(store)):
        if not key.startswith(QUARANTINE_PREFIX):
            continue
        try:
            raw = store.getItem(key)
        except Exception:
            continue
        text = "" if raw is None else str(raw)
        try:
            item = decode(text, "the set-aside entry", max_text=MAX_KEPT_TEXT)
        except IngeniousError:
            item = None
        if not isinstance(item, dict):
            item = {"problem": "this set-aside entry is itself damaged", "raw": text}
        out.append({**item, "key": key})
    return out


SET_ASIDE_FORMAT = "ingenious-set-aside"


def set_aside_text(items: list[dict[str, Any]]) -> str:
    """The set-aside entries as one JSON file for the player to keep or send in."""
    entries = [
        {name: item.get(name) for name in ("key", "from", "problem", "at", "raw")} for item in items
    ]
    return json.dumps({"format": SET_ASIDE_FORMAT, "version": 1, "entries": entries}, indent=1)


def remove_set_aside(store: Any, keys: list[str]) -> str | None:
    """Remove set-aside entries (only those); a message if the browser refused."""
    for key in keys:
        if not key.startswith(QUARANTINE_PREFIX):
            continue
        try:
            store.removeItem(key)
        except Exception as exc:
            return problem_text(exc, "remove the set-aside entries")
    return None


def store_keys(store: Any) -> list[str]:
    keys = getattr(store, "keys", None)
    if keys is None:
        return []
    try:
        return [str(k) for k in keys()]
    except Exception:
        return []


# --- one copy of the site per folder ------------------------------------------------------------
# Two copies of the game on one host (say /a/ and /b/, or an old and a new release) share
# one localStorage. Each copy keeps its entries under its own prefix, made from the folder
# it is served from, so they neither see nor overwrite each other's saves. The code keeps
# using the logical keys above ("ingenious.autosave"); `SiteStore` maps them.
SITE_PREFIX = "ingenious@"


_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_SLASHES = re.compile(r"/{2,}")


def _canonical_escape(match: re.Match[str]) -> str:
    char = chr(int(match.group(1), 16))
    return char if char in _UNRESERVED else "%" + match.group(1).upper()


def site_root(pathname: str) -> str:
    """The folder a page is served from, in one spelling: ``/a/index.html``, ``/a/`` and
    ``/a/embed.html`` all give ``/a/``, and so do ``/%61/`` and ``/a//`` (the same folder
    for a web server: an escaped letter, digit or ``-._~`` stands for itself, other
    escapes get capital hex digits as browsers write them, repeated slashes count once).

    >>> site_root("/%61//index.html")
    '/a/'
    """
    path = pathname if pathname.startswith("/") else "/" + pathname
    path = _SLASHES.sub("/", _ESCAPE.sub(_canonical_escape, path))
    return path[: path.rfind("/") + 1]


def site_tag(root: str) -> str:
    """A short, stable tag of a site folder: the 32-bit FNV-1a hash of its UTF-8 bytes, in 8
    hex digits. A few lines of JavaScript compute the same tag synchronously (the start
    page reads the autosave's summary before Python runs; ``crypto.subtle`` is neither
    synchronous nor available on a plain-HTTP host).

    >>> site_tag("/")
    '2a0c975e'
    """
    tag = 0x811C9DC5
    for byte in root.encode("utf-8", "surrogatepass"):
        tag = ((tag ^ byte) * 0x01000193) & 0xFFFFFFFF
    return f"{tag:08x}"


def site_prefix(root: str) -> str:
    return f"{SITE_PREFIX}{site_tag(root)}."


def site_key(key: str, root: str) -> str:
    """Where the logical ``key`` (``ingenious.…``) is stored for the copy at ``root``."""
    return site_prefix(root) + key[len(PREFIX) :] if key.startswith(PREFIX) else key


class SiteStore:
    """This copy's part of the browser's storage, behind the `Store` protocol.

    Keys go in and come out as the logical ``ingenious.…`` names; they are stored as
    ``ingenious@<tag>.…`` (`site_key`). Entries the browser refused to store (full
    storage) can be kept in memory for this page with `keep`: they are read and listed
    like the others until the page closes or a later write stores them.
    """

    def __init__(self, backend: Any, root: str) -> None:
        self.backend = backend
        self.root = root
        self.prefix = site_prefix(root)
        self.kept: dict[str, str] = {}

    def physical(self, key: str) -> str:
        return site_key(key, self.root)

    def logical(self, physical: str) -> str | None:
        """The logical key of a stored one, or None if it is not this copy's."""
        if physical.startswith(self.prefix):
            return PREFIX + physical[len(self.prefix) :]
        return None

    def getItem(self, key: str) -> str | None:  # noqa: N802
        if key in self.kept:
            return self.kept[key]
        value = self.backend.getItem(self.physical(key))
        return None if value is None else str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.backend.setItem(self.physical(key), value)
        self.kept.pop(key, None)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.kept.pop(key, None)
        self.backend.removeItem(self.physical(key))

    def keys(self) -> list[str]:
        stored = [k for k in map(self.logical, store_keys(self.backend)) if k is not None]
        return stored + [k for k in self.kept if k not in stored]

    def keep(self, key: str, value: str) -> None:
        """Hold an entry in memory for this page (the browser refused to store it)."""
        self.kept[key] = value


def logical_key(store: Any, physical: str) -> str | None:
    """The logical key of a key seen in a browser ``storage`` event (None: not ours)."""
    if isinstance(store, SiteStore):
        return store.logical(physical)
    return physical if physical.startswith(PREFIX) else None


LEGACY_AUTOSAVE_NAME = "Game from before this copy kept its own saves"
# Logical key: which plain entries this copy has taken in, each with a fingerprint of the
# text it took, so a start copies each version of an older entry once.
LEGACY_TAKEN_KEY = "ingenious.legacy-taken"


def fingerprint(text: str) -> str:
    """A short tag of a stored text (FNV-1a, as `site_tag`): "the same entry as before"."""
    return f"{len(text)}-{site_tag(text)}"


def migrate_legacy(store: SiteStore, now: float) -> list[str]:
    """Copy entries stored before saves were kept per folder (plain ``ingenious.…`` keys)
    into this copy's part of the storage; returns messages for the player.

    Runs at every start. The plain entries are left exactly as they are: they may belong
    to a copy of an older release still served on this origin, which must keep its saves
    (so every copy that starts gets its own copy of them). Each version of a plain entry
    is taken once (`LEGACY_TAKEN_KEY` remembers a fingerprint of what was taken), so a
    save this copy deleted or changed since is not brought back or overwritten. Nothing
    this copy has is overwritten: when the older release has moved its autosaved game on
    since, that game is kept beside this copy's as a named save, and a named save under a
    key this copy uses is set aside; this copy's own settings, statistics and other small
    values stay. An entry that cannot be copied (storage full) is copied at a later start.
    """
    backend = store.backend
    legacy = sorted(
        k for k in store_keys(backend) if k.startswith(PREFIX) and not k.startswith(TRASH_PREFIX)
    )
    messages: list[str] = []
    taken = _taken(store)
    before = dict(taken)
    stuck = 0
    for key in legacy:
        try:
            raw = backend.getItem(key)
            if raw is None:
                continue
            text = str(raw)
            mark = fingerprint(text)
            if taken.get(key) == mark:
                continue
            mine = store.getItem(key)
            if mine is None:
                store.setItem(key, text)
            elif mine != text and (key == AUTOSAVE_KEY or key.startswith(NAMED_PREFIX)):
                messages.append(_keep_beside(store, key, text, now))
            taken[key] = mark
        except Exception:
            stuck += 1
    taken = {key: mark for key, mark in taken.items() if key in legacy}
    if taken != before:
        with contextlib.suppress(Exception):
            store.setItem(LEGACY_TAKEN_KEY, json.dumps(taken, sort_keys=True))
    if stuck:
        messages.append(
            f"{stuck} saved {'entry' if stuck == 1 else 'entries'} from an earlier version "
            "could not be copied to this copy's storage (the browser's storage is full). "
            "They are kept where they were and copied at a later start."
        )
    return messages


def _taken(store: SiteStore) -> dict[str, str]:
    """The plain entries taken in before (damaged or hostile values count as none)."""
    try:
        raw = store.getItem(LEGACY_TAKEN_KEY)
        data = decode(raw, "the list of older entries") if raw else {}
    except Exception:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def _keep_beside(store: SiteStore, key: str, text: str, now: float) -> str:
    """An older entry whose key this copy already uses: keep it under another key."""
    if key == AUTOSAVE_KEY:
        try:
            record = parse_record(text, AUTOSAVE_KIND)
        except StoredDataError:
            record = None
        if record is not None:
            record.kind, record.key, record.name = NAMED_KIND, "", LEGACY_AUTOSAVE_NAME
            record.saved_at = record.saved_at or now
            problem = write_named(store, record, keep=False)
            if problem:
                raise RuntimeError(problem)
            return (
                f"An autosaved game from an earlier version is in Saved games as “{record.name}”."
            )
    target = f"{QUARANTINE_PREFIX}{int(now)}-{new_id()}"
    kept = {"from": key, "problem": "an older copy of this entry", "at": now, "raw": text}
    store.setItem(target, json.dumps(kept))
    return f"{describe_key(key)} from an earlier version was set aside, not deleted."


def open_site_store(backend: Any, pathname: str, now: float) -> tuple[SiteStore, list[str]]:
    """This copy's store for a page at ``pathname``, with older entries copied in."""
    store = SiteStore(backend, site_root(pathname))
    return store, migrate_legacy(store, now)


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
    """One record, or None; a bad one is quarantined and its message appended.

    With ``remember``, a record read before with the same stored text is not checked
    again (see ``_checked``).
    """
    try:
        raw = store.getItem(key)
    except Exception as exc:
        problems.append(problem_text(exc, "read the saved games"))
        return None
    if raw is None or raw == "":
        return None
    text = str(raw)
    known = _checked.get((key, text)) if remember else None
    if known is not None:
        return replace(known, seats=list(known.seats))
    if kind == NAMED_KIND:
        _replays[0] += 1
    try:
        record = parse_record(text, kind, key)
    except StoredDataError as exc:
        problems.append(quarantine(store, key, text, str(exc), now))
        return None
    if remember:
        if len(_checked) >= CHECKED_LIMIT:
            _checked.clear()
        _checked[(key, text)] = replace(record, seats=list(record.seats))
    return record


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


def peek_named(raw: str, key: str) -> Listed:
    """A named save's line from its stored text, without replaying the game; every field
    shown is checked (kind, version, name, date, variant, players, seats), the moves only
    counted. `StoredDataError` says what is wrong."""
    try:
        data = decode(raw, "the stored game")
    except IngeniousError as exc:
        raise StoredDataError(str(exc)) from None
    if not isinstance(data, dict) or data.get("kind") != NAMED_KIND:
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
    over = data.get("over")
    return Listed(
        key,
        check_name(data.get("name")),
        _counter(data, "saved_at", 0),
        variant.title,
        tuple(clean_name(n, "?", 40) for n in names),
        tuple(check_seats(game.get("seats"), len(names))),
        len(moves),
        over if isinstance(over, bool) else None,
    )


# Lines already read, by key and exact stored text: the start screen lists the saves each
# time it shows, and localStorage hands out the same text until the save changes.
_peeked: dict[tuple[str, str], Listed] = {}


def index(store: Any, now: float, problems: list[str]) -> list[Listed]:
    """Every named save's line, newest first, without replaying any game (a start with a
    thousand saves reads a thousand short texts and replays nothing). A save whose text
    is not a named save is set aside as `scan` would; one whose game fails the replay is
    set aside when the list shows it or it is opened."""
    lines = []
    for key in store_keys(store):
        if not key.startswith(NAMED_PREFIX):
            continue
        try:
            raw = store.getItem(key)
        except Exception as exc:
            problems.append(problem_text(exc, "read the saved games"))
            break
        if raw is None or raw == "":
            continue
        text = str(raw)
        checked = _checked.get((key, text))
        line = listed(checked) if checked is not None else _peeked.get((key, text))
        if line is None:
            try:
                line = peek_named(text, key)
            except StoredDataError as exc:
                problems.append(quarantine(store, key, text, str(exc), now))
                continue
            if len(_peeked) >= CHECKED_LIMIT:
                _peeked.clear()
            _peeked[(key, text)] = line
        lines.append(line)
    lines.sort(key=lambda line: -line.saved_at)
    return lines


def holds_game(store: Any, game: dict[str, Any]) -> bool:
    """True when a named save holds exactly this game (its stored text compared, no
    replay)."""
    mine = json.dumps(game, sort_keys=True)
    for key in store_keys(store):
        if not key.startswith(NAMED_PREFIX):
            continue
        try:
            data = decode(str(store.getItem(key) or ""), "the stored game")
        except Exception:
            continue
        if isinstance(data, dict) and json.dumps(data.get("game"), sort_keys=True) == mine:
            return True
    return False


def purge_trash(store: Any) -> None:
    """Deleted saves are kept until the next start, then really removed."""
    for key in store_keys(store):
        if key.startswith(TRASH_PREFIX):
            with contextlib.suppress(Exception):
                store.removeItem(key)


# --- autosave with revisions --------------------------------------------------------------------
@dataclass(frozen=True)
class WriteOutcome:
    status: str  # "saved", "conflict" or "failed"
    message: str = ""
    rev: int = 0
    verdict: str = ""  # for a conflict: NEWER, FORK or OTHER_GAME


# How the stored autosave compares with the one a tab last wrote or loaded.
SAME = "same"  # it is that one (or nothing readable is stored)
OLDER = "older"  # the same game at a lower revision: a tab with a stale view wrote it
NEWER = "newer"  # the same game at a higher revision: another tab went on
FORK = "fork"  # the same game and revision, written by another tab: a different state
OTHER_GAME = "other-game"  # another tab started or loaded another game

CONFLICT_WORDS = {
    NEWER: ("saved a newer state of this game", "Load the newer state"),
    FORK: ("saved a different state of this game, as far on as this one",
           "Load the other tab's state"),
    OTHER_GAME: ("started another game", "Load the other game"),
}  # fmt: skip


def conflict_words(verdict: str) -> tuple[str, str]:
    """What another tab did, and the label of the button that loads it."""
    return CONFLICT_WORDS.get(verdict, CONFLICT_WORDS[NEWER])


class Autosave:
    """This tab's view of the autosave: which write of which game it last wrote or loaded.

    Browsers give no lock over localStorage, and a tab may read a value another tab has
    already replaced (its copy of the storage is updated a moment later). So a write
    first compares what is stored with what this tab knows (`verdict`): it goes ahead
    when the stored record is this tab's own, or the same game at a *lower* revision
    (a stale tab moved the autosave backwards: this tab puts the newer state back); it
    is refused as a conflict when another tab went further, forked the game or started
    another one. A tab also checks after every `storage` event (see `web.saves`), so
    the autosave ends at the furthest state, and the tab left behind is told truly why.
    """

    def __init__(self, store: Any, tab: str) -> None:
        self.store = store
        self.tab = tab
        self.rev: int | None = None
        self.game_id = ""
        self.writer = ""  # the tab that wrote the record this tab last wrote or loaded
        self.last_game = ""
        self.last_ui: UiState | None = None

    def adopt(self, record: Record) -> None:
        self.rev, self.game_id, self.writer = record.rev, record.game_id, record.tab
        self.last_game = json.dumps(record.game_json(), sort_keys=True)
        self.last_ui = record.ui

    def forget(self) -> None:
        self.rev, self.game_id, self.writer, self.last_game = None, "", "", ""
        self.last_ui = None

    def verdict(self, raw: str | None) -> str:
        """How the stored autosave ``raw`` compares with this tab's (see the constants)."""
        return self._verdict(peek_write(raw), raw)

    def _verdict(self, seen: tuple[int, str, str] | None, raw: str | None) -> str:
        if self.rev is None:
            return SAME
        if seen is None:
            return OTHER_GAME if raw else SAME
        rev, game_id, tab = seen
        if game_id != self.game_id:
            return OTHER_GAME
        if rev < self.rev:
            return OLDER
        if rev > self.rev:
            return NEWER
        return SAME if tab == self.writer else FORK

    def stale(self, raw: str | None) -> bool:
        """True when another tab went further, forked this game or started another."""
        return self.stale_verdict(self.verdict(raw))

    @staticmethod
    def stale_verdict(verdict: str) -> bool:
        return verdict in (NEWER, FORK, OTHER_GAME)

    def write(
        self, game: Game, seats: list[str], ui: UiState, now: float, new_game: bool = False
    ) -> WriteOutcome:
        try:
            raw = self.store.getItem(AUTOSAVE_KEY)
        except Exception as exc:
            return WriteOutcome("failed", problem_text(exc, "autosave"))
        stored = peek_write(raw)
        if raw and stored is None:
            # Damaged bytes under our key: set them aside before writing over them.
            quarantine(self.store, AUTOSAVE_KEY, str(raw), "damaged autosave", now)
        if new_game or self.rev is None:
            self.game_id = new_id("g") if new_game or not self.game_id else self.game_id
            rev = (stored[0] if stored else 0) + 1
            changed = True
        else:
            verdict = self._verdict(stored, raw) if stored is not None else SAME
            if verdict in (NEWER, FORK, OTHER_GAME):
                return WriteOutcome("conflict", conflict_words(verdict)[0], verdict=verdict)
            changed = json.dumps(game_dict(game, seats), sort_keys=True) != self.last_game
            if not changed and ui == self.last_ui and verdict == SAME:
                # Nothing to say: resuming a game writes nothing. A tab whose view of the
                # storage lags (one just opened) would write back a state older than the
                # one another tab has stored meanwhile. (Putting this tab's state back
                # over an older one, OLDER, is a write.)
                return WriteOutcome("saved", rev=self.rev)
            rev = self.rev + 1 if changed else self.rev
            self.game_id = self.game_id or new_id("g")  # a first-version save had no id
        # The record names the tab that made this state of the game: a write that only
        # changes the screen state (any tab resuming the game does one) keeps it.
        writer = self.tab if changed or not self.writer else self.writer
        record = Record(AUTOSAVE_KIND, game, seats, ui, rev, self.game_id, writer, now)
        try:
            self.store.setItem(AUTOSAVE_KEY, json.dumps(record.to_json(), separators=(",", ":")))
        except Exception as exc:
            return WriteOutcome("failed", problem_text(exc, "autosave"))
        self.rev, self.writer, self.last_ui = rev, writer, ui
        if changed:
            self.last_game = json.dumps(record.game_json(), sort_keys=True)
        return WriteOutcome("saved", rev=rev)


# --- named saves --------------------------------------------------------------------------------
# What full storage still allows. Nothing the player made is dropped: a named save (or a
# deleted one waiting for Undo) that the browser refuses to store is kept in memory by
# the store (`SiteStore.keep`) and listed as usual until the page closes; a later write
# that succeeds, or `flush_kept` once a delete has made room, stores it for good.
def keep_in_memory(store: Any, key: str, value: str) -> bool:
    """Hold ``value`` in the store's memory for this page, if the store can."""
    keep = getattr(store, "keep", None)
    if keep is None:
        return False
    keep(key, value)
    return True


def kept_only(store: Any, key: str) -> bool:
    """True when ``key`` is held in memory only (the browser refused to store it)."""
    kept = getattr(store, "kept", None)
    return isinstance(kept, dict) and key in kept


def flush_kept(store: Any, trash: bool = True) -> None:
    """Try to store what is held in memory (named saves first, then, with ``trash``, the
    copies kept for Undo: they go last, after the game in play; see `delete_named`)."""
    kept = getattr(store, "kept", None)
    if not isinstance(kept, dict):
        return
    for key in sorted(kept, key=lambda k: (not k.startswith(NAMED_PREFIX), k)):
        if not trash and key.startswith(TRASH_PREFIX):
            continue
        with contextlib.suppress(Exception):
            store.setItem(key, kept[key])


def kept_text(exc: BaseException, name: str) -> str:
    why = "the browser's storage is full" if "uota" in str(exc) else "the browser refused it"
    return (
        f"“{name}” could not be stored ({why}): it stays in Saved games until this page is "
        "closed. Export it to keep it, or delete old saves to make room."
    )


def write_named(store: Any, record: Record, keep: bool = True) -> str | None:
    """Store a named save under its key; a problem message instead of raising.

    With ``keep``, a save the browser refuses is held in memory (`kept_only` tells) and
    the message says so.
    """
    if not record.key:
        record.key = NAMED_PREFIX + new_id("s")
    record.kind = NAMED_KIND
    record.name = clean_name(record.name, "Saved game", MAX_SAVE_NAME)
    text = json.dumps(record.to_json(), separators=(",", ":"))
    try:
        store.setItem(record.key, text)
    except Exception as exc:
        if keep and keep_in_memory(store, record.key, text):
            return kept_text(exc, record.name)
        return problem_text(exc, "save the game")
    return None


def rename_named(store: Any, record: Record, name: str) -> str | None:
    try:
        new_name = check_name(name)
    except StoredDataError as exc:
        return f"Cannot rename: {exc}."
    old = record.name
    record.name = new_name
    problem = write_named(store, record)
    if problem and not kept_only(store, record.key):
        record.name = old
    return problem


def delete_named(store: Any, key: str) -> str | None:
    """Move a named save to the trash (kept until the next start, for Undo). Works on a
    full storage: the trash copy is then held in memory, and the room the delete frees
    goes to saves held in memory, then to the game in play (the caller writes it), and
    only then to the trash copy (``flush_kept`` once more)."""
    problem = _move(store, key, TRASH_PREFIX + key[len(NAMED_PREFIX) :], "delete the save")
    if problem is None:
        flush_kept(store, trash=False)
    return problem


def undelete_named(store: Any, key: str) -> str | None:
    return _move(store, TRASH_PREFIX + key[len(NAMED_PREFIX) :], key, "restore the save")


def _move(store: Any, source: str, target: str, doing: str) -> str | None:
    try:
        raw = store.getItem(source)
    except Exception as exc:
        return problem_text(exc, doing)
    if raw is None:
        return f"Could not {doing}: it is no longer there."
    try:
        store.setItem(target, raw)
    except Exception as exc:
        if not keep_in_memory(store, target, raw):
            return problem_text(exc, doing)
    try:
        store.removeItem(source)
    except Exception as exc:
        return problem_text(exc, doing)
    return None


# --- the first web developer's API, kept for the app's start screen ----------------------------
@dataclass(frozen=True)
class LoadResult:
    save: dict[str, Any] | None
    problem: str | None = None


def write_autosave(store: Store, save: dict[str, Any]) -> str | None:
    """Store a bare save as the autosave; a problem message instead of raising."""
    try:
        store.setItem(AUTOSAVE_KEY, json.dumps(save, separators=(",", ":")))
    except Exception as exc:
        return problem_text(exc, "autosave")
    return None


def read_autosave(store: Store) -> LoadResult:
    """The autosaved game as an engine save dict (with seats), None, or a problem message."""
    try:
        raw = store.getItem(AUTOSAVE_KEY)
    except Exception as exc:
        return LoadResult(None, problem_text(exc, "read the saved game"))
    if raw is None or raw == "":
        return LoadResult(None)
    try:
        data = decode(str(raw), "the saved game")
    except IngeniousError as exc:
        return LoadResult(None, f"The saved game is damaged ({exc}).")
    if isinstance(data, dict) and data.get("kind") == AUTOSAVE_KIND:
        data = data.get("game")
    if not isinstance(data, dict) or data.get("format") != "ingenious":
        return LoadResult(None, "The saved game is not an Ingenious save.")
    return LoadResult(data)


def clear_autosave(store: Store) -> None:
    store.removeItem(AUTOSAVE_KEY)


def read_json(store: Store, key: str, default: Any) -> Any:
    """A small JSON value (settings, best scores); `default` when missing or damaged."""
    try:
        raw = store.getItem(key)
        return default if raw is None else decode(str(raw), key)
    except Exception:
        return default


def write_json(store: Store, key: str, value: Any) -> str | None:
    # Settings are a convenience: losing them (quota, privacy mode) must not stop the game.
    try:
        store.setItem(key, json.dumps(value))
    except Exception as exc:
        return problem_text(exc, "store this")
    return None


def clean_solo_table(table: object) -> list[dict[str, Any]]:
    """Only well-formed rows of the best solo table (hostile values are dropped)."""
    if not isinstance(table, list):
        return []
    rows = []
    for row in table:
        if not isinstance(row, dict):
            continue
        score, name, seed = row.get("score"), row.get("name"), row.get("seed")
        if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= 1000:
            continue
        if not isinstance(name, str) or len(name) > MAX_SAVE_NAME:
            continue
        name = clean_name(name, "?", MAX_SAVE_NAME)
        if seed is not None and (not isinstance(seed, int) or not 0 <= seed < 2**63):
            continue
        rows.append({"name": name, "score": score, "seed": seed})
    return rows


def record_solo_result(
    store: Store, name: str, lowest: int, seed: int | None, limit: int = 10
) -> list[dict[str, Any]]:
    """Add a solo result to the local best table; returns the table, best first.

    The same game (name, score, seed) is recorded once, so resuming a finished game
    after a reload does not count it again.
    """
    table = clean_solo_table(read_json(store, SOLO_BEST_KEY, []))
    row = {"name": name, "score": int(lowest), "seed": seed}
    if row not in table:
        table.append(row)
    table = sorted(table, key=lambda r: -r["score"])[:limit]
    write_json(store, SOLO_BEST_KEY, table)
    return table
