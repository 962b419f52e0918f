"""The search's cost model against the work its rollouts really do, at every table size.

The budget is a number of rollouts priced by a model (``Search.rollout_units``: copying a
world, each greedy placement, measured per board in ``engine.bots.search.BOARD_COSTS``).
The search counts the units its rollouts spend as they run (``Search.work``); these tests
replay positions and compare the two, timing nothing.
"""

from __future__ import annotations

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.bots.expert import Expert
from engine.bots.search import Search
from engine.rules.game import Game


def reach(players: int, seed: int, free_at_most: int) -> Game:
    """A position of a casual game once at most ``free_at_most`` free pairs are left."""
    game = new_game("standard", players=players, seed=seed)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    while game.phase != "over" and (len(game.free) > free_at_most or not all(game.placed_first)):
        game.apply(bots[game.current].choose(game.view(game.current)))
    while game.phase == "swap":
        game.apply("pass")
    return game


def counted_over_predicted(level: str, games: list[Game]) -> float:
    """Units the level's searches spent over what the model priced the same rollouts at."""
    counted = predicted = 0.0
    for game in games:
        bot = make_bot(level, seed=1, budget_ms=12)
        assert isinstance(bot, Search)
        bot.choose(game.view(game.current))
        counted += bot.work
        predicted += bot.rollout_units(game) * bot.rollouts_done
    return counted / predicted


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cost_model_matches_the_counted_work_within_a_quarter(players: int) -> None:
    """Per player count, the work the rollouts report is within 25% of the model's price:
    mid-game (strong and expert: rivals' greedy replies and the leaf's options) and near
    the end (expert: rollouts to the end of the game, about one placement per two empty
    cells less the cells a game leaves unfilled)."""
    mid = [reach(players, 1, 200 + 40 * players)]
    end = [reach(players, 2, 50)]
    assert all(len(g.free) > Expert.endgame_free for g in mid)
    assert all(len(g.free) <= Expert.endgame_free for g in end)
    for level, games in (("strong", mid), ("expert", mid), ("expert", end)):
        ratio = counted_over_predicted(level, games)
        assert 0.75 <= ratio <= 1.25, (level, players, ratio)
