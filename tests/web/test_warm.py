"""The memory snapshot's warm-up (web/shell/warm.py, run by tools/pybuild.py before the
snapshot is taken) builds the engine's first-use tables, so a restored page does not build
them again before its first board."""

from __future__ import annotations

from engine.board import zone
from engine.game import _start_tables, _symbol_surroundings, new_game
from web.shell import warm


def test_the_warm_up_builds_every_zone_and_its_empty_board() -> None:
    for table in (zone, _start_tables, _symbol_surroundings):
        table.cache_clear()
    warm.warm()
    for table in (zone, _start_tables, _symbol_surroundings):
        assert table.cache_info().currsize == 3  # the zones of radius 5, 6 and 7
    for players in (2, 3, 4):  # a new game of any size then builds nothing
        before = [t.cache_info().misses for t in (zone, _start_tables, _symbol_surroundings)]
        new_game("standard", players, seed=1)
        after = [t.cache_info().misses for t in (zone, _start_tables, _symbol_surroundings)]
        assert after == before
