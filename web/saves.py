"""Saves in the page: autosave and resume, named saves, import/export, links, replays, stats.

The app calls a handful of hooks (`SaveManager.on_autosave`, `on_ui_change`,
`on_start_screen`, `on_game_over`, `continue_game`, `boot`); everything else lives
here. The named-saves list is built from Python into ``#saves-panel``; dialogs and
messages go into one ``#saves-layer`` element added to the body. Text from a save
(names, file names, reasons) is always set with ``textContent``.

Rules kept here (the storage rules themselves are in `web.storage`):

- every move is written to the autosave with the screen state; a reload lands where
  the game stood (the pass screen, a swap offer, a bonus placement, a bot to move);
- nothing replaces the autosave silently: loading another game first keeps an
  unfinished autosave in the named list; a write that finds a newer revision from
  another tab is refused and the player chooses (load the newer state, or go on here
  as a copy);
- storage that is full or unavailable gives one clear message; the game goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import js  # type: ignore[import-not-found]

from engine.game import Game
from engine.jsontext import decode
from engine.names import clean_name
from web import share, stats, storage
from web.dom import document, expose, js_value, missing, on
from web.replay import ReplayViewer, draw_view
from web.session import HUMAN, Setup
from web.storage import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    NAMED_KIND,
    Record,
    StoredDataError,
    UiState,
)

TOAST_SECONDS = 10.0
THUMB = 72.0


def _make(tag: str, cls: str = "", text: str = "") -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    return node


def _dialog(
    box_id: str, role: str, heading: str, title_id: str | None = None
) -> tuple[Any, Any]:
    """An overlay with a card (`role` dialog or alertdialog) titled by `heading`."""
    box = _make("div", "overlay saves-dialog")
    box.id = box_id
    card = _make("div", "card dialog")
    card.setAttribute("role", role)
    title = _make("h2", "", heading)
    title.id = title_id or f"{box_id}-title"
    card.setAttribute("aria-labelledby", title.id)
    card.appendChild(title)
    return box, card


def _button(text: str, action: str, cls: str = "") -> Any:
    node = _make("button", cls, text)
    node.type = "button"
    node.setAttribute("data-action", action)
    return node


def now_ms() -> float:
    return float(js.Date.now())


def when_text(ms: float) -> str:
    return str(js.Date.new(ms).toLocaleString()) if ms else "unknown date"


class LocalStore:
    """localStorage behind the `storage.Store` protocol, with key listing."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def getItem(self, key: str) -> str | None:  # noqa: N802
        value = self.backend.getItem(key)
        return None if value is None or missing(value) else str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.backend.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.backend.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.backend.key(i)) for i in range(int(self.backend.length))]


def open_store() -> tuple[Any, list[str]]:
    """This copy's part of the browser's storage (see `storage.SiteStore`), with entries of
    earlier versions moved in; or an in-memory store and the reason storage is unavailable."""
    try:
        backend = js.window.localStorage
        if backend is None or missing(backend):
            raise RuntimeError("SecurityError: storage not available")
        backend.getItem(AUTOSAVE_KEY)
        return storage.open_site_store(LocalStore(backend), str(js.location.pathname), now_ms())
    except Exception as exc:
        return storage.MemoryStore(), [storage.problem_text(exc, "open the browser's storage")]


class SaveManager:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.store, opened = open_store()
        app.store = self.store
        self.tab = storage.new_id("t")
        self.slot = storage.Autosave(self.store, self.tab)
        self.tracked: Game | None = None  # the game the autosave slot belongs to
        self.start_new = False  # the next autosave starts a new autosave game
        self.bound: Record | None = None  # "play as a copy": progress goes to this save
        self.conflict = False
        self.write_problem: str | None = None
        self.viewer: ReplayViewer | None = None
        self.named: list[Record] = []
        self.messages: list[str] = opened
        # Checked before the app reads anything, so no stored value can stop the start.
        storage.purge_trash(self.store)
        self.scan = storage.scan(self.store, now_ms())
        self.messages += self.scan.problems
        self.check_small_values()

    # --- start-up --------------------------------------------------------------------------------
    def check_small_values(self) -> None:
        """Settings, statistics and best solo results: set aside when malformed."""
        checks = {
            storage.SETTINGS_KEY: self._check_settings,
            storage.STATS_KEY: stats.validate,
            storage.SOLO_BEST_KEY: self._check_solo,
        }
        for key, check in checks.items():
            try:
                raw = self.store.getItem(key)
            except Exception:
                return
            if raw is None:
                continue
            try:
                check(decode(raw, key))
            except Exception as exc:
                self.messages.append(storage.quarantine(self.store, key, raw, str(exc), now_ms()))

    @staticmethod
    def _check_settings(value: object) -> None:
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise StoredDataError("settings must be an object of text values")

    @staticmethod
    def _check_solo(value: object) -> None:
        if not isinstance(value, list) or len(storage.clean_solo_table(value)) != len(value):
            raise StoredDataError("the best solo table has malformed rows")

    def boot(self) -> None:
        """Build the panel and messages; then open a shared link, or resume the autosave."""
        self.layer = _make("div", "saves-layer")
        self.layer.id = "saves-layer"
        self.notice = _make("div", "saves-notice")
        self.notice.id = "saves-notice"
        self.notice.setAttribute("role", "alert")
        self.toasts = _make("div", "saves-toasts")
        self.toasts.id = "saves-toasts"
        self.toasts.setAttribute("aria-live", "polite")
        self.layer.appendChild(self.notice)
        self.layer.appendChild(self.toasts)
        document.body.appendChild(self.layer)
        self.build_panel()
        self.add_game_buttons()
        on(js.window, "storage", self.on_storage)
        on(document, "dragover", self.on_drag_over)
        on(document, "drop", self.on_drop)
        self.show_messages()
        self.expose()
        if share.fragment_payload(str(js.location.hash)) is not None:
            self.open_fragment(str(js.location.hash))
            return
        record = self.scan.autosave
        if record is not None and record.ui.screen == "game":
            self.resume(record)

    def add_game_buttons(self) -> None:
        """A Save button on the game bar and a Replay button on the game-over card."""
        rules = document.getElementById("rules-button")
        if not missing(rules):
            button = _button("Save", "save-now")
            button.id = "save-button"
            button.setAttribute("aria-label", "Keep this game in Saved games")
            on(button, "click", lambda e: self.save_current(None))
            rules.parentNode.insertBefore(button, rules)
        again = document.getElementById("over-board")
        if not missing(again):
            button = _button("Replay", "replay-over")
            button.id = "over-replay"
            on(button, "click", lambda e: self.replay_current())
            again.parentNode.insertBefore(button, again.nextSibling)

    def expose(self) -> None:
        """A small test hook: the tab's autosave revision and whether it is in conflict."""

        def info() -> Any:
            data = {
                "rev": self.slot.rev,
                "gameId": self.slot.game_id,
                "conflict": self.conflict,
                "bound": self.bound.key if self.bound else None,
                "messages": list(self.messages),
                "memoryOnly": isinstance(self.store, storage.MemoryStore),
            }
            return js_value(data)

        expose("ingeniousSaves", {"info": info})

    # --- messages --------------------------------------------------------------------------------
    def show_messages(self) -> None:
        self.notice.replaceChildren()
        if not self.messages:
            self.notice.hidden = True
            return
        shown = self.messages[:8]
        for text in shown:
            self.notice.appendChild(_make("p", "", text))
        if len(self.messages) > len(shown):
            more = len(self.messages) - len(shown)
            self.notice.appendChild(_make("p", "", f"…and {more} more."))
        close = _button("Dismiss", "dismiss")
        on(close, "click", lambda e: self.clear_messages())
        self.notice.appendChild(close)
        self.notice.hidden = False

    def clear_messages(self) -> None:
        self.messages = []
        self.show_messages()

    def say(self, text: str) -> None:
        if text not in self.messages:
            self.messages.append(text)
        self.show_messages()

    def toast(self, text: str, action: str = "", handler: Any = None) -> Any:
        box = _make("div", "toast")
        box.appendChild(_make("span", "", text))
        if action and handler is not None:
            button = _button(action, "toast-action")

            def run(event: Any) -> None:
                box.remove()
                handler()

            on(button, "click", run)
            box.appendChild(button)
        self.toasts.appendChild(box)

        async def expire() -> None:
            await asyncio.sleep(TOAST_SECONDS)
            box.remove()

        asyncio.ensure_future(expire())
        return box

    # --- hooks from the app ----------------------------------------------------------------------
    def ui_state(self, screen: str = "game") -> UiState:
        app = self.app
        game = app.game
        revealed = app.revealed
        if game is None or not isinstance(revealed, int) or not 0 <= revealed < game.players:
            revealed = None
        return UiState(revealed, screen)

    def on_autosave(self) -> bool:
        """Write the game after a move (or a new/loaded game); True: handled here."""
        app = self.app
        if app.game is None or app.setup is None:
            return True
        new = app.game is not self.tracked or self.start_new
        if new and self.start_new is False:
            self.keep_previous_autosave(exclude=app.game)
        if new:
            self.bound = None
            self.conflict = False
        self.tracked, self.start_new = app.game, False
        self.write(self.ui_state(), new_game=new)
        return True

    def on_ui_change(self) -> None:
        if self.app.game is not None:
            self.write(self.ui_state())

    def on_start_screen(self) -> None:
        """The start screen: remember it for a reload, refresh the list and statistics."""
        if self.app.game is not None and self.tracked is self.app.game:
            self.write(self.ui_state("start"))
        if hasattr(self, "panel"):
            self.refresh_panel()

    def on_game_over(self) -> None:
        app = self.app
        game, setup = app.game, app.setup
        if game is None or setup is None or game.phase != "over":
            return
        game_id = self.bound.game_id if self.bound else self.slot.game_id
        data = self.read_stats()
        if data is not None and stats.record_game(data, game, list(setup.seats), game_id):
            problem = storage.write_json(self.store, storage.STATS_KEY, data)
            if problem:
                self.say(problem)

    def unsaved_game(self) -> Game | None:
        """The game being played when the autosave does not hold it (its writes fail)."""
        app = self.app
        if app.game is None or self.tracked is not app.game or self.write_problem is None:
            return None
        return app.game

    def continue_game(self) -> bool:
        """'Continue' on the start screen: resume the autosave (validated again), or the
        game in memory when the autosave could not keep up with it (storage full)."""
        unsaved = self.unsaved_game()
        if unsaved is not None:
            self.app.begin(unsaved, self.app.setup)
            return True
        problems: list[str] = []
        record = storage.read_record(self.store, AUTOSAVE_KEY, AUTOSAVE_KIND, now_ms(), problems)
        for text in problems:
            self.say(text)
        if record is None:
            if self.app.game is not None and self.tracked is self.app.game:
                self.app.begin(self.app.game, self.app.setup)  # memory only: still playable
            else:
                self.say(problems[0] if problems else "There is no saved game to continue.")
            return True
        self.resume(record)
        return True

    # --- writing ---------------------------------------------------------------------------------
    def write(self, ui: UiState, new_game: bool = False) -> None:
        game, setup = self.app.game, self.app.setup
        if game is None or setup is None:
            return
        seats = list(setup.seats)
        if self.bound is not None:
            self.bound.game, self.bound.seats, self.bound.ui = game, seats, ui
            self.bound.saved_at = now_ms()
            self.report(storage.write_named(self.store, self.bound))
            return
        if self.conflict:
            self.app.set_status("Not saved: this game was changed in another tab.")
            return
        outcome = self.slot.write(game, seats, ui, now_ms(), new_game=new_game)
        if outcome.status == "conflict":
            self.conflict = True
            self.show_conflict()
        elif outcome.status == "failed":
            self.report(outcome.message)
        else:
            self.report(None)

    def report(self, problem: str | None) -> None:
        """One message while writes fail; a note when they work again."""
        if problem:
            if self.write_problem is None:
                self.say(problem)
            self.write_problem = problem
        elif self.write_problem is not None:
            self.messages = [m for m in self.messages if m != self.write_problem]
            self.write_problem = None
            self.show_messages()
            self.toast("Saving works again.")

    def keep_previous_autosave(self, exclude: Game | None = None) -> str | None:
        """Before another game takes the autosave: keep an unfinished one in the list."""
        problems: list[str] = []
        record = storage.read_record(self.store, AUTOSAVE_KEY, AUTOSAVE_KIND, now_ms(), problems)
        for text in problems:
            self.say(text)
        if record is None or record.game.phase == "over" or len(record.game.moves) < 2:
            return None
        if exclude is not None and record.game == exclude:
            return None
        mine = json.dumps(record.game_json(), sort_keys=True)
        for named in storage.scan(self.store, now_ms()).named:
            if json.dumps(named.game_json(), sort_keys=True) == mine:
                return None
        name = f"Unfinished {record.game.variant.name} game ({when_text(record.saved_at)})"
        kept = Record(NAMED_KIND, record.game, record.seats, record.ui, saved_at=now_ms())
        kept.name = name[: storage.MAX_SAVE_NAME]
        kept.game_id = record.game_id
        problem = storage.write_named(self.store, kept)
        if problem:
            self.say(problem)
            return None
        self.toast(f"Your previous game was kept in Saved games as “{kept.name}”.")
        return kept.name

    # --- starting games from saves ---------------------------------------------------------------
    def resume(self, record: Record) -> None:
        """Play the autosave exactly as it stood (screen state included)."""
        self.slot.adopt(record)
        self.bound, self.conflict = None, False
        self.tracked, self.start_new = record.game, False
        self.begin(record.game, record.seats, record.ui)

    def play(self, game: Game, seats: list[str], ui: UiState, bound: Record | None = None) -> None:
        """Play a game from elsewhere (a named save, a file, a link) as the new autosave."""
        self.close_viewer()
        if bound is None:
            self.keep_previous_autosave()
        self.tracked, self.start_new = game, True
        self.begin(game, seats, ui)
        self.bound = bound

    def begin(self, game: Game, seats: list[str], ui: UiState) -> None:
        app = self.app
        setup = Setup(
            game.variant.name, game.players, list(game.names), list(seats), game.seed,
            dict(game.options),
        )  # fmt: skip
        app.begin(game, setup)
        revealed = ui.revealed
        if revealed is not None and revealed == game.current and seats[revealed] == HUMAN:
            # The hot-seat player had already confirmed: show their rack, as before.
            app.revealed = revealed
            document.getElementById("pass-screen").hidden = True
            app.refresh()
            self.write(self.ui_state())

    # --- two tabs --------------------------------------------------------------------------------
    def on_storage(self, event: Any) -> None:
        key = event.key
        if not missing(key) and storage.logical_key(self.store, str(key)) != AUTOSAVE_KEY:
            if hasattr(self, "panel") and not document.getElementById("start").hidden:
                self.refresh_panel()
            return
        verdict = self.stored_verdict()  # what is stored now, not the event's value
        playing = self.app.game is not None and self.tracked is self.app.game
        if self.bound is None and playing and not self.conflict and verdict == storage.OLDER:
            self.write(self.ui_state())  # a tab with a stale view moved it back: put ours back
            return
        if self.bound is not None or not playing or not self.slot.stale_verdict(verdict):
            if hasattr(self, "panel") and not document.getElementById("start").hidden:
                self.refresh_panel()
            return
        self.conflict = True
        self.show_conflict()

    def stored_verdict(self) -> str:
        """How the stored autosave compares with this tab's (`storage.Autosave.verdict`)."""
        try:
            return self.slot.verdict(self.store.getItem(AUTOSAVE_KEY))
        except Exception:  # storage gone meanwhile: nothing to compare
            return storage.SAME

    def show_conflict(self) -> None:
        if not missing(document.getElementById("conflict")):
            return
        verdict = self.stored_verdict()
        if not self.slot.stale_verdict(verdict):  # settled meanwhile (or moved back: restore)
            self.conflict = False
            if verdict == storage.OLDER:
                self.write(self.ui_state())
            return
        what, load_label = storage.conflict_words(verdict)
        box, card = _dialog("conflict", "alertdialog", "This game changed in another tab")
        card.appendChild(
            _make(
                "p",
                "",
                f"Another tab {what}. Nothing was overwritten: load the autosaved game "
                "there, or keep playing here as a separate copy (in Saved games).",
            )
        )
        row = _make("div", "row-buttons")
        newer = _button(load_label, "load-newer", "primary")
        copy = _button("Keep playing here as a copy", "keep-copy")
        on(newer, "click", lambda e: self.resolve_conflict(box, load=True))
        on(copy, "click", lambda e: self.resolve_conflict(box, load=False))
        row.appendChild(newer)
        row.appendChild(copy)
        card.appendChild(row)
        box.appendChild(card)
        self.layer.appendChild(box)
        newer.focus()

    def resolve_conflict(self, box: Any, load: bool) -> None:
        box.remove()
        if load:
            self.conflict = False
            if not self.continue_game():
                self.app.show_start()
            return
        app = self.app
        if app.game is None or app.setup is None:
            return
        copy = Record(NAMED_KIND, app.game, list(app.setup.seats), self.ui_state())
        copy.name = f"Copy of {app.game.variant.name} game ({when_text(now_ms())})"[:60]
        copy.game_id = storage.new_id("g")
        copy.saved_at = now_ms()
        problem = storage.write_named(self.store, copy)
        if problem:
            self.say(problem)
            if not storage.kept_only(self.store, copy.key):
                return
        self.conflict = False
        self.bound = copy
        self.toast(f"Playing on as a copy: “{copy.name}” in Saved games.")

    # --- the saves panel -------------------------------------------------------------------------
    def build_panel(self) -> None:
        panel = document.getElementById("saves-panel")
        if missing(panel):
            panel = _make("section", "card saves-panel")
            panel.id = "saves-panel"
            document.getElementById("start").appendChild(panel)
        self.panel = panel
        panel.replaceChildren()
        title = _make("h2", "", "Saved games")
        title.id = "saves-title"
        panel.setAttribute("aria-labelledby", "saves-title")
        panel.appendChild(title)
        form = _make("form", "save-form")
        form.id = "save-form"
        label = _make("label", "", "Save the current game as")
        label.htmlFor = "save-name"
        self.name_input = _make("input")
        self.name_input.id = "save-name"
        self.name_input.maxLength = storage.MAX_SAVE_NAME
        self.name_input.autocomplete = "off"
        self.name_input.placeholder = "a name"
        save = _make("button", "", "Save")
        save.type = "submit"
        save.id = "save-named"
        self.save_submit = save
        for node in (label, self.name_input, save):
            form.appendChild(node)
        on(form, "submit", self.on_save_submit)
        panel.appendChild(form)
        self.list = _make("ul", "saves-list")
        self.list.id = "saves-list"
        panel.appendChild(self.list)
        tools = _make("div", "saves-tools")
        self.file_input = _make("input")
        self.file_input.type = "file"
        self.file_input.id = "import-file"
        self.file_input.accept = ".json,application/json"
        self.file_input.className = "sr-only"
        self.file_input.setAttribute("aria-label", "Import a game file")
        on(self.file_input, "change", self.on_file_chosen)
        pick = _button("Import a game file…", "import")
        pick.id = "import-button"
        on(pick, "click", lambda e: self.file_input.click())
        tools.appendChild(pick)
        tools.appendChild(self.file_input)
        tools.appendChild(_make("small", "muted", "…or drop a .json game file on the page."))
        panel.appendChild(tools)
        self.aside_box = _make("div", "saves-aside")
        self.aside_box.id = "set-aside"
        self.aside_box.setAttribute("role", "group")
        self.aside_box.setAttribute("aria-label", "Entries set aside")
        panel.appendChild(self.aside_box)
        self.stats_box = _make("div", "saves-stats")
        self.stats_box.id = "stats"
        panel.appendChild(self.stats_box)
        self.refresh_panel()

    def refresh_panel(self) -> None:
        scan = storage.scan(self.store, now_ms())
        for text in scan.problems:
            self.say(text)
        self.named = scan.named
        self.list.replaceChildren()
        if not self.named:
            self.list.appendChild(_make("li", "muted empty", "No saved games yet."))
        for record in self.named:
            self.list.appendChild(self.entry(record))
        has_game = self.app.game is not None or scan.autosave is not None
        self.save_submit.disabled = not has_game
        self.render_aside()
        self.render_stats()
        asyncio.ensure_future(self.draw_thumbnails(list(self.named)))

    def entry(self, record: Record) -> Any:
        game = record.game
        item = _make("li", "save-entry")
        item.setAttribute("data-key", record.key)
        thumb = _make("canvas", "thumb")
        thumb.setAttribute("role", "img")
        thumb.setAttribute("aria-label", f"Board after {len(game.moves)} moves")
        item.appendChild(thumb)
        body = _make("div", "save-body")
        name = _make("span", "save-name", record.name)
        body.appendChild(name)
        seats = ", ".join(
            f"{n}" + ("" if s == HUMAN else f" ({s} bot)")
            for n, s in zip(game.names, record.seats, strict=True)
        )
        state = "finished" if game.phase == "over" else f"move {len(game.moves)}"
        if storage.kept_only(self.store, record.key):
            state += " · not stored: until this page closes"
        meta = _make(
            "span", "save-meta", f"{game.variant.title} · {seats} · {state} · "
            f"{when_text(record.saved_at)}",
        )  # fmt: skip
        body.appendChild(meta)
        actions = _make("div", "save-actions")
        for text, action in (
            ("Load", "load"),
            ("Replay", "replay"),
            ("Rename", "rename"),
            ("Export", "export"),
            ("Link", "link"),
            ("Delete", "delete"),
        ):
            button = _button(text, action)
            button.setAttribute("aria-label", f"{text}: {record.name}")
            on(button, "click", lambda e, a=action, r=record, i=item: self.on_entry(a, r, i))
            actions.appendChild(button)
        body.appendChild(actions)
        item.appendChild(body)
        return item

    async def draw_thumbnails(self, records: list[Record]) -> None:
        dpr = float(js.window.devicePixelRatio or 1.0)
        for record in records:
            await asyncio.sleep(0)  # one at a time, so the page stays responsive
            node = self.list.querySelector(f'li[data-key="{record.key}"] canvas.thumb')
            if missing(node):
                continue
            try:
                draw_view(node, record.game.view(None), THUMB, THUMB, dpr)
                node.style.width = node.style.height = f"{THUMB:.0f}px"
            except Exception as exc:  # a thumbnail is decoration; never block the list
                js.console.warn(f"thumbnail failed: {exc}")

    def on_entry(self, action: str, record: Record, item: Any) -> None:
        if action == "load":
            self.play(record.game.copy(), record.seats, UiState(None, "game"))
            self.toast(f"Loaded “{record.name}”.")
        elif action == "replay":
            self.open_viewer(record.name, record.game)
        elif action == "rename":
            self.start_rename(record, item)
        elif action == "export":
            self.download(record.game, record.seats)
        elif action == "link":
            self.show_link(record.game, record.seats)
        elif action == "delete":
            self.delete(record)

    def start_rename(self, record: Record, item: Any) -> None:
        name = item.querySelector(".save-name")
        field = _make("input", "rename-input")
        field.value = record.name
        field.maxLength = storage.MAX_SAVE_NAME
        field.setAttribute("aria-label", "New name")
        name.replaceWith(field)
        field.focus()
        field.select()

        def finish(event: Any) -> None:
            if event.type == "keydown" and event.key not in ("Enter", "Escape"):
                return
            if event.type == "keydown":
                event.preventDefault()
            if event.type == "keydown" and event.key == "Escape":
                self.refresh_panel()
                return
            problem = storage.rename_named(self.store, record, str(field.value))
            if problem:
                self.say(problem)
            self.refresh_panel()

        on(field, "keydown", finish)
        on(field, "change", finish)

    def delete(self, record: Record) -> None:
        problem = storage.delete_named(self.store, record.key)
        if problem:
            self.say(problem)
            return
        self.refresh_panel()

        def undo() -> None:
            again = storage.undelete_named(self.store, record.key)
            if again:
                self.say(again)
            self.refresh_panel()

        self.toast(f"Deleted “{record.name}”.", "Undo", undo)

    def on_save_submit(self, event: Any) -> None:
        event.preventDefault()
        self.save_current(str(self.name_input.value))

    def save_current(self, name: str | None) -> None:
        """Keep the current game (or the autosave) as a named save."""
        app = self.app
        if app.game is not None and app.setup is not None:
            game, seats, ui = app.game, list(app.setup.seats), self.ui_state()
        else:
            record = self.scan.autosave
            if record is None:
                self.say("There is no game to save yet.")
                return
            game, seats, ui = record.game, record.seats, record.ui
        label = (name or "").strip() or f"{game.variant.title}, move {len(game.moves)}"
        try:
            label = storage.check_name(label)
        except StoredDataError as exc:
            self.say(f"Cannot save: {exc}.")
            return
        record = Record(NAMED_KIND, game.copy(), seats, ui, saved_at=now_ms(), name=label)
        record.game_id = storage.new_id("g")
        problem = storage.write_named(self.store, record)
        if problem:
            self.say(problem)
            if not storage.kept_only(self.store, record.key):
                return
        self.name_input.value = ""
        self.refresh_panel()
        self.toast(f"Saved as “{label}”.")

    def read_stats(self) -> dict[str, Any] | None:
        raw = self.store.getItem(storage.STATS_KEY)
        if raw is None:
            return stats.empty()
        try:
            return stats.validate(decode(raw, "the statistics"))
        except Exception as exc:
            self.say(storage.quarantine(self.store, storage.STATS_KEY, raw, str(exc), now_ms()))
            return stats.empty()

    def render_aside(self) -> None:
        """Entries that could not be opened were set aside: offer them as a file, then
        (after a second, confirming click) remove them from the browser."""
        box = self.aside_box
        box.replaceChildren()
        items = storage.quarantined(self.store)
        box.hidden = not items
        if not items:
            return
        count = len(items)
        what = "entry that could not be opened was" if count == 1 else (
            "entries that could not be opened were")
        box.appendChild(_make("p", "muted", f"{count} stored {what} set aside, not deleted."))
        keep = _button("Download them", "aside-download")
        keep.id = "aside-download"
        stamp = str(js.Date.new().toISOString())[:10]
        on(keep, "click", lambda e: self.save_file(
            storage.set_aside_text(items), f"ingenious-set-aside-{stamp}.json"))
        drop = _button("Remove them", "aside-remove")
        drop.id = "aside-remove"

        def remove(event: Any) -> None:
            if drop.getAttribute("data-confirm") != "1":
                drop.setAttribute("data-confirm", "1")
                drop.textContent = f"Really remove {count}? Click again"
                return
            problem = storage.remove_set_aside(self.store, [str(i["key"]) for i in items])
            self.say(problem or "The set-aside entries were removed.")
            self.render_aside()

        on(drop, "click", remove)
        box.appendChild(keep)
        box.appendChild(drop)

    def render_stats(self) -> None:
        box = self.stats_box
        box.replaceChildren()
        data = self.read_stats() or stats.empty()
        rows = stats.rows(data)
        box.appendChild(_make("h3", "", "Statistics"))
        if not rows:
            box.appendChild(_make("p", "muted", "No finished games yet."))
            return
        table = _make("table")
        head = _make("tr")
        for text in ("", "Played", "Won", "Rate"):
            head.appendChild(_make("th", "", text))
        table.appendChild(head)
        for label, played, won, rate in rows:
            row = _make("tr")
            row.appendChild(_make("th", "", label))
            for value in (str(played), str(won), rate):
                row.appendChild(_make("td", "", value))
            table.appendChild(row)
        box.appendChild(table)

    # --- export, import, links -------------------------------------------------------------------
    def download(self, game: Game, seats: list[str]) -> None:
        text = share.export_text(game, seats)
        self.save_file(text, share.export_filename(game, str(js.Date.new().toISOString())[:16]))

    def save_file(self, text: str, filename: str) -> None:
        """Hand `text` to the browser as a JSON file download."""
        blob = js.Blob.new([text], js.JSON.parse('{"type": "application/json"}'))
        url = js.URL.createObjectURL(blob)
        link = _make("a")
        link.href = url
        link.download = filename
        self.layer.appendChild(link)
        link.click()
        link.remove()

        async def revoke() -> None:
            await asyncio.sleep(5)
            js.URL.revokeObjectURL(url)

        asyncio.ensure_future(revoke())

    def show_link(self, game: Game, seats: list[str]) -> None:
        base = str(js.location.href).split("#")[0]
        url = f"{base}#{share.fragment_for(game, seats)}"
        box = self.toast("Link to this game:")
        field = _make("input", "link-field")
        field.readOnly = True
        field.value = url
        field.setAttribute("aria-label", "Link to this game")
        box.appendChild(field)
        field.select()
        # Clipboard access may be refused; the link is shown to copy by hand anyway.
        with contextlib.suppress(Exception):
            js.navigator.clipboard.writeText(url)

    def on_file_chosen(self, event: Any) -> None:
        files = self.file_input.files
        if files.length:
            asyncio.ensure_future(self.import_file(files.item(0)))
        self.file_input.value = ""

    def on_drag_over(self, event: Any) -> None:
        types = event.dataTransfer.types if not missing(event.dataTransfer) else []
        if "Files" in list(types):
            event.preventDefault()

    def on_drop(self, event: Any) -> None:
        transfer = event.dataTransfer
        if missing(transfer) or not transfer.files.length:
            return
        event.preventDefault()
        asyncio.ensure_future(self.import_file(transfer.files.item(0)))

    async def import_file(self, file: Any) -> None:
        name = clean_name(str(file.name), "the file", 80)  # shown in messages: no bidi tricks
        if float(file.size) > share.MAX_FILE:
            self.say(f"Could not import “{name}”: the file is too large to be a game.")
            return
        try:
            text = str(await file.text())
        except Exception as exc:
            self.say(f"Could not read “{name}”: {exc}")
            return
        self.import_text(text, name)

    def import_text(self, text: str, name: str) -> None:
        try:
            game, seats = share.parse_game_text(text)
        except StoredDataError as exc:
            self.say(f"Could not import “{name}”: {exc}.")
            return
        label = f"Imported: {name}"[: storage.MAX_SAVE_NAME]
        record = Record(NAMED_KIND, game, seats, UiState(), saved_at=now_ms(), name=label)
        record.game_id = storage.new_id("g")
        problem = storage.write_named(self.store, record)
        if problem:
            self.say(problem)
            if not storage.kept_only(self.store, record.key):
                return
        if hasattr(self, "panel"):
            self.refresh_panel()
        self.toast(f"Imported “{name}” into Saved games.", "Load", lambda: self.play(
            game.copy(), seats, UiState()
        ))  # fmt: skip

    def open_fragment(self, fragment: str) -> None:
        """A link with a game: offer to watch it, play it or keep it; never load silently."""
        try:
            parsed = share.parse_fragment(fragment)
        except StoredDataError as exc:
            self.say(f"The game in this link cannot be opened: {exc}.")
            return
        if parsed is None:
            return
        game, seats = parsed
        box, card = _dialog("shared-game", "dialog", "A shared game", title_id="shared-title")
        card.appendChild(_make("p", "shared-summary", share.summary(game)))
        if self.scan.autosave is not None and self.scan.autosave.game.phase != "over":
            card.appendChild(
                _make("p", "muted", "Playing it keeps your current game in Saved games.")
            )
        row = _make("div", "row-buttons")
        choices = (
            ("Watch the replay", "shared-replay", lambda: self.open_viewer("shared game", game)),
            ("Play from here", "shared-play", lambda: self.play(game.copy(), seats, UiState())),
            ("Keep in Saved games", "shared-keep", lambda: self.import_text(
                share.export_text(game, seats), "shared link"
            )),
            ("Dismiss", "shared-dismiss", lambda: None),
        )  # fmt: skip
        for text, action, run in choices:
            button = _button(text, action, "primary" if action == "shared-replay" else "")

            def click(event: Any, run: Any = run, action: str = action) -> None:
                if action != "shared-replay":
                    box.remove()
                    js.history.replaceState(None, "", str(js.location.href).split("#")[0])
                run()

            on(button, "click", click)
            row.appendChild(button)
        card.appendChild(row)
        box.appendChild(card)
        self.layer.appendChild(box)

    # --- replays ---------------------------------------------------------------------------------
    def replay_current(self) -> None:
        if self.app.game is not None:
            self.open_viewer("this game", self.app.game)

    def open_viewer(self, title: str, game: Game) -> None:
        self.close_viewer()
        dpr = float(js.window.devicePixelRatio or 1.0)
        viewer = ReplayViewer(document, self.layer, title, game, dpr)
        self.viewer = viewer
        for name, button in viewer.buttons.items():
            on(button, "click", lambda e, n=name: self.viewer_act(n))
        on(viewer.root, "keydown", self.viewer_key)
        viewer.show()
        viewer.buttons["close"].focus()

    def viewer_act(self, name: str) -> None:
        if self.viewer is not None and not self.viewer.act(name):
            self.close_viewer()

    def viewer_key(self, event: Any) -> None:
        keys = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last",
                "Escape": "close"}  # fmt: skip
        action = keys.get(str(event.key))
        if action is not None:
            event.preventDefault()
            self.viewer_act(action)

    def close_viewer(self) -> None:
        if self.viewer is not None:
            self.viewer.remove()
            self.viewer = None
