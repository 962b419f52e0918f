"""Determinised Monte-Carlo search, shared by the ``strong`` and ``expert`` levels.

1. *Worlds*: full games consistent with the view. The first is
   :func:`engine.rules.view.determinize`; the others deal the same unseen tiles again at random
   onto the hidden racks (the bag is drawn from at random anyway). The bot never looks at
   anything else.
2. *Candidates*: every placement is valued one move deep (see :mod:`engine.bots.evaluate`);
   the best few go on. In a swap offer (the duel: an exchange offer) the candidates are
   ``swap`` and ``pass``.
3. *Rollouts*: each candidate is played out in the same worlds (common random numbers):
   the rest of the bot's turn, then the other players' turns, each greedy for its own
   side, up to the bot's next turn; a level that plans further plays its own next turns
   too. The leaf is valued by :meth:`Search.leaf`; a finished game counts as a win or loss.
4. *Successive halving*: after each round the weaker half of the candidates drops out,
   so most rollouts go to the moves that matter.

The budget is a number of rollouts, not a stopwatch: ``budget_ms`` is turned into a
count from the position alone, calibrated on Pyodide (docs/bots.md), so the same seed,
view and budget give the same move on any machine. The count comes from a cost model in
*work units* (:meth:`Search.rollout_units`): one unit is one greedy placement chosen on the
two-player board; a rollout also pays for copying its world, and both costs were measured
per board (:data:`BOARD_COSTS`, ``tools/bot_costs.py``). The search counts the units it
really spends (:attr:`Search.work`), so a test can hold the model to what the rollouts do
without timing anything.

A bot made with ``time_limit_ms`` (the browser's worker gives each level its budget)
also has a ceiling on the clock, counted from the start of :meth:`Search.choose`: when
another world's rollouts would end past it (judged by the last one's time), the search
stops and the candidate with the best mean so far is played. On a machine fast
enough for the budget the count ends the search first and nothing changes; on a slow one
(a phone) the bot still answers in time, with fewer rollouts. Without a limit (the arena,
the tests) no clock is read.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from engine.bots.base import Bot
from engine.bots.evaluate import (
    DEFAULT_EVALUATION,
    Evaluation,
    evaluation,
    outcome,
    scored_placements,
    side_value,
)
from engine.bots.scan import Position
from engine.rules.determinize import determinize
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.rng import Rng
from engine.rules.tiles import Tile

Move = Placement | str


class BoardCost(NamedTuple):
    """What the search's work costs on one board, in units (see the module docstring)."""

    #: One greedy placement chosen from the points table (more hot cells on a larger board).
    scan: float
    #: Copying a world and its points table for a rollout.
    overhead: float
    #: One greedy placement under the first-placement rule (every allowed pair scanned).
    first: float
    #: Empty cells a game to its end leaves unfilled (cells no pair can take any more):
    #: a rollout to the end plays about (empty cells - this) / 2 placements.
    unfilled: float


#: Per board radius (2 players: 5, 3 players: 6, 4 players: 7), measured in CPython and
#: Pyodide with ``tools/bot_costs.py`` (docs/bots.md): a unit costs about the same time on
#: every board, so a budget buys the same thinking at every table.
BOARD_COSTS: dict[int, BoardCost] = {
    5: BoardCost(scan=1.0, overhead=1.0, first=4.0, unfilled=6.0),
    6: BoardCost(scan=1.1, overhead=1.4, first=5.5, unfilled=6.0),
    7: BoardCost(scan=1.35, overhead=1.85, first=7.5, unfilled=8.5),
}


def redeal(template: Game, hidden: list[int], rng: Rng) -> Game:
    """Another world for the same view: the template's hidden racks and bag dealt afresh."""
    g = template.copy()
    pool: list[Tile] = list(g.bag)
    for s in hidden:
        pool.extend(g.racks[s])
    n = len(pool)
    dealt = 0
    for s in hidden:
        k = len(g.racks[s])
        for i in range(dealt, dealt + k):
            j = i + rng.below(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        g.racks[s] = pool[dealt : dealt + k]
        dealt += k
    g.bag = pool[dealt:]
    g.rng = Rng(rng.next64())
    return g


class Search(Bot):
    """The search machinery; the levels set its depth, width and budget."""

    #: Most candidates searched.
    max_width = 16
    #: Work units per millisecond of budget, calibrated on Pyodide (docs/bots.md); a unit
    #: is one greedy placement chosen on the two-player board (see :data:`BOARD_COSTS`).
    units_per_ms = 7.0
    #: The bot's own turns played in a rollout (1: up to its next turn only).
    own_turns = 1
    #: A finished game's win or loss, in evaluation units (a point on a low colour is about 1).
    win_value = 12.0
    #: Weight of the best move on offer to the bot at the leaf.
    option_weight = 0.7
    #: Weight of the best move on offer to each rival at the leaf.
    rival_option_weight = 0.0
    #: The value of a side (a name in ``engine.bots.evaluate.EVALUATIONS``): the phase value;
    #: ``"table"``, the fixed table it replaced, is kept for the arena's comparisons.
    evaluation = DEFAULT_EVALUATION
    #: The clock read under ``time_limit_ms`` (seconds; tests give their own).
    clock: Callable[[], float] = staticmethod(time.perf_counter)
    #: The work units the last search spent (counted as its rollouts ran, not predicted)
    #: and how many rollouts it played.
    work = 0.0
    rollouts_done = 0
    #: The board costs of the position being searched, and one rollout's predicted units.
    cost = BOARD_COSTS[5]
    rollout_cost = 1.0

    @property
    def ev(self) -> Evaluation:
        """The evaluation this bot values sides with (see :attr:`evaluation`)."""
        return evaluation(self.evaluation)

    def rollout_scans(self, game: Game) -> float:
        """Greedy placements chosen in one rollout from this position: every other player's
        turn and the bot's option at the leaf."""
        return float(game.players)

    def rollout_units(self, game: Game) -> float:
        """The predicted work of one rollout from this position, in units: copying the
        world, the greedy placements (a rival still to make its first placement scans every
        allowed pair), as :meth:`rollout` counts them in :attr:`work`."""
        cost = BOARD_COSTS[game.zone.radius]
        unplaced = sum(
            1 for s in range(game.players) if s != game.current and not game.placed_first[s]
        )
        scans = self.rollout_scans(game) - unplaced
        return cost.overhead + cost.first * unplaced + cost.scan * scans

    def rollouts(self, game: Game) -> int:
        """How many rollouts the budget buys in this position (no clock: see the module)."""
        return max(8, int(self.budget_ms * self.units_per_ms / self.rollout_units(game)))

    def choose(self, view: dict[str, Any]) -> str:
        deadline = None
        self.stopped_on_clock = False
        if self.time_limit_ms is not None:
            deadline = self.clock() + self.time_limit_ms / 1000
        seat: int = view["seat"]
        first = determinize(view, self.rng)
        root = Position(first, ev=self.ev)
        candidates = self.candidates(root, seat)
        if len(candidates) == 1:
            return self.text(first, candidates[0])
        hidden = [s for s in range(first.players) if str(s) not in view["racks"]]
        worlds: list[Position] = [root]

        def world(i: int) -> Position:
            while len(worlds) <= i:
                worlds.append(root.on_board(redeal(first, hidden, self.rng)))
            return worlds[i]

        self.cost = BOARD_COSTS[first.zone.radius]
        self.rollout_cost = self.rollout_units(first)
        self.work = 0.0
        self.rollouts_done = 0
        best = self.search(candidates, world, seat, self.rollouts(first), deadline)
        return self.text(first, best)

    def candidates(self, root: Position, seat: int) -> list[Move]:
        game = root.game
        if game.phase == "swap":
            return ["swap", "pass"]
        scored = scored_placements(game, seat, self.ev)
        scored.sort(key=lambda vp: (-vp[0], vp[1]))
        return [p for _, p in scored[: self.width(game)]]

    def width(self, game: Game) -> int:
        """How many placements go on to the rollouts: about four rollouts each at least."""
        return max(2, min(self.max_width, self.rollouts(game) // 4))

    def search(
        self,
        candidates: list[Move],
        world: Callable[[int], Position],
        seat: int,
        budget: int,
        deadline: float | None = None,
    ) -> Move:
        """The best candidate after ``budget`` rollouts in all, or earlier when the clock
        would pass ``deadline`` (a :attr:`clock` reading) during the next world."""
        alive = list(range(len(candidates)))
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        next_world = 0
        last = self.clock() if deadline is not None else 0.0
        # The budget in units, as the model prices it; after each round the rollouts left
        # are priced at what the rollouts so far really cost (bonus chains, swaps), so a
        # move spends about its budget however far the model was off.
        units = budget * self.rollout_cost
        for done in range(rounds):
            left = budget
            if self.rollouts_done:
                left = int((units - self.work) * self.rollouts_done / self.work)
            per = max(1, left // ((rounds - done) * len(alive)))
            for w in range(next_world, next_world + per):
                pos = world(w)
                for i in alive:
                    totals[i] += self.rollout(pos, candidates[i], seat)
                    counts[i] += 1
                if deadline is not None:
                    now = self.clock()
                    step, last = now - last, now
                    if now + step >= deadline:
                        # No time for another world like this one: every candidate still
                        # in has seen the same worlds, so their means compare fairly.
                        alive.sort(key=lambda i: (-totals[i] / counts[i], i))
                        self.stopped_on_clock = True
                        return candidates[alive[0]]
            next_world += per
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            if len(alive) <= 1:
                break
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        return candidates[alive[0]]

    def rollout(self, world: Position, move: Move, seat: int) -> float:
        """Play ``move`` in a copy of ``world``, then greedy turns (see the module docstring)."""
        pos = world.copy()
        g = pos.game
        seen = g.turn
        pos.play(move)
        turns = 0
        away = False
        solo = g.players == 1
        placed_first = g.placed_first
        scans = 0
        firsts = 0
        while g.phase != "over":
            current = g.current
            if current != seat:
                away = True
            elif away or (solo and g.turn != seen):
                # The bot's next turn (solo: the next round, no one else plays between).
                turns += 1
                if turns >= self.own_turns:
                    break
                away = False
                seen = g.turn
            if g.phase == "swap":
                pos.play("swap")
            else:
                if placed_first[current]:
                    scans += 1
                else:
                    firsts += 1
                _, p = pos.best(current)
                assert p is not None
                pos.play(p)
        cost = self.cost
        self.work += cost.overhead + cost.scan * scans + cost.first * firsts
        self.rollouts_done += 1
        if g.phase == "over":
            return self.finished(g, seat)
        return self.leaf(pos, seat)

    def finished(self, g: Game, seat: int) -> float:
        """The value of a game that ended inside a rollout (solo: its standing alone)."""
        if g.players == 1:
            return side_value(g, seat, self.ev)
        return self.win_value * outcome(g, seat) + side_value(g, seat, self.ev)

    def leaf(self, pos: Position, seat: int) -> float:
        """The value of a position reached at the bot's turn."""
        g = pos.game
        value = side_value(g, seat, self.ev)
        if g.phase == "place" and self.option_weight:
            option, _ = pos.best(seat)
            self.work += self.cost.scan
            value += self.option_weight * option
        return value

    @staticmethod
    def text(game: Game, move: Move) -> str:
        return move if isinstance(move, str) else game.placement_text(move)

    def choose_in(self, game: Game, seat: int) -> str:
        raise NotImplementedError("the searching bots sample their own worlds: call choose(view)")
