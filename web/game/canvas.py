"""The board canvas of the game screen (browser only): layers, frames, zoom geometry.

Four canvases: the empty board (redrawn only when the size or zoom changes), the board
with its tiles (tiles are added as they are placed; undo and loads redraw it), the board
with its tiles and the cells a picked tile can cover lit (drawn once per position and
set of cells, ahead of the pick by `prepare_lit`), and the visible canvas, which per
frame copies the tile layer (or the lit one) and lays the `BoardModel` over it (ghost
tile, rays, cursor, hint, the landing animation). What to draw is handed in by `show`;
the canvas keeps no game state of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import js  # type: ignore[import-not-found]

from web.board import render, zoom
from web.board.hexgrid import Cell, Layout, fit_layout, ring
from web.board.rays import draw_rays
from web.game.model import BoardModel
from web.ui.dom import document, el, keep, missing


class BoardCanvas:
    def __init__(self, timings: list[tuple[str, float]], still: Callable[[], bool]) -> None:
        """`still()`: the system asks for reduced motion (the hint does not pulse)."""
        self.still = still
        self.canvas = el("board-canvas")
        self.ctx = self.canvas.getContext("2d")
        self.layer = document.createElement("canvas")
        self.layer_ctx = self.layer.getContext("2d")
        self.base = document.createElement("canvas")
        self.base_ctx = self.base.getContext("2d")
        self.lit = document.createElement("canvas")
        self.lit_ctx = self.lit.getContext("2d")
        self.lit_key: Any = None  # (the tile layer's version, the lit cells) it shows
        self.layer_version = 0  # grows whenever the tile layer is drawn on
        self.layout = Layout(10.0, 0.0, 0.0)  # what is drawn and hit-tested: `fit` zoomed
        self.fit = Layout(10.0, 0.0, 0.0)  # the whole zone in the canvas
        self.view_zoom = zoom.FITTED
        self.radius = 5
        self.css_size = (0.0, 0.0)
        self.dpr = 1.0
        self.base_key: Any = None
        self.drawn_tiles: list[Any] | None = None
        self.scene: render.Scene | None = None
        self.view: dict[str, Any] | None = None
        self.board = BoardModel()
        self.frame_pending = False
        self.showing = False  # set by the game screen: frames are drawn only while it shows
        self.timings = timings
        self.frame_proxy = keep(self.on_frame)
        self.on_zoom: Callable[[zoom.View], None] = lambda view: None

    # --- what to show ------------------------------------------------------------------------
    def show(self, view: dict[str, Any] | None, board: BoardModel) -> None:
        """The position (a player view: tiles and printed symbols) and what lies over it."""
        if view is None:
            self.scene, self.view = None, None
        elif view is not self.view:  # a new position (views are made once per position)
            self.view = view
            if self.radius != view["zone"]:
                self.radius = int(view["zone"])
                self.resize()
            self.scene = render.scene_from_view(view)
        self.board = board
        self.request_frame()

    def busy(self, now: float | None = None) -> bool:
        """True while the landing animation runs."""
        landing = self.board.landing
        if landing is None or landing.length_ms <= 0:
            return False
        now = float(js.performance.now()) if now is None else now
        return now - landing.started_ms < landing.length_ms * 1.6

    # --- geometry ------------------------------------------------------------------------------
    def resize(self) -> None:
        rect = el("board-wrap").getBoundingClientRect()
        width, height = float(rect.width), float(rect.height)
        if width < 10 or height < 10:
            return
        dpr = float(js.window.devicePixelRatio or 1.0)
        if (width, height) != self.css_size or dpr != self.dpr:
            # (Only then: sizing a canvas clears it, and its layers would be drawn again.)
            self.css_size, self.dpr = (width, height), dpr
            for canvas in (self.canvas, self.layer, self.base, self.lit):
                canvas.width = round(width * dpr)
                canvas.height = round(height * dpr)
            self.base_key = None
        radius = self.radius
        # Phones get bigger cells: the dimmed ring and the frame may run off the edge.
        room = 0.6 if min(width, height) < 520 else min(radius + 1, 7) - radius + 0.35
        self.fit = fit_layout(radius + room, width, height, margin=2)
        self.set_zoom(zoom.clamp(self.view_zoom, width, height))

    def set_zoom(self, view: zoom.View) -> None:
        """Zoom and pan the board; the cached layers are redrawn for the new layout."""
        self.view_zoom = view
        self.layout = zoom.apply(self.fit, view)
        reset = el("zoom-reset")
        if not missing(reset):
            reset.hidden = view.fitted
        self.request_frame()
        self.on_zoom(view)

    def point(self, event: Any) -> tuple[float, float]:
        rect = self.canvas.getBoundingClientRect()
        return (float(event.clientX - rect.left), float(event.clientY - rect.top))

    def cell_at(self, point: tuple[float, float]) -> Cell | None:
        cell = self.layout.to_cell(*point)
        return cell if ring(cell) <= self.radius else None

    def centre(self, cell: Cell) -> tuple[float, float]:
        """A cell's centre in viewport CSS pixels (for the automation hook)."""
        rect = self.canvas.getBoundingClientRect()
        x, y = self.layout.to_pixel(cell)
        return float(rect.left) + x, float(rect.top) + y

    # --- frames --------------------------------------------------------------------------------
    def after_paint(self) -> None:
        """The next frame is drawn only after the page has painted once: a new game's
        screen shows at once, its board a frame later (the board's layers are the
        costliest part of a first frame, and the tap that started the game waits for
        that first paint, not for the board)."""
        from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

        if self.frame_pending:
            return
        self.frame_pending = True

        def release() -> None:
            self.frame_pending = False
            self.request_frame()

        js.requestAnimationFrame(create_once_callable(lambda now: js.setTimeout(
            create_once_callable(release), 0)))  # fmt: skip

    def request_frame(self) -> None:
        if not self.frame_pending:
            self.frame_pending = True
            js.requestAnimationFrame(self.frame_proxy)

    @contextmanager
    def timed(self, what: str) -> Iterator[None]:
        started = float(js.performance.now())
        try:
            yield
        finally:
            self.timings.append((what, float(js.performance.now()) - started))
            del self.timings[:-300]

    def on_frame(self, now: float) -> None:
        with self.timed("frame"):
            self.draw_frame(now)

    def draw_frame(self, now: float) -> None:
        self.frame_pending = False
        scene = self.scene
        width, height = self.css_size
        if scene is None or not self.showing or width <= 0:
            return
        self.current_layers(scene)
        board = self.board
        source = self.layer
        if board.legal:
            with self.timed("lit"):
                source = self.lit_layer(board.legal)
        ctx = self.ctx
        ctx.setTransform(1, 0, 0, 1, 0, 0)
        ctx.drawImage(source, 0, 0)
        ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
        still = self.still()
        render.draw_overlay(ctx, self.layout, self.overlay(scene), now, still=still)
        if board.marked:
            render.draw_marked(ctx, self.layout, list(board.marked))
        landing = board.landing
        if landing is not None and landing.length_ms > 0:
            t = (now - landing.started_ms) / landing.length_ms
            if t < 1.6:
                render.draw_landing(ctx, self.layout, list(landing.cells), min(1.0, t * 2.5))
                draw_rays(ctx, self.layout, list(landing.rays), min(1.0, t * 1.4),
                                 render.occupied(scene))  # fmt: skip
                self.request_frame()
        if board.hint is not None and not still:
            self.request_frame()  # the hint tile pulses

    def overlay(self, scene: render.Scene) -> render.Scene:
        board = self.board
        shown = render.Scene(scene.radius, [], [], last=scene.last)
        # (The lit cells are in the layer the frame starts from: `lit_layer`.)
        if board.ghost is not None:
            shown.ghost = render.Ghost(board.ghost.cells, board.ghost.colours)
        shown.rays = list(board.rays)
        shown.partners = list(board.partners)
        shown.cursor = board.cursor
        if board.hint is not None:
            shown.hint = render.Ghost(board.hint.cells, board.hint.colours)
        return shown

    def current_layers(self, scene: render.Scene) -> None:
        """The cached layers drawn for the present size, zoom and tiles."""
        width, height = self.css_size
        key = (scene.radius, width, height, self.dpr, self.layout)
        if key != self.base_key or self.drawn_tiles != scene.tiles:
            with self.timed("layers"):
                self.update_layers(scene, key, width, height)

    def lit_layer(self, cells: frozenset[Cell]) -> Any:
        """The tile layer with `cells` lit: drawn once, then copied by every frame while
        the tile stays picked (turned, aimed), and by the pick itself when
        `prepare_lit` drew it before."""
        key = (self.layer_version, cells)
        if key != self.lit_key:
            ctx = self.lit_ctx
            ctx.setTransform(1, 0, 0, 1, 0, 0)
            ctx.clearRect(0, 0, self.lit.width, self.lit.height)
            ctx.drawImage(self.layer, 0, 0)
            ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
            render.draw_highlight(ctx, self.layout, cells)
            self.lit_key = key
        return self.lit

    def prepare_lit(self, cells: frozenset[Cell]) -> None:
        """Draw the lit layer for `cells` now (after a position's paint, before the pick
        that will show them), so that the pick's frame only copies it."""
        scene = self.scene
        if scene is None or not self.showing or self.css_size[0] <= 0 or not cells:
            return
        self.current_layers(scene)
        with self.timed("lit"):
            self.lit_layer(cells)

    def update_layers(self, scene: render.Scene, key: Any, width: float, height: float) -> None:
        """Keep the cached layers current: the empty board only changes with the size,
        and tiles are only ever added between full redraws (undo and loads redraw all)."""
        if key != self.base_key:
            self.base_ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
            render.draw_board(self.base_ctx, self.layout, scene, width, height)
            self.base_key = key
            self.drawn_tiles = None
        drawn = self.drawn_tiles
        self.layer_version += 1
        self.layer_ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
        if drawn is not None and scene.tiles[: len(drawn)] == drawn:
            render.draw_tiles(self.layer_ctx, self.layout, scene.tiles[len(drawn) :])
        else:
            self.layer_ctx.setTransform(1, 0, 0, 1, 0, 0)
            self.layer_ctx.clearRect(0, 0, self.layer.width, self.layer.height)
            self.layer_ctx.drawImage(self.base, 0, 0)
            self.layer_ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
            render.draw_tiles(self.layer_ctx, self.layout, scene.tiles)
        self.drawn_tiles = list(scene.tiles)
