"""Bot against bot: many seeded games, seats rotated, figures per bot name.

>>> report = run_arena("standard", 2, ["casual", "beginner"], games=2, seed=1)
>>> sorted(report["bots"]), report["bots"]["casual"]["games"]
(['beginner', 'casual'], 2)

Game ``i`` rotates the line-up by ``i`` seats and deals from deal ``i // players`` (a seed
derived from ``seed`` and that number): each deal is played once with every rotation of
the seats, so every bot sits in every seat equally often on the same tiles (paired deals:
the luck of the deal cancels out). A run reproduces exactly: bots count simulations
rather than read a clock (unless ``clock_limit`` asks for the browser's ceiling; then
``moves_cut_by_clock`` counts the moves it ended).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from typing import Any

from .bench import cpu_clock
from .bots import BOT_LEVELS, make_bot, make_browser_bot
from .errors import IngeniousError
from .game import new_game
from .variants import VARIANTS

DEFAULT_PLAYERS = {"standard": 2, "solo": 1, "team": 4, "duel": 2}


def split_name(name: str) -> tuple[str, str | None, int | None]:
    """A bot name in a run: its level, evaluation and own budget. ``level:evaluation`` is a
    searching level valuing sides another way (``strong:table``: strong with the fixed table
    it used before); a name ending in ``@ms`` has its own budget whatever the run's
    (``strong@250``: strong thinking 250 ms a move); otherwise those parts are ``None``."""
    base, at, budget = name.partition("@")
    if at and (not budget.isdigit() or int(budget) < 1):
        raise IngeniousError(
            f"bot {name!r}: the budget after @ must be a whole number of ms, at least 1"
        )
    level, _, evaluation = base.partition(":")
    return level, evaluation or None, int(budget) if at else None


def lineup(bots: list[str], players: int, game_index: int) -> list[str]:
    """Bot name per seat for one game: the names repeat in order, then rotate by the game index."""
    names = [bots[s % len(bots)] for s in range(players)]
    shift = game_index % players
    return names[shift:] + names[:shift]


def game_seed(seed: int, game_index: int, players: int) -> int:
    """The seed of game ``game_index``'s deal: one deal per full rotation of the seats."""
    return seed * 1_000_003 + game_index // players


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (a draw counts as half a win)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def side_scores(
    result: dict[str, Any], variant: str, sides: int
) -> tuple[list[float], list[float]]:
    """Per side: the share of the win (1 alone first, 1/k shared, 0 otherwise) and the final result.

    The final result is the lowest colour (standard, team, solo) or the number of colours
    on the side (duel).
    """
    if variant == "duel":
        winner = result["winner"]
        share = [0.5, 0.5] if winner is None else [1.0 if s == winner else 0.0 for s in range(2)]
        finals = [0.0, 0.0]
        for s in result["standings"]:
            finals[s["side"]] = float(s["colours_on_side"])
        return share, finals
    first = [s["side"] for s in result["standings"] if s["place"] == 1]
    share = [1.0 / len(first) if s in first else 0.0 for s in range(sides)]
    finals = [0.0] * sides
    for s in result["standings"]:
        finals[s["side"]] = float(s["lowest"])
    return share, finals


Job = tuple[str, int, list[str], int, int | None, int, float | None, bool]


def bot_budget(level: str, budget_ms: int | None, budget_scale: float | None) -> int | None:
    """A bot's budget in a run: the one given, else its level's default times the scale
    (at least 1 ms), else its level's default."""
    if budget_ms is not None or budget_scale is None:
        return budget_ms
    return max(1, round(BOT_LEVELS[level].default_budget_ms * budget_scale))


def play_one(job: Job) -> dict[str, Any]:
    """Play game ``index`` of a run; returns per-name win share, result, time and move count."""
    variant, players, bots, seed, budget_ms, index, budget_scale, clock_limit = job
    seats = lineup(bots, players, index)
    gseed = game_seed(seed, index, players)
    game = new_game(variant, players=players, seed=gseed, names=seats)
    make = make_browser_bot if clock_limit else make_bot
    players_bots = []
    for s, name in enumerate(seats):
        level, evaluation, named = split_name(name)
        budget = named if named is not None else bot_budget(level, budget_ms, budget_scale)
        players_bots.append(
            make(level, seed=gseed * 8 + s, budget_ms=budget, evaluation=evaluation)
        )
    clock = cpu_clock()
    spent = [0.0] * players
    longest = [0.0] * players
    moves = [0] * players
    cut = [0] * players
    while game.phase != "over":
        seat = game.current
        start = clock()
        move = players_bots[seat].choose(game.view(seat))
        took = clock() - start
        spent[seat] += took
        longest[seat] = max(longest[seat], took)
        moves[seat] += 1
        cut[seat] += players_bots[seat].stopped_on_clock
        game.apply(move)
    rules = VARIANTS[variant]
    sides = rules.sides(players)
    share, finals = side_scores(game.result(), variant, sides)
    per: dict[str, dict[str, float]] = {}
    for name in dict.fromkeys(seats):
        own = [s for s in range(players) if seats[s] == name]
        # In the duel the one shared track has two sides: seat s holds side s.
        held = sorted({s if variant == "duel" else rules.side_of(s) for s in own})
        per[name] = {
            "win": sum(share[h] for h in held),
            "result": sum(finals[h] for h in held) / len(held),
            "seconds": sum(spent[s] for s in own),
            "longest": max(longest[s] for s in own),
            "moves": sum(moves[s] for s in own),
            "cut": sum(cut[s] for s in own),
        }
    return {"index": index, "seats": seats, "per": per}


def check_setup(variant: str, players: int | None, bots: list[str], games: int) -> int:
    """Validate the arena arguments; returns the number of players."""
    if variant not in VARIANTS:
        raise IngeniousError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    players = DEFAULT_PLAYERS[variant] if players is None else players
    if players not in VARIANTS[variant].player_counts:
        counts = " or ".join(map(str, VARIANTS[variant].player_counts))
        raise IngeniousError(f"the {variant} game is for {counts} players, not {players}")
    if not bots:
        raise IngeniousError("name at least one bot with --bots")
    for name in bots:
        level, evaluation, _ = split_name(name)
        if level not in BOT_LEVELS:
            raise IngeniousError(f"unknown bot {name!r}; bots are {', '.join(BOT_LEVELS)}")
        if evaluation is not None:
            try:
                make_bot(level, evaluation=evaluation)
            except ValueError as error:
                raise IngeniousError(f"bot {name!r}: {error}") from None
    if games < 1:
        raise IngeniousError("--games must be at least 1")
    return players


def run_arena(
    variant: str,
    players: int | None,
    bots: list[str],
    games: int,
    seed: int = 1,
    budget_ms: int | None = None,
    jobs: int = 1,
    progress: Callable[[int, dict[str, Any]], None] | None = None,
    budget_scale: float | None = None,
    clock_limit: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games and summarise them per bot name (see the module docstring).

    ``budget_ms`` gives every bot the same budget; without it each bot thinks for its
    level's default budget, times ``budget_scale`` when given (a quick run that keeps the
    levels' ratio of budgets). ``clock_limit``: each bot also stops at its budget on the
    clock, as in the browser (the moves then depend on the machine's speed)."""
    players = check_setup(variant, players, bots, games)
    if budget_scale is not None and not budget_scale > 0:
        raise IngeniousError(f"--budget-scale must be a positive number, not {budget_scale}")
    tasks: list[Job] = [
        (variant, players, bots, seed, budget_ms, i, budget_scale, clock_limit)
        for i in range(games)
    ]
    started = time.perf_counter()
    totals: dict[str, dict[str, float]] = {}
    for done, outcome in enumerate(_results(tasks, jobs), 1):
        for name, row in outcome["per"].items():
            acc = totals.setdefault(
                name,
                {
                    "games": 0,
                    "wins": 0.0,
                    "result": 0.0,
                    "seconds": 0.0,
                    "moves": 0,
                    "cut": 0,
                    "longest": 0.0,
                },
            )
            acc["longest"] = max(acc["longest"], row["longest"])
            acc["games"] += 1
            acc["wins"] += row["win"]
            acc["result"] += row["result"]
            acc["seconds"] += row["seconds"]
            acc["moves"] += row["moves"]
            acc["cut"] += row["cut"]
        if progress is not None:
            progress(done, summary(totals))
    sides = VARIANTS[variant].sides(players)
    return {
        "variant": variant,
        "players": players,
        "bots": summary(totals),
        "lineup": lineup(bots, players, 0),
        "games": games,
        "seed": seed,
        "budget_ms": budget_ms,
        "budget_scale": budget_scale,
        "clock_limit": clock_limit,
        "fair_share": 1.0 / sides if variant != "duel" else 0.5,
        "result_measure": "colours on own side" if variant == "duel" else "lowest colour",
        "seconds": round(time.perf_counter() - started, 2),
    }


def summary(totals: dict[str, dict[str, float]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for name, acc in totals.items():
        games = int(acc["games"])
        lo, hi = wilson(acc["wins"], games)
        out[name] = {
            "games": games,
            "wins": acc["wins"],
            "win_rate": round(acc["wins"] / games, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_result": round(acc["result"] / games, 3),
            "ms_per_move": round(1000 * acc["seconds"] / max(1, acc["moves"]), 2),
            "ms_longest_move": round(1000 * acc["longest"], 1),
            "moves": int(acc["moves"]),
            "moves_cut_by_clock": int(acc.get("cut", 0)),
        }
    return out


def _results(tasks: list[Job], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs <= 1:
        for task in tasks:
            yield play_one(task)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(play_one, tasks)
