"""The embedded board's automation hook (docs/automation.md, "The embed"): what a test or
a page may ask an embedded board, read from its state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import js  # type: ignore[import-not-found]

from engine import Position
from web.board.hexgrid import Cell
from web.teach.boardview import BoardView
from web.teach.teach import Step, shown_json
from web.ui.dom import js_value, keep


class Hooked(Protocol):
    """What the hook reads of an embedded board (:class:`web.teach.embed.Embed` is one)."""

    flags: Any
    frame: bool
    position: Position | None
    raw: dict[str, Any]
    mode: str
    score: dict[str, Any] | None
    preview: dict[str, Any] | None
    steps: list[Step]
    step: int
    aim_cell: Cell | None
    cursor: Cell | None
    direction: int

    @property
    def board(self) -> BoardView: ...


def expose(embed: Hooked) -> None:
    """window.ingenious in a frame; the embed element's .ingenious in a page."""

    def state() -> Any:
        if embed.position is None:
            return None
        return js_value(shown_json(embed.position, embed.raw))

    def cell_center(q: int, r: int) -> Any:
        x, y = embed.board.cell_center(int(q), int(r))
        return js_value({"x": x, "y": y})

    def score() -> Any:
        value = embed.preview if embed.mode == "try" else embed.score
        return None if value is None else js_value(value)

    def step() -> Any:
        return js_value({"step": embed.step, "steps": len(embed.steps), "mode": embed.mode})

    def aim() -> Any:
        cell = embed.cursor if embed.cursor is not None else embed.aim_cell
        return js_value(
            {"cell": None if cell is None else list(cell), "direction": embed.direction}
        )

    functions: dict[str, Callable[..., Any]] = {
        "state": state,
        "cellCenter": cell_center,
        "score": score,
        "step": step,
        "aim": aim,
    }
    api = js.Object.new()
    for name, fn in functions.items():
        setattr(api, name, keep(fn))
    # window.ingenious in a frame; the embed element's .ingenious in a page.
    (js.window if embed.frame else embed.flags).ingenious = api
