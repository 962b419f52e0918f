"""The top level: expert's search with a value of the position learned by self-play.

:class:`ValuedExpert` is :class:`engine.bots.expert.Expert` (its candidates, blocking moves,
rollouts up to its next turn and to the end of the game near the end) where the learned
value (:mod:`engine.bots.value`) has a network for the table:

* **Candidates, judged one move deep.** Before the endgame, every candidate expert would
  search is valued by the network on the position it leaves (the bot's rack as the move
  leaves it, the rivals still to move), and only the :attr:`ValuedExpert.value_width` best
  go on to the rollouts: the rollouts' worlds go to the moves the value rates.
* **The mid-game leaf reads the board.** At the bot's next turn in a rollout, the leaf adds
  ``win_value`` times the standing the network predicts from the position there (the
  bot's rack as dealt in that world), where the hand-made leaf sees only the tracks and the
  best placements on offer. That term takes the place of the linear learned standing
  (:mod:`engine.bots.learned`) at the tables where a network is shipped. A network
  evaluation is priced in work units (:attr:`ValuedExpert.value_units`), so the budget buys
  fewer rollouts and a move costs what it did.

Where no network is shipped (the team game, the duel, solo, or a table not yet trained)
the level plays exactly as :class:`Expert`. The value reads what the bot can see (its own
rack, the board, the tracks, the count of unseen tiles); the worlds it is evaluated in are
dealt from the unseen tiles, as for every searching level.
"""

from __future__ import annotations

from engine.bots.expert import Expert
from engine.bots.scan import Position
from engine.bots.search import Move
from engine.bots.value import Net, features, shipped, table_name, value_after
from engine.rules.game import Game


class ValuedExpert(Expert):
    """Expert with the learned value (see the module)."""

    level = "expert"
    #: Candidates kept for the rollouts after the network's one-move judgement (mid-game).
    value_width = 8
    #: Weight of the network's standing at the mid-game leaf, in ``win_value`` units.
    leaf_value_weight = 1.0
    #: What one network evaluation (features and network) costs, in work units.
    value_units = 5.0
    #: Networks by table; None: the shipped ones (:func:`engine.bots.value.shipped`).
    nets: dict[str, Net | None] | None = None

    def net_for(self, game: Game) -> Net | None:
        """The network this bot values ``game``'s positions with, if any."""
        table = table_name(game)
        if table is None:
            return None
        if self.nets is not None:
            return self.nets.get(table)
        return shipped(table)

    def candidates(self, root: Position, seat: int) -> list[Move]:
        chosen = super().candidates(root, seat)
        net = self.net_for(root.game)
        if net is None or root.game.phase != "place" or self.in_endgame(root.game):
            return chosen
        valued = []
        for i, move in enumerate(chosen):
            assert not isinstance(move, str)
            valued.append((value_after(net, root, move, seat), -i, move))
        valued.sort(reverse=True)
        return [move for _, _, move in valued[: self.value_width]]

    def learned_for(self, g: Game) -> dict[int, tuple[float, ...]]:
        # The network's standing takes the place of the linear one where it is shipped.
        return {} if self.net_for(g) is not None else self.learned_weights

    def rollout_scans(self, game: Game) -> float:
        scans = super().rollout_scans(game)
        if not self.in_endgame(game) and self.net_for(game) is not None:
            scans += self.value_units
        return scans

    def leaf(self, pos: Position, seat: int) -> float:
        own_option, rival_options = self.options(pos, seat)
        g = pos.game
        value = self.score(g, seat, own_option, rival_options)
        net = self.net_for(g)
        if net is None or g.phase == "over":
            return value
        x = features(g, pos.points, pos.hot, seat, g.racks[seat], g.current == seat)
        self.work += self.cost.scan * self.value_units
        return value + self.leaf_value_weight * self.win_value * net.value(x)


class ClassicExpert(Expert):
    """Expert as it was before the learned value (commit ``80546cc``): kept as the reference
    level ``classic`` that the arena measures the new one against."""

    level = "classic"
