"""Ingenious rules engine: pure Python, standard library only.

>>> from engine import new_game
>>> game = new_game("standard", players=2, seed=1)
>>> move = game.legal_moves()[0]
>>> _ = game.apply(move)
>>> game.moves == [move]
True
"""

from engine.formats.position import Position, parse_position, score_position
from engine.formats.save import dumps, load_game, loads
from engine.rules.determinize import determinize
from engine.rules.errors import IllegalMoveError, IngeniousError, SaveFormatError
from engine.rules.game import Game, new_game
from engine.rules.tiles import COLOURS
from engine.rules.variants import VARIANTS
from engine.rules.view import player_view

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
