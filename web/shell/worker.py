"""Bot worker: runs the engine's bots off the main thread so the page stays responsive.

It touches no DOM, so it works on any static server (no COOP/COEP headers). Only plain
strings cross the boundary: a JSON player view in, a move string out.
"""

import json

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


def levels() -> str:
    return json.dumps(sorted(BOT_LEVELS))


def ping() -> str:
    return "pong"


__export__ = ["choose", "choose_challenge", "levels", "ping"]
