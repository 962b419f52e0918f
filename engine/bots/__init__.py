"""Built-in bots. Every bot sees only a player view (``game.view(seat)``).

>>> from engine import new_game
>>> from engine.bots import make_bot
>>> game = new_game("standard", players=2, seed=3)
>>> move = make_bot("casual", seed=1).choose(game.view(0))
>>> move in game.legal_moves()
True
"""

from __future__ import annotations

from .base import Beginner, Bot, Casual, make_bot, make_browser_bot
from .expert import Expert
from .strong import Strong

#: The levels, weakest first.
BOT_LEVELS: dict[str, type[Bot]] = {
    "beginner": Beginner,
    "casual": Casual,
    "strong": Strong,
    "expert": Expert,
}

__all__ = ["BOT_LEVELS", "Bot", "make_bot", "make_browser_bot"]
