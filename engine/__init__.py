"""Ingenious rules engine: pure Python, standard library only.

>>> from engine import new_game
>>> game = new_game("standard", players=2, seed=1)
>>> move = game.legal_moves()[0]
>>> _ = game.apply(move)
>>> game.moves == [move]
True
"""

from .determinize import determinize
from .errors import IllegalMoveError, IngeniousError, SaveFormatError
from .game import Game, new_game
from .position import Position, parse_position, score_position
from .save import dumps, load_game, loads
from .tiles import COLOURS
from .variants import VARIANTS
from .view import player_view

__all__ = [
    "COLOURS",
    "VARIANTS",
    "Game",
    "IllegalMoveError",
    "IngeniousError",
    "Position",
    "SaveFormatError",
    "determinize",
    "dumps",
    "load_game",
    "loads",
    "new_game",
    "parse_position",
    "player_view",
    "score_position",
]
