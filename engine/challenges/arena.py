"""Bot-against-bot series for the challenges, with seats rotated between games.

``run_arena("tiles", 2, ["strong", "casual"], games=200, seed=1, budget_ms=50)``
returns the same schema as the board-game arena.  A shared first place counts
as 1/k of a win for each of the k players (a two-player draw is half a win).
"""

from __future__ import annotations

import time
from math import sqrt
from typing import Any

from engine.challenges import new_challenge
from engine.challenges.bots import ChallengeBot, make_challenge_bot
from engine.rng import Rng

# A safety net only: real games end long before (random play needs a few hundred moves).
MAX_MOVES = 5000


def wilson_interval(wins: float, games: int, z: float = 1.96) -> list[float]:
    """95% Wilson score interval for a win rate."""
    if games == 0:
        return [0.0, 1.0]
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def play_one(
    variant: str, seat_bots: list[ChallengeBot], seed: int, options: dict[str, Any]
) -> tuple[dict[str, Any], list[float], list[int]]:
    """Play one game; returns the result, bot thinking time and move count per seat."""
    game = new_challenge(variant, len(seat_bots), seed, options=options)
    thinking = [0.0] * len(seat_bots)
    moves = [0] * len(seat_bots)
    for _ in range(MAX_MOVES):
        if game.phase == "over":
            break
        seat = game.current
        started = time.perf_counter()
        move = seat_bots[seat].choose(game.view(seat))
        thinking[seat] += time.perf_counter() - started
        moves[seat] += 1
        game.apply(move)
    return game.result(), thinking, moves


def run_arena(
    variant: str,
    players: int,
    bots: list[str],
    games: int,
    seed: int = 1,
    budget_ms: int = 50,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; seat ``s`` of game ``i`` gets ``bots[(s + i) % players]``."""
    if len(bots) != players:
        raise ValueError(f"give one bot level per seat ({players}), got {len(bots)}")
    if games < 1:
        raise ValueError("play at least one game")
    stats: dict[str, dict[str, float]] = {
        name: {"games": 0, "wins": 0.0, "result": 0.0, "seconds": 0.0, "moves": 0} for name in bots
    }
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
        result, thinking, moves = play_one(variant, seat_bots, game_seed, dict(options or {}))
        firsts = [entry["seat"] for entry in result["ranking"] if entry["place"] == 1]
        for seat, name in enumerate(names):
            entry = stats[name]
            entry["games"] += 1
            if seat in firsts:
                entry["wins"] += 1 / len(firsts)
            entry["result"] += result["victory_points"][seat]
            entry["seconds"] += thinking[seat]
            entry["moves"] += moves[seat]
    report: dict[str, Any] = {"variant": variant, "players": players, "games": games, "bots": {}}
    for name, entry in stats.items():
        played = int(entry["games"])
        report["bots"][name] = {
            "games": played,
            "wins": entry["wins"],
            "win_rate": round(entry["wins"] / played, 4),
            "win_rate_ci95": wilson_interval(entry["wins"], played),
            "mean_result": round(entry["result"] / played, 3),
            "ms_per_move": round(1000 * entry["seconds"] / max(1, entry["moves"]), 3),
        }
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m engine.challenges.arena --variant tiles --games 200``"""
    import argparse
    import json

    parser = argparse.ArgumentParser(description="Challenge bots against each other")
    parser.add_argument("--variant", choices=("cards", "dice", "tiles"), required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--bots", default="strong,casual", help="one level per seat, comma separated"
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=int, default=50)
    args = parser.parse_args(argv)
    report = run_arena(
        args.variant, args.players, args.bots.split(","), args.games, args.seed, args.budget_ms
    )
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
