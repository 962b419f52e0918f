"""The store: what the game keeps in localStorage, under keys of its own site.

The store is anything with `getItem(key) -> str | None`, `setItem(key, value)`,
`removeItem(key)` and, for listing, `keys()`: the browser's localStorage in the page
(see `web.saves.widgets`), a `MemoryStore` in tests. Here: the keys, `SiteStore` (one
copy of the site per folder), quarantine (a bad entry is set aside verbatim with the
reason, never deleted), writes kept in memory when the browser's storage is full, and
small JSON values. The records stored under the keys are `web.store.records`.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Callable
from typing import Any, Protocol

from engine import IngeniousError
from engine.formats.jsontext import decode
from web.i18n import N_, _, fmt
from web.play.summary import SUMMARY_KEY as SUMMARY_KEY

PREFIX = "ingenious."
AUTOSAVE_KEY = "ingenious.autosave"
SETTINGS_KEY = "ingenious.settings"
SOLO_BEST_KEY = "ingenious.solo-best"
STATS_KEY = "ingenious.stats"
NAMED_PREFIX = "ingenious.save."
TRASH_PREFIX = "ingenious.trash."
QUARANTINE_PREFIX = "ingenious.quarantine."
CHALLENGE_AUTOSAVE_KEY = "ingenious.challenge-autosave"  # written by web.challenges.session
PUZZLES_KEY = "ingenious.puzzles"  # written by web.coach.puzzle_model
LANG_KEY = "ingenious.lang"  # written by web/i18n/lang.js (plain text, not JSON)

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


#: What a storage call was doing when it failed (a key of this table, or any text): each
#: is said as the end of "Could not …" in the player's language.
DOING = {
    "autosave": N_("Could not autosave"),
    "read the saved game": N_("Could not read the saved game"),
    "read the saved games": N_("Could not read the saved games"),
    "save the game": N_("Could not save the game"),
    "delete the save": N_("Could not delete the save"),
    "restore the save": N_("Could not restore the save"),
    "remove the set-aside entries": N_("Could not remove the set-aside entries"),
    "store this": N_("Could not store this"),
    "open the browser's storage": N_("Could not open the browser's storage"),
}


def could_not(doing: str) -> str:
    """``Could not <doing>`` in the player's language (a whole sentence id per action)."""
    return _(doing) if doing.startswith("Could not ") else _(DOING.get(doing, doing))


def problem_text(exc: BaseException, doing: str) -> str:
    """Words for a failed storage call (the browser raises DOMExceptions we cannot name)."""
    text = str(exc)
    action = could_not(doing)
    if "Quota" in text or "quota" in text:
        if doing.startswith(("delete", "remove", "restore", "Could not delete",
                             "Could not remove", "Could not restore")):  # fmt: skip
            return fmt("{action}: the browser's storage is full.", action=action)
        return fmt(
            "{action}: the browser's storage is full. The game goes on in memory; "
            "delete old saves or export this game to keep it.",
            action=action,
        )
    if "Security" in text or "denied" in text or "not available" in text:
        return fmt(
            "{action}: this browser does not allow saving here (private mode?). "
            "The game goes on in memory; export it to keep it.",
            action=action,
        )
    return fmt("{action} ({problem}). The game goes on in memory.", action=action,
               problem=text[:120])  # fmt: skip


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
        return fmt("{what} could not be opened ({problem}). It was left untouched.",
                   what=what, problem=problem)  # fmt: skip
    with contextlib.suppress(Exception):
        store.removeItem(key)
    return fmt("{what} could not be opened ({problem}). It was set aside, not deleted.",
               what=what, problem=problem)  # fmt: skip


#: Each stored value by what the player knows it as (the start of a sentence).
KEY_WORDS = {
    AUTOSAVE_KEY: N_("The autosaved game"),
    STATS_KEY: N_("The statistics"),
    SOLO_BEST_KEY: N_("The best solo results"),
    CHALLENGE_AUTOSAVE_KEY: N_("The saved challenge"),
    SETTINGS_KEY: N_("The settings"),
    SUMMARY_KEY: N_("The summary of the game played last"),
    PUZZLES_KEY: N_("The daily puzzles' record"),
    LANG_KEY: N_("The chosen language"),
}


def describe_key(key: str) -> str:
    if key in KEY_WORDS:
        return _(KEY_WORDS[key])
    if key.startswith(NAMED_PREFIX):
        return _("A saved game")
    if key.startswith(PREFIX + "finished."):  # web.store.kept
        return _("A finished game")
    return fmt("The stored entry {key}", key=repr(key[:60]))


# --- the one way a stored value is read ---------------------------------------------------------
#: A stored value's check: the decoded value in, the value the game uses out (a clean copy,
#: a record); any exception means the value cannot be used.
Check = Callable[[Any], Any]


def read_stored(
    store: Any,
    key: str,
    check: Check,
    problems: list[str],
    default: Any = None,
    *,
    now: float | None = None,
    text: bool = False,
    max_text: int | None = None,
) -> Any:
    """The one way the game reads a value it stored: ``check`` of the value under ``key``,
    or ``default`` when nothing is stored there.

    Any page of the site can write any key, so nothing stored is trusted. The text is
    decoded with the limits saves have (`engine.formats.jsontext.decode`: size and nesting; with
    ``text``, ``check`` gets the plain text instead), then ``check`` turns it into what
    the game uses, or raises. On any failure (a refusal, or any other exception the
    value causes) the entry is set aside verbatim under a quarantine key (`quarantine`),
    the notice for the player is appended to ``problems``, and ``default`` is returned:
    a stored value never stops the game. A storage the browser will not read gives its
    message and ``default``. Texts of stored values are never formatted as they stand
    (`web.i18n.fill` fills kept messages).
    """
    try:
        raw = store.getItem(key)
    except Exception as exc:
        problems.append(problem_text(exc, "read the saved games"))
        return default
    if raw is None or raw == "":
        return default
    stored = str(raw)
    try:
        if text:
            if max_text is not None and len(stored) > max_text:
                raise StoredDataError(f"it is too large ({len(stored)} characters)")
            value: Any = stored
        else:
            value = decode(stored, "the stored value", **({} if max_text is None else
                                                         {"max_text": max_text}))  # fmt: skip
        return check(value)
    except Exception as exc:  # noqa: BLE001 (whatever a stored value causes, it is set aside)
        when = time.time() * 1000 if now is None else now
        problems.append(quarantine(store, key, stored, refusal(exc), when))
        return default


def refusal(exc: BaseException) -> str:
    """Why a stored value was refused, in a few words (what the checks say; for anything
    else the kind of failure, never its text, which may quote the value)."""
    if isinstance(exc, IngeniousError | ValueError):
        return str(exc)
    return fmt("it could not be read ({kind})", kind=type(exc).__name__)


def stored_text(store: Any, key: str) -> str | None:
    """The exact text stored under ``key`` (None: nothing), for what copies or compares an
    entry verbatim (the trash, the copy of older entries, the two-tab revision check);
    raises what the browser raises. Reading a value goes through `read_stored`."""
    raw = store.getItem(key)
    return None if raw is None else str(raw)


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
    """Try to store what is held in memory: named saves first; then, with ``trash``, the
    copies kept for Undo, but only once no named save is left in memory only (the room a
    delete frees goes to saves and the game in play before a copy for Undo, which the
    next start removes anyway; see `delete_named`)."""
    kept = getattr(store, "kept", None)
    if not isinstance(kept, dict):
        return
    for key in sorted(kept, key=lambda k: (not k.startswith(NAMED_PREFIX), k)):
        if key.startswith(TRASH_PREFIX) and (
            not trash or any(k.startswith(NAMED_PREFIX) for k in kept)
        ):
            continue
        with contextlib.suppress(Exception):
            store.setItem(key, kept[key])


def read_json(store: Store, key: str, default: Any, check: Check | None = None) -> Any:
    """A small JSON value (settings, best scores), through `read_stored` (with ``check``,
    if given); `default` when missing, or when damaged (then set aside)."""
    return read_stored(store, key, check or _same, [], default)


def _same(value: Any) -> Any:
    return value


def write_json(store: Store, key: str, value: Any) -> str | None:
    # Settings are a convenience: losing them (quota, privacy mode) must not stop the game.
    try:
        store.setItem(key, json.dumps(value))
    except Exception as exc:
        return problem_text(exc, "store this")
    return None
