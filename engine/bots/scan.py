"""A search position: a game plus, for every empty cell, what each colour would score there.

The greedy moves inside a search ask one question thousands of times: which placement
of this rack gains most? Scanning every free pair with every tile costs a few thousand
steps. This module answers it from a table kept up to date as tiles go down:

* ``points[c][e]`` is what a symbol of colour ``c`` placed on the empty cell ``e`` would
  score (its partner cell is empty before the tile goes down, so it does not matter which
  it is, see :mod:`engine.bots.evaluate`).
* ``hot[c]`` is the set of empty cells where colour ``c`` scores anything.

A placement changes the points of few cells: only the first empty cell beyond the run of
the new symbol's colour, in each of the six directions from each new symbol. Those are
recounted; everything else stands.

The best placement of a tile ``x/y`` scores in ``x`` on a hot cell of ``x`` or in ``y`` on
a hot cell of ``y`` (or nowhere, worth 0), so only the hot cells and their neighbours are
looked at, not the whole board.
"""

from __future__ import annotations

from engine.bots.evaluate import Evaluation, cell_points, evaluation, scored_placements
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.scoring import EMPTY

#: The tie-break inside the value tables: a hair per raw point (see ``Tables``).
Move = Placement | str


def fresh_points(game: Game) -> tuple[list[list[int]], list[set[int]]]:
    """The points table and hot cells of a position, counted from scratch."""
    board, rays = game.board, game.zone.rays
    size = len(board)
    points = [[0] * size for _ in range(6)]
    hot: list[set[int]] = [set() for _ in range(6)]
    for e in range(size):
        if board[e] == EMPTY:
            for c, n in enumerate(cell_points(board, rays[e])):
                if n:
                    points[c][e] = n
                    hot[c].add(e)
    return points, hot


class Position:
    """A game being searched, with its points table (see the module docstring)."""

    __slots__ = ("game", "points", "hot", "ev")

    def __init__(
        self,
        game: Game,
        points: list[list[int]] | None = None,
        hot: list[set[int]] | None = None,
        ev: Evaluation | None = None,
    ) -> None:
        self.game = game
        #: How the greedy moves value a side (default: the searching levels' evaluation).
        self.ev = ev or evaluation()
        if points is None or hot is None:
            points, hot = fresh_points(game)
        self.points = points
        self.hot = hot

    def copy(self) -> Position:
        return Position(
            self.game.copy(), [p[:] for p in self.points], [h.copy() for h in self.hot], self.ev
        )

    def on_board(self, game: Game) -> Position:
        """This table over another game with the same board (another sampled world)."""
        return Position(game, [p[:] for p in self.points], [h.copy() for h in self.hot], self.ev)

    def play(self, move: Move) -> None:
        self.game.play(move)
        if not isinstance(move, str):
            self._placed(move[0], move[1])

    def _placed(self, a: int, b: int) -> None:
        game = self.game
        board, rays = game.board, game.zone.rays
        points, hot = self.points, self.hot
        for c in range(6):
            row, cells = points[c], hot[c]
            row[a] = row[b] = 0
            cells.discard(a)
            cells.discard(b)
        touched: set[int] = set()
        for p in (a, b):
            colour = board[p]
            for ray in rays[p]:
                for cell in ray:
                    v = board[cell]
                    if v != colour:
                        if v == EMPTY:
                            touched.add(cell)
                        break
        for e in touched:
            for c, n in enumerate(cell_points(board, rays[e])):
                points[c][e] = n
                if n:
                    hot[c].add(e)
                else:
                    hot[c].discard(e)

    def threats(self, rows: list[list[float]]) -> dict[int, float]:
        """For each hot cell, the most a symbol placed there would gain under ``rows``."""
        out: dict[int, float] = {}
        for c in range(6):
            rc, pc = rows[c], self.points[c]
            for e in self.hot[c]:
                v = rc[pc[e]]
                if v > out.get(e, 0.0):
                    out[e] = v
        return out

    def potential(self, rows: list[list[float]]) -> float:
        """What the board offers a side, whatever its rack: per colour, its best cell."""
        total = 0.0
        for c in range(6):
            rc, pc = rows[c], self.points[c]
            best = 0.0
            for e in self.hot[c]:
                v = rc[pc[e]]
                if v > best:
                    best = v
            total += best
        return total

    def best(self, seat: int) -> tuple[float, Placement | None]:
        """The greedy placement for the player to move, valued for ``seat``'s side.

        The same value as :func:`engine.bots.evaluate.best_placement`; among equal
        values the first found wins (deterministic, but not the same one).
        """
        game = self.game
        if game.first_placement_cells() is not None:
            best_value, best_move = -1e9, None
            for value, p in scored_placements(game, seat, self.ev):
                if value > best_value:
                    best_value, best_move = value, p
            return best_value, best_move
        return self.best_with(self.ev.rows(game, seat), sorted(set(game.racks[game.current])))

    def best_with(
        self, rows: list[list[float]], tiles: list[tuple[int, int]]
    ) -> tuple[float, Placement | None]:
        """The best placement of one of ``tiles`` valued by ``rows`` (no first-placement rule)."""
        board = self.game.board
        neighbours = self.game.zone.neighbours
        points, hot = self.points, self.hot
        # Hot cells of each colour on the rack, best first, so that a tile's scan can stop
        # once even the best cell of the other colour could not beat the best found.
        ranked: dict[int, list[tuple[float, int]]] = {}
        top: dict[int, float] = {}
        for x, y in tiles:
            for c in (x, y):
                if c not in ranked:
                    rc, pc = rows[c], points[c]
                    ranked[c] = cells = sorted([(rc[pc[e]], e) for e in hot[c]], reverse=True)
                    top[c] = cells[0][0] if cells else 0.0
        best_value = 0.0
        best_move: Placement | None = None
        for x, y in tiles:
            rx, px = rows[x], points[x]
            if x == y:
                # Both symbols may score in x, and two runs together may reach a bonus:
                # not additive, so no early stop here.
                for _, a in ranked[x]:
                    pa = px[a]
                    for b in neighbours[a]:
                        if b >= 0 and board[b] == EMPTY:
                            v = rx[pa + px[b]]
                            if v > best_value:
                                best_value, best_move = v, (a, b, x, x)
                continue
            ry, py = rows[y], points[y]
            top_x, top_y = top[x], top[y]
            for va, a in ranked[x]:
                if va + top_y <= best_value:
                    break
                for b in neighbours[a]:
                    if b >= 0 and board[b] == EMPTY:
                        v = va + ry[py[b]]
                        if v > best_value:
                            best_value, best_move = v, (a, b, x, y)
            for vb, b in ranked[y]:
                if vb + top_x <= best_value:
                    break
                for a in neighbours[b]:
                    if a >= 0 and board[a] == EMPTY:
                        v = vb + rx[px[a]]
                        if v > best_value:
                            best_value, best_move = v, (a, b, x, y)
        if best_move is None:
            # Nothing scores: any free pair with any tile, worth nothing.
            free = self.game.free
            if free and tiles:
                a, b = self.game.zone.pairs[free[0]]
                x, y = tiles[0]
                return 0.0, (a, b, x, y)
            return -1e9, None
        return best_value, best_move
