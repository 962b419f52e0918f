"""Pure descriptions of the six tile symbols, so canvas and SVG draw the same shapes.

Each symbol is a list of primitives in unit coordinates (symbol radius 1, centre 0, 0):
`Poly` (filled polygon), `Disc` (filled circle), `Ring` (annulus).
Shapes matter as much as colours: colour-blind players tell symbols apart by shape.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from web.i18n import N_, _, fmt

Point = tuple[float, float]


@dataclass(frozen=True)
class Poly:
    points: list[Point]


@dataclass(frozen=True)
class Disc:
    radius: float


@dataclass(frozen=True)
class Ring:
    outer: float
    inner: float


Primitive = Poly | Disc | Ring

COLOURS: tuple[str, ...] = ("red", "green", "blue", "orange", "yellow", "purple")

# Warm, saturated fills: the colours players know from the box.
FILL: dict[str, str] = {
    "red": "#d7263d",
    "green": "#2e9e44",
    "blue": "#1f6fd1",
    "orange": "#f08a24",
    "yellow": "#e8b400",
    "purple": "#7d3cb5",
}

# Every symbol is outlined in a dark tone of its own colour. The fills alone fall below
# the 3:1 contrast that WCAG 1.4.11 asks of graphics (yellow 1.8:1 and orange 2.4:1 on
# the cream tile face, most colours on the board's darker printed-symbol cells), and
# the sun would vanish in greyscale; the outline keeps every shape readable on every
# background while the fill keeps the colour (tests/web/test_contrast.py measures it).
INK: dict[str, str] = {
    "red": "#9e1b2c",
    "green": "#1b6430",
    "blue": "#17559f",
    "orange": "#8a4708",
    "yellow": "#6e5500",
    "purple": "#5e2d8a",
}

#: Outline width in symbol radii (a symbol's tips reach radius 1).
OUTLINE = 0.1

#: One character per colour, shaped like its printed symbol (drawn by `symbol_shape` here):
#: red 12-pointed star, green disc, blue 6-pointed star, orange hexagon, yellow sun, purple ring.
GLYPH: dict[str, str] = dict(zip(COLOURS, "✹●✶⬢☀○", strict=True))
SHAPE_NAME: dict[str, str] = {
    "red": N_("12-pointed star"),
    "green": N_("disc"),
    "blue": N_("6-pointed star"),
    "orange": N_("hexagon"),
    "yellow": N_("sun (24-pointed star)"),
    "purple": N_("ring"),
}
#: Each colour's name as the texts use it (translated where shown: `colour_name`).
COLOUR_NAME: dict[str, str] = {
    "red": N_("red"),
    "green": N_("green"),
    "blue": N_("blue"),
    "orange": N_("orange"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
}


def colour_name(colour: str) -> str:
    """A colour's name in the player's language (``"blue"``, German ``"Blau"``)."""
    return _(COLOUR_NAME[colour]) if colour in COLOUR_NAME else colour


def shape_name(colour: str) -> str:
    """The shape of a colour's symbol in the player's language (``"ring"``)."""
    return _(SHAPE_NAME[colour])


def star(points: int, outer: float, inner: float, turn: float = -90.0) -> list[Point]:
    """A star polygon with `points` tips, alternating outer and inner radius."""
    result: list[Point] = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.radians(turn + i * 180.0 / points)
        result.append((radius * math.cos(angle), radius * math.sin(angle)))
    return result


def regular_polygon(sides: int, radius: float, turn: float = -90.0) -> list[Point]:
    return [
        (
            radius * math.cos(math.radians(turn + i * 360.0 / sides)),
            radius * math.sin(math.radians(turn + i * 360.0 / sides)),
        )
        for i in range(sides)
    ]


def symbol_shape(colour: str) -> list[Primitive]:
    """The primitives of one colour's symbol. Raises KeyError for an unknown colour."""
    if colour == "red":
        return [Poly(star(12, 1.0, 0.62))]
    if colour == "green":
        return [Disc(0.78)]
    if colour == "blue":
        return [Poly(star(6, 1.0, 0.52))]
    if colour == "orange":
        return [Poly(regular_polygon(6, 0.86, turn=0.0))]
    if colour == "yellow":
        return [Poly(star(24, 1.0, 0.74))]
    if colour == "purple":
        return [Ring(0.84, 0.46)]
    raise KeyError(f"unknown colour {colour!r}; expected one of {', '.join(COLOURS)}")


def svg_symbol(colour: str, size: float = 20.0, label: bool = True) -> str:
    """An inline SVG of the symbol, `size` pixels square (for score boards and lists)."""
    half = size / 2.0
    parts = [_svg_prims(colour, half, half, half * 0.92)]
    name = colour_name(colour)
    said = fmt("{colour} {shape}", colour=name, shape=shape_name(colour))
    title = f"<title>{said}</title>" if label else ""
    role = f'role="img" aria-label="{name}"' if label else 'aria-hidden="true"'
    return (
        f'<svg class="sym sym-{colour}" width="{size:g}" height="{size:g}" '
        f'viewBox="0 0 {size:g} {size:g}" {role}>{title}{"".join(parts)}</svg>'
    )


@cache  # the same few tiles are drawn again on every rack
def svg_tile(first: str, second: str, size: float = 56.0) -> str:
    """An inline SVG of a two-hex tile: two pointy-top hexes side by side."""
    radius = size / 4.0 * 0.98
    half_width = radius * math.sqrt(3) / 2
    centres = [(half_width + 1, radius + 1), (half_width * 3 + 1, radius + 1)]
    width, height = half_width * 4 + 2, radius * 2 + 2
    body: list[str] = []
    for (cx, cy), colour in zip(centres, (first, second), strict=True):
        pts = " ".join(
            f"{cx + radius * math.cos(math.radians(60 * i - 30)):.2f},"
            f"{cy + radius * math.sin(math.radians(60 * i - 30)):.2f}"
            for i in range(6)
        )
        body.append(f'<polygon points="{pts}" class="tile-face"/>')
        body.append(_svg_prims(colour, cx, cy, radius * 0.62))
    return (
        f'<svg class="tile-svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.2f} {height:.2f}" aria-hidden="true">{"".join(body)}</svg>'
    )


def _svg_prims(colour: str, cx: float, cy: float, scale: float) -> str:
    fill, ink = FILL[colour], INK[colour]
    width = f"{max(1.0, OUTLINE * scale):.2f}"
    edge = f'stroke="{ink}" stroke-width="{width}" stroke-linejoin="round"'
    out: list[str] = []
    for prim in symbol_shape(colour):
        if isinstance(prim, Poly):
            pts = " ".join(f"{cx + x * scale:.2f},{cy + y * scale:.2f}" for x, y in prim.points)
            out.append(f'<polygon points="{pts}" fill="{fill}" {edge}/>')
        elif isinstance(prim, Disc):
            out.append(
                f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{prim.radius * scale:.2f}" '
                f'fill="{fill}" {edge}/>'
            )
        else:
            outer, inner = prim.outer * scale, prim.inner * scale
            out.append(
                f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{(outer + inner) / 2:.2f}" fill="none" '
                f'stroke="{fill}" stroke-width="{outer - inner:.2f}"/>'
            )
            out.extend(
                f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r:.2f}" fill="none" {edge}/>'
                for r in (outer, inner)
            )
    return "".join(out)
