"""The embedded board's markup, built from data (no browser needed, CPython-tested).

One builder serves every board: ``embed.html`` in a frame and each board that
``web/scripts/boards.js`` draws into a page. ``web/teach/embed.py`` puts :func:`board_html` into the
board's root once Python runs, then fills the lists from the engine's score with
:func:`ray_items` and :func:`count_items`. Every text goes through ``web.ui.markup``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import COLOURS
from web.board.symbols import colour_name, svg_symbol
from web.i18n import N_, _
from web.teach.teach import ray_text
from web.ui.markup import Markup, join, tag

WAITING = N_("Waiting for a position: give one as ?position=, ?src= or in a message from the page.")
WAITING_BOARD = N_(
    "Waiting for a position: give one in data-ingenious-position or data-ingenious-src."
)
TRY_HELP = N_(
    "Point at the board (or use the arrow keys) to try the tile; R turns it, Enter places it."
)


def symbol(colour: str) -> Markup:
    """The small symbol drawn before a ray or a count (the project's own SVG)."""
    return Markup(svg_symbol(colour, 16))


def colour_options() -> Markup:
    return join(tag("option", {"value": c}, colour_name(c)) for c in COLOURS)


def board_html(frame: bool) -> Markup:
    """The inside of a board's root: heading, problem line, canvas, explanation, try tools.

    In a frame the title is the page's ``h1``; in a page of boards it is a plain line
    (the page has its own headings) that names the board's region.
    """
    title = tag("h1" if frame else "p", {"id": "title", "class": "title"}, _("Ingenious"))
    nav_show = tag(
        "div",
        {"class": "nav"},
        # Named by their visible words; the arrows are decoration, the keys a description.
        tag(
            "button",
            {
                "id": "prev",
                "type": "button",
                "title": _("Previous step (left arrow)"),
                "aria-keyshortcuts": "ArrowLeft",
            },
            tag("span", {"aria-hidden": "true"}, "◀"),
            " " + _("Prev"),
        ),
        tag("span", {"id": "step-no", "class": "step-no"}),
        tag(
            "button",
            {
                "id": "next",
                "type": "button",
                "title": _("Next step (right arrow)"),
                "aria-keyshortcuts": "ArrowRight",
            },
            _("Next") + " ",
            tag("span", {"aria-hidden": "true"}, "▶"),
        ),
    )
    explain = tag(
        "div",
        {"id": "explain", "hidden": True},
        tag("p", {"id": "step-text", "class": "step-text", "aria-live": "polite"}),
        tag("div", {"id": "counts", "class": "counts", "aria-label": _("Points so far")}),
        nav_show,
        tag("ol", {"id": "rays", "class": "rays", "aria-label": _("Lines that score")}),
        tag("p", {"id": "total", "class": "total"}),
    )
    pick = tag(
        "div",
        {"class": "pick"},
        tag(
            "label",
            None,
            _("Tile") + " ",
            tag(
                "select",
                {"id": "colour-a", "aria-label": _("First symbol of the tile")},
                colour_options(),
            ),
        ),
        tag(
            "label",
            None,
            _("and") + " ",
            tag(
                "select",
                {"id": "colour-b", "aria-label": _("Second symbol of the tile")},
                colour_options(),
            ),
        ),
    )
    nav_try = tag(
        "div",
        {"class": "nav"},
        tag(
            "button",
            {"id": "turn", "type": "button", "aria-label": _("Turn the tile (R)")},
            _("⟳ Turn"),
        ),
        tag(
            "button",
            {
                "id": "place",
                "type": "button",
                "class": "primary",
                "aria-label": _("Place the tile (Enter)"),
            },
            _("Place"),
        ),
        tag("button", {"id": "reset", "type": "button"}, _("Reset")),
    )
    tries = tag(
        "div",
        {"id": "try", "hidden": True},
        pick,
        nav_try,
        tag("p", {"class": "help"}, _(TRY_HELP)),
        tag("p", {"id": "try-result", "class": "try-result", "aria-live": "polite"}),
        tag("ol", {"id": "try-rays", "class": "rays", "aria-label": _("Lines that would score")}),
    )
    side = tag(
        "section",
        {"id": "side", "class": "side", "aria-label": _("Explanation")},
        explain,
        tries,
        tag(
            "p",
            {"id": "waiting", "class": "help", "hidden": True},
            _(WAITING) if frame else _(WAITING_BOARD),
        ),
    )
    wrap = tag(
        "div",
        {"id": "board-wrap", "class": "board-wrap"},
        tag(
            "canvas", {"id": "board", "tabindex": "0", "role": "img", "aria-label": _("The board")}
        ),
        tag("p", {"id": "loading", "class": "loading", "role": "status"}, _("Loading the board…")),
    )
    return join(
        [
            tag(
                "header",
                {"class": "head"},
                title,
                tag("p", {"id": "note", "class": "note", "hidden": True}),
            ),
            tag("p", {"id": "problem", "class": "problem", "role": "alert", "hidden": True}),
            tag("div", {"id": "main", "class": "main"}, wrap, side),
        ]
    )


def ray_items(rays: Sequence[Mapping[str, Any]], hooks: bool = True, radius: int = 5) -> Markup:
    """One ``li`` per scoring ray, in the engine's order (``data-*``: the automation hooks;
    ``radius``: the zone's, to say where each ray starts)."""
    items = []
    for ray in rays:
        attrs: dict[str, object] = {"data-colour": ray["colour"], "data-points": ray["points"]}
        if hooks:
            attrs["data-from"] = f"{ray['from'][0]},{ray['from'][1]}"
            attrs["data-direction"] = ray["direction"]
        items.append(tag("li", attrs, symbol(str(ray["colour"])), " ", ray_text(dict(ray), radius)))
    return join(items)


def count_items(running: Mapping[str, int]) -> Markup:
    """The running count per colour; colours still at zero are marked ``zero``."""
    return join(
        tag(
            "span",
            {
                "class": "count" if running[c] else "count zero",
                "data-colour": c,
                "data-count": running[c],
            },
            symbol(c),
            running[c],
        )
        for c in COLOURS
    )
