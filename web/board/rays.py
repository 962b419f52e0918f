"""The scoring rays drawn on the board: a line from each new symbol along the cells it
counted, rings on those cells, and a badge with the points at the far end, placed where
it hides no tile."""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any

from web.board.hexgrid import Cell, Layout, neighbours
from web.board.symbols import FILL, INK

RAY_HALO = "#ffffff"


# Points badges at the end of a scoring ray: digits readable on each colour (4.5:1).
BADGE_INK: dict[str, str] = {
    "red": "#ffffff",
    "green": "#1d130c",
    "blue": "#ffffff",
    "orange": "#1d130c",
    "yellow": "#1d130c",
    "purple": "#ffffff",
}


def badge_cells(rays: list[dict[str, Any]], taken: Collection[Cell] = ()) -> list[Cell | None]:
    """Where each ray's points badge goes: a cell with no symbol to cover, beside the
    ray's far end (first the next cell along the ray, then the far cell's other
    neighbours), never on a counted cell, the tile or another badge. None: every such
    cell shows a symbol (the badge then sits at the far cell's corner)."""
    blocked = set(taken)
    for ray in rays:
        blocked.update((int(c[0]), int(c[1])) for c in ray["cells"])
        blocked.add((int(ray["from"][0]), int(ray["from"][1])))
    out: list[Cell | None] = []
    for ray in rays:
        cells = [(int(c[0]), int(c[1])) for c in ray["cells"]]
        if not cells:
            out.append(None)
            continue
        far = cells[-1]
        before = cells[-2] if len(cells) > 1 else (int(ray["from"][0]), int(ray["from"][1]))
        step = (far[0] - before[0], far[1] - before[1])
        ahead = (far[0] + step[0], far[1] + step[1])
        found = next((c for c in (ahead, *neighbours(far)) if c not in blocked), None)
        if found is not None:
            blocked.add(found)
        out.append(found)
    return out


def draw_rays(
    ctx: Any,
    layout: Layout,
    rays: list[dict[str, Any]],
    progress: float,
    taken: Collection[Cell] = (),
) -> None:
    """Scoring rays: a slim coloured line from the new tile to each counted cell, which
    gets a ring, and the ray's points in a badge beside its far end, on a cell that shows
    no symbol (`badge_cells`; ``taken``: the cells that show one)."""
    size = layout.size
    t = max(0.0, min(1.0, progress))
    ctx.save()
    ctx.lineCap = "round"
    ctx.globalAlpha = 0.92
    for ray in rays:
        cells = [(int(c[0]), int(c[1])) for c in ray["cells"]]
        if not cells:
            continue
        x0, y0 = layout.to_pixel((int(ray["from"][0]), int(ray["from"][1])))
        x1, y1 = layout.to_pixel(cells[-1])
        xe, ye = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        ink, fill = INK[ray["colour"]], FILL[ray["colour"]]
        for colour, width in ((RAY_HALO, 0.34), (ink, 0.2), (fill, 0.12)):
            ctx.strokeStyle = colour
            ctx.lineWidth = size * width
            ctx.beginPath()
            ctx.moveTo(x0, y0)
            ctx.lineTo(xe, ye)
            ctx.stroke()
        for colour, width in ((ink, max(2.0, size * 0.14)), (fill, max(1.0, size * 0.06))):
            ctx.strokeStyle = colour
            ctx.lineWidth = width
            for i, cell in enumerate(cells):
                if (i + 1) / len(cells) <= t + 1e-9:
                    cx, cy = layout.to_pixel(cell)
                    ctx.beginPath()
                    ctx.arc(cx, cy, size * 0.78, 0, math.tau)
                    ctx.stroke()
    ctx.globalAlpha = 1.0
    if t >= 1.0:
        for ray, spot in zip(rays, badge_cells(rays, taken), strict=True):
            if ray["cells"]:
                far = ray["cells"][-1]
                if spot is not None:
                    bx, by = layout.to_pixel(spot)
                else:
                    x1, y1 = layout.to_pixel((int(far[0]), int(far[1])))
                    bx, by = x1 + size * 0.55, y1 - size * 0.6
                badge = f"+{ray['points']}"
                colour = ray["colour"]
                draw_badge(
                    ctx,
                    bx,
                    by,
                    badge,
                    FILL[colour],
                    size,
                    ink=BADGE_INK[colour],
                    edge=INK[colour],
                )
    ctx.restore()


def draw_badge(
    ctx: Any,
    x: float,
    y: float,
    text: str,
    colour: str,
    size: float,
    ink: str = "#ffffff",
    edge: str = "#ffffff",
) -> None:
    radius = size * 0.42
    ctx.fillStyle = colour
    ctx.strokeStyle = edge
    ctx.lineWidth = max(1.5, size * 0.08)
    ctx.beginPath()
    ctx.arc(x, y, radius, 0, math.tau)
    ctx.fill()
    ctx.stroke()
    ctx.fillStyle = ink
    ctx.font = f"bold {max(9, int(size * 0.48))}px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(text, x, y + size * 0.02)
