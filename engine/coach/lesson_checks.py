"""Every fact, lesson point and plan the coach states, checked against the engine by playing the
move on a copy of the game: :func:`check_fact` (one move), :func:`check_point` (a lesson point
between two moves). Each returns why a statement is false, or None when it holds.
"""

from __future__ import annotations

from engine.coach.lessons import Fact, Move, _orient, bonus_mark, side_name
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.scoring import EMPTY, placement_points, symbol_points
from engine.rules.tiles import COLOURS, make_tile


def _played(game: Game, seat: int, p: Placement) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The mover's track before and after really playing ``p``, and the bonus turns earned
    that can be played (none when the placement ends the game or the bonus is lost)."""
    before = _orient(game, seat, game.scores[game.variant.side_of(seat)][:])
    trial = game.copy()
    event = trial.play(p, record=True)
    after = _orient(game, seat, event["scores"][game.variant.side_of(seat)])
    kept = not trial.over and not event.get("lost_bonus")
    return before, after, int(event["bonus"]) if kept else 0


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
    if kind in ("sets_swap", "sets_exchange"):
        if (kind == "sets_exchange") != (game.variant.name == "duel"):
            return f"{kind} is not this variant's rule"
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
    if kind in ("take_swap", "take_exchange"):
        if (kind == "take_exchange") != (game.variant.name == "duel"):
            return f"{kind} is not this variant's rule"
        return None if (better, played) == ("swap", "pass") else "not a declined swap"
    if isinstance(better, str) or isinstance(played, str):
        return f"{kind} between {better} and {played}"
    b_before, b_after, b_bonus = _played(game, seat, better)
    _, p_after, p_bonus = _played(game, seat, played)
    c = COLOURS.index(point["colour"]) if "colour" in point else -1
    gained_b = [b_after[x] - b_before[x] for x in range(6)]
    gained_p = [p_after[x] - b_before[x] for x in range(6)]
    low = min(b_before)
    lows = [x for x in range(6) if b_before[x] == low]
    duel = game.variant.name == "duel"
    if kind.replace("_tied", "") in ("more_lowest", "left_lowest", "yours_lowest"):
        if duel:
            return "the duel has no lowest colour"
        if b_before[c] != low:
            return f"{point['colour']} was not a lowest colour"
        if kind.endswith("_tied") != (len(lows) > 1):
            return f"{len(lows)} colours were lowest"
        ok = gained_b[c] == point["better"] and (
            gained_p[c] == point["played"] if "played" in point else gained_p[c] == 0
        )
        return None if ok else f"{point['colour']}: {gained_b[c]} against {gained_p[c]}"
    if kind == "lowest_after":
        ok = (min(b_after), min(p_after)) == (point["better"], point["played"])
        return None if ok else f"lowest after: {min(b_after)} against {min(p_after)}"
    if kind in ("more_wasted", "more_wasted_past"):
        raw_p = placement_points(game.board, game.zone, *played)
        raw_b = placement_points(game.board, game.zone, *better)
        lost_p = raw_p[c] - gained_p[c]
        lost_b = raw_b[c] - gained_b[c]
        ok = lost_p == point["n"] and lost_b == 0 and p_after[c] == point["at"]
        if (kind == "more_wasted") != (gained_p[c] == 0):
            return f"{point['colour']} moved {b_before[c]} -> {p_after[c]}"
        return None if ok else f"{point['colour']}: lost {lost_p} against {lost_b}"
    if kind == "tie_break":
        k = len(point["better"])
        sb, sp = sorted(b_after), sorted(p_after)
        ok = not duel and (sb[:k], sp[:k]) == (point["better"], point["played"])
        return (
            None
            if ok and sb[: k - 1] == sp[: k - 1] and sb[k - 1] > sp[k - 1]
            else (f"tie-break order: {sb} against {sp}")
        )
    if kind in ("duel_over", "yours_over"):
        mine, other = (b_after, p_after) if kind == "duel_over" else (p_after, b_after)
        ok = duel and mine[c] == point["to"] > 0 >= other[c] == point["at"]
        return None if ok else f"{point['colour']}: {mine[c]} against {other[c]}"
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
    if kind in ("swap_setup", "exchange_setup"):
        fact = {"kind": "sets_swap" if kind == "swap_setup" else "sets_exchange"}
        return check_fact(game, seat, better, fact) or (
            None if check_fact(game, seat, played, fact) else "the move played sets it up too"
        )
    if kind in ("more_points", "yours_points"):
        ok = (sum(gained_b), sum(gained_p)) == (point["better"], point["played"])
        return None if ok else f"points that count: {sum(gained_b)} against {sum(gained_p)}"
    return f"unknown point {kind}"
