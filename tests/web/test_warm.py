"""The game screen's warm-up (web/game/warm.py): its steps run on CPython as in the page."""

from __future__ import annotations

from web.game.warm import warm_steps
from web.i18n import language


def test_the_warm_up_plays_a_throwaway_turn_and_leaves_nothing_behind() -> None:
    """The steps start a board, pick a tile, aim a placement whose rays are scored and play
    it, each making the screen's model (as the first tap of a game would); the player's
    language is as it was."""
    before = language()
    steps = dict(warm_steps())
    assert list(steps) == ["facts", "model", "scores", "pick", "aim", "move", "save"]
    pick, aim, move = steps["pick"], steps["aim"], steps["move"]
    assert pick is not None and pick.board.legal and pick.candidate is None
    assert aim is not None and aim.candidate is not None and aim.board.ghost is not None
    assert move is not None and len(move.moves) == 1
    assert language() == before
