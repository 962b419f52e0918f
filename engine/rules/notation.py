"""The move notation: a placement as text, ``"q1,r1:colour1 q2,r2:colour2"`` (axial
cells, see docs/positions.md), read into zone cells and colour indices and written back."""

from __future__ import annotations

from engine.rules.board import Zone
from engine.rules.errors import IllegalMoveError
from engine.rules.tiles import COLOURS, colour_index

#: A placement inside the engine: (cell a, cell b, colour on a, colour on b), cells as zone indices.
Placement = tuple[int, int, int, int]


def parse_placement(zone: Zone, text: str) -> Placement:
    """Read ``"q1,r1:colour q2,r2:colour"`` into zone cells and colour indices."""
    parts = text.split()
    if len(parts) != 2:
        raise IllegalMoveError(
            f"cannot read move {text!r}: a placement is two cells like '0,-1:red 1,-1:blue'"
        )
    cells: list[int] = []
    colours: list[int] = []
    for part in parts:
        where, _, colour = part.partition(":")
        try:
            q_text, r_text = where.split(",")
            cell = (int(q_text), int(r_text))
            colours.append(colour_index(colour))
        except ValueError as exc:
            raise IllegalMoveError(f"cannot read move {text!r}: {exc}") from None
        if cell not in zone.index:
            raise IllegalMoveError(
                f"cell {cell[0]},{cell[1]} is outside the playing zone (radius {zone.radius})"
            )
        cells.append(zone.index[cell])
    return (cells[0], cells[1], colours[0], colours[1])


def placement_text(zone: Zone, p: Placement) -> str:
    """Canonical text of a placement: cells in reading order (top row first, then left)."""
    a, b, ca, cb = p
    if a > b:
        a, b, ca, cb = b, a, cb, ca
    (qa, ra), (qb, rb) = zone.cells[a], zone.cells[b]
    return f"{qa},{ra}:{COLOURS[ca]} {qb},{rb}:{COLOURS[cb]}"
