"""Play with friends in the page (browser): a dialog drawn from `RemoteState`
(`web.remote.model`), the Play-with-friends button of the start screen, a message in the
address (``#m=...``, read once and then cleared from the address), pasted or opened as a
file, copy and download. A turn is played on the game screen the shell lends
(`Host.play_remote`): when it is complete the screen hands its moves back (`turned`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Protocol

import js  # type: ignore[import-not-found]

from engine.remote import api
from engine.rules.errors import IngeniousError
from engine.rules.game import Game
from web.i18n import _
from web.play.engine_words import engine_text
from web.play.session import HUMAN, REMOTE
from web.remote import games
from web.remote.entry import has_message
from web.remote.model import RemoteState, body_html
from web.ui.dom import document, guard_dialog, missing, on, show_dialog


class Host(Protocol):
    """What this screen needs from the shell."""

    store: Any

    def play_remote(
        self, game: Game, seats: list[str], on_turn: Callable[[list[str]], None]
    ) -> None: ...  # the game on the game screen; `on_turn` told of each whole turn


def page_address() -> str:
    """This page's address without its fragment (where a message's link leads)."""
    return str(js.location.href).split("#")[0]


def _once(work: Callable[..., None]) -> Any:
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    return create_once_callable(work)


async def next_paint() -> None:
    """Until the page has painted (so "Working…" shows before a long step)."""
    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()
    js.requestAnimationFrame(
        _once(lambda now: js.setTimeout(_once(lambda: future.set_result(None)), 0))
    )
    await future


class RemoteScreen:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.state = RemoteState()
        self.shown = False
        self.working = False
        self.box: Any = None
        self.body: Any = None

    # --- the page's parts ----------------------------------------------------------------------
    def build(self) -> None:
        """The dialog (closed)."""
        box = document.createElement("dialog")
        box.id = "remote-screen"
        box.className = "overlay saves-dialog remote-screen"
        box.hidden = True
        card = document.createElement("div")
        card.className = "card dialog remote"
        card.setAttribute("role", "dialog")
        card.setAttribute("aria-labelledby", "remote-title")
        head = document.createElement("h2")
        head.id = "remote-title"
        close = document.createElement("button")
        close.type = "button"
        close.id = "remote-close"
        body = document.createElement("div")
        body.id = "remote-body"
        card.appendChild(head)
        card.appendChild(body)
        card.appendChild(close)
        box.appendChild(card)
        document.body.appendChild(box)
        self.box, self.body = box, body
        on(close, "click", lambda e: self.close())
        on(body, "click", self.on_click)
        on(body, "input", self.on_input)
        on(body, "change", self.on_change)
        guard_dialog(box, self.close, lambda: show_dialog(box, self.shown))
        self.label()

    def label(self) -> None:
        """The fixed words, in the player's language."""
        document.getElementById("remote-title").textContent = _("Play with friends")
        document.getElementById("remote-close").textContent = _("Close")

    def relanguage(self) -> None:
        if self.box is not None:
            self.label()
            self.draw()

    # --- drawing -------------------------------------------------------------------------------
    def draw(self) -> None:
        if self.body is None:
            return
        problems: list[str] = []
        stores = {}
        for text in games.listed(self.host.store, problems):
            stores[str(api.status(text)["game"])] = text
        if problems and not self.state.problem:
            self.state.problem = " ".join(problems)
        self.body.innerHTML = body_html(self.state, stores, page_address())
        if self.working:
            self.box.setAttribute("aria-busy", "true")
        else:
            self.box.removeAttribute("aria-busy")
        show_dialog(self.box, self.shown)

    def open(self) -> None:
        self.shown = True
        self.draw()
        first = self.body.querySelector("button, textarea, input, select")
        if not missing(first):
            first.focus()

    def close(self) -> None:
        self.shown = False
        self.state.problem = self.state.note = ""
        self.state.send = None
        show_dialog(self.box, False)

    # --- steps ---------------------------------------------------------------------------------
    def run(self, step: Callable[[], games.Outcome | None]) -> None:
        """A step that may take a second (the engine's keys and checks): "Working…" is
        painted first; a second step meanwhile is ignored."""
        if self.working:
            return
        self.working = True
        self.state.problem, self.state.note = "", _("Working…")
        self.shown = True
        self.draw()

        async def go() -> None:
            await next_paint()
            try:
                out = step()
            except IngeniousError as exc:
                out = games.Outcome(self.state.game, problem=engine_text(str(exc)))
            finally:
                self.working = False
            if out is not None:
                self.state.told(out)
            self.draw()

        asyncio.ensure_future(go())

    def open_fragment(self, fragment: str) -> bool:
        """A message in the address: opened once; the address then loses it, so a reload
        does not open it again."""
        if not has_message(fragment):
            return False
        js.history.replaceState(None, "", page_address())
        self.run(lambda: games.open_text(self.host.store, fragment))
        return True

    def on_input(self, event: Any) -> None:
        name = str(event.target.getAttribute("data-field") or "")
        if name in ("name", "join_name", "paste", "table"):
            setattr(self.state, name, str(event.target.value))

    def on_change(self, event: Any) -> None:
        target = event.target
        if str(target.id) == "remote-table":
            self.state.table = str(target.value)
        elif str(target.id) == "remote-file" and target.files.length:
            asyncio.ensure_future(self.open_file(target.files.item(0)))

    async def open_file(self, file: Any) -> None:
        try:
            text = str(await file.text())
        except Exception as exc:  # the browser could not read it
            self.state.told(games.Outcome(problem=engine_text(str(exc))))
            self.draw()
            return
        self.run(lambda: games.open_text(self.host.store, text))

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-act]")
        if missing(target):
            return
        act = str(target.getAttribute("data-act"))
        game = str(target.getAttribute("data-game") or self.state.game or "")
        store, state = self.host.store, self.state
        if act == "create":
            variant, players = state.table_choice()
            self.run(lambda: games.create(store, variant, players, state.name))
        elif act == "open":
            self.run(lambda: games.open_text(store, state.paste))
        elif act == "join":
            seat = int(str(target.getAttribute("data-seat")))
            self.run(lambda: games.join(store, game, seat, state.join_name))
        elif act == "again":
            state.told(games.again(store, game))
            self.draw()
        elif act == "show":
            state.told(games.Outcome(game))
            self.draw()
        elif act == "list":
            state.view, state.send, state.problem, state.note = "list", None, "", ""
            self.draw()
        elif act == "play":
            self.play(game)
        elif act in ("copy-link", "copy-text"):
            node = document.getElementById("remote-link" if act == "copy-link" else "remote-text")
            node.select()
            with contextlib.suppress(Exception):  # refused: it is selected, to copy by hand
                js.navigator.clipboard.writeText(str(node.value))
        elif act == "download" and state.send is not None:
            self.download(state.send, game)
        elif act == "export":
            text = games.read(store, game)
            if text is not None:
                self.save_file(api.export_game(text), f"ingenious-remote-{game[:8]}.json")

    def download(self, message: str, game: str) -> None:
        info = api.message_info(message)
        self.save_file(message + "\n", f"ingenious-{game[:8]}-{info['number']}.txt")

    def save_file(self, text: str, name: str) -> None:
        blob = js.Blob.new([text], js.JSON.parse('{"type": "text/plain"}'))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = name
        self.box.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(_once(lambda: js.URL.revokeObjectURL(url)), 10_000)

    # --- the turn, on the game screen ----------------------------------------------------------
    def play(self, game: str) -> None:
        """Show the game on the game screen: this seat a person's, the others remote."""
        text = games.read(self.host.store, game)
        if text is None:
            self.state.told(games.Outcome(problem=_("This game is no longer on this device.")))
            self.draw()
            return
        status = api.status(text)
        try:
            board = api.turn_game(text)
        except IngeniousError as exc:
            self.state.told(games.Outcome(game, problem=engine_text(str(exc))))
            self.draw()
            return
        seats = [REMOTE] * int(status["players"])
        seats[int(status["seat"])] = HUMAN
        self.close()
        self.state.game = game
        self.host.play_remote(board, seats, lambda moves: self.turned(game, moves))

    def turned(self, game: str, moves: list[str]) -> None:
        """The turn played on the game screen is complete: send it, show what to send."""

        def step() -> games.Outcome:
            out = games.turn(self.host.store, game, moves)
            self.play(game)  # the board as the stored game now is (also after a refusal)
            self.shown = True
            return out

        self.run(step)
