"""The autosave and the hooks the page shell calls (browser only).

`SaveManager` keeps the game in progress in the autosave slot after every move, resumes
it on a reload, watches for another tab writing it, and ties the other parts together:
`web.saves.panel` (the saved-games card), `web.saves.share` (files and links),
`web.saves.viewer` (replays), `web.saves.messages` (notice and toasts). The storage rules
themselves are in `web.store.storage`.

Rules kept here:

- every move is written to the autosave with the screen record (`UiState`); a reload
  lands where the game stood (the pass screen, a swap offer, a bonus placement, a bot
  to move), since the game screen is drawn from the game and that record only;
- nothing replaces the autosave silently: loading another game first keeps an
  unfinished autosave in the named list; a write that finds a newer revision from
  another tab is refused and the player chooses (load the newer state, or go on here
  as a copy);
- storage that is full or unavailable gives one clear message; the game goes on.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]

from engine.rules.game import Game
from web.i18n import N_, _, fmt
from web.play.session import VARIANT_WORD
from web.play.summary import SUMMARY_KEY
from web.saves import entries, stats, stored
from web.saves.messages import Messages
from web.saves.panel import SavesPanel
from web.saves.reviews import ReviewHome, ReviewHomes
from web.saves.share import Sharing
from web.saves.viewer import ReplayViewer
from web.saves.widgets import (
    button,
    close_dialog,
    dialog,
    make,
    now_ms,
    open_dialog,
    open_store,
    when_text,
)
from web.store import kept, storage
from web.store.storage import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    NAMED_KIND,
    Record,
    UiState,
)
from web.ui.dom import document, expose, js_value, missing, on


class SaveManager:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.store, opened = open_store()
        self.tab = storage.new_id("t")
        self.slot = storage.Autosave(self.store, self.tab)
        self.tracked: Game | None = None  # the game the autosave slot belongs to
        self.start_new = False  # the next autosave starts a new autosave game
        self.bound: Record | None = None  # "play as a copy": progress goes to this save
        self.conflict = False
        self.viewer: ReplayViewer | None = None
        self.messages = Messages(opened)
        # Checked before the app reads anything, so no stored value can stop the start.
        storage.purge_trash(self.store)
        self.scan = storage.Scan()  # the autosave only: the saves list is read by the panel
        self.scan.autosave = storage.read_record(
            self.store, AUTOSAVE_KEY, AUTOSAVE_KIND, now_ms(), self.scan.problems
        )
        for text in self.scan.problems:
            self.messages.say(text)
        self.check_small_values()
        self.reviews = ReviewHomes(self.store, self.messages.say, now_ms)
        self.sharing = Sharing(self)
        self.panel = SavesPanel(self)

    # --- start-up --------------------------------------------------------------------------------
    def check_small_values(self) -> None:
        """Every other stored value (settings, statistics, best solo results, the saved
        challenge, the line under Continue, ...: `web.saves.stored`) read once through the
        guarded path: whatever fails its check is set aside, with a notice."""
        for text in stored.check_stored(self.store, now_ms()):
            self.messages.say(text)

    def boot(self, resume: bool = True) -> bool:
        """Build the panel and messages; then open a shared link (True), or resume the
        autosave (unless ``resume`` is false: the player used the start screen before
        Python was ready, or a challenge was played last)."""
        self.layer = make("div", "saves-layer")
        self.layer.id = "saves-layer"
        document.body.appendChild(self.layer)
        self.messages.mount(self.layer)
        self.panel.build()
        self.add_game_buttons()
        self.sharing.bind()
        on(js.window, "storage", self.on_storage)
        self.expose()
        asyncio.ensure_future(self.read_keeping())
        if self.sharing.open_fragment(str(js.location.hash)):
            return True
        record = self.scan.autosave
        if resume and record is not None and record.ui.screen == "game":
            self.resume(record)
        return False

    # --- asking the browser to keep the storage ------------------------------------------------
    async def read_keeping(self) -> None:
        """Whether the browser keeps this site's storage, asked once at start; where the
        API is missing the panel says nothing about it."""
        manager = _storage_manager()
        if manager is None:
            return
        try:
            self.panel.kept = bool(await manager.persisted())
        except Exception as exc:  # refused (an opaque origin): say nothing
            js.console.warn(f"storage.persisted: {exc}")
            return
        self.panel.draw_keeping()

    def ask_to_keep(self) -> None:
        """After the first named save or finished game: ask the browser once to keep the
        storage (`entries.ask_to_keep`); the flag in the settings makes it once per site."""
        settings = self.app.settings
        if not entries.ask_to_keep(self.panel.kept, settings.get(KEEP_ASKED) == "1"):
            return
        settings[KEEP_ASKED] = "1"
        storage.write_json(self.store, storage.SETTINGS_KEY, settings)
        asyncio.ensure_future(self.request_keeping())

    async def request_keeping(self) -> None:
        manager = _storage_manager()
        if manager is None:
            return
        try:
            self.panel.kept = bool(await manager.persist())
        except Exception as exc:
            js.console.warn(f"storage.persist: {exc}")
            return
        self.panel.draw_keeping()

    def ready(self) -> None:
        """The page is ready: from now on the saves list checks the entries it shows (the
        start replays no named save; `info().replaysAtReady` tells)."""
        self.replays_at_ready = storage.named_replays()
        self.panel.start_checking()

    def add_game_buttons(self) -> None:
        """A Save button on the game bar and a Replay button on the game-over card."""
        rules = document.getElementById("rules-button")
        if not missing(rules):
            save = button(_("Save"), "save-now")
            save.id = "save-button"
            save.title = _("Keep this game in Saved games")  # the name stays the visible "Save"
            on(save, "click", lambda e: self.panel.save_current(None))
            rules.parentNode.insertBefore(save, rules)
        again = document.getElementById("over-board")
        if not missing(again):
            replay = button(_("Replay"), "replay-over")
            replay.id = "over-replay"
            on(replay, "click", lambda e: self.replay_current())
            again.parentNode.insertBefore(replay, again.nextSibling)

    def expose(self) -> None:
        """A small test hook: the tab's autosave revision and whether it is in conflict."""

        def info() -> Any:
            data = {
                "rev": self.slot.rev,
                "gameId": self.slot.game_id,
                "conflict": self.conflict,
                "bound": self.bound.key if self.bound else None,
                "messages": list(self.messages.texts),
                "memoryOnly": isinstance(self.store, storage.MemoryStore),
                "replays": storage.named_replays(),
                "replaysAtReady": getattr(self, "replays_at_ready", None),
                "listed": len(self.panel.named),
                "shown": min(len(self.panel.named), self.panel.shown),
                "listChecked": self.panel.checked_all,
            }
            return js_value(data)

        expose("ingeniousSaves", {"info": info})

    # --- hooks from the page shell ---------------------------------------------------------------
    def on_begin(self) -> None:
        """A game was put on the screen (new, loaded, resumed): it is the autosave's now."""
        self.on_autosave()

    def on_autosave(self) -> None:
        """Write the game after a move (or a new/loaded game)."""
        game = self.app.game
        if game is None:
            return
        new = game is not self.tracked or self.start_new
        if new and self.start_new is False:
            self.keep_previous_autosave(exclude=game)
        if new:
            self.bound = None
            self.conflict = False
        self.tracked, self.start_new = game, False
        self.write(self.app.ui_state(), new_game=new)

    def on_ui_change(self) -> None:
        if self.app.game is not None:
            self.write(self.app.ui_state())

    def on_start_screen(self) -> None:
        """The start screen: remember it for a reload, refresh the list and statistics."""
        if self.app.game is not None and self.tracked is self.app.game:
            self.write(self.app.ui_state("start"))
        if hasattr(self, "layer"):
            self.panel.refresh()

    def relanguage(self) -> None:
        """Another language was chosen: the panel and the game's buttons again in it."""
        self.panel.build()
        save = document.getElementById("save-button")
        if not missing(save):
            save.textContent = _("Save")
            save.title = _("Keep this game in Saved games")
        replay = document.getElementById("over-replay")
        if not missing(replay):
            replay.textContent = _("Replay")

    def refresh_panel(self) -> None:
        if hasattr(self, "layer"):
            self.panel.refresh()

    def on_game_over(self) -> None:
        game = self.app.game
        if game is None or game.phase != "over":
            return
        game_id = self.bound.game_id if self.bound else self.slot.game_id
        data = self.read_stats()
        if stats.record_game(data, game, self.app.seats, game_id, self.app.ui_state().hints):
            problem = storage.write_json(self.store, storage.STATS_KEY, data)
            if problem:
                self.messages.say(problem)
        self.ask_to_keep()

    def keep_finished(self) -> None:
        """A board game just ended: keep it beside the saves (`web.store.kept`), so that a
        new game or "Try from here" never takes it, its replay or its review away."""
        game = self.app.game
        if game is None or game.phase != "over":
            return
        game_id = self.bound.game_id if self.bound else self.slot.game_id
        _key, problem = kept.keep_finished(self.store, game, self.app.seats, game_id, now_ms())
        if problem:
            self.messages.say(problem)

    def review_home(self, game: Game, seats: list[str]) -> ReviewHome:
        """Where ``game``'s review is stored, and the review stored there."""
        return self.reviews.home(game, seats)

    def continue_game(self) -> None:
        """'Continue' on the start screen without a game in memory: resume the autosave."""
        problems: list[str] = []
        record = storage.read_record(self.store, AUTOSAVE_KEY, AUTOSAVE_KIND, now_ms(), problems)
        for text in problems:
            self.messages.say(text)
        if record is None:
            self.messages.say(problems[0] if problems else _("There is no saved game to continue."))
            return
        self.resume(record)

    def unfinished_autosave(self) -> bool:
        autosave = self.scan.autosave
        return autosave is not None and autosave.game.phase != "over"

    def stored_summary(self) -> dict[str, Any] | None:
        """The line under Continue as stored (`web.play.summary.check`), or None."""
        problems: list[str] = []
        found = stored.read_key(self.store, SUMMARY_KEY, problems, now_ms())
        for text in problems:
            self.messages.say(text)
        return found if isinstance(found, dict) else None

    def read_stats(self) -> dict[str, Any]:
        problems: list[str] = []
        data = stored.read_key(self.store, storage.STATS_KEY, problems, now_ms())
        for text in problems:
            self.messages.say(text)
        return data if data is not None else stats.empty()

    # --- writing ---------------------------------------------------------------------------------
    def write(self, ui: UiState, new_game: bool = False) -> None:
        game = self.app.game
        if game is None:
            return
        seats = self.app.seats
        if self.bound is not None:
            self.bound.game, self.bound.seats, self.bound.ui = game, seats, ui
            self.bound.saved_at = now_ms()
            self.messages.report(storage.write_named(self.store, self.bound))
            return
        if self.conflict:
            self.messages.say(_("Not saved: this game was changed in another tab."))
            return
        outcome = self.slot.write(game, seats, ui, now_ms(), new_game=new_game)
        if outcome.status == "conflict":
            self.conflict = True
            self.show_conflict()
        elif outcome.status == "failed":
            self.messages.report(outcome.message)
        else:
            self.messages.report(None)

    def use_freed_room(self) -> None:
        """After a delete on a full storage (the saves held in memory have had their turn:
        `storage.delete_named`): the game held in memory is autosaved, and only once that
        and every named save are stored does the deleted save's copy for Undo get room
        (the line under Continue follows the autosave: `App.write_summary`)."""
        game = self.app.game
        held = game is not None and (self.tracked is game or self.bound is not None)
        if self.messages.write_problem is not None and held:
            on_start = not document.getElementById("start").hidden
            self.write(self.app.ui_state("start" if on_start else "game"))
            self.app.write_summary()
        storage.flush_kept(self.store, trash=self.messages.write_problem is None or not held)

    def keep_previous_autosave(self, exclude: Game | None = None) -> str | None:
        """Before another game takes the autosave: keep an unfinished one in the list."""
        problems: list[str] = []
        record = storage.read_record(self.store, AUTOSAVE_KEY, AUTOSAVE_KIND, now_ms(), problems)
        for text in problems:
            self.messages.say(text)
        if record is None or record.game.phase == "over" or len(record.game.moves) < 2:
            return None
        if exclude is not None and record.game == exclude:
            return None
        if storage.holds_game(self.store, record.game_json()):
            return None
        kind = _(VARIANT_WORD[record.game.variant.name])
        name = fmt("Unfinished {kind} game ({when})", kind=kind, when=when_text(record.saved_at))
        kept = Record(NAMED_KIND, record.game, record.seats, record.ui, saved_at=now_ms())
        kept.name = name[: storage.MAX_SAVE_NAME]
        kept.game_id = record.game_id
        problem = storage.write_named(self.store, kept)
        if problem:
            self.messages.say(problem)
            return None
        self.messages.toast(
            fmt("Your previous game was kept in Saved games as “{name}”.", name=kept.name)
        )
        return kept.name

    def store_named(self, record: Record) -> bool:
        """Write a named save; False when it was lost. On a full storage the browser
        refuses it, the message says so, and it is kept in this page's memory (True)."""
        problem = storage.write_named(self.store, record)
        if problem:
            self.messages.say(problem)
            return storage.kept_only(self.store, record.key)
        return True

    # --- starting games from saves ---------------------------------------------------------------
    def resume(self, record: Record) -> None:
        """Play the autosave exactly as it stood (screen record included)."""
        self.slot.adopt(record)
        self.bound, self.conflict = None, False
        self.tracked, self.start_new = record.game, False
        self.app.begin(record.game, record.seats, record.ui)

    def play(self, game: Game, seats: list[str], ui: UiState, bound: Record | None = None) -> None:
        """Play a game from elsewhere (a named save, a file, a link) as the new autosave."""
        self.viewer_close()
        if bound is None:
            self.keep_previous_autosave()
        self.tracked, self.start_new = game, True
        self.app.begin(game, seats, ui)
        self.bound = bound

    # --- two tabs --------------------------------------------------------------------------------
    def on_storage(self, event: Any) -> None:
        key = event.key
        on_start = not document.getElementById("start").hidden
        if not missing(key) and storage.logical_key(self.store, str(key)) != AUTOSAVE_KEY:
            if on_start:
                self.refresh_panel()
            return
        verdict = self.stored_verdict()  # what is stored now, not the event's value
        playing = self.app.game is not None and self.tracked is self.app.game
        if self.bound is None and playing and not self.conflict and verdict == storage.OLDER:
            self.write(self.app.ui_state())  # a tab with a stale view moved it back: put ours back
            return
        if self.bound is not None or not playing or not self.slot.stale_verdict(verdict):
            if on_start:
                self.refresh_panel()
            return
        self.conflict = True
        self.show_conflict()

    def stored_verdict(self) -> str:
        """How the stored autosave compares with this tab's (`storage.Autosave.verdict`)."""
        try:
            return self.slot.verdict(storage.stored_text(self.store, AUTOSAVE_KEY))
        except Exception:  # storage gone meanwhile: nothing to compare
            return storage.SAME

    def show_conflict(self) -> None:
        if not missing(document.getElementById("conflict")):
            return
        verdict = self.stored_verdict()
        if not self.slot.stale_verdict(verdict):  # settled meanwhile (or moved back: restore)
            self.conflict = False
            if verdict == storage.OLDER:
                self.write(self.app.ui_state())
            return
        what, load_label = storage.conflict_words(verdict)
        box, card = dialog("conflict", "alertdialog", _("This game changed in another tab"))
        card.appendChild(make(
            "p", "",
            fmt("{what} Nothing was overwritten: load the autosaved game there, or keep "
                "playing here as a separate copy (in Saved games).", what=what),
        ))  # fmt: skip
        row = make("div", "row-buttons")
        newer = button(load_label, "load-newer", "primary")
        copy = button(_("Keep playing here as a copy"), "keep-copy")
        on(newer, "click", lambda e: self.resolve_conflict(box, load=True))
        on(copy, "click", lambda e: self.resolve_conflict(box, load=False))
        row.appendChild(newer)
        row.appendChild(copy)
        card.appendChild(row)
        open_dialog(self.layer, box, newer)

    def resolve_conflict(self, box: Any, load: bool) -> None:
        close_dialog(box)
        if load:
            self.conflict = False
            self.continue_game()
            return
        game = self.app.game
        if game is None:
            return
        copy = Record(NAMED_KIND, game, self.app.seats, self.app.ui_state())
        copy.name = fmt("Copy of {kind} game ({when})", kind=_(VARIANT_WORD[game.variant.name]),
                        when=when_text(now_ms()))[:60]  # fmt: skip
        copy.game_id = storage.new_id("g")
        copy.saved_at = now_ms()
        if not self.store_named(copy):
            return
        self.conflict = False
        self.bound = copy
        self.messages.toast(fmt("Playing on as a copy: “{name}” in Saved games.", name=copy.name))

    # --- replays ---------------------------------------------------------------------------------
    def replay_current(self) -> None:
        if self.app.game is not None:
            self.viewer_open(N_("this game"), self.app.game, self.app.seats)

    def viewer_open(self, title: str, game: Game, seats: list[str] | None = None) -> None:
        self.viewer_close()
        kinds = list(seats) if seats else None
        self.viewer = ReplayViewer(
            self.layer, title, game, self.viewer_closed,
            on_review=lambda shown: self.app.open_review(shown, kinds, everyone=True),
        )  # fmt: skip

    def viewer_closed(self) -> None:
        self.viewer = None

    def viewer_close(self) -> None:
        if self.viewer is not None:
            self.viewer.remove()
            self.viewer = None


KEEP_ASKED = "keep-storage-asked"  # in the settings: the browser was asked to keep storage


def _storage_manager() -> Any:
    """`navigator.storage` when it has `persisted` and `persist`, else None."""
    manager = getattr(js.navigator, "storage", None)
    if manager is None or missing(manager):
        return None
    for name in ("persisted", "persist"):
        method = getattr(manager, name, None)
        if method is None or missing(method):
            return None
    return manager
