"""The Challenges screen's own small state: what is not in the game but changes the screen.

Everything tied to a position (a half-made choice, a bot's coming move, a message, the
"Ingenious!" banner) carries the position it belongs to and is ignored once the game has
moved on. Nothing here is saved: a reload starts from a fresh :class:`ScreenState`
(the hot-seat pass screen then shows again, on purpose).
"""

from __future__ import annotations

from dataclasses import dataclass

from web.challenges.previews import DicePlan
from web.challenges.session import Position
from web.challenges.words.phrases import Phrase


@dataclass(frozen=True)
class Choice:
    """What the person on turn has picked so far, at one position."""

    at: Position
    card_slot: int | None = None
    order: tuple[str, str] | None = None
    plan: DicePlan | None = None


@dataclass(frozen=True)
class Keyed:
    """A text that belongs to one position."""

    at: Position
    text: str


@dataclass(frozen=True)
class BotNote:
    """A bot's coming move, shown for a moment before it is played."""

    at: Position
    phrase: Phrase


@dataclass(frozen=True)
class ScreenState:
    revealed: tuple[int, int] | None = None  # (challenge index, seat) past the pass screen
    choice: Choice | None = None
    bot_note: BotNote | None = None
    problem: Keyed | None = None
    stalled: Position | None = None  # a bot failed to move here: it does not try again
    banner: Keyed | None = None
    over_closed: bool = False
    rules_open: bool = False
    announcement: str = ""

    def choice_at(self, position: Position) -> Choice:
        """The choice for this position (an empty one if it belonged to another)."""
        if self.choice is not None and self.choice.at == position:
            return self.choice
        return Choice(position)

    def text_at(self, keyed: Keyed | None, position: Position) -> str:
        return keyed.text if keyed is not None and keyed.at == position else ""
