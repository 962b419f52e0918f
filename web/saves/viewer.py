"""The replay viewer (browser only): a dialog that draws `web.saves.replay.replay_model`.

State: the frames, the step, and whether the move's line is pointed at (hovered,
focused or tapped), which highlights the move's cells on the board. Keys pressed in the
viewer (←/→, Home/End, Escape) stay in it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from engine.rules.game import Game
from web.board.render import draw_view
from web.i18n import N_, _
from web.saves.replay import ReplayModel, frames, opening_step, replay_model
from web.ui.dom import document, hold_focus, on
from web.ui.markup import join, tag

SIZE = 420.0
KEYS = {"ArrowLeft": "back", "ArrowRight": "forward", "Home": "first", "End": "last",
        "Escape": "close"}  # fmt: skip
BUTTONS = (
    ("first", "«", N_("First step")),
    ("back", "◀", N_("Step back")),
    ("forward", "▶", N_("Step forward")),
    ("last", "»", N_("Last step")),
    ("close", N_("Close"), N_("Close the replay")),
)


class ReplayViewer:
    def __init__(
        self,
        parent: Any,
        title: str,
        game: Game,
        on_close: Callable[[], None],
        on_review: Callable[[Game], None] | None = None,
    ) -> None:
        self.title = title
        self.frames = frames(game)
        self.step = opening_step(self.frames)
        self.pointing = False
        self.on_close = on_close
        self.dpr = float(js.window.devicePixelRatio or 1.0)
        make = document.createElement
        self.root = make("dialog")  # modal: above any open dialog, focus held inside
        self.root.className = "replay overlay"
        self.root.id = "replay"
        self.root.setAttribute("role", "dialog")
        self.root.setAttribute("aria-modal", "true")
        self.root.setAttribute("aria-label", "Replay")
        card = make("div")
        card.className = "card dialog replay-card"
        self.head = make("h2")
        self.canvas = make("canvas")
        self.canvas.className = "replay-board"
        self.canvas.setAttribute("role", "img")
        self.counter = make("p")
        self.counter.className = "replay-step"
        self.counter.setAttribute("aria-live", "polite")
        self.line = make("p")
        self.line.className = "replay-line"
        self.line.setAttribute("tabindex", "0")
        self.table = make("table")
        self.table.className = "replay-scores"
        controls = make("div")
        controls.className = "row-buttons replay-controls"
        self.buttons: dict[str, Any] = {}
        for name, text, label in BUTTONS:
            button = make("button")
            button.type = "button"
            button.textContent = text
            button.setAttribute("aria-label", _(label))
            button.setAttribute("data-replay", name)
            on(button, "click", lambda e, n=name: self.act(n))
            controls.appendChild(button)
            self.buttons[name] = button
        if on_review is not None:
            review = make("button")
            review.type = "button"
            review.textContent = "Review"
            review.id = "replay-review"
            review.title = "Which moves cost most, and what was better"
            on(review, "click", lambda e: on_review(game))
            controls.appendChild(review)
        for node in (self.head, self.canvas, self.counter, self.line, self.table, controls):
            card.appendChild(node)
        self.root.appendChild(card)
        for kind in ("pointerenter", "focus", "click"):
            on(self.line, kind, lambda e: self.point(True))
        for kind in ("pointerleave", "blur"):
            on(self.line, kind, lambda e: self.point(False))
        on(self.root, "keydown", self.on_key)
        parent.appendChild(self.root)
        on(self.root, "cancel", self.on_cancel)
        hold_focus(self.root)
        self.shown: ReplayModel | None = None
        self.render()
        self.root.showModal()
        self.buttons["close"].focus()

    def model(self) -> ReplayModel:
        return replay_model(self.title, self.frames, self.step, self.pointing)

    def render(self) -> None:
        m = self.model()
        old, self.shown = self.shown, m
        frame = self.frames[self.step]
        if old is None or (old.counter, old.marked) != (m.counter, m.marked):
            draw_view(self.canvas, frame.view, SIZE, SIZE, self.dpr, m.marked)
            self.canvas.style.width = f"{SIZE:.0f}px"
            self.canvas.style.maxWidth = "100%"
        self.head.textContent = m.title
        self.canvas.setAttribute("aria-label", m.board_label)
        self.counter.textContent = m.counter
        self.line.textContent = m.line
        self.line.setAttribute("aria-label", m.line_label)
        self.buttons["first"].disabled = self.buttons["back"].disabled = not m.can_back
        self.buttons["forward"].disabled = self.buttons["last"].disabled = not m.can_forward
        if old is None or old.rows != m.rows:
            head = tag("tr", None, [tag("th", None, text) for text in m.header])
            rows = [
                tag("tr", None, tag("th", None, label), [tag("td", None, v) for v in values])
                for label, values in m.rows
            ]
            self.table.innerHTML = join([head, *rows])

    def point(self, pointing: bool) -> None:
        if pointing != self.pointing:
            self.pointing = pointing
            self.render()

    def act(self, name: str) -> None:
        if name == "close":
            self.remove()
            self.on_close()
            return
        last = len(self.frames) - 1
        targets = {"first": 0, "back": self.step - 1, "forward": self.step + 1, "last": last}
        self.step = max(0, min(targets[name], last))
        self.render()

    def on_cancel(self, event: Any) -> None:
        """Escape reached the dialog itself: close the replay our way."""
        event.preventDefault()
        self.act("close")

    def on_key(self, event: Any) -> None:
        action = KEYS.get(str(event.key))
        if action is not None:
            event.preventDefault()
            event.stopPropagation()
            self.act(action)

    def remove(self) -> None:
        if self.root.open:
            self.root.close()  # the focus goes back to what opened the replay
        self.root.remove()
