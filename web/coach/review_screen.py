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
from engine.coach.hints import try_from_here
from engine.coach.review import WIDTH, WORLDS
from engine.rules.game import Game
from web.board.render import draw_view
from web.coach.review_html import chart_html, frame_html, rows_html, words_html
from web.coach.review_model import (
    BETTER,
    PLAYED,
    Positions,
    ReviewModel,
    ReviewState,
    Step,
    elapsed_line,
    next_selection,
    review_model,
)
from web.play.botworker import BotTimeout
from web.play.engine_words import engine_text
from web.store.reviews import review_data
from web.ui.dom import document, hold_focus, missing, on
from web.ui.markup import join, tag
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
        #: The plans over the game (`engine.coach.lesson_plans.plans`, from the worker),
        #: costed by the chart once the review is complete.
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
        """Plans over the game (`engine.coach.lesson_plans`), as the worker last found them."""
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
            chart = self.find("review-chart")
            focused = chart.contains(document.activeElement)  # a mark clicked or keyed
            chart.innerHTML = chart_html(m.chart)
        else:
            focused = False
        if old is None or old.step != m.step:
            self.draw_step(m.step, old.step if old is not None else None)
        if focused:  # the focus stays in the dialog, so the step keys go on working
            self.refocus_mark(m.step.index if m.step is not None else None)

    def refocus_mark(self, index: int | None) -> None:
        """The chart was drawn again under the focus: the mark of the move shown takes it
        (a step button where that move has none)."""
        found = f'g[data-review-index="{index}"]'
        mark: Any = None if index is None else self.root.querySelector(found)
        if missing(mark):  # a button that can take it: at the last move Next is off
            mark = next(b for b in map(self.find, ("review-next", "review-previous",
                                                   "review-close")) if not b.disabled)  # fmt: skip
        mark.focus()

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
