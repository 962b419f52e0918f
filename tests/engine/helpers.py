"""Helpers that set up positions for rule tests without playing a whole game."""

from __future__ import annotations

from engine.rules.game import Game, new_game
from engine.rules.tiles import COLOURS, Tile, make_tile


def colour(name: str) -> int:
    return COLOURS.index(name)


def put_tile(
    game: Game, q1: int, r1: int, c1: str, q2: int, r2: int, c2: str, seat: int = 0
) -> None:
    """Put a tile on the board directly (test set-up, not a move)."""
    a, b = game.zone.index[(q1, r1)], game.zone.index[(q2, r2)]
    game.board[a], game.board[b] = colour(c1), colour(c2)
    game._fill(a)
    game._fill(b)
    game.tiles.append((a, b, colour(c1), colour(c2), seat))
    take(game, make_tile(colour(c1), colour(c2)))


def take(game: Game, tile: Tile, keep: int = -1) -> None:
    """Take a tile out of the bag, or else out of a rack other than ``keep``.

    A rack that gives up a tile gets a bag tile instead, so the 120 tiles stay conserved.
    """
    if tile not in game.bag:
        other = next(r for s, r in enumerate(game.racks) if s != keep and tile in r)
        other.remove(tile)
        other.append(next(t for t in game.bag if t != tile))
        game.bag.remove(other[-1])
        game.bag.append(tile)
    game.bag.remove(tile)


def set_rack(game: Game, seat: int, tiles: list[tuple[str, str]]) -> None:
    """Give a seat exactly these tiles, trading the old rack back into the bag."""
    game.bag.extend(game.racks[seat])
    game.racks[seat] = []
    for x, y in tiles:
        tile = make_tile(colour(x), colour(y))
        take(game, tile, keep=seat)
        game.racks[seat].append(tile)


def started(variant: str = "standard", players: int = 2, seed: int = 1) -> Game:
    """A new game in which every seat has already made its first placement."""
    game = new_game(variant, players, seed)
    game.placed_first = [True] * players
    return game


def tile_count(game: Game) -> int:
    return len(game.tiles) + sum(len(r) for r in game.racks) + len(game.bag)
