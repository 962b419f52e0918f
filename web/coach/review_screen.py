"""The Review screen (browser only): a modal dialog that draws `web.coach.review_model`.

The analysis runs in the bot worker, one move per call (`review_next`), so the page
never waits on it: between two calls it draws the results that have arrived, and Stop
simply asks for no more (and tells the worker to drop the rest). Closing the dialog
stops the review the same way.

A review is kept with its game (`keep`, after every result): one stored before
(`stored`) shows at once, and one that stopped goes on where it stopped, with the
settings it was made with.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from engine import IngeniousError
from engine.coach.review import WIDTH, WORLDS, try_from_here
from engine.rules.game import Game
from web.board.render import draw_view
from web.coach.review_model import (
    BETTER,
    CHART_H,
    CHART_W,
    PLAYED,
    PLOT_BOTTOM,
    PLOT_LEFT,
    PLOT_RIGHT,
    PLOT_TOP,
    TEXT,
    Chart,
    Positions,
    ReviewModel,
    ReviewState,
    Row,
    Step,
    elapsed_line,
    next_selection,
    review_model,
)
from web.play.botworker import BotTimeout
from web.play.engine_words import engine_text
from web.store.reviews import review_data
from web.ui.dom import document, hold_focus, missing, on
from web.ui.markup import Markup, join, tag
from web.ui.scoreboard import board_html

BOARD = 480.0
#: The watchdog of one move's analysis. A move is judged without a time budget (a fixed
#: number of rollouts), so on a slow phone or a busy machine it takes far longer than a
#: bot's move: the bots' 25 s would stop reviews that are merely slow.
STEP_LIMIT_S = 120.0
#: The settings of a new review: the engine's (`engine.coach.review.Review`).
SETTINGS = {"worlds": WORLDS, "width": WIDTH, "seed": 1}
#: Keys the step-through takes (`review_model.next_selection`).
STEP_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End", "p", "P", "b", "B")


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
        stored: dict[str, Any] | None = None,
        keep: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.game = game
        self.workers = workers
        self.try_game = try_game
        self.on_close = on_close
        self.keep = keep
        self.positions = Positions(game)
        self.state = ReviewState(seats=seats, settings=dict(SETTINGS))
        if stored is not None:
            state = self.state
            state.results = [dict(r) for r in stored["results"]]
            state.total, state.seats = int(stored["total"]), stored["seats"]
            state.settings = dict(stored["settings"])
            state.started = True
        self.shown: ReviewModel | None = None
        #: The plans over the game (`engine.coach.lessons.plans`, from the worker), costed by the
        #: chart once the review is complete.
        self.plan_list: list[dict[str, Any]] = []
        self.closed = False
        self.asked_at = 0.0
        self.dpr = float(js.window.devicePixelRatio or 1.0)
        self.root = document.createElement("dialog")
        self.root.className = "card dialog review-card"
        self.root.id = "review"
        self.root.setAttribute("aria-labelledby", "review-title")
        self.root.innerHTML = frame_html()
        parent.appendChild(self.root)
        on(self.find("review-stop"), "click", lambda e: self.stop())
        on(self.find("review-close"), "click", lambda e: self.close())
        on(self.root, "click", self.on_click)
        on(self.root, "keydown", self.on_key)
        on(self.root, "cancel", self.on_cancel)
        hold_focus(self.root)
        if stored is None or not stored["complete"]:
            self.state.running = True  # the worker is asked at once: the words say so
        self.render()
        self.root.showModal()
        self.find("review-stop" if self.state.running else "review-close").focus()
        self.task = asyncio.ensure_future(self.run()) if self.state.running else None
        if self.task is None:
            asyncio.ensure_future(self.find_plans())

    def find(self, id_: str) -> Any:
        return self.root.querySelector(f"#{id_}")

    # --- the analysis, one move per worker call -------------------------------------------
    async def start_worker(self) -> None:
        """Start (or resume, after the results received so far) the review in the worker."""
        state = self.state
        answer = json.loads(
            await self.workers.ask(
                "review_start",
                json.dumps(self.game.to_save()),
                json.dumps(state.seats),
                len(state.results),
                json.dumps(state.settings),
            )
        )
        state.total = int(answer["total"])
        state.settings = dict(answer.get("settings", state.settings))

    async def run(self) -> None:
        state = self.state
        state.running = True
        resumed = False
        ticking = asyncio.ensure_future(self.tick())
        try:
            self.asked_at = time.monotonic()
            await self.find_plans()
            await self.start_worker()
            state.started = True
            self.render()
            while not self.halted():
                self.asked_at = time.monotonic()
                state.elapsed_s = 0.0
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
                self.store()
                self.render()
        except BotTimeout as exc:
            state.timeout_s = exc.limit_s
        except Exception as exc:
            state.error = str(exc) or type(exc).__name__
            js.console.warn(f"review: {exc}")
        ticking.cancel()
        state.running = False
        state.started = True
        self.store()
        if not self.closed:
            await self.find_plans()
            self.render()

    async def tick(self) -> None:
        """While a move is analysed, say for how long (once a second)."""
        while self.state.running and not self.closed:
            await asyncio.sleep(1.0)
            self.state.elapsed_s = time.monotonic() - self.asked_at
            self.find("review-elapsed").textContent = elapsed_line(self.state)

    def store(self) -> None:
        """Keep the review as it stands with its game (`keep`)."""
        state = self.state
        if self.keep is None or not state.started or not state.total:
            return
        complete = len(state.results) == state.total
        data = review_data(state.settings, state.seats, state.total, state.results, complete)
        try:
            self.keep(data)
        except Exception as exc:  # keeping is a convenience: the review goes on
            js.console.warn(f"review not kept: {exc}")

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
    def show(self, index: int | None, side: str | None = None) -> None:
        """Show move ``index`` (None: the same), with the move played or the better one."""
        if index is not None:
            self.state.selected = index
            self.state.showing = PLAYED
        if side is not None:
            self.state.showing = side
        self.render()

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-review-index]")
        if not missing(target):
            self.show(int(target.getAttribute("data-review-index")))
            return
        side = event.target.closest("[data-review-show]")
        if not missing(side):
            self.show(None, str(side.getAttribute("data-review-show")))
            return
        if not missing(event.target.closest("#review-try")):
            self.try_here()

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key in ("Enter", " ") and not missing(event.target.closest("g[data-review-index]")):
            event.preventDefault()  # a mistake's mark on the chart (a button of its own)
            self.show(int(event.target.closest("g").getAttribute("data-review-index")))
            return
        if key not in STEP_KEYS or event.ctrlKey or event.metaKey or event.altKey:
            return
        if self.shown is None:
            return
        index, side = next_selection(self.shown, key)
        if index is None and side is None:
            return
        event.preventDefault()
        self.show(index, side)

    def try_here(self) -> None:
        shown = self.shown
        if shown is None or shown.step is None:
            return
        index = shown.step.index
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
    async def find_plans(self) -> None:
        """Ask the worker for the plans of the reviewed seats, costed by the chances of the
        moves reviewed so far (a plan is found from the game alone; its cost needs the
        chart). A failure leaves the plans as they were: the review goes on without."""
        state = self.state
        chances = {str(r["index"]): r.get("chances", []) for r in state.results}
        try:
            answer = await self.workers.ask(
                "review_plans",
                json.dumps(self.game.to_save()),
                json.dumps(state.seats),
                json.dumps(chances),
                limit_s=STEP_LIMIT_S,
            )
            self.plan_list = [p for p in json.loads(answer) if isinstance(p, dict)]
        except Exception as exc:
            js.console.warn(f"review plans: {exc}")
        if not self.closed:
            self.render()

    def plans(self) -> list[dict[str, Any]]:
        """Plans over the game (`engine.coach.lessons.plans`), as the worker last found them."""
        return self.plan_list

    def render(self) -> None:
        state = self.state
        m = review_model(state, self.game, self.plans(), self.positions)
        old, self.shown = self.shown, m
        self.find("review-status").textContent = m.status
        self.find("review-elapsed").textContent = elapsed_line(state)
        bar = self.find("review-progress")
        bar.max = max(1, m.progress.total)
        if m.progress.indeterminate:
            bar.removeAttribute("value")  # moving, with no value: nothing has come yet
        else:
            bar.value = m.progress.done
        stop = self.find("review-stop")
        stop.disabled = not m.running
        stop.hidden = not m.running and state.complete
        if old is None or old.costliest != m.costliest:
            self.find("review-worst").innerHTML = rows_html(m.costliest)
        none = self.find("review-none")
        none.textContent = m.no_mistakes
        none.hidden = not m.no_mistakes
        if old is None or old.rows != m.rows:
            self.find("review-all").innerHTML = rows_html(m.rows)
        if old is None or old.plans != m.plans:
            self.find("review-plans").hidden = not m.plans
            self.find("review-plan-list").innerHTML = join([tag("li", None, p) for p in m.plans])
        if old is None or old.chart != m.chart:
            self.find("review-chart-title").textContent = m.chart.title
            self.find("review-chart").innerHTML = chart_html(m.chart)
        if old is None or old.step != m.step:
            self.draw_step(m.step, old.step if old is not None else None)

    def draw_step(self, step: Step | None, old: Step | None) -> None:
        box = self.find("review-step")
        box.hidden = step is None
        if step is None:
            return
        self.find("review-step-title").textContent = step.heading
        self.find("review-counter").textContent = step.counter
        for name, target in (("previous", step.previous), ("next", step.next)):
            button = self.find(f"review-{name}")
            button.disabled = target is None
            if target is not None:
                button.setAttribute("data-review-index", str(target))
            else:
                button.removeAttribute("data-review-index")
        for side in (PLAYED, BETTER):
            button = self.find(f"review-show-{side}")
            button.setAttribute("aria-pressed", "true" if step.showing == side else "false")
            button.disabled = side == BETTER and not step.can_better
        self.find("review-words").innerHTML = words_html(step)
        self.find("review-scores").innerHTML = join(
            [tag("h4", None, step.scores_title),
             tag("div", {"class": "review-score-boards"}, board_html(step.scores_view))]
        )  # fmt: skip
        canvas = self.find("review-board")
        canvas.setAttribute("aria-label", step.board_label)
        draw_view(canvas, step.view, BOARD, BOARD, self.dpr, step.other, last=False,
                  ghost=step.ghost, rays=step.rays)  # fmt: skip
        canvas.style.width = f"{BOARD:.0f}px"
        canvas.style.maxWidth = "100%"


def frame_html() -> Markup:
    """The dialog's fixed parts; `ReviewScreen.render` fills them from the model."""
    nav = tag(
        "div",
        {"class": "row-buttons review-nav"},
        tag("button", {"type": "button", "id": "review-previous"}, "◀ ", TEXT["previous"]),
        tag("button", {"type": "button", "id": "review-next"}, TEXT["next"], " ▶"),
    )
    toggle = tag(
        "div",
        {"class": "row-buttons review-toggle", "role": "group", "aria-label": TEXT["show"]},
        [tag("button", {"type": "button", "id": f"review-show-{side}", "data-review-show": side,
                        "aria-pressed": "false"}, TEXT[f"show_{side}"])
         for side in (PLAYED, BETTER)],
    )  # fmt: skip
    step = tag(
        "section",
        {"id": "review-step", "class": "review-step", "aria-labelledby": "review-step-title"},
        tag("div", {"class": "review-board-side"},
            tag("h3", {"id": "review-step-title"}),
            tag("p", {"id": "review-counter", "class": "muted"}),
            nav, toggle,
            tag("canvas", {"id": "review-board", "class": "review-board", "role": "img"}),
            tag("p", {"class": "muted review-keys"}, TEXT["keys"])),
        tag("div", {"class": "review-text-side"},
            tag("div", {"id": "review-words"}),
            tag("button", {"type": "button", "id": "review-try", "class": "primary",
                           "aria-describedby": "review-try-help"}, TEXT["try"]),
            tag("p", {"id": "review-try-help", "class": "muted"}, TEXT["try_help"]),
            tag("div", {"id": "review-scores", "class": "review-scores"})),
    )  # fmt: skip
    return tag(
        "div",
        {"class": "review-body"},
        tag("h2", {"id": "review-title"}, TEXT["title"]),
        tag("p", {"id": "review-status", "class": "review-status", "role": "status"}),
        tag("p", {"id": "review-elapsed", "class": "muted review-elapsed"}),
        tag(
            "progress", {"id": "review-progress", "max": "1", "aria-labelledby": "review-status"}
        ),  # fmt: skip
        tag(
            "div",
            {"class": "row-buttons"},
            tag("button", {"type": "button", "id": "review-stop"}, TEXT["stop"]),
            tag("button", {"type": "button", "id": "review-close"}, TEXT["close"]),
        ),
        step,
        tag("h3", None, TEXT["costliest"]),
        tag("ol", {"id": "review-worst", "class": "review-rows"}),
        tag("p", {"id": "review-none", "class": "muted"}),
        tag(
            "div",
            {"id": "review-plans", "class": "review-plans", "hidden": True},
            tag("h3", None, TEXT["plans"]),
            tag("ul", {"id": "review-plan-list"}),
        ),
        tag("h3", {"id": "review-chart-title"}),
        tag("div", {"id": "review-chart", "class": "review-chart"}),
        tag("h3", None, TEXT["all_moves"]),
        tag("ol", {"id": "review-all", "class": "review-rows"}),
    )


def words_html(step: Step) -> Markup:
    """The chosen move in words: its worth, both moves, their reasons, its plans."""
    return join(
        [
            tag("p", {"class": "review-worth"}, step.worth),
            tag("p", {"class": "review-played"}, step.played_line),
            tag("p", {"class": "review-better"}, step.better_line) if step.better_line else None,
            tag("p", None, step.why_played),
            tag("p", None, step.why_better) if step.why_better else None,
            tag("p", {"class": "review-lesson"}, step.lesson) if step.lesson else None,
            tag("ul", {"class": "review-plans"}, [tag("li", None, p) for p in step.plans])
            if step.plans
            else None,
        ]
    )


def rows_html(rows: tuple[Row, ...]) -> Markup:
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


def chart_html(chart: Chart) -> Markup:
    """The chart as SVG: axes with their numbers, the plans' spans and the players' lines
    (hidden from screen readers: the text below says the same), and each mistake's mark,
    a button that shows its move; then the legend and the text equivalent."""
    svg: Markup | str = ""
    if chart.lines:
        axes = [
            tag("rect", {"x": PLOT_LEFT, "y": PLOT_TOP, "width": PLOT_RIGHT - PLOT_LEFT,
                         "height": PLOT_BOTTOM - PLOT_TOP, "class": "review-plot"}),
            [tag("line", {"x1": PLOT_LEFT, "x2": PLOT_RIGHT, "y1": y, "y2": y,
                          "class": "review-grid"}) for y in chart.grid],
            [tag("rect", {"x": s.x0, "y": PLOT_TOP, "width": max(1.0, s.x1 - s.x0),
                          "height": PLOT_BOTTOM - PLOT_TOP, "class": f"review-span seat-{s.seat}"})
             for s in chart.spans],
            [tag("text", {"x": PLOT_LEFT - 6, "y": y + 4, "class": "review-tick",
                          "text-anchor": "end"}, label) for y, label in chart.y_ticks],
            [tag("text", {"x": x, "y": PLOT_BOTTOM + 16, "class": "review-tick",
                          "text-anchor": "middle"}, label) for x, label in chart.x_ticks],
            tag("text", {"x": (PLOT_LEFT + PLOT_RIGHT) / 2, "y": CHART_H - 4,
                         "class": "review-axis", "text-anchor": "middle"}, chart.x_title),
            tag("text", {"x": 12, "y": (PLOT_TOP + PLOT_BOTTOM) / 2, "class": "review-axis",
                         "text-anchor": "middle",
                         "transform": f"rotate(-90 12 {(PLOT_TOP + PLOT_BOTTOM) / 2:.1f})"},
                chart.y_title),
            [tag("polyline", {"points": pts, "class": f"review-line seat-{i}", "fill": "none"})
             for i, pts in enumerate(chart.lines)],
        ]  # fmt: skip
        marks = [
            tag("g", {"class": "review-mark selected" if m.selected else "review-mark",
                      "role": "button", "tabindex": "0", "aria-label": m.label,
                      "data-review-index": m.index},
                tag("title", None, m.label),
                tag("circle", {"cx": f"{m.x:.1f}", "cy": f"{m.y:.1f}", "r": 11,
                               "class": "review-hit"}),
                tag("circle", {"cx": f"{m.x:.1f}", "cy": f"{m.y:.1f}", "r": 5.5}))
            for m in chart.marks
        ]  # fmt: skip
        svg = tag(
            "svg",
            {"viewBox": f"0 0 {CHART_W:.0f} {CHART_H:.0f}", "class": "review-svg",
             "role": "group", "aria-label": chart.title},
            tag("g", {"aria-hidden": "true"}, axes),
            marks,
        )  # fmt: skip
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
