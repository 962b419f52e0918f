"""The board in words, for screen readers: a player view in, plain sentences out (pure).

``describe_cell(view, cell)``
    What is on one cell (outside the play area, empty, a printed symbol, or half of a
    tile with its colour, symbol, partner and who placed it), where it is in words a
    player can use ("row 3 of 11, 5th cell from the left"), and for an empty cell the
    lines a symbol placed there would extend.
``describe_aim(view, move)``
    What a placement (``"q,r:colour q,r:colour"``, the engine's move string) would score,
    line by line, or why it cannot go there.
``describe_board(view)``
    A summary: each colour's longest lines and their open ends, the empty cells and the
    places a tile still fits, and the printed symbols no tile touches yet.

``view`` is what ``Game.view(seat)`` returns (only ``zone``, ``symbols``, ``tiles`` and,
if present, ``names`` and ``first_placement_cells`` are read). Rows are counted from the
top, cells in a row from the left, as a sighted player would point at them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rules.board import Zone, zone
from engine.rules.scoring import EMPTY, scoring_rays
from engine.rules.tiles import COLOURS
from web.board.placing import parse_placement
from web.board.symbols import colour_name, shape_name
from web.i18n import N_, _, clauses, fmt, language
from web.i18n import ordinal as language_ordinal

Cell = tuple[int, int]

#: Direction words in the engine's order (E, W, NE, NW, SE, SW), as seen on screen.
DIRECTION_WORDS = (
    N_("right"), N_("left"), N_("up-right"), N_("up-left"), N_("down-right"), N_("down-left")
)  # fmt: skip
#: The three lines through a cell, each walked one way: right, down-right, down-left.
AXES = (
    (0, 1, N_("across")),
    (4, 3, N_("from up-left to down-right")),
    (5, 2, N_("from up-right to down-left")),
)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st (in the player's language, as a
    cell's: the word is feminine in French, Spanish and Italian, "1re case")."""
    if language() != "en":
        return language_ordinal(n, feminine=True)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def cell_words(radius: int, cell: Cell, short: bool = False) -> str:
    """Where a cell of a zone of this radius is, counted from the top and the left.

    >>> cell_words(5, (0, -5))
    'row 1 of 11, 1st of 6 cells'
    >>> cell_words(5, (0, 0))
    'row 6 of 11, 6th of 11 cells'
    >>> cell_words(5, (-4, 3), short=True)
    'row 9, 2nd cell'
    """
    q, r = cell
    row = r + radius + 1
    place = ordinal(q - max(-radius, -r - radius) + 1)
    if short:
        return fmt("row {row}, {place} cell", row=row, place=place)
    return fmt("row {row} of {rows}, {place} of {n} cells", row=row, rows=2 * radius + 1,
               place=place, n=2 * radius + 1 - abs(r))  # fmt: skip


def symbol_words(colour: str) -> str:
    return fmt("{colour} {shape}", colour=colour_name(colour), shape=shape_name(colour))


def _dir(d: int) -> str:
    return _(DIRECTION_WORDS[d])


@dataclass
class _Board:
    zone: Zone
    colours: list[int]  # per cell index: colour index or EMPTY
    printed: set[int]
    partner: dict[int, int]
    placed_by: dict[int, int]

    def at(self, cell: Cell) -> int | None:
        """The cell's index, or None outside the zone."""
        return self.zone.index.get(cell)

    def words(self, index: int) -> str:
        return cell_words(self.zone.radius, self.zone.cells[index])

    def run(self, start: int, direction: int, colour: int) -> list[int]:
        """Cells of ``colour`` in an unbroken row from ``start``'s neighbour outward."""
        out: list[int] = []
        for other in self.zone.rays[start][direction]:
            if self.colours[other] != colour:
                break
            out.append(other)
        return out


def _board(view: dict[str, Any]) -> _Board:
    z = zone(int(view["zone"]))
    colours = [EMPTY] * z.size
    printed: set[int] = set()
    for q, r, colour in view["symbols"]:
        index = z.index[(q, r)]
        colours[index] = COLOURS.index(colour)
        printed.add(index)
    partner: dict[int, int] = {}
    placed_by: dict[int, int] = {}
    for tile in view["tiles"]:
        a, b = z.index[(tile[0], tile[1])], z.index[(tile[3], tile[4])]
        colours[a], colours[b] = COLOURS.index(tile[2]), COLOURS.index(tile[5])
        partner[a], partner[b] = b, a
        if len(tile) > 6 and tile[6] is not None:
            placed_by[a] = placed_by[b] = int(tile[6])
    return _Board(z, colours, printed, partner, placed_by)


def _neighbour_lines(board: _Board, index: int) -> dict[int, list[tuple[int, int]]]:
    """Per colour, the runs that start next to ``index``: (length, direction)."""
    lines: dict[int, list[tuple[int, int]]] = {}
    for d in range(6):
        first = board.zone.neighbours[index][d]
        if first < 0 or board.colours[first] == EMPTY:
            continue
        colour = board.colours[first]
        lines.setdefault(colour, []).append((len(board.run(index, d, colour)), d))
    return lines


def _sum_words(lines: dict[int, list[tuple[int, int]]]) -> str:
    """ "red 3 (2 left, 1 up-right); blue 1 (1 down-left)"."""
    parts = []
    for colour in sorted(lines):
        runs = ", ".join(f"{n} {_dir(d)}" for n, d in lines[colour])
        total = sum(n for n, _d in lines[colour])
        parts.append(f"{colour_name(COLOURS[colour])} {total} ({runs})")
    return clauses(parts)


def describe_cell(view: dict[str, Any], cell: Cell) -> str:
    """What is on ``cell`` and where it is, in one or two sentences."""
    board = _board(view)
    index = board.at(cell)
    if index is None:
        return _("Outside the playing area.")
    where = board.words(index)
    colour = board.colours[index]
    if colour == EMPTY:
        free = [n for n in board.zone.neighbours[index] if n >= 0 and board.colours[n] == EMPTY]
        text = fmt("Empty, {where}.", where=where)
        if not free:
            text += " " + _("A hole: no tile fits here.")
        lines = _neighbour_lines(board, index)
        if lines:
            text += " " + fmt("A symbol here would extend: {lines}.", lines=_sum_words(lines))
        else:
            text += " " + _("No symbol next to it.")
        return text
    name = symbol_words(COLOURS[colour])
    if index in board.printed:
        return fmt("Printed {symbol}, {where}.", symbol=name, where=where)
    other = board.partner[index]
    direction = board.zone.direction(index, other)
    text = fmt(
        "{Symbol}, {where}; the tile's other half, {other}, is {direction}.",
        Symbol=f"{name[0].upper()}{name[1:]}",
        where=where,
        other=symbol_words(COLOURS[board.colours[other]]),
        direction=_dir(direction),
    )
    names = view.get("names") or []
    who = board.placed_by.get(index)
    if who is not None and 0 <= who < len(names):
        text += " " + fmt("Placed by {name}.", name=names[who])
    return text


def describe_aim(view: dict[str, Any], move: str) -> str:
    """What the placement ``move`` would score, line by line; or why it cannot go there."""
    halves = parse_placement(move)
    if halves is None:
        return _("That is not a placement.")
    board = _board(view)
    (cell_a, colour_a), (cell_b, colour_b) = halves
    if colour_a not in COLOURS or colour_b not in COLOURS:
        return _("That is not a placement: unknown colour.")
    a, b = board.at(cell_a), board.at(cell_b)
    if a is None or b is None:
        return _("Cannot go there: part of the tile would be outside the playing area.")
    if board.zone.direction(a, b) < 0:
        return _("Cannot go there: the two cells are not next to each other.")
    taken = [i for i in (a, b) if board.colours[i] != EMPTY]
    if taken:
        return fmt("Cannot go there: {cell} is taken.", cell=board.words(taken[0]))
    allowed = view.get("first_placement_cells")
    if allowed is not None and not {cell_a, cell_b} & {(c[0], c[1]) for c in allowed}:
        return _(
            "Cannot go there: your first tile must touch a printed symbol that no tile touches yet."
        )
    ca, cb = COLOURS.index(colour_a), COLOURS.index(colour_b)
    rays = scoring_rays(board.colours, board.zone, a, b, ca, cb)
    first = symbol_words(colour_a)
    sentences = [
        fmt("{First} on {cell}, {second} on {other}.", First=first[:1].upper() + first[1:],
            cell=board.words(a), second=symbol_words(colour_b), other=board.words(b))
    ]  # fmt: skip
    totals: dict[str, int] = {}
    for index, colour in ((a, colour_a), (b, colour_b)):
        mine = [ray for ray in rays if ray.start == index]
        points = sum(len(ray.cells) for ray in mine)
        totals[colour] = totals.get(colour, 0) + points
        if mine:
            lines = ", ".join(f"{len(ray.cells)} {_dir(ray.direction)}" for ray in mine)
            sentences.append(fmt("The {colour} scores {n}: {lines}.", colour=colour_name(colour),
                                 n=points, lines=lines))  # fmt: skip
        else:
            sentences.append(fmt("The {colour} scores nothing.", colour=colour_name(colour)))
    scored = [f"{points} {colour_name(colour)}" for colour, points in totals.items() if points]
    sentences.append(
        fmt("In all: {points}.", points=f" {_('and')} ".join(scored))
        if scored
        else _("In all: no points.")
    )
    return " ".join(sentences)


@dataclass(frozen=True)
class Line:
    """A straight run of one colour (two cells or more) and its empty, open ends."""

    colour: str
    cells: tuple[Cell, ...]
    axis: str
    open_ends: tuple[Cell, ...]


def lines_of(view: dict[str, Any]) -> list[Line]:
    """Every maximal straight run of two or more symbols of one colour."""
    board = _board(view)
    out: list[Line] = []
    for index, colour in enumerate(board.colours):
        if colour == EMPTY:
            continue
        for forward, backward, axis in AXES:
            before = board.zone.neighbours[index][backward]
            if before >= 0 and board.colours[before] == colour:
                continue  # not the start of its run
            run = [index, *board.run(index, forward, colour)]
            if len(run) < 2:
                continue
            after = board.zone.neighbours[run[-1]][forward]
            ends = tuple(
                board.zone.cells[end]
                for end in (before, after)
                if end >= 0 and board.colours[end] == EMPTY
            )
            cells = tuple(board.zone.cells[i] for i in run)
            out.append(Line(COLOURS[colour], cells, axis, ends))
    return out


def _line_words(radius: int, line: Line) -> str:
    first, last = (cell_words(radius, c, short=True) for c in (line.cells[0], line.cells[-1]))
    text = fmt("{n} {axis}, {first} to {last}", n=len(line.cells), axis=_(line.axis),
               first=first, last=last)  # fmt: skip
    if not line.open_ends:
        return text + ", " + _("closed at both ends")
    ends = f" {_('and')} ".join(cell_words(radius, end, short=True) for end in line.open_ends)
    return text + ", " + fmt("open at {ends}", ends=ends)


def describe_board(view: dict[str, Any], per_colour: int = 1) -> str:
    """Each colour's longest lines (at most ``per_colour``) with their open ends, the free
    cells and places for a tile, and the untouched printed symbols."""
    board = _board(view)
    radius = board.zone.radius
    lines = lines_of(view)
    sentences: list[str] = []
    for colour_index, colour in enumerate(COLOURS):
        count = board.colours.count(colour_index)
        mine = sorted(
            (line for line in lines if line.colour == colour),
            key=lambda line: (-len(line.cells), -len(line.open_ends)),
        )
        if not mine:
            sentences.append(fmt("{Colour}: {n} on the board, no line of two yet.",
                                 Colour=colour_name(colour).capitalize(), n=count))  # fmt: skip
            continue
        longest = clauses([_line_words(radius, line) for line in mine[:per_colour]])
        sentences.append(fmt("{Colour}: {n} on the board; longest {longest}.",
                             Colour=colour_name(colour).capitalize(), n=count,
                             longest=longest))  # fmt: skip
    empty = [i for i, c in enumerate(board.colours) if c == EMPTY]
    places = sum(
        1 for i, j in board.zone.pairs if board.colours[i] == EMPTY and board.colours[j] == EMPTY
    )
    holes = sum(
        1
        for i in empty
        if not any(n >= 0 and board.colours[n] == EMPTY for n in board.zone.neighbours[i])
    )
    free = fmt("{n} empty cells, {places} places for a tile", n=len(empty), places=places)
    sentences.append(free + (", " + fmt("{n} holes no tile can fill.", n=holes) if holes else "."))
    untouched = [
        i
        for i in sorted(board.printed)
        if all(n < 0 or board.colours[n] == EMPTY for n in board.zone.neighbours[i])
    ]
    if untouched:
        names = clauses([
            fmt("{symbol} at {cell}", symbol=symbol_words(COLOURS[board.colours[i]]),
                cell=cell_words(radius, board.zone.cells[i], short=True))
            for i in untouched
        ])  # fmt: skip
        sentences.append(fmt("Printed symbols no tile touches yet: {names}.", names=names))
    else:
        sentences.append(_("Every printed symbol has a tile next to it."))
    return " ".join(sentences)
