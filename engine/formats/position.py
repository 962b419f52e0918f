"""The position notation: a board to teach or test scoring with, as JSON.

See ``docs/positions.md``. The smallest form::

    {"zone": 5,
     "board": [[1, -5, "red"], [2, -5, "red"]],
     "placement": [[0, -4, "red"], [1, -4, "blue"]]}

``board`` lists cells ``[q, r, colour]``, or tiles ``[[q1, r1, c1], [q2, r2, c2]]``
(both forms may be mixed). The printed symbols are always on the board; listing
them again is allowed if the colour agrees. ``placement`` (optional) is a tile to
score: two adjacent, empty cells inside the zone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.formats.jsontext import decode
from engine.rules.board import START_SYMBOLS, Cell, ring, zone
from engine.rules.errors import IngeniousError, SaveFormatError
from engine.rules.game import Game
from engine.rules.scoring import EMPTY, placement_points, ray_json, scoring_rays
from engine.rules.tiles import COLOURS, colour_index, make_tile

MAX_CELLS = 400


@dataclass(frozen=True)
class Position:
    zone: int
    cells: dict[Cell, int]  # every filled cell (printed symbols included) -> colour
    tiles: tuple[tuple[Cell, Cell], ...]  # cells given as tiles, for drawing
    placement: tuple[tuple[Cell, int], tuple[Cell, int]] | None

    def board(self) -> list[int]:
        z = zone(self.zone)
        board = [EMPTY] * z.size
        for cell, colour in self.cells.items():
            board[z.index[cell]] = colour
        return board

    def to_json(self) -> dict[str, Any]:
        printed = {cell for cell, _ in START_SYMBOLS}
        in_tiles = {c for t in self.tiles for c in t}
        board: list[Any] = [
            [[*a, COLOURS[self.cells[a]]], [*b, COLOURS[self.cells[b]]]] for a, b in self.tiles
        ]
        board += [
            [*c, COLOURS[v]] for c, v in sorted(self.cells.items()) if c not in printed | in_tiles
        ]
        out: dict[str, Any] = {"zone": self.zone, "board": board}
        if self.placement:
            out["placement"] = [[*c, COLOURS[v]] for c, v in self.placement]
        return out


def parse_position(data: object) -> Position:
    """Check and read a position (a decoded JSON object or JSON text)."""
    if isinstance(data, str):
        data = decode(data, "the position")
    if not isinstance(data, dict):
        raise SaveFormatError("a position is a JSON object with 'zone' and 'board'")
    radius = data.get("zone", 5)
    if radius not in (5, 6, 7) or isinstance(radius, bool):
        raise SaveFormatError(f"'zone' must be 5, 6 or 7 (the zone radius), not {radius!r}")
    board = data.get("board", [])
    if not isinstance(board, list):
        raise SaveFormatError("'board' must be a list of cells [q, r, colour] or tiles")
    if len(board) > MAX_CELLS:
        raise SaveFormatError("'board' lists more cells than the board has")
    cells: dict[Cell, int] = {cell: colour for cell, colour in START_SYMBOLS}
    printed = dict(cells)
    tiles: list[tuple[Cell, Cell]] = []

    def add(entry: object, where: str) -> Cell:
        cell, colour = _cell(entry, radius, where)
        if cell in printed:
            if printed[cell] != colour:
                raise SaveFormatError(
                    f"{where}: {cell[0]},{cell[1]} holds the printed"
                    f" {COLOURS[printed[cell]]} symbol"
                )
            return cell
        if cell in cells:
            raise SaveFormatError(f"{where}: cell {cell[0]},{cell[1]} is listed twice")
        cells[cell] = colour
        return cell

    for n, entry in enumerate(board, 1):
        where = f"board entry {n}"
        if isinstance(entry, list) and len(entry) == 2 and all(isinstance(e, list) for e in entry):
            a, b = add(entry[0], where), add(entry[1], where)
            if ring(a[0] - b[0], a[1] - b[1]) != 1:
                raise SaveFormatError(f"{where}: the two cells of a tile must be adjacent")
            if a in printed or b in printed:
                raise SaveFormatError(f"{where}: a tile cannot cover a printed symbol")
            tiles.append((a, b))
        else:
            add(entry, where)
    placement = None
    if data.get("placement") is not None:
        raw = data["placement"]
        if not isinstance(raw, list) or len(raw) != 2:
            raise SaveFormatError(
                "'placement' must be two cells: [[q1, r1, colour], [q2, r2, colour]]"
            )
        first = _cell(raw[0], radius, "placement")
        second = _cell(raw[1], radius, "placement")
        for cell, _ in (first, second):
            if cell in cells:
                raise SaveFormatError(f"placement: cell {cell[0]},{cell[1]} is not empty")
        a, b = first[0], second[0]
        if ring(a[0] - b[0], a[1] - b[1]) != 1:
            raise SaveFormatError("placement: the two cells of a tile must be adjacent")
        placement = (first, second)
    unknown = set(data) - {"zone", "board", "placement", "title", "note"}
    if unknown:
        raise SaveFormatError(f"unknown key(s) in the position: {', '.join(sorted(unknown))}")
    return Position(radius, cells, tuple(tiles), placement)


def _cell(entry: object, radius: int, where: str) -> tuple[Cell, int]:
    if (
        not isinstance(entry, list)
        or len(entry) != 3
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in entry[:2])
    ):
        raise SaveFormatError(f"{where}: a cell is [q, r, colour] with whole numbers q and r")
    q, r = entry[0], entry[1]
    try:
        colour = colour_index(entry[2])
    except ValueError as exc:
        raise SaveFormatError(f"{where}: {exc}") from None
    if ring(q, r) > radius:
        raise SaveFormatError(f"{where}: cell {q},{r} is outside the zone of radius {radius}")
    return (q, r), colour


def score_position(position: Position) -> dict[str, Any]:
    """Raw points per colour of the position's placement, with every ray that scored."""
    if position.placement is None:
        raise SaveFormatError("the position has no 'placement' to score")
    z = zone(position.zone)
    (cell_a, colour_a), (cell_b, colour_b) = position.placement
    a, b = z.index[cell_a], z.index[cell_b]
    board = position.board()
    points = placement_points(board, z, a, b, colour_a, colour_b)
    rays = [ray_json(z, ray) for ray in scoring_rays(board, z, a, b, colour_a, colour_b)]
    return {
        "placement": [[*cell_a, COLOURS[colour_a]], [*cell_b, COLOURS[colour_b]]],
        "points": {c: points[i] for i, c in enumerate(COLOURS)},
        "total": sum(points),
        "rays": rays,
    }


def lay_position(game: Game, position: Position, owner: int = 0) -> None:
    """Put a position's cells on a game's board, for lessons and tests.

    Tiles of the position are credited to seat ``owner`` and taken out of the bag
    when the bag has them; single cells only colour the board. The list of free
    pairs stays right, so the game plays on from the position.
    """
    if position.zone != game.zone.radius:
        raise IngeniousError(
            f"the position is for zone {position.zone}, the game's zone is {game.zone.radius}"
        )
    index = game.zone.index
    for cell, colour in position.cells.items():
        i = index[cell]
        if game.board[i] == EMPTY:
            game.board[i] = colour
            game._fill(i)
    for cell_a, cell_b in position.tiles:
        a, b = index[cell_a], index[cell_b]
        ca, cb = position.cells[cell_a], position.cells[cell_b]
        game.tiles.append((a, b, ca, cb, owner))
        tile = make_tile(ca, cb)
        if tile in game.bag:
            game.bag.remove(tile)
