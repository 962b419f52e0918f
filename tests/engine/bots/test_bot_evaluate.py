"""The searching bots' fast scorer agrees with the engine's scoring and tracks."""

from __future__ import annotations

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.bots.evaluate import cell_points, scored_placements, tables
from engine.scoring import EMPTY, symbol_points


@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("standard", 4), ("duel", 2)])
def test_cell_points_equal_the_engines_symbol_points(variant: str, players: int) -> None:
    """An empty partner cell scores nothing, so a symbol's points depend on its own cell alone."""
    game = new_game(variant, players=players, seed=12)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    for _ in range(14):
        game.apply(bots[game.current].choose(game.view(game.current)))
    zone, board = game.zone, game.board
    for k in game.free:
        a, b = zone.pairs[k]
        for cell, partner in ((a, b), (b, a)):
            fast = cell_points(board, zone.rays[cell])
            for colour in range(6):
                assert fast[colour] == symbol_points(board, zone, cell, partner, colour)
    assert board.count(EMPTY) < zone.size


def test_scored_placements_cover_exactly_the_legal_placements() -> None:
    game = new_game("standard", players=2, seed=2)
    for _ in range(5):
        game.apply(make_bot("casual", seed=1).choose(game.view(game.current)))
    fast = sorted(p for _, p in scored_placements(game, game.current))
    assert fast == sorted(game.placements())


def test_value_tables_favour_low_colours_and_count_bonuses() -> None:
    """A point on a low colour outweighs one on a high colour; reaching 18 earns a bonus."""
    t = tables("standard")
    assert t.worth[1] - t.worth[0] > t.worth[11] - t.worth[10] > 0
    assert t.reaches[15][3] and not t.reaches[15][2] and not t.reaches[18][5]
    team = tables("team")
    assert team.after[16][5] == 18  # the stop at 18 on a double track
    assert team.reaches[34][2]  # and 36 earns another bonus
    duel = tables("duel")
    assert duel.after[9 - 2][20] == 9  # from -2, points stop at the scorer's 9
