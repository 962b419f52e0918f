"""Canvas drawing of the board. Takes any 2D-context-like object, so it holds no game state.

`Scene` is a plain description of what to show (built by the app from a player view);
drawing is split into a static layer (board, symbols, tiles; redrawn only when the
position changes) and an overlay (ghost tile, rays, cursor, animations; every frame).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from web.board.hexgrid import Cell, Layout, fit_layout, ring, zone_cells
from web.board.motion import hint_alpha
from web.board.rays import draw_rays
from web.board.symbols import FILL, INK, OUTLINE, Disc, Poly, symbol_shape

BOARD_RADIUS = 7
TABLE = "#3a2619"
BOARD_EDGE = "#6b4226"
BOARD_WOOD = "#8a5a34"
CELL_ZONE = "#ecd9b0"
CELL_ZONE_EDGE = "#b8935f"
CELL_OUT = "#7b5332"
CELL_OUT_EDGE = "#6a452a"
SYMBOL_BG = "#d8bf8c"
TILE_FACE = "#fffaf0"
TILE_EDGE = "#5b3b1f"
LAST_MARK = "#ff9f1c"  # drawn on the tile's dark edge band (4.9:1)
# Cells where the chosen tile can go: a light tint and a ring that stands out 3:1 from
# the empty cell and from the tint (WCAG 1.4.11; the tint alone was 1.09:1).
HIGHLIGHT_FILL = "rgba(255, 196, 64, 0.55)"
HIGHLIGHT_RING = "#9a4512"
CURSOR = "#1e3a8a"
GHOST_EDGE = "#b5541c"
# A move pointed at in a list: a plum ring and wash, apart from the cursor's blue and the
# last move's orange, 3:1 on the empty cells and on tile faces.
MARKED = "#7c1d6f"
MARKED_WASH = "rgba(124, 29, 111, 0.16)"


@dataclass
class Ghost:
    cells: tuple[Cell, Cell]
    colours: tuple[str, str]
    legal: bool = True


@dataclass
class Scene:
    radius: int
    symbols: list[tuple[Cell, str]]
    tiles: list[tuple[Cell, str, Cell, str]]
    last: tuple[Cell, Cell] | None = None
    highlight: set[Cell] = field(default_factory=set)
    ghost: Ghost | None = None
    rays: list[dict[str, Any]] = field(default_factory=list)
    cursor: Cell | None = None
    anchor: Cell | None = None
    partners: list[Cell] = field(default_factory=list)
    hint: Ghost | None = None


def scene_from_view(view: dict[str, Any]) -> Scene:
    tiles = [((t[0], t[1]), t[2], (t[3], t[4]), t[5]) for t in view["tiles"]]
    last = (tiles[-1][0], tiles[-1][2]) if tiles else None
    symbols = [((s[0], s[1]), s[2]) for s in view["symbols"]]
    return Scene(radius=view["zone"], symbols=symbols, tiles=tiles, last=last)


# In the page this is `Path2D.new`: one path object built from a string replaces dozens of
# moveTo/lineTo calls across the Python-JS bridge. Without it (CPython tests) every shape
# is traced call by call.
PATH2D: Callable[[str], Any] | None = None


def polygon_svg(points: list[tuple[float, float]]) -> str:
    head, *rest = points
    return f"M{head[0]:.2f} {head[1]:.2f}" + "".join(f"L{x:.2f} {y:.2f}" for x, y in rest) + "Z"


def fill_cells(
    ctx: Any, layout: Layout, cells: list[Cell], scale: float, fill: str, stroke: str | None
) -> None:
    """Fill (and outline) many cells at once: one path when Path2D is available."""
    ctx.fillStyle = fill
    if stroke is not None:
        ctx.strokeStyle = stroke
    if PATH2D is not None:
        path = PATH2D("".join(polygon_svg(layout.corners(c, scale)) for c in cells))
        ctx.fill(path)
        if stroke is not None:
            ctx.stroke(path)
        return
    for cell in cells:
        hex_path(ctx, layout, cell, scale)
        ctx.fill()
        if stroke is not None:
            ctx.stroke()


# --- primitives ------------------------------------------------------------------------------
def hex_path(ctx: Any, layout: Layout, cell: Cell, scale: float = 1.0) -> None:
    corners = layout.corners(cell, scale)
    ctx.beginPath()
    ctx.moveTo(*corners[0])
    for x, y in corners[1:]:
        ctx.lineTo(x, y)
    ctx.closePath()


def draw_symbol(ctx: Any, colour: str, cx: float, cy: float, radius: float) -> None:
    """A symbol: its colour's fill inside a dark outline of the same hue (web/board/symbols.py)."""
    edge = max(1.0, OUTLINE * radius)
    ctx.save()
    ctx.fillStyle = FILL[colour]
    ctx.strokeStyle = INK[colour]
    ctx.lineWidth = edge
    ctx.lineJoin = "round"
    for prim in symbol_shape(colour):
        ctx.beginPath()
        if isinstance(prim, Poly):
            points = [(cx + x * radius, cy + y * radius) for x, y in prim.points]
            if PATH2D is not None:
                path = PATH2D(polygon_svg(points))
                ctx.fill(path)
                ctx.stroke(path)
                continue
            ctx.moveTo(*points[0])
            for x, y in points[1:]:
                ctx.lineTo(x, y)
            ctx.closePath()
            ctx.fill()
            ctx.stroke()
        elif isinstance(prim, Disc):
            ctx.arc(cx, cy, prim.radius * radius, 0, math.tau)
            ctx.fill()
            ctx.stroke()
        else:
            ctx.lineWidth = (prim.outer - prim.inner) * radius
            ctx.strokeStyle = FILL[colour]
            ctx.arc(cx, cy, (prim.outer + prim.inner) / 2 * radius, 0, math.tau)
            ctx.stroke()
            ctx.lineWidth = edge
            ctx.strokeStyle = INK[colour]
            for ring_radius in (prim.outer, prim.inner):
                ctx.beginPath()
                ctx.arc(cx, cy, ring_radius * radius, 0, math.tau)
                ctx.stroke()
    ctx.restore()


def draw_tile(
    ctx: Any,
    layout: Layout,
    a: Cell,
    ca: str,
    b: Cell,
    cb: str,
    alpha: float = 1.0,
    lift: float = 0.0,
) -> None:
    """A two-hex tile: one joined cream body, each half with its symbol."""
    ctx.save()
    ctx.globalAlpha = alpha
    (ax, ay), (bx, by) = layout.to_pixel(a), layout.to_pixel(b)
    size = layout.size
    if alpha >= 1.0:
        ctx.shadowColor = "rgba(0,0,0,0.35)"
        ctx.shadowBlur = size * (0.25 + lift)
        ctx.shadowOffsetY = size * (0.08 + lift * 0.5)
    fill_cells(ctx, layout, [a, b], 0.98, TILE_EDGE, None)
    ctx.shadowColor = "rgba(0,0,0,0)"
    ctx.fillStyle = TILE_FACE
    face_a, face_b = layout.corners(a, 0.86), layout.corners(b, 0.86)
    polys = (face_a, face_b, _bridge(a, b, face_a, face_b))
    if PATH2D is not None:
        ctx.fill(PATH2D("".join(polygon_svg(poly) for poly in polys)))
    else:
        ctx.beginPath()
        for poly in polys:
            ctx.moveTo(*poly[0])
            for x, y in poly[1:]:
                ctx.lineTo(x, y)
            ctx.closePath()
        ctx.fill("nonzero")
    draw_symbol(ctx, ca, ax, ay, size * 0.6)
    draw_symbol(ctx, cb, bx, by, size * 0.6)
    ctx.restore()


def _bridge(
    a: Cell, b: Cell, face_a: list[tuple[float, float]], face_b: list[tuple[float, float]]
) -> list[tuple[float, float]]:
    """The band between the two faces, across their shared edge.

    Corner i of a pointy-top cell sits at 60*i - 30 degrees; the edge towards direction
    index k (0 = east, clockwise) joins corners k and k+1 on one side, k+3 and k+4 on
    the other.
    """
    from web.board.hexgrid import direction_index

    k = direction_index(a, b)
    if k is None:
        return [face_a[0]]
    return [face_a[k], face_a[(k + 1) % 6], face_b[(k + 3) % 6], face_b[(k + 4) % 6]]


# --- layers ----------------------------------------------------------------------------------
def draw_board(ctx: Any, layout: Layout, scene: Scene, width: float, height: float) -> None:
    """The empty board: table, wooden frame, zone cells (others dimmed), printed symbols."""
    ctx.clearRect(0, 0, width, height)
    ctx.fillStyle = TABLE
    ctx.fillRect(0, 0, width, height)
    # The wooden board: a flat-topped hexagon just outside one ring of dimmed cells.
    shown = min(scene.radius + 1, BOARD_RADIUS)
    edge = layout.size * (math.sqrt(3) * shown + 1.2)
    ctx.save()
    ctx.shadowColor = "rgba(0,0,0,0.5)"
    ctx.shadowBlur = layout.size
    ctx.fillStyle = BOARD_WOOD
    ctx.beginPath()
    for i in range(6):
        angle = math.radians(60 * i)
        x = layout.origin_x + edge * math.cos(angle)
        y = layout.origin_y + edge * math.sin(angle)
        ctx.lineTo(x, y) if i else ctx.moveTo(x, y)
    ctx.closePath()
    ctx.fill()
    ctx.shadowColor = "rgba(0,0,0,0)"
    ctx.lineWidth = max(2.0, layout.size * 0.18)
    ctx.strokeStyle = BOARD_EDGE
    ctx.stroke()
    ctx.restore()
    ctx.lineWidth = max(1.0, layout.size * 0.06)
    cells = zone_cells(shown)
    inside = [c for c in cells if ring(c) <= scene.radius]
    outside = [c for c in cells if ring(c) > scene.radius]
    fill_cells(ctx, layout, outside, 0.94, CELL_OUT, CELL_OUT_EDGE)
    fill_cells(ctx, layout, inside, 0.94, CELL_ZONE, CELL_ZONE_EDGE)
    fill_cells(ctx, layout, [cell for cell, _ in scene.symbols], 0.94, SYMBOL_BG, None)
    for cell, colour in scene.symbols:
        cx, cy = layout.to_pixel(cell)
        draw_symbol(ctx, colour, cx, cy, layout.size * 0.66)


def draw_tiles(ctx: Any, layout: Layout, tiles: list[tuple[Cell, str, Cell, str]]) -> None:
    for a, ca, b, cb in tiles:
        draw_tile(ctx, layout, a, ca, b, cb)


def draw_last(ctx: Any, layout: Layout, last: tuple[Cell, Cell]) -> None:
    """Outline the last placement so every player sees what just happened."""
    ctx.save()
    ctx.strokeStyle = LAST_MARK
    ctx.lineWidth = max(2.0, layout.size * 0.12)
    for cell in last:
        hex_path(ctx, layout, cell, 0.9)
        ctx.stroke()
    ctx.restore()


def draw_marked(ctx: Any, layout: Layout, cells: list[Cell]) -> None:
    """Highlight the cells of a move the player points at in a list (or the turns the pass
    screen tells about): a thick outline and a light wash, clear of the last-move mark."""
    _wash(ctx, layout, cells, MARKED_WASH, MARKED, max(2.5, layout.size * 0.16))


def draw_highlight(ctx: Any, layout: Layout, cells: Iterable[Cell]) -> None:
    """The cells a picked tile can cover, lit (drawn per frame by `draw_overlay`, or once
    into a cached layer by the game's board canvas)."""
    _wash(ctx, layout, cells, HIGHLIGHT_FILL, HIGHLIGHT_RING, max(1.5, layout.size * 0.08))


def _wash(
    ctx: Any, layout: Layout, cells: Iterable[Cell], fill: str, ring: str, width: float
) -> None:
    """Each cell filled with ``fill`` and ringed with ``ring`` (inset: clear of the grid)."""
    ctx.save()
    ctx.fillStyle = fill
    ctx.strokeStyle = ring
    ctx.lineWidth = width
    for cell in cells:
        hex_path(ctx, layout, cell, 0.8)
        ctx.fill()
        ctx.stroke()
    ctx.restore()


def draw_overlay(
    ctx: Any, layout: Layout, scene: Scene, time_ms: float = 0.0, still: bool = False
) -> None:
    """Per-frame marks over the tile layer; ``still`` (reduced motion): no pulsing hint."""
    size = layout.size
    if scene.last:
        draw_last(ctx, layout, scene.last)
    if scene.highlight:
        draw_highlight(ctx, layout, scene.highlight)
    for cell in scene.partners:
        ctx.save()
        ctx.strokeStyle = "rgba(181, 84, 28, 0.9)"
        ctx.setLineDash([size * 0.2, size * 0.15])
        ctx.lineWidth = max(2.0, size * 0.1)
        hex_path(ctx, layout, cell, 0.8)
        ctx.stroke()
        ctx.restore()
    if scene.hint:
        pulse = hint_alpha(time_ms, still)
        a, b = scene.hint.cells
        draw_tile(ctx, layout, a, scene.hint.colours[0], b, scene.hint.colours[1], alpha=pulse)
    if scene.rays:
        draw_rays(ctx, layout, scene.rays, 1.0, occupied(scene))
    if scene.ghost:
        a, b = scene.ghost.cells
        draw_tile(ctx, layout, a, scene.ghost.colours[0], b, scene.ghost.colours[1], alpha=0.9)
        ctx.save()
        ctx.strokeStyle = GHOST_EDGE
        ctx.lineWidth = max(2.0, size * 0.1)
        for cell in (a, b):
            hex_path(ctx, layout, cell, 0.98)
            ctx.stroke()
        ctx.restore()
    if scene.cursor is not None:
        ctx.save()
        ctx.strokeStyle = CURSOR
        ctx.lineWidth = max(2.0, size * 0.12)
        ctx.setLineDash([size * 0.25, size * 0.12])
        hex_path(ctx, layout, scene.cursor, 1.0)
        ctx.stroke()
        ctx.restore()


def occupied(scene: Scene) -> set[Cell]:
    """The cells that show a symbol: printed ones, tiles, the aimed tile and the hint."""
    cells = {cell for cell, _ in scene.symbols}
    for a, _, b, _ in scene.tiles:
        cells.update((a, b))
    for ghost in (scene.ghost, scene.hint):
        if ghost is not None:
            cells.update(ghost.cells)
    return cells


def draw_landing(ctx: Any, layout: Layout, cells: list[Cell], progress: float) -> None:
    """A ripple around a tile that just landed: a widening outline that fades out."""
    if progress >= 1.0 or not cells:
        return
    ctx.save()
    ctx.globalAlpha = 1.0 - progress
    ctx.strokeStyle = LAST_MARK
    ctx.lineWidth = max(2.0, layout.size * 0.15)
    for cell in cells:
        hex_path(ctx, layout, cell, 1.0 + 0.45 * progress)
        ctx.stroke()
    ctx.restore()


def draw_view(canvas: Any, view: dict[str, Any], width: float, height: float, dpr: float,
              marked: tuple[Cell, ...] = (), last: bool = True, ghost: Ghost | None = None,
              rays: tuple[dict[str, Any], ...] = ()) -> None:  # fmt: skip
    """Draw a position (board, symbols, tiles; the last move unless ``last`` is False) on a
    canvas, ``marked`` cells outlined, and a tile not yet placed (``ghost``) with its
    scoring ``rays``: the replay viewer's, the saves' and the review's boards."""
    canvas.width = round(width * dpr)
    canvas.height = round(height * dpr)
    ctx = canvas.getContext("2d")
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    scene = scene_from_view(view)
    layout = fit_layout(min(scene.radius + 1, 7) + 0.35, width, height, margin=1)
    draw_board(ctx, layout, scene, width, height)
    draw_tiles(ctx, layout, scene.tiles)
    if last and scene.last is not None:
        draw_last(ctx, layout, scene.last)
    if marked:
        draw_marked(ctx, layout, list(marked))
    if ghost is not None or rays:
        draw_overlay(ctx, layout, Scene(scene.radius, [], [], ghost=ghost, rays=list(rays)))
