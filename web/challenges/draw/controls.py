"""The small pieces of the Challenges screen as HTML (pure): symbols, phrases, controls,
tiles, dice, cards and points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from web.board.symbols import colour_name, svg_symbol
from web.challenges.parts import (
    Control,
    Die,
    Tile,
)
from web.challenges.previews import Gain, card_colours
from web.challenges.words.lines import lost_text
from web.challenges.words.phrases import Part, Sym, symbol_name
from web.i18n import _
from web.ui.markup import Markup, join, tag


@lru_cache(maxsize=256)
def sym(colour: str, size: float = 22.0) -> Markup:
    """A symbol's picture (decorative: the text around it names it)."""
    return Markup(svg_symbol(colour, size, label=False))


def phrase_html(phrase: Sequence[Part], size: float = 16.0) -> Markup:
    """Words with symbols: each symbol drawn, and named for screen readers."""
    out: list[object] = []
    for part in phrase:
        if isinstance(part, Sym):
            out.append(
                tag(
                    "span",
                    {"class": "ch-sym"},
                    sym(part.colour, size),
                    tag("span", {"class": "sr-only"}, symbol_name(part.colour)),
                )
            )
        else:
            out.append(part)
    return join(out)


def control(c: Control, extra_class: str = "") -> Markup:
    classes = " ".join(x for x in ("primary" if c.primary else "", extra_class) if x)
    return tag(
        "button",
        {
            "type": "button",
            "id": c.id,
            "class": classes or None,
            "data-action": c.id,
            "disabled": not c.enabled,
            "aria-label": c.aria_label or None,
            "aria-pressed": None if c.pressed is None else ("true" if c.pressed else "false"),
            "title": c.title or None,
        },
        phrase_html(c.label),
    )


# --------------------------------------------------------------------------- pieces


def hexagon(fill: str, size: float, stroke: str = "#c9b184", line: float = 2.0) -> Markup:
    """A pointy-top hexagon drawn whole: the outline stays inside the picture at any size."""
    radius = size / 2.0 - line
    half_width = radius * math.sqrt(3) / 2.0
    width, height = 2 * half_width + 2 * line, 2 * radius + 2 * line
    cx, cy = width / 2.0, height / 2.0
    points = " ".join(
        f"{cx + radius * math.cos(math.radians(60 * i - 90)):.2f},"
        f"{cy + radius * math.sin(math.radians(60 * i - 90)):.2f}"
        for i in range(6)
    )
    return tag(
        "svg",
        {
            "class": "ch-hex",
            "viewBox": f"0 0 {width:.2f} {height:.2f}",
            "width": f"{width:.0f}",
            "height": f"{height:.0f}",
            "aria-hidden": "true",
        },
        tag("polygon", {"points": points, "fill": fill, "stroke": stroke, "stroke-width": line}),
    )


#: Faces of the Tile Challenge's tiles: one drawn this turn, and one lying in the centre.
DRAWN_TILE_FACE = "#fde9d3"
TILE_FACE = "#fffdf7"


def tile_html(t: Tile, size: float = 30.0) -> Markup:
    return tag(
        "span",
        {"class": "ch-tile drawn" if t.drawn else "ch-tile", "role": "img", "aria-label": t.label},
        hexagon(DRAWN_TILE_FACE if t.drawn else TILE_FACE, 54.0),
        sym(t.colour, size),
    )


def die_html(d: Die, size: float = 34.0) -> Markup:
    inner = tag("span", {"class": "ch-die-blank"}, "?") if d.colour is None else sym(d.colour, size)
    return tag("span", {"class": "ch-die", "role": "img", "aria-label": d.label}, inner)


def card_face(card: str, size: float = 30.0) -> Markup:
    first, second = card_colours(card)
    return tag(
        "span",
        {"class": "ch-card-face", "aria-hidden": "true"},
        sym(first, size),
        sym(second, size),
    )


def gain_html(gain: Gain) -> Markup:
    """``+2 <symbol>``, the lost points struck out and explained."""
    chip = tag(
        "span",
        {"class": "ch-gain"},
        f"+{gain.gained} ",
        sym(gain.colour, 16),
        tag("span", {"class": "sr-only"}, f" {colour_name(gain.colour)}"),
    )
    if not gain.lost:
        return chip
    return join([chip, " ", tag("span", {"class": "ch-lost"}, lost_text(gain))])


def gains_html(gains: Sequence[Gain]) -> Markup:
    if not gains:
        return tag("span", {"class": "ch-none"}, _("no points"))
    parts: list[object] = []
    for i, gain in enumerate(gains):
        if i:
            parts.append(" ")
        parts.append(gain_html(gain))
    return join(parts)


# --------------------------------------------------------------------------- table
