"""Board drawing runs on any 2D-context-like object and draws what the scene holds."""

from typing import Any

from engine import new_game
from web.board import render
from web.board.hexgrid import fit_layout


class RecordingContext:
    """Records canvas calls; attribute writes (fillStyle, lineWidth...) are accepted."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any) -> None:
            self.calls.append((name, args))

        return record

    def count(self, name: str) -> int:
        return sum(1 for call, _ in self.calls if call == name)


def _scene() -> render.Scene:
    game = new_game("standard", players=2, seed=2)
    for _ in range(4):
        game.apply(game.legal_moves()[0])
    return render.scene_from_view(game.view(None))


def test_scene_from_view_lists_tiles_symbols_and_the_last_placement() -> None:
    scene = _scene()
    assert scene.radius == 5 and len(scene.symbols) == 6 and len(scene.tiles) == 4
    assert scene.last == (scene.tiles[-1][0], scene.tiles[-1][2])


def test_board_draws_the_zone_plus_one_dimmed_ring() -> None:
    """Ring <= 6 is drawn for a radius-5 zone: 127 cells, one fill each, plus 6 symbols."""
    ctx = RecordingContext()
    layout = fit_layout(6.35, 800, 600, 2)
    render.draw_board(ctx, layout, _scene(), 800, 600)
    hexes = sum(1 for name, args in ctx.calls if name == "closePath")
    assert hexes >= 127 + 6


def test_every_tile_half_draws_its_symbol_shape() -> None:
    """A red/yellow tile: 24 + 48 star vertices plus the two hex bodies."""
    ctx = RecordingContext()
    layout = fit_layout(6.35, 800, 600, 2)
    render.draw_tile(ctx, layout, (0, 0), "red", (1, 0), "yellow")
    line_tos = ctx.count("lineTo")
    assert line_tos >= 23 + 47


def test_overlay_draws_ghost_rays_cursor_and_badges() -> None:
    scene = _scene()
    scene.ghost = render.Ghost(((0, 0), (1, 0)), ("blue", "green"))
    scene.rays = [{"from": [0, 0], "colour": "blue", "cells": [[0, 1], [0, 2]], "points": 2}]
    scene.cursor = (0, 0)
    ctx = RecordingContext()
    render.draw_overlay(ctx, fit_layout(6.35, 800, 600, 2), scene, 0.0)
    texts = [args[0] for name, args in ctx.calls if name == "fillText"]
    assert texts == ["+2"]
    assert ctx.count("setLineDash") == 1


def test_with_path2d_the_board_is_filled_in_a_few_calls(monkeypatch: Any) -> None:
    """In the page every cell of a kind goes into one Path2D: a handful of fills, not 127."""
    monkeypatch.setattr(render, "PATH2D", lambda text: ("path", text))
    ctx = RecordingContext()
    render.draw_board(ctx, fit_layout(6.35, 800, 600, 2), _scene(), 800, 600)
    paths = [args[0] for name, args in ctx.calls if name == "fill" and args]
    zone = [p for p in paths if p[1].count("Z") == 91]
    assert len(zone) == 1 and zone[0][1].startswith("M")
    assert ctx.count("fill") < 40


def test_points_badges_cover_no_symbol() -> None:
    """Each ray's points badge sits beside the ray's far end on a cell that shows no
    symbol: it covers none of the counted symbols, the aimed tile, the other tiles or the
    printed symbols (it used to sit on the far cell's corner, over its symbol and the
    next one's), and no two badges overlap."""
    game = new_game("standard", players=2, seed=11)
    for _ in range(10):
        moves = [m for m in game.legal_moves() if m not in ("swap", "pass")]
        game.apply(max(moves, key=lambda m: (len(game.preview(m)["rays"]), m)))
    moves = [m for m in game.legal_moves() if m not in ("swap", "pass")]
    move = max(moves, key=lambda m: (len(game.preview(m)["rays"]), m))
    rays = game.preview(move)["rays"]
    assert len(rays) >= 2
    (a, ca), (b, cb) = [
        (tuple(int(v) for v in half.split(":")[0].split(",")), half.split(":")[1])
        for half in move.split()
    ]
    scene = render.scene_from_view(game.view(None))
    scene.ghost = render.Ghost((a, b), (ca, cb))  # type: ignore[arg-type]
    scene.rays = rays
    layout = fit_layout(6.35, 800, 600, 2)
    ctx = RecordingContext()
    render.draw_overlay(ctx, layout, scene, 0.0)
    badges = [(x, y) for name, (_, x, y) in ((n, a) for n, a in ctx.calls if n == "fillText")]
    assert len(badges) == len(rays)
    symbols = {cell for cell, _ in scene.symbols} | {a, b}
    symbols |= {cell for t in scene.tiles for cell in (t[0], t[2])}
    symbols |= {(int(c[0]), int(c[1])) for r in rays for c in r["cells"]}
    size = layout.size
    for x, y in badges:
        for cell in symbols:
            cx, cy = layout.to_pixel(cell)
            assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 >= 1.02 * size, (cell, x, y)
    for i, (x, y) in enumerate(badges):
        for u, v in badges[i + 1 :]:
            assert ((x - u) ** 2 + (y - v) ** 2) ** 0.5 >= 0.84 * size
