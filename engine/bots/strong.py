"""The searching levels: ``strong`` and ``expert``.

Determinised Monte-Carlo search over the bot's own options:

1. Sample *worlds*: full games consistent with the view, hidden racks and bag dealt
   at random from the unseen tiles (:func:`engine.view.determinize`). The bot never
   looks at anything else.
2. Candidates: every placement is valued one move deep (see :mod:`engine.bots.evaluate`);
   the best few go on. In a swap offer (the duel: an exchange offer) the candidates are
   ``swap`` and ``pass``.
3. Each candidate is played out in the same worlds (common random numbers): the rest of
   the bot's turn (bonus placements), then every other player's turn, all greedy on
   their own side's value, up to the bot's next turn. The leaf is valued as the side's
   standing against its best rival plus the best move then on offer to the bot (which
   rewards keeping good tiles and open lines). A finished game counts as a win or loss.
4. Successive halving: after each round the weaker half of the candidates drops out, so
   most simulations go to the moves that matter.

The budget is a number of simulations, not a stopwatch: ``budget_ms`` is turned into a
simulation count calibrated so that the browser (Pyodide) stays within the budget. The
same seed, view and budget therefore give the same move on any machine.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..game import Game, Placement
from ..view import determinize
from .base import Bot
from .evaluate import best_placement, outcome, scored_placements, side_value

#: Work units per millisecond of budget, calibrated on Pyodide under Node (docs/bots.md). A
#: simulation costs about one unit per free pair per greedy move it makes (see ``simulations``).
UNITS_PER_MS = 320
#: Fixed cost of a simulation (copying the game, drawing tiles), in the same units.
SIM_OVERHEAD = 40
#: A finished game's win or loss, in evaluation units (a point on a low colour is about 1).
WIN_VALUE = 12.0
#: Weight of the best move on offer to the bot at the leaf.
OPTION_WEIGHT = 0.7

Move = Placement | str


class Strong(Bot):
    """Determinised Monte-Carlo search with successive halving (see the module docstring)."""

    level = "strong"
    default_budget_ms = 1000
    max_width = 16

    def simulations(self, game: Game) -> int:
        """How many simulations the budget buys in this position.

        Each simulation makes about one greedy move per player plus the bot's option
        at the leaf, each scanning every free pair, so the count follows the budget
        and the position alone: no clock, the same on every machine.
        """
        per_sim = (game.players + 1) * (len(game.free) + SIM_OVERHEAD) * game.zone.size // 91
        return max(8, self.budget_ms * UNITS_PER_MS // per_sim)

    def choose(self, view: dict[str, Any]) -> str:
        seat: int = view["seat"]
        worlds: list[Game] = [determinize(view, self.rng)]
        first = worlds[0]
        candidates = self.candidates(first, seat)
        if len(candidates) == 1:
            return self.text(first, candidates[0])

        def world(i: int) -> Game:
            while len(worlds) <= i:
                worlds.append(determinize(view, self.rng))
            return worlds[i]

        best = self.search(candidates, world, seat, self.simulations(first))
        return self.text(first, best)

    def candidates(self, game: Game, seat: int) -> list[Move]:
        if game.phase == "swap":
            return ["swap", "pass"]
        scored = scored_placements(game, seat)
        scored.sort(key=lambda vp: (-vp[0], vp[1]))
        width = max(2, min(self.max_width, self.simulations(game) // 4))
        return [p for _, p in scored[:width]]

    def search(
        self, candidates: list[Move], world: Callable[[int], Game], seat: int, budget: int
    ) -> Move:
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        next_world = 0
        for _ in range(rounds):
            per = max(1, budget // (rounds * len(alive)))
            for w in range(next_world, next_world + per):
                g = world(w)
                for i in alive:
                    totals[i] += self.rollout(g, candidates[i], seat)
                    counts[i] += 1
            next_world += per
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            if len(alive) <= 1:
                break
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        return candidates[alive[0]]

    def rollout(self, world: Game, move: Move, seat: int) -> float:
        """Play ``move`` in a copy of ``world``, then greedy play up to the bot's next turn."""
        g = world.copy()
        start = g.turn
        g.play(move)
        while g.phase != "over":
            current = g.current
            if current == seat and g.turn > start:
                break
            if g.phase == "swap":
                g.play("swap")
            else:
                _, p = best_placement(g, current)
                assert p is not None
                g.play(p)
        if g.phase == "over":
            return WIN_VALUE * outcome(g, seat) + side_value(g, seat)
        value = side_value(g, seat)
        if g.phase == "place":
            option, _ = best_placement(g, seat)
            value += OPTION_WEIGHT * option
        return value

    @staticmethod
    def text(game: Game, move: Move) -> str:
        return move if isinstance(move, str) else game.placement_text(move)

    def choose_in(self, game: Game, seat: int) -> str:
        raise NotImplementedError("the strong bot samples its own worlds: call choose(view)")


class Expert(Strong):
    """The strong search with a longer default budget and more candidates."""

    level = "expert"
    default_budget_ms = 4000
    max_width = 24
