"""The Review screen (browser only): a modal dialog that draws `web.coach.review_model`.

The analysis runs in the bot worker, one move per call (`review_next`), so the page
never waits on it: between two calls it draws the results that have arrived, and Stop
simply asks for no more (and tells the worker to drop the rest). Closing the dialog
stops the review the same way.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from engine import IngeniousError
from engine.game import Game
from engine.review import try_from_here
from web.board.render import draw_view
from web.coach.review_model import (
    CHART_H,
    CHART_W,
    TEXT,
    ReviewModel,
    ReviewState,
    Row,
    board_after,
    review_model,
)
from web.play.botworker import BotTimeout
from web.play.engine_words import engine_text
from web.ui.dom import document, hold_focus, missing, on
from web.ui.markup import join, tag

BOARD = 260.0
#: The watchdog of one move's analysis. A move is judged without a time budget (a fixed
#: number of rollouts), so on a slow phone or a busy machine it takes far longer than a
#: bot's move: the bots' 25 s would stop reviews that are merely slow.
STEP_LIMIT_S = 120.0


class ReviewScreen:
    """One review of one game. `begin(game, seats)` starts a game from a chosen position."""

    def __init__(
        self,
        parent: Any,
        game: Game,
        seats: list[int] | None,
        workers: Any,
        try_game: Callable[[Game, int], None],
        on_close: Callable[[], None],
    ) -> None:
        self.game = game
        self.seats = seats
        self.workers = workers
        self.try_game = try_game
        self.on_close = on_close
        self.state = ReviewState()
        self.shown: ReviewModel | None = None
        self.closed = False
        self.dpr = float(js.window.devicePixelRatio or 1.0)
        make = document.createElement
        self.root = make("dialog")
        self.root.className = "card dialog review-card"
        self.root.id = "review"
        self.root.setAttribute("aria-labelledby", "review-title")
        self.root.innerHTML = join(
            [
                tag(
                    "div",
                    {"class": "review-body"},
                    tag("h2", {"id": "review-title"}, TEXT["title"]),
                    tag("p", {"id": "review-status", "class": "review-status", "role": "status"}),
                    tag("progress", {"id": "review-progress", "max": "1", "value": "0"}),
                    tag(
                        "div",
                        {"class": "row-buttons"},
                        tag("button", {"type": "button", "id": "review-stop"}, TEXT["stop"]),
                        tag("button", {"type": "button", "id": "review-close"}, TEXT["close"]),
                    ),
                    tag("h3", None, TEXT["costliest"]),
                    tag("ol", {"id": "review-worst", "class": "review-rows"}),
                    tag("p", {"id": "review-none", "class": "muted"}),
                    tag("section", {"id": "review-detail", "class": "review-detail"}),
                    tag("h3", {"id": "review-chart-title"}),
                    tag("div", {"id": "review-chart", "class": "review-chart"}),
                    tag("h3", None, TEXT["all_moves"]),
                    tag("ol", {"id": "review-all", "class": "review-rows"}),
                )
            ]
        )
        parent.appendChild(self.root)
        on(self.find("review-stop"), "click", lambda e: self.stop())
        on(self.find("review-close"), "click", lambda e: self.close())
        on(self.root, "click", self.on_click)
        on(self.root, "cancel", self.on_cancel)
        hold_focus(self.root)
        self.render()
        self.root.showModal()
        self.find("review-stop").focus()
        self.task = asyncio.ensure_future(self.run())

    def find(self, id_: str) -> Any:
        return self.root.querySelector(f"#{id_}")

    # --- the analysis, one move per worker call -------------------------------------------
    async def start_worker(self) -> None:
        """Start (or resume, after the results received so far) the review in the worker."""
        answer = await self.workers.ask(
            "review_start",
            json.dumps(self.game.to_save()),
            json.dumps(self.seats),
            len(self.state.results),
        )
        self.state.total = int(json.loads(answer)["total"])

    async def run(self) -> None:
        state = self.state
        state.running = True
        resumed = False
        try:
            await self.start_worker()
            state.started = True
            self.render()
            while not self.halted():
                try:
                    text = await self.workers.ask("review_next", limit_s=STEP_LIMIT_S)
                except BotTimeout:
                    if resumed or self.halted():
                        raise
                    # Once: the watchdog started a fresh worker; the review goes on there.
                    resumed = True
                    await self.start_worker()
                    continue
                if self.halted() or not text:
                    break
                state.results.append(json.loads(text))
                self.render()
        except BotTimeout as exc:
            state.timeout_s = exc.limit_s
        except Exception as exc:
            state.error = str(exc) or type(exc).__name__
            js.console.warn(f"review: {exc}")
        state.running = False
        state.started = True
        if not self.closed:
            self.render()

    def halted(self) -> bool:
        """Closed or stopped: no more moves are asked for (an answer on its way is dropped)."""
        return self.closed or self.state.stopped

    def stop(self) -> None:
        if self.state.running:
            self.state.stopped = True
            self.state.running = False
            asyncio.ensure_future(self._tell_stop())
            self.render()

    async def _tell_stop(self) -> None:
        try:
            await self.workers.ask("review_stop")
        except Exception as exc:
            js.console.warn(f"review stop: {exc}")

    # --- input --------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-review-index]")
        if not missing(target):
            self.state.selected = int(target.getAttribute("data-review-index"))
            self.render()
            return
        if not missing(event.target.closest("#review-try")):
            self.try_here()

    def try_here(self) -> None:
        shown = self.shown
        if shown is None or shown.detail is None:
            return
        index = shown.detail.index
        try:
            game = try_from_here(self.game.to_save(), index, deal=random.getrandbits(40))
        except IngeniousError as exc:  # a chain of tries as deep as a save can hold
            self.find("review-status").textContent = engine_text(str(exc))
            return
        self.close()
        self.try_game(game, index)

    def on_cancel(self, event: Any) -> None:
        event.preventDefault()
        self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.stop()
        self.closed = True
        if self.root.open:
            self.root.close()
        self.root.remove()
        self.on_close()

    # --- drawing ------------------------------------------------------------------------
    def render(self) -> None:
        m = review_model(self.state, self.game)
        old, self.shown = self.shown, m
        self.find("review-status").textContent = m.status
        bar = self.find("review-progress")
        bar.max = max(1, m.total)
        bar.value = m.done
        bar.setAttribute("aria-label", m.status)
        self.find("review-stop").disabled = not m.running
        if old is None or old.costliest != m.costliest:
            self.find("review-worst").innerHTML = rows_html(m.costliest)
        none = self.find("review-none")
        none.textContent = m.no_mistakes
        none.hidden = not m.no_mistakes
        if old is None or old.rows != m.rows:
            self.find("review-all").innerHTML = rows_html(m.rows)
        if old is None or old.chart != m.chart:
            self.find("review-chart-title").textContent = m.chart.title
            self.find("review-chart").innerHTML = chart_html(m)
        if old is None or old.detail != m.detail:
            self.draw_detail(m)

    def draw_detail(self, m: ReviewModel) -> None:
        box = self.find("review-detail")
        d = m.detail
        if d is None:
            box.innerHTML = ""
            return
        boards = [tag("figure", None,
                      tag("canvas", {"id": "review-board-played", "role": "img",
                                     "aria-label": TEXT["board_played"]}),
                      tag("figcaption", None, d.played_line))]  # fmt: skip
        if d.better_line:
            boards.append(
                tag(
                    "figure",
                    None,
                    tag(
                        "canvas",
                        {
                            "id": "review-board-better",
                            "role": "img",
                            "aria-label": TEXT["board_better"],
                        },
                    ),
                    tag("figcaption", None, d.better_line),
                )  # fmt: skip
            )
        box.innerHTML = join(
            [
                tag("h3", None, d.heading),
                tag("p", {"class": "review-worth"}, d.worth),
                tag("div", {"class": "review-boards"}, boards),
                tag("p", None, d.why_played),
                tag("p", None, d.why_better) if d.why_better else None,
                tag(
                    "button",
                    {
                        "type": "button",
                        "id": "review-try",
                        "class": "primary",
                        "title": TEXT["try_help"],
                    },
                    TEXT["try"],
                ),  # fmt: skip
                tag("p", {"class": "muted"}, TEXT["try_help"]),
            ]
        )
        result = next(r for r in self.state.results if r["index"] == d.index)
        played = board_after(self.game, d.index, result["played"])
        draw_view(
            self.find("review-board-played"),
            played,
            BOARD,
            BOARD,
            self.dpr,
            d.played_cells,
            last=False,
        )
        if d.better_line:
            better = board_after(self.game, d.index, result["best"])
            canvas = self.find("review-board-better")
            draw_view(canvas, better, BOARD, BOARD, self.dpr, d.better_cells, last=False)
        for canvas in box.querySelectorAll("canvas"):
            canvas.style.width = f"{BOARD:.0f}px"
            canvas.style.maxWidth = "100%"


def rows_html(rows: tuple[Row, ...]) -> str:
    return join(
        tag(
            "li",
            {"class": "review-row mistake" if r.mistake else "review-row"},
            tag(
                "button",
                {
                    "type": "button",
                    "data-review-index": r.index,
                    "aria-pressed": "true" if r.selected else "false",
                },  # fmt: skip
                tag("strong", None, r.label),
                " ",
                r.summary,
            ),
        )
        for r in rows
    )


def chart_html(m: ReviewModel) -> str:
    """The chart as SVG (hidden from screen readers) and its text equivalent as a list."""
    chart = m.chart
    svg = ""
    if chart.lines:
        lines = [
            tag("polyline", {"points": pts, "class": f"review-line seat-{i}", "fill": "none"})
            for i, pts in enumerate(chart.lines)
        ]
        half = tag("line", {"x1": 0, "x2": CHART_W, "y1": CHART_H / 2, "y2": CHART_H / 2,
                            "class": "review-mid"})  # fmt: skip
        svg = tag("svg", {"viewBox": f"0 0 {CHART_W:.0f} {CHART_H:.0f}", "aria-hidden": "true",
                          "class": "review-svg"}, half, lines)  # fmt: skip
    legend = tag(
        "p",
        {"class": "review-legend", "aria-hidden": "true"},
        [tag("span", {"class": f"seat-{i}"}, name, " ") for i, name in enumerate(chart.names)],
    )
    text = tag(
        "ul",
        {"class": "review-chart-text", "tabindex": "0", "aria-label": chart.title},
        [tag("li", None, t) for t in chart.text],
    )
    return join([svg, legend if chart.lines else "", text])
