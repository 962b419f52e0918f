"""The three *Ingenious Challenges* (Card, Dice, Tile) and their match tally.

May import the rules; nothing else of the engine (their arena is a tool).

Same shape as the board game: ``new_challenge(variant, players, seed, names,
options)``, then ``legal_moves()`` / ``apply(move)`` / ``view(seat)`` /
``result()`` / ``to_save()`` / ``undo()`` / ``redo()`` / ``copy()``.
Colour order everywhere: red green blue orange yellow purple.

Move notation (details in each module):

* cards (phase "play"): ``"red-green"`` plays that card, scoring red first;
  (phase "discard"): ``"discard"`` or ``"keep"``.
* dice (phase "resolve"): ``"reroll"``, or one token per die / wild group in
  scoring order: ``"red green+green=blue"``.
* tiles (phase "turn"): ``"draw"`` or ``"free:red"``; (phase "drawing"):
  ``"draw"`` or ``"score"``.

>>> g = new_challenge("tiles", players=2, seed=1)
>>> g.phase
'turn'
>>> load_challenge(g.to_save()).rows == g.rows
True
"""

from __future__ import annotations

from typing import Any

from engine.challenges.cards import CardChallenge
from engine.challenges.common import COLOURS, SAVE_FORMAT, SAVE_VERSION, Challenge
from engine.challenges.dice import DiceChallenge
from engine.challenges.tiles import TileChallenge
from engine.rules.errors import IllegalMoveError, SaveFormatError

ChallengeGame = CardChallenge | DiceChallenge | TileChallenge

VARIANTS: dict[str, type[CardChallenge] | type[DiceChallenge] | type[TileChallenge]] = {
    "cards": CardChallenge,
    "dice": DiceChallenge,
    "tiles": TileChallenge,
}

__all__ = [
    "COLOURS",
    "VARIANTS",
    "CardChallenge",
    "Challenge",
    "ChallengeGame",
    "DiceChallenge",
    "TileChallenge",
    "load_challenge",
    "new_challenge",
]


def new_challenge(
    variant: str,
    players: int = 2,
    seed: int = 1,
    names: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> ChallengeGame:
    """A fresh challenge: ``"cards"``, ``"dice"`` or ``"tiles"`` for 2-4 players."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise ValueError(f"unknown challenge {variant!r}; choose one of {', '.join(VARIANTS)}")
    return VARIANTS[variant](players, seed, names, options)


SAVE_KEYS = {"format", "version", "variant", "players", "names", "options", "seed", "moves"}


def load_challenge(data: Any) -> ChallengeGame:
    """Rebuild a game from ``to_save()`` data by replaying its moves."""
    if not isinstance(data, dict):
        raise SaveFormatError("a challenge save must be a JSON object")
    missing = sorted(SAVE_KEYS - set(data))
    if missing:
        raise SaveFormatError(f"the save lacks the field(s) {', '.join(missing)}")
    extra = sorted(str(key) for key in set(data) - SAVE_KEYS)
    if extra:
        raise SaveFormatError(f"the save has unknown field(s) {', '.join(extra)}")
    if data["format"] != SAVE_FORMAT:
        raise SaveFormatError(f"format must be {SAVE_FORMAT!r}, not {data['format']!r}")
    if data["version"] != SAVE_VERSION or isinstance(data["version"], bool):
        raise SaveFormatError(
            f"unsupported save version {data['version']!r} (this engine reads {SAVE_VERSION})"
        )
    variant = data["variant"]
    if not isinstance(variant, str) or variant not in VARIANTS:  # a list is not hashable
        raise SaveFormatError(
            f"unknown challenge {variant!r}; expected one of {', '.join(VARIANTS)}"
        )
    players = data["players"]
    if isinstance(players, bool) or not isinstance(players, int):
        raise SaveFormatError("players must be a whole number")
    if data["names"] is not None and not isinstance(data["names"], list):
        raise SaveFormatError("names must be a list of strings")
    if not isinstance(data["options"], dict):
        raise SaveFormatError("options must be an object")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveFormatError("seed must be a whole number")
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise SaveFormatError("moves must be a list of strings")
    try:
        game = new_challenge(variant, players, seed, data["names"], data["options"])
    except ValueError as error:
        raise SaveFormatError(str(error)) from None
    for number, move in enumerate(moves, start=1):
        try:
            game.apply(move)
        except IllegalMoveError as error:
            raise SaveFormatError(f"move {number} ({move!r}) cannot be replayed: {error}") from None
    return game
