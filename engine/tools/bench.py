"""Engine speed: random games and casual-bot moves per second, on one core.

``random_games_per_s`` counts complete two-player standard games, full rules, where
every placement is a random legal one: a random free pair of cells (among those the
first-placement rule allows), a random tile of the rack, a random way round; swap
offers are declined. ``casual_moves_per_s`` times the casual bot choosing from views.
"""

from __future__ import annotations

import platform
import sys
import time
from collections.abc import Callable
from typing import Any

from engine.bots import make_bot
from engine.rules.game import Game, new_game
from engine.rules.rng import Rng


def _node_cpu_clock() -> Callable[[], float] | None:
    """Under Node (Pyodide), the process's CPU time from ``process.cpuUsage()``."""
    try:
        from js import process  # type: ignore[import-not-found]

        process.cpuUsage()
    except Exception:  # noqa: BLE001 - not under Node: no such clock
        return None

    def clock() -> float:
        used = process.cpuUsage()
        return float(used.user + used.system) / 1e6

    return clock


def cpu_clock() -> Callable[[], float]:
    """A clock of this process's CPU time, so that other busy processes do not skew figures.

    CPython: :func:`time.process_time`; Pyodide under Node: Node's CPU usage; elsewhere
    (a browser) the wall clock.
    """
    if sys.platform == "emscripten":
        return _node_cpu_clock() or time.perf_counter
    return time.process_time


def clock_name() -> str:
    if sys.platform == "emscripten" and _node_cpu_clock() is None:
        return "wall"
    return "cpu"


def random_game(seed: int) -> Game:
    """One complete two-player standard game of random legal moves."""
    game = new_game("standard", players=2, seed=seed)
    rng = Rng(seed ^ 0x5EED)
    pairs = game.zone.pairs
    while game.phase != "over":
        if game.phase == "swap":
            game.play("pass")
            continue
        rack = game.racks[game.current]
        if game.placed_first[game.current]:
            free = game.free
            # One draw picks the pair, the tile and which way round it goes.
            pick = rng.below(len(free) * len(rack) * 2)
            a, b = pairs[free[pick // (2 * len(rack))]]
        else:
            allowed = game.free_pairs()
            pick = rng.below(len(allowed) * len(rack) * 2)
            a, b = allowed[pick // (2 * len(rack))]
        x, y = rack[pick // 2 % len(rack)]
        game.play((a, b, x, y) if pick % 2 else (a, b, y, x))
    return game


def random_games_per_s(seconds: float) -> float:
    clock = cpu_clock()
    start = clock()
    played = 0
    while clock() - start < seconds:
        random_game(played)
        played += 1
    return played / (clock() - start)


def casual_moves_per_s(seconds: float) -> float:
    """The casual bot choosing (from a view, as in play) through seeded games."""
    clock = cpu_clock()
    moves = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        game = new_game("standard", players=2, seed=seed)
        bots = [make_bot("casual", seed=seed), make_bot("casual", seed=seed + 1)]
        while game.phase != "over" and spent < seconds:
            view = game.view(game.current)
            start = clock()
            move = bots[game.current].choose(view)
            spent += clock() - start
            moves += 1
            game.apply(move)
        seed += 1
    return moves / spent


def search_ms_per_unit(budget_ms: int = 60, samples: int = 30) -> dict[str, dict[str, float]]:
    """CPU ms per work unit the searching levels spend (``Search.work``) at 2, 3 and 4
    players, over ``samples`` positions spread over a bot game at each table (strong at a
    small budget plays them), the tables taken in turn so that a change in the machine's
    load touches all three alike.

    The budget buys units at one rate, so equal figures say a unit costs the same time at
    every table size (docs/bots.md, "The budget is a rollout count")."""
    from engine.bots.search import Search

    tables: dict[int, list[Game]] = {}
    for players in (2, 3, 4):
        game = new_game("standard", players=players, seed=1)
        players_bots = [make_bot("strong", seed=s, budget_ms=10) for s in range(players)]
        tables[players] = []
        while game.phase != "over":
            if game.phase == "place":
                tables[players].append(game.copy())
            game.apply(players_bots[game.current].choose(game.view(game.current)))
    clock = cpu_clock()
    spent = {(n, level): [0.0, 0.0] for n in tables for level in ("strong", "expert")}
    for i in range(samples):
        for players, positions in tables.items():
            position = positions[i * len(positions) // samples]
            for level in ("strong", "expert"):
                bot = make_bot(level, seed=2, budget_ms=budget_ms)
                assert isinstance(bot, Search)
                start = clock()
                bot.choose(position.view(position.current))
                spent[players, level][0] += clock() - start
                spent[players, level][1] += bot.work
    return {
        str(n): {level: round(1000 * spent[n, level][0] / spent[n, level][1], 4)
                 for level in ("strong", "expert")}
        for n in tables
    }  # fmt: skip


def run_bench(seconds: float = 3.0, bots: bool = False) -> dict[str, Any]:
    """Random games and casual moves per second; with ``bots`` also the searching levels'
    CPU ms per work unit at each table size (:func:`search_ms_per_unit`)."""
    report: dict[str, Any] = {
        "random_games_per_s": round(random_games_per_s(seconds), 1),
        "casual_moves_per_s": round(casual_moves_per_s(seconds), 1),
    }
    if bots:
        report["ms_per_unit"] = search_ms_per_unit()
    report.update(
        {
            "clock": clock_name(),
            "python": sys.version.split()[0],
            "implementation": platform.python_implementation(),
            "platform": sys.platform,
        }
    )
    return report
