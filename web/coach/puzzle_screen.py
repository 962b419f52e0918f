"""The daily puzzle (browser only): an entry on the start screen and a modal dialog that
draws `web.coach.puzzle_model`. The record (days solved) is kept in local storage."""

from __future__ import annotations

import datetime
from typing import Any

import js  # type: ignore[import-not-found]

from web.board.render import draw_view
from web.coach.puzzle_model import (
    PUZZLES_KEY,
    TEXT,
    PuzzleModel,
    PuzzleState,
    clean_record,
    puzzle_model,
    record_result,
)
from web.store import storage
from web.ui.dom import document, hold_focus, missing, on
from web.ui.markup import join, tag

BOARD = 300.0


def today() -> datetime.date:
    """The player's own date (the page's clock, local time)."""
    now = js.Date.new()
    return datetime.date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


def add_entry(store: Any) -> None:
    """The Daily puzzle button on the start screen, under Rules and Tutorial."""
    tutorial = document.getElementById("open-tutorial")
    if missing(tutorial):
        return
    button = document.createElement("button")
    button.type = "button"
    button.id = "open-puzzle"
    button.textContent = TEXT["entry"]
    button.title = TEXT["entry_help"]
    on(button, "click", lambda e: PuzzleScreen(store))
    tutorial.parentNode.insertBefore(button, tutorial.nextSibling)


class PuzzleScreen:
    def __init__(self, store: Any) -> None:
        self.store = store
        self.today = today()
        self.state = PuzzleState(self.today)
        self.dpr = float(js.window.devicePixelRatio or 1.0)
        self.root = document.createElement("dialog")
        self.root.className = "card dialog puzzle-card"
        self.root.id = "puzzle"
        self.root.setAttribute("aria-labelledby", "puzzle-title")
        self.root.innerHTML = join(
            [
                tag("h2", {"id": "puzzle-title"}),
                tag("p", {"id": "puzzle-task"}),
                tag("canvas", {"id": "puzzle-board", "role": "img", "aria-label": TEXT["board"]}),
                tag("fieldset", {"id": "puzzle-options", "class": "puzzle-options"}),
                tag(
                    "div",
                    {"class": "row-buttons"},
                    tag(
                        "button",
                        {"type": "button", "id": "puzzle-check", "class": "primary"},
                        TEXT["check"],
                    ),  # fmt: skip
                    tag("button", {"type": "button", "id": "puzzle-close"}, TEXT["close"]),
                ),
                tag("div", {"id": "puzzle-result", "role": "status"}),
                tag("p", {"id": "puzzle-record", "class": "muted"}),
                tag("h3", None, TEXT["earlier"]),
                tag("ul", {"id": "puzzle-earlier", "class": "puzzle-earlier"}),
            ]
        )
        document.body.appendChild(self.root)
        on(self.root, "change", self.on_change)
        on(self.root, "click", self.on_click)
        on(self.root, "cancel", self.on_cancel)
        hold_focus(self.root)
        self.shown: PuzzleModel | None = None
        self.render()
        self.root.showModal()
        self.find("puzzle-close").focus()

    def find(self, id_: str) -> Any:
        return self.root.querySelector(f"#{id_}")

    def record(self) -> dict[str, list[str]]:
        return clean_record(storage.read_json(self.store, PUZZLES_KEY, {}))

    def on_change(self, event: Any) -> None:
        if str(getattr(event.target, "name", "")) == "puzzle-answer":
            self.state.choice = str(event.target.value)
            self.state.checked = False
            self.render()

    def on_click(self, event: Any) -> None:
        target = event.target
        if not missing(target.closest("#puzzle-check")):
            self.check()
        elif not missing(target.closest("#puzzle-close")):
            self.close()
        else:
            day = target.closest("[data-puzzle-day]")
            if not missing(day):
                self.state = PuzzleState(
                    datetime.date.fromisoformat(str(day.getAttribute("data-puzzle-day")))
                )
                self.render()

    def check(self) -> None:
        if self.state.choice is None:
            return
        self.state.checked = True
        m = puzzle_model(self.state, self.today, self.record())
        updated = record_result(self.record(), self.state.day, bool(m.solved))
        problem = storage.write_json(self.store, PUZZLES_KEY, updated)
        if problem:
            js.console.warn(f"puzzle record: {problem}")
        self.render()

    def on_cancel(self, event: Any) -> None:
        event.preventDefault()
        self.close()

    def close(self) -> None:
        if self.root.open:
            self.root.close()
        self.root.remove()

    def render(self) -> None:
        m = puzzle_model(self.state, self.today, self.record())
        old, self.shown = self.shown, m
        self.find("puzzle-title").textContent = m.title
        self.find("puzzle-task").textContent = m.task
        if old is None or (old.view, old.marked) != (m.view, m.marked):
            canvas = self.find("puzzle-board")
            draw_view(canvas, m.view, BOARD, BOARD, self.dpr, m.marked, last=False)
            canvas.style.width = f"{BOARD:.0f}px"
            canvas.style.maxWidth = "100%"
        if old is None or old.options != m.options:
            self.find("puzzle-options").innerHTML = join(
                [
                    tag("legend", None, TEXT["answer"]),
                    [
                        tag(
                            "label",
                            {"class": "puzzle-option"},
                            tag(
                                "input",
                                {
                                    "type": "radio",
                                    "name": "puzzle-answer",
                                    "value": o.move,
                                    "checked": o.selected,
                                },
                            ),  # fmt: skip
                            " ",
                            o.words,
                        )
                        for o in m.options
                    ],
                ]
            )
        self.find("puzzle-check").disabled = not m.can_check
        self.find("puzzle-result").innerHTML = join(
            [
                tag("p", {"class": "puzzle-solved" if m.solved and i == 0 else None}, line)
                for i, line in enumerate(m.result)
            ]  # fmt: skip
        )
        self.find("puzzle-record").textContent = m.record
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
                    TEXT["done"] if e.solved else TEXT["open"],
                ),
            )
            for e in m.earlier
        )
