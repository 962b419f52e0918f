"""The review's quality suite: positions and games where the right lesson is known.

Each case is a position of a real game (a seed and the moves so far, replayed by the
engine) and a move played there that teaches one lesson: points wasted on a colour at
its end, a bonus turn missed, a lowest colour left behind, a line left open for a rival
or opened for them, a swap not taken; or a whole game in which one colour was left at
its value for many turns while placements raising it were on offer (a plan). For each,
the review must state the lesson (:data:`LESSONS`) and must not state the false one, and
every fact it states must hold when checked against the engine.

The cases were found by :func:`find` in games between bots (``python -m engine.coach.lesson_suite
find > engine/coach/lesson_set.py``) and are kept as data, so the suite needs no search, only
the review of each case: ``python -m engine lessons`` prints how many are stated right.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.bots import make_bot
from engine.bots.evaluate import oriented, scored_placements
from engine.coach import lesson_checks, lesson_plans, lessons
from engine.coach.lessons import Fact
from engine.coach.puzzles import table_source
from engine.coach.review import MoveReview, analyse
from engine.formats.save import load_game
from engine.rules.game import Game, new_game
from engine.rules.notation import Placement
from engine.rules.tiles import COLOURS

#: The lessons, each with what the review must state and what it must not.
LESSONS = {
    "wasted": "points poured into a colour already at its end are called wasted, not a gain",
    "bonus": "a bonus turn the better move earns and the move played misses is named",
    "lowest": "a lowest colour the better move raises and the move played leaves is named",
    "blocks": "a rival's line the better move blocks and the move played leaves open is named",
    "opens": "a line the move played opens for a rival is said as a cost, never as a reason",
    "swap": "a swap that should have been taken is named as the difference",
    "behind": "a colour left behind for many turns while placements raised it is a plan",
}


@dataclass(frozen=True)
class Verdict:
    """What the review said of a case: whether it stated the lesson, what it stated
    wrongly (a false lesson, a fact the engine contradicts), in words."""

    case: str
    lesson: str
    right: bool
    wrong: tuple[str, ...]
    said: str
    #: The case's lesson lies between the move played and the better move found (the
    #: analysis found the move played clearly worse, and the better move does what the
    #: lesson says); a plan's case: always.
    teaches: bool = True


# --- the checks ------------------------------------------------------------------------------


def _kinds(facts: list[Fact]) -> set[str]:
    return {f["kind"] for f in facts}


def _colour_facts(facts: list[Fact], colour: str, kinds: set[str]) -> list[Fact]:
    return [f for f in facts if f["kind"] in kinds and f.get("colour") == colour]


GAINS = {"gain", "gain_lowest", "gain_tied", "pull"}


def facts_wrong(game: Game, r: MoveReview) -> list[str]:
    """Every fact and lesson point of ``r`` (the position before it: ``game``) that the
    engine contradicts, and a reason that says the same of both moves."""
    seat = r.seat
    played, best = game.parse(r.played), game.parse(r.best)
    wrong = []
    for f in r.played_facts:
        why = lesson_checks.check_fact(game, seat, played, f)
        if why:
            wrong.append(f"played {f['kind']}: {why}")
    for f in r.best_facts:
        why = lesson_checks.check_fact(game, seat, best, f)
        if why:
            wrong.append(f"better {f['kind']}: {why}")
    for f in r.lesson + r.merits:
        why = lesson_checks.check_point(game, seat, best, played, f)
        if why:
            wrong.append(f"lesson {f['kind']}: {why}")
    if r.mistake and not r.lesson and not r.futures:
        wrong.append("a mistake with no reason")
    if r.mistake and r.played_facts == r.best_facts and not r.futures:
        wrong.append("the same reasons for both moves")
    gains, _, _ = lessons.gains_and_costs(r.played_facts)
    if any(f["kind"] in lessons.COSTS for f in gains):
        wrong.append("a cost listed as a reason")
    return wrong


def _move_lesson(case: dict[str, Any], r: MoveReview) -> tuple[bool, list[str]]:
    """Whether the review of the case's move states its lesson, and what it says wrongly."""
    lesson, colour = case["lesson"], case.get("colour", "")
    points = _kinds(r.lesson)
    wrong: list[str] = []
    if lesson == "wasted":
        right = r.mistake and (
            bool(points & {"more_wasted", "more_wasted_past"})
            or bool(_colour_facts(r.played_facts, colour, {"wasted"}))
        )
        if _colour_facts(r.played_facts, colour, GAINS | {"bonus"}):
            wrong.append(f"calls the points into {colour} a gain")
        return right, wrong
    if lesson == "bonus":
        if _colour_facts(r.played_facts, colour, {"bonus"}):
            wrong.append("claims a bonus for the move played")
        return r.mistake and "bonus_missed" in points, wrong
    if lesson == "lowest":
        return r.mistake and bool(points & lessons.LOWEST_POINTS), wrong
    if lesson == "blocks":
        return r.mistake and "leaves_open" in points, wrong
    if lesson == "opens":
        gains, costs, _ = lessons.gains_and_costs(r.played_facts)
        if _kinds(gains) & {"opens", "opens_bonus"}:
            wrong.append("lists the opened line as a reason")
        return bool(_kinds(costs) & {"opens", "opens_bonus"}) and "opens_more" in points, wrong
    if lesson == "swap":
        if r.mistake and "take_swap" not in points:
            wrong.append("a declined swap explained without the swap")
        return r.mistake and "take_swap" in points, wrong
    raise ValueError(f"unknown lesson {lesson!r}")


def teaches(case: dict[str, Any], game: Game, r: MoveReview) -> bool:
    """Whether the case's lesson lies between the move played and the better move the
    analysis found (else the position teaches something else: not a case of the lesson)."""
    if not r.mistake:
        return False
    lesson, seat = case["lesson"], r.seat
    played, best = game.parse(r.played), game.parse(r.best)
    if lesson == "swap":
        return (best, played) == ("swap", "pass")
    if isinstance(played, str) or isinstance(best, str):
        return False
    ep, eb = lessons.effect(game, seat, played), lessons.effect(game, seat, best)
    if lesson == "wasted":
        c = COLOURS.index(case["colour"])
        return ep.lost[c] > 0 and eb.lost[c] == 0
    if lesson == "bonus":
        return bool(set(eb.bonus) - set(ep.bonus))
    if lesson == "lowest":
        return any(eb.gained[c] > ep.gained[c] for c in eb.lows)
    if lesson == "blocks":
        lines = {(x, c) for x, c, _ in lessons.blocked_lines(game, seat, played)}
        return any((x, c) not in lines for x, c, _ in lessons.blocked_lines(game, seat, best))
    if lesson == "opens":
        lines = {(x, c) for x, c, _ in lessons.opened_lines(game, seat, best)}
        return any((x, c) not in lines for x, c, _ in lessons.opened_lines(game, seat, played))
    return False


def _plan_lesson(case: dict[str, Any]) -> tuple[bool, list[str], str]:
    save = _save(case)
    found = lesson_plans.plans(save, [case["seat"]])
    wrong = [why for plan in found if (why := check_plan(save, plan))]
    right = any(
        p["kind"] == "plan_behind" and p["colour"] == case["colour"] and p["seat"] == case["seat"]
        for p in found
    )
    return right, wrong, " ".join(lessons.say(p) for p in found)


def check_plan(save: dict[str, Any], plan: Fact) -> str | None:
    """Why a plan is false when the game is replayed, or None if it holds."""
    game = load_game({**save, "moves": []})
    seat = plan["seat"]
    seen: list[int] = []
    offered: list[int] = []
    wasted = 0
    if plan.get("win_start") is not None and plan["win_end"] >= plan["win_start"]:
        return f"the figure rose over the plan: {plan['win_start']} to {plan['win_end']}"
    if plan["kind"] == "plan_swaps" and game.variant.name == "duel":
        return "the duel has the exchange, not the swap"
    for index, move in enumerate(save["moves"]):
        if game.current == seat and plan["first"] <= index <= plan["last"]:
            if plan["kind"] == "plan_behind" and game.phase == "place":
                c = COLOURS.index(plan["colour"])
                track = oriented(game, seat)
                if track[c] != plan["at"] or track[c] != min(track):
                    return f"{plan['colour']} was {track[c]} at move {index + 1}"
                p = game.parse(move)
                assert not isinstance(p, str)
                e = lessons.effect(game, seat, p)
                if any(e.gained[x] for x in e.lows) != (index in plan.get("except", [])):
                    return f"move {index + 1}: raised a lowest colour or not, as not said"
                if lessons.raising_offered(game, seat)[c]:
                    offered.append(index)
                seen.append(index)
            if plan["kind"] == "plan_wasted" and game.phase == "place":
                p = game.parse(move)
                assert not isinstance(p, str)
                wasted += sum(lessons.effect(game, seat, p).lost)
        game.apply(move)
    if plan["kind"] == "plan_behind" and len(seen) != plan["turns"]:
        return f"{len(seen)} turns, not {plan['turns']}"
    if plan["kind"] == "plan_behind" and len(offered) != plan["offered"]:
        return f"offered in {len(offered)} turns, not {plan['offered']}"
    if plan["kind"] == "plan_behind" and (not offered or offered[0] != plan["first"]):
        return f"the neglect began at move {offered[0] + 1 if offered else '-'}, not its first"
    if plan["kind"] == "plan_wasted" and wasted != plan["n"]:
        return f"{wasted} points wasted, not {plan['n']}"
    return None


def _save(case: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "ingenious",
        "version": 1,
        "variant": case.get("variant", "standard"),
        "players": case.get("players", 2),
        "names": case.get("names", ["Ann", "Bob"]),
        "options": {},
        "seed": case["seed"],
        "moves": case["moves"],
    }


def judge(case: dict[str, Any]) -> Verdict:
    """The review's verdict on one case (its move analysed at the review's own settings)."""
    if case["lesson"] == "behind":
        right, wrong, said = _plan_lesson(case)
        return Verdict(case["name"], case["lesson"], right and not wrong, tuple(wrong), said)
    game = load_game(_save(case))
    r = analyse(game, game.current, case["played"], index=len(case["moves"]))
    right, wrong = _move_lesson(case, r)
    wrong += facts_wrong(game, r)
    return Verdict(
        case["name"],
        case["lesson"],
        right and not wrong,
        tuple(wrong),
        r.reason,
        teaches(case, game, r),
    )


def cases() -> list[dict[str, Any]]:
    from engine.coach.lesson_set import CASES

    return [json.loads(c) for c in CASES]


def run(out: Callable[[str], None] = print) -> tuple[int, int]:
    """Judge every case; print each verdict and the count stated right."""
    right = 0
    all_cases = cases()
    for case in all_cases:
        v = judge(case)
        right += v.right
        mark = "right" if v.right else "WRONG"
        out(f"{mark:5} {v.case} ({LESSONS[v.lesson]})")
        out(f"      {v.said}")
        for why in v.wrong:
            out(f"      false: {why}")
    out(f"lessons stated right: {right} of {len(all_cases)}")
    return right, len(all_cases)


# --- finding cases in bot games ---------------------------------------------------------------


def _positions(seed: int, avoid: int | None = None) -> Iterator[Game]:
    """Every position of a game between ``strong`` bots (fast budgets), the player to move
    placing. With ``avoid``, seat 0 never scores that colour when it can help it."""
    game = new_game("standard", 2, seed, ["Ann", "Bob"])
    bots = [make_bot("strong", seed=seed + s, budget_ms=20) for s in range(2)]
    while not game.over:
        yield game
        if avoid is not None and game.current == 0 and game.phase == "place":
            scored = scored_placements(game, 0)
            scored.sort(key=lambda vp: (-vp[0], vp[1]))
            keep = [p for _, p in scored if avoid not in (p[2], p[3])] or [scored[0][1]]
            game.apply(game.placement_text(keep[0]))
            continue
        game.apply(bots[game.current].choose(game.view(game.current)))


def _candidate(game: Game, lesson: str) -> tuple[Placement | str, str] | None:
    """A move of the player to move that would teach ``lesson`` here, and its colour."""
    seat = game.current
    if lesson == "swap":
        return ("pass", "") if game.phase == "swap" else None
    if game.phase != "place" or len(game.moves) < 10:
        return None
    scored = scored_placements(game, seat)
    scored.sort(key=lambda vp: (-vp[0], vp[1]))
    for _, p in scored[:40]:
        e = lessons.effect(game, seat, p)
        if lesson == "wasted":
            c = max(range(6), key=lambda x: e.lost[x])
            if e.lost[c] >= 3 and not e.gained[c]:
                return p, COLOURS[c]
        elif lesson == "bonus":
            others = [q for _, q in scored if lessons.effect(game, seat, q).bonus]
            if others and not e.bonus:
                return p, COLOURS[lessons.effect(game, seat, others[0]).bonus[0]]
        elif lesson == "lowest":
            if not any(e.gained[c] for c in e.lows) and e.counted() >= 3:
                return p, ""
        elif lesson == "opens":
            opened = lessons.opened_lines(game, seat, p)
            if opened and opened[0][2] >= 4:
                return p, COLOURS[opened[0][1]]
        elif lesson == "blocks" and not lessons.blocked_lines(game, seat, p):
            better = [q for _, q in scored[:6] if lessons.blocked_lines(game, seat, q)]
            if better and max(n for _, _, n in lessons.blocked_lines(game, seat, better[0])) >= 5:
                return p, ""
    return None


def find(per_lesson: int = 2, seed: int = 1) -> list[dict[str, Any]]:
    """Cases for every lesson, searched in bot games: positions where the lesson lies
    between a move and the better move the review finds (each position used once)."""
    found: list[dict[str, Any]] = []
    used: set[tuple[int, int]] = set()
    for lesson in LESSONS:
        if lesson == "behind":
            # A game in which seat 0 avoids one colour: the plan must name it.
            for colour in range(per_lesson):
                game_seed = seed + colour
                last = None
                for game in _positions(game_seed, avoid=colour):
                    last = game
                assert last is not None
                found.append({"name": f"behind-{COLOURS[colour]}", "lesson": lesson,
                              "seed": game_seed, "moves": list(last.moves), "seat": 0,
                              "colour": COLOURS[colour]})  # fmt: skip
            continue
        got = 0
        game_seed = seed
        while got < per_lesson and game_seed < seed + 60:
            for game in _positions(game_seed):
                pick = _candidate(game, lesson)
                if pick is None or (game_seed, len(game.moves)) in used:
                    continue
                move, named = pick
                case = {"name": f"{lesson}-{game_seed}-{len(game.moves) + 1}", "lesson": lesson,
                        "seed": game_seed, "moves": list(game.moves),
                        "played": move if isinstance(move, str) else game.placement_text(move),
                        "colour": named}  # fmt: skip
                verdict = judge(case)
                if not verdict.teaches:
                    continue  # no such lesson between this move and the better one
                print(f"{case['name']}: right={verdict.right} {verdict.wrong}", file=sys.stderr)
                print(f"    {verdict.said}", file=sys.stderr)
                used.add((game_seed, len(game.moves)))
                found.append(case)
                got += 1
                break
            game_seed += 1
    return found


def main() -> None:
    if sys.argv[1:2] != ["find"]:
        run()
        return
    doc = (
        "The review's quality suite (engine/coach/lesson_suite.py), found by\n"
        "``python -m engine.coach.lesson_suite find``."
    )
    print(table_source(doc, "CASES", find()))


if __name__ == "__main__":
    main()
