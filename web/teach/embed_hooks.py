"""The embedded embed's automation hook (docs/automation.md, "The embed"): what a test or
a page may ask a embed, read from its state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]

from web.teach.teach import shown_json
from web.ui.dom import js_value, keep

if TYPE_CHECKING:
    from web.teach.embed import Embed


def expose(embed: Embed) -> None:
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
