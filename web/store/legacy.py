"""Entries of earlier releases, stored before saves were kept per folder, taken into this
copy's part of the storage at every start (`open_site_store`, `migrate_legacy`).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from web.i18n import fmt, fmt_n
from web.store.named import write_named
from web.store.records import parse_record
from web.store.store import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    NAMED_KIND,
    NAMED_PREFIX,
    PREFIX,
    QUARANTINE_PREFIX,
    SUMMARY_KEY,
    TRASH_PREFIX,
    SiteStore,
    StoredDataError,
    describe_key,
    new_id,
    read_stored,
    site_root,
    site_tag,
    store_keys,
    stored_text,
)

LEGACY_AUTOSAVE_NAME = "Game from before this copy kept its own saves"
#: Plain entries made from others, not copied: the line under Continue describes the
#: older copy's autosave, and this copy writes its own with its next autosave.
DERIVED = frozenset({SUMMARY_KEY})
# Logical key: which plain entries this copy has taken in, each with a fingerprint of the
# text it took, so a start copies each version of an older entry once.
LEGACY_TAKEN_KEY = "ingenious.legacy-taken"


def fingerprint(text: str) -> str:
    """A short tag of a stored text (FNV-1a, as `site_tag`): "the same entry as before"."""
    return f"{len(text)}-{site_tag(text)}"


def migrate_legacy(store: SiteStore, now: float) -> list[str]:
    """Copy entries stored before saves were kept per folder (plain ``ingenious.…`` keys)
    into this copy's part of the storage; returns messages for the player.

    Runs at every start. The line under Continue (`DERIVED`) is not copied: it is made
    from the autosave, which is. The plain entries are left exactly as they are: they may belong
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
        k
        for k in store_keys(backend)
        if k.startswith(PREFIX) and not k.startswith(TRASH_PREFIX) and k not in DERIVED
    )
    messages: list[str] = []
    taken = _taken(store, messages)
    before = dict(taken)
    stuck = 0
    for key in legacy:
        try:
            text = stored_text(backend, key)
            if text is None:
                continue
            mark = fingerprint(text)
            if taken.get(key) == mark:
                continue
            mine = stored_text(store, key)
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
            fmt_n(
                "{n} saved entry from an earlier version could not be copied to this copy's "
                "storage (the browser's storage is full). It is kept where it was and copied "
                "at a later start.",
                "{n} saved entries from an earlier version could not be copied to this copy's "
                "storage (the browser's storage is full). They are kept where they were and "
                "copied at a later start.",
                "n",
                n=stuck,
            )
        )
    return messages


def _taken(store: SiteStore, problems: list[str]) -> dict[str, str]:
    """The plain entries taken in before (a damaged or hostile value is set aside, with
    a notice in ``problems``, and counts as none)."""
    return dict(read_stored(store, LEGACY_TAKEN_KEY, check_taken, problems, {}))


def check_taken(data: object) -> dict[str, str]:
    """The stored list of older entries taken in: keys and fingerprints, all text."""
    if not isinstance(data, dict):
        raise StoredDataError("the list of older entries must be an object")
    if not all(isinstance(k, str) and isinstance(v, str) and len(v) <= 40 for k, v in data.items()):
        raise StoredDataError("the list of older entries must pair keys with fingerprints")
    return dict(data)


def _keep_beside(store: SiteStore, key: str, text: str, now: float) -> str:
    """An older entry whose key this copy already uses: keep it under another key."""
    if key == AUTOSAVE_KEY:
        try:
            record = parse_record(text, AUTOSAVE_KIND)
        except StoredDataError:
            record = None
        if record is not None:
            # One entry per game of the older copy, under a key of its own: when that copy
            # moves the game on again, the next start updates the entry (keeping a name
            # given to it here) rather than add another.
            record.kind, record.name = NAMED_KIND, LEGACY_AUTOSAVE_NAME
            record.key = f"{NAMED_PREFIX}legacy-{record.game_id or 'autosave'}"
            before = read_stored(store, record.key, lambda t: parse_record(t, NAMED_KIND), [],
                                 text=True)  # fmt: skip
            if before is not None:
                record.name = before.name
            record.saved_at = record.saved_at or now
            problem = write_named(store, record, keep=False)
            if problem:
                raise RuntimeError(problem)
            return fmt(
                "An autosaved game from an earlier version is in Saved games as “{name}”.",
                name=record.name,
            )
    target = f"{QUARANTINE_PREFIX}{int(now)}-{new_id()}"
    kept = {"from": key, "problem": "an older copy of this entry", "at": now, "raw": text}
    store.setItem(target, json.dumps(kept))
    return fmt("{what} from an earlier version was set aside, not deleted.", what=describe_key(key))


def open_site_store(backend: Any, pathname: str, now: float) -> tuple[SiteStore, list[str]]:
    """This copy's store for a page at ``pathname``, with older entries copied in."""
    store = SiteStore(backend, site_root(pathname))
    return store, migrate_legacy(store, now)
