"""The "Saved games" card of the start screen (browser only): save under a name, the list
(load, replay, rename, export, link, delete with undo), the entries set aside, the
statistics.

The list is drawn from the saves' index (`storage.index`: each save's name, date and
summary read from its text, no game replayed) and a little panel state (how many entries
show, which one is being renamed); one listener on the list handles every entry's
buttons by their action and position. A save's game is checked (replayed) only when the
list shows it or it is opened: once the page is ready, the entries shown are checked and
their thumbnails drawn in order, one per step so the page stays responsive. A save that
fails the check is set aside with a message and leaves the list.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]

from web.board.render import draw_view
from web.i18n import N_, _, fmt
from web.saves import entries, stats
from web.saves.widgets import button, make, now_ms, when_text
from web.store import kept, storage
from web.store.storage import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    NAMED_KIND,
    Listed,
    Record,
    StoredDataError,
)
from web.ui.dom import document, missing, on

THUMB = 72.0
PAGE = 20  # entries shown at first, and added by "Show more"


class SavesPanel:
    def __init__(self, manager: Any) -> None:
        self.manager = manager
        self.named: list[Listed] = []  # the index, newest first
        self.finished: list[kept.Finished] = []  # the kept finished games, newest first
        self.shown = PAGE  # how many entries the list shows
        self.renaming: int | None = None
        self.unreadable: set[str] = set()  # failed their check but could not be set aside
        self.live = False  # the page is ready: shown entries are checked
        self.checked_all = False  # every shown entry of the current drawing is checked
        self.drawing = 0  # checks of an older listing stop when this changes
        # Does the browser keep this site's storage? `navigator.storage.persisted()`, read
        # once at start, then the answer to the one request made (None: it cannot tell).
        self.kept: bool | None = None

    @property
    def store(self) -> Any:
        return self.manager.store

    def build(self) -> None:
        panel = document.getElementById("saves-panel")
        if missing(panel):
            panel = make("section", "card saves-panel")
            panel.id = "saves-panel"
            document.getElementById("start").appendChild(panel)
        self.panel = panel
        panel.replaceChildren()
        title = make("h2", "", _("Saved games"))
        title.id = "saves-title"
        panel.setAttribute("aria-labelledby", "saves-title")
        panel.appendChild(title)
        self.keeping = make("p", "muted saves-keeping")
        self.keeping.id = "saves-keeping"
        panel.appendChild(self.keeping)
        self.draw_keeping()
        form = make("form", "save-form")
        form.id = "save-form"
        label = make("label", "", _("Save the current game as"))
        label.htmlFor = "save-name"
        self.name_input = make("input")
        self.name_input.id = "save-name"
        self.name_input.maxLength = storage.MAX_SAVE_NAME
        self.name_input.autocomplete = "off"
        self.name_input.placeholder = _("a name")
        self.save_submit = make("button", "", _("Save"))
        self.save_submit.type = "submit"
        self.save_submit.id = "save-named"
        for node in (label, self.name_input, self.save_submit):
            form.appendChild(node)
        on(form, "submit", self.on_save_submit)
        panel.appendChild(form)
        self.list = make("ul", "saves-list")
        self.list.id = "saves-list"
        on(self.list, "click", self.on_list_click)
        on(self.list, "keydown", self.on_rename_key)
        on(self.list, "change", self.on_rename_change)
        panel.appendChild(self.list)
        self.more = button(_("Show more"), "more")
        self.more.id = "saves-more"
        on(self.more, "click", self.on_more)
        panel.appendChild(self.more)
        finished_title = make("h3", "", _("Finished games"))
        finished_title.id = "finished-title"
        panel.appendChild(finished_title)
        self.finished_list = make("ul", "saves-list finished-list")
        self.finished_list.id = "finished-list"
        self.finished_list.setAttribute("aria-labelledby", "finished-title")
        on(self.finished_list, "click", self.on_finished_click)
        panel.appendChild(self.finished_list)
        tools = make("div", "saves-tools")
        pick = button(_("Import a game file…"), "import")
        pick.id = "import-button"
        on(pick, "click", lambda e: self.manager.sharing.file_input.click())
        tools.appendChild(pick)
        tools.appendChild(self.manager.sharing.file_input)
        tools.appendChild(make("small", "muted", _("…or drop a .json game file on the page.")))
        panel.appendChild(tools)
        self.aside_box = make("div", "saves-aside")
        self.aside_box.id = "set-aside"
        self.aside_box.setAttribute("role", "group")
        self.aside_box.setAttribute("aria-label", _("Entries set aside"))
        panel.appendChild(self.aside_box)
        self.stats_box = make("div", "saves-stats")
        self.stats_box.id = "stats"
        panel.appendChild(self.stats_box)
        self.refresh()

    # --- the list ------------------------------------------------------------------------------
    def refresh(self) -> None:
        problems: list[str] = []
        index = storage.index(self.store, now_ms(), problems)
        for text in problems:
            self.manager.messages.say(text)
        self.named = [line for line in index if line.key not in self.unreadable]
        self.renaming = None
        self.draw_list()
        self.draw_finished()
        try:
            stored = storage.peek(storage.stored_text(self.store, AUTOSAVE_KEY)) is not None
        except Exception:
            stored = False
        self.save_submit.disabled = self.manager.app.game is None and not stored
        self.render_aside()
        self.stats_box.innerHTML = entries.stats_html(stats.rows(self.manager.read_stats()))

    # --- finished games (web.store.kept) --------------------------------------------------------
    def draw_finished(self) -> None:
        problems: list[str] = []
        self.finished = kept.finished_games(self.store, now_ms(), problems)
        for text in problems:
            self.manager.messages.say(text)
        items = [
            entries.finished_entry(
                line, when_text(line.saved_at), storage.kept_only(self.store, line.key)
            )
            for line in self.finished
        ]
        self.finished_list.innerHTML = entries.finished_html(items)

    def on_finished_click(self, event: Any) -> None:
        node = event.target.closest("button[data-finished]")
        if missing(node):
            return
        position = int(str(node.getAttribute("data-entry")))
        if not 0 <= position < len(self.finished):
            return
        key = self.finished[position].key
        problems: list[str] = []
        record = kept.read_finished(self.store, key, now_ms(), problems)
        for text in problems:
            self.manager.messages.say(text)
        if record is None:
            self.refresh()
            return
        action = str(node.getAttribute("data-finished"))
        manager = self.manager
        if action == "replay":
            manager.viewer_open(N_("finished game"), record.game, record.seats)
        elif action == "review":
            manager.app.open_review(record.game, record.seats)
        elif action in ("export", "link"):
            self.share(action, record)
        elif action == "delete":
            self.delete_finished(key)

    def delete_finished(self, key: str) -> None:
        text, problem = kept.delete_finished(self.store, key)
        if problem:
            self.manager.messages.say(problem)
            return
        self.manager.use_freed_room()
        self.refresh()
        if text is None:
            return

        def undo() -> None:
            again = kept.restore_finished(self.store, key, text)
            if again:
                self.manager.messages.say(again)
            self.refresh()

        self.manager.messages.toast(_("Deleted the finished game."), _("Undo"), undo)

    def draw_keeping(self) -> None:
        text = entries.keeping_text(self.kept)
        self.keeping.textContent = text
        self.keeping.hidden = not text

    def draw_list(self) -> None:
        shown = self.named[: self.shown]
        items = [self.item(line) for line in shown]
        self.list.innerHTML = entries.list_html(items, self.renaming)
        self.more.hidden = len(self.named) <= len(shown)
        self.more.textContent = entries.more_label(len(self.named) - len(shown), PAGE)
        self.drawing += 1
        self.checked_all = False
        if self.live:
            asyncio.ensure_future(self.check_shown(self.drawing, shown))

    def item(self, line: Listed) -> entries.Entry:
        kept_only = storage.kept_only(self.store, line.key)
        return entries.entry(line, when_text(line.saved_at), kept_only)

    def start_checking(self) -> None:
        """The page is ready: check the entries shown (the start itself checks none)."""
        self.live = True
        self.drawing += 1
        asyncio.ensure_future(self.check_shown(self.drawing, self.named[: self.shown]))

    def on_more(self, event: Any) -> None:
        self.shown += PAGE
        self.draw_list()

    async def check_shown(self, drawing: int, lines: list[Listed]) -> None:
        """Check each shown entry (a replay of its game, once per stored text) and draw
        its thumbnail; the line gains what only the replay knows ("finished")."""
        dpr = float(js.window.devicePixelRatio or 1.0)
        canvases = list(self.list.querySelectorAll("canvas.thumb"))
        metas = list(self.list.querySelectorAll(".save-meta"))
        for canvas, meta, line in zip(canvases, metas, lines, strict=False):
            await asyncio.sleep(0)  # one at a time, so the page stays responsive
            if drawing != self.drawing:
                return
            record = self.open(line)
            if record is None:
                return  # set aside: the list was drawn again without it
            checked = self.item(storage.listed(record))
            if checked.meta != str(meta.textContent):
                meta.textContent = checked.meta
            try:
                draw_view(canvas, record.game.view(None), THUMB, THUMB, dpr)
                canvas.style.width = canvas.style.height = f"{THUMB:.0f}px"
            except Exception as exc:  # a thumbnail is decoration; never block the list
                js.console.warn(f"thumbnail failed: {exc}")
        if drawing == self.drawing:
            self.checked_all = True

    def open(self, line: Listed) -> Record | None:
        """The save behind a line, its game checked by a replay (once per stored text).
        A save that fails is set aside with a message and the list is drawn again."""
        problems: list[str] = []
        record = storage.read_record(
            self.store, line.key, NAMED_KIND, now_ms(), problems, remember=True
        )
        if record is not None:
            return record
        for text in problems:
            self.manager.messages.say(text)
        if not problems:
            self.manager.messages.say(
                fmt("“{name}” is no longer there (another tab?).", name=line.name)
            )
        self.unreadable.add(line.key)
        self.refresh()
        return None

    def record_of(self, node: Any) -> tuple[int, Record] | None:
        raw = node.getAttribute("data-entry")
        if missing(raw):
            return None
        position = int(str(raw))
        if not 0 <= position < min(len(self.named), self.shown):
            return None
        record = self.open(self.named[position])
        return None if record is None else (position, record)

    def on_list_click(self, event: Any) -> None:
        node = event.target.closest("button[data-action]")
        if missing(node):
            return
        found = self.record_of(node)
        if found is None:
            return
        position, record = found
        action = str(node.getAttribute("data-action"))
        manager = self.manager
        if action == "load":
            manager.play(record.game.copy(), record.seats, storage.UiState(None, "game"))
            manager.messages.toast(fmt("Loaded “{name}”.", name=record.name))
        elif action == "replay":
            manager.viewer_open(record.name, record.game)
        elif action == "rename":
            self.renaming = position
            self.draw_list()
            field = self.list.querySelector(".rename-input")
            if not missing(field):
                field.focus()
                field.select()
        elif action in ("export", "link"):
            self.share(action, record)
        elif action == "delete":
            self.delete(record)

    def share(self, action: str, record: Record) -> None:
        """Export or Link: the game, its seats and the review kept with it."""
        sharing = self.manager.sharing
        if action == "export":
            sharing.download(record.game, record.seats, record.review)
        else:
            sharing.show_link(record.game, record.seats, record.review)

    # --- rename and delete -----------------------------------------------------------------------
    def on_rename_key(self, event: Any) -> None:
        if not event.target.classList.contains("rename-input"):
            return
        if event.key == "Escape":
            event.preventDefault()
            self.refresh()
        elif event.key == "Enter":
            event.preventDefault()
            self.finish_rename(event.target)

    def on_rename_change(self, event: Any) -> None:
        if event.target.classList.contains("rename-input"):
            self.finish_rename(event.target)

    def finish_rename(self, field: Any) -> None:
        found = self.record_of(field)
        if found is None or self.renaming is None:
            return
        self.renaming = None
        problem = storage.rename_named(self.store, found[1], str(field.value))
        if problem:
            self.manager.messages.say(problem)
        self.refresh()

    def delete(self, record: Record) -> None:
        problem = storage.delete_named(self.store, record.key)
        if problem:
            self.manager.messages.say(problem)
            return
        self.manager.use_freed_room()
        self.refresh()

        def undo() -> None:
            again = storage.undelete_named(self.store, record.key)
            if again:
                self.manager.messages.say(again)
            self.refresh()

        self.manager.messages.toast(fmt("Deleted “{name}”.", name=record.name), _("Undo"), undo)

    # --- saving under a name ---------------------------------------------------------------------
    def on_save_submit(self, event: Any) -> None:
        event.preventDefault()
        self.save_current(str(self.name_input.value))

    def save_current(self, name: str | None) -> None:
        """Keep the current game (or the autosave) as a named save."""
        manager = self.manager
        app = manager.app
        if app.game is not None:
            game, seats, ui = app.game, app.seats, app.ui_state()
        else:
            problems: list[str] = []
            now = now_ms()
            record = storage.read_record(manager.store, AUTOSAVE_KEY, AUTOSAVE_KIND, now, problems)
            for text in problems:
                manager.messages.say(text)
            if record is None:
                manager.messages.say(_("There is no game to save yet."))
                return
            game, seats, ui = record.game, record.seats, record.ui
        label = (name or "").strip() or fmt(
            "{kind}, move {n}", kind=_(game.variant.title), n=len(game.moves)
        )
        try:
            label = storage.check_name(label)
        except StoredDataError as exc:
            manager.messages.say(fmt("Cannot save: {problem}.", problem=exc))
            return
        record = Record(NAMED_KIND, game.copy(), seats, ui, saved_at=now_ms(), name=label)
        record.game_id = storage.new_id("g")
        if not manager.store_named(record):
            return
        self.name_input.value = ""
        self.refresh()
        manager.messages.toast(fmt("Saved as “{name}”.", name=label))
        manager.ask_to_keep()

    # --- entries set aside -----------------------------------------------------------------------
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
        box.appendChild(make("p", "muted", entries.aside_text(count)))
        keep = button(_("Download them"), "aside-download")
        keep.id = "aside-download"
        stamp = str(js.Date.new().toISOString())[:10]
        on(keep, "click", lambda e: self.manager.sharing.save_file(
            storage.set_aside_text(items), f"ingenious-set-aside-{stamp}.json"))  # fmt: skip
        drop = button(_("Remove them"), "aside-remove")
        drop.id = "aside-remove"

        def remove(event: Any) -> None:
            if drop.getAttribute("data-confirm") != "1":
                drop.setAttribute("data-confirm", "1")
                drop.textContent = fmt("Really remove {n}? Click again", n=count)
                return
            problem = storage.remove_set_aside(self.store, [str(i["key"]) for i in items])
            self.manager.messages.say(problem or _("The set-aside entries were removed."))
            self.render_aside()

        on(drop, "click", remove)
        box.appendChild(keep)
        box.appendChild(drop)
