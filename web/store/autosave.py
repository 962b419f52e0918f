"""The autosave: the game in progress, rewritten after every move, safe with two tabs.

`Autosave` decides whether a write may go ahead: each record carries the game's revision
(`rev`) and the tab that made it (`tab`), so a tab whose copy is stale (another tab went
on, forked or started another game) is told so in words (`conflict_words`) instead of
overwriting the newer game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.rules.game import Game
from web.i18n import N_, _
from web.store.records import Record, UiState, game_dict, peek_write
from web.store.store import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    DOING,
    Store,
    StoredDataError,
    new_id,
    problem_text,
    quarantine,
    read_stored,
    stored_text,
)


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
    NEWER: (N_("Another tab saved a newer state of this game."), N_("Load the newer state")),
    FORK: (N_("Another tab saved a different state of this game, as far on as this one."),
           N_("Load the other tab's state")),
    OTHER_GAME: (N_("Another tab started another game."), N_("Load the other game")),
}  # fmt: skip


def conflict_words(verdict: str) -> tuple[str, str]:
    """What another tab did (a sentence), and the label of the button that loads it, in the
    player's language."""
    what, label = CONFLICT_WORDS.get(verdict, CONFLICT_WORDS[NEWER])
    return _(what), _(label)


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
            raw = stored_text(self.store, AUTOSAVE_KEY)
        except Exception as exc:
            return WriteOutcome("failed", problem_text(exc, DOING["autosave"]))
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
            return WriteOutcome("failed", problem_text(exc, DOING["autosave"]))
        self.rev, self.writer, self.last_ui = rev, writer, ui
        if changed:
            self.last_game = json.dumps(record.game_json(), sort_keys=True)
        return WriteOutcome("saved", rev=rev)


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
        return problem_text(exc, DOING["autosave"])
    return None


def read_autosave(store: Store) -> LoadResult:
    """The autosaved game as an engine save dict (with seats), None, or a problem message
    (a damaged one is set aside: `read_stored`)."""
    problems: list[str] = []
    save = read_stored(store, AUTOSAVE_KEY, _bare_save, problems)
    return LoadResult(save, problems[0] if problems else None)


def _bare_save(data: object) -> dict[str, Any]:
    if isinstance(data, dict) and data.get("kind") == AUTOSAVE_KIND:
        data = data.get("game")
    if not isinstance(data, dict) or data.get("format") != "ingenious":
        raise StoredDataError("not an Ingenious save")
    return data


def clear_autosave(store: Store) -> None:
    store.removeItem(AUTOSAVE_KEY)
