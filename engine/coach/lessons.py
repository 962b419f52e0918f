"""What a move does in the game's own terms, what one move does that another does not, and
the plans a game shows: the facts the review, the hints and the puzzles state.

Every statement here is data first: a *fact* is a small JSON dict, ``{"kind": ...}`` plus
its arguments (colours by name, sides by name, numbers), so that the pages can say it in
the reader's language and a test can check it against the engine (:func:`check_fact`,
:func:`check_point`, :func:`check_plan`). :func:`say` words any of them in English.

* :func:`facts`: what a move does for the mover's side: the points each colour gains and
  where it then stands, points *wasted* on a colour at its end (18, or 36 and 9), a bonus
  turn where one is earned, a rival line blocked, a line opened for a rival (a cost), a
  swap set up; and, when it raises none of the lowest colours, whether any placement of
  the rack could have.
* :func:`contrast`: what differs between two moves, the points that favour the better one
  first (a lowest colour raised more, points not wasted, a bonus turn, a line blocked or
  not opened, a swap), then what the other does better, honestly; where the two differ
  only in what follows, the sampled futures say so (:func:`futures`).
* :func:`plans`: patterns over a whole game: a lowest colour left behind while placements
  raising it were on offer, points poured into full colours, lines opened for a rival,
  swaps declined.

Facts depend only on what the mover sees: the board, the tracks and the mover's own rack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.bots.evaluate import cell_points, oriented
from engine.formats.save import load_game
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.scoring import EMPTY, placement_points, symbol_points
from engine.rules.tiles import COLOURS, make_tile

Fact = dict[str, Any]
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
PRIORITY = ("bonus_missed", "left_lowest", "more_lowest", "more_wasted", "opens_more",
            "leaves_open", "prepares_more", "take_swap", "swap_setup", "lowest_after",
            "more_points")  # fmt: skip

#: Plans: a lowest colour left behind for at least this many of the side's turns, in at
#: least ``NEGLECTED`` of which a placement raising it was on offer and the move raised no
#: lowest colour at all.
BEHIND_TURNS = 6
NEGLECTED = 3
#: Points wasted over a game, in at least ``WASTED_MOVES`` moves, before they make a plan
#: (one move's waste is that move's own fact).
WASTED_POINTS = 5
WASTED_MOVES = 2
#: Lines opened for one rival over a game before they make a plan.
OPENED_LINES = 3
#: Swaps declined over a game before they make a plan.
DECLINED_SWAPS = 2

#: English words for every fact, lesson point and plan (the pages translate by kind).
TEXT = {
    # facts of one move
    "gain": "raises {colour} by {n} (to {to})",
    "gain_lowest": "raises {colour}, your lowest colour, by {n} (to {to})",
    "gain_tied": "raises {colour}, one of your lowest colours, by {n} (to {to})",
    "pull": "pulls {colour} {n} your way (to {to})",
    "wasted": "wastes {n} points of {colour}: it was already at {at}",
    "wasted_past": "wastes {n} more points of {colour} past {at}",
    "nothing": "scores nothing",
    "bonus": "reaches {mark} in {colour}: a bonus turn",
    "blocks": "blocks a line of {colour} worth {n} to {name}",
    "opens": "opens a line of {colour} worth {n} to {name}",
    "opens_bonus": "opens a line of {colour} worth {n} to {name}, enough for their bonus turn",
    "prepares": "prepares a line of {colour} worth {n} for your next turn",
    "sets_swap": "leaves no tile of your lowest colour on the rack: you may swap",
    "no_lowest": "no placement of your tiles can raise {colours} (your lowest, at {at})",
    "swap": "swaps the rack for six new tiles",
    "pass": "keeps the rack",
    # what the better move does that the one played does not (and the other way round)
    "more_lowest": (
        "The better move raises {colour}, your lowest colour, by {better}; yours by {played}."
    ),
    "left_lowest": (
        "The better move raises {colour}, your lowest colour, by {better}; yours leaves it at {at}."
    ),
    "lowest_after": (
        "After the better move your lowest colour stands at {better}; after yours at {played}."
    ),
    "more_wasted": (
        "Yours wastes {n} points of {colour}, which was already at {at}; the better move "
        "wastes none."
    ),
    "bonus_missed": "The better move reaches {mark} in {colour}: a bonus turn; yours earns none.",
    "leaves_open": (
        "The better move blocks a line of {colour} worth {n} to {name}; yours leaves it open."
    ),
    "opens_more": "Yours opens a line of {colour} worth {n} to {name}; the better move does not.",
    "swap_setup": (
        "The better move sets up a swap: no tile of your lowest colour stays on the rack."
    ),
    "take_swap": "Swapping was better: no tile on your rack showed {colours}, your lowest.",
    "more_points": "The better move scores {better} points that count; yours {played}.",
    "yours_lowest": (
        "Yours raises {colour}, your lowest colour, more now ({played} against {better})."
    ),
    "yours_bonus": "Yours reaches {mark} in {colour}: a bonus turn the better move does not earn.",
    "yours_blocks": (
        "Yours blocks a line of {colour} worth {n} to {name}, which the better move leaves open."
    ),
    "yours_points": "Yours scores more points that count now ({played} against {better}).",
    "better_opens": (
        "The better move opens a line of {colour} worth {n} to {name}; yours does not."
    ),
    "prepares_more": (
        "The better move prepares a line of {colour} worth {n} for your next turn; yours does not."
    ),
    "yours_prepares": (
        "Yours prepares a line of {colour} worth {n} for your next turn; the better move does not."
    ),
    "same_now": "Both moves do the same now; the difference lies in what follows.",
    "futures_mine": (
        "In the sampled games to the end, your lowest colour ends at {better:.1f} on "
        "average after the better move and at {played:.1f} after yours."
    ),
    "futures_rival": (
        "In the sampled games to the end, the lowest colour of {name} ends at {better:.1f} on "
        "average after the better move and at {played:.1f} after yours."
    ),
    "futures_second": (
        "In the sampled games to the end, your second lowest colour ends at {better:.1f} on "
        "average after the better move and at {played:.1f} after yours."
    ),
    "futures_wins": (
        "In the sampled games to the end, the better move wins {better:.0%} of them and "
        "yours {played:.0%}, with much the same lowest colours."
    ),
    # plans over a game
    "plan_behind": (
        "{name} left {colour} at {at} for {turns} turns (moves {first} to {last}), though "
        "placements raising it were on offer in {offered} of them, from move {started} on."
    ),
    "plan_wasted": "{name} wasted {n} points on colours already at their end (moves {moves}).",
    "plan_opened": (
        "{name} opened {count} lines for {rival} (moves {moves}), worth {worth} points to them."
    ),
    "plan_swaps": (
        "{name} declined {count} swaps (moves {moves}) while no tile showed their lowest colour."
    ),
    "plan_cost": "Chance of winning over these moves: {start:.0%} to {end:.0%}.",
    "plan_cost_solo": (
        "Expected lowest colour at the end over these moves: {start:.1f} to {end:.1f}."
    ),
    # a hint against the next best placement: what that one does worse
    "vs_left_lowest": "which leaves {colour} at {at}",
    "vs_more_lowest": "which raises {colour} only by {played}",
    "vs_lowest_after": "after which your lowest colour stands at {played}",
    "vs_more_wasted": "which wastes {n} points of {colour}",
    "vs_bonus_missed": "which earns no bonus turn",
    "vs_leaves_open": "which leaves the line of {colour} open to {name}",
    "vs_opens_more": "which opens a line of {colour} worth {n} to {name}",
    "vs_swap_setup": "which sets up no swap",
    "vs_prepares_more": "which prepares no line of {colour} for your next turn",
    "vs_take_swap": "since no tile on your rack shows {colours}",
    "vs_more_points": "which scores {played} points that count",
    "vs_search": "which the bot's look-ahead rates lower",
}

#: The English singular of the texts with a count: (kind, the count's field) -> text.
SINGULAR = {
    ("wasted", "n"): "wastes 1 point of {colour}: it was already at {at}",
    ("wasted_past", "n"): "wastes 1 more point of {colour} past {at}",
    ("more_wasted", "n"): (
        "Yours wastes 1 point of {colour}, which was already at {at}; the better move wastes none."
    ),
    ("more_points", "better"): "The better move scores 1 point that counts; yours {played}.",
    ("vs_more_wasted", "n"): "which wastes 1 point of {colour}",
    ("vs_more_points", "played"): "which scores 1 point that counts",
    ("plan_wasted", "n"): "{name} wasted 1 point on colours already at their end (moves {moves}).",
}

#: The clause a hint says of the next best move, by the lesson point it rests on.
VERSUS = {k: f"vs_{k}" for k in (
    "left_lowest", "more_lowest", "lowest_after", "more_wasted", "bonus_missed",
    "leaves_open", "opens_more", "swap_setup", "take_swap", "more_points", "prepares_more",
)}  # fmt: skip


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
    return Effect(tuple(points), before, after, gained, lost, tuple(bonus))


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
        out.append({"kind": "sets_swap"})
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


def contrast(game: Game, seat: int, better: Move, played: Move) -> tuple[list[Fact], list[Fact]]:
    """What ``better`` does that ``played`` does not (most important first), and what
    ``played`` does better (its merits, said honestly). Facts of the position only."""
    pro: list[Fact] = []
    con: list[Fact] = []
    if isinstance(better, str) or isinstance(played, str):
        if better == "swap" and played == "pass":
            lows = _lows(oriented(game, seat))
            pro.append({"kind": "take_swap", "colours": [COLOURS[c] for c in sorted(lows)]})
        return pro, con
    eb, ep = effect(game, seat, better), effect(game, seat, played)
    low_order = sorted(eb.lows, key=lambda c: (-(eb.gained[c] - ep.gained[c]), c))
    duel = game.variant.name == "duel"
    for c in low_order:
        if eb.gained[c] > ep.gained[c]:
            if ep.gained[c]:
                pro.append({"kind": "more_lowest", "colour": COLOURS[c], "better": eb.gained[c],
                            "played": ep.gained[c]})  # fmt: skip
            else:
                pro.append({"kind": "left_lowest", "colour": COLOURS[c], "better": eb.gained[c],
                            "at": eb.before[c]})  # fmt: skip
        elif ep.gained[c] > eb.gained[c]:
            con.append({"kind": "yours_lowest", "colour": COLOURS[c], "better": eb.gained[c],
                        "played": ep.gained[c]})  # fmt: skip
    if min(eb.after) > min(ep.after) and not duel and not pro:
        pro.append({"kind": "lowest_after", "better": min(eb.after), "played": min(ep.after)})
    for c in sorted(range(6), key=lambda c: (-ep.lost[c], c)):
        if ep.lost[c] > eb.lost[c] and not eb.lost[c]:
            pro.append({"kind": "more_wasted", "colour": COLOURS[c], "n": ep.lost[c],
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
    swap_b = {"kind": "sets_swap"} in facts(game, seat, better)
    swap_p = {"kind": "sets_swap"} in facts(game, seat, played)
    if swap_b and not swap_p:
        pro.append({"kind": "swap_setup"})
    if eb.counted() > ep.counted() and not any(
        f["kind"] in ("more_lowest", "left_lowest") for f in pro
    ):
        pro.append({"kind": "more_points", "better": eb.counted(), "played": ep.counted()})
    elif ep.counted() > eb.counted() and not con:
        con.append({"kind": "yours_points", "better": eb.counted(), "played": ep.counted()})
    pro.sort(key=lambda f: PRIORITY.index(f["kind"]))
    return pro[:MOST_POINTS], con[:1]


def futures(
    game: Game, seat: int, better: list[list[float]], played: list[list[float]]
) -> list[Fact]:
    """What the sampled futures show: ``better[s]`` and ``played[s]`` are each seat's
    (chance of winning, expected lowest colour, expected second lowest) at the end after
    each move. Solo: the lowest colour, else the second lowest, which the result's worth
    also counts."""
    out: list[Fact] = []
    mine_b, mine_p = better[seat][1], played[seat][1]
    swing = [(played[r][1] - better[r][1], r) for r in rivals(game, seat)]
    gap, rival = max(swing) if swing else (0.0, -1)
    if gap >= 0.25 and gap > mine_b - mine_p:
        figures = {"better": round(better[rival][1], 2), "played": round(played[rival][1], 2)}
        return [{"kind": "futures_rival", "name": side_name(game, rival), **figures}]
    if mine_b - mine_p >= 0.25 or (game.players == 1 and mine_b > mine_p):
        out.append({"kind": "futures_mine", "better": round(mine_b, 2), "played": round(mine_p, 2)})
    elif game.players == 1:
        out.append({"kind": "futures_second", "better": round(better[seat][2], 2),
                    "played": round(played[seat][2], 2)})  # fmt: skip
    if not out and game.players > 1:
        out.append({"kind": "futures_wins", "better": round(better[seat][0], 4),
                    "played": round(played[seat][0], 4)})  # fmt: skip
    return out


# --- plans over a game -------------------------------------------------------------------------


def plans(
    save: dict[str, Any],
    seats: list[int] | None = None,
    chances: dict[int, list[float]] | None = None,
) -> list[Fact]:
    """Patterns over the game in ``save`` for the ``seats`` reviewed (default: all).

    ``chances``: a reviewed seat's chance of winning after each of its moves, by move
    index (the review's chart); a plan then carries its cost over its span.
    """
    game = load_game({**save, "moves": []})
    seats = list(range(game.players)) if seats is None else seats
    runs: dict[tuple[int, int], dict[str, Any]] = {}
    found: list[Fact] = []
    wasted: dict[int, list[tuple[int, int]]] = {s: [] for s in seats}
    opened: dict[tuple[int, int], list[tuple[int, int]]] = {}
    declined: dict[int, list[int]] = {s: [] for s in seats}

    def close(seat: int, colour: int) -> None:
        run = runs.pop((seat, colour), None)
        if run and len(run["turns"]) >= BEHIND_TURNS and len(run["neglected"]) >= NEGLECTED:
            found.append({"kind": "plan_behind", "seat": seat, "name": side_name(game, seat),
                          "colour": COLOURS[colour], "at": run["at"],
                          "turns": len(run["turns"]), "offered": len(run["offered"]),
                          "started": run["neglected"][0],
                          "first": run["turns"][0], "last": run["turns"][-1],
                          "moves": run["neglected"]})  # fmt: skip

    duel = game.variant.name == "duel"
    for index, move in enumerate(save["moves"]):
        seat = game.current
        if seat in seats and game.phase == "swap" and move == "pass":
            declined[seat].append(index)
        if seat in seats and game.phase == "place" and not duel:
            p = game.parse(move)
            assert not isinstance(p, str)
            e = effect(game, seat, p)
            offered = raising_offered(game, seat)
            raised_low = any(e.gained[c] for c in e.lows)
            for c in range(6):
                key = (seat, c)
                if c in e.lows and not e.gained[c]:
                    run = runs.get(key)
                    if run is None or run["at"] != e.before[c]:
                        close(seat, c)
                        run = runs[key] = {"at": e.before[c], "turns": [], "offered": [],
                                           "neglected": []}  # fmt: skip
                    run["turns"].append(index)
                    if offered[c]:
                        run["offered"].append(index)
                        if not raised_low:
                            run["neglected"].append(index)
                else:
                    close(seat, c)
            lost = sum(e.lost)
            if lost:
                wasted[seat].append((index, lost))
            for rival, _colour, n in opened_lines(game, seat, p):
                opened.setdefault((seat, rival), []).append((index, n))
        game.apply(move)
    for seat, colour in list(runs):
        close(seat, colour)
    for seat, items in wasted.items():
        total = sum(n for _, n in items)
        if total >= WASTED_POINTS and len(items) >= WASTED_MOVES:
            moves = [i for i, _ in items]
            found.append({"kind": "plan_wasted", "seat": seat, "name": side_name(game, seat),
                          "n": total, "first": moves[0], "last": moves[-1],
                          "moves": moves})  # fmt: skip
    for (seat, rival), items in opened.items():
        if len(items) >= OPENED_LINES:
            moves = sorted({i for i, _ in items})
            if len(moves) < 2:  # lines opened by one move are that move's fact, not a plan
                continue
            found.append({"kind": "plan_opened", "seat": seat, "name": side_name(game, seat),
                          "rival": side_name(game, rival), "count": len(items),
                          "worth": sum(n for _, n in items), "first": moves[0],
                          "last": moves[-1], "moves": moves})  # fmt: skip
    for seat, moves in declined.items():
        if len(moves) >= DECLINED_SWAPS:
            found.append({"kind": "plan_swaps", "seat": seat, "name": side_name(game, seat),
                          "count": len(moves), "first": moves[0], "last": moves[-1],
                          "moves": moves})  # fmt: skip
    if chances:
        known = sorted(chances)
        for plan in found:
            seat = plan["seat"]
            inside = [i for i in known if plan["first"] <= i <= plan["last"]]
            before = [i for i in known if i < plan["first"]]
            if inside:
                start = chances[before[-1]] if before else chances[inside[0]]
                plan["measure"] = "lowest" if game.players == 1 else "win"
                plan["win_start"] = round(start[seat], 4)
                plan["win_end"] = round(chances[inside[-1]][seat], 4)
    found.sort(key=lambda f: (f["first"], f["kind"]))
    return found


# --- words (English; the pages translate by kind) ------------------------------------------------


def _words(value: Any, key: str) -> Any:
    if key == "colours" and isinstance(value, list):
        return " or ".join(str(v) for v in value)
    if key in ("first", "last", "started"):
        return value + 1  # move indices are said as move numbers
    if key == "moves" and isinstance(value, list):
        return ", ".join(str(i + 1) for i in value)
    return value


def say(fact: Fact) -> str:
    """A fact, lesson point or plan in English."""
    args = {k: _words(v, k) for k, v in fact.items() if k not in ("kind", "measure")}
    template = TEXT[fact["kind"]]
    for (kind, count), singular in SINGULAR.items():
        if kind == fact["kind"] and fact.get(count) == 1:
            template = singular
    text = template.format(**args)
    if fact["kind"].startswith("plan_") and "win_start" in fact:
        key = "plan_cost_solo" if fact.get("measure") == "lowest" else "plan_cost"
        text += " " + TEXT[key].format(start=fact["win_start"], end=fact["win_end"])
    return text


def versus(lesson: list[Fact]) -> Fact:
    """What a hint says of the next best move: the first point of the lesson, as a clause
    about that move (the look-ahead's verdict when the position alone shows none)."""
    for point in lesson:
        if point["kind"] in VERSUS:
            return {**point, "kind": VERSUS[point["kind"]]}
    return {"kind": "vs_search"}


def sentence(items: list[Fact]) -> str:
    """Facts of a move joined into one clause list (``a; b; c``)."""
    return "; ".join(say(f) for f in items)


# --- checks against the engine ---------------------------------------------------------------


def _played(game: Game, seat: int, p: Placement) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The mover's track before and after really playing ``p``, and the bonus earned."""
    before = _orient(game, seat, game.scores[game.variant.side_of(seat)][:])
    trial = game.copy()
    event = trial.play(p, record=True)
    after = _orient(game, seat, event["scores"][game.variant.side_of(seat)])
    return before, after, int(event["bonus"])


def _line_worth(game: Game, cell: int, colour: int) -> int:
    """What a symbol of ``colour`` on ``cell`` scores next to an empty neighbour."""
    best = 0
    for partner in game.zone.neighbours[cell]:
        if partner >= 0 and game.board[partner] == EMPTY:
            best = max(best, symbol_points(game.board, game.zone, cell, partner, colour))
    return best


def check_fact(game: Game, seat: int, move: Move, fact: Fact) -> str | None:
    """Why ``fact`` about ``move`` is false (checked by playing it), or None if it holds."""
    kind = fact["kind"]
    if isinstance(move, str):
        return None if kind == ("swap" if move == "swap" else "pass") else f"{kind} of {move}"
    before, after, bonus = _played(game, seat, move)
    c = COLOURS.index(fact["colour"]) if "colour" in fact else -1
    raw = placement_points(game.board, game.zone, *move)
    low = min(before)
    if kind in ("gain", "gain_lowest", "gain_tied", "pull"):
        if after[c] - before[c] != fact["n"] or after[c] != fact["to"]:
            return f"{fact['colour']} went from {before[c]} to {after[c]}"
        lows = [x for x in range(6) if before[x] == low]
        if kind == "gain_lowest" and lows != [c]:
            return f"{fact['colour']} was not the lowest colour alone"
        if kind == "gain_tied" and (c not in lows or len(lows) < 2):
            return f"{fact['colour']} was not tied for the lowest colour"
        if kind == "gain" and c in lows:
            return f"{fact['colour']} was a lowest colour"
        return None
    if kind in ("wasted", "wasted_past"):
        lost = raw[c] - (after[c] - before[c])
        if lost != fact["n"] or after[c] != fact["at"]:
            return f"{raw[c]} points of {fact['colour']} moved it {before[c]} -> {after[c]}"
        if (kind == "wasted") != (before[c] == after[c]):
            return f"{fact['colour']} moved from {before[c]} to {after[c]}"
        return None
    if kind == "nothing":
        return None if not any(raw) else f"the placement scores {raw}"
    if kind == "bonus":
        if not bonus or not before[c] < fact["mark"] <= after[c]:
            return f"{fact['colour']} {before[c]} -> {after[c]}, {bonus} bonus"
        return None
    if kind in ("blocks", "opens", "opens_bonus"):
        return _check_line(game, seat, move, fact, c)
    if kind == "prepares":
        return _check_prepared(game, seat, move, fact, c)
    if kind == "sets_swap":
        trial = game.copy()
        trial.play(move)
        return None if trial.phase == "swap" and trial.current == seat else "no swap offered"
    if kind == "no_lowest":
        colours = [COLOURS.index(x) for x in fact["colours"]]
        if sorted(colours) != [x for x in range(6) if before[x] == low] or fact["at"] != low:
            return "those are not the lowest colours"
        for p in game.placements():
            points = placement_points(game.board, game.zone, *p)
            if any(points[x] for x in colours):
                side, _ = game.variant.preview_gain(game, seat, points)
                after_p = _orient(game, seat, side)
                if any(after_p[x] > before[x] for x in colours):
                    return f"{game.placement_text(p)} raises one of them"
        return None
    return f"unknown fact {kind}"


def _best_worth(game: Game, colour: int) -> int:
    cells = [e for e in range(len(game.board)) if game.board[e] == EMPTY]
    return max((_line_worth(game, e, colour) for e in cells), default=0)


def _check_prepared(game: Game, seat: int, move: Placement, fact: Fact, c: int) -> str | None:
    track = _orient(game, seat, game.scores[game.variant.side_of(seat)][:])
    if track[c] != min(track):
        return f"{fact['colour']} is not a lowest colour"
    rack = list(game.racks[seat])
    rack.remove(make_tile(move[2], move[3]))
    if not any(c in t for t in rack):
        return f"no tile of {fact['colour']} stays on the rack"
    after = game.copy()
    after.play(move)
    was, now = _best_worth(game, c), _best_worth(after, c)
    if now != fact["n"] or now <= was:
        return f"the best {fact['colour']} line went from {was} to {now}"
    return None


def _rival_seat(game: Game, name: str) -> int:
    return next(s for s in range(game.players) if side_name(game, s) == name)


def _check_line(game: Game, seat: int, move: Placement, fact: Fact, c: int) -> str | None:
    rival = _rival_seat(game, fact["name"])
    if game.variant.side_of(rival) == game.variant.side_of(seat):
        return "a partner is not a rival"
    track = _orient(game, rival, game.scores[game.variant.side_of(rival)][:])
    if fact["kind"] == "blocks":
        worth = max(_line_worth(game, cell, c) for cell in move[:2])
        if worth != fact["n"]:
            return f"the cells were worth {worth} in {fact['colour']}"
    else:
        after = game.copy()
        after.play(move)
        cells = [e for e in range(len(after.board)) if after.board[e] == EMPTY]
        now = max((_line_worth(after, e, c) for e in cells), default=0)
        was = max(
            (_line_worth(game, e, c) for e in range(len(game.board)) if game.board[e] == EMPTY),
            default=0,
        )
        if now != fact["n"] or now <= was:
            return f"the best {fact['colour']} line went from {was} to {now}"
        low = min(track)
        if fact["kind"] == "opens" and track[c] != low:
            return f"{fact['colour']} is not {fact['name']}'s lowest colour"
        if fact["kind"] == "opens_bonus" and not track[c] < bonus_mark(game, track[c]) <= (
            track[c] + now
        ):
            return f"{now} points do not bring {fact['name']} a bonus"
    return None


def check_point(game: Game, seat: int, better: Move, played: Move, point: Fact) -> str | None:
    """Why a lesson ``point`` about ``better`` against ``played`` is false, or None."""
    kind = point["kind"]
    if kind.startswith("futures") or kind == "same_now":
        return None  # figures of the sampled futures, not facts of the position
    if kind == "take_swap":
        return None if (better, played) == ("swap", "pass") else "not a declined swap"
    if isinstance(better, str) or isinstance(played, str):
        return f"{kind} between {better} and {played}"
    b_before, b_after, b_bonus = _played(game, seat, better)
    _, p_after, p_bonus = _played(game, seat, played)
    c = COLOURS.index(point["colour"]) if "colour" in point else -1
    gained_b = [b_after[x] - b_before[x] for x in range(6)]
    gained_p = [p_after[x] - b_before[x] for x in range(6)]
    low = min(b_before)
    if kind in ("more_lowest", "left_lowest", "yours_lowest"):
        if b_before[c] != low:
            return f"{point['colour']} was not a lowest colour"
        ok = gained_b[c] == point["better"] and (
            gained_p[c] == point["played"] if "played" in point else gained_p[c] == 0
        )
        return None if ok else f"{point['colour']}: {gained_b[c]} against {gained_p[c]}"
    if kind == "lowest_after":
        ok = (min(b_after), min(p_after)) == (point["better"], point["played"])
        return None if ok else f"lowest after: {min(b_after)} against {min(p_after)}"
    if kind == "more_wasted":
        raw_p = placement_points(game.board, game.zone, *played)
        raw_b = placement_points(game.board, game.zone, *better)
        lost_p = raw_p[c] - gained_p[c]
        lost_b = raw_b[c] - gained_b[c]
        ok = lost_p == point["n"] and lost_b == 0 and p_after[c] == point["at"]
        return None if ok else f"{point['colour']}: lost {lost_p} against {lost_b}"
    if kind in ("bonus_missed", "yours_bonus"):
        mine, other = (b_after, p_after) if kind == "bonus_missed" else (p_after, b_after)
        mark = point["mark"]
        ok = b_before[c] < mark <= mine[c] and not other[c] >= mark
        return None if ok else f"{point['colour']} reaches {mine[c]} against {other[c]}"
    if kind in ("prepares_more", "yours_prepares"):
        doer = better if kind == "prepares_more" else played
        return check_fact(game, seat, doer, {**point, "kind": "prepares"})
    if kind in ("leaves_open", "yours_blocks", "opens_more", "better_opens"):
        by_better = kind in ("leaves_open", "better_opens")
        doer = better if by_better else played
        line = "blocks" if kind in ("leaves_open", "yours_blocks") else "opens"
        fact = {**point, "kind": line}
        wrong = check_fact(game, seat, doer, fact)
        if wrong and line == "opens":
            wrong = check_fact(game, seat, doer, {**fact, "kind": "opens_bonus"})
        return wrong
    if kind == "swap_setup":
        return check_fact(game, seat, better, {"kind": "sets_swap"})
    if kind in ("more_points", "yours_points"):
        ok = (sum(gained_b), sum(gained_p)) == (point["better"], point["played"])
        return None if ok else f"points that count: {sum(gained_b)} against {sum(gained_p)}"
    return f"unknown point {kind}"


__all__ = [
    "COSTS",
    "TEXT",
    "Effect",
    "Fact",
    "check_fact",
    "check_point",
    "contrast",
    "effect",
    "facts",
    "futures",
    "gains_and_costs",
    "plans",
    "say",
    "sentence",
    "versus",
]
