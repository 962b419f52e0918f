"""The top level with the learned value (engine.bots.valued): where it has no network it
is today's expert move for move; where it has one, the network judges the candidates one
move deep and adds its standing at the mid-game leaf, and nowhere else."""

from __future__ import annotations

import pytest

from engine import new_game
from engine.bots import BOT_LEVELS, REFERENCE_LEVELS, make_bot
from engine.bots.expert import Expert
from engine.bots.scan import Position
from engine.bots.value import Net, feature_count, features, value_after
from engine.bots.valued import ClassicExpert, ValuedExpert
from engine.rules.game import Game
from engine.rules.rng import Rng


def reach(variant: str, players: int, moves: int, seed: int = 5) -> Game:
    game = new_game(variant, players=players, seed=seed)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    for _ in range(moves):
        if game.phase == "over":
            break
        game.apply(bots[game.current].choose(game.view(game.current)))
    while game.phase == "swap":
        game.apply("pass")
    return game


def fixed_net(players: int) -> Net:
    rng = Rng(40 + players)
    inputs = feature_count(players)
    return Net(inputs, 5, [rng.random() - 0.5 for _ in range(Net.size(inputs, 5))])


def with_nets(seed: int = 3, budget_ms: int = 40) -> ValuedExpert:
    bot = ValuedExpert(seed=seed, budget_ms=budget_ms)
    bot.nets = {f"{p}p": fixed_net(p) for p in (2, 3, 4)}
    return bot


def test_expert_is_the_valued_level_and_classic_is_kept_for_the_arena() -> None:
    assert BOT_LEVELS["expert"] is ValuedExpert
    assert REFERENCE_LEVELS["classic"] is ClassicExpert
    assert "classic" not in BOT_LEVELS  # not offered to players
    assert isinstance(make_bot("classic"), Expert)


@pytest.mark.parametrize(
    ("variant", "players", "moves"),
    [("standard", 2, 8), ("standard", 4, 12), ("duel", 2, 8), ("team", 4, 10)],
)
def test_without_a_network_it_plays_as_todays_expert(
    variant: str, players: int, moves: int
) -> None:
    """No network for the table (the duel, the team game, or a standard table while none is
    shipped): the same move as the reference level for the same seed and budget."""
    game = reach(variant, players, moves)
    bot = ValuedExpert(seed=9, budget_ms=40)
    bot.nets = {}
    classic = ClassicExpert(seed=9, budget_ms=40)
    view = game.view(game.current)
    assert bot.choose(view) == classic.choose(view)


def test_the_network_keeps_the_best_candidates_it_judges_one_move_deep() -> None:
    """Mid-game, the candidates are expert's, ranked by the network's value of the position
    each leaves, the best ``value_width`` kept."""
    game = reach("standard", 2, 8)
    bot = with_nets()
    root = Position(game)
    seat = game.current
    theirs = Expert.candidates(bot, root, seat)
    mine = bot.candidates(root, seat)
    assert len(mine) == bot.value_width < len(theirs)
    net = fixed_net(2)
    values = {str(m): value_after(net, root, m, seat) for m in theirs}  # type: ignore[arg-type]
    kept = sorted(values.values(), reverse=True)[: bot.value_width]
    assert sorted((values[str(m)] for m in mine), reverse=True) == kept


def test_the_endgame_keeps_experts_candidates() -> None:
    game = reach("standard", 2, 30)
    bot = with_nets()
    assert bot.in_endgame(game)
    root = Position(game)
    assert bot.candidates(root, game.current) == Expert.candidates(bot, root, game.current)


def test_the_mid_game_leaf_adds_the_networks_standing_in_win_units() -> None:
    """At a mid-game leaf the value is the hand-made leaf (without the linear learned
    standing the network replaces) plus ``win_value`` times the network's standing."""
    game = reach("standard", 4, 14)
    bot = with_nets()
    pos = Position(game)
    seat = game.current
    plain = Expert(seed=1)
    plain.learned_weights = {}
    own, rivals = plain.options(pos, seat)
    x = features(game, pos.points, pos.hot, seat, game.racks[seat], True)
    expected = plain.score(game, seat, own, rivals) + bot.win_value * fixed_net(4).value(x)
    assert bot.leaf(pos, seat) == pytest.approx(expected)


def test_a_network_costs_work_so_the_budget_buys_fewer_rollouts() -> None:
    game = reach("standard", 2, 8)
    bot = with_nets()
    bare = ValuedExpert(seed=3, budget_ms=40)
    bare.nets = {}
    assert bot.rollout_units(game) == pytest.approx(
        bare.rollout_units(game) + bot.value_units * bot.cost.scan
    )
    assert bot.rollouts(game) < bare.rollouts(game)
