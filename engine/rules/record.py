"""The save format's name and version, and a game written as a save (its rules, seed
and moves). Reading a save back, with its checks and migrations, is :mod:`engine.formats.save`.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.rules.variants import Variant


class Recorded(Protocol):
    """What a save records of a game (:class:`engine.rules.game.Game` is one)."""

    variant: Variant
    players: int
    names: list[str]
    options: dict[str, Any]
    seed: int
    moves: list[str]
    start: dict[str, Any] | None


FORMAT = "ingenious"
VERSION = 2


def game_to_save(game: Recorded) -> dict[str, Any]:
    """The save of a game; one begun from another game's position (``Game.start``, see
    :func:`engine.formats.save.start_from`) also records where it began (version 2)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant.name,
        "players": game.players,
        "names": list(game.names),
        "options": dict(game.options),
        "seed": game.seed,
        "moves": list(game.moves),
    }
    if game.start is not None:
        out["start"] = game.start
    return out
