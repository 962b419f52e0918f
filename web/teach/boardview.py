"""A canvas that shows one position (no game): the embed, the tutorial and the rules diagrams.

Drawing goes through ``web.board.render`` (the game's renderer), so every board looks the same;
this class only owns a canvas, its size and what is laid over the board (the tile being
scored, rays, a ghost tile, the keyboard cursor).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import js  # type: ignore[import-not-found]

from engine import Position
from web.board import render
from web.board.hexgrid import Cell, Layout, fit_layout, ring
from web.board.rays import draw_rays
from web.teach.teach import PRINTED, loose_cells, tiles_of

#: Height / width of the drawn board (zone plus one dimmed ring, as in the game).
ASPECT = 0.9


@dataclass
class Overlay:
    placed: tuple[Cell, str, Cell, str] | None = None
    rays: list[dict[str, Any]] = field(default_factory=list)
    faded_rays: list[dict[str, Any]] = field(default_factory=list)
    ghost: render.Ghost | None = None
    cursor: Cell | None = None
    marks: list[Cell] = field(default_factory=list)


class BoardView:
    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.ctx = canvas.getContext("2d")
        self.position: Position | None = None
        self.overlay = Overlay()
        self.layout = Layout(10.0, 0.0, 0.0)
        self.css = (0.0, 0.0)
        self.dpr = 1.0
        self.focus: list[Cell] = []

    @property
    def radius(self) -> int:
        return self.position.zone if self.position is not None else 5

    def show(self, position: Position, overlay: Overlay | None = None) -> None:
        self.position = position
        self.overlay = overlay or Overlay()
        self.draw()

    def set_overlay(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.draw()

    def resize(self, width: float, height: float) -> None:
        """Give the canvas a CSS size; the backing store follows the device pixel ratio."""
        if width < 10 or height < 10:
            return
        dpr = float(js.window.devicePixelRatio or 1.0)
        self.css, self.dpr = (width, height), dpr
        self.canvas.style.width = f"{width}px"
        self.canvas.style.height = f"{height}px"
        self.canvas.width = round(width * dpr)
        self.canvas.height = round(height * dpr)
        self.layout = self.fit(width, height)
        self.draw()

    def zoom_to(self, cells: list[Cell]) -> None:
        """Show only the part of the board around these cells (empty: the whole board)."""
        self.focus = list(cells)
        width, height = self.css
        if width > 0:
            self.layout = self.fit(width, height)

    def fit(self, width: float, height: float) -> Layout:
        whole = fit_layout(min(self.radius + 1, 7) + 0.35, width, height, margin=2)
        if not self.focus:
            return whole
        return zoom_layout(self.focus, width, height, whole.size)

    def fit_width(self, width: float, max_height: float | None = None) -> float:
        """Size the canvas to a width (height from the board's shape); returns the height."""
        height = width * ASPECT
        if max_height is not None:
            height = max(120.0, min(height, max_height))
        self.resize(width, height)
        return height

    # --- geometry for input and automation ------------------------------------------------
    def cell_at(self, client_x: float, client_y: float) -> Cell | None:
        rect = self.canvas.getBoundingClientRect()
        cell = self.layout.to_cell(client_x - float(rect.left), client_y - float(rect.top))
        return cell if ring(cell) <= self.radius else None

    def cell_center(self, q: int, r: int) -> tuple[float, float]:
        rect = self.canvas.getBoundingClientRect()
        x, y = self.layout.to_pixel((q, r))
        return (float(rect.left) + x, float(rect.top) + y)

    # --- drawing ---------------------------------------------------------------------------
    def draw(self) -> None:
        width, height = self.css
        if width <= 0 or self.position is None:
            return
        ctx, layout, pos, over = self.ctx, self.layout, self.position, self.overlay
        ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
        scene = render.Scene(radius=pos.zone, symbols=PRINTED, tiles=tiles_of(pos))
        render.draw_board(ctx, layout, scene, width, height)
        render.draw_tiles(ctx, layout, scene.tiles)
        for cell, colour in loose_cells(pos):
            draw_single(ctx, layout, cell, colour)
        # Where a symbol shows: no points badge goes there.
        shown = render.occupied(scene) | {cell for cell, _ in loose_cells(pos)}
        if over.placed is not None:
            shown |= {over.placed[0], over.placed[2]}
        if over.ghost is not None:
            shown |= set(over.ghost.cells)
        for cell in over.marks:
            ctx.save()
            ctx.fillStyle = "rgba(255, 196, 64, 0.45)"
            render.hex_path(ctx, layout, cell, 0.8)
            ctx.fill()
            ctx.restore()
        if over.placed is not None:
            a, ca, b, cb = over.placed
            render.draw_tile(ctx, layout, a, ca, b, cb)
            render.draw_last(ctx, layout, (a, b))
        if over.faded_rays:
            ctx.save()
            ctx.globalAlpha = 0.45
            draw_rays(ctx, layout, over.faded_rays, 1.0, shown)
            ctx.restore()
        if over.ghost is not None:
            a, b = over.ghost.cells
            ca, cb = over.ghost.colours
            render.draw_tile(ctx, layout, a, ca, b, cb, alpha=0.85)
            ctx.save()
            ctx.strokeStyle = "#b5541c" if over.ghost.legal else "#b3261e"
            ctx.lineWidth = max(2.0, layout.size * 0.1)
            if not over.ghost.legal:
                ctx.setLineDash([layout.size * 0.2, layout.size * 0.15])
            for cell in (a, b):
                render.hex_path(ctx, layout, cell, 0.98)
                ctx.stroke()
            ctx.restore()
        if over.rays:
            draw_rays(ctx, layout, over.rays, 1.0, shown)
        if over.cursor is not None:
            ctx.save()
            ctx.strokeStyle = "#1d4ed8"
            ctx.lineWidth = max(2.0, layout.size * 0.12)
            ctx.setLineDash([layout.size * 0.25, layout.size * 0.12])
            render.hex_path(ctx, layout, over.cursor, 1.0)
            ctx.stroke()
            ctx.restore()


def zoom_layout(cells: list[Cell], width: float, height: float, least: float) -> Layout:
    """A layout centred on ``cells`` with a margin, at least ``least`` (the whole-board size)."""
    unit = Layout(1.0, 0.0, 0.0)
    xs, ys = zip(*(unit.to_pixel(c) for c in cells), strict=True)
    margin = 2.5
    span_w = max(max(xs) - min(xs) + 2 * margin * 1.7320508, 10 * 1.7320508)
    span_h = max(max(ys) - min(ys) + 2 * margin * 1.5, 8 * 1.5)
    size = max(least, min(width / span_w, height / span_h))
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return Layout(size=size, origin_x=width / 2 - size * cx, origin_y=height / 2 - size * cy)


def draw_single(ctx: Any, layout: Layout, cell: Cell, colour: str) -> None:
    """A filled cell given on its own (not as a tile): one tile face with its symbol."""
    ctx.save()
    ctx.fillStyle = render.TILE_EDGE
    render.hex_path(ctx, layout, cell, 0.98)
    ctx.fill()
    ctx.fillStyle = render.TILE_FACE
    render.hex_path(ctx, layout, cell, 0.86)
    ctx.fill()
    x, y = layout.to_pixel(cell)
    render.draw_symbol(ctx, colour, x, y, layout.size * 0.6)
    ctx.restore()
