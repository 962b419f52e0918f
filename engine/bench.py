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

from .bots import make_bot
from .game import Game, new_game
from .rng import Rng


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


def run_bench(seconds: float = 3.0) -> dict[str, Any]:
    return {
        "random_games_per_s": round(random_games_per_s(seconds), 1),
        "casual_moves_per_s": round(casual_moves_per_s(seconds), 1),
        "clock": clock_name(),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": sys.platform,
    }
