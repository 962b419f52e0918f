"""The learned value (engine.bots.value): the same numbers on every Python, what its
features read, and shipped weights that load only when they match their checksum.

The pinned values below were computed once under CPython 3.11; this file also runs inside
Pyodide (``make test-pyodide``), where the page evaluates the value."""

from __future__ import annotations

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.bots.expert import standing
from engine.bots.scan import Position
from engine.bots.value import (
    Net,
    checksum,
    feature_count,
    features,
    pack,
    shipped,
    table_name,
    unpack,
    value_after,
)
from engine.bots.value_data import NETS
from engine.rules.game import Game
from engine.rules.rng import Rng


def reach(players: int, moves: int, seed: int = 3) -> Game:
    game = new_game("standard", players=players, seed=seed)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    for _ in range(moves):
        if game.phase == "over":
            break
        game.apply(bots[game.current].choose(game.view(game.current)))
    while game.phase == "swap":
        game.apply("pass")
    return game


def fixed_net(players: int, hidden: int = 8, seed: int = 11) -> Net:
    """A network with fixed pseudo-random weights (the rules' own generator)."""
    rng = Rng(seed)
    inputs = feature_count(players)
    return Net(inputs, hidden, [rng.random() - 0.5 for _ in range(Net.size(inputs, hidden))])


#: (players, casual moves, the network's raw output there, the first features), computed
#: under CPython 3.11 with ``fixed_net(players)``.
PINNED = [
    (2, 14, 0.4622914498280137, [1 / 18, 2 / 18, 3 / 18, 2 / 12, 10 / 16, 3 / 6, 2 / 12, 96 / 101]),
    (3, 20, -0.8007079091613675, [2 / 18, 4 / 18, 5 / 18, 5 / 12, 3 / 12, 13 / 16, 4 / 6, 5 / 12]),
    (4, 30, 0.4208984111860433, [2 / 18, 6 / 18, 6 / 18, 4 / 18, 4 / 12, 3 / 12, 7 / 16, 3 / 6]),
]


def position_values(players: int, moves: int) -> tuple[float, list[float]]:
    game = reach(players, moves)
    pos = Position(game)
    seat = game.current
    x = features(game, pos.points, pos.hot, seat, game.racks[seat], True)
    return fixed_net(players).raw(x), x


@pytest.mark.parametrize(("players", "moves", "raw", "head"), PINNED)
def test_the_value_gives_the_pinned_numbers(
    players: int, moves: int, raw: float | None, head: list[float] | None
) -> None:
    """The features and the network's output of fixed positions are, to the last bit, the
    ones CPython 3.11 gave: the page's Pyodide evaluates the same value."""
    got, x = position_values(players, moves)
    assert len(x) == feature_count(players)
    assert got == raw
    assert x[:8] == head


def test_features_do_not_depend_on_the_colours_names() -> None:
    """The colours are read in the order of the seat's track, so a game whose colours are
    renamed (every tile, symbol and track alike) has the same features."""
    game = reach(2, 16)
    perm = [3, 5, 0, 4, 1, 2]  # colour c becomes perm[c]
    twin = game.copy()
    twin.board = [c if c < 0 else perm[c] for c in game.board]
    twin.racks = [[tuple(sorted((perm[x], perm[y]))) for x, y in r] for r in game.racks]
    twin.bag = [tuple(sorted((perm[x], perm[y]))) for x, y in game.bag]  # type: ignore[misc]
    twin.tiles = [(a, b, perm[ca], perm[cb], w) for a, b, ca, cb, w in game.tiles]
    twin.scores = [[s[perm.index(c)] for c in range(6)] for s in game.scores]
    seat = game.current
    pos, pos2 = Position(game), Position(twin)
    first = features(game, pos.points, pos.hot, seat, game.racks[seat], True)
    second = features(twin, pos2.points, pos2.hot, seat, twin.racks[seat], True)
    assert first == second


def test_features_read_the_rack_the_seat_holds() -> None:
    """Another rack for the seat (the board and tracks alike) changes the features: the
    value reads the rack, which the hand-made leaf did not."""
    game = reach(2, 16)
    seat = game.current
    pos = Position(game)
    mine = features(game, pos.points, pos.hot, seat, game.racks[seat], True)
    other = features(game, pos.points, pos.hot, seat, [(0, 0)] * 6, True)
    assert mine != other


def test_a_move_that_ends_the_game_is_valued_by_its_real_standing() -> None:
    """One move deep, the placement that ends a game counts the standing it gives the
    seat (+1, 0 or -1 at two players), whatever the network would say."""
    game = new_game("standard", players=2, seed=8)
    bots = [make_bot("casual", seed=s) for s in range(2)]
    before = game.copy()
    move = ""
    while game.phase != "over":
        before = game.copy()
        move = bots[game.current].choose(game.view(game.current))
        game.apply(move)
    seat = before.current
    placement = before.parse(move)
    assert not isinstance(placement, str)
    expected = standing(game, seat)
    for net in (fixed_net(2), Net(feature_count(2), 1, [0.0] * Net.size(feature_count(2), 1))):
        assert value_after(net, Position(before), placement, seat) == expected


def test_the_network_refuses_the_wrong_number_of_weights_or_features() -> None:
    with pytest.raises(ValueError, match="weights"):
        Net(4, 2, [0.0] * 5)
    net = Net(2, 1, [1.0, -1.0, 0.5, 2.0, 0.25])  # h = max(0, x0 - x1 + 0.5); y = 2h + 0.25
    assert net.raw([1.0, 0.0]) == 3.25
    assert net.value([1.0, 0.0]) == 1.0  # clipped
    assert net.raw([0.0, 3.0]) == 0.25  # the unit is off
    with pytest.raises(ValueError, match="features"):
        net.raw([1.0])


def test_packed_weights_load_only_with_their_checksum() -> None:
    """Packing is exact, and text that does not match its checksum is refused by name."""
    flat = [0.1, -2.5, 1e-300, 3.0]
    text = pack(flat)
    assert unpack(text, checksum(text)) == flat
    broken = ("B" if text[0] != "B" else "C") + text[1:]
    with pytest.raises(ValueError, match="checksum"):
        unpack(broken, checksum(text))


def test_the_shipped_weights_load_and_match_their_checksums() -> None:
    """Every shipped network loads (its checksum holds) and has the size of its table's
    features; tables without one have none."""
    for table, (text, digest, inputs, hidden) in NETS.items():
        assert checksum(text) == digest
        net = shipped(table)
        assert net is not None
        assert net.inputs == inputs == feature_count(int(table[0]))
        assert net.hidden == hidden
    assert shipped("9p") is None


def test_the_value_applies_to_the_standard_game_only() -> None:
    assert table_name(new_game("standard", players=3, seed=1)) == "3p"
    for variant, players in (("duel", 2), ("team", 4), ("solo", 1)):
        assert table_name(new_game(variant, players=players, seed=1)) is None
