"""Games leaving and entering the page (browser only): export files, import files (button
or drop), links with the game in the fragment.

A link is never loaded silently: "A shared game" offers to watch it, play it or keep it.
A second ``#game=`` link opened in the same tab (the fragment changes without a reload)
is offered the same way. Everything coming in is validated by `web.saves.share`.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import js  # type: ignore[import-not-found]

from engine.game import Game
from engine.names import clean_name
from web.i18n import N_, _, fmt
from web.saves import share
from web.saves.widgets import button, close_dialog, dialog, make, now_ms, open_dialog
from web.store import storage
from web.store.storage import NAMED_KIND, Record, StoredDataError, UiState
from web.ui.dom import document, missing, on


class Sharing:
    def __init__(self, manager: Any) -> None:
        self.manager = manager
        self.file_input = make("input")
        self.file_input.type = "file"
        self.file_input.id = "import-file"
        self.file_input.accept = ".json,application/json"
        self.file_input.className = "sr-only"
        self.file_input.setAttribute("aria-label", _("Import a game file"))
        on(self.file_input, "change", self.on_file_chosen)

    def bind(self) -> None:
        on(document, "dragover", self.on_drag_over)
        on(document, "drop", self.on_drop)
        on(js.window, "hashchange", lambda e: self.open_fragment(str(js.location.hash)))

    # --- export ----------------------------------------------------------------------------------
    def download(self, game: Game, seats: list[str]) -> None:
        text = share.export_text(game, seats)
        self.save_file(text, share.export_filename(game, str(js.Date.new().toISOString())[:16]))

    def save_file(self, text: str, filename: str) -> None:
        """Hand `text` to the browser as a JSON file download."""
        blob = js.Blob.new([text], js.JSON.parse('{"type": "application/json"}'))
        url = js.URL.createObjectURL(blob)
        link = make("a")
        link.href = url
        link.download = filename
        self.manager.layer.appendChild(link)
        link.click()
        link.remove()

        async def revoke() -> None:
            await asyncio.sleep(5)
            js.URL.revokeObjectURL(url)

        asyncio.ensure_future(revoke())

    def show_link(self, game: Game, seats: list[str]) -> None:
        url = share.link_for(str(js.location.href), game, seats)
        box = self.manager.messages.toast(_("Link to this game:"))
        field = make("input", "link-field")
        field.readOnly = True
        field.value = url
        field.setAttribute("aria-label", _("Link to this game"))
        box.appendChild(field)
        field.select()
        # Clipboard access may be refused; the link is shown to copy by hand anyway.
        with contextlib.suppress(Exception):
            js.navigator.clipboard.writeText(url)

    # --- import ----------------------------------------------------------------------------------
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
        messages = self.manager.messages
        if float(file.size) > share.MAX_FILE:
            messages.say(
                fmt("Could not import “{name}”: the file is too large to be a game.", name=name)
            )
            return
        try:
            text = str(await file.text())
        except Exception as exc:
            messages.say(fmt("Could not read “{name}”: {problem}", name=name, problem=exc))
            return
        self.import_text(text, name)

    def import_text(self, text: str, name: str) -> None:
        manager = self.manager
        try:
            game, seats = share.parse_game_text(text)
        except StoredDataError as exc:
            manager.messages.say(
                fmt("Could not import “{name}”: {problem}.", name=name, problem=exc)
            )
            return
        label = f"Imported: {name}"[: storage.MAX_SAVE_NAME]
        record = Record(NAMED_KIND, game, seats, UiState(), saved_at=now_ms(), name=label)
        record.game_id = storage.new_id("g")
        if not manager.store_named(record):
            return
        manager.refresh_panel()
        said = fmt("Imported “{name}” into Saved games.", name=name)
        manager.messages.toast(said, _("Load"), lambda: manager.play(
            game.copy(), seats, UiState()
        ))  # fmt: skip

    # --- links -----------------------------------------------------------------------------------
    def open_fragment(self, fragment: str) -> bool:
        """A link with a game: offer to watch it, play it or keep it; True if it had one."""
        try:
            parsed = share.parse_fragment(fragment)
        except StoredDataError as exc:
            self.manager.messages.say(
                fmt("The game in this link cannot be opened: {problem}.", problem=exc)
            )
            return True
        if parsed is None:
            return False
        game, seats = parsed
        old = document.getElementById("shared-game")
        if not missing(old):
            close_dialog(old)  # a newer link replaces the offer of the older one
        box, card = dialog("shared-game", "dialog", _("A shared game"), title_id="shared-title")
        card.appendChild(make("p", "shared-summary", share.summary(game)))
        if self.manager.unfinished_autosave():
            card.appendChild(
                make("p", "muted", _("Playing it keeps your current game in Saved games."))
            )
        row = make("div", "row-buttons")
        manager = self.manager
        shared = N_("shared game")
        choices = (
            (_("Watch the replay"), "shared-replay", lambda: manager.viewer_open(shared, game)),
            (_("Play from here"), "shared-play",
             lambda: manager.play(game.copy(), seats, UiState())),
            (_("Keep in Saved games"), "shared-keep", lambda: self.import_text(
                share.export_text(game, seats), "shared link"
            )),
            (_("Dismiss"), "shared-dismiss", lambda: None),
        )  # fmt: skip
        for text, action, run in choices:
            choice = button(text, action, "primary" if action == "shared-replay" else "")

            def click(event: Any, run: Any = run, action: str = action) -> None:
                if action != "shared-replay":
                    close_dialog(box)
                    js.history.replaceState(None, "", str(js.location.href).split("#")[0])
                run()

            on(choice, "click", click)
            row.appendChild(choice)
        card.appendChild(row)
        open_dialog(manager.layer, box, row.firstChild)
        return True
