"""A learned value of a position, trained by self-play (issue 54), evaluated in pure Python.

The value of a position for one seat is the finishing standing it predicts for the seat's
side (:func:`engine.bots.expert.standing`: +1 first alone to -1 last alone; with two sides
+1 won, -1 lost), read from what the seat can see: the board's open lines per colour, the
tracks, its own rack, the unseen tiles' colours and the phase. It is a small network (one
hidden layer of rectified units) over the hand-made features of :func:`features`, fitted
by ``tools/train_value.py`` to the outcomes of self-play games (docs/value/README.md);
its weights ship in :mod:`engine.bots.value_data` with their checksum.

The same numbers on every Python: the features are counts and quotients of counts, the
network multiplies, adds and takes maxima, and every sum of floats is ``math.fsum``
(correctly rounded, so the same bits everywhere), never the built-in ``sum``, which Python
3.12 and later add with compensation (CPython 3.11 here and the page's Pyodide would differ
in the last bits). No ``exp``, ``log`` or ``tanh``: the platforms' maths libraries may
round those differently.
A test pins the values of fixed positions, and runs in Pyodide too.

The colours are put in order before they are read: the seat's lowest colour first (its
rivals' scores in that colour breaking ties), so that the network sees "the lowest
colour", "the second lowest" ..., whatever their names. Rivals are ordered by their
standing, best first.
"""

from __future__ import annotations

import base64
import hashlib
import struct
from functools import reduce
from math import fsum
from operator import add, mul

from engine.bots.scan import Position
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.tiles import Tile, make_tile

#: A colour's track stops here in the standard game (the bonus and the instant win).
TOP = 18
#: Symbols of each colour among the 120 tiles: 5 doubles (2 each) and 6 of each of the 5
#: other pairings.
SYMBOLS_PER_COLOUR = 40
#: Points from one symbol on one cell above which the features do not tell them apart.
CELL_CAP = 12


def table_name(game: Game) -> str | None:
    """The table a value is trained for (``"2p"``, ``"3p"``, ``"4p"``), or None where no
    value applies (the team game, the duel, solo)."""
    if game.variant.name != "standard" or game.players < 2:
        return None
    return f"{game.players}p"


def feature_count(players: int) -> int:
    """How many features :func:`features` gives at a table of ``players`` (standard game)."""
    rivals = players - 1
    return 6 * (7 + rivals) + 6 + 6


def alive_cells(game: Game) -> set[int]:
    """The empty cells a tile can still cover: those in a free pair."""
    pairs = game.zone.pairs
    alive: set[int] = set()
    for k in game.free:
        a, b = pairs[k]
        alive.add(a)
        alive.add(b)
    return alive


def features(
    game: Game,
    points: list[list[int]],
    hot: list[set[int]],
    seat: int,
    rack: list[Tile],
    to_move: bool,
) -> list[float]:
    """The features of ``game`` for ``seat``, whose rack is ``rack`` (a rack it can see: the
    one it holds, or the one left after a placement, before it draws); ``points`` and
    ``hot`` are the position's points table (:class:`engine.bots.scan.Position`).
    ``to_move``: whether the seat plays next (a bonus placement, or its turn), else the
    position is the one its move left to the others.

    Per colour, lowest of the seat's first: its score, each rival's (best rival first),
    the best and second-best points one symbol of it would score on a cell a tile can
    still cover, how many such cells score, the rack's symbols of it, the best points the
    rack can take in it (the best cell if the rack holds the colour), and the unseen
    symbols of it against the mean. Then: the share of the board filled, the bag, whether
    the seat is to move, the rack's size, whether the rack lacks the lowest colour (a swap
    offer), the colours at the top; and the seat's sorted track less the best rival's,
    place by place (the ranking's comparison)."""
    variant = game.variant
    scores = game.scores
    mine = variant.side_of(seat)
    own = scores[mine]
    others = [s for s in range(len(scores)) if s != mine]
    # Best rival first: the ranking's order (sorted tracks compared from the lowest up).
    others.sort(key=lambda s: (sorted(scores[s]), -s), reverse=True)
    best = scores[others[0]]
    order = sorted(range(6), key=lambda c: (own[c], -best[c], c))

    alive = alive_cells(game)
    on_rack = [0] * 6
    for x, y in rack:
        on_rack[x] += 1
        on_rack[y] += 1
    seen = on_rack[:]
    for _a, _b, ca, cb, _who in game.tiles:
        seen[ca] += 1
        seen[cb] += 1
    unseen = [SYMBOLS_PER_COLOUR - n for n in seen]
    unseen_total = reduce(add, unseen, 0)

    out: list[float] = []
    for c in order:
        out.append(own[c] / TOP)
        for s in others:
            out.append(scores[s][c] / TOP)
        row = points[c]
        first = second = 0
        count = 0
        for e in hot[c]:
            if e in alive:
                n = row[e]
                count += 1
                if n > first:
                    first, second = n, first
                elif n > second:
                    second = n
        first = min(first, CELL_CAP)
        second = min(second, CELL_CAP)
        out.append(first / CELL_CAP)
        out.append(second / CELL_CAP)
        out.append(count / 16)
        out.append(on_rack[c] / 6)
        out.append(first / CELL_CAP if on_rack[c] else 0.0)
        out.append(6 * unseen[c] / unseen_total if unseen_total else 0.0)
    low = min(own)
    filled = 2 * len(game.tiles) / max(1, game.zone.size - 6)
    lacks_low = all(own[x] != low and own[y] != low for x, y in rack)
    out.append(filled)
    out.append(len(game.bag) / 120)
    out.append(1.0 if to_move else 0.0)
    out.append(len(rack) / 6)
    out.append(1.0 if rack and lacks_low else 0.0)
    out.append(sum(1 for v in own if v >= TOP) / 6)
    mine_sorted = sorted(own)
    best_sorted = sorted(best)
    for j in range(6):
        out.append((mine_sorted[j] - best_sorted[j]) / TOP)
    return out


class Net:
    """One hidden layer of rectified units and a linear output, clipped to [-1, 1]."""

    __slots__ = ("inputs", "hidden", "w1", "b1", "w2", "b2")

    def __init__(self, inputs: int, hidden: int, flat: list[float] | tuple[float, ...]) -> None:
        if len(flat) != self.size(inputs, hidden):
            raise ValueError(
                f"a {inputs}x{hidden} network has {self.size(inputs, hidden)} weights,"
                f" not {len(flat)}"
            )
        self.inputs, self.hidden = inputs, hidden
        k = inputs * hidden
        self.w1 = [tuple(flat[j * inputs : (j + 1) * inputs]) for j in range(hidden)]
        self.b1 = tuple(flat[k : k + hidden])
        self.w2 = tuple(flat[k + hidden : k + 2 * hidden])
        self.b2 = float(flat[k + 2 * hidden])

    @staticmethod
    def size(inputs: int, hidden: int) -> int:
        """The number of weights: the hidden layer's (with biases), the output's."""
        return inputs * hidden + 2 * hidden + 1

    def raw(self, x: list[float]) -> float:
        """The network's output before clipping."""
        if len(x) != self.inputs:
            raise ValueError(f"the network reads {self.inputs} features, not {len(x)}")
        h = [max(0.0, fsum(map(mul, row, x)) + b) for row, b in zip(self.w1, self.b1, strict=True)]
        return fsum(map(mul, self.w2, h)) + self.b2

    def value(self, x: list[float]) -> float:
        """The predicted standing, within -1 and +1."""
        y = self.raw(x)
        return -1.0 if y < -1.0 else 1.0 if y > 1.0 else y


def pack(flat: list[float]) -> str:
    """Weights as text: little-endian doubles in base64 (exact, and a third of repr's size)."""
    return base64.b64encode(struct.pack(f"<{len(flat)}d", *flat)).decode("ascii")


def checksum(text: str) -> str:
    """The SHA-256 of packed weights' text."""
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def unpack(text: str, expected: str) -> list[float]:
    """The weights of :func:`pack`'s text, refused with a clear message when the text is
    not the one ``expected`` names (its checksum)."""
    got = checksum(text)
    if got != expected:
        raise ValueError(f"the value's weights do not match their checksum ({got} != {expected})")
    raw = base64.b64decode(text.encode("ascii"), validate=True)
    if len(raw) % 8:
        raise ValueError("the value's weights are not a whole number of doubles")
    return list(struct.unpack(f"<{len(raw) // 8}d", raw))


_NETS: dict[str, Net | None] = {}


def shipped(table: str) -> Net | None:
    """The shipped network for a table (:mod:`engine.bots.value_data`), None if none is;
    loaded and checked once."""
    if table not in _NETS:
        from engine.bots.value_data import NETS

        entry = NETS.get(table)
        if entry is None:
            _NETS[table] = None
        else:
            text, digest, inputs, hidden = entry
            _NETS[table] = Net(inputs, hidden, unpack(text, digest))
    return _NETS[table]


def after_move(pos: Position, move: Placement, seat: int) -> tuple[Position, list[Tile], bool]:
    """``move`` (a placement of ``seat``, the player to move) played in a copy of ``pos``:
    the copy, the seat's rack as the move leaves it (before it draws) and whether the seat
    moves again (a bonus placement)."""
    after = pos.copy()
    rack = list(pos.game.racks[seat])
    rack.remove(make_tile(move[2], move[3]))
    after.play(move)
    g = after.game
    return after, rack, g.current == seat and g.phase == "place"


def value_after(net: Net, pos: Position, move: Placement, seat: int) -> float:
    """The value for ``seat`` of the position its placement ``move`` leaves: the network's
    standing, or the real standing when the move ends the game."""
    after, rack, again = after_move(pos, move, seat)
    g = after.game
    if g.phase == "over":
        from engine.bots.expert import standing

        return standing(g, seat)
    return net.value(features(g, after.points, after.hot, seat, rack, again))


def value_here(net: Net, pos: Position, seat: int) -> float:
    """The value for ``seat`` of ``pos`` as it stands, the seat's rack as dealt in it."""
    g = pos.game
    return net.value(features(g, pos.points, pos.hot, seat, g.racks[seat], g.current == seat))
