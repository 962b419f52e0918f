"""What each bot level is, in words for the start screen: a pure table, no browser code.

Every level has a title, one line on how it plays, and its measured strength in words.
The strengths come from the arena figures in ``docs/bots.md`` (board game) and
``docs/challenges.md`` (the Challenges), each from a run of its own command; when the
bots change, the runs are made again and these lines follow them.

>>> describe("strong").title
'Strong'
>>> [row["level"] for row in level_table()]
['beginner', 'casual', 'strong', 'expert']
>>> level_blurbs()["strong"].startswith("Strong: ")
True
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
            "Beats Beginner in 100% of two-player games.",
        ),
        LevelInfo(
            "strong",
            "Strong",
            "Tries its best moves against the tiles you might hold, up to its next turn.",
            "Beats Casual in 94% of two-player games.",
        ),
        LevelInfo(
            "expert",
            "Expert",
            "Like Strong, but watches your best lines, blocks them, and plans the endgame"
            " to the last tile.",
            "Beats Strong in 70% of two-player games.",
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
            "Weighs every draw and the next player's best reply to what it leaves.",
            "Beats Casual in 83% of Card, 93% of Dice and 60% of Tile games.",
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


def blurb(info: LevelInfo) -> str:
    """One line for a help tip: the title, how the level plays, its measured strength."""
    return f"{info.title}: {info.plays} {info.strength}"


def level_blurbs(challenges: bool = False) -> dict[str, str]:
    """Level name to its one-line help text (see :func:`blurb`), weakest first.

    For the start screens' seat menus: the board game's levels, or with ``challenges``
    the Challenges' levels.
    """
    table = CHALLENGE_LEVELS if challenges else BOARD_LEVELS
    return {level: blurb(info) for level, info in table.items()}
