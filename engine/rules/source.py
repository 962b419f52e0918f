"""Where a game's tiles come from when they do not come from its seeded bag.

:class:`TileSource` is the one interface through which remote play (``engine.remote``)
deals a game's tiles; a game without a source (every other game) draws from its seed.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.rules.tiles import Tile

#: The game a source serves (``engine.rules.game.Game``; named loosely here, since the game
#: imports this module).
Game = Any


class TileSource(Protocol):
    """Where a game's tiles come from when they do not come from its seeded bag.

    Remote play (``engine.remote``) deals the tiles cryptographically: the device that
    holds a game knows only its own tiles, the others stay :data:`engine.rules.tiles.HIDDEN`
    until they are played or shown. A game with a source asks it for every tile drawn,
    tells it of every tile returned to the bag, and asks it whether the player who has
    just placed is offered a swap (the device cannot test a rack it cannot see; the
    source answers from the player's own message). Every other game has no source and
    draws from its seed as before.
    """

    def draw(self, game: Game, seat: int) -> Tile:
        """The tile ``seat`` draws now (``HIDDEN`` if this device cannot see it). The
        source also takes one tile out of ``game.bag``, so that its length stays true."""

    def returned(self, game: Game, seat: int, tiles: list[Tile]) -> None:
        """``seat`` has just returned ``tiles`` to the bag (swap, duel exchange)."""

    def swap_offer(self, game: Game, seat: int) -> str | None:
        """The swap offer after ``seat``'s placements, as ``Variant.swap_offer`` words it."""
