"""Pure placement logic: from rack tile + cell + turn to an engine move string.

The engine decides what is legal; this module only indexes `game.legal_moves()` so the
interface can ask "is this tile, here, turned this way, legal?" in O(1) and knows
which cells to offer. A placement is (anchor, direction): the tile's first colour goes
on the anchor, its second on the neighbour in that direction. Turning the tile steps
the direction clockwise, which is what a player does with a real tile.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.tiles import COLOURS
from web.board.hexgrid import DIRECTIONS, Cell, add, direction_index, ring

Tile = tuple[str, str]
Half = tuple[Cell, str]
DECISIONS = ("swap", "pass")


def parse_placement(move: str) -> tuple[Half, Half] | None:
    """'q1,r1:c1 q2,r2:c2' -> ((cell1, c1), (cell2, c2)); None for decisions or junk."""
    parts = move.split()
    if len(parts) != 2:
        return None
    halves: list[Half] = []
    for part in parts:
        where, sep, colour = part.partition(":")
        qs, comma, rs = where.partition(",")
        if not sep or not comma:
            return None
        try:
            halves.append(((int(qs), int(rs)), colour))
        except ValueError:
            return None
    return (halves[0], halves[1])


def format_placement(a: Cell, colour_a: str, b: Cell, colour_b: str) -> str:
    return f"{a[0]},{a[1]}:{colour_a} {b[0]},{b[1]}:{colour_b}"


def _key(h1: Half, h2: Half) -> frozenset[Half]:
    return frozenset((h1, h2))


class LegalIndex:
    """Lookup tables over one position's legal moves."""

    def __init__(self, legal_moves: list[str]) -> None:
        self.decisions = [m for m in legal_moves if m in DECISIONS]
        # A placement's engine text, or the engine's placement itself (`of_game`), written
        # as text only when asked for.
        self._by_key: dict[frozenset[Half], str | Placement] = {}
        self._covered: dict[Tile, frozenset[Cell]] = {}
        #: `build`'s cells by colour pair (the pair's colours sorted): what `covered_cells`
        #: answers a pick with, without a pass over every placement.
        self._by_pair: dict[tuple[str, str], set[Cell]] | None = None
        self._text: Callable[[Placement], str] = str
        # `of_game`'s placements, put into the tables when first asked (`build`).
        self._pending: tuple[list[Placement], tuple[Cell, ...]] | None = None
        for move in legal_moves:
            halves = parse_placement(move)
            if halves is None:
                continue
            self._by_key[_key(*halves)] = move

    @classmethod
    def of_game(cls, game: Game) -> LegalIndex:
        """The index of the legal moves of `game` as it stands, built from the engine's
        placements (cell numbers and colours) rather than from each move's text written
        and read back, which took most of a new position's time on the first tap: a
        move's text is written when asked for, the same as `game.legal_moves()` gives."""
        placements = game.placements()
        if not placements:
            return cls(game.legal_moves())
        index = cls([])
        index._pending = (placements, game.zone.cells)
        index._text = game.placement_text
        return index

    def build(self) -> dict[frozenset[Half], str | Placement]:
        """The tables, made now if `of_game` left them for later (the page makes them in
        the frame after a new position is shown, or at the first question)."""
        if self._pending is not None:
            placements, cells = self._pending
            self._pending = None
            table = self._by_key
            covered: dict[tuple[int, int], set[int]] = {}
            for p in placements:
                a, b, x, y = p
                table[_key((cells[a], COLOURS[x]), (cells[b], COLOURS[y]))] = p
                pair = (x, y) if x <= y else (y, x)
                found = covered.get(pair)
                if found is None:
                    found = covered[pair] = set()
                found.add(a)
                found.add(b)
            self._by_pair = {}
            for (x, y), found in covered.items():
                first, second = sorted((COLOURS[x], COLOURS[y]))
                self._by_pair[(first, second)] = {cells[i] for i in found}
        return self._by_key

    @property
    def pending(self) -> bool:
        """The tables are still to be made (`build`)."""
        return self._pending is not None

    def _move(self, found: str | Placement | None) -> str | None:
        return found if found is None or isinstance(found, str) else self._text(found)

    @property
    def moves(self) -> list[str]:
        """Every legal move's text (placements, then the decisions)."""
        return [str(self._move(m)) for m in self.build().values()] + self.decisions

    @property
    def has_placements(self) -> bool:
        return self._pending is not None or bool(self._by_key)

    def move_for(self, tile: Tile, anchor: Cell, direction: int) -> str | None:
        """The engine's move string for this tile here, or None if illegal."""
        partner = add(anchor, DIRECTIONS[direction % 6])
        return self._move(self.build().get(_key((anchor, tile[0]), (partner, tile[1]))))

    def move_between(self, tile: Tile, anchor: Cell, partner: Cell) -> str | None:
        d = direction_index(anchor, partner)
        return None if d is None else self.move_for(tile, anchor, d)

    def directions(self, tile: Tile, anchor: Cell) -> list[int]:
        return [d for d in range(6) if self.move_for(tile, anchor, d) is not None]

    def anchors(self, tile: Tile) -> set[Cell]:
        """Cells where the tile's first colour can go in some legal placement."""
        cells: set[Cell] = set()
        for key in self.build():
            for cell, colour in key:
                if colour == tile[0] and self._partner_ok(key, cell, tile[1]):
                    cells.add(cell)
        return cells

    def covered_cells(self, tile: Tile) -> frozenset[Cell]:
        """Every cell that some legal placement of this tile covers (worked out once)."""
        known = self._covered.get(tile)
        if known is not None:
            return known
        cells: set[Cell] = set()
        wanted = sorted(tile)
        table = self.build()
        if self._by_pair is not None:
            found = self._by_pair.get((wanted[0], wanted[1]), set())
            self._covered[tile] = frozenset(found)
            return self._covered[tile]
        for key in table:
            if sorted(colour for _, colour in key) == wanted:
                cells.update(cell for cell, _ in key)
        self._covered[tile] = frozenset(cells)
        return self._covered[tile]

    def first_direction(self, tile: Tile, anchor: Cell, start: int) -> int | None:
        """The first legal direction at `anchor`, turning clockwise from `start`."""
        for step in range(6):
            d = (start + step) % 6
            if self.move_for(tile, anchor, d) is not None:
                return d
        return None

    @staticmethod
    def _partner_ok(key: frozenset[Half], cell: Cell, colour: str) -> bool:
        others = [h for h in key if h[0] != cell]
        return len(others) == 1 and others[0][1] == colour


@dataclass
class Aim:
    """What the current human is aiming: rack slot, cell, direction (pure UI state)."""

    slot: int | None = None
    cell: Cell | None = None
    direction: int = 0
    touch_anchor: Cell | None = None
    notes: list[str] = field(default_factory=list)

    def rotate(self, step: int = 1) -> None:
        self.direction = (self.direction + step) % 6

    def reset(self) -> None:
        self.slot, self.cell, self.touch_anchor = None, None, None


def tile_at(rack: list[Tile], slot: int | None) -> Tile | None:
    if slot is None or not 0 <= slot < len(rack):
        return None
    return rack[slot]


def step_cursor(cell: Cell, key: str, radius: int) -> Cell:
    """Move the keyboard cursor one cell; up/down zig-zag to stay in a screen column.

    Rows are offset by half a cell, so "straight up" alternates NW and NE. Choosing by
    row parity keeps the cursor in a column instead of drifting sideways.
    """
    q, r = cell
    odd = r % 2 != 0
    steps = {
        "ArrowLeft": (-1, 0),
        "ArrowRight": (1, 0),
        "ArrowUp": (1, -1) if odd else (0, -1),
        "ArrowDown": (0, 1) if odd else (-1, 1),
    }
    dq, dr = steps.get(key, (0, 0))
    target = (q + dq, r + dr)
    return target if ring(target) <= radius else cell
