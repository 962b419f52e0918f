"""The rules' one interface for dealt tiles (engine.rules.source.TileSource): a game with
a source takes every tile from it, tells it of every return and asks it about the swap
offer; a game without one plays from its seed exactly as before."""

from __future__ import annotations

from engine.rules.game import Game, new_game
from engine.rules.tiles import HIDDEN, Tile, full_tile_set, make_tile
from engine.rules.view import player_view


class Scripted:
    """Deals the tiles of a list in order, records every call."""

    def __init__(self, tiles: list[Tile], offer: str | None = None) -> None:
        self.tiles = tiles[:]
        self.draws: list[tuple[int, Tile]] = []
        self.returns: list[tuple[int, list[Tile]]] = []
        self.offers: list[int] = []
        self.offer = offer

    def draw(self, game: Game, seat: int) -> Tile:
        game.bag.pop()
        tile = self.tiles.pop(0)
        self.draws.append((seat, tile))
        return tile

    def returned(self, game: Game, seat: int, tiles: list[Tile]) -> None:
        self.returns.append((seat, list(tiles)))

    def swap_offer(self, game: Game, seat: int) -> str | None:
        self.offers.append(seat)
        return self.offer


def dealt(variant: str, players: int, source: Scripted) -> Game:
    game = Game.blank(variant, players, 0, None, None)
    game.source = source
    game.deal()
    return game


def test_every_tile_comes_from_the_source() -> None:
    red = make_tile(0, 0)
    source = Scripted([red] * 12 + [make_tile(1, 2)] * 30)
    game = dealt("standard", 2, source)
    assert game.racks == [[red] * 6, [red] * 6]
    assert [seat for seat, _ in source.draws] == [0] * 6 + [1] * 6
    assert len(game.bag) == 120 - 12
    move = game.legal_moves()[0]
    game.apply(move)  # refills seat 0 from the source
    assert source.draws[-1] == (0, make_tile(1, 2))
    assert source.offers == [0]


def test_the_source_decides_the_swap_offer_and_hears_the_return() -> None:
    tiles = [make_tile(c, c) for c in (1, 2, 3, 4, 5, 1)] * 2 + [make_tile(2, 3)] * 30
    source = Scripted(tiles, offer="offered by the source")
    game = dealt("standard", 2, source)
    game.apply(game.legal_moves()[0])
    assert game.phase == "swap" and game.swap_reason == "offered by the source"
    kept = game.racks[0][:]
    game.apply("swap")
    assert source.returns == [(0, kept)]
    assert game.racks[0] == [make_tile(2, 3)] * 6
    assert len(game.bag) == 120 - 12 - 6 + 5  # no refill before a swap; 5 tiles back


def test_a_hidden_tile_matches_no_rule_and_no_view() -> None:
    source = Scripted([HIDDEN] * 6 + [make_tile(0, 1)] * 6 + [HIDDEN] * 10)
    game = dealt("standard", 2, source)
    view = player_view(game, 0)
    assert view["racks"] == {"0": []} and view["rack_sizes"] == [6, 6]
    assert player_view(game, 1)["racks"] == {"1": [["red", "green"]] * 6}
    assert HIDDEN not in full_tile_set()


def test_games_without_a_source_are_unchanged() -> None:
    """Same seed, same moves, same game: the seeded bag still deals (a game's tiles and
    moves are the ones the save fixtures hold)."""
    a, b = new_game("standard", 2, seed=5), new_game("standard", 2, seed=5)
    assert a.source is None
    for _ in range(10):
        move = a.legal_moves()[0]
        a.apply(move)
        b.apply(move)
    assert a == b and a.racks == b.racks and a.bag == b.bag
