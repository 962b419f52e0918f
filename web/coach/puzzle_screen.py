"""The daily puzzle (browser only): the Daily puzzle button on the start screen, and the
puzzle played on the game's board. The shell wires the two features together: it gives
this screen a `Board` (the game screen, which shows the position with both sides' score
boards and the player's rack and takes the answer as a placement made as in a game) and
a panel to draw `web.coach.puzzle_model` into. The record is kept in local storage.

An answer other than the best or the greedy placement is measured against the best one
in the bot worker (`puzzle_start`, `puzzle_next`: a few sampled games per call), with the
progress shown; the figures are kept with the answer, so a puzzle opened again shows
them at once.
"""

from __future__ import annotations

import asyncio
import datetime
import json
from collections.abc import Callable
from typing import Any, Protocol

import js  # type: ignore[import-not-found]

from engine.coach.puzzles import puzzle_for
from engine.rules.game import Game
from web.coach.puzzle_model import (
    PUZZLES_KEY,
    TEXT,
    PuzzleModel,
    PuzzleState,
    Record,
    answer_of,
    clean_record,
    judge,
    puzzle_model,
    puzzle_position,
    record_answer,
    record_figures,
)
from web.play.botworker import BotTimeout
from web.store import storage
from web.ui.dom import document, js_value, missing, on
from web.ui.markup import join, tag

#: The watchdog of one step of the measurement (a few sampled games played out).
STEP_LIMIT_S = 60.0


class Board(Protocol):
    """What the puzzle needs from the game screen (the shell provides it)."""

    def pose(self, game: Game, status: str, answered: bool, answer: str | None,
             best: str | None, on_answer: Callable[[str], None]) -> None: ...  # fmt: skip


def today() -> datetime.date:
    """The player's own date (the page's clock, local time)."""
    now = js.Date.new()
    return datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


def add_entry(open_puzzle: Callable[[], None]) -> None:
    """The Daily puzzle button on the start screen, under Rules and Tutorial."""
    tutorial = document.getElementById("open-tutorial")
    if missing(tutorial):
        return
    button = document.createElement("button")
    button.type = "button"
    button.id = "open-puzzle"
    button.textContent = TEXT["entry"]
    button.title = TEXT["entry_help"]
    on(button, "click", lambda e: open_puzzle())
    tutorial.parentNode.insertBefore(button, tutorial.nextSibling)


class PuzzleScreen:
    """The puzzle's panel beside the board; `open()` shows today's puzzle."""

    def __init__(
        self,
        store: Any,
        workers: Any,
        panel: Any,
        board: Board,
        on_close: Callable[[], None],
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.say = say or (lambda text: js.console.warn(text))
        self.workers = workers
        self.board = board
        self.on_close = on_close
        self.today = today()
        self.state = PuzzleState(self.today)
        self.games: dict[datetime.date, Game] = {}
        self.shown: PuzzleModel | None = None
        self.showing = False
        self.measuring: int | None = None  # the measurement under way (its number)
        self.jobs = 0
        # The puzzle heads the panel (the rack follows it); its earlier days end it.
        self.root = document.createElement("section")
        self.root.id = "puzzle"
        self.root.className = "puzzle-panel"
        self.root.setAttribute("aria-labelledby", "puzzle-title")
        panel.insertBefore(self.root, panel.firstChild)
        self.days = document.createElement("section")
        self.days.id = "puzzle-days"
        self.days.className = "puzzle-days"
        self.days.setAttribute("aria-labelledby", "puzzle-earlier-title")
        panel.appendChild(self.days)
        self.show_sections(False)
        self.build()
        on(self.root, "click", self.on_click)
        on(self.days, "click", self.on_click)

    def build(self) -> None:
        progress = {"id": "puzzle-progress", "max": "1", "value": "0",
                    "aria-labelledby": "puzzle-measure-text"}  # fmt: skip
        self.root.innerHTML = join(
            [
                tag("h2", {"id": "puzzle-title", "class": "puzzle-title"}),
                tag("p", {"id": "puzzle-task"}),
                tag("p", {"id": "puzzle-note", "class": "muted"}),
                tag("div", {"id": "puzzle-result", "role": "status"}),
                tag(
                    "div",
                    {"id": "puzzle-measure", "class": "puzzle-measure", "hidden": True},
                    tag("p", {"id": "puzzle-measure-text"}),
                    tag("progress", progress),
                ),
                tag("p", {"id": "puzzle-record", "class": "muted"}),
                tag("button", {"type": "button", "id": "puzzle-close"}, TEXT["close"]),
            ]
        )
        self.days.innerHTML = join(
            [
                tag("h2", {"id": "puzzle-earlier-title", "class": "panel-title"}, TEXT["earlier"]),
                tag("ul", {"id": "puzzle-earlier", "class": "puzzle-earlier"}),
            ]
        )
        self.shown = None

    def show_sections(self, shown: bool) -> None:
        self.root.hidden = self.days.hidden = not shown

    def find(self, id_: str) -> Any:
        return document.getElementById(id_)

    # --- opening and closing ---------------------------------------------------------------
    def open(self) -> None:
        """Today's puzzle on the board (the date is read again: the page may have stayed
        open past midnight)."""
        self.today = today()
        self.state = PuzzleState(self.today)
        self.showing = True
        self.show_sections(True)
        self.shown = None
        self.render()

    def leave(self) -> None:
        """The board goes back to the player's own game (the shell calls it)."""
        self.showing = False
        self.show_sections(False)
        self.stop_measuring()

    def relanguage(self) -> None:
        self.build()
        if self.showing:
            self.render()

    def on_click(self, event: Any) -> None:
        target = event.target
        if not missing(target.closest("#puzzle-close")):
            self.on_close()
            return
        day = target.closest("[data-puzzle-day]")
        if not missing(day):
            chosen = datetime.date.fromisoformat(str(day.getAttribute("data-puzzle-day")))
            if chosen != self.state.day:
                self.stop_measuring()
                self.state = PuzzleState(chosen)
                self.render()

    # --- the record ------------------------------------------------------------------------
    def record(self) -> Record:
        """The stored record, read through its schema (another tab may have written it
        since the start): one that fails is set aside, with a notice, and counts as none."""
        problems: list[str] = []
        found = storage.read_puzzle_record(self.store, problems)
        for text in problems:
            self.say(text)
        return clean_record(found)

    def write(self, record: Record) -> None:
        problem = storage.write_json(self.store, PUZZLES_KEY, record)
        if problem:
            js.console.warn(f"puzzle record: {problem}")

    def game(self, day: datetime.date) -> Game:
        """The puzzle's position, replayed once per day shown (the board keeps it)."""
        if day not in self.games:
            self.games[day] = puzzle_position(puzzle_for(day))
        return self.games[day]

    def answer(self, move: str) -> None:
        """A placement made on the board: the answer, if the puzzle has none yet (another
        tab may have given one meanwhile: the first one counts)."""
        day = self.state.day
        record = self.record()
        if answer_of(record, day) is None:
            played, solved = judge(puzzle_for(day), self.game(day), move)
            self.write(record_answer(record, day, played, solved, today()))
        self.render()

    # --- drawing ---------------------------------------------------------------------------
    def render(self) -> None:
        if not self.showing:
            return
        day = self.state.day
        game = self.game(day)
        m = puzzle_model(self.state, self.today, self.record(), game)
        old, self.shown = self.shown, m
        self.board.pose(game, m.status, m.answered, m.answer, m.best, self.answer)
        self.find("puzzle-title").textContent = m.title
        task = self.find("puzzle-task")
        task.textContent = m.task
        task.hidden = not m.task
        note = self.find("puzzle-note")
        note.textContent = m.note
        note.hidden = not m.note
        if old is None or old.result != m.result:
            self.find("puzzle-result").innerHTML = join(
                tag("p", {"class": "puzzle-solved" if m.solved and i == 0 else None}, line)
                for i, line in enumerate(m.result)
            )
        box = self.find("puzzle-measure")
        box.hidden = m.progress is None
        if m.progress is not None:
            self.find("puzzle-measure-text").textContent = m.measuring
            bar = self.find("puzzle-progress")
            bar.max = str(m.progress[1])
            bar.value = str(m.progress[0])
        self.find("puzzle-record").textContent = m.record
        if old is None or old.earlier != m.earlier:
            self.find("puzzle-earlier").innerHTML = join(
                tag(
                    "li",
                    None,
                    tag(
                        "button",
                        {
                            "type": "button",
                            "data-puzzle-day": e.date,
                            "aria-current": "true" if e.current else None,
                        },  # fmt: skip
                        e.label,
                        " – ",
                        e.state,
                    ),
                )
                for e in m.earlier
            )
        if old is not None and old.title != m.title:  # an earlier day, chosen at the panel's
            self.root.parentElement.scrollTop = 0  # end: it opens at its title and task
        elif old is not None and not old.answered and m.answered:
            self.root.scrollIntoView(js_value({"block": "nearest"}))
        if m.measure is not None and self.measuring is None:
            self.jobs += 1
            self.measuring = self.jobs
            asyncio.ensure_future(self.measure(self.jobs, day, m.measure))

    # --- measuring the answer in the bot worker ---------------------------------------------
    def stop_measuring(self) -> None:
        if self.measuring is not None:
            self.measuring = None
            asyncio.ensure_future(self.stop_worker())

    async def stop_worker(self) -> None:
        """The worker drops the rest of a measurement no longer shown."""
        try:
            await self.workers.ask("puzzle_stop")
        except Exception as exc:  # a worker that is gone has nothing to stop
            js.console.warn(f"puzzle_stop: {exc}")

    async def measure(self, job: int, day: datetime.date, move: str) -> None:
        """Measure the answer against the best one, a few sampled games per call, the
        progress drawn after each; the figures go into the record."""
        try:
            await self.workers.ask("puzzle_start", json.dumps(puzzle_for(day)), move)
            while self.measuring == job:
                text = await self.workers.ask("puzzle_next", limit_s=STEP_LIMIT_S)
                if self.measuring != job or not text:
                    return
                step = json.loads(text)
                if "figures" in step:
                    self.write(record_figures(self.record(), day, step["figures"]))
                    self.measuring = None
                    self.state.progress = None
                else:
                    self.state.progress = (int(step["done"]), int(step["total"]))
                self.render()
        except BotTimeout as exc:
            self.failed(job, day, TEXT["timeout"].format(limit=f"{exc.limit_s:g}"))
        except Exception as exc:  # the worker failed: say so, keep the rest of the answer
            js.console.warn(f"puzzle measurement failed: {exc}")
            self.failed(job, day, str(exc)[:120])

    def failed(self, job: int, day: datetime.date, reason: str) -> None:
        if self.measuring != job:
            return
        self.measuring = None
        if self.state.day == day:
            self.state.problem = reason
            self.state.progress = None
            self.render()
