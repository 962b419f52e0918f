"""A learned mid-game value: the standing greedy play to the end would reach.

In the endgame ``expert`` plays every rollout to the end and values it by the finishing
place (:func:`engine.bots.expert.standing`, +1 first alone to -1 last alone) plus the
sides' values. In mid-game its rollouts stop at its next turn, where the hand-made leaf
sees the side's value less the best rival's. At a table of four that leaf ignores the
other rivals and says nothing of places, and the two halves of the game speak of
different things. This model predicts, from a mid-game leaf, the standing that greedy
play to the end reaches from it; expert adds it to the leaf in the finished value's
units, so the mid-game and the endgame value the same thing.

It was fitted by ``tools/learn_value.py`` to the rollouts themselves: positions from
greedy games, each valued by eight greedy games to the end (docs/value, docs/bots.md);
its weights, ``engine/bots/value_weights.py``, are written by that tool (``ship``) and a
test holds them to the fitted file. The model is linear in :func:`features`, clipped to
the standing's range.
"""

from __future__ import annotations

import math

from engine.bots.evaluate import Evaluation
from engine.bots.value_weights import WEIGHTS
from engine.rules.game import Game


def features(
    g: Game, seat: int, own_option: float, rival_option: float, ev: Evaluation
) -> list[float]:
    """A leaf's features for ``seat``'s side (the standard game, 2-4 players): the side's
    value less each rival's, best rival first, each also squashed (``tanh(d / 3)``); the
    side's option and the best rival's (the leaf's own); the lowest colour less the best
    rival's; a constant. Then all of them again times the share of the board filled."""
    mine = g.variant.side_of(seat)
    values = [ev.value(g, track) for track in g.scores]
    own = values[mine]
    others = sorted((values[s] for s in range(len(values)) if s != mine), reverse=True)
    diffs = [own - v for v in others]
    lows = [min(track) for track in g.scores]
    best_low = max(lows[s] for s in range(len(lows)) if s != mine)
    base = [1.0]
    base += diffs
    base += [math.tanh(d / 3.0) for d in diffs]
    base += [own_option, rival_option, float(lows[mine] - best_low)]
    filled = 2 * len(g.tiles) / max(1, g.zone.size - 6)
    return base + [x * filled for x in base]


def predict(weights: tuple[float, ...] | list[float], x: list[float]) -> float:
    """The model's standing for features ``x``, within -1 (last alone) and +1 (first)."""
    return max(-1.0, min(1.0, sum(w * v for w, v in zip(weights, x, strict=True))))


def predicted_standing(
    g: Game,
    seat: int,
    own_option: float,
    rival_option: float,
    ev: Evaluation,
    weights: dict[int, tuple[float, ...]] = WEIGHTS,
) -> float | None:
    """The learned standing of a leaf, or None where no model was fitted for it (the team
    game, the duel, solo, and player counts without ``weights``)."""
    w = weights.get(g.players)
    if w is None or g.variant.name != "standard":
        return None
    return predict(w, features(g, seat, own_option, rival_option, ev))
