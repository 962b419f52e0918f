"""The bot interface and the two simple levels.

A bot is made with a level, a seed and a thinking budget, and answers one
question: given this player view, which move? It never sees hidden tiles; a bot
that needs them samples them with :func:`engine.rules.view.determinize`.
"""

from __future__ import annotations

from typing import Any

from engine.rules.determinize import determinize
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.rng import Rng
from engine.rules.scoring import placement_points


class Bot:
    level = ""
    #: Thinking budget when none is given (milliseconds per move in the browser).
    default_budget_ms = 50
    #: Whether the last move's search ended on the clock (``time_limit_ms``) rather than
    #: its budget; only the searching levels read a clock.
    stopped_on_clock = False
    #: The value of a side a searching level uses (``engine.bots.evaluate.EVALUATIONS``);
    #: None for the levels that do not search.
    evaluation: str | None = None

    def __init__(
        self, seed: int = 0, budget_ms: int | None = None, time_limit_ms: float | None = None
    ) -> None:
        self.rng = Rng(seed)
        self.budget_ms = self.default_budget_ms if budget_ms is None else int(budget_ms)
        if self.budget_ms <= 0:
            raise ValueError(
                f"the thinking budget must be a positive number of ms, not {budget_ms}"
            )
        if time_limit_ms is not None and not time_limit_ms > 0:
            raise ValueError(f"the time limit must be a positive number of ms, not {time_limit_ms}")
        #: Wall-clock ceiling on one move's thinking (the searching levels stop early when
        #: they reach it); None: no clock, the budget alone decides (arena, tests).
        self.time_limit_ms = time_limit_ms

    def choose(self, view: dict[str, Any]) -> str:
        """The move (text) this bot plays in the position the view describes."""
        game = determinize(view, self.rng)
        return self.choose_in(game, view["seat"])

    def choose_in(self, game: Game, seat: int) -> str:
        """Choose in a determinised game (hidden tiles already sampled)."""
        raise NotImplementedError


def placement_gain(game: Game, p: Placement) -> tuple[list[int], list[int], int]:
    """(raw points, track values after the placement, bonus) for the current player."""
    a, b, ca, cb = p
    points = placement_points(game.board, game.zone, a, b, ca, cb)
    after, bonus = game.variant.preview_gain(game, game.current, points)
    return points, after, bonus


def own_track(game: Game, seat: int, track: list[int]) -> list[int]:
    """A track as the seat sees it: in the duel, values toward the seat are positive."""
    if game.variant.name == "duel" and seat == 1:
        return [-v for v in track]
    return track


class Beginner(Bot):
    """Plays any placement that scores something, at random; never swaps."""

    level = "beginner"

    def choose_in(self, game: Game, seat: int) -> str:
        if game.phase == "swap":
            return "pass"
        moves = game.placements()
        scoring = [p for p in moves if any(placement_points(game.board, game.zone, *p))]
        pool = scoring or moves
        return game.placement_text(pool[self.rng.below(len(pool))])


class Casual(Bot):
    """Greedy: raise the lowest colour now, ties broken by total points; swaps when it may."""

    level = "casual"

    def choose_in(self, game: Game, seat: int) -> str:
        if game.phase == "swap":
            return "swap"
        best: tuple[Any, ...] | None = None
        best_move: Placement | None = None
        for p in game.placements():
            points, after, bonus = placement_gain(game, p)
            mine = sorted(own_track(game, seat, after))
            key = (mine, bonus, sum(points), self.rng.random())
            if best is None or key > best:
                best, best_move = key, p
        assert best_move is not None
        return game.placement_text(best_move)
