"""Bot-against-bot series for the challenges, with seats rotated between games.

``run_arena("tiles", 2, ["strong", "casual"], games=200, seed=1, budget_ms=50)``
returns the board-game arena's report (``engine.tools.arena``): per bot name ``games``,
``wins``, ``win_rate``, ``ci95``, ``mean_result`` (victory points: the lowest row),
``ms_per_move``, ``ms_longest_move`` and ``moves``, plus the lineup, seed, budget,
fair share and run time.  A shared first place counts as 1/k of a win for each of
the k players (a two-player draw is half a win).  ``ms_per_move`` is CPU time, as in
the board-game arena.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine.challenges import new_challenge
from engine.challenges.bots import ChallengeBot, make_challenge_bot
from engine.rules.rng import Rng
from engine.tools.arena import summary

# A safety net only: real games end long before (random play needs a few hundred moves).
MAX_MOVES = 5000


def play_one(
    variant: str, seat_bots: list[ChallengeBot], seed: int, options: dict[str, Any]
) -> tuple[dict[str, Any], list[list[float]]]:
    """Play one game; returns the result and each seat's thinking time per move."""
    game = new_challenge(variant, len(seat_bots), seed, options=options)
    thinking: list[list[float]] = [[] for _ in seat_bots]
    for _ in range(MAX_MOVES):
        if game.phase == "over":
            break
        seat = game.current
        started = time.process_time()
        move = seat_bots[seat].choose(game.view(seat))
        thinking[seat].append(time.process_time() - started)
        game.apply(move)
    return game.result(), thinking


def run_arena(
    variant: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int = 1,
    budget_ms: int = 50,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; seat ``s`` of game ``i`` gets ``bots[(s + i) % players]``."""
    if len(bots) != players:
        raise ValueError(f"give one bot level per seat ({players}), got {len(bots)}")
    if games < 1:
        raise ValueError("play at least one game")
    started = time.perf_counter()
    totals: dict[str, dict[str, float]] = {}
    seeds = Rng(seed)
    for index in range(games):
        game_seed = seeds.next64() >> 1
        names = [bots[(seat + index) % players] for seat in range(players)]
        seat_bots = [
            make_challenge_bot(
                name, seed=(game_seed + 7919 * seat) & 0xFFFFFFFF, budget_ms=budget_ms
            )
            for seat, name in enumerate(names)
        ]
        result, thinking = play_one(variant, seat_bots, game_seed, dict(options or {}))
        firsts = [entry["seat"] for entry in result["ranking"] if entry["place"] == 1]
        for seat, name in enumerate(names):
            acc = totals.setdefault(
                name,
                {"games": 0, "wins": 0.0, "result": 0.0, "seconds": 0.0, "moves": 0,
                 "longest": 0.0},
            )  # fmt: skip
            acc["games"] += 1
            if seat in firsts:
                acc["wins"] += 1 / len(firsts)
            acc["result"] += result["victory_points"][seat]
            acc["seconds"] += sum(thinking[seat])
            acc["moves"] += len(thinking[seat])
            acc["longest"] = max([acc["longest"], *thinking[seat]])
        if progress is not None:
            progress(index + 1, summary(totals))
    return {
        "variant": variant,
        "players": players,
        "bots": summary(totals),
        "lineup": list(bots),
        "games": games,
        "seed": seed,
        "budget_ms": budget_ms,
        "budget_scale": None,
        "clock_limit": False,
        "open": False,  # open play is the board game's team game only
        "fair_share": 1.0 / players,
        "result_measure": "lowest row",
        "seconds": round(time.perf_counter() - started, 2),
    }
