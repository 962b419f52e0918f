"""The game screen warmed up while the player reads the start screen (the steps are
:mod:`web.game.warm`'s; this draws their markup and the board once, off screen)."""

from __future__ import annotations

import js  # type: ignore[import-not-found]

from web.game.screen import GameScreen
from web.ui.dom import document


async def warm_up(table: GameScreen) -> None:
    """The game screen's first use (`web.game.warm`), one step per idle moment while
    the player reads the start screen: the models and their markup, and the board
    drawn once on a small canvas of its own, so the first tap of a game pays for none
    of it. Stops as soon as a game is on the screen."""
    from web.board import render
    from web.board.hexgrid import fit_layout
    from web.game import draw
    from web.game.warm import warm_steps
    from web.play.botworker import idle

    aimed = None
    for step, shown in warm_steps():
        await idle(1500)
        if table.game is not None:
            return
        if shown is not None:
            draw.rack_html(shown.rack)
            draw.preview_html(shown.preview)
            aimed = shown if step == "aim" else aimed
    await idle(1500)
    if table.game is not None or aimed is None:
        return
    canvas = document.createElement("canvas")
    canvas.width, canvas.height = 160, 140
    ctx = canvas.getContext("2d")
    layout = fit_layout(6.35, 160, 140, 2)
    scene = render.Scene(5, [], [])
    scene.highlight = set(aimed.board.legal)
    scene.rays = list(aimed.board.rays)
    render.draw_board(ctx, layout, scene, 160, 140)
    render.draw_overlay(ctx, layout, scene)
    js.performance.mark("ingenious:warm")  # for the benchmark (tools/bench_browser.py)
