"""Saving the current game in the browser (localStorage), kept apart so it can grow.

The store is anything with `getItem(key) -> str | None`, `setItem(key, value)` and
`removeItem(key)`: the browser's localStorage in the page, a `MemoryStore` in tests.
Values are the engine's `game.to_save()` JSON. Reading never raises: a damaged or
foreign value is reported and left in place for a later import/repair tool.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

AUTOSAVE_KEY = "ingenious.autosave"
SETTINGS_KEY = "ingenious.settings"
SOLO_BEST_KEY = "ingenious.solo-best"


class Store(Protocol):
    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (browser API name)

    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802

    def removeItem(self, key: str) -> None: ...  # noqa: N802


class MemoryStore:
    """A dict-backed stand-in for localStorage."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


@dataclass(frozen=True)
class LoadResult:
    save: dict[str, Any] | None
    problem: str | None = None


def write_autosave(store: Store, save: dict[str, Any]) -> str | None:
    """Store the save; returns a problem message instead of raising (quota, privacy mode)."""
    try:
        store.setItem(AUTOSAVE_KEY, json.dumps(save, separators=(",", ":")))
    except Exception as exc:  # the browser raises DOMException subclasses we cannot name
        return f"Could not autosave this game: {exc}"
    return None


def read_autosave(store: Store) -> LoadResult:
    """The autosaved game as a dict, None if there is none, or a problem message."""
    try:
        raw = store.getItem(AUTOSAVE_KEY)
    except Exception as exc:
        return LoadResult(None, f"Could not read the saved game: {exc}")
    if raw is None or raw == "":
        return LoadResult(None)
    try:
        data = json.loads(str(raw))
    except json.JSONDecodeError as exc:
        return LoadResult(None, f"The saved game is damaged (not JSON: {exc.msg}).")
    if not isinstance(data, dict) or data.get("format") != "ingenious":
        return LoadResult(None, "The saved game is not an Ingenious save.")
    return LoadResult(data)


def clear_autosave(store: Store) -> None:
    store.removeItem(AUTOSAVE_KEY)


def read_json(store: Store, key: str, default: Any) -> Any:
    """A small JSON value (settings, best scores); `default` when missing or damaged."""
    try:
        raw = store.getItem(key)
        return default if raw is None else json.loads(str(raw))
    except Exception:
        return default


def write_json(store: Store, key: str, value: Any) -> None:
    # Settings are a convenience: losing them (quota, privacy mode) must not stop the game.
    with contextlib.suppress(Exception):
        store.setItem(key, json.dumps(value))


def record_solo_result(
    store: Store, name: str, lowest: int, seed: int | None, limit: int = 10
) -> list[dict[str, Any]]:
    """Add a solo result to the local best table; returns the table, best first."""
    table = read_json(store, SOLO_BEST_KEY, [])
    if not isinstance(table, list):
        table = []
    table.append({"name": name, "score": int(lowest), "seed": seed})
    table = sorted(
        (row for row in table if isinstance(row, dict) and isinstance(row.get("score"), int)),
        key=lambda row: -row["score"],
    )[:limit]
    write_json(store, SOLO_BEST_KEY, table)
    return table
