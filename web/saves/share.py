"""Games leaving and entering the browser: JSON files and links with the game in the URL.

A shared game is the engine save plus ``seats`` (who plays each seat), the same dict
as in a stored record's ``game``, and its review when it has one (``review``, as stored
with the game: `web.store.reviews`). A review that fails its check is dropped with the
reason, never the game. In a link it sits in the fragment, which browsers do
not send to any server: ``#game=<base64url of the compact JSON>`` (a URI-encoded JSON
fragment is read too). Everything coming in is validated like a stored save.

The functions are pure (CPython-tested). `Sharing` is the page's half: export files,
import files (button or drop), and the offer a link opens ("A shared game": watch it, play
it or keep it, never loaded silently; a second ``#game=`` link opened in the same tab,
the fragment changing without a reload, is offered the same way). Its browser imports
(`js`, the DOM helpers) sit inside its methods, so the module imports on CPython.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from engine.formats.jsontext import MAX_TEXT, decode
from engine.rules.errors import IngeniousError
from engine.rules.game import Game
from engine.rules.names import clean_name
from web.i18n import N_, _, fmt
from web.store import kept, storage
from web.store.reviews import drop_broken
from web.store.storage import (
    NAMED_KIND,
    Record,
    StoredDataError,
    UiState,
    game_dict,
    load_game_and_seats,
)

FRAGMENT_KEY = "game="
MAX_FILE = 512 * 1024
_B64URL = re.compile(r"^[A-Za-z0-9_-]*={0,2}$")


def shared_dict(
    game: Game, seats: list[str], review: dict[str, Any] | None = None
) -> dict[str, Any]:
    """What a file or a link carries: the game, its seats and its review (if any)."""
    data = game_dict(game, seats)
    if review is not None:
        data["review"] = review
    return data


def export_text(game: Game, seats: list[str], review: dict[str, Any] | None = None) -> str:
    """A readable JSON file for a game (indented, one key per line)."""
    return json.dumps(shared_dict(game, seats, review), indent=1) + "\n"


def export_filename(game: Game, stamp: str) -> str:
    safe = re.sub(r"[^0-9A-Za-z-]+", "-", stamp).strip("-")
    return f"ingenious-{game.variant.name}-{safe or 'game'}.json"


def fragment_for(game: Game, seats: list[str], review: dict[str, Any] | None = None) -> str:
    """``game=...`` for a URL fragment (no leading '#')."""
    text = json.dumps(shared_dict(game, seats, review), separators=(",", ":"))
    return FRAGMENT_KEY + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def link_for(
    page_url: str, game: Game, seats: list[str], review: dict[str, Any] | None = None
) -> str:
    """A link to ``game`` (and its review) on the page at ``page_url``, without that
    page's own query (the sharer's settings, such as ``?speed=instant``) or fragment."""
    parts = urlsplit(page_url)
    page = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    return f"{page}#{fragment_for(game, seats, review)}"


def fragment_payload(fragment: str) -> str | None:
    """The encoded game of a ``#game=...`` fragment, or None if the link carries no game."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    return text[len(FRAGMENT_KEY) :] if text.startswith(FRAGMENT_KEY) else None


def decode_payload(payload: str) -> str:
    """The JSON text of a link's game: base64url, or URI-encoded JSON."""
    if len(payload) > MAX_TEXT * 2:
        raise StoredDataError("the link is too long to hold a real game")
    if payload.startswith(("%7B", "%7b", "{")):
        return unquote(payload)
    if not _B64URL.match(payload):
        raise StoredDataError("the link's game is neither base64url nor JSON")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        return raw.decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise StoredDataError("the link's game is damaged (bad base64url)") from None


@dataclass(frozen=True)
class Shared:
    """A game from a file or a link: its seats, its review (checked; None when it came
    without one or with a broken one) and why a review that came with it was dropped."""

    game: Game
    seats: list[str]
    review: dict[str, Any] | None = None
    dropped: str = ""


def parse_shared(text: str) -> Shared:
    """A game, its seats and its review from imported text; `StoredDataError` with the
    reason when there is no game in it (a broken review only drops the review).

    Accepts the export format, a bare engine save, and a whole stored record.
    """
    if len(text) > MAX_FILE:
        raise StoredDataError(f"the file is too large ({len(text)} characters) to be a game")
    try:
        data: Any = decode(text, "the file")
    except IngeniousError as exc:
        raise StoredDataError(str(exc)) from None
    review = data.get("review") if isinstance(data, dict) else None
    if isinstance(data, dict) and isinstance(data.get("game"), dict) and "format" not in data:
        data = data["game"]
        review = data.get("review", review)
    game, seats = load_game_and_seats(data)
    checked, dropped = drop_broken(review, game)
    return Shared(game, seats, checked, dropped)


def parse_game_text(text: str) -> tuple[Game, list[str]]:
    """A game and its seats from imported text (`parse_shared` without the review)."""
    shared = parse_shared(text)
    return shared.game, shared.seats


def parse_shared_fragment(fragment: str) -> Shared | None:
    """The game (and review) a link carries, None if it carries none; `StoredDataError`
    if its game is bad."""
    payload = fragment_payload(fragment)
    if payload is None:
        return None
    return parse_shared(decode_payload(payload))


def parse_fragment(fragment: str) -> tuple[Game, list[str]] | None:
    """The game a link carries, None if it carries none; `StoredDataError` if it is bad."""
    shared = parse_shared_fragment(fragment)
    return None if shared is None else (shared.game, shared.seats)


DROPPED_SHARED = N_(
    "The review that came with this game could not be used ({problem}); the game is kept "
    "without it."
)


def summary(game: Game) -> str:
    """One line about a game, e.g. 'Standard game · Ann, Bob · 12 moves · finished'."""
    names = ", ".join(game.names)
    state = "finished" if game.phase == "over" else "in progress"
    return f"{game.variant.title} · {names} · {len(game.moves)} moves · {state}"


class Sharing:
    def __init__(self, manager: Any) -> None:
        from web.saves.widgets import make
        from web.ui.dom import on

        self.manager = manager
        self.file_input = make("input")
        self.file_input.type = "file"
        self.file_input.id = "import-file"
        self.file_input.accept = ".json,application/json"
        self.file_input.className = "sr-only"
        self.file_input.setAttribute("aria-label", _("Import a game file"))
        on(self.file_input, "change", self.on_file_chosen)

    def bind(self) -> None:
        import js  # type: ignore[import-not-found]

        from web.ui.dom import document, on

        on(document, "dragover", self.on_drag_over)
        on(document, "drop", self.on_drop)
        on(js.window, "hashchange", lambda e: self.open_fragment(str(js.location.hash)))

    # --- export ----------------------------------------------------------------------------------
    def download(self, game: Game, seats: list[str], review: dict[str, Any] | None = None) -> None:
        import js

        text = export_text(game, seats, review)
        self.save_file(text, export_filename(game, str(js.Date.new().toISOString())[:16]))

    def save_file(self, text: str, filename: str) -> None:
        """Hand `text` to the browser as a JSON file download."""
        import js

        from web.saves.widgets import make

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

    def show_link(self, game: Game, seats: list[str], review: dict[str, Any] | None = None) -> None:
        import js

        from web.saves.widgets import make

        url = link_for(str(js.location.href), game, seats, review)
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
        from web.ui.dom import missing

        types = event.dataTransfer.types if not missing(event.dataTransfer) else []
        if "Files" in list(types):
            event.preventDefault()

    def on_drop(self, event: Any) -> None:
        from web.ui.dom import missing

        transfer = event.dataTransfer
        if missing(transfer) or not transfer.files.length:
            return
        event.preventDefault()
        asyncio.ensure_future(self.import_file(transfer.files.item(0)))

    async def import_file(self, file: Any) -> None:
        name = clean_name(str(file.name), "the file", 80)  # shown in messages: no bidi tricks
        messages = self.manager.messages
        if float(file.size) > MAX_FILE:
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
        from web.saves.widgets import now_ms

        manager = self.manager
        try:
            shared = parse_shared(text)
        except StoredDataError as exc:
            manager.messages.say(
                fmt("Could not import “{name}”: {problem}.", name=name, problem=exc)
            )
            return
        if shared.dropped:
            manager.messages.say(fmt(DROPPED_SHARED, problem=shared.dropped))
        game, seats = shared.game, shared.seats
        if game.phase == "over":  # among the finished games, with its Review
            _key, problems = kept.import_finished(manager.store, game, seats, shared.review,
                                                  now_ms())  # fmt: skip
            for problem in problems:
                manager.messages.say(problem)
            manager.refresh_panel()
            said = fmt("Imported “{name}” into Finished games.", name=name)
            manager.messages.toast(said, _("Review"), lambda: manager.app.open_review(
                game.copy(), list(seats)
            ))  # fmt: skip
            return
        label = f"Imported: {name}"[: storage.MAX_SAVE_NAME]
        record = Record(NAMED_KIND, game, seats, UiState(), saved_at=now_ms(), name=label)
        record.game_id = storage.new_id("g")
        record.review = shared.review
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
        import js

        from web.saves.widgets import button, close_dialog, dialog, make, open_dialog
        from web.ui.dom import document, missing, on

        try:
            parsed = parse_shared_fragment(fragment)
        except StoredDataError as exc:
            self.manager.messages.say(
                fmt("The game in this link cannot be opened: {problem}.", problem=exc)
            )
            return True
        if parsed is None:
            return False
        if parsed.dropped:
            self.manager.messages.say(fmt(DROPPED_SHARED, problem=parsed.dropped))
        game, seats, review = parsed.game, parsed.seats, parsed.review
        self.manager.reviews.remember(game, review)
        old = document.getElementById("shared-game")
        if not missing(old):
            close_dialog(old)  # a newer link replaces the offer of the older one
        box, card = dialog("shared-game", "dialog", _("A shared game"), title_id="shared-title")
        card.appendChild(make("p", "shared-summary", summary(game)))
        if self.manager.unfinished_autosave():
            card.appendChild(
                make("p", "muted", _("Playing it keeps your current game in Saved games."))
            )
        row = make("div", "row-buttons")
        manager = self.manager
        shared = N_("shared game")
        choices = (
            (_("Watch the replay"), "shared-replay",
             lambda: manager.viewer_open(shared, game, seats)),
            (_("Play from here"), "shared-play",
             lambda: manager.play(game.copy(), seats, UiState())),
            (_("Keep in Saved games"), "shared-keep", lambda: self.import_text(
                export_text(game, seats, review), "shared link"
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
