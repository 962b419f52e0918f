"""The save format's name and version, and a game written as a save (its rules, seed
and moves). Reading a save back, with its checks and migrations, is :mod:`engine.save`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

FORMAT = "ingenious"
VERSION = 1


def game_to_save(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant.name,
        "players": game.players,
        "names": list(game.names),
        "options": dict(game.options),
        "seed": game.seed,
        "moves": list(game.moves),
    }
