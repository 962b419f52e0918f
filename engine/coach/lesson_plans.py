"""Plans: patterns over a whole game, for each side reviewed: a lowest colour left behind while
placements raising it were on offer, points poured into full colours, lines opened for a
rival, swaps declined; each with the chance of winning (or the lowest colour, solo) before and
after.
"""

from __future__ import annotations

from typing import Any

from engine.coach.lessons import Fact, effect, opened_lines, raising_offered, side_name
from engine.formats.save import load_game
from engine.rules.tiles import COLOURS

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
        """End a colour's run; the plan spans from its first neglected turn to its last
        turn, and its counts are of the turns in that span. The turns that raised another
        lowest colour are its exceptions: not part of the plan (``except``)."""
        run = runs.pop((seat, colour), None)
        if not run or not run["neglected"]:
            return
        start = run["neglected"][0]
        turns = [i for i in run["turns"] if i >= start]
        offered = [i for i in run["offered"] if i >= start]
        if len(turns) >= BEHIND_TURNS and len(run["neglected"]) >= NEGLECTED:
            found.append({"kind": "plan_behind", "seat": seat, "name": side_name(game, seat),
                          "colour": COLOURS[colour], "at": run["at"],
                          "turns": len(turns), "offered": len(offered),
                          "first": start, "started": start, "last": turns[-1],
                          "moves": run["neglected"],
                          "except": [i for i in run["raised"] if i >= start]})  # fmt: skip

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
                                           "neglected": [], "raised": []}  # fmt: skip
                    run["turns"].append(index)
                    if raised_low:
                        run["raised"].append(index)
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
            kind = "plan_exchanges" if duel else "plan_swaps"
            found.append({"kind": kind, "seat": seat, "name": side_name(game, seat),
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
        # Only the plans that cost the player who made them: the figure fell over the span.
        found = [p for p in found if "win_start" not in p or p["win_end"] < p["win_start"]]
    found.sort(key=lambda f: (f["first"], f["kind"]))
    return found
