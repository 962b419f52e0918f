"""The embeddable board (embed.html): one position, explained ray by ray, or tried out.

The position comes from the URL (``?position=``, ``#position=``, ``?src=``) or from the
embedding page (a ``message``); see docs/embed.md. Every score shown is the engine's
(``engine.score_position``); this module only lays it out.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js  # type: ignore[import-not-found]

from engine import COLOURS, Position, SaveFormatError
from engine.jsontext import decode
from web import render
from web.boardview import ASPECT, BoardView, Overlay
from web.dom import document, el, expose, js_value, keep, on
from web.hexgrid import DIRECTIONS, Cell, add
from web.placing import step_cursor
from web.symbols import svg_symbol
from web.teach import (
    MODES,
    Request,
    Step,
    committed,
    explain,
    points_text,
    position_from_object,
    position_from_text,
    ray_text,
    read_request,
    score_or_none,
    shown_json,
    with_placement,
)

WIDE = 620  # px: from this frame width on, the explanation sits beside the board


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Embed:
    def __init__(self) -> None:
        self.view = BoardView(el("board"))
        self.position: Position | None = None
        self.raw: dict[str, Any] = {}
        self.initial: Position | None = None
        self.mode = "show"
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

    # --- start-up ------------------------------------------------------------------------
    def boot(self) -> None:
        self.fill_colour_pickers()
        self.bind()
        self.expose()
        request = read_request(str(js.location.search), str(js.location.hash))
        self.mode = request.mode
        self.zoom = request.zoom
        js.window.ingeniousEmbed.onPosition(keep(self.on_message))
        outcome = self.show_request(request)
        if outcome == "loading":
            return  # load_src says ready when the file has come (or failed)
        if outcome == "nothing":
            self.waiting()
        self.ready()

    def show_request(self, request: Request) -> str:
        """Show what the URL asks for: "shown" (a position or the problem with it),
        "loading" (a ``src`` file is being fetched) or "nothing"."""
        if request.problems:
            self.fail("; ".join(request.problems))
        elif request.position_text is not None:
            self.load_text(request.position_text)
        elif request.src is not None:
            asyncio.ensure_future(self.load_src(request.src))
            return "loading"
        else:
            return "nothing"
        return "shown"

    def ready(self) -> None:
        el("loading").hidden = True
        document.body.setAttribute("data-ready", "1")
        js.window.ingeniousEmbed.done()
        self.layout()

    def waiting(self) -> None:
        el("waiting").hidden = False
        el("explain").hidden = True
        el("try").hidden = True
        document.body.setAttribute("data-state", "waiting")

    def bind(self) -> None:
        canvas = el("board")
        on(el("prev"), "click", lambda e: self.go(self.step - 1))
        on(el("next"), "click", lambda e: self.go(self.step + 1))
        on(el("turn"), "click", lambda e: self.turn(1))
        on(el("place"), "click", lambda e: self.place())
        on(el("reset"), "click", lambda e: self.reset())
        on(el("colour-a"), "change", lambda e: self.update_preview())
        on(el("colour-b"), "change", lambda e: self.update_preview())
        on(canvas, "pointermove", self.on_pointer_move)
        on(canvas, "pointerdown", self.on_pointer_down)
        on(canvas, "contextmenu", self.on_context_menu)
        on(document, "keydown", self.on_key)
        on(js.window, "resize", lambda e: self.layout())
        on(js.window, "hashchange", lambda e: self.on_hash())

    def fill_colour_pickers(self) -> None:
        options = "".join(f'<option value="{c}">{c}</option>' for c in COLOURS)
        el("colour-a").innerHTML = options
        el("colour-b").innerHTML = options
        el("colour-a").value = "red"
        el("colour-b").value = "blue"

    # --- loading -----------------------------------------------------------------------------
    def load_text(self, text: str) -> None:
        try:
            position, raw = position_from_text(text)
        except SaveFormatError as exc:
            self.fail(str(exc))
            return
        self.show(position, raw)

    async def load_src(self, src: str) -> None:
        try:
            url = js.URL.new(src, js.location.href)
            if str(url.origin) != str(js.location.origin):
                raise ValueError("src must be a file on this site")
            response = await js.fetch(url.href)
            if not response.ok:
                raise ValueError(f"HTTP {response.status}")
            text = str(await response.text())
        except Exception as exc:  # a network failure reaches us as a JS error
            self.fail(f"could not load {src}: {exc}")
        else:
            self.load_text(text)
        self.ready()

    def on_hash(self) -> None:
        """A new ``#position=`` or ``#src=`` shows another position without a reload."""
        request = read_request("", str(js.location.hash))
        if "mode=" in str(js.location.hash):
            self.mode = request.mode
        self.show_request(request)
        self.layout()

    def on_message(self, text: str) -> None:
        """A position posted by the embedding page (shape documented in docs/embed.md)."""
        try:
            # The engine's decoder refuses oversized or absurdly nested text, which would
            # otherwise overflow Pyodide's stack.
            message = decode(str(text), "the message")
            mode = message.get("mode", self.mode)
            if mode not in MODES:
                raise SaveFormatError(f"unknown mode {mode!r}; use 'show' or 'try'")
            position, raw = position_from_object(message.get("position"))
        except SaveFormatError as exc:
            self.fail(str(exc))
        else:
            self.mode = mode
            self.show(position, raw)
        self.layout()
        ok = self.position is not None and el("problem").hidden
        self.post({"type": "ingenious:shown", "ok": ok, "message": str(el("problem").textContent)})

    def post(self, message: dict[str, Any]) -> None:
        js.window.ingeniousEmbed.post(json.dumps(message))

    def fail(self, message: str) -> None:
        """A bad position: say why inside the frame, keep nothing half-shown."""
        self.position = None
        self.score = None
        el("problem").textContent = f"This position cannot be shown: {message}"
        el("problem").hidden = False
        el("main").hidden = True
        el("waiting").hidden = True
        el("title").textContent = "Ingenious"
        el("note").hidden = True
        document.body.setAttribute("data-state", "error")
        self.post({"type": "ingenious:error", "message": message})

    # --- showing ----------------------------------------------------------------------------
    def show(self, position: Position, raw: dict[str, Any]) -> None:
        self.position, self.raw, self.initial = position, raw, position
        el("problem").hidden = True
        el("main").hidden = False
        el("waiting").hidden = True
        title = raw.get("title") if isinstance(raw.get("title"), str) else None
        el("title").textContent = title or "Ingenious"
        note = raw.get("note") if isinstance(raw.get("note"), str) else ""
        el("note").textContent = note
        el("note").hidden = not note
        if self.mode == "try":
            self.start_try(position)
        else:
            self.start_show(position)
        document.body.setAttribute("data-state", self.mode)

    def start_show(self, position: Position) -> None:
        el("try").hidden = True
        el("explain").hidden = False
        self.score = score_or_none(position)
        if self.score is None:
            self.steps = []
            self.view.zoom_to([])
            el("step-text").textContent = "This board has no tile to score."
            el("rays").innerHTML = ""
            el("counts").innerHTML = ""
            el("total").textContent = ""
            el("prev").disabled = el("next").disabled = True
            el("step-no").textContent = ""
            self.view.show(position)
            return
        self.steps = explain(self.score)
        if self.zoom:
            focus = [(c[0], c[1]) for c in self.score["placement"]]
            focus += [(c[0], c[1]) for ray in self.score["rays"] for c in ray["cells"]]
            self.view.zoom_to(focus)
        el("rays").innerHTML = "".join(
            f'<li data-colour="{r["colour"]}" data-points="{r["points"]}" '
            f'data-from="{r["from"][0]},{r["from"][1]}" data-direction="{r["direction"]}">'
            f"{svg_symbol(r['colour'], 16)} {_html(ray_text(r))}</li>"
            for r in self.score["rays"]
        )
        el("total").textContent = f"Total: {points_text(self.score['points'])}"
        el("total").setAttribute("data-total", str(self.score["total"]))
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
        self.view.show(self.position, overlay)
        el("step-text").textContent = current.text
        title = str(el("title").textContent)
        el("board").setAttribute("aria-label", f"{title}. Step {self.step + 1}: {current.text}")
        el("counts").innerHTML = "".join(
            f'<span class="count{"" if current.running[c] else " zero"}" data-colour="{c}" '
            f'data-count="{current.running[c]}">'
            f"{svg_symbol(c, 16)}{current.running[c]}</span>"
            for c in COLOURS
        )
        newest = -1 if self.step == len(self.steps) - 1 else current.rays - 1
        for i, item in enumerate(el("rays").children):
            item.className = "current" if i == newest else ("pending" if i >= current.rays else "")
        el("step-no").textContent = f"{self.step + 1} / {len(self.steps)}"
        el("prev").disabled = self.step == 0
        el("next").disabled = self.step == len(self.steps) - 1
        el("total").hidden = self.step != len(self.steps) - 1
        self.layout()

    # --- try mode -------------------------------------------------------------------------------
    def start_try(self, position: Position) -> None:
        self.view.zoom_to([])
        el("explain").hidden = True
        el("try").hidden = False
        if position.placement is not None:
            (a, ca), (b, cb) = position.placement
            el("colour-a").value = COLOURS[ca]
            el("colour-b").value = COLOURS[cb]
            self.aim_cell = a
            self.direction = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
            data = position.to_json()
            data.pop("placement", None)
            position, _ = position_from_object(data)
        self.position = position
        self.initial = position
        self.placed = []
        self.update_preview()

    def tile(self) -> tuple[str, str]:
        return (str(el("colour-a").value), str(el("colour-b").value))

    def update_preview(self) -> None:
        if self.position is None or self.mode != "try":
            return
        cell = self.cursor if self.cursor is not None else self.aim_cell
        overlay = Overlay(cursor=self.cursor)
        self.preview, self.preview_problem = None, ""
        if cell is not None:
            partner = add(cell, DIRECTIONS[self.direction])
            ca, cb = self.tile()
            try:
                self.preview = score_or_none(with_placement(self.position, cell, ca, partner, cb))
            except SaveFormatError as exc:
                self.preview_problem = str(exc)
            overlay.ghost = render.Ghost((cell, partner), (ca, cb), legal=self.preview is not None)
            if self.preview is not None:
                overlay.rays = self.preview["rays"]
        self.view.show(self.position, overlay)
        self.render_preview()

    def render_preview(self) -> None:
        result, rays = el("try-result"), el("try-rays")
        if self.preview is not None:
            result.textContent = f"This tile would score {points_text(self.preview['points'])}."
            result.setAttribute("data-total", str(self.preview["total"]))
            rays.innerHTML = "".join(
                f'<li data-colour="{r["colour"]}" data-points="{r["points"]}">'
                f"{svg_symbol(r['colour'], 16)} {_html(ray_text(r))}</li>"
                for r in self.preview["rays"]
            )
        else:
            text = (
                f"Not here: {self.preview_problem.removeprefix('placement: ')}."
                if self.preview_problem
                else "Point at two empty cells to try the tile."
            )
            result.textContent = text
            result.removeAttribute("data-total")
            rays.innerHTML = ""
        el("place").disabled = self.preview is None
        self.layout()

    def turn(self, step: int) -> None:
        self.direction = (self.direction + step) % 6
        self.update_preview()

    def place(self) -> None:
        if self.position is None or self.preview is None:
            return
        placement = self.preview["placement"]
        scored = points_text(self.preview["points"])
        cell = (placement[0][0], placement[0][1])
        partner = (placement[1][0], placement[1][1])
        placed = with_placement(self.position, cell, placement[0][2], partner, placement[1][2])
        self.position, _ = committed(placed)
        self.placed.append(scored)
        self.update_preview()
        el("try-result").textContent = f"Placed: it scored {scored}. Try the next tile."

    def reset(self) -> None:
        if self.initial is not None and self.mode == "try":
            self.position = self.initial
            self.placed = []
            self.update_preview()

    # --- input ------------------------------------------------------------------------------------
    def on_pointer_move(self, event: Any) -> None:
        if self.mode != "try" or self.position is None:
            return
        cell = self.view.cell_at(float(event.clientX), float(event.clientY))
        if cell != self.aim_cell or self.cursor is not None:
            self.aim_cell, self.cursor = cell, None
            self.update_preview()

    def on_pointer_down(self, event: Any) -> None:
        if self.mode != "try" or event.button == 2:
            return
        cell = self.view.cell_at(float(event.clientX), float(event.clientY))
        # A finger has no hover: the first tap shows what the tile would score, a second
        # tap on the same cell places it.
        first_tap = event.pointerType == "touch" and cell != self.aim_cell
        self.aim_cell, self.cursor = cell, None
        self.update_preview()
        if not first_tap:
            self.place()

    def on_context_menu(self, event: Any) -> None:
        if self.mode == "try":
            event.preventDefault()
            self.turn(1)

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
                self.go(0)
            elif key == "End":
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
        """Fit the board to the frame: full width if the frame is tall enough, else smaller.

        The height the content would like (board at full width) goes to the parent page, so
        a page that listens can size the frame to it (docs/embed.md, "ingenious:height").
        """
        root, wrap, side = el("embed"), el("board-wrap"), el("side")
        width = float(root.clientWidth)
        wide = width >= WIDE
        root.classList.toggle("wide", wide)
        head = float(el("embed").querySelector(".head").offsetHeight)
        problem = 0.0 if el("problem").hidden else float(el("problem").offsetHeight) + 12
        if el("main").hidden:
            js.window.ingeniousEmbed.height(head + problem + 16)
            return
        board_w = float(wrap.clientWidth)
        natural = board_w * ASPECT
        side_h = float(side.scrollHeight)
        chrome = head + problem + 16  # paddings and gaps
        inner = float(js.window.innerHeight)
        if wide:
            available = inner - chrome
            total = chrome + max(natural, side_h)
        else:
            available = inner - chrome - side_h - 6
            total = chrome + natural + side_h + 6
        if self.position is not None:
            self.view.fit_width(board_w, max(available, 160.0))
        js.window.ingeniousEmbed.height(total)

    # --- automation hook (docs/automation.md, "The embed") -----------------------------------
    def expose(self) -> None:
        def state() -> Any:
            if self.position is None:
                return None
            return js_value(shown_json(self.position, self.raw))

        def cell_center(q: int, r: int) -> Any:
            x, y = self.view.cell_center(int(q), int(r))
            return js_value({"x": x, "y": y})

        def score() -> Any:
            value = self.preview if self.mode == "try" else self.score
            return None if value is None else js_value(value)

        def step() -> Any:
            return js_value({"step": self.step, "steps": len(self.steps), "mode": self.mode})

        def aim() -> Any:
            cell = self.cursor if self.cursor is not None else self.aim_cell
            return js_value(
                {"cell": None if cell is None else list(cell), "direction": self.direction}
            )

        expose(
            "ingenious",
            {"state": state, "cellCenter": cell_center, "score": score, "step": step, "aim": aim},
        )


_embed: Embed | None = None


def start() -> None:
    global _embed
    try:
        _embed = Embed()
        _embed.boot()
    except Exception as exc:
        js.window.ingeniousEmbed.problem(f"The board could not start: {exc}")
        raise
