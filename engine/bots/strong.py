"""The ``strong`` level: determinised search one turn deep.

Each candidate placement is played out up to the bot's next turn, the rivals answering
greedily, and the position there is valued by the side's standing against its best
rival plus the best move then on offer to the bot (which rewards keeping good tiles and
open lines). See :mod:`engine.bots.search` for the machinery and the budget.
"""

from __future__ import annotations

from engine.bots.search import Search


class Strong(Search):
    """Determinised Monte-Carlo search to the bot's next turn, with successive halving."""

    level = "strong"
    default_budget_ms = 1000
    max_width = 16
