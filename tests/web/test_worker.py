"""The bot worker answers a JSON view with a legal move string, at any asked level."""

import json

from engine import new_game
from engine.bots import BOT_LEVELS
from web.worker import available_level, choose


def test_every_level_the_menu_offers_maps_to_a_bot_the_engine_has() -> None:
    """Levels land in stages: a level the engine lacks falls back to its strongest one."""
    for level in ("beginner", "casual", "strong", "expert"):
        assert available_level(level) in BOT_LEVELS
    assert available_level("beginner") == "beginner"


def test_choose_returns_a_legal_move_from_a_json_view() -> None:
    game = new_game("standard", players=2, seed=4)
    move = choose(json.dumps(game.view(0)), "casual", 7, 100)
    assert isinstance(move, str) and move in game.legal_moves()
