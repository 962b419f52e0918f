"""The crafted game the review's tests share (engine, screen model and browser).

Ann (seat 0, casual) plays against Bob (seat 1, strong at a small budget); at her first
placement from move 14 on she places the tile that is worth least one move deep (it
scores nothing while her lowest colours could rise). Its review, at the page's settings,
is the slowest computation of the CPython suite: made once per test process.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine import new_game
from engine.bots import make_bot
from engine.bots.evaluate import best_placement, scored_placements
from engine.coach.review import Review
from engine.rules.game import Game

#: The move from which Ann throws a placement away.
THROW_AT = 14


def greedy_move(game: Game, swap: str = "swap") -> None:
    """One move of the player to move: the placement best one move deep, or ``swap``
    ("swap" or "pass") when a swap is offered."""
    if game.phase == "swap":
        game.apply(swap)
        return
    _, p = best_placement(game, game.current)
    assert p is not None
    game.apply(game.placement_text(p))


def play_out(game: Game, throw_at: int | None = None) -> Game:
    """Seat 0 plays casual, seat 1 strong; at its first placement from move ``throw_at`` on,
    seat 0 plays the placement worth least one move deep."""
    bots = [make_bot("casual", seed=1), make_bot("strong", seed=2, budget_ms=20)]
    while not game.over:
        if throw_at is not None and len(game.moves) >= throw_at and game.current == 0:
            assert game.phase == "place"
            throw_at = None
            worst = min(scored_placements(game, 0), key=lambda vp: (vp[0], vp[1]))
            game.apply(game.placement_text(worst[1]))
            continue
        game.apply(bots[game.current].choose(game.view(game.current)))
    return game


@cache
def thrown_game() -> Game:
    """The finished crafted game (callers copy it before changing it)."""
    return play_out(new_game("standard", 2, seed=19, names=["Ann", "Bob"]), throw_at=THROW_AT)


@cache
def thrown_review() -> Review:
    """Ann's moves of :func:`thrown_game` reviewed at the default settings, run to the end."""
    review = Review(thrown_game().to_save(), seats=[0])
    review.run()
    return review


def avoiding_red(seed: int = 6) -> dict[str, Any]:
    """A finished save where seat 0 (Ann) never scores red when it can help it: its best
    placement one move deep among those without red; Bob plays casual."""
    game = new_game("standard", 2, seed=seed, names=["Ann", "Bob"])
    bot = make_bot("casual", seed=2)
    while not game.over:
        if game.current == 0 and game.phase == "place":
            scored = sorted(scored_placements(game, 0), key=lambda vp: (-vp[0], vp[1]))
            keep = [p for _, p in scored if 0 not in (p[2], p[3])] or [scored[0][1]]
            game.apply(game.placement_text(keep[0]))
        else:
            game.apply(bot.choose(game.view(game.current)))
    return game.to_save()
