"""Built-in bots. Every bot sees only a player view (``game.view(seat)``).

May import the rules; nothing else of the engine.

>>> from engine import new_game
>>> from engine.bots import make_bot
>>> game = new_game("standard", players=2, seed=3)
>>> move = make_bot("casual", seed=1).choose(game.view(0))
>>> move in game.legal_moves()
True
"""

from __future__ import annotations

from engine.bots.base import Beginner, Bot, Casual
from engine.bots.strong import Strong
from engine.bots.valued import ClassicExpert, ValuedExpert

#: The levels, weakest first.
BOT_LEVELS: dict[str, type[Bot]] = {
    "beginner": Beginner,
    "casual": Casual,
    "strong": Strong,
    "expert": ValuedExpert,
}

#: Levels kept for the arena's comparisons, not offered to players: ``classic`` is expert
#: as it was before its learned value (issue 54), the level the new one is measured
#: against.
REFERENCE_LEVELS: dict[str, type[Bot]] = {"classic": ClassicExpert}


def level_class(level: str) -> type[Bot]:
    """The bot class of a level a player picks or of a reference level (a tool may add
    its own to either table); ``ValueError`` names the levels."""
    found = BOT_LEVELS.get(level) or REFERENCE_LEVELS.get(level)
    if found is None:
        known = ", ".join([*BOT_LEVELS, *REFERENCE_LEVELS])
        raise ValueError(f"unknown bot level {level!r}; levels are {known}")
    return found


def make_bot(
    level: str,
    seed: int = 0,
    budget_ms: int | None = None,
    time_limit_ms: float | None = None,
    evaluation: str | None = None,
) -> Bot:
    """A bot of the named level (``engine.bots.BOT_LEVELS``, or a reference level of
    ``REFERENCE_LEVELS`` for the arena); no budget: the level's default.
    ``time_limit_ms``: a wall-clock ceiling per move (the browser's), None for none.
    ``evaluation``: for a searching level, another value of a side than its own (a name in
    ``engine.bots.evaluate.EVALUATIONS``; the arena compares them), None for its own."""
    from engine.bots.evaluate import evaluation as find_evaluation

    bot = level_class(level)(seed=seed, budget_ms=budget_ms, time_limit_ms=time_limit_ms)
    if evaluation is not None:
        find_evaluation(evaluation)  # a clear message for an unknown name
        if bot.evaluation is None:
            raise ValueError(f"the {level} level does not search: it takes no evaluation")
        bot.evaluation = evaluation
    return bot


def make_browser_bot(
    level: str, seed: int = 0, budget_ms: int | None = None, evaluation: str | None = None
) -> Bot:
    """A bot as the page's worker makes it: its budget (the one given, else its level's
    default) is also its ceiling on the clock (strong 1 s, expert 2 s). ``evaluation``:
    as for :func:`make_bot` (the arena's comparisons)."""
    bot = make_bot(level, seed=seed, budget_ms=budget_ms, evaluation=evaluation)
    bot.time_limit_ms = bot.budget_ms
    return bot


__all__ = ["BOT_LEVELS", "REFERENCE_LEVELS", "Bot", "level_class", "make_bot", "make_browser_bot"]
