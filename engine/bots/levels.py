"""What each bot level is, in words for the start screen: a pure table, no browser code.

Every level has a title, one line on how it plays, and its measured strength in words.
The strengths come from the arena figures in ``docs/bots.md`` (board game) and
``docs/challenges.md`` (the Challenges), each from a run of its own command; when the
bots change, the runs are made again and these lines follow them.

>>> describe("strong").title
'Strong'
>>> [row["level"] for row in level_table()]
['beginner', 'casual', 'strong', 'expert']
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class LevelInfo:
    """One level as a player sees it."""

    level: str
    title: str
    #: One line: how the level plays.
    plays: str
    #: Its measured strength in words (from the arena figures).
    strength: str


#: The board game's levels, weakest first (the keys of ``engine.bots.BOT_LEVELS``).
BOARD_LEVELS: dict[str, LevelInfo] = {
    info.level: info
    for info in (
        LevelInfo(
            "beginner",
            "Beginner",
            "Places a tile that scores something, at random; never swaps.",
            "Learning the game: Casual wins nearly every game against it.",
        ),
        LevelInfo(
            "casual",
            "Casual",
            "Takes the placement that lifts its lowest colour most right now.",
            "Beats Beginner in 100% of games.",
        ),
        LevelInfo(
            "strong",
            "Strong",
            "Tries its best moves against the tiles you might hold, up to its next turn.",
            "Beats Casual in 85% of games.",
        ),
        LevelInfo(
            "expert",
            "Expert",
            "Plans two of its own turns ahead and blocks your best lines.",
            "Beats Strong in most games.",
        ),
    )
}

#: The Challenges' levels (``engine.challenges.bots.LEVELS``).
CHALLENGE_LEVELS: dict[str, LevelInfo] = {
    info.level: info
    for info in (
        LevelInfo(
            "casual",
            "Casual",
            "Plays what scores most for its lowest row right now.",
            "A fair first opponent.",
        ),
        LevelInfo(
            "strong",
            "Strong",
            "Weighs every draw and what its move leaves for the next player.",
            "Beats Casual in most games.",
        ),
    )
}


def describe(level: str, challenges: bool = False) -> LevelInfo:
    """The entry for a level; ``ValueError`` names the known levels."""
    table = CHALLENGE_LEVELS if challenges else BOARD_LEVELS
    if level not in table:
        raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(table)}")
    return table[level]


def level_table(challenges: bool = False) -> list[dict[str, Any]]:
    """The levels as plain JSON-ready rows, weakest first: level, title, plays, strength."""
    table = CHALLENGE_LEVELS if challenges else BOARD_LEVELS
    return [asdict(info) for info in table.values()]
