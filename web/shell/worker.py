"""Bot worker: runs the engine's bots off the main thread so the page stays responsive.

It touches no DOM, so it works on any static server (no COOP/COEP headers). Only plain
strings cross the boundary: a JSON player view in, a move string out.
"""

import json
from typing import Any

from engine.bots import BOT_LEVELS, make_browser_bot


def available_level(level: str) -> str:
    """The asked level, or the strongest one this engine build has (levels land in stages)."""
    if level in BOT_LEVELS:
        return level
    order = ["beginner", "casual", "strong", "expert"]
    known = [name for name in order if name in BOT_LEVELS]
    return known[-1] if known else next(iter(BOT_LEVELS))


def choose(view_json: str, level: str, seed: int, budget_ms: int | None = None) -> str:
    """The level's move for the JSON view. Without a budget the level thinks as long as
    its own default (the engine tunes those for the browser); the page passes none.

    The budget is also a ceiling on the clock: a slow device (a phone) gets its answer
    in time, from fewer simulations, instead of waiting (engine.bots.search)."""
    view = json.loads(view_json)
    budget = None if budget_ms is None else int(budget_ms)
    bot = make_browser_bot(available_level(str(level)), seed=int(seed), budget_ms=budget)
    return str(bot.choose(view))


def choose_challenge(view_json: str, level: str, seed: int, budget_ms: int) -> str:
    """A Card, Dice or Tile Challenge bot's move for the JSON view (levels: casual, strong)."""
    from engine.challenges.bots import make_challenge_bot

    bot = make_challenge_bot(str(level), seed=int(seed), budget_ms=int(budget_ms))
    return str(bot.choose(json.loads(view_json)))


#: The review being worked out (one at a time): engine.coach.review.Review and its generator.
_review: dict[str, Any] = {}


#: The settings of `engine.coach.review.Review` a page may pass (a stored review resumed
#: with its own).
REVIEW_SETTINGS = ("worlds", "width", "seed")


def review_start(save_json: str, seats_json: str, skip: int = 0, settings_json: str = "") -> str:
    """Start the review of a save (JSON) for the seats (JSON list, or null for all), after
    the first ``skip`` reviewed moves (a review resumed in a fresh worker, or a stored one
    resumed where it stopped, with the settings it was made with: JSON ``{"worlds",
    "width", "seed"}``, or "" for the engine's); the answer is ``{"total": moves to
    review, "settings": the settings used}``. Each `review_next` then judges one move, so
    every call is short and the page can stop between them."""
    from engine.coach.review import Review

    review_stop()
    seats = json.loads(seats_json)
    given = json.loads(settings_json) if settings_json else {}
    settings = {k: int(given[k]) for k in REVIEW_SETTINGS if k in given}
    review = Review(json.loads(save_json), seats=seats, **settings)
    _review["steps"] = review.moves(skip=max(0, int(skip)))
    used = {"worlds": review.worlds, "width": review.width, "seed": review.seed}
    return json.dumps({"total": review.total, "settings": used})


def review_next() -> str:
    """The next reviewed move as JSON (engine.coach.review.MoveReview), or "" when none is left."""
    steps = _review.get("steps")
    if steps is None:
        return ""
    try:
        return json.dumps(next(steps).to_json())
    except StopIteration:
        _review.clear()
        return ""


def review_plans(save_json: str, seats_json: str, chances_json: str) -> str:
    """The plans of a game for the seats (JSON list, or null for all), each costed by the
    chart's chances so far (JSON ``{move index: [chance per seat]}``): a JSON list
    (``engine.coach.lesson_plans.plans``). Replaying the game and scanning each position takes a
    moment, so the page asks here, not on its own thread."""
    from engine.coach.lesson_plans import plans

    raw = json.loads(chances_json) or {}
    chances = {int(k): [float(x) for x in v] for k, v in raw.items()}
    return json.dumps(plans(json.loads(save_json), json.loads(seats_json), chances))


def review_stop() -> str:
    steps = _review.pop("steps", None)
    if steps is not None:
        steps.close()
    return "stopped"


#: The daily puzzle's answer being measured (one at a time): engine.coach.puzzles.answer_steps.
_answer: dict[str, Any] = {}


def puzzle_start(puzzle_json: str, move: str) -> str:
    """Start measuring a puzzle answer (a placement) against the puzzle's best; the answer
    is ``{"total": worlds}``. Each `puzzle_next` then measures a few worlds, so every call
    is short and the page shows the progress."""
    from engine.coach.puzzles import WORLDS, answer_steps

    puzzle_stop()
    _answer["steps"] = answer_steps(json.loads(puzzle_json), str(move))
    return json.dumps({"total": WORLDS})


def puzzle_next() -> str:
    """The next step as JSON: ``{"done", "total"}``, the last with ``"figures"``; "" when
    nothing is being measured."""
    steps = _answer.get("steps")
    if steps is None:
        return ""
    try:
        step = next(steps)
    except StopIteration:
        _answer.clear()
        return ""
    if "figures" in step:
        _answer.clear()
    return json.dumps(step)


def puzzle_stop() -> str:
    steps = _answer.pop("steps", None)
    if steps is not None:
        steps.close()
    return "stopped"


def hint(view_json: str, seed: int, level: str = "strong") -> str:
    """A hint for the player to move (the level's move at its default budget), with its
    reason: JSON ``{"move", "facts", "reason"}`` (engine.coach.hints.hint)."""
    from engine.coach.hints import hint as explain

    chosen = available_level(str(level))
    limit = BOT_LEVELS[chosen].default_budget_ms  # as for the bots' own moves: a ceiling
    view = json.loads(view_json)
    return json.dumps(explain(view, level=chosen, seed=int(seed), time_limit_ms=limit))


def levels() -> str:
    return json.dumps(sorted(BOT_LEVELS))


def ping() -> str:
    return "pong"


__export__ = [
    "choose", "choose_challenge", "hint", "levels", "ping", "puzzle_next", "puzzle_start",
    "puzzle_stop", "review_next", "review_plans", "review_start", "review_stop",
]  # fmt: skip
