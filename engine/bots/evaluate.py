"""Fast move scoring and position evaluation for the searching bots.

Two observations make one-move look-ahead cheap enough to run thousands of times
per decision:

* Before a tile is placed, its partner cell is empty, so a symbol's points depend
  only on its own cell and colour. :func:`cell_points` counts them once per empty
  cell, for all six colours at once, and every placement's points are two lookups.
* The evaluation of a score track is a sum over colours of a concave table, so the
  value of a placement is the change in one or two table entries.

Tracks are seen from one seat: in the duel the shared track is turned so that
positive values lie on that seat's side.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import repeat
from operator import add

from engine.rules.board import zone
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.scoring import EMPTY

#: Longest run of points one placement can bring to one colour, with room to spare.
MAX_POINTS = 160
#: The phase value's tie-break: ``n * 1e-4`` more for n points (more points, same worth).
TIE_BREAK = [1e-4 * n for n in range(MAX_POINTS + 1)]

#: What a bonus placement is worth in evaluation units (about a good ordinary move).
BONUS_VALUE = 1.6

#: Marginal worth of the point that takes a colour from ``v`` to ``v + 1`` is ``DECAY ** v``
#: (doubled tracks go on decaying past 18): the lowest colour decides the ranking, so a point
#: there is worth several points on a colour that is already well ahead.
DECAY = 0.92
DUEL_SCALE = 2.5
#: Extra weight of the lowest colour in a side's standing: it alone decides most games.
MIN_WEIGHT = 0.0
#: Solo: the lowest colour is the whole result, so values fall off faster and the lowest
#: colour counts on its own.
SOLO_DECAY = 0.6
SOLO_MIN_WEIGHT = 0.0


class Tables:
    """Evaluation tables for one variant, indexed by (oriented) track value."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        if variant == "duel":
            self.low, self.high = -9, 9
        elif variant in ("solo", "team"):
            self.low, self.high = 0, 36
        else:
            self.low, self.high = 0, 18
        values = range(self.low, self.high + 1)
        #: worth[v - low]: value of a colour standing at v.
        self.worth = [self._worth(v) for v in values]
        #: after[v - low][n]: where a colour at v stands after n more points.
        self.after = [[self._advance(v, n) for n in range(MAX_POINTS + 1)] for v in values]
        #: reaches[v - low][n]: whether those n points earn a bonus placement.
        self.reaches = [
            [self._earns(v, self.after[v - self.low][n]) for n in range(MAX_POINTS + 1)]
            for v in values
        ]
        #: gain[v - low][bonus][n]: value gained by n more points from v (see :meth:`rows`).
        self.gain = [[self._gain_row(v, bonus) for bonus in (False, True)] for v in values]

    def _worth(self, v: int) -> float:
        if self.variant == "duel":
            # A tug of war: a colour counts once it is on your side; pulling further makes it safe.
            return DUEL_SCALE * math.tanh(v / DUEL_SCALE)
        decay = SOLO_DECAY if self.variant == "solo" else DECAY
        return sum(decay**i for i in range(v))

    def _advance(self, v: int, n: int) -> int:
        if self.variant == "duel":
            return min(9, v + n)
        if self.variant in ("solo", "team"):
            return min(18 if v < 18 else 36, v + n)
        return min(18, v + n)

    def _earns(self, before: int, after: int) -> bool:
        if self.variant == "duel":
            return before < 9 == after
        if self.variant == "team":
            return (before < 18 == after) or (before < 36 == after)
        if self.variant == "solo":
            return False
        return before < 18 == after

    def _gain_row(self, v: int, bonus_ok: bool) -> list[float]:
        low = self.low
        base, after, reaches = self.worth[v - low], self.after[v - low], self.reaches[v - low]
        bonus = BONUS_VALUE if bonus_ok else 0.0
        # A hair of the raw points breaks ties in favour of scoring more (cheap insurance).
        return [
            self.worth[after[n] - low] - base + (bonus if reaches[n] else 0.0) + 1e-4 * n
            for n in range(MAX_POINTS + 1)
        ]

    def rows(self, track: list[int], bonus_ok: list[bool]) -> list[list[float]]:
        """For each colour, the gain in value of n more points (bonus placements included)."""
        low, gain = self.low, self.gain
        return [gain[track[c] - low][bonus_ok[c]] for c in range(6)]

    def value(self, track: list[int]) -> float:
        low, worth = self.low, self.worth
        total = sum(worth[v - low] for v in track)
        if self.variant == "solo":
            total += SOLO_MIN_WEIGHT * min(track)
        elif self.variant != "duel":
            total += MIN_WEIGHT * min(track)
        return total


_TABLES: dict[str, Tables] = {}


def tables(variant: str) -> Tables:
    if variant not in _TABLES:
        _TABLES[variant] = Tables(variant)
    return _TABLES[variant]


def oriented(game: Game, seat: int) -> list[int]:
    """The seat's score track, turned toward the seat in the duel."""
    track = game.scores[game.variant.side_of(seat)]
    if game.variant.name == "duel" and seat == 1:
        return [-v for v in track]
    return track


Rows = list[list[float]]


class Evaluation:
    """How a side's track is valued: the fixed table of :class:`Tables`, the same weight per
    point all game (``"table"``, the value before the phase value; kept for comparisons)."""

    name = "table"

    def rows(self, game: Game, seat: int) -> Rows:
        """For each colour, the gain of n more points to ``seat``'s side (bonuses included)."""
        return tables(game.variant.name).rows(oriented(game, seat), bonus_allowed(game, seat))

    def value(self, game: Game, track: list[int]) -> float:
        """The value of a side's track (oriented toward the side in the duel)."""
        return tables(game.variant.name).value(track)


#: Phase value: temperature of the soft minimum on an empty board and on a full one.
PHASE_T_START = 6.0
PHASE_T_END = 1.5
#: Phase value: a bonus placement's worth (in points on the lowest colour, about a move).
PHASE_BONUS = 1.6
#: Phase value: how many tracks' gain rows are kept (each 6 rows of :func:`row_width`
#: floats, 61 on the 2-player board; 161 each before those were cut to size). A rollout
#: rarely meets the same track at the same fill twice, so a bigger cache mostly costs memory
#: and garbage-collector passes: 50,000 held 1.9 GB in a review, which took longer.
ROWS_CACHE = 4096
#: Variants valued by the soft minimum; the others keep their tables (the duel's tug of
#: war, solo's lowest colour, the team's double tracks).
PHASE_VARIANTS = frozenset({"standard"})


class PhaseValue(Evaluation):
    """A soft minimum over the six colours whose temperature follows the game's phase.

    ``V = -t log sum_c exp(-v_c / t)``: about the lowest colour, less a share for every
    colour near it. With a wide ``t`` (an empty board) every colour counts nearly alike, so
    the side grows evenly; as the board fills ``t`` narrows toward :data:`PHASE_T_END` and
    the lowest colour counts more and more, then the second lowest (the rules' tie-break
    order: each colour's weight falls by ``exp(-1/t)`` per point it stands above another).
    Reaching 18 adds :data:`PHASE_BONUS` for the bonus placement. Units: a point on a
    colour far below the others is worth 1.
    """

    name = "phase"

    def __init__(
        self,
        t_start: float = PHASE_T_START,
        t_end: float = PHASE_T_END,
        bonus: float = PHASE_BONUS,
        variants: frozenset[str] = PHASE_VARIANTS,
    ) -> None:
        self.t_start, self.t_end, self.bonus, self.variants = t_start, t_end, bonus, variants
        self._exp: dict[tuple[int, int], tuple[float, list[float]]] = {}
        self._rows: dict[tuple[int, int, tuple[int, ...]], Rows] = {}

    def temperature(self, filled: float) -> float:
        """The temperature when ``filled`` (0 to 1) of the board's empty cells are taken."""
        filled = min(1.0, max(0.0, filled))
        return self.t_end + (self.t_start - self.t_end) * (1.0 - filled)

    def phase(self, game: Game) -> tuple[float, list[float]]:
        """The temperature of ``game``'s position and ``exp(-v / t)`` for v = 0..18."""
        key = (game.zone.size, len(game.tiles))
        got = self._exp.get(key)
        if got is None:
            t = self.temperature(2 * len(game.tiles) / max(1, game.zone.size - 6))
            got = self._exp[key] = (t, [math.exp(-v / t) for v in range(19)])
        return got

    def value(self, game: Game, track: list[int]) -> float:
        if game.variant.name not in self.variants:
            return super().value(game, track)
        t, e = self.phase(game)
        return -t * math.log(sum(e[v] for v in track))

    def rows(self, game: Game, seat: int) -> Rows:
        if game.variant.name not in self.variants:
            return super().rows(game, seat)
        track = game.scores[game.variant.side_of(seat)]
        key = (game.zone.size, len(game.tiles), tuple(track))
        got = self._rows.get(key)
        if got is None:
            if len(self._rows) >= ROWS_CACHE:
                self._rows.clear()
            got = self._rows[key] = self.fresh_rows(game, track)
        return got

    def fresh_rows(self, game: Game, track: list[int]) -> Rows:
        """The gain rows of a standard track (see :meth:`rows`), counted from scratch.

        The hottest code of a rollout (the review's greedy games to the end make rows
        for nearly every move): the ``n * 1e-4`` tie-breaks and the flat part above 18
        are added in C (``map``), the same floats as a loop would give."""
        t, e = self.phase(game)
        total = sum(e[v] for v in track)
        log = math.log
        width = row_width(game.zone.radius)
        rows: Rows = []
        for v in track:
            ev = e[v]
            head = [-t * log(1.0 - (ev - e[a]) / total) for a in range(v, 19)]
            if v < 18:
                head[-1] += self.bonus  # reaching 18: the bonus placement
            n = len(head)
            row = list(map(add, head, TIE_BREAK))
            row += map(add, repeat(head[-1], width - n), TIE_BREAK[n:width])
            rows.append(row)
        return rows


@cache
def row_width(radius: int) -> int:
    """Entries a phase-value gain row needs on the zone of ``radius``: one placement's
    points in one colour are at most the lengths of both its cells' rays (30 a cell on the
    2-player board), far fewer than :data:`MAX_POINTS`. The rows are built for every move
    of a rollout, so their length is most of what building them costs.

    >>> [row_width(r) for r in (5, 6, 7)]
    [61, 73, 85]
    """
    most = max(sum(len(ray) for ray in rays) for rays in zone(radius).rays)
    return min(MAX_POINTS, 2 * most) + 1


#: The evaluations a searching bot can be made with (``make_bot(..., evaluation=...)``).
EVALUATIONS: dict[str, Evaluation] = {"phase": PhaseValue(), "table": Evaluation()}
#: What the searching levels use.
DEFAULT_EVALUATION = "phase"


def bonus_allowed(game: Game, seat: int) -> list[bool]:
    """Colours in which reaching the mark would earn the seat a bonus placement."""
    if game.variant.name == "duel":
        return [t != seat for t in game.tokens]
    return [True] * 6


def cell_points(board: list[int], rays: tuple[tuple[int, ...], ...]) -> list[int]:
    """Points per colour for a symbol placed on an empty cell whose rays are ``rays``."""
    pts = [0, 0, 0, 0, 0, 0]
    for ray in rays:
        if ray:
            c = board[ray[0]]
            if c != EMPTY:
                n = 0
                for other in ray:
                    if board[other] != c:
                        break
                    n += 1
                pts[c] += n
    return pts


def evaluation(name: str | None = None) -> Evaluation:
    """The named evaluation (None: the searching levels' own); ``ValueError`` names them."""
    name = DEFAULT_EVALUATION if name is None else name
    if name not in EVALUATIONS:
        raise ValueError(f"unknown evaluation {name!r}; evaluations are {', '.join(EVALUATIONS)}")
    return EVALUATIONS[name]


def scored_placements(
    game: Game, seat: int, ev: Evaluation | None = None
) -> list[tuple[float, Placement]]:
    """Every legal placement of the current player with its one-move value for ``seat``'s side.

    ``seat`` is normally the current player; the value is the gain of the side's value
    under ``ev`` (default: the searching levels' evaluation), bonus placements included.
    """
    rows = (ev or evaluation()).rows(game, seat)
    board, zone_rays = game.board, game.zone.rays
    cache: dict[int, list[int]] = {}
    tiles = sorted(set(game.racks[game.current]))
    out: list[tuple[float, Placement]] = []
    for a, b in game.free_pairs():
        sa = cache.get(a)
        if sa is None:
            sa = cache[a] = cell_points(board, zone_rays[a])
        sb = cache.get(b)
        if sb is None:
            sb = cache[b] = cell_points(board, zone_rays[b])
        for x, y in tiles:
            if x == y:
                out.append((rows[x][sa[x] + sb[x]], (a, b, x, x)))
            else:
                rx, ry = rows[x], rows[y]
                out.append((rx[sa[x]] + ry[sb[y]], (a, b, x, y)))
                out.append((ry[sa[y]] + rx[sb[x]], (a, b, y, x)))
    return out


def best_placement(
    game: Game, seat: int, ev: Evaluation | None = None
) -> tuple[float, Placement | None]:
    """The greedy placement for the current player (valued for ``seat``'s side) and its value."""
    best_value, best = -1e9, None
    for value, p in scored_placements(game, seat, ev):
        if value > best_value:
            best_value, best = value, p
    return best_value, best


def side_value(game: Game, seat: int, ev: Evaluation | None = None) -> float:
    """How well ``seat``'s side stands, relative to its rivals (higher is better)."""
    ev = ev or evaluation()
    variant = game.variant
    if variant.name == "duel":
        return ev.value(game, oriented(game, seat))
    mine = variant.side_of(seat)
    own = ev.value(game, game.scores[mine])
    rivals = [ev.value(game, track) for side, track in enumerate(game.scores) if side != mine]
    return own - max(rivals) if rivals else own


def outcome(game: Game, seat: int) -> float:
    """At the end of a game: +1 for a win, 0 for a shared first place or draw, -1 for a loss."""
    result = game.result()
    if game.variant.name == "duel":
        winner = result["winner"]
        return 0.0 if winner is None else (1.0 if winner == seat else -1.0)
    side = game.variant.side_of(seat)
    places = {s["side"]: s["place"] for s in result["standings"]}
    if places[side] != 1:
        return -1.0
    return 0.0 if sum(1 for p in places.values() if p == 1) > 1 else 1.0
