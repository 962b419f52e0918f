"""The ``expert`` level: determinised search that plans further and values the rivals' chances.

Where ``strong`` stops at its next turn, ``expert`` plays that turn too (greedily, in each
sampled world, with the tiles it would have drawn) and the rivals' answers to it, and
only then values the position; near the end of the game it plays every rollout to the
end. The leaf counts what the rivals can still do: each rival's best placement from its
(sampled) rack, toward its own lowest colours, weighs against the bot as the bot's own
best option weighs for it.
"""

from __future__ import annotations

import math

from ..game import Game
from ..scoring import EMPTY
from .evaluate import bonus_allowed, oriented, outcome, scored_placements, tables
from .scan import Position
from .search import Move, Search


class Expert(Search):
    """Determinised search over two of the bot's own turns, valuing the rivals' options."""

    level = "expert"
    default_budget_ms = 2000
    max_width = 16
    own_turns = 2
    option_weight = 0.7
    rival_option_weight = 0.5
    #: Free pairs at or below which rollouts go to the end of the game.
    endgame_free = 0
    #: Weight of the lowest-colour difference at the leaf, growing as the board fills.
    min_weight = 0.0
    #: Leaf values as a chance of winning: logistic of the leaf score with this slope (0: off).
    win_slope = 0.0

    #: Extra candidates that cover the rivals' most valuable open cells.
    blocks = 0
    #: Weight of what the board offers each side (its best cell per colour) at the leaf.
    potential_weight = 0.0

    def rollout_scans(self, game: Game) -> float:
        if self.endgame_free and len(game.free) <= self.endgame_free:
            # Every placement left, about one per two empty cells.
            return game.board.count(EMPTY) / 2 + 1.0
        rivals = game.players - 1 if self.rival_option_weight else 0
        return self.own_turns * game.players + 1.0 + rivals

    def candidates(self, root: Position, seat: int) -> list[Move]:
        chosen = super().candidates(root, seat)
        g = root.game
        if g.phase != "place" or not self.blocks:
            return chosen
        variant = g.variant
        t = tables(variant.name)
        mine = variant.side_of(seat)
        threat: dict[int, float] = {}
        for s in range(g.players):
            if s == seat or (variant.side_of(s) == mine and variant.name != "duel"):
                continue
            for e, v in root.threats(t.rows(oriented(g, s), bonus_allowed(g, s))).items():
                if v > threat.get(e, 0.0):
                    threat[e] = v
        cells = sorted(threat, key=lambda e: (-threat[e], e))[: self.blocks]
        scored = scored_placements(g, seat)
        scored.sort(key=lambda vp: (-vp[0], vp[1]))
        taken = set(chosen)
        for e in cells:
            for _, p in scored:
                if e in (p[0], p[1]):
                    if p not in taken:
                        chosen.append(p)
                        taken.add(p)
                    break
        return chosen

    def rollout(self, world: Position, move: Move, seat: int) -> float:
        g = world.game
        if self.endgame_free and len(g.free) <= self.endgame_free:
            return self.to_the_end(world, move, seat)
        return super().rollout(world, move, seat)

    def to_the_end(self, world: Position, move: Move, seat: int) -> float:
        pos = world.copy()
        g = pos.game
        pos.play(move)
        while g.phase != "over":
            if g.phase == "swap":
                pos.play("swap")
            else:
                _, p = pos.best(g.current)
                assert p is not None
                pos.play(p)
        return self.finished(g, seat)

    def finished(self, g: Game, seat: int) -> float:
        if g.players == 1:
            return super().finished(g, seat)
        if self.win_slope:
            return 0.5 + 0.5 * outcome(g, seat)
        return self.win_value * outcome(g, seat) + self.score(g, seat, 0.0, {})

    def leaf(self, pos: Position, seat: int) -> float:
        g = pos.game
        variant = g.variant
        t = tables(variant.name)
        mine = variant.side_of(seat)
        own_option = 0.0
        if g.phase == "place":
            own_option, _ = pos.best(seat)
        rival_options: dict[int, float] = {}
        if self.rival_option_weight:
            for s in range(g.players):
                side = variant.side_of(s)
                if s == seat or (side == mine and variant.name != "duel"):
                    continue
                rows = t.rows(oriented(g, s), bonus_allowed(g, s))
                option, _ = pos.best_with(rows, sorted(set(g.racks[s])))
                key = s if variant.name == "duel" else side
                rival_options[key] = max(rival_options.get(key, 0.0), option)
        z = self.score(g, seat, own_option, rival_options)
        if self.potential_weight:
            z += self.potential_weight * self.potentials(pos, seat)
        if self.win_slope:
            return 1.0 / (1.0 + math.exp(-self.win_slope * z))
        return z

    def potentials(self, pos: Position, seat: int) -> float:
        """What the board offers the bot's side minus the most it offers a rival side."""
        g = pos.game
        variant = g.variant
        t = tables(variant.name)
        mine = variant.side_of(seat)
        own = pos.potential(t.rows(oriented(g, seat), bonus_allowed(g, seat)))
        rival = 0.0
        for s in range(g.players):
            if s == seat or (variant.side_of(s) == mine and variant.name != "duel"):
                continue
            rival = max(rival, pos.potential(t.rows(oriented(g, s), bonus_allowed(g, s))))
        return own - rival

    def score(
        self, g: Game, seat: int, own_option: float, rival_options: dict[int, float]
    ) -> float:
        variant = g.variant
        t = tables(variant.name)
        mine = variant.side_of(seat)
        late = 1.0 - len(g.free) / len(g.zone.pairs)
        if variant.name == "duel":
            track = oriented(g, seat)
            threat = max(rival_options.values(), default=0.0)
            return (
                t.value(track) + self.option_weight * own_option - self.rival_option_weight * threat
            )
        own_track = g.scores[mine]
        z = t.value(own_track) + self.option_weight * own_option
        best_rival, best_track = -1e9, own_track
        for side, track in enumerate(g.scores):
            if side == mine:
                continue
            v = t.value(track) + self.rival_option_weight * rival_options.get(side, 0.0)
            if v > best_rival:
                best_rival, best_track = v, track
        if best_rival > -1e9:
            z -= best_rival
            if self.min_weight:
                z += self.min_weight * late * (min(own_track) - min(best_track))
        return z
