"""Pure hex-grid geometry for the board: axial cells and a pointy-top screen layout.

Follows the Red Blob Games model: grid logic (cells, directions, rings) is kept apart
from screen geometry (`Layout`: cell <-> pixel). Nothing here touches the browser, so
CPython tests cover it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Cell = tuple[int, int]

# Clockwise on screen starting east (r grows downward), so stepping the index turns a
# tile clockwise: E, SE, SW, W, NW, NE.
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

SQRT3 = math.sqrt(3.0)


def ring(cell: Cell) -> int:
    """Distance of a cell from the centre (0, 0)."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))


def distance(a: Cell, b: Cell) -> int:
    return ring((a[0] - b[0], a[1] - b[1]))


def add(cell: Cell, direction: Cell) -> Cell:
    return (cell[0] + direction[0], cell[1] + direction[1])


def neighbours(cell: Cell) -> list[Cell]:
    return [add(cell, d) for d in DIRECTIONS]


def direction_index(a: Cell, b: Cell) -> int | None:
    """Index into DIRECTIONS of the step from a to b, or None if not adjacent."""
    step = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(step) if step in DIRECTIONS else None


def zone_cells(radius: int) -> list[Cell]:
    """Every cell with ring <= radius, row by row (r), left to right (q)."""
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if ring((q, r)) <= radius
    ]


def cell_round(fq: float, fr: float) -> Cell:
    """Round fractional axial coordinates to the cell that contains them."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


@dataclass(frozen=True)
class Layout:
    """Pointy-top screen layout: `size` is the centre-to-corner radius in pixels."""

    size: float
    origin_x: float
    origin_y: float

    def to_pixel(self, cell: Cell) -> tuple[float, float]:
        q, r = cell
        x = self.size * SQRT3 * (q + r / 2.0)
        y = self.size * 1.5 * r
        return (x + self.origin_x, y + self.origin_y)

    def to_fractional(self, x: float, y: float) -> tuple[float, float]:
        px = (x - self.origin_x) / self.size
        py = (y - self.origin_y) / self.size
        fq = SQRT3 / 3.0 * px - 1.0 / 3.0 * py
        fr = 2.0 / 3.0 * py
        return (fq, fr)

    def to_cell(self, x: float, y: float) -> Cell:
        return cell_round(*self.to_fractional(x, y))

    def corners(self, cell: Cell, scale: float = 1.0) -> list[tuple[float, float]]:
        """The six corners of a cell, starting at the upper-right corner, clockwise."""
        cx, cy = self.to_pixel(cell)
        radius = self.size * scale
        return [
            (
                cx + radius * math.cos(math.radians(60 * i - 30)),
                cy + radius * math.sin(math.radians(60 * i - 30)),
            )
            for i in range(6)
        ]


def fit_layout(radius: float, width: float, height: float, margin: float = 0.0) -> Layout:
    """The largest layout that shows every cell of ring <= radius inside width x height.

    A zone of radius n spans (2n+1) cells across (sqrt3 * size each) and
    1.5 * (2n) + 2 sizes from top to bottom.
    """
    usable_w = max(width - 2 * margin, 1.0)
    usable_h = max(height - 2 * margin, 1.0)
    size_w = usable_w / (SQRT3 * (2 * radius + 1))
    size_h = usable_h / (3.0 * radius + 2.0)
    size = max(min(size_w, size_h), 1.0)
    return Layout(size=size, origin_x=width / 2.0, origin_y=height / 2.0)
