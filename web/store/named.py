"""Named saves: write, rename, delete (kept in the trash until the next start, so a
delete can be undone) and undelete. Nothing the player made is dropped: a save the
browser refuses to store is kept in memory by the store and written later.
"""

from __future__ import annotations

import json
from typing import Any

from engine.rules.names import clean_name
from web.i18n import _, fmt
from web.store.records import Record, check_name
from web.store.store import (
    MAX_SAVE_NAME,
    NAMED_KIND,
    NAMED_PREFIX,
    TRASH_PREFIX,
    StoredDataError,
    could_not,
    flush_kept,
    keep_in_memory,
    kept_only,
    new_id,
    problem_text,
    stored_text,
)


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
    record.name = clean_name(record.name, _("Saved game"), MAX_SAVE_NAME)
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
        return fmt("Cannot rename: {problem}.", problem=str(exc))
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
        raw = stored_text(store, source)
    except Exception as exc:
        return problem_text(exc, doing)
    if raw is None:
        return fmt("{action}: it is no longer there.", action=could_not(doing))
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
