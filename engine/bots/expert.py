"""The ``expert`` level: the strong search, plus what the rivals can still do, and rollouts
to the end of the game once the end is near.

* **The rivals' chances.** At the leaf (the bot's next turn) each rival's best placement
  from its sampled rack, valued toward that rival's own lowest colours, counts against
  the bot (half as much as the bot's own best option counts for it). Moves that leave a
  rival a rich line toward its weakest colour lose value; blocking it gains.
* **Blocking moves.** Besides the placements that score best for the bot, a few more go
  into the search: those best by their own value plus what the rivals could score on the
  two cells they would take (the rivals' richest open lines, whatever their racks hold).
  A move that scores little but shuts a rival's best line is then tried in the rollouts,
  where the rivals' replies show what it saves. Not in the duel, where self-play found
  them a loss (docs/bots.md), nor in solo, which has no rivals.
* **The endgame to the end.** Once at most :attr:`Expert.endgame_free` pairs of cells are
  free, every rollout is played to the end of the game (everyone greedy) and counts as a
  win or loss plus the final standing: the plan then covers every remaining turn, bonus
  chains and who runs out of room first included.

* **A learned mid-game value at a table of four.** Before the endgame, the leaf adds the
  standing that greedy play to the end would reach from it, as a model fitted to such
  rollouts predicts (:mod:`engine.bots.learned`), in the finished value's units: the
  leaf then weighs every rival and the places, as the endgame's rollouts do. Only where
  a model was measured to help (``engine.bots.value_weights``; docs/bots.md).

Self-play (docs/bots.md) found that searching the bot's own second turn in mid-game gave
nothing measurable, while the endgame rollouts gave the most; the budget goes there.
The worlds are dealt from the unseen tiles alone, as for ``strong``.
"""

from __future__ import annotations

from engine.bots.evaluate import oriented, outcome, scored_placements
from engine.bots.learned import predicted_standing
from engine.bots.scan import Position
from engine.bots.search import BOARD_COSTS, Move, Search
from engine.bots.value_weights import WEIGHTS
from engine.rules.game import Game
from engine.rules.scoring import EMPTY


class Expert(Search):
    """Determinised search valuing the rivals' options, with rollouts to the end late on."""

    level = "expert"
    default_budget_ms = 2000
    max_width = 16
    own_turns = 1
    option_weight = 0.7
    rival_option_weight = 0.5
    #: Free pairs at or below which rollouts go to the end of the game.
    endgame_free = 60
    #: At a table of three or four, how far below the best rival's value a rival's side may
    #: stand and still have its option counted at the leaf (:meth:`contenders`).
    contender_margin = 3.0
    #: Blocking candidates searched besides the best-scoring ones (see the module).
    blocking_candidates = 4
    #: Variants searched without them (solo has no rivals to block).
    no_blocking = frozenset({"duel", "solo"})
    #: The learned mid-game value's weights per player count (see :meth:`score`).
    learned_weights: dict[int, tuple[float, ...]] = WEIGHTS

    def candidates(self, root: Position, seat: int) -> list[Move]:
        game = root.game
        if game.phase == "swap":
            return ["swap", "pass"]
        scored = scored_placements(game, seat, self.ev)
        scored.sort(key=lambda vp: (-vp[0], vp[1]))
        width = self.width(game)
        blocking = self.blocking_candidates and game.variant.name not in self.no_blocking
        if blocking and game.variant.sides(game.players) > 2:
            # At a table of three or four the blocking moves take the place of the weakest
            # of the bot's own, so that they add no round of halving: more worlds for each
            # candidate than strong gives its own (docs/bots.md).
            width = max(2, width - self.blocking_candidates)
        chosen: list[Move] = [p for _, p in scored[:width]]
        if blocking:
            threat = self.rival_threats(root, seat)
            rest = scored[width:]
            rest.sort(
                key=lambda vp: (
                    -(vp[0] + threat.get(vp[1][0], 0.0) + threat.get(vp[1][1], 0.0)),
                    vp[1],
                )
            )
            chosen += [p for _, p in rest[: self.blocking_candidates]]
        return chosen

    def rival_threats(self, root: Position, seat: int) -> dict[int, float]:
        """For each empty cell, the most a rival could gain with a symbol there.

        Read from the board alone (any tile, not the rivals' hidden racks), valued toward
        each rival's own lowest colours; partners in the team game are not rivals.
        """
        game = root.game
        threat: dict[int, float] = {}
        for s in rivals(game, seat):
            rows = self.ev.rows(game, s)
            for e, v in root.threats(rows).items():
                if v > threat.get(e, 0.0):
                    threat[e] = v
        return threat

    def in_endgame(self, game: Game) -> bool:
        """Whether rollouts from this position go to the end of the game (at most
        :attr:`endgame_free` free pairs)."""
        return bool(self.endgame_free) and len(game.free) <= self.endgame_free

    def rollout_scans(self, game: Game) -> float:
        if self.in_endgame(game):
            # Every placement left: about one per two empty cells, less the cells a game
            # leaves unfilled at its end (see ``BOARD_COSTS``).
            unfilled = BOARD_COSTS[game.zone.radius].unfilled
            return max(1.0, (game.board.count(EMPTY) - unfilled) / 2)
        options = len(self.contenders(game, game.current)) if self.rival_option_weight else 0
        return self.own_turns * game.players + options

    def rollout(self, world: Position, move: Move, seat: int) -> float:
        if self.in_endgame(world.game):
            return self.to_the_end(world, move, seat)
        return super().rollout(world, move, seat)

    def to_the_end(self, world: Position, move: Move, seat: int) -> float:
        pos = world.copy()
        g = pos.game
        pos.play(move)
        scans = greedy_to_the_end(pos)
        self.work += self.cost.overhead + self.cost.scan * scans
        self.rollouts_done += 1
        return self.finished(g, seat)

    def finished(self, g: Game, seat: int) -> float:
        if g.players == 1:
            return super().finished(g, seat)
        return self.win_value * standing(g, seat) + self.score(g, seat, 0.0, {})

    def leaf(self, pos: Position, seat: int) -> float:
        own_option, rival_options = self.options(pos, seat)
        return self.score(pos.game, seat, own_option, rival_options)

    def options(self, pos: Position, seat: int) -> tuple[float, dict[int, float]]:
        """The leaf's options: the best placement on offer to the seat, and to each rival
        side among the :meth:`contenders` (in the duel, per seat); their scans are counted
        in :attr:`work`."""
        g = pos.game
        variant = g.variant
        own_option = 0.0
        scans = 0
        if g.phase == "place":
            own_option, _ = pos.best(seat)
            scans += 1
        rival_options: dict[int, float] = {}
        if self.rival_option_weight:
            for s in self.contenders(g, seat):
                rows = self.ev.rows(g, s)
                option, _ = pos.best_with(rows, sorted(set(g.racks[s])))
                scans += 1
                key = s if variant.name == "duel" else variant.side_of(s)
                rival_options[key] = max(rival_options.get(key, 0.0), option)
        self.work += self.cost.scan * scans
        return own_option, rival_options

    def contenders(self, g: Game, seat: int) -> list[int]:
        """The rivals whose best option the leaf looks for: all of them with two sides; at
        a table of three or four only those whose side stands within
        :attr:`contender_margin` of the best rival's, since the leaf counts the best rival
        alone and half an option rarely lifts a side that far (each option is a scan)."""
        found = rivals(g, seat)
        variant = g.variant
        if variant.sides(g.players) <= 2 or len(found) <= 1:
            return found
        values = {s: self.ev.value(g, g.scores[variant.side_of(s)]) for s in found}
        top = max(values.values())
        return [s for s in found if values[s] >= top - self.contender_margin]

    def learned_for(self, g: Game) -> dict[int, tuple[float, ...]]:
        """The linear learned standing's weights the mid-game leaf of ``g`` uses (by player
        count; none: the hand-made leaf alone)."""
        return self.learned_weights

    def score(
        self, g: Game, seat: int, own_option: float, rival_options: dict[int, float]
    ) -> float:
        variant = g.variant
        ev = self.ev
        mine = variant.side_of(seat)
        if variant.name == "duel":
            track = oriented(g, seat)
            threat = max(rival_options.values(), default=0.0)
            return (
                ev.value(g, track)
                + self.option_weight * own_option
                - self.rival_option_weight * threat
            )
        own_track = g.scores[mine]
        z = ev.value(g, own_track) + self.option_weight * own_option
        best_rival = -1e9
        for side, track in enumerate(g.scores):
            if side == mine:
                continue
            v = ev.value(g, track) + self.rival_option_weight * rival_options.get(side, 0.0)
            if v > best_rival:
                best_rival = v
        if best_rival > -1e9:
            z -= best_rival
        if g.phase != "over" and not self.in_endgame(g):
            # A mid-game leaf: the standing greedy play to the end would reach from it
            # (engine.bots.learned), in the finished value's units, where a model is fitted.
            rival_option = max(rival_options.values(), default=0.0)
            learned = predicted_standing(g, seat, own_option, rival_option, ev, self.learned_for(g))
            if learned is not None:
                z += self.win_value * learned
        return z


def greedy_to_the_end(pos: Position) -> int:
    """Play ``pos`` to the end, every player greedy for its own side (a swap offer taken);
    returns the placements chosen."""
    g = pos.game
    scans = 0
    while g.phase != "over":
        if g.phase == "swap":
            pos.play("swap")
        else:
            _, p = pos.best(g.current)
            assert p is not None
            pos.play(p)
            scans += 1
    return scans


def standing(game: Game, seat: int) -> float:
    """A finished game's result for the seat's side, from +1 (first alone) to -1 (last
    alone), in steps of its finishing place: with two sides +1 for a win, -1 for a loss and
    0 for a shared first place or a draw (:func:`engine.bots.evaluate.outcome`); with three
    or four each place counts, so a rollout that ends second of four is worth more than one
    that ends fourth (tied sides share the places they cover)."""
    variant = game.variant
    if variant.name == "duel":
        return outcome(game, seat)
    places: dict[int, int] = {s["side"]: s["place"] for s in game.result()["standings"]}
    mine = places[variant.side_of(seat)]
    tied = sum(1 for p in places.values() if p == mine)
    place = mine + (tied - 1) / 2
    fair = (len(places) + 1) / 2
    return (fair - place) / (fair - 1)


def rivals(game: Game, seat: int) -> list[int]:
    """The seats playing against ``seat``: every other seat but its team partners (in the
    duel both seats pull on one track, each for its own side)."""
    variant = game.variant
    mine = variant.side_of(seat)
    return [
        s
        for s in range(game.players)
        if s != seat and (variant.name == "duel" or variant.side_of(s) != mine)
    ]
