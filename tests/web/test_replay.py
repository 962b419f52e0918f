"""The replay viewer's model: the step, the move in words, its cells, the scores."""

from __future__ import annotations

from engine import new_game
from web.saves.replay import START_LINE, frames, opening_step, replay_model


def test_each_step_tells_its_move_in_words_and_keeps_its_cells() -> None:
    game = new_game("standard", 2, seed=7, names=["Ann", "Bob"])
    for _ in range(3):
        game.apply(game.legal_moves()[0])
    shown = frames(game)
    first = replay_model("this game", shown, 0)
    assert first.counter == "Move 0 of 3" and first.line == START_LINE
    assert first.cells == () and not first.can_back and first.can_forward
    step = replay_model("this game", shown, 2)
    assert step.line.startswith("Bob: ") and "," not in step.line.split(":")[0]
    assert len(step.cells) == 2 and step.marked == ()
    assert replay_model("this game", shown, 2, pointing=True).marked == step.cells
    assert step.rows[0][0] == "Ann" and len(step.rows[0][1]) == 6
    last = replay_model("this game", shown, 99)
    assert last.counter == "Move 3 of 3" and not last.can_forward


def test_a_replay_opens_on_the_empty_board() -> None:
    """A replay is watched from its first move: it opens at move 0 (it used to open at the
    last move, the position the player had just seen), with every step ahead of it."""
    game = new_game("standard", 2, seed=7, names=["Ann", "Bob"])
    for _ in range(4):
        game.apply(game.legal_moves()[0])
    shown = frames(game)
    opened = replay_model("this game", shown, opening_step(shown))
    assert opened.counter == "Move 0 of 4" and opened.can_forward and not opened.can_back
