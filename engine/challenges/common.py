"""Parts shared by the three challenges: score rows, the area restriction, the
common game shell (apply / undo / redo / save) and the final ranking.

Every challenge keeps its whole mutable state, random generator included, in one
``State`` object.  ``apply`` works on a clone of it and only swaps the clone in
when the move was legal, so a refused move never leaves a trace, and undo is a
stack of earlier states.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from copy import deepcopy
from typing import Any, Generic, Self, TypeVar

from engine.rules.errors import IllegalMoveError
from engine.rules.names import MAX_NAME, clean_name
from engine.rules.rng import Rng

COLOURS: tuple[str, ...] = ("red", "green", "blue", "orange", "yellow", "purple")
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}
ROW_CAP = 10
GOAL = 7
SAVE_FORMAT = "ingenious-challenge"
SAVE_VERSION = 1
MAX_NAME_LENGTH = MAX_NAME


def colour_index(name: str, what: str = "colour") -> int:
    """The index of a colour name, or IllegalMoveError naming the bad word."""
    try:
        return COLOUR_INDEX[name]
    except KeyError:
        raise IllegalMoveError(
            f"unknown {what} {name!r}; colours are {', '.join(COLOURS)}"
        ) from None


def shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates with the game's own generator (same order as ``Rng.shuffle``)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


# --------------------------------------------------------------------------- scoring


def area_allows(row: list[int], new_value: int) -> bool:
    """May a row of this board move to ``new_value``? (area restriction and cap)

    The areas are 0 | 1-3 | 4-6 | 7-10: entering 4-6 needs every row off 0, and
    entering 7-10 needs every row at 4 or more.
    """
    if new_value > ROW_CAP:
        return False
    if 4 <= new_value <= 6 and min(row) == 0:
        return False
    return not (new_value >= 7 and min(row) <= 3)


def add_restricted_points(row: list[int], colour: int, points: int) -> tuple[int, bool]:
    """Score ``points`` in ``colour`` one at a time under the area restriction.

    The first refused point ends this batch: the rest of the symbol's points are
    lost too.  Returns ``(gained, reached_cap)``; ``reached_cap`` is true when the
    row arrived at 10 during this batch.
    """
    gained = 0
    for _ in range(points):
        new_value = row[colour] + 1
        if not area_allows(row, new_value):
            break
        row[colour] = new_value
        gained += 1
    return gained, gained > 0 and row[colour] == ROW_CAP


def score_batch(row: list[int], colour: int, points: int) -> tuple[int, bool, bool]:
    """Like ``add_restricted_points`` but stops at once when the goal is reached.

    Returns ``(gained, reached_cap, won)``.
    """
    gained = 0
    capped = False
    for _ in range(points):
        step, hit_cap = add_restricted_points(row, colour, 1)
        if not step:
            break
        gained += 1
        capped = capped or hit_cap
        if reached_goal(row):
            return gained, capped, True
    return gained, capped, False


def reached_goal(row: list[int]) -> bool:
    """Card and Dice Challenges are won with every row at 7 or more."""
    return min(row) >= GOAL


def lowest_colours(row: list[int]) -> list[int]:
    """All colours tied for the fewest points."""
    low = min(row)
    return [c for c, value in enumerate(row) if value == low]


def rank_key(row: list[int]) -> tuple[int, ...]:
    """Rows compared from the lowest up: the higher tuple ranks better."""
    return tuple(sorted(row))


def ranking(rows: list[list[int]], names: list[str], winner: int | None) -> list[dict[str, Any]]:
    """Places for every seat: the goal winner first, the rest by lowest row.

    When nobody reached the goal the lowest row decides (as in the match
    tally), then the next lowest and so on; equal rows share a place.
    """

    def key(seat: int) -> tuple[int, tuple[int, ...]]:
        return (1 if seat == winner else 0, rank_key(rows[seat]))

    order = sorted(range(len(rows)), key=key, reverse=True)
    result: list[dict[str, Any]] = []
    place = 0
    previous: tuple[int, tuple[int, ...]] | None = None
    for index, seat in enumerate(order):
        if key(seat) != previous:
            place = index + 1
            previous = key(seat)
        result.append(
            {
                "seat": seat,
                "name": names[seat],
                "place": place,
                "rows": list(rows[seat]),
                "lowest": min(rows[seat]),
            }
        )
    return result


# --------------------------------------------------------------------------- shell


class BaseState:
    """Fields every challenge state has.  Subclasses add theirs and ``clone``."""

    __slots__ = ("rows", "current", "phase", "winner", "rng", "pending_bonus", "events", "ended_by")

    def __init__(self, players: int, seed: int) -> None:
        self.rows: list[list[int]] = [[0] * 6 for _ in range(players)]
        self.current = 0
        self.phase = ""
        self.winner: int | None = None
        self.rng = Rng(seed)
        self.pending_bonus = 0
        # Human-readable account of the last move, for the log on screen.
        self.events: list[str] = []
        self.ended_by = ""

    def copy_base_into(self, other: BaseState) -> None:
        other.rows = [list(row) for row in self.rows]
        other.current = self.current
        other.phase = self.phase
        other.winner = self.winner
        other.rng = self.rng.copy()
        other.pending_bonus = self.pending_bonus
        other.events = list(self.events)
        other.ended_by = self.ended_by


S = TypeVar("S", bound=BaseState)


def check_names(names: list[str] | None, players: int) -> list[str]:
    if names is None:
        return [f"Player {i + 1}" for i in range(players)]
    if not isinstance(names, list) or len(names) != players:
        raise ValueError(f"names must be a list of {players} strings (one per player)")
    if not all(isinstance(name, str) for name in names):
        raise ValueError("every player name must be a string")
    # Cleaned, not refused (engine.rules.names): an old save with such a name still loads.
    return [
        clean_name(name, f"Player {seat + 1}", MAX_NAME_LENGTH) for seat, name in enumerate(names)
    ]


class Challenge(ABC, Generic[S]):
    """The common shell: history, undo/redo, save, result."""

    variant: str = ""
    min_players = 2
    max_players = 4

    def __init__(
        self,
        players: int,
        seed: int,
        names: list[str] | None = None,
        options: dict[str, Any] | None = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError("players must be a whole number")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"the {self.variant} challenge is for {self.min_players}-{self.max_players} players"
            )
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError("seed must be a whole number >= 0")
        self.players = players
        self.seed = seed
        self.names = check_names(names, players)
        self.options = self.check_options(dict(options or {}))
        self._state: S = self.setup()
        self._moves: list[str] = []
        self._undo: list[S] = []
        self._redo: list[str] = []

    # ---- to be provided by each challenge
    @classmethod
    def check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        if options:
            raise ValueError(f"the {cls.variant} challenge has no options (got {sorted(options)})")
        return options

    @abstractmethod
    def setup(self) -> S:
        """The state after setup, drawn from ``self.seed``."""

    @abstractmethod
    def clone_state(self, state: S) -> S:
        """An independent copy of a state."""

    @abstractmethod
    def moves_in(self, state: S) -> list[str]:
        """Every legal move in ``state``, canonical and sorted."""

    @abstractmethod
    def play(self, state: S, move: str) -> None:
        """Apply ``move`` to ``state`` (a private clone) or raise IllegalMoveError."""

    @abstractmethod
    def view_extra(self, state: S, seat: int) -> dict[str, Any]:
        """The challenge's own part of ``view(seat)``."""

    # ---- public API
    @property
    def current(self) -> int:
        return self._state.current

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def rows(self) -> list[list[int]]:
        return [list(row) for row in self._state.rows]

    @property
    def moves(self) -> list[str]:
        return list(self._moves)

    @property
    def over(self) -> bool:
        return self._state.phase == "over"

    @property
    def winner(self) -> int | None:
        return self._state.winner

    @property
    def events(self) -> list[str]:
        return list(self._state.events)

    def legal_moves(self) -> list[str]:
        if self._state.phase == "over":
            return []
        return self.moves_in(self._state)

    def apply(self, move: str) -> None:
        """Play ``move`` for the current player; refused moves change nothing."""
        if not isinstance(move, str):
            raise IllegalMoveError("a move must be a string")
        if self._state.phase == "over":
            raise IllegalMoveError("the game is over; no more moves")
        move = " ".join(move.split())
        new_state = self.clone_state(self._state)
        new_state.events = []
        self.play(new_state, move)
        self._undo.append(self._state)
        self._state = new_state
        self._moves.append(move)
        self._redo.clear()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        """Take back the last move (its random draws are taken back too)."""
        if not self._undo:
            raise IllegalMoveError("nothing to undo")
        self._state = self._undo.pop()
        self._redo.append(self._moves.pop())

    def redo(self) -> None:
        """Play the last undone move again; the same draws come up again."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        move = self._redo.pop()
        saved_redo = list(self._redo)
        self.apply(move)
        self._redo = saved_redo

    def copy(self) -> Self:
        """An independent game with the same state and history (for search)."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._state = self.clone_state(self._state)
        twin._moves = list(self._moves)
        twin._undo = list(self._undo)  # stored states are never mutated
        twin._redo = list(self._redo)
        twin.names = list(self.names)
        twin.options = dict(self.options)
        return twin

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as plain JSON data."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}")
        state = self._state
        view: dict[str, Any] = {
            "variant": self.variant,
            "players": self.players,
            "names": list(self.names),
            "options": dict(self.options),
            "seat": seat,
            "current": state.current,
            "phase": state.phase,
            "rows": [list(row) for row in state.rows],
            "pending_bonus": state.pending_bonus,
            "winner": state.winner,
            "events": list(state.events),
            "move_number": len(self._moves),
            "legal_moves": self.legal_moves() if seat == state.current else [],
        }
        view.update(self.view_extra(state, seat))
        return view

    def full_state(self) -> dict[str, Any]:
        """Every field of the state, hidden ones included (for tests and debugging only)."""
        state = self._state
        fields: dict[str, Any] = {}
        for cls in type(state).__mro__:
            for name in getattr(cls, "__slots__", ()):
                value = getattr(state, name)
                fields[name] = value.state if isinstance(value, Rng) else deepcopy(value)
        return fields

    def result(self) -> dict[str, Any]:
        """The ranking (provisional while the game runs)."""
        state = self._state
        places = ranking(state.rows, self.names, state.winner)
        winners = [entry["seat"] for entry in places if entry["place"] == 1]
        return {
            "over": state.phase == "over",
            "winner": state.winner,
            "winners": winners if state.phase == "over" else [],
            "ended_by": state.ended_by,
            "ranking": places,
            "victory_points": [min(row) for row in state.rows],
        }

    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "variant": self.variant,
            "players": self.players,
            "names": list(self.names),
            "options": dict(self.options),
            "seed": self.seed,
            "moves": list(self._moves),
        }

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} players={self.players} seed={self.seed} "
            f"moves={len(self._moves)} phase={self.phase!r}>"
        )
