"""The pieces a Challenges screen model is made of: plain, immutable data.

A screen model (see ``screen.py``) is built from these by pure functions and drawn by
the ``draw`` package; nothing here knows HTML. Every text a person reads or hears is in here,
accessible names included, so the page only has to put them in place.
"""

from __future__ import annotations

from dataclasses import dataclass

from web.challenges.previews import Gain
from web.challenges.words.phrases import Line, Phrase


@dataclass(frozen=True)
class Action:
    """What a control does. ``kind`` is one of the kinds ``actions.perform`` knows;
    ``move`` is the engine move of a ``"move"``; ``index``/``name`` say which card, die,
    order or symbol."""

    kind: str
    move: str = ""
    index: int = -1
    name: str = ""


@dataclass(frozen=True)
class Control:
    """A button (or a choice) of the screen. Its ``id`` is also the key of its action
    in the screen model; a control that is not enabled has no action."""

    id: str
    label: Phrase
    enabled: bool = True
    primary: bool = False
    aria_label: str = ""
    pressed: bool | None = None
    title: str = ""


# --------------------------------------------------------------------------- table


@dataclass(frozen=True)
class FaceUp:
    card: str
    where: str
    label: str


@dataclass(frozen=True)
class CardSeat:
    seat: int
    name: str
    current: bool
    faceup: tuple[FaceUp, ...]
    hand_note: str


@dataclass(frozen=True)
class CardsTable:
    seats: tuple[CardSeat, ...]
    deck_note: str


@dataclass(frozen=True)
class Die:
    colour: str | None  # None: not rolled (or not shown yet)
    label: str
    points: int | None = None  # what it would score (own roll only)


@dataclass(frozen=True)
class DiceSeat:
    seat: int
    name: str
    current: bool
    label: str
    dice: tuple[Die, ...]


@dataclass(frozen=True)
class DiceTable:
    seats: tuple[DiceSeat, ...]


@dataclass(frozen=True)
class Tile:
    colour: str
    label: str
    drawn: bool = False


@dataclass(frozen=True)
class TilesTable:
    centre: tuple[Tile, ...]
    centre_label: str
    pool_size: int
    pool_label: str
    drawn: tuple[Tile, ...]
    drawn_title: str


Table = CardsTable | DiceTable | TilesTable


# --------------------------------------------------------------------------- panel blocks


@dataclass(frozen=True)
class Note:
    phrase: Phrase
    muted: bool = False


@dataclass(frozen=True)
class Buttons:
    controls: tuple[Control, ...]


@dataclass(frozen=True)
class Offer:
    """A question at the end of a turn (the Card Challenge's hand discard)."""

    label: str
    phrase: Phrase
    controls: tuple[Control, ...]


@dataclass(frozen=True)
class HandCard:
    slot: int
    card: str
    label: str
    counts: tuple[int, int]
    control: Control | None  # None: shown, not playable now


@dataclass(frozen=True)
class Hand:
    label: str
    cards: tuple[HandCard, ...]


@dataclass(frozen=True)
class OrderOption:
    id: str
    first: str
    second: str
    checked: bool
    gains: tuple[Gain, ...]


@dataclass(frozen=True)
class OrderChoice:
    legend: str
    options: tuple[OrderOption, ...]


@dataclass(frozen=True)
class WithGains:
    """A control with what it would score beside it."""

    control: Control
    gains: tuple[Gain, ...]


@dataclass(frozen=True)
class OwnDice:
    label: str
    dice: tuple[Die, ...]


@dataclass(frozen=True)
class SplitGroup:
    id: str
    symbol: str
    label: str
    options: tuple[str, ...]
    chosen: int


@dataclass(frozen=True)
class Splits:
    legend: str
    groups: tuple[SplitGroup, ...]


@dataclass(frozen=True)
class WildColour:
    id: str
    label: str
    chosen: str


@dataclass(frozen=True)
class PlanRow:
    symbol: str
    phrase: Phrase
    wild: WildColour | None
    gain: Gain | None  # None: the game is won before this item scores
    up: Control
    down: Control


@dataclass(frozen=True)
class Plan:
    title: str
    rows: tuple[PlanRow, ...]


Block = Note | Buttons | Offer | Hand | OrderChoice | WithGains | OwnDice | Splits | Plan


@dataclass(frozen=True)
class Panel:
    """The panel where the player on turn acts (or sees who is acting)."""

    title: str
    blocks: tuple[Block, ...]


# --------------------------------------------------------------------------- score rows


@dataclass(frozen=True)
class Cell:
    value: int
    area: int
    filled: bool
    peg: bool
    gain: bool
    closed: bool


@dataclass(frozen=True)
class ScoreRow:
    colour: str
    value: int
    lowest: bool
    label: str
    cells: tuple[Cell, ...]
    gained: int
    lost: int


@dataclass(frozen=True)
class Board:
    seat: int
    name: str
    current: bool
    lowest: int
    label: str
    rows: tuple[ScoreRow, ...]
    bonus_used: tuple[str, ...]


@dataclass(frozen=True)
class Scores:
    legend: str
    boards: tuple[Board, ...]


# --------------------------------------------------------------------------- dialogs and log


@dataclass(frozen=True)
class Place:
    place: int
    name: str
    first: bool
    detail: str


@dataclass(frozen=True)
class TallyRow:
    name: str
    cells: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class Tally:
    caption: str
    titles: tuple[str, ...]
    rows: tuple[TallyRow, ...]


@dataclass(frozen=True)
class PassDialog:
    title: str
    text: str
    ready: Control


@dataclass(frozen=True)
class ResultDialog:
    """The end of a challenge: between two of a match (``between``) or of the whole."""

    title: str
    why: str
    ranking: tuple[Place, ...]
    tally: Tally | None
    controls: tuple[Control, ...]
    between: bool


Dialog = PassDialog | ResultDialog


@dataclass(frozen=True)
class LogItem:
    prefix: str
    line: Line
