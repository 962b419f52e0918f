"""Bot against bot: many seeded games, seats rotated, figures per bot name.

>>> report = run_arena("standard", 2, ["casual", "beginner"], games=2, seed=1)
>>> sorted(report["bots"]), report["bots"]["casual"]["games"]
(['beginner', 'casual'], 2)

Paired deals: a line-up has as many distinct seatings as rotations of its seats that
differ (``expert,strong,strong,strong``: 4; ``expert,strong`` at a table of four, which
seats expert, strong, expert, strong: 2; all seats alike: 1). Game ``i`` seats the
line-up rotated by ``i`` modulo that count and deals from deal ``i`` divided by it (a seed
derived from ``seed`` and that number): each deal is played once with every distinct
seating, never twice alike, so every bot sits in every seat on the same tiles and the
luck of the deal cancels out. Besides wins, each bot's mean finishing place is reported
with a 95% interval counted over deals (the games of one deal are not independent).

The team game is played with closed racks (each partner's rack hidden from the other)
unless ``open_racks`` asks for open play, where partners see each other's racks and the
bots search with their partner's tiles known.

A run reproduces exactly: bots count simulations rather than read a clock (unless
``clock_limit`` asks for the browser's ceiling; then ``moves_cut_by_clock`` counts the
moves it ended). With a results file every game's figures are kept as one JSON line as it
ends, so a stopped run resumes where it stopped and gives the totals an uninterrupted run
gives.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from engine.bots import BOT_LEVELS, REFERENCE_LEVELS, level_class, make_bot, make_browser_bot
from engine.rules.errors import IngeniousError
from engine.rules.game import new_game
from engine.rules.variants import VARIANTS
from engine.tools.bench import cpu_clock

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


def seatings(bots: list[str], players: int) -> int:
    """How many distinct seatings the rotations of the line-up give (see the module)."""
    names = [bots[s % len(bots)] for s in range(players)]
    for shift in range(1, players):
        if names[shift:] + names[:shift] == names:
            return shift
    return players


def lineup(bots: list[str], players: int, game_index: int) -> list[str]:
    """Bot name per seat for one game: the names repeat in order, then rotate by the game
    index modulo the number of distinct seatings."""
    names = [bots[s % len(bots)] for s in range(players)]
    shift = game_index % seatings(bots, players)
    return names[shift:] + names[:shift]


def deal_of(game_index: int, bots: list[str], players: int) -> int:
    """The deal game ``game_index`` is played on: one deal per round of distinct seatings."""
    return game_index // seatings(bots, players)


def game_seed(seed: int, deal: int) -> int:
    """The seed of a run's deal (see :func:`deal_of`)."""
    return seed * 1_000_003 + deal


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (a draw counts as half a win)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


#: Student's t, two-sided 95%, for 1 to 30 degrees of freedom.
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
       2.060, 2.056, 2.052, 2.048, 2.045, 2.042)  # fmt: skip


def t95(df: int) -> float:
    """Student's t quantile for a two-sided 95% interval (beyond 30 degrees of freedom, the
    Cornish-Fisher expansion around the normal's 1.96, within 0.001)."""
    if df <= len(T95):
        return T95[df - 1]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


def clustered_mean(groups: dict[int, tuple[float, int]]) -> tuple[float, float, float]:
    """Mean of values pooled from groups (deal: (sum, count)) and its 95% interval, counted
    with the groups as the independent units (the cluster-robust variance of a mean, Student's
    t with one degree of freedom fewer than groups). One group: the interval is unknown
    (NaN on both sides)."""
    n = sum(count for _, count in groups.values())
    mean = sum(total for total, _ in groups.values()) / n
    g = len(groups)
    if g < 2:
        return mean, math.nan, math.nan
    spread = sum((total - count * mean) ** 2 for total, count in groups.values())
    half = t95(g - 1) * math.sqrt(g / (g - 1) * spread) / n
    return mean, mean - half, mean + half


def side_scores(
    result: dict[str, Any], variant: str, sides: int
) -> tuple[list[float], list[float], list[float]]:
    """Per side: the share of the win (1 alone first, 1/k shared, 0 otherwise), the final
    result and the finishing place.

    The final result is the lowest colour (standard, team, solo) or the number of colours
    on the side (duel). Sides that tie share the places they cover (two first of four: 1.5
    each), so the places of a game always add up to 1 + 2 + ... and the fair mean is the
    middle one (2.5 of four).
    """
    if variant == "duel":
        winner = result["winner"]
        share = [0.5, 0.5] if winner is None else [1.0 if s == winner else 0.0 for s in range(2)]
        place = [1.5, 1.5] if winner is None else [1.0 if s == winner else 2.0 for s in range(2)]
        finals = [0.0, 0.0]
        for s in result["standings"]:
            finals[s["side"]] = float(s["colours_on_side"])
        return share, finals, place
    ranks = {s["side"]: s["place"] for s in result["standings"]}
    first = [side for side, rank in ranks.items() if rank == 1]
    share = [1.0 / len(first) if s in first else 0.0 for s in range(sides)]
    finals = [0.0] * sides
    for s in result["standings"]:
        finals[s["side"]] = float(s["lowest"])
    tied = [sum(1 for r in ranks.values() if r == ranks[s]) for s in range(sides)]
    place = [ranks[s] + (tied[s] - 1) / 2 for s in range(sides)]
    return share, finals, place


Job = tuple[str, int, list[str], int, int | None, int, float | None, bool, bool]


def bot_budget(level: str, budget_ms: int | None, budget_scale: float | None) -> int | None:
    """A bot's budget in a run: the one given, else its level's default times the scale
    (at least 1 ms), else its level's default."""
    if budget_ms is not None or budget_scale is None:
        return budget_ms
    return max(1, round(level_class(level).default_budget_ms * budget_scale))


def play_one(job: Job) -> dict[str, Any]:
    """Play game ``index`` of a run; returns its deal, seats and, per name, win share,
    result, place, time and move count (one results-file line)."""
    variant, players, bots, seed, budget_ms, index, budget_scale, clock_limit, open_racks = job
    seats = lineup(bots, players, index)
    deal = deal_of(index, bots, players)
    gseed = game_seed(seed, deal)
    options = {"open": True} if open_racks else None
    game = new_game(variant, players=players, seed=gseed, names=seats, options=options)
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
    share, finals, places = side_scores(game.result(), variant, sides)
    per: dict[str, dict[str, float]] = {}
    for name in dict.fromkeys(seats):
        own = [s for s in range(players) if seats[s] == name]
        # In the duel the one shared track has two sides: seat s holds side s.
        held = sorted({s if variant == "duel" else rules.side_of(s) for s in own})
        per[name] = {
            "win": sum(share[h] for h in held),
            "result": sum(finals[h] for h in held) / len(held),
            "place": sum(places[h] for h in held) / len(held),
            "seconds": sum(spent[s] for s in own),
            "longest": max(longest[s] for s in own),
            "moves": sum(moves[s] for s in own),
            "cut": sum(cut[s] for s in own),
        }
    return {"game": index, "deal": deal, "seats": seats, "per": per}


def check_setup(
    variant: str, players: int | None, bots: list[str], games: int, open_racks: bool = False
) -> int:
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
        if level not in BOT_LEVELS and level not in REFERENCE_LEVELS:
            known = ", ".join([*BOT_LEVELS, *REFERENCE_LEVELS])
            raise IngeniousError(f"unknown bot {name!r}; bots are {known}")
        if evaluation is not None:
            try:
                make_bot(level, evaluation=evaluation)
            except ValueError as error:
                raise IngeniousError(f"bot {name!r}: {error}") from None
    if games < 1:
        raise IngeniousError("--games must be at least 1")
    if open_racks and variant != "team":
        raise IngeniousError("--open is for the team game (partners see each other's racks)")
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
    results: str | Path | None = None,
    open_racks: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games and summarise them per bot name (see the module docstring).

    ``budget_ms`` gives every bot the same budget; without it each bot thinks for its
    level's default budget, times ``budget_scale`` when given (a quick run that keeps the
    levels' ratio of budgets). ``clock_limit``: each bot also stops at its budget on the
    clock, as in the browser (the moves then depend on the machine's speed). ``results``:
    a file that keeps one JSON line per game (after a first line naming the run's
    settings); the games it already holds are not played again, so a stopped run resumes
    (:func:`read_results`). ``open_racks``: the team game in open play (see the module)."""
    players = check_setup(variant, players, bots, games, open_racks)
    if budget_scale is not None and not budget_scale > 0:
        raise IngeniousError(f"--budget-scale must be a positive number, not {budget_scale}")
    settings = {
        "variant": variant,
        "players": players,
        "bots": list(bots),
        "seed": seed,
        "budget_ms": budget_ms,
        "budget_scale": budget_scale,
        "clock_limit": clock_limit,
        "open": open_racks,
    }
    kept = read_results(results, settings) if results is not None else {}
    outcomes = {i: row for i, row in kept.items() if i < games}
    tasks: list[Job] = [
        (variant, players, bots, seed, budget_ms, i, budget_scale, clock_limit, open_racks)
        for i in range(games)
        if i not in outcomes
    ]
    started = time.perf_counter()
    if progress is not None and outcomes:
        progress(len(outcomes), summary(totals_of(outcomes.values())))
    with ExitStack() as stack:
        sink = (
            None
            if results is None
            else stack.enter_context(Path(results).open("a", encoding="utf-8"))
        )
        for outcome in _results(tasks, jobs):
            if sink is not None:
                sink.write(json.dumps(outcome) + "\n")
                sink.flush()
            outcomes[outcome["game"]] = outcome
            if progress is not None:
                progress(len(outcomes), summary(totals_of(outcomes.values())))
    sides = VARIANTS[variant].sides(players)
    ordered = [outcomes[i] for i in sorted(outcomes)]
    return {
        "variant": variant,
        "players": players,
        "bots": summary(totals_of(ordered)),
        "lineup": lineup(bots, players, 0),
        "games": games,
        "seed": seed,
        "budget_ms": budget_ms,
        "budget_scale": budget_scale,
        "clock_limit": clock_limit,
        "open": open_racks,
        "fair_share": 1.0 / sides if variant != "duel" else 0.5,
        "result_measure": "colours on own side" if variant == "duel" else "lowest colour",
        "seconds": round(time.perf_counter() - started, 2),
    }


def read_results(path: str | Path, settings: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games a results file holds, by index; a new file gets the settings line.

    A file written for other settings is refused with a message naming the difference (its
    games would not add up to this run's). A last line cut short (the run stopped while
    writing it) is dropped from the file, so that game is played again; any other line that
    is not a game's figures is refused by its number, the file left as it is."""
    path = Path(path)
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps({"arena": settings}) + "\n", encoding="utf-8")
        return {}
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines[-1]:  # no newline at the end: the last line was being written
        try:
            json.loads(lines[-1])
            text += "\n"  # it was whole: only its end of line is missing
        except ValueError:
            text = text[: len(text) - len(lines[-1])]
        path.write_text(text, encoding="utf-8")
        lines = text.split("\n")
    rows = [line for line in lines if line.strip()]
    try:
        stored = json.loads(rows[0])["arena"] if rows else None
    except (ValueError, KeyError, TypeError):
        stored = None
    if not isinstance(stored, dict):
        raise IngeniousError(f"{path}: line 1 is not an arena results file's settings line")
    stored = {"open": False, **stored}  # files from before open play was a setting
    if stored != settings:
        diff = ", ".join(
            f"{key} {stored.get(key)!r} there, {settings[key]!r} here"
            for key in settings
            if stored.get(key) != settings[key]
        )
        raise IngeniousError(f"{path} holds a run with other settings ({diff}); use another file")
    games: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(rows[1:], 2):
        try:
            row = json.loads(line)
            games[int(row["game"])] = {
                "game": int(row["game"]),
                "deal": int(row["deal"]),
                "seats": list(row["seats"]),
                "per": dict(row["per"]),
            }
        except (ValueError, KeyError, TypeError):
            raise IngeniousError(f"{path}: line {number} is not a game's figures") from None
    return games


def totals_of(outcomes: Any) -> dict[str, dict[str, Any]]:
    """Per bot name, the sums :func:`summary` reads, over games' outcomes in order."""
    totals: dict[str, dict[str, Any]] = {}
    for outcome in outcomes:
        for name, row in outcome["per"].items():
            acc = totals.setdefault(
                name,
                {"games": 0, "wins": 0.0, "result": 0.0, "seconds": 0.0, "moves": 0, "cut": 0,
                 "longest": 0.0, "deal_places": {}},
            )  # fmt: skip
            acc["longest"] = max(acc["longest"], row["longest"])
            acc["games"] += 1
            acc["wins"] += row["win"]
            acc["result"] += row["result"]
            acc["seconds"] += row["seconds"]
            acc["moves"] += row["moves"]
            acc["cut"] += row["cut"]
            total, count = acc["deal_places"].get(outcome["deal"], (0.0, 0))
            acc["deal_places"][outcome["deal"]] = (total + row["place"], count + 1)
    return totals


def summary(totals: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The report's figures per bot name from its sums. ``mean_place`` and its interval
    ``place_ci95`` need the places per deal (``deal_places``); without them (the
    Challenges' arena) both are None, and so is an interval from a single deal."""
    out: dict[str, dict[str, Any]] = {}
    for name, acc in totals.items():
        games = int(acc["games"])
        lo, hi = wilson(acc["wins"], games)
        mean_place: float | None = None
        place_ci: list[float] | None = None
        if acc.get("deal_places"):
            mean, low, high = clustered_mean(acc["deal_places"])
            mean_place = round(mean, 3)
            place_ci = None if math.isnan(low) else [round(low, 3), round(high, 3)]
        out[name] = {
            "games": games,
            "wins": acc["wins"],
            "win_rate": round(acc["wins"] / games, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_place": mean_place,
            "place_ci95": place_ci,
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
