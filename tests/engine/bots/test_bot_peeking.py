"""Bots never peek: hidden tiles that the view does not show cannot change a bot's move."""

from __future__ import annotations

import pytest

from engine import new_game
from engine.bots import BOT_LEVELS, REFERENCE_LEVELS, make_bot
from engine.bots.value import Net, feature_count
from engine.bots.valued import ValuedExpert
from engine.rules.game import Game
from engine.rules.rng import Rng


def reach_position(
    variant: str, players: int, seed: int, moves: int, options: dict[str, bool]
) -> Game:
    game = new_game(variant, players=players, seed=seed, options=options)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    for _ in range(moves):
        if game.phase == "over":
            break
        game.apply(bots[game.current].choose(game.view(game.current)))
    return game


def hide_differently(game: Game, seat: int, rng: Rng) -> Game:
    """The same game with every tile the seat cannot see dealt again: other racks and the bag."""
    twin = game.copy()
    hidden_seats = [
        s for s in range(twin.players) if s != seat and str(s) not in game.view(seat)["racks"]
    ]
    pool = list(twin.bag)
    for s in hidden_seats:
        pool.extend(twin.racks[s])
    rng.shuffle(pool)
    for s in hidden_seats:
        n = len(twin.racks[s])
        twin.racks[s], pool = pool[:n], pool[n:]
    twin.bag = pool
    return twin


CASES = [
    ("standard", 2, {}, 7),
    ("standard", 4, {}, 9),
    ("team", 4, {}, 10),
    ("team", 4, {"open": True}, 6),
    ("duel", 2, {}, 12),
    ("solo", 1, {}, 8),
]


@pytest.mark.parametrize("level", [*BOT_LEVELS, *REFERENCE_LEVELS])
@pytest.mark.parametrize(("variant", "players", "options", "moves"), CASES)
def test_same_view_different_hidden_tiles_same_move(
    level: str, variant: str, players: int, options: dict[str, bool], moves: int
) -> None:
    """Two games with equal views for the seat but different hidden tiles get the same move."""
    game = reach_position(variant, players, seed=4, moves=moves, options=options)
    seat = game.current
    twin = hide_differently(game, seat, Rng(99))
    assert twin.view(seat) == game.view(seat)
    # The test has teeth only if something hidden really differs.
    assert (twin.bag, twin.racks) != (game.bag, game.racks)
    budget = 5 if level in ("strong", "expert") else None
    first = make_bot(level, seed=17, budget_ms=budget).choose(game.view(seat))
    second = make_bot(level, seed=17, budget_ms=budget).choose(twin.view(seat))
    assert first == second


def test_a_bot_that_peeked_would_be_caught() -> None:
    """The twin games differ in what an opponent holds, so a move built on it would differ."""
    game = reach_position("standard", 2, seed=4, moves=7, options={})
    twin = hide_differently(game, game.current, Rng(99))
    other = 1 - game.current
    assert sorted(game.racks[other]) != sorted(twin.racks[other])


ENDGAME_CASES = [
    ("standard", 2, {}),
    ("standard", 3, {}),
    ("team", 4, {}),
    ("team", 4, {"open": True}),
    ("duel", 2, {}),
    ("solo", 1, {}),
]
#: Each level at each case, and expert at four players too, where its rollouts to the end
#: count the finishing place (strong values a side alike at every table; 3 players cover it).
ENDGAME_RUNS = [(level, *case) for level in ("strong", "expert") for case in ENDGAME_CASES]
ENDGAME_RUNS.append(("expert", "standard", 4, {}))


def reach_endgame(variant: str, players: int, seed: int, options: dict[str, bool]) -> Game:
    """A position with few free pairs left, where ``expert`` plays its rollouts to the end."""
    game = new_game(variant, players=players, seed=seed, options=options)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    while game.phase != "over" and len(game.free) > 40:
        game.apply(bots[game.current].choose(game.view(game.current)))
    while game.phase == "swap":
        game.apply("pass")
    return game


@pytest.mark.parametrize(("level", "variant", "players", "options"), ENDGAME_RUNS)
def test_searching_levels_do_not_peek_in_the_endgame(
    level: str, variant: str, players: int, options: dict[str, bool]
) -> None:
    """Near the end (expert: rollouts to the end of the game) the hidden tiles still change
    nothing, and the same seed and budget give the same move again."""
    game = reach_endgame(variant, players, seed=6, options=options)
    assert game.phase == "place" and len(game.free) <= 40
    seat = game.current
    twin = hide_differently(game, seat, Rng(7))
    assert twin.view(seat) == game.view(seat)
    assert (twin.bag, twin.racks) != (game.bag, game.racks)
    moves = {make_bot(level, seed=3, budget_ms=20).choose(g.view(seat)) for g in (game, twin, game)}
    assert len(moves) == 1


@pytest.mark.parametrize(("variant", "players", "options", "moves"), CASES)
def test_the_review_judges_a_move_from_what_the_mover_could_see(
    variant: str, players: int, options: dict[str, bool], moves: int
) -> None:
    """The review of a move samples the tiles its mover could not see: two games that differ
    only there (the racks and bag the game log would reveal later) get the same analysis,
    and the same hint."""
    from dataclasses import asdict

    from engine.coach.hints import hint
    from engine.coach.review import analyse

    game = reach_position(variant, players, seed=4, moves=moves, options=options)
    seat = game.current
    twin = hide_differently(game, seat, Rng(99))
    assert (twin.bag, twin.racks) != (game.bag, game.racks)
    move = make_bot("casual", seed=1).choose(game.view(seat))
    first, second = (asdict(analyse(g, seat, move, worlds=4, width=3)) for g in (game, twin))
    assert first == second
    assert hint(game.view(seat), budget_ms=5) == hint(twin.view(seat), budget_ms=5)


def test_the_puzzle_generator_judges_from_what_the_mover_could_see() -> None:
    """A position's puzzle (or none) depends on the mover's view alone, never on the tiles
    dealt later in the game it comes from."""
    from engine.coach.puzzles import judge, position, puzzles

    shipped = puzzles()[0]
    game = position(shipped)
    seed = shipped["seed"] * 7919 + len(shipped["moves"])  # as engine.coach.puzzles.generate
    twin = hide_differently(game, game.current, Rng(5))
    assert (twin.bag, twin.racks) != (game.bag, game.racks)
    found = judge(game, seed)
    assert found is not None and found == judge(twin, seed)


def valued_bot(seed: int, budget_ms: int) -> ValuedExpert:
    """The top level with a network at every table of the standard game (fixed weights,
    whether or not one is shipped), so that its learned value is what the test covers."""
    bot = ValuedExpert(seed=seed, budget_ms=budget_ms)
    nets = {}
    for players in (2, 3, 4):
        rng = Rng(players)
        inputs = feature_count(players)
        flat = [rng.random() - 0.5 for _ in range(Net.size(inputs, 6))]
        nets[f"{players}p"] = Net(inputs, 6, flat)
    bot.nets = nets
    return bot


@pytest.mark.parametrize(("players", "moves"), [(2, 7), (3, 8), (4, 9), (2, 20), (4, 45)])
def test_the_learned_value_does_not_peek(players: int, moves: int) -> None:
    """Expert's learned value (its one-move judgement of the candidates and its mid-game
    leaf) reads only what the seat sees: equal views with other hidden tiles give the same
    move, at every table it applies to, early and late in the middle game."""
    game = reach_position("standard", players, seed=4, moves=moves, options={})
    while game.phase == "swap":
        game.apply("pass")
    seat = game.current
    bot = valued_bot(17, 30)
    assert bot.net_for(game) is not None and not bot.in_endgame(game)
    twin = hide_differently(game, seat, Rng(99))
    assert twin.view(seat) == game.view(seat)
    assert (twin.bag, twin.racks) != (game.bag, game.racks)
    moves_seen = {valued_bot(17, 30).choose(g.view(seat)) for g in (game, twin, game)}
    assert len(moves_seen) == 1
