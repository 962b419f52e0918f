"""The embedded board: one position, explained ray by ray, or tried out.

Every board is this code, wherever it is: ``embed.html`` in a frame (:func:`start_frame`)
or a ``<div data-ingenious-position=...>`` of any page, drawn into the div's shadow root
by ``web/scripts/boards.js`` with one runtime for all boards of the page (:func:`mount`). The
position comes from the URL (``?position=``, ``#position=``, ``?src=``) or the embedding
page's messages in a frame, from the ``data-ingenious-*`` attributes in a page; see
docs/embed.md. Every score shown is the engine's (``engine.score_position``); this module
only lays it out, with the markup of ``web.teach.embed_view``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js  # type: ignore[import-not-found]

from engine import Position, SaveFormatError
from engine.formats.jsontext import decode
from web.board.hexgrid import Cell
from web.board.placing import step_cursor
from web.i18n import N_, _, fmt
from web.i18n import browser as i18n_browser
from web.teach.boardview import ASPECT, BoardView, Overlay
from web.teach.embed_hooks import expose
from web.teach.embed_source import SourceError, fetch_position_file
from web.teach.embed_try import TryMode
from web.teach.embed_view import board_html, count_items, ray_items
from web.teach.teach import (
    BOARD_ATTRIBUTES,
    MODES,
    Problem,
    Request,
    Step,
    explain,
    own_problem,
    points_text,
    position_from_object,
    position_from_text,
    read_attributes,
    read_request,
    score_or_none,
    src_problem,
)
from web.ui.dom import js_value, keep, missing, on

WIDE = 620  # px: from this width on, the explanation sits beside the board
#: In a page, the board is at most this share of the window's height.
PAGE_HEIGHT_SHARE = 0.85


class Embed(TryMode):
    """One board. ``root`` holds its elements (the frame's document, or the shadow root of
    a board in a page); ``flags`` gets ``data-ready``/``data-state`` (the frame's body, or
    the board's own element); ``frame``: it is embed.html, talking to its parent page."""

    def __init__(self, root: Any, flags: Any, frame: bool) -> None:
        self.root = root
        self.flags = flags
        self.frame = frame
        self.view: BoardView | None = None
        self.position: Position | None = None
        self.raw: dict[str, Any] = {}
        self.problem: Problem | None = None
        # Whether the board may say what a file of its site holds: not in a frame whose
        # parent is another site's page (it would learn it from the replies and the height).
        self.shows_detail = not frame or bool(js.window.ingeniousEmbed.showsDetail)
        self.initial: Position | None = None
        self.mode = "show"
        # Each position asked for (URL, attributes, message) gets the next number; a file
        # that arrives after a later request does not replace what that request showed.
        self.asked = 0
        self.score: dict[str, Any] | None = None
        self.steps: list[Step] = []
        self.step = 0
        # try mode
        self.aim_cell: Cell | None = None
        self.cursor: Cell | None = None
        self.direction = 0
        self.preview: dict[str, Any] | None = None
        self.preview_problem = ""
        self.placed: list[str] = []
        self.zoom = True
        self.width = -1.0
        self.fitted: tuple[float, float] = (0.0, 0.0)  # the canvas's last (width, height cap)

    def el(self, id_: str) -> Any:
        return self.root.getElementById(id_)

    @property
    def board(self) -> BoardView:
        assert self.view is not None, "boot() draws the board first"
        return self.view

    # --- start-up ------------------------------------------------------------------------
    def boot(self) -> None:
        self.el("embed").innerHTML = board_html(self.frame)
        self.view = BoardView(self.el("board"))
        self.el("colour-a").value = "red"
        self.el("colour-b").value = "blue"
        self.bind()
        expose(self)
        if self.frame:
            request = read_request(str(js.location.search), str(js.location.hash))
            js.window.ingeniousEmbed.onPosition(keep(self.on_message))
        else:
            request = self.attribute_request()
        self.mode = request.mode
        self.zoom = request.zoom
        outcome = self.show_request(request)
        if outcome == "loading":
            return  # load_src says ready when the file has come (or failed)
        if outcome == "nothing":
            self.waiting()
        self.ready()

    def attribute_request(self) -> Request:
        values = {name: self.flags.getAttribute(name) for name in BOARD_ATTRIBUTES.values()}
        return read_attributes({k: None if missing(v) else str(v) for k, v in values.items()})

    def show_request(self, request: Request) -> str:
        """Show what the URL or the attributes ask for: "shown" (a position or the problem
        with it), "loading" (a ``src`` file is being fetched) or "nothing"."""
        self.asked += 1
        if request.problems:
            self.fail(own_problem("; ".join(request.problems)))
        elif request.position_text is not None:
            self.load_text(request.position_text)
        elif request.src is not None:
            asyncio.ensure_future(self.load_src(request.src, self.asked))
            return "loading"
        else:
            return "nothing"
        return "shown"

    def ready(self) -> None:
        self.el("loading").hidden = True
        self.flags.setAttribute("data-ready", "1")
        if self.frame:
            js.window.ingeniousEmbed.done()
        else:
            self.tell("ingenious:ready", {})
        self.layout()

    def waiting(self) -> None:
        self.el("waiting").hidden = False
        self.el("explain").hidden = True
        self.el("try").hidden = True
        self.flags.setAttribute("data-state", "waiting")

    def bind(self) -> None:
        canvas = self.el("board")
        on(self.el("prev"), "click", lambda e: self.go(self.step - 1))
        on(self.el("next"), "click", lambda e: self.go(self.step + 1))
        on(self.el("turn"), "click", lambda e: self.turn(1))
        on(self.el("place"), "click", lambda e: self.place())
        on(self.el("reset"), "click", lambda e: self.reset())
        on(self.el("colour-a"), "change", lambda e: self.update_preview())
        on(self.el("colour-b"), "change", lambda e: self.update_preview())
        on(canvas, "pointermove", self.on_pointer_move)
        on(canvas, "pointerdown", self.on_pointer_down)
        on(canvas, "contextmenu", self.on_context_menu)
        # Keys go to the board that has the focus: the frame's document, or the shadow root.
        on(self.root, "keydown", self.on_key)
        on(js.window, "resize", lambda e: self.layout())
        if self.frame:
            on(js.window, "hashchange", lambda e: self.on_hash())
        else:
            js.ResizeObserver.new(keep(lambda entries, observer: self.on_resize())).observe(
                self.flags
            )
            names = list(BOARD_ATTRIBUTES.values())
            options = js_value({"attributes": True, "attributeFilter": names})
            js.MutationObserver.new(keep(lambda records, observer: self.on_attributes())).observe(
                self.flags, options
            )

    # --- loading -----------------------------------------------------------------------------
    def load_text(self, text: str) -> None:
        try:
            position, raw = position_from_text(text)
        except SaveFormatError as exc:
            self.fail(own_problem(str(exc)))
            return
        self.show(position, raw)

    async def load_src(self, src: str, asked: int) -> None:
        """Fetch and show a ``src`` file, unless another position was asked for meanwhile
        (a hash or attribute changed again): then that request shows its own."""
        fetched = asyncio.ensure_future(fetch_position_file(src))
        await asyncio.wait([fetched])
        if asked != self.asked:
            fetched.exception()  # a failure no one will show: retrieved, so not logged
            return
        try:
            position, raw = position_from_text(fetched.result())
        except (SourceError, SaveFormatError) as exc:
            # The engine's reason may quote the file (values, key names), and the reasons
            # tell a missing file from a large one: see Problem.
            self.fail(src_problem(src, str(exc)))
        except Exception as exc:  # anything unforeseen: still say so, and still be ready
            self.fail(src_problem(src, str(exc)))
        else:
            self.show(position, raw)
        self.ready()

    def on_hash(self) -> None:
        """A new ``#position=`` or ``#src=`` shows another position without a reload."""
        request = read_request("", str(js.location.hash))
        if "mode=" in str(js.location.hash):
            self.mode = request.mode
        self.show_request(request)
        self.layout()

    def on_attributes(self) -> None:
        """A page changed a board's ``data-ingenious-*`` attributes: show what they say now."""
        request = self.attribute_request()
        self.mode, self.zoom = request.mode, request.zoom
        if self.show_request(request) == "nothing":
            self.waiting()
        self.layout()

    def on_resize(self) -> None:
        width = float(self.flags.clientWidth)
        if width != self.width:
            self.width = width
            self.layout()

    def on_message(self, text: str) -> None:
        """A position posted by the embedding page (shape documented in docs/embed.md)."""
        self.asked += 1
        try:
            # The engine's decoder refuses oversized or absurdly nested text, which would
            # otherwise overflow Pyodide's stack.
            message = decode(str(text), "the message")
            mode = message.get("mode", self.mode)
            if mode not in MODES:
                raise SaveFormatError(f"unknown mode {mode!r}; use 'show' or 'try'")
            position, raw = position_from_object(message.get("position"))
        except SaveFormatError as exc:
            self.fail(own_problem(str(exc)))
        else:
            self.mode = mode
            self.show(position, raw)
        self.layout()
        ok = self.position is not None and self.problem is None
        self.tell("ingenious:shown", {"ok": ok, "message": self.problem_text()})

    def tell(self, kind: str, fields: dict[str, Any]) -> None:
        """Tell the page: a message to the frame's parent, or an event on the board."""
        if self.frame:
            js.window.ingeniousEmbed.post(json.dumps({"type": kind, **fields}))
        else:
            event = js.CustomEvent.new(kind, js_value({"detail": fields, "bubbles": True}))
            self.flags.dispatchEvent(event)

    def set_title(self, title: str, region: str) -> None:
        """The board's title; in a page also the name of the board's region."""
        self.el("title").textContent = title
        if not self.frame:
            self.el("embed").setAttribute("aria-label", fmt("Ingenious board: {region}",
                                                            region=_(region)))  # fmt: skip

    def problem_text(self) -> str:
        """The problem in the words this board may use ("" when there is none)."""
        return "" if self.problem is None else self.problem.text(self.shows_detail)

    def fail(self, problem: Problem) -> None:
        """A bad position: say why in the board, keep nothing half-shown."""
        self.position = None
        self.score = None
        self.problem = problem
        message = self.problem_text()
        self.el("problem").textContent = fmt("This position cannot be shown: {problem}",
                                             problem=message)  # fmt: skip
        self.el("problem").hidden = False
        self.el("main").hidden = True
        self.el("waiting").hidden = True
        self.set_title(_("Ingenious"), N_("a position that cannot be shown"))
        self.el("note").hidden = True
        self.flags.setAttribute("data-state", "error")
        self.tell("ingenious:error", {"message": message})

    # --- showing ----------------------------------------------------------------------------
    def show(self, position: Position, raw: dict[str, Any]) -> None:
        self.position, self.raw, self.initial = position, raw, position
        self.fitted = (0.0, 0.0)  # a new board (maybe another zone): fit it afresh
        self.problem = None
        self.el("problem").textContent = ""
        self.el("problem").hidden = True
        self.el("main").hidden = False
        self.el("waiting").hidden = True
        title = raw.get("title") if isinstance(raw.get("title"), str) else None
        self.set_title(title or _("Ingenious"), title or N_("a position"))
        note = raw.get("note") if isinstance(raw.get("note"), str) else ""
        self.el("note").textContent = note
        self.el("note").hidden = not note
        if self.mode == "try":
            self.start_try(position)
        else:
            self.start_show(position)
        self.flags.setAttribute("data-state", self.mode)

    def start_show(self, position: Position) -> None:
        self.el("try").hidden = True
        self.el("explain").hidden = False
        self.score = score_or_none(position)
        if self.score is None:
            self.steps = []
            self.board.zoom_to([])
            self.el("step-text").textContent = _("This board has no tile to score.")
            self.el("rays").innerHTML = ""
            self.el("counts").innerHTML = ""
            self.el("total").textContent = ""
            self.el("prev").disabled = self.el("next").disabled = True
            self.el("step-no").textContent = ""
            self.board.show(position)
            return
        self.steps = explain(self.score, position.zone)
        if self.zoom:
            focus = [(c[0], c[1]) for c in self.score["placement"]]
            focus += [(c[0], c[1]) for ray in self.score["rays"] for c in ray["cells"]]
            self.board.zoom_to(focus)
        else:
            self.board.zoom_to([])
        self.el("rays").innerHTML = ray_items(self.score["rays"], radius=position.zone)
        self.el("total").textContent = fmt(
            "Total: {points}", points=points_text(self.score["points"])
        )
        self.el("total").setAttribute("data-total", str(self.score["total"]))
        self.go(0)

    def go(self, step: int) -> None:
        if not self.steps or self.position is None or self.score is None:
            return
        self.step = max(0, min(step, len(self.steps) - 1))
        current = self.steps[self.step]
        rays = self.score["rays"]
        (qa, ra, ca), (qb, rb, cb) = self.score["placement"]
        overlay = Overlay(placed=((qa, ra), ca, (qb, rb), cb))
        if current.rays:
            overlay.faded_rays = rays[: current.rays - 1]
            last = self.step == len(self.steps) - 1
            overlay.rays = rays[: current.rays] if last else [rays[current.rays - 1]]
            if last:
                overlay.faded_rays = []
        self.board.show(self.position, overlay)
        self.el("step-text").textContent = current.text
        title = str(self.el("title").textContent)
        self.el("board").setAttribute(
            "aria-label",
            fmt(
                "{title}. Step {n}: {text}", title=title, n=self.step + 1, text=current.text
            ),  # fmt: skip
        )
        self.el("counts").innerHTML = count_items(current.running)
        newest = -1 if self.step == len(self.steps) - 1 else current.rays - 1
        for i, item in enumerate(self.el("rays").children):
            item.className = "current" if i == newest else ("pending" if i >= current.rays else "")
        self.el("step-no").textContent = f"{self.step + 1} / {len(self.steps)}"
        self.el("prev").disabled = self.step == 0
        self.el("next").disabled = self.step == len(self.steps) - 1
        self.el("total").hidden = self.step != len(self.steps) - 1
        self.layout()

    def on_key(self, event: Any) -> None:
        if self.position is None:
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("select", "input", "textarea"):
            return
        key = str(event.key)
        if self.mode == "show":
            if key in ("ArrowLeft", "ArrowUp", "PageUp"):
                event.preventDefault()
                self.go(self.step - 1)
            elif key in ("ArrowRight", "ArrowDown", "PageDown"):
                event.preventDefault()
                self.go(self.step + 1)
            elif key == "Home":
                event.preventDefault()
                self.go(0)
            elif key == "End":
                event.preventDefault()
                self.go(len(self.steps) - 1)
            return
        if key.startswith("Arrow"):
            event.preventDefault()
            start = self.cursor or self.aim_cell or (0, 0)
            self.cursor = step_cursor(start, key, self.position.zone)
            self.aim_cell = self.cursor
            self.update_preview()
        elif key in ("r", "R"):
            self.turn(-1 if event.shiftKey else 1)
        elif key == "Enter" and tag not in ("button", "a"):
            event.preventDefault()
            self.place()

    # --- sizing ---------------------------------------------------------------------------------
    def layout(self) -> None:
        """Fit the board to its room.

        In a frame: full width if the frame is tall enough, else smaller; the height the
        content would like (board at full width) goes to the parent page, so a page that
        listens can size the frame to it (docs/embed.md, "ingenious:height"). In a page:
        full width, at most most of the window's height; the page flows around it.
        """
        root, wrap, side = self.el("embed"), self.el("board-wrap"), self.el("side")
        width = float(root.clientWidth)
        wide = width >= WIDE
        root.classList.toggle("wide", wide)
        head = float(root.querySelector(".head").offsetHeight)
        problem = 0.0 if self.el("problem").hidden else float(self.el("problem").offsetHeight) + 12
        inner = float(js.window.innerHeight)
        if self.el("main").hidden:
            self.report_height(head + problem + 16)
            return
        board_w = float(wrap.clientWidth)
        if not self.frame:
            self.fit(board_w, max(inner * PAGE_HEIGHT_SHARE, 160.0))
            return
        natural = board_w * ASPECT
        side_h = float(side.scrollHeight)
        chrome = head + problem + 16  # paddings and gaps
        if wide:
            available = inner - chrome
            total = chrome + max(natural, side_h)
        else:
            available = inner - chrome - side_h - 6
            total = chrome + natural + side_h + 6
        self.fit(board_w, max(available, 160.0))
        self.report_height(total)

    def fit(self, width: float, max_height: float) -> None:
        """Size the canvas (which redraws it) only when its room changed."""
        if self.position is None or (width, max_height) == self.fitted:
            return
        self.fitted = (width, max_height)
        self.board.fit_width(width, max_height)

    def report_height(self, height: float) -> None:
        if self.frame:
            js.window.ingeniousEmbed.height(height)


_boards: list[Embed] = []  # every board of this page, kept alive with their listeners


def start_frame() -> None:
    """embed.html: the one board of the frame, its elements in the document."""
    i18n_browser.start()  # the frame's language: ?lang=, remembered, the browser's
    try:
        board = Embed(js.document, js.document.body, frame=True)
        _boards.append(board)
        board.boot()
    except Exception as exc:
        js.window.ingeniousEmbed.problem(fmt("The board could not start: {problem}", problem=exc))
        raise


def mount(host: Any, root: Any) -> None:
    """A board in a page: ``host`` is the ``data-ingenious-*`` element, ``root`` its
    shadow root holding an ``#embed`` element (web/scripts/boards.js)."""
    i18n_browser.start()  # the host page's language (its <html lang>), else the browser's
    board = Embed(root, host, frame=False)
    _boards.append(board)
    board.boot()
