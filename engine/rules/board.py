"""Board geometry: hex cells, zones, neighbours and scoring rays.

Pointy-top hexagons in axial coordinates ``(q, r)``: ``q`` grows to the right
along a row, ``r`` grows downward. Tables are built once per zone radius, the
way a chess library builds its attack tables at import time, so that scoring
and move generation only index into tuples.

>>> ring(0, 0), ring(5, -5), ring(-3, 7)
(0, 5, 7)
>>> zone(5).size, zone(6).size, zone(7).size
(91, 127, 169)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Cell = tuple[int, int]

#: A cell with no tile and no printed symbol, on the board as the game keeps it.
EMPTY = -1

#: The six directions, in the order E, W, NE, NW, SE, SW.
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "W", "NE", "NW", "SE", "SW")
#: ``OPPOSITE[d]`` is the direction pointing back along ``d``.
OPPOSITE: tuple[int, ...] = (1, 0, 5, 4, 3, 2)

#: Radius of the physical board; the playable zone is a smaller hexagon for fewer players.
BOARD_RADIUS = 7

#: The printed symbols: the corners of ring 5, clockwise on screen from the top-left.
#: Colour indices follow ``engine.rules.tiles.COLOURS`` (red, green, blue, orange, yellow, purple).
START_SYMBOLS: tuple[tuple[Cell, int], ...] = (
    ((0, -5), 0),
    ((5, -5), 1),
    ((5, 0), 2),
    ((0, 5), 3),
    ((-5, 5), 4),
    ((-5, 0), 5),
)


def ring(q: int, r: int) -> int:
    """Distance of a cell from the centre."""
    return max(abs(q), abs(r), abs(q + r))


@dataclass(frozen=True)
class Zone:
    """The playable cells for one radius, with every table scoring needs.

    Cells are numbered ``0 .. size-1`` in reading order (row by row, left to right).
    ``neighbours[i][d]`` is the cell next to ``i`` in direction ``d`` (``-1`` outside the
    zone) and ``rays[i][d]`` the cells from ``i`` outward in direction ``d`` up to the
    zone edge. ``pairs`` lists every two adjacent cells ``(i, j)`` with ``i < j``, and
    ``pairs_of[i]`` the indices of the pairs that contain ``i``.
    """

    radius: int
    cells: tuple[Cell, ...]
    index: dict[Cell, int]
    neighbours: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    pairs: tuple[tuple[int, int], ...]
    pair_index: dict[tuple[int, int], int]
    pairs_of: tuple[tuple[int, ...], ...]
    symbols: tuple[tuple[int, int], ...]  # (cell index, colour) of the printed symbols

    @property
    def size(self) -> int:
        return len(self.cells)

    def contains(self, cell: Cell) -> bool:
        return cell in self.index

    def direction(self, a: int, b: int) -> int:
        """The direction from cell ``a`` to its neighbour ``b`` (``-1`` if not adjacent)."""
        row = self.neighbours[a]
        for d in range(6):
            if row[d] == b:
                return d
        return -1


@cache
def zone(radius: int) -> Zone:
    """The zone of the given radius (5, 6 or 7), built once."""
    if not 5 <= radius <= BOARD_RADIUS:
        raise ValueError(f"zone radius must be 5, 6 or 7, not {radius}")
    cells = tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if ring(q, r) <= radius
    )
    index = {cell: i for i, cell in enumerate(cells)}
    neighbours = tuple(
        tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in cells
    )
    rays = tuple(tuple(_ray(index, cell, step) for step in DIRECTIONS) for cell in cells)
    pairs = tuple((i, j) for i in range(len(cells)) for j in neighbours[i] if j > i)
    pair_index = {pair: k for k, pair in enumerate(pairs)}
    pairs_of = tuple(
        tuple(k for k, (i, j) in enumerate(pairs) if c in (i, j)) for c in range(len(cells))
    )
    symbols = tuple((index[cell], colour) for cell, colour in START_SYMBOLS)
    return Zone(radius, cells, index, neighbours, rays, pairs, pair_index, pairs_of, symbols)


def _ray(index: dict[Cell, int], start: Cell, step: Cell) -> tuple[int, ...]:
    out = []
    q, r = start[0] + step[0], start[1] + step[1]
    while (q, r) in index:
        out.append(index[(q, r)])
        q, r = q + step[0], r + step[1]
    return tuple(out)


def zone_radius_for(players: int) -> int:
    """Zone radius by player count: 5 for one or two players, 6 for three, 7 for four."""
    return {1: 5, 2: 5, 3: 6, 4: 7}[players]


@cache
def start_tables(radius: int) -> tuple[list[int], list[int], list[int]]:
    """The empty board with its printed symbols, the free pairs and their positions.

    Built once per zone and copied by :meth:`engine.rules.game.Game.blank`: every game and every
    determinisation of a bot starts from these.
    """
    z = zone(radius)
    board = [EMPTY] * z.size
    for cell, colour in z.symbols:
        board[cell] = colour
    free: list[int] = []
    free_pos = [-1] * len(z.pairs)
    for k, (a, b) in enumerate(z.pairs):
        if board[a] == EMPTY and board[b] == EMPTY:
            free_pos[k] = len(free)
            free.append(k)
    return board, free, free_pos


@cache
def symbol_surroundings(radius: int) -> tuple[tuple[int, ...], ...]:
    """For each printed symbol, the zone cells around it."""
    z = zone(radius)
    return tuple(tuple(n for n in z.neighbours[cell] if n >= 0) for cell, _ in z.symbols)
