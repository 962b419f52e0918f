"""The board game screen's own state, and the pure steps that change it.

The engine game is the game state; `Screen` is only what the screen adds: who sits where,
whose rack was revealed on the hot seat, the tile being aimed (slot, cell, turn, touch
anchor, keyboard cursor), a hint, a message for the status line, the move highlighted on
the board, the bot's progress, the landing animation and the zoom. Everything that
belongs to one position (a hint, a message, the bot's coming move, an animation) carries
that position (`Position`, the moves so far) and is ignored once the game has moved on,
undone or loaded another game: nothing stale can be shown.

Input handlers call the functions below and then render once; `web.game.model` turns
the engine game plus this state into everything the screen shows. No browser imports.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.rules.game import Game
from web.board import zoom
from web.board.hexgrid import DIRECTIONS as HEX_DIRECTIONS
from web.board.hexgrid import Cell, add, direction_index
from web.board.hexgrid import distance as hex_distance
from web.board.placing import (
    Aim,
    LegalIndex,
    Tile,
    format_placement,
    parse_placement,
    step_cursor,
    tile_at,
)
from web.i18n import _, fmt
from web.play.session import HUMAN, Setup
from web.store.storage import UiState

#: A position: the moves played so far. What a hint or a message was made for.
Position = tuple[str, ...]


def position_of(game: Game) -> Position:
    return tuple(game.moves)


@dataclass(frozen=True)
class Keyed:
    """A text (a hint's move, a message) that belongs to one position."""

    text: str
    position: Position

    def at(self, position: Position) -> str | None:
        return self.text if self.position == position else None


@dataclass(frozen=True)
class Landing:
    """The animation of the move that led to `position` (the rays that scored)."""

    position: Position
    cells: tuple[Cell, ...]
    rays: tuple[dict[str, Any], ...]
    started_ms: float
    length_ms: float


@dataclass(frozen=True)
class Question:
    """A position put to the person at the screen as a question (the daily puzzle, which
    the shell wires in): a placement made on the board answers it instead of being played.
    Whoever asks gives the words. Once answered the board is locked: it shows the answer
    as a tile with its scoring rays, and the best placement, when another, as a faded one.
    A first click or tap only aims the answer (a second one, or Place, gives it), as with
    the "confirm placement" setting, so a slip of the finger is not an answer."""

    status: str  # the status line: the task, then the verdict
    answered: bool = False  # the board is locked
    answer: str | None = None  # the placement given, shown on the board (None: not known)
    best: str | None = None  # once answered: the best placement, shown beside another answer

    @property
    def locked(self) -> bool:
        return self.answered


@dataclass
class Bot:
    """What the bot driver is doing: ``idle``, ``starting`` (the worker is loading),
    ``thinking``, ``showing`` (its coming move, for a moment) or ``restarting``."""

    phase: str = "idle"
    position: Position = ()
    coming: str | None = None  # the placement about to land, shown as a ghost


@dataclass
class Screen:
    """Everything the board game screen shows besides the engine game."""

    setup: Setup
    revealed: int | None = None  # hot seat: whose rack was confirmed on the pass screen
    aim: Aim = field(default_factory=Aim)
    cursor: Cell | None = None  # the keyboard cursor
    keyboard: bool = False  # the last input was a key: show the cursor
    touch: bool = False  # a finger works this screen (a coarse pointer, or the last tap)
    hint: Keyed | None = None  # the strong bot's choice, as a move string
    #: Why the hint: its facts and the next best move (``engine.coach.hints.hint``'s answer).
    hint_reason: dict[str, Any] = field(default_factory=dict)
    hints: int = 0  # hints shown in this game (kept with the autosave, told at the end)
    #: A resumed game's position: "since your last turn" shows there until a move is made
    #: or it is closed.
    welcome: Position | None = None
    asking: Position | None = None  # a hint is being worked out for this position
    notice: Keyed | None = None  # a status-line message (a refusal, a touch step, a restart)
    said: Keyed | None = None  # what screen readers hear after an aim change
    # What the live region reads out in this position: "cursor" (the keyboard cursor's
    # cell, or the aimed tile's score there) or "board" (Describe the board); the words
    # are the model's (web/board/board_words.py).
    speak: Keyed | None = None
    marked: tuple[int, Position] | None = None  # (log index, position): a move hovered
    over_closed: bool = False  # "Look at the board" hid the game-over card
    bot: Bot = field(default_factory=Bot)
    landing: Landing | None = None
    zoom: zoom.View = zoom.FITTED
    # The "confirm placement" setting (kept with the settings, used on the hot seat only)
    # and the placement a first click or tap aimed, waiting for the second or for Place.
    confirm: bool = False
    armed: Keyed | None = None
    #: A question put on the board (the daily puzzle): placements answer it, none is played.
    question: Question | None = None

    @property
    def seats(self) -> list[str]:
        return self.setup.seats

    def ui(self) -> UiState:
        """What is kept with the autosave, so a reload shows the same screen."""
        return UiState(self.revealed, "game", self.hints)


def setup_of(game: Game, seats: list[str]) -> Setup:
    return Setup(game.variant.name, game.players, list(game.names), list(seats), game.seed,
                 dict(game.options))  # fmt: skip


def screen_for(game: Game, seats: list[str], ui: UiState | None = None) -> Screen:
    """The screen state for a game just started, loaded or reloaded.

    The stored `revealed` seat only counts if that person is still the one to move (the
    hot-seat player had confirmed before the reload): the pass screen is not asked twice.
    """
    screen = Screen(setup_of(game, seats))
    revealed = ui.revealed if ui is not None else None
    if (
        revealed is not None
        and revealed == game.current
        and 0 <= revealed < len(seats)
        and seats[revealed] == HUMAN
    ):
        screen.revealed = revealed
    screen.hints = ui.hints if ui is not None else 0
    if ui is not None:
        screen.welcome = position_of(game)
    return screen


# --- moving on -------------------------------------------------------------------------------
def after_move(screen: Screen, game: Game, mover: int) -> None:
    """A move was played: the aim starts over when another person takes the screen."""
    screen.aim.touch_anchor = None
    screen.marked = None
    if game.current != mover and screen.seats[game.current] == HUMAN:
        screen.aim = Aim(direction=screen.aim.direction)


def after_undo(screen: Screen) -> None:
    screen.aim = Aim(direction=screen.aim.direction)
    screen.marked = None
    screen.over_closed = False


# --- confirming a placement (hot seat) -----------------------------------------------------
def confirming(screen: Screen) -> bool:
    """The setting applies where Undo is off: two or more people at the screen. A
    question is always answered so: an answer is given once, with no Undo."""
    if screen.question is not None:
        return True
    return screen.confirm and sum(1 for s in screen.seats if s == HUMAN) >= 2


def armed_move(screen: Screen, position: Position) -> str | None:
    """The placement a first click aimed in this position (setting on), if any."""
    if screen.armed is None or not confirming(screen):
        return None
    return screen.armed.at(position)


def click_place(screen: Screen, move: str, position: Position) -> str | None:
    """A click or tap on a legal placement: the move to play now, or None while the
    setting asks for it twice (the first click aims it; the same placement again, or
    Place, plays it; another one is aimed instead)."""
    if not confirming(screen):
        return move
    armed = screen.armed.at(position) if screen.armed else None
    if armed == move:
        screen.armed = None
        return move
    screen.armed = Keyed(move, position)
    return None


def arm_tapped(screen: Screen, tile: Tile, move: str, position: Position) -> str | None:
    """Touch: the placement two taps made. With the setting on, the first time it is only
    aimed (shown as the ghost, from the cell of the tile's first colour), and a tap on
    either of its cells, or Place, plays it."""
    if click_place(screen, move, position) is not None:
        return move
    halves = parse_placement(move)
    if halves is not None:
        (a, colour_a), (b, _) = halves
        anchor, partner = (a, b) if colour_a == tile[0] else (b, a)
        d = direction_index(anchor, partner)
        if d is not None:
            screen.aim.direction = d
            screen.aim.cell = screen.aim.touch_anchor = anchor
    screen.notice = None
    return None


# --- aiming ----------------------------------------------------------------------------------
def effective(screen: Screen, index: LegalIndex, tile: Tile | None) -> tuple[Cell, int] | None:
    """The aimed cell and a legal direction there (turning on from the chosen one)."""
    cell = screen.aim.cell
    if tile is None or cell is None:
        return None
    direction = index.first_direction(tile, cell, screen.aim.direction)
    return None if direction is None else (cell, direction)


def candidate(screen: Screen, index: LegalIndex, tile: Tile | None) -> str | None:
    """The move a click or Enter would play now, or None."""
    eff = effective(screen, index, tile)
    if tile is None or eff is None:
        return None
    return index.move_for(tile, eff[0], eff[1])


def aimed_move(screen: Screen, tile: Tile | None) -> str | None:
    """The placement as aimed (legal or not): what the engine is asked about a refusal."""
    cell = screen.aim.cell
    if tile is None or cell is None:
        return None
    partner = add(cell, HEX_DIRECTIONS[screen.aim.direction % 6])
    return format_placement(cell, tile[0], partner, tile[1])


def select_slot(screen: Screen, index: LegalIndex, rack: list[Tile], slot: int) -> str | None:
    """Pick (or put back) a rack tile; returns what screen readers should hear."""
    if not index.has_placements or not 0 <= slot < len(rack):
        return None
    screen.aim.slot = None if screen.aim.slot == slot else slot
    screen.aim.touch_anchor = None
    screen.speak = None
    screen.hint = None
    screen.notice = None
    tile = tile_at(rack, screen.aim.slot)
    if tile is None:
        return fmt("Tile {n} put back.", n=slot + 1)
    if screen.keyboard and (screen.cursor is None or not index.directions(tile, screen.cursor)):
        # Keyboard players start on the legal cell nearest the cursor, not on a dead spot.
        here = screen.cursor or (0, 0)
        anchors = sorted(index.anchors(tile), key=lambda c: (hex_distance(c, here), c[1], c[0]))
        if anchors:
            screen.cursor = screen.aim.cell = anchors[0]
    from web.board.symbols import colour_name

    return fmt(
        "Tile {n}: {first} and {second} selected.",
        n=slot + 1,
        first=colour_name(tile[0]),
        second=colour_name(tile[1]),
    )


def speak(screen: Screen, what: str, position: Position) -> None:
    """Have the live region read out the cursor ("cursor") or the board ("board")."""
    screen.said = None
    screen.speak = Keyed(what, position)


def drop_tile(screen: Screen) -> None:
    screen.aim.slot = None
    screen.aim.touch_anchor = None
    screen.notice = None


def rotate(screen: Screen, index: LegalIndex, tile: Tile | None, step: int = 1) -> None:
    """Turn the tile: on a cell, to the next legal turn there; elsewhere one step."""
    if tile is None:
        return
    eff = effective(screen, index, tile)
    if eff is None:
        screen.aim.rotate(step)
        return
    cell, current = eff
    for k in range(1, 7):
        d = (current + k * (1 if step > 0 else -1)) % 6
        if index.move_for(tile, cell, d) is not None:
            screen.aim.direction = d
            return
    screen.aim.rotate(step)


def move_cursor(screen: Screen, key: str, radius: int) -> None:
    screen.keyboard = True
    screen.said = None
    screen.cursor = step_cursor(screen.cursor or screen.aim.cell or (0, 0), key, radius)
    screen.aim.cell = screen.cursor


def point_at(screen: Screen, cell: Cell | None) -> bool:
    """The mouse is over `cell`; True if the aim changed."""
    screen.keyboard = False
    if cell == screen.aim.cell:
        return False
    screen.aim.cell = cell
    screen.cursor = None
    return True


def tap(screen: Screen, index: LegalIndex, tile: Tile | None, cell: Cell | None,
        position: Position) -> str | None:  # fmt: skip
    """Touch: tap a cell for the tile's first half, then a neighbour for the second.

    Returns the move to play, or None (the status line then says what to do next).
    """
    if tile is None:
        screen.notice = Keyed(_("Pick a tile first, then tap two neighbouring cells."), position)
        return None
    if cell is None:
        return None
    anchor = screen.aim.touch_anchor
    if anchor is not None:
        if cell == anchor:
            return candidate(screen, index, tile)
        d = direction_index(anchor, cell)
        move = None if d is None else index.move_for(tile, anchor, d)
        if move is not None:
            return move
    if index.directions(tile, cell):
        screen.aim.touch_anchor = cell
        screen.aim.cell = cell
        screen.notice = Keyed(
            _("Now tap the neighbouring cell for the other half (or tap again to place as shown)."),
            position,
        )
        return None
    screen.aim.touch_anchor = None
    screen.aim.cell = cell
    return None


def set_hint(screen: Screen, index: LegalIndex, rack: list[Tile], move: str,
             position: Position, why: dict[str, Any] | None = None) -> None:  # fmt: skip
    """Show the strong bot's choice: as a faded tile, and aimed, ready for Place; `why`
    says what it does (colours raised, a line blocked, a bonus or swap set up)."""
    from web.board.placing import parse_placement

    if screen.hint is None or screen.hint.at(position) is None:
        screen.hints += 1
    screen.hint = Keyed(move, position)
    screen.hint_reason = dict(why or {})
    screen.asking = None
    screen.notice = None
    halves = parse_placement(move)
    if halves is None:
        return
    (a, colour_a), (b, colour_b) = halves
    for slot, tile in enumerate(rack):
        if sorted(tile) != sorted((colour_a, colour_b)):
            continue
        anchor, partner = (a, b) if tile[0] == colour_a else (b, a)
        d = direction_index(anchor, partner)
        if d is not None:
            screen.aim.slot, screen.aim.direction = slot, d
            screen.aim.cell = screen.cursor = anchor
        return
