"""What a move does in the game's own terms and what one move does that another does not:
the facts the review, the hints and the puzzles state.

Every statement here is data first: a *fact* is a small JSON dict, ``{"kind": ...}`` plus
its arguments (colours by name, sides by name, numbers), so that the pages can say it in
the reader's language and a test can check it against the engine
(`engine.coach.lesson_checks`). `engine.coach.lesson_words` words any of them in English.

* :func:`facts`: what a move does for the mover's side: the points each colour gains and
  where it then stands, points *wasted* on a colour at its end (18, or 36 and 9), a bonus
  turn where one is earned, a rival line blocked, a line opened for a rival (a cost), a
  swap set up; and, when it raises none of the lowest colours, whether any placement of
  the rack could have.
* :func:`contrast`: what differs between two moves, the points that favour the better one
  first (a lowest colour raised more, points not wasted, a bonus turn, a line blocked or
  not opened, a swap), then what the other does better, honestly; where the two differ
  only in what follows, the sampled futures say so (`engine.coach.lesson_futures`).
* the plans over a whole game (a lowest colour left behind, points poured into full
  colours, lines opened, swaps declined) are `engine.coach.lesson_plans`.

Facts depend only on what the mover sees: the board, the tracks and the mover's own rack.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bots.evaluate import cell_points, oriented
from engine.coach.lesson_words import TEXT, Fact, say, sentence, versus
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.scoring import EMPTY, placement_points
from engine.rules.tiles import COLOURS, make_tile

Move = Placement | str

#: Kinds of fact that are a cost of the move (said as "but ...", never as a reason).
COSTS = frozenset({"wasted", "wasted_past", "opens", "opens_bonus", "nothing"})
#: Kinds of fact that only set the scene (neither a gain nor a cost).
NOTES = frozenset({"no_lowest"})
#: Smallest points a line must be worth to a rival to be named as blocked or opened.
LINE_POINTS = 3
#: Lesson points (reasons that favour the better move) stated at most, and their order:
#: what decides games first.
MOST_POINTS = 3
PRIORITY = ("bonus_missed", "left_lowest", "left_lowest_tied", "more_lowest",
            "more_lowest_tied", "duel_over", "more_wasted", "more_wasted_past", "opens_more",
            "leaves_open", "prepares_more", "take_swap", "take_exchange", "swap_setup",
            "exchange_setup", "lowest_after", "tie_break", "more_points")  # fmt: skip
#: Lesson points about the lowest colours (more points are then not said besides).
LOWEST_POINTS = frozenset({"more_lowest", "left_lowest", "more_lowest_tied", "left_lowest_tied"})


# --- what a placement does, by the engine's own rules -----------------------------------------


@dataclass(frozen=True)
class Effect:
    """What a placement does to the mover's side: all tracks seen from the mover (duel)."""

    points: tuple[int, ...]  # raw points per colour
    before: tuple[int, ...]
    after: tuple[int, ...]
    gained: tuple[int, ...]  # how far each colour moved
    lost: tuple[int, ...]  # points past a track's end (or stop), lost
    bonus: tuple[int, ...]  # colours whose points earn a bonus placement

    @property
    def lowest(self) -> int:
        return min(self.before)

    @property
    def lows(self) -> frozenset[int]:
        return frozenset(c for c in range(6) if self.before[c] == self.lowest)

    def counted(self) -> int:
        return sum(self.gained)


def _orient(game: Game, seat: int, track: list[int]) -> tuple[int, ...]:
    if game.variant.name == "duel" and seat == 1:
        return tuple(-v for v in track)
    return tuple(track)


def effect(game: Game, seat: int, p: Placement) -> Effect:
    """The effect of placement ``p`` by ``seat`` (the position before it)."""
    a, b, ca, cb = p
    points = placement_points(game.board, game.zone, a, b, ca, cb)
    before = tuple(oriented(game, seat))
    after_side, _ = game.variant.preview_gain(game, seat, points)
    after = _orient(game, seat, after_side)
    gained = tuple(after[c] - before[c] for c in range(6))
    lost = tuple(points[c] - gained[c] for c in range(6))
    bonus: list[int] = []
    for c in range(6):
        if points[c]:
            alone = [0] * 6
            alone[c] = points[c]
            if game.variant.preview_gain(game, seat, alone)[1]:
                bonus.append(c)
    if bonus and not bonus_kept(game, p):
        bonus = []
    return Effect(tuple(points), before, after, gained, lost, tuple(bonus))


def bonus_kept(game: Game, p: Placement) -> bool:
    """Whether a bonus earned by ``p`` is a turn to play: not when the placement ends the
    game, nor when it empties the rack (a bonus with no tile left is lost)."""
    trial = game.copy()
    event = trial.play(p, record=True)
    return not trial.over and not event.get("lost_bonus")


def bonus_mark(game: Game, before: int) -> int:
    """The mark a colour at ``before`` reaches for a bonus: 9 in the duel, 18, then 36."""
    if game.variant.name == "duel":
        return 9
    return 18 if before < 18 else 36


# --- rival lines ---------------------------------------------------------------------------


def rivals(game: Game, seat: int) -> list[int]:
    """One seat per rival side (the seat whose turn comes first after ``seat``)."""
    mine = game.variant.side_of(seat)
    out: list[int] = []
    seen_sides = {mine}
    for step in range(1, game.players):
        s = (seat + step) % game.players
        side = game.variant.side_of(s)
        if side not in seen_sides:
            seen_sides.add(side)
            out.append(s)
    return out


def side_name(game: Game, seat: int) -> str:
    return str(game.variant.side_name(game, game.variant.side_of(seat)))


def _lows(track: list[int] | tuple[int, ...]) -> set[int]:
    low = min(track)
    return {c for c in range(6) if track[c] == low}


def _usable(game: Game, cell: int) -> bool:
    """Whether a tile can still cover ``cell`` (it has an empty neighbour in the zone)."""
    return any(n >= 0 and game.board[n] == EMPTY for n in game.zone.neighbours[cell])


def _wanted(game: Game, rival: int, colour: int, worth: int) -> bool:
    """Whether a line of ``colour`` worth ``worth`` matters to ``rival``: it is one of their
    lowest colours, or it would bring them a bonus turn."""
    track = oriented(game, rival)
    if colour in _lows(track):
        return True
    allowed = game.variant.name != "duel" or game.tokens[colour] != rival
    mark = bonus_mark(game, track[colour])
    return allowed and track[colour] < mark <= track[colour] + worth


def blocked_lines(game: Game, seat: int, p: Placement) -> list[tuple[int, int, int]]:
    """(rival seat, colour, points): lines toward a rival's lowest colour (or their bonus)
    on the cells ``p`` takes, worth at least :data:`LINE_POINTS` to them."""
    a, b, _, _ = p
    out: list[tuple[int, int, int]] = []
    for rival in rivals(game, seat):
        best: dict[int, int] = {}
        for cell in (a, b):
            for c, n in enumerate(cell_points(game.board, game.zone.rays[cell])):
                if n >= LINE_POINTS and n > best.get(c, 0) and _wanted(game, rival, c, n):
                    best[c] = n
        out.extend((rival, c, n) for c, n in sorted(best.items()))
    return out


def _best_line(game: Game, colour: int) -> int:
    """The most a symbol of ``colour`` scores on any cell a tile can still cover."""
    board, rays = game.board, game.zone.rays
    best = 0
    for e in range(len(board)):
        if board[e] == EMPTY and _usable(game, e):
            n = cell_points(board, rays[e])[colour]
            best = max(best, n)
    return best


def richer_lines(game: Game, p: Placement) -> dict[int, int]:
    """{colour: points} for the placed colours whose best line (on cells a tile can still
    cover) the placement makes richer than before, worth at least :data:`LINE_POINTS`."""
    after = game.copy()
    after.play(p)
    out: dict[int, int] = {}
    for c in sorted({p[2], p[3]}):
        was, now = _best_line(game, c), _best_line(after, c)
        if now >= LINE_POINTS and now > was:
            out[c] = now
    return out


def opened_lines(
    game: Game, seat: int, p: Placement, richer: dict[int, int] | None = None
) -> list[tuple[int, int, int]]:
    """(rival seat, colour, points): the lines the placement makes richer (:func:`richer_lines`)
    in a colour that is lowest for a rival (or would bring them a bonus turn)."""
    richer = richer_lines(game, p) if richer is None else richer
    return [
        (rival, c, now)
        for c, now in richer.items()
        for rival in rivals(game, seat)
        if _wanted(game, rival, c, now)
    ]


def rack_after(game: Game, seat: int, p: Placement) -> list[tuple[int, int]]:
    """The mover's rack once the tile of ``p`` is placed (before any refill)."""
    rack = list(game.racks[seat])
    tile = make_tile(p[2], p[3])
    if tile in rack:
        rack.remove(tile)
    return rack


def prepared_lines(
    game: Game, seat: int, p: Placement, richer: dict[int, int] | None = None
) -> list[tuple[int, int]]:
    """(colour, points): the lines the placement makes richer in one of the mover's lowest
    colours, with a tile of that colour left on the rack to use them next turn."""
    richer = richer_lines(game, p) if richer is None else richer
    lows = _lows(oriented(game, seat))
    rack = rack_after(game, seat, p)
    return [(c, now) for c, now in richer.items() if c in lows and any(c in t for t in rack)]


def raising_offered(game: Game, seat: int) -> list[bool]:
    """For each colour, whether a legal placement of ``seat``'s rack (the player to move)
    would move it on (points that count, not wasted)."""
    offered = [False] * 6
    before = oriented(game, seat)
    tiles = set(game.racks[game.current])
    cache: dict[int, list[int]] = {}
    colours_on_rack = {c for t in tiles for c in t}
    for a, b in game.free_pairs():
        for cell in (a, b):
            if cell not in cache:
                cache[cell] = cell_points(game.board, game.zone.rays[cell])
        for c in colours_on_rack:
            if not offered[c] and (cache[a][c] or cache[b][c]):
                end = game.variant.track_max if before[c] >= 18 else 18
                if game.variant.name == "duel":
                    end = 9
                if before[c] < end:
                    offered[c] = True
    return offered


# --- facts of one move ----------------------------------------------------------------------


def facts(game: Game, seat: int, move: Move) -> list[Fact]:
    """What ``move`` does (the position before it, ``seat`` to move): gains first (the
    lowest colours first), then wasted points, bonus turns, rival lines, a swap set up."""
    if isinstance(move, str):
        return [{"kind": "swap" if move == "swap" else "pass"}]
    e = effect(game, seat, move)
    duel = game.variant.name == "duel"
    out: list[Fact] = []
    order = sorted(range(6), key=lambda c: (c not in e.lows, -e.points[c], c))
    for c in order:
        if e.gained[c]:
            kind = "pull" if duel else "gain"
            if not duel and c in e.lows:
                kind = "gain_lowest" if len(e.lows) == 1 else "gain_tied"
            out.append({"kind": kind, "colour": COLOURS[c], "n": e.gained[c], "to": e.after[c]})
    for c in order:
        if e.lost[c]:
            out.append(
                {
                    "kind": "wasted" if not e.gained[c] else "wasted_past",
                    "colour": COLOURS[c],
                    "n": e.lost[c],
                    "at": e.after[c],
                }
            )
    if not any(e.points):
        out.append({"kind": "nothing"})
    for c in e.bonus:
        out.append({"kind": "bonus", "colour": COLOURS[c], "mark": bonus_mark(game, e.before[c])})
    for rival, c, n in blocked_lines(game, seat, move):
        out.append({"kind": "blocks", "name": side_name(game, rival), "colour": COLOURS[c], "n": n})
    richer = richer_lines(game, move)
    for c, n in prepared_lines(game, seat, move, richer):
        out.append({"kind": "prepares", "colour": COLOURS[c], "n": n})
    for rival, c, n in opened_lines(game, seat, move, richer):
        kind = "opens" if c in _lows(oriented(game, rival)) else "opens_bonus"
        out.append({"kind": kind, "name": side_name(game, rival), "colour": COLOURS[c], "n": n})
    trial = game.copy()
    trial.play(move)
    if trial.phase == "swap" and trial.current == seat and not e.bonus:
        out.append({"kind": "sets_exchange" if duel else "sets_swap"})
    if not duel and not any(e.gained[c] for c in e.lows):
        offered = raising_offered(game, seat)
        if not any(offered[c] for c in e.lows):
            names = [COLOURS[c] for c in sorted(e.lows)]
            out.append({"kind": "no_lowest", "colours": names, "at": e.lowest})
    return out


def is_cost(fact: Fact) -> bool:
    return fact["kind"] in COSTS


def gains_and_costs(found: list[Fact]) -> tuple[list[Fact], list[Fact], list[Fact]]:
    """A move's facts split into what it gains, what it costs and the notes."""
    gains = [f for f in found if f["kind"] not in COSTS and f["kind"] not in NOTES]
    costs = [f for f in found if f["kind"] in COSTS]
    notes = [f for f in found if f["kind"] in NOTES]
    return gains, costs, notes


# --- what differs between two moves ----------------------------------------------------------


def _tie_break(eb: Effect, ep: Effect) -> Fact | None:
    """The tie-break order (the lowest colour, then the next lowest, ...): where the two
    moves leave the lowest colour equal and the better move ahead further up, the values
    of both from the lowest up to the first that differs."""
    sb, sp = sorted(eb.after), sorted(ep.after)
    if sb[0] != sp[0] or sb <= sp:
        return None
    k = next(i for i in range(6) if sb[i] != sp[i])
    return {"kind": "tie_break", "better": sb[: k + 1], "played": sp[: k + 1]}


def _lowest_points(eb: Effect, ep: Effect, pro: list[Fact], con: list[Fact]) -> None:
    """The lowest colours one move raises more than the other (a tie said as a tie)."""
    tied = "_tied" if len(eb.lows) > 1 else ""
    for c in sorted(eb.lows, key=lambda c: (-(eb.gained[c] - ep.gained[c]), c)):
        if eb.gained[c] > ep.gained[c]:
            if ep.gained[c]:
                pro.append({"kind": "more_lowest" + tied, "colour": COLOURS[c],
                            "better": eb.gained[c], "played": ep.gained[c]})  # fmt: skip
            else:
                pro.append({"kind": "left_lowest" + tied, "colour": COLOURS[c],
                            "better": eb.gained[c], "at": eb.before[c]})  # fmt: skip
        elif ep.gained[c] > eb.gained[c]:
            con.append({"kind": "yours_lowest" + tied, "colour": COLOURS[c],
                        "better": eb.gained[c], "played": ep.gained[c]})  # fmt: skip


def _duel_points(eb: Effect, ep: Effect, pro: list[Fact], con: list[Fact]) -> None:
    """The duel: colours one move pulls onto the mover's side and the other does not."""
    for c in range(6):
        if eb.after[c] > 0 >= ep.after[c]:
            pro.append({"kind": "duel_over", "colour": COLOURS[c], "to": eb.after[c],
                        "at": ep.after[c]})  # fmt: skip
        elif ep.after[c] > 0 >= eb.after[c]:
            con.append({"kind": "yours_over", "colour": COLOURS[c], "to": ep.after[c],
                        "at": eb.after[c]})  # fmt: skip


def contrast(game: Game, seat: int, better: Move, played: Move) -> tuple[list[Fact], list[Fact]]:
    """What ``better`` does that ``played`` does not (most important first), and what
    ``played`` does better (its merits, said honestly). Facts of the position only."""
    pro: list[Fact] = []
    con: list[Fact] = []
    duel = game.variant.name == "duel"
    if isinstance(better, str) or isinstance(played, str):
        if better == "swap" and played == "pass":
            if duel:
                nines = game.variant.own_nines(game, seat)  # type: ignore[attr-defined]
                pro.append({"kind": "take_exchange", "colours": [COLOURS[c] for c in nines]})
            else:
                lows = _lows(oriented(game, seat))
                pro.append({"kind": "take_swap", "colours": [COLOURS[c] for c in sorted(lows)]})
        return pro, con
    eb, ep = effect(game, seat, better), effect(game, seat, played)
    if duel:
        _duel_points(eb, ep, pro, con)
    else:
        _lowest_points(eb, ep, pro, con)
        if min(eb.after) > min(ep.after) and not pro:
            pro.append({"kind": "lowest_after", "better": min(eb.after), "played": min(ep.after)})
        tie = None if pro else _tie_break(eb, ep)
        if tie is not None:
            pro.append(tie)
    for c in sorted(range(6), key=lambda c: (-ep.lost[c], c)):
        if ep.lost[c] > eb.lost[c] and not eb.lost[c]:
            kind = "more_wasted_past" if ep.gained[c] else "more_wasted"
            pro.append({"kind": kind, "colour": COLOURS[c], "n": ep.lost[c],
                        "at": ep.after[c]})  # fmt: skip
    for c in eb.bonus:
        if c not in ep.bonus:
            pro.append({"kind": "bonus_missed", "colour": COLOURS[c],
                        "mark": bonus_mark(game, eb.before[c])})  # fmt: skip
    for c in ep.bonus:
        if c not in eb.bonus:
            con.append({"kind": "yours_bonus", "colour": COLOURS[c],
                        "mark": bonus_mark(game, ep.before[c])})  # fmt: skip
    # Lines only one of the two moves blocks, opens or prepares: (what finds them, where a
    # line only the better move has goes and its kind, the same for the move played).
    by_line = (
        (blocked_lines, (pro, "leaves_open"), (con, "yours_blocks")),
        (opened_lines, (con, "better_opens"), (pro, "opens_more")),
        (prepared_lines, (pro, "prepares_more"), (con, "yours_prepares")),
    )
    for find, only_better, only_played in by_line:
        lines_b = {tuple(line[:-1]): line[-1] for line in find(game, seat, better)}
        lines_p = {tuple(line[:-1]): line[-1] for line in find(game, seat, played)}
        for mine, other, (into, kind) in ((lines_b, lines_p, only_better),
                                          (lines_p, lines_b, only_played)):  # fmt: skip
            for key, n in mine.items():
                if key not in other:
                    where = {"name": side_name(game, key[0])} if len(key) == 2 else {}
                    into.append({"kind": kind, **where, "colour": COLOURS[key[-1]], "n": n})
    swap = "sets_exchange" if duel else "sets_swap"
    swap_b = {"kind": swap} in facts(game, seat, better)
    swap_p = {"kind": swap} in facts(game, seat, played)
    if swap_b and not swap_p:
        pro.append({"kind": "exchange_setup" if duel else "swap_setup"})
    if eb.counted() > ep.counted() and not any(f["kind"] in LOWEST_POINTS for f in pro):
        pro.append({"kind": "more_points", "better": eb.counted(), "played": ep.counted()})
    elif ep.counted() > eb.counted() and not con:
        con.append({"kind": "yours_points", "better": eb.counted(), "played": ep.counted()})
    pro.sort(key=lambda f: PRIORITY.index(f["kind"]))
    return pro[:MOST_POINTS], con[:1]


__all__ = [
    "COSTS",
    "TEXT",
    "Effect",
    "Fact",
    "contrast",
    "effect",
    "facts",
    "gains_and_costs",
    "say",
    "sentence",
    "versus",
]
