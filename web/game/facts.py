"""What the game screen's model depends on that depends only on the position.

`facts_for` builds `Facts` (the player view, the legal moves, the moves in words), reusing
the words of an earlier position of the same game so a move costs one new line, not the
whole list. `web.game.model` and its texts read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.rules.game import Game
from web.board.placing import LegalIndex, Tile
from web.game import words
from web.game.state import Position, Screen, position_of
from web.game.words import MoveWords
from web.i18n import language
from web.play.session import HUMAN, rack_owner


# --- what depends on the position only ---------------------------------------------------------
@dataclass(frozen=True)
class Facts:
    game: Game = field(compare=False)  # held, so its id cannot be reused meanwhile
    position: Position
    revealed: int | None
    seats: tuple[str, ...]
    owner: int | None  # whose rack the screen may show
    view: dict[str, Any] = field(compare=False)  # game.view(owner)
    my_turn: bool = False  # a person at this screen decides now
    index: LegalIndex = field(default_factory=lambda: LegalIndex([]), compare=False)
    rack: tuple[Tile, ...] = ()
    moves: tuple[MoveWords, ...] = ()
    language: str = "en"  # the moves' words are in this language
    locked: bool = False  # a question on the board was answered: nothing more to place


def facts_for(game: Game, screen: Screen, previous: Facts | None = None) -> Facts:
    """The position's facts (or `previous` itself when nothing changed)."""
    position = position_of(game)
    seats = tuple(screen.seats)
    locked = screen.question is not None and screen.question.locked
    if (
        previous is not None
        and previous.game is game
        and previous.position == position
        and previous.revealed == screen.revealed
        and previous.seats == seats
        and previous.language == language()
        and previous.locked == locked
    ):
        return previous
    owner = rack_owner(list(seats), game.current, screen.revealed)
    view = game.view(owner)
    my_turn = game.phase != "over" and seats[game.current] == HUMAN and owner == game.current
    my_turn = my_turn and not locked
    rack: tuple[Tile, ...] = ()
    if owner is not None:
        rack = tuple((str(a), str(b)) for a, b in view["racks"].get(str(owner), []))
    kept: tuple[MoveWords, ...] = ()
    if previous is not None and previous.game is game and previous.language == language():
        same = 0
        for old, new in zip(previous.position, position, strict=False):
            if old != new:
                break
            same += 1
        kept = previous.moves[:same]
    radius = game.zone.radius
    fresh = tuple(  # a bot's placement also says where it went: nobody saw it aimed
        words.describe(game.log, i, game.names, game.variant.name,
                       None if seats[int(game.log[i]["seat"])] == HUMAN else radius)
        for i in range(len(kept), len(game.log))
    )  # fmt: skip
    return Facts(
        game, position, screen.revealed, seats, owner, view, my_turn,
        LegalIndex.of_game(game) if my_turn else LegalIndex([]), rack, kept + fresh, language(),
        locked,
    )  # fmt: skip
