"""The audit: every statement of many reviews and hints checked against the engine, per table
(the standard game for 2, 3 and 4, solo, the team game, the duel).

For each game (seat 0 ``casual`` against ``strong`` bots at a small budget, played to the end)
the review of seat 0 is checked: each fact and lesson point against the engine
(`engine.coach.lesson_suite.facts_wrong`), every mistake for a difference said (never "the
same", never silent), each plan by replaying the game (its span, turns, offers and cost:
`engine.coach.lesson_suite.check_plan`); and the hints of a few of seat 0's positions: their
facts, an alternative that is no twin of the hint, a reason other than "the bot's look-ahead
rates lower". ``python -m engine audit --table all`` prints the counts of each table.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.bots import make_bot
from engine.coach import hints, lesson_checks
from engine.coach.lesson_suite import check_plan, facts_wrong
from engine.coach.lesson_words import TEXT
from engine.coach.review import Review
from engine.formats.save import load_game
from engine.rules.game import Game, new_game

#: The tables audited: name -> (variant, players).
TABLES = {"2p": ("standard", 2), "3p": ("standard", 3), "4p": ("standard", 4),
          "solo": ("solo", 1), "team": ("team", 4), "duel": ("duel", 2)}  # fmt: skip
#: The counts that must be 0 (each a false or unexplained statement).
FAULTS = ("contradicted", "same_after_difference", "no_difference", "plans_contradicted",
          "hint_facts_contradicted", "twin_alternatives", "rates_lower_only")  # fmt: skip


def bot_game(table: str, seed: int) -> Game:
    """A finished game of ``table``: seat 0 ``casual``, the others ``strong`` (20 ms)."""
    variant, players = TABLES[table]
    game = new_game(variant, players, seed, [f"P{i + 1}" for i in range(players)])
    bots = [make_bot("casual", seed=seed)] + [
        make_bot("strong", seed=seed + s, budget_ms=20) for s in range(1, players)
    ]
    while not game.over:
        game.apply(bots[game.current].choose(game.view(game.current)))
    return game


def _totals() -> dict[str, int]:
    keys = ("games", "moves", "mistakes", "statements", "plans", "hints", *FAULTS)
    return dict.fromkeys(keys, 0)


def audit_game(
    game: Game, totals: dict[str, int], wrong: list[str], worlds: int, width: int,
    last: int | None = None, hint_count: int = 0,
) -> None:  # fmt: skip
    """Audit one finished game into ``totals``; ``last``: review only seat 0's last so many
    moves (a slice, for a quick check); ``hint_count``: hints checked at as many of seat 0's
    placements, spread over the game."""
    save = game.to_save()
    review = Review(save, seats=[0], worlds=worlds, width=width)
    skip = max(0, review.total - last) if last is not None else 0
    replay = load_game({**save, "moves": []})
    done = 0
    same = TEXT["same_now"]
    for r in review.moves(skip=skip):
        while done < r.index:
            replay.apply(save["moves"][done])
            done += 1
        totals["moves"] += 1
        totals["statements"] += len(r.played_facts) + len(r.best_facts)
        totals["statements"] += len(r.lesson) + len(r.merits) + len(r.futures)
        if r.mistake:
            totals["mistakes"] += 1
            totals["same_after_difference"] += same in r.reason
            totals["no_difference"] += not r.lesson and not r.futures
        for why in facts_wrong(replay, r):
            totals["contradicted"] += 1
            wrong.append(f"move {r.index + 1}: {why}")
    for plan in review.plans():
        totals["plans"] += 1
        false = check_plan(save, plan)
        if false:
            totals["plans_contradicted"] += 1
            wrong.append(f"plan {plan['kind']}: {false}")
    _audit_hints(save, totals, wrong, hint_count)
    totals["games"] += 1


def _audit_hints(
    save: dict[str, Any], totals: dict[str, int], wrong: list[str], count: int
) -> None:
    if count <= 0:
        return
    game = load_game({**save, "moves": []})
    at: list[int] = []
    for index, move in enumerate(save["moves"]):
        if game.current == 0 and game.phase == "place":
            at.append(index)
        game.apply(move)
    chosen = at[:: max(1, len(at) // count)][:count]
    for index in chosen:
        position = load_game({**save, "moves": save["moves"][:index]})
        view = position.view(0)
        h = hints.hint(view, level="casual", seed=index)
        totals["hints"] += 1
        move = position.parse(h["move"])
        for f in h["facts"]:
            why = lesson_checks.check_fact(position, 0, move, f)
            if why:
                totals["hint_facts_contradicted"] += 1
                wrong.append(f"hint at move {index + 1}: {f['kind']}: {why}")
        if h["versus"] is not None:
            other = position.parse(h["versus"])
            placements = not isinstance(move, str) and not isinstance(other, str)
            if placements and hints.twins(position, 0, move, other):  # type: ignore[arg-type]
                totals["twin_alternatives"] += 1
                wrong.append(f"hint at move {index + 1}: a twin alternative")
            if (h["versus_why"] or {}).get("kind") == "vs_search":
                totals["rates_lower_only"] += 1
                wrong.append(f"hint at move {index + 1}: only 'rates lower'")


def audit(
    games: int,
    seed: int = 1,
    worlds: int | None = None,
    out: Callable[[str], None] = print,
    table: str = "2p",
    last: int | None = None,
    hint_count: int = 2,
    width: int | None = None,
) -> dict[str, int]:
    """Audit ``games`` bot games of ``table`` (:func:`audit_game`), printing the counts after
    each game and every false statement at the end."""
    from engine.coach.review import WIDTH, WORLDS

    totals = _totals()
    wrong: list[str] = []
    for g in range(games):
        before = len(wrong)
        audit_game(bot_game(table, seed + g), totals, wrong, worlds or WORLDS, width or WIDTH,
                   last, hint_count)  # fmt: skip
        wrong[before:] = [f"{table} game {seed + g} {w}" for w in wrong[before:]]
        out(f"{table} game {totals['games']}/{games}: {json.dumps(totals)}")
    for line in wrong:
        out(f"false: {line}")
    return totals


def faults(totals: dict[str, int]) -> int:
    """The number of false or unexplained statements among ``totals``."""
    return sum(totals[k] for k in FAULTS)
