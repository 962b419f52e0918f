"""Every value the game keeps under a key of its own, with the check that reads it (pure:
CPython-tested).

Any page of the site can write any of these keys, so nothing stored is trusted: each is
read through the one guarded path, `web.store.store.read_stored` (decoded with the limits
saves have, checked, set aside under a quarantine key with a notice when it fails, never
a failed start). `check_stored` reads every key of `STORED` that way once at start,
before anything else reads them, so whatever a later reader finds has passed its check
or is gone. A new key gets its check here (`tests/web/test_stored_keys.py` finds every
key the code names and fails for one that is missing); keys under a prefix (named
saves, the trash, the set-aside entries, the finished games) are read by
`web.store.records.index`, `web.store.records.purge_trash`, `web.store.store.quarantined`
and `web.store.kept` (through the same guarded path).
"""

from __future__ import annotations

import re
from typing import Any

from web.challenges.session import check_session
from web.coach.puzzle_model import PUZZLES_KEY, clean_record
from web.play import summary
from web.saves import stats
from web.store.legacy import LEGACY_TAKEN_KEY, check_taken
from web.store.records import parse_record
from web.store.store import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    CHALLENGE_AUTOSAVE_KEY,
    LANG_KEY,
    SETTINGS_KEY,
    SOLO_BEST_KEY,
    STATS_KEY,
    Check,
    StoredDataError,
    read_stored,
    store_keys,
)
from web.store.values import check_puzzle_record, clean_solo_table

MAX_SETTINGS = 40  # a few settings (speed, confirm, keep-storage-asked)


def check_settings(value: object) -> dict[str, Any]:
    """The settings: a small object of short texts, true/false values and numbers."""
    if not isinstance(value, dict) or len(value) > MAX_SETTINGS:
        raise StoredDataError("settings must be a small object")
    for key, item in value.items():
        if len(key) > 40:
            raise StoredDataError("a setting's name is too long")
        if isinstance(item, str):
            if len(item) > 100:
                raise StoredDataError("a setting's value is too long")
        elif not isinstance(item, bool | int | float) or item != item:
            raise StoredDataError("settings must be text, true/false or numbers")
    return dict(value)


def check_solo(value: object) -> list[dict[str, Any]]:
    if not isinstance(value, list) or len(clean_solo_table(value)) != len(value):
        raise StoredDataError("the best solo table has malformed rows")
    return clean_solo_table(value)


def check_puzzles(value: object) -> dict[str, Any]:
    """The daily puzzles' record: its schema (`web.store.values.check_puzzle_record`), then
    the record the puzzle's model reads."""
    return clean_record(check_puzzle_record(value))


_LANG = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,4}$")


def check_lang(text: str) -> str:
    """The language chosen in a menu, a plain tag (web/i18n/lang.js writes it)."""
    if not _LANG.match(text):
        raise StoredDataError("not a language tag")
    return text


def check_autosave(text: str) -> Any:
    return parse_record(text, AUTOSAVE_KIND, AUTOSAVE_KEY)


#: Every key the game stores a value under, with its check. Plain text values (not JSON)
#: are in `TEXT_KEYS`.
STORED: dict[str, Check] = {
    AUTOSAVE_KEY: check_autosave,
    SETTINGS_KEY: check_settings,
    STATS_KEY: stats.validate,
    SOLO_BEST_KEY: check_solo,
    CHALLENGE_AUTOSAVE_KEY: check_session,
    summary.SUMMARY_KEY: summary.check,
    PUZZLES_KEY: check_puzzles,
    LEGACY_TAKEN_KEY: check_taken,
    LANG_KEY: check_lang,
}
TEXT_KEYS = frozenset({AUTOSAVE_KEY, LANG_KEY})
#: Keys whose values are short (the rest: the limit of saves, `engine.formats.jsontext.MAX_TEXT`).
LIMITS = {summary.SUMMARY_KEY: summary.MAX_STORED, LANG_KEY: 64}
#: Read by `SaveManager` itself at start (the autosave is read once, as a record).
READ_APART = frozenset({AUTOSAVE_KEY})
#: Key prefixes of entries read one by one elsewhere (see the module's text).
PREFIXES = ("ingenious.save.", "ingenious.trash.", "ingenious.quarantine.", "ingenious.finished.")


def read_key(store: Any, key: str, problems: list[str], now: float | None = None) -> Any:
    """The value under one of `STORED`'s keys, checked (None: none, or set aside)."""
    return read_stored(store, key, STORED[key], problems, now=now, text=key in TEXT_KEYS,
                       max_text=LIMITS.get(key))  # fmt: skip


def check_stored(store: Any, now: float, skip: frozenset[str] = READ_APART) -> list[str]:
    """Read every stored key once through the guarded path (`read_key`): whatever fails
    its check is set aside. The notices for the player, one per entry set aside."""
    problems: list[str] = []
    present = set(store_keys(store))
    for key in STORED:
        if key in skip or (present and key not in present):
            continue
        read_key(store, key, problems, now)
    return problems
