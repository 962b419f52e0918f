"""The search position's points table stays equal to a fresh count, and its best placement
is worth exactly what a scan of every legal placement finds."""

from __future__ import annotations

import pytest

from engine import new_game
from engine.bots.evaluate import EVALUATIONS, best_placement, evaluation
from engine.bots.scan import Position, fresh_points
from engine.rules.rng import Rng

CASES = [("standard", 2), ("standard", 3), ("standard", 4), ("duel", 2), ("team", 4), ("solo", 1)]


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_points_table_follows_the_board_and_best_equals_a_full_scan(
    variant: str, players: int
) -> None:
    """Along whole games of mixed greedy and random placements (swaps taken at random)."""
    rng = Rng(players * 31 + len(variant))
    checked = 0
    for seed in range(2):
        pos = Position(new_game(variant, players=players, seed=seed))
        game = pos.game
        while game.phase != "over":
            if game.phase == "swap":
                pos.play("swap" if rng.below(2) else "pass")
                continue
            seat = game.current
            slow_value, _ = best_placement(game, seat)
            fast_value, fast = pos.best(seat)
            assert fast_value == pytest.approx(slow_value, abs=1e-12)
            assert fast is not None and game.placement_text(fast) in game.legal_moves()
            assert (pos.points, pos.hot) == fresh_points(game)
            checked += 1
            moves = game.placements()
            pos.play(moves[rng.below(len(moves))] if rng.below(3) == 0 else fast)
    assert checked > 20


@pytest.mark.parametrize("name", list(EVALUATIONS))
def test_best_for_another_rack_matches_a_full_scan_with_that_rack(name: str) -> None:
    """A rival's option: the best placement of its rack under its own side's value (the
    phase value and the old table alike)."""
    ev = evaluation(name)
    game = new_game("standard", players=2, seed=5)
    pos = Position(game, ev=ev)
    for _ in range(12):
        pos.play(pos.best(game.current)[1] or "pass")
    rival = 1 - game.current
    rows = ev.rows(game, rival)
    value, move = pos.best_with(rows, sorted(set(game.racks[rival])))
    twin = game.copy()
    twin.current = rival
    assert move is not None and twin.placement_text(move) in twin.legal_moves()
    assert value == pytest.approx(best_placement(twin, rival, ev)[0], abs=1e-12)


def test_a_copy_is_independent_of_its_original() -> None:
    game = new_game("standard", players=2, seed=9)
    pos = Position(game)
    twin = pos.copy()
    twin.play(twin.best(game.current)[1] or "pass")
    assert (pos.points, pos.hot) == fresh_points(game)
    assert pos.game.board != twin.game.board
