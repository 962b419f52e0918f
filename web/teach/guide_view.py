"""Browser side of the rules page and the tutorial (see web/teach/guide.py).

Boards are drawn by web/teach/boardview.py (the game's renderer); each lesson is an engine
game (web/teach/tutorial.py), so the tile on the board, its preview and the verdict all come
from the engine.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from engine import COLOURS, IllegalMoveError, parse_position, score_position
from web.board import render
from web.board.hexgrid import DIRECTIONS, Cell, add
from web.board.placing import LegalIndex, format_placement, step_cursor
from web.board.symbols import colour_name, svg_symbol, svg_tile
from web.i18n import _, fmt
from web.play.engine_words import engine_text
from web.teach.boardview import BoardView, Overlay
from web.teach.rules import DIAGRAMS
from web.teach.tutorial import DONE, LESSONS, MORE, YOU, Practice
from web.ui.dom import js_value, keep, on
from web.ui.markup import Markup, join, tag

_listening: set[int] = set()  # ids of tutorial views with a live key listener


def _points_words(points: dict[str, int]) -> str:
    parts = [f"{points[c]} {colour_name(c)}" for c in COLOURS if points.get(c)]
    return " + ".join(parts) if parts else _("no points")


# --- rules diagrams -----------------------------------------------------------------------------
def draw_diagrams(body: Any) -> list[BoardView]:
    views: list[BoardView] = []
    width = min(420.0, max(200.0, float(body.clientWidth) - 8))
    for canvas in body.querySelectorAll("canvas.diagram"):
        data = DIAGRAMS[str(canvas.getAttribute("data-diagram"))]
        position = parse_position(data)
        view = BoardView(canvas)
        view.position = position
        overlay = Overlay()
        if position.placement is not None:
            score = score_position(position)
            (a, ca), (b, cb) = position.placement
            overlay = Overlay(placed=(a, COLOURS[ca], b, COLOURS[cb]), rays=score["rays"])
            cells = [a, b] + [(c[0], c[1]) for ray in score["rays"] for c in ray["cells"]]
            view.zoom_to(cells)
        view.overlay = overlay
        view.fit_width(width, width * 0.62 if position.placement is not None else None)
        views.append(view)
    return views


# --- tutorial --------------------------------------------------------------------------------
class TutorialView:
    def __init__(self, body: Any) -> None:
        self.body = body
        self.doc = js.document
        self.view = BoardView(self.el("tut-board"))
        self.index = 0
        self.practice = Practice(LESSONS[0])
        self.legal = LegalIndex([])
        self.slot = 0
        self.cursor: Cell = (0, 0)
        self.direction = 0
        self.verdict = ""
        self.bind()
        self.expose()
        self.load(0)

    def el(self, id_: str) -> Any:
        return self.doc.getElementById(id_)

    def bind(self) -> None:
        on(self.el("tut-turn"), "click", lambda e: self.turn(1))
        on(self.el("tut-place"), "click", lambda e: self.place())
        on(self.el("tut-swap"), "click", lambda e: self.decide("swap"))
        on(self.el("tut-keep"), "click", lambda e: self.decide("pass"))
        on(self.el("tut-retry"), "click", lambda e: self.load(self.index))
        on(self.el("tut-back"), "click", lambda e: self.load(max(0, self.index - 1)))
        on(self.el("tut-next"), "click", lambda e: self.load(self.index + 1))
        on(self.el("tut-again"), "click", lambda e: self.load(0))
        on(self.el("tut-rack"), "click", self.on_rack_click)
        canvas = self.el("tut-board")
        on(canvas, "pointermove", self.on_pointer_move)
        on(canvas, "pointerdown", self.on_pointer_down)
        on(canvas, "contextmenu", self.on_context_menu)
        self.key_proxy = keep(self.on_key)
        self.body.addEventListener("keydown", self.key_proxy)
        _listening.add(id(self))

    def dispose(self) -> None:
        """Stop listening to the guide body (its HTML is about to be replaced)."""
        self.body.removeEventListener("keydown", self.key_proxy)
        _listening.discard(id(self))

    # --- lessons -------------------------------------------------------------------------------
    def load(self, index: int) -> None:
        if index >= len(LESSONS):
            self.el("tut").hidden = True
            self.el("tut-finished").hidden = False
            self.el("tut-play").focus()
            self.verdict = "finished"
            return
        self.el("tut").hidden = False
        self.el("tut-finished").hidden = True
        self.index = index
        lesson = LESSONS[index]
        self.practice = Practice(lesson)
        self.verdict = ""
        self.slot = 0
        self.direction = 0
        focus = self.practice.focus()
        self.cursor = focus[len(focus) // 2] if focus else (0, 0)
        self.el("tut-step").textContent = fmt(
            "Lesson {n} of {total}", n=index + 1, total=len(LESSONS)
        )
        self.el("tut-title").textContent = _(lesson.title)
        self.el("tut-text").innerHTML = _(lesson.text)
        self.el("tut-goal").textContent = _(lesson.goal)
        self.el("tut-feedback").textContent = ""
        self.el("tut-next").disabled = True
        self.el("tut-back").disabled = index == 0
        self.view.zoom_to(focus)
        self.view.position = self.practice.position()
        self.size_board()
        self.refresh()
        self.el("tut-board").focus()

    def size_board(self) -> None:
        wrap = self.el("tut-board-wrap")
        width = max(200.0, float(wrap.clientWidth))
        ratio = 0.62 if self.view.focus else 0.9
        height = min(width * ratio, float(js.window.innerHeight) * 0.42)
        self.view.resize(width, max(180.0, height))

    def refresh(self) -> None:
        """Rack, scores, legal moves and the aimed tile, all from the engine game."""
        game = self.practice.game
        mine = self.practice.your_turn() and game.phase == "place"
        self.legal = LegalIndex(game.legal_moves() if mine else [])
        rack = self.practice.rack() if mine else []
        if self.slot >= len(rack):
            self.slot = 0
        self.el("tut-rack").innerHTML = join(
            tag(
                "button",
                {"type": "button", "class": "rack-tile", "data-slot": i,
                 "aria-pressed": "true" if i == self.slot else "false",
                 "aria-label": fmt("Tile {n}: {first} and {second}", n=i + 1,
                                   first=colour_name(a), second=colour_name(b))},
                tag("span", {"class": "key"}, i + 1),
                Markup(svg_tile(a, b)),
            )
            for i, (a, b) in enumerate(rack)
        )  # fmt: skip
        swap = game.phase == "swap" and game.current == 0
        self.el("tut-swap").hidden = not swap
        self.el("tut-keep").hidden = not swap
        self.el("tut-place").disabled = not mine
        self.el("tut-turn").disabled = not mine
        self.render_scores()
        self.update_aim()

    def render_scores(self) -> None:
        lesson = self.practice.lesson
        box = self.el("tut-scores")
        if not lesson.show_scores:
            box.innerHTML = ""
            return
        game = self.practice.game
        rows = []
        names = [_(YOU), _(lesson.opponent_name)]
        sides = [(0, names[0])] + ([(1, names[1])] if any(lesson.opponent) else [])
        for side, name in sides:
            track = game.scores[side]
            low = min(track)
            cells = (
                tag("span", {"class": "tut-count low" if track[i] == low else "tut-count",
                             "data-colour": c, "data-count": track[i]},
                    Markup(svg_symbol(c, 16)), track[i])
                for i, c in enumerate(COLOURS)
            )  # fmt: skip
            head = tag("b", None, name)
            rows.append(tag("div", {"class": "tut-track", "data-side": side}, head, " ", cells))
        box.innerHTML = join(rows)

    def aimed(self) -> tuple[str, str, Cell, Cell] | None:
        rack = self.practice.rack()
        if not rack or self.slot >= len(rack) or self.practice.game.phase != "place":
            return None
        a, b = rack[self.slot]
        return (a, b, self.cursor, add(self.cursor, DIRECTIONS[self.direction]))

    def update_aim(self) -> None:
        overlay = Overlay(cursor=self.cursor)
        preview = self.el("tut-preview")
        aimed = self.aimed() if not self.verdict or self.verdict == MORE else None
        preview.textContent = ""
        if aimed is not None:
            ca, cb, a, b = aimed
            move = self.legal.move_for((ca, cb), a, self.direction)
            overlay.ghost = render.Ghost((a, b), (ca, cb), legal=move is not None)
            if move is not None:
                result = self.practice.preview(move)
                overlay.rays = result["rays"]
                preview.textContent = fmt(
                    "Here it would score {points}.", points=_points_words(result["points"])
                )
            else:
                preview.textContent = _("The tile cannot go here.")
        self.view.position = self.practice.position()
        self.view.set_overlay(overlay)

    # --- actions ------------------------------------------------------------------------------
    def turn(self, step: int) -> None:
        self.direction = (self.direction + step) % 6
        self.update_aim()

    def select(self, slot: int) -> None:
        if 0 <= slot < len(self.practice.rack()):
            self.slot = slot
            self.refresh()

    def place(self) -> None:
        aimed = self.aimed()
        if aimed is None or self.verdict == DONE:
            return
        ca, cb, a, b = aimed
        move = self.legal.move_for((ca, cb), a, self.direction)
        if move is None:
            try:
                self.practice.game.parse(format_placement(a, ca, b, cb))
                problem = _("The tile cannot go here.")
            except IllegalMoveError as exc:
                problem = fmt("Not allowed: {reason}.", reason=engine_text(str(exc)))
            self.el("tut-feedback").textContent = problem
            return
        self.settle(*self.practice.play(move))

    def decide(self, choice: str) -> None:
        if self.practice.game.phase == "swap":
            self.settle(*self.practice.play(choice))

    def settle(self, verdict: str, message: str) -> None:
        self.verdict = verdict
        self.el("tut-feedback").textContent = message
        self.refresh()
        if verdict == DONE:
            self.el("tut-next").disabled = False
            self.el("tut-next").focus()
        elif verdict == MORE:
            if self.practice.game.phase == "swap":
                self.el("tut-swap").focus()
            else:
                self.el("tut-board").focus()
        else:
            self.el("tut-retry").focus()

    # --- input -------------------------------------------------------------------------------
    def on_rack_click(self, event: Any) -> None:
        try:
            slot = int(event.target.closest(".rack-tile[data-slot]").getAttribute("data-slot"))
        except Exception:  # a click between the tiles: closest() found nothing
            return
        self.select(slot)

    def on_pointer_move(self, event: Any) -> None:
        cell = self.view.cell_at(float(event.clientX), float(event.clientY))
        if cell is not None and cell != self.cursor:
            self.cursor = cell
            self.update_aim()

    def on_pointer_down(self, event: Any) -> None:
        if event.button == 2:
            return
        cell = self.view.cell_at(float(event.clientX), float(event.clientY))
        if cell is None:
            return
        first_tap = event.pointerType == "touch" and cell != self.cursor
        self.cursor = cell
        if first_tap:  # no hover on a touch screen: show the preview first
            self.update_aim()
        else:
            self.place()

    def on_context_menu(self, event: Any) -> None:
        event.preventDefault()
        self.turn(1)

    def on_key(self, event: Any) -> None:
        tut = self.el("tut")
        if tut is None or tut.hidden:
            return
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        key = str(event.key)
        if len(key) == 1 and key in "123456":
            self.select(int(key) - 1)
        elif key.startswith("Arrow"):
            event.preventDefault()
            self.cursor = step_cursor(self.cursor, key, self.practice.game.zone_radius)
            self.update_aim()
        elif key in ("r", "R"):
            self.turn(-1 if event.shiftKey else 1)
        elif key == "Enter" and tag not in ("button", "a"):
            event.preventDefault()
            self.place()

    # --- automation hook (docs/automation.md, "Tutorial") ---------------------------------
    def expose(self) -> None:
        def state() -> Any:
            game = self.practice.game
            return js_value(
                {
                    "lesson": LESSONS[self.index].key,
                    "index": self.index,
                    "count": len(LESSONS),
                    "rack": [list(t) for t in self.practice.rack()],
                    "slot": self.slot,
                    "cursor": list(self.cursor),
                    "direction": self.direction,
                    "phase": game.phase,
                    "verdict": self.verdict,
                    "position": self.practice.position().to_json(),
                    "listeners": len(_listening),
                }
            )

        proxy = keep(state)
        api = js.window.ingenious
        if api is None:
            api = js.Object.new()
            js.window.ingenious = api
        api.tutorial = proxy
        api.tutorialLesson = keep(lambda index: self.load(int(index)))  # a lesson, for tests
