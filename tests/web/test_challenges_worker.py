"""The bot worker's challenge function answers a JSON view with a legal move."""

import json

import pytest

from engine.challenges import new_challenge
from web.shell.worker import choose_challenge


@pytest.mark.parametrize("variant", ["cards", "dice", "tiles"])
@pytest.mark.parametrize("level", ["casual", "strong"])
def test_choose_challenge_returns_a_legal_move(variant: str, level: str) -> None:
    """Both levels of every challenge answer through plain strings (JSON in, move out)."""
    game = new_challenge(variant, 3, 8)
    for _ in range(4):
        view = game.view(game.current)
        move = choose_challenge(json.dumps(view), level, 5, 40)
        assert isinstance(move, str)
        game.apply(move)  # the engine refuses anything illegal


def test_an_unknown_level_is_refused_with_its_name() -> None:
    view = new_challenge("tiles", 2, 1).view(0)
    with pytest.raises(ValueError, match="expert"):
        choose_challenge(json.dumps(view), "expert", 1, 40)
