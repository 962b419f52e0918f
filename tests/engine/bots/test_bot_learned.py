"""Expert's learned mid-game value (engine.bots.learned): where it counts, what it adds,
and that it reads what the model learned (a lead is worth more than a deficit)."""

from __future__ import annotations

import math

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.bots.evaluate import evaluation
from engine.bots.expert import Expert
from engine.bots.learned import features, predict, predicted_standing
from engine.bots.value_weights import WEIGHTS
from engine.rules.game import Game


def reach(variant: str, players: int, free_at_most: int, seed: int = 3) -> Game:
    game = new_game(variant, players=players, seed=seed)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    while len(game.free) > free_at_most and game.phase != "over":
        game.apply(bots[game.current].choose(game.view(game.current)))
    while game.phase == "swap":
        game.apply("pass")
    return game


def hand_made() -> Expert:
    """Expert without learned weights: the leaf of before."""
    plain = Expert(seed=1)
    plain.learned_weights = {}
    return plain


def test_weights_are_shipped_for_four_players() -> None:
    """The table of four, where the hand-made leaf looked at the best rival alone, has a
    model; the others keep the hand-made leaf until a model is measured for them."""
    assert 4 in WEIGHTS
    assert len(WEIGHTS[4]) == 2 * (4 + 2 * 3)


def test_a_mid_game_leaf_at_four_adds_the_learned_standing_in_win_units() -> None:
    """Mid-game (more free pairs than ``endgame_free``) at a table of four, expert's leaf
    is the hand-made one plus ``win_value`` times the predicted standing."""
    game = reach("standard", 4, 150)
    assert len(game.free) > Expert.endgame_free
    bot = Expert(seed=1)
    seat = game.current
    own, rivals = 2.0, {1: 1.5, 2: 0.5}
    learned = predicted_standing(game, seat, own, 1.5, bot.ev)
    assert learned is not None
    expected = hand_made().score(game, seat, own, rivals) + bot.win_value * learned
    assert bot.score(game, seat, own, rivals) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("variant", "players", "free"),
    [("standard", 4, 40), ("standard", 2, 150), ("team", 4, 150), ("duel", 2, 150)],
)
def test_the_leaf_is_hand_made_elsewhere(variant: str, players: int, free: int) -> None:
    """No learned term in the endgame (its rollouts go to the end and count the real
    standing), at tables without a model, in the team game or the duel."""
    game = reach(variant, players, free)
    bot = Expert(seed=1)
    seat = game.current
    own, rivals = 1.0, {1: 2.0}
    assert bot.score(game, seat, own, rivals) == hand_made().score(game, seat, own, rivals)


def test_the_model_values_a_lead_above_a_deficit() -> None:
    """A side 3 points of value ahead of every rival (its lowest colour 2 ahead) is
    predicted to finish better than one as far behind, the options alike, at every stage
    of the board: a sign the fit must get right."""

    def leaf(sign: int, filled: float) -> list[float]:
        d = 3.0 * sign
        base = [1.0, d, d, d, math.tanh(d / 3), math.tanh(d / 3), math.tanh(d / 3)]
        base += [1.0, 1.0, 2.0 * sign]
        return base + [v * filled for v in base]

    for filled in (0.2, 0.5, 0.8):
        ahead, behind = predict(WEIGHTS[4], leaf(1, filled)), predict(WEIGHTS[4], leaf(-1, filled))
        assert ahead > behind + 0.3, (filled, ahead, behind)


def test_the_features_are_the_ones_the_model_was_fitted_on() -> None:
    """At a real leaf the features hold the constant, three value differences sorted best
    rival first (the smallest difference first), and the same times the board's fill."""
    game = reach("standard", 4, 150)
    x = features(game, game.current, 1.0, 0.5, evaluation())
    assert len(x) == len(WEIGHTS[4])
    assert x[0] == 1.0
    assert x[1] <= x[2] <= x[3]
    filled = x[10]
    assert 0 < filled < 1
    assert all(x[10 + i] == pytest.approx(x[i] * filled) for i in range(10))
