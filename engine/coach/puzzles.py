"""Daily puzzles: "find the best placement" positions from bot games.

A puzzle is a position of a two-player game between ``strong`` bots (a seed and the moves
so far, replayed by the engine) where the placement the review's analysis prefers is
clearly better than the greedy one, the placement that scores most points now:

* Both are measured as in :func:`engine.coach.review.analyse`, from the mover's view only: the
  hidden tiles sampled, every candidate played out to the end of the game in the same
  worlds, everyone greedy after it. The worth is the chance of winning (plus a little per
  point of the expected lowest colour).
* A position becomes a puzzle when the best placement's chance of winning is at least
  :data:`MARGIN` (15 percentage points) above the greedy placement's, *in a second set of
  worlds* independent of the set that chose it, and that difference is at least three
  standard errors of the paired difference. With 64 worlds a difference's standard error
  is about 4-6 points, so 15 points is well clear of sampling noise, and it is a
  difference a player feels: about one game in seven turned.
* The placements that solve it: those within a third of the margin of the best in the
  first set of worlds (never the greedy one).

The puzzles are generated once (``python -m engine.coach.puzzles > engine/coach/puzzle_set.py``) and
shipped as data, since the generator needs minutes (bot games and thousands of rollouts);
picking the day's puzzle from the date is instant and needs no server. The set repeats
after ``len(PUZZLES)`` days.
"""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Iterator
from typing import Any

from engine.bots import make_bot
from engine.coach.review import _measure, _paired, compare, facts, move_worth, text, worlds_for
from engine.formats.save import load_game
from engine.rules.game import Game, new_game
from engine.rules.notation import Placement
from engine.rules.rng import Rng
from engine.rules.scoring import placement_points

#: Smallest lead in chance of winning of the best placement over the greedy one.
MARGIN = 0.15
#: Sampled worlds per measurement.
WORLDS = 64
#: Placements (best one move deep) measured besides the greedy one.
WIDTH = 8
#: The first puzzle's date: day 0 of the cycle.
EPOCH = datetime.date(2026, 1, 1)
#: Worlds measured per step of :func:`answer_steps` (a page shows progress between steps).
STEP = 8

TEXT = {
    "title": "Puzzle {number}",
    "task": "{name} to play. Find the best placement.",
    "greedy": "The placement that scores most now, {move}, wins {win:.0%} of the time.",
    "best": "The best placement, {move}, wins {win:.0%}.",
}


def greedy_move(game: Game) -> Placement:
    """The placement scoring most points now (ties: the higher lowest colours, then the
    first in reading order)."""
    seat = game.current
    best: tuple[Any, ...] | None = None
    choice: Placement | None = None
    for p in game.placements():
        points = placement_points(game.board, game.zone, *p)
        after, _ = game.variant.preview_gain(game, seat, points)
        key = (sum(points), sorted(after), [-x for x in p])
        if best is None or key > best:
            best, choice = key, p
    assert choice is not None
    return choice


def judge(game: Game, seed: int) -> dict[str, Any] | None:
    """The puzzle at this position (the player to move), or None if it is not one."""
    seat = game.current
    view = game.view(seat)
    rng = Rng(seed)
    samples = worlds_for(view, WORLDS, rng)
    first = samples[0]
    greedy = greedy_move(first)
    from engine.bots.evaluate import scored_placements

    scored = scored_placements(first, seat)
    scored.sort(key=lambda vp: (-vp[0], vp[1]))
    candidates: list[Placement | str] = [p for _, p in scored[:WIDTH]]
    if greedy not in candidates:
        candidates.append(greedy)
    ranked = _measure(samples, candidates, seat)
    best_i = max(range(len(candidates)), key=lambda i: (ranked[i][0], -i))
    best = candidates[best_i]
    if best == greedy:
        return None
    check_seed = rng.next64() >> 1
    figures = measure(game, best, greedy, check_seed)
    if figures["lead"] < MARGIN or figures["lead"] < 3 * figures["noise"]:
        return None
    top = ranked[best_i][0]
    accepted = sorted(
        text(first, c) for i, c in enumerate(candidates) if ranked[i][0] >= top - MARGIN / 3
    )
    if text(first, greedy) in accepted:
        return None  # the greedy placement must not solve the puzzle
    return {
        "seed": game.seed,
        "moves": list(game.moves),
        "seat": seat,
        "best": text(first, best),
        "greedy": text(first, greedy),
        "accepted": accepted,
        "check_seed": check_seed,
        **figures,
    }


def measure(
    game: Game, best: Placement | str, greedy: Placement | str, seed: int
) -> dict[str, Any]:
    """Best against greedy in :data:`WORLDS` worlds dealt from ``seed`` (mover's view only)."""
    seat = game.current
    samples = worlds_for(game.view(seat), WORLDS, Rng(seed))
    (_, res_b), (_, res_g) = _measure(samples, [best, greedy], seat)
    lead, noise = _paired([r[seat][0] for r in res_b], [r[seat][0] for r in res_g])
    return {
        "best_win": round(sum(r[seat][0] for r in res_b) / len(res_b), 4),
        "greedy_win": round(sum(r[seat][0] for r in res_g) / len(res_g), 4),
        "lead": round(lead, 4),
        "noise": round(noise, 4),
        "worth": round(move_worth(samples[0], seat, [r[seat] for r in res_b]), 4),
    }


def generate(count: int, seed: int = 1) -> list[dict[str, Any]]:
    """``count`` puzzles from games between ``strong`` bots (at most one per game)."""
    out: list[dict[str, Any]] = []
    game_seed = seed
    while len(out) < count:
        game = new_game("standard", 2, game_seed, ["North", "South"])
        bots = [make_bot("strong", seed=game_seed + s, budget_ms=20) for s in range(2)]
        pick = 8 + game_seed % 20  # the move to look at: spread over the game
        found = None
        while not game.over and found is None:
            if len(game.moves) >= pick and game.phase == "place":
                found = judge(game, game_seed * 7919 + len(game.moves))
                pick += 3
                if pick > 36:
                    break
            game.apply(bots[game.current].choose(game.view(game.current)))
        if found is not None:
            out.append(found)
            print(f"puzzle {len(out)} from game {game_seed}", file=sys.stderr)
        game_seed += 1
    return out


# --- the day's puzzle ---------------------------------------------------------------------


def puzzles() -> list[dict[str, Any]]:
    from engine.coach.puzzle_set import PUZZLES

    return [json.loads(p) for p in PUZZLES]


def day_number(day: datetime.date) -> int:
    """Days since :data:`EPOCH` (the puzzle's number is this plus one)."""
    return (day - EPOCH).days


def puzzle_for(day: datetime.date) -> dict[str, Any]:
    """The puzzle of a date (the same on every machine, offline), with its number."""
    from engine.coach.puzzle_set import PUZZLES

    n = day_number(day)
    data: dict[str, Any] = json.loads(PUZZLES[n % len(PUZZLES)])
    data["number"] = n + 1
    data["date"] = day.isoformat()
    return data


def position(puzzle: dict[str, Any]) -> Game:
    """The puzzle's position, replayed by the engine."""
    return load_game(
        {
            "format": "ingenious",
            "version": 1,
            "variant": "standard",
            "players": 2,
            "names": ["North", "South"],
            "options": {},
            "seed": puzzle["seed"],
            "moves": puzzle["moves"],
        }
    )


def options(puzzle: dict[str, Any], count: int = 4) -> list[str]:
    """The placements offered as answers, in reading order: the best, the greedy one and
    the placements best one move deep that do not solve it (the tempting ones)."""
    from engine.bots.evaluate import scored_placements

    game = position(puzzle)
    out = [puzzle["best"], puzzle["greedy"]]
    scored = scored_placements(game, game.current)
    scored.sort(key=lambda vp: (-vp[0], vp[1]))
    for _, p in scored:
        if len(out) >= count:
            break
        move = game.placement_text(p)
        if move not in out and move not in puzzle["accepted"]:
            out.append(move)
    return sorted(out)


def check_answer(puzzle: dict[str, Any], move: str) -> dict[str, Any]:
    """Whether ``move`` solves the puzzle, and the explanation (the review's reasons): the
    move played against the best one, or the best one against the greedy one when it is
    the move played."""
    game = position(puzzle)
    seat = game.current
    parsed = game.parse(move)
    best = game.parse(puzzle["best"])
    greedy = game.parse(puzzle["greedy"])
    played = text(game, parsed)
    solved = played in puzzle["accepted"]
    lines = [
        TEXT["best"].format(move=puzzle["best"], win=puzzle["best_win"]),
        TEXT["greedy"].format(move=puzzle["greedy"], win=puzzle["greedy_win"]),
        compare(game, seat, greedy if played == puzzle["best"] else parsed, best),
    ]
    return {
        "solved": solved,
        "move": played,
        "best": puzzle["best"],
        "facts": facts(game, seat, parsed),
        "explanation": lines,
    }


def answer_steps(puzzle: dict[str, Any], move: str, step: int = STEP) -> Iterator[dict[str, Any]]:
    """A player's placement against the puzzle's best, measured as the puzzle measured its
    best against the greedy placement (:func:`measure`): from the mover's view only, in
    the same :data:`WORLDS` sampled worlds (dealt from the puzzle's ``check_seed``), each
    placement played out to the end with everyone greedy after it, so the best one's
    figures are the puzzle's own.

    Yields ``{"done", "total"}`` after every ``step`` worlds (a page shows the progress);
    the last one also holds ``"figures"``: each placement's chance of winning and expected
    lowest colour, the best one's lead and the lead's standard error."""
    game = position(puzzle)
    seat = game.current
    samples = worlds_for(game.view(seat), WORLDS, Rng(puzzle["check_seed"]))
    pair = [game.parse(puzzle["best"]), game.parse(move)]
    res_b: list[list[tuple[float, float, float]]] = []
    res_p: list[list[tuple[float, float, float]]] = []
    for start in range(0, WORLDS, max(1, step)):
        (_, b), (_, p) = _measure(samples[start : start + step], pair, seat)
        res_b += b
        res_p += p
        done = len(res_b)
        if done < WORLDS:
            yield {"done": done, "total": WORLDS}
    lead, noise = _paired([r[seat][0] for r in res_b], [r[seat][0] for r in res_p])

    def mean(rs: list[list[tuple[float, float, float]]], k: int) -> float:
        return round(sum(r[seat][k] for r in rs) / len(rs), 4)

    figures = {
        "move": text(game, pair[1]),
        "played_win": mean(res_p, 0),
        "best_win": mean(res_b, 0),
        "played_lowest": mean(res_p, 1),
        "best_lowest": mean(res_b, 1),
        "lead": round(lead, 4),
        "noise": round(noise, 4),
    }
    yield {"done": WORLDS, "total": WORLDS, "figures": figures}


def table_source(doc: str, name: str, rows: list[dict[str, Any]]) -> str:
    """A generated module's text: ``name`` as a tuple of compact JSON strings, one a line."""
    return "\n".join([
        f'"""{doc}"""',
        "",
        "# ruff: noqa: E501",
        "# fmt: off",
        f"{name} = (",
        *(f"    {json.dumps(json.dumps(r, separators=(',', ':')))}," for r in rows),
        ")",
    ])  # fmt: skip


#: The most puzzles one run makes (each takes a few seconds).
MAX_COUNT = 10_000


def main(argv: list[str] | None = None) -> None:
    """``python -m engine.puzzles [COUNT]``; a wrong COUNT is one error line, status 2."""
    args = sys.argv[1:] if argv is None else argv
    text = args[0] if args else "60"
    if (
        len(args) > 1
        or not (text.isascii() and text.isdigit() and len(text) <= 6)
        or not (1 <= int(text) <= MAX_COUNT)
    ):
        print(f"error: COUNT must be one whole number from 1 to {MAX_COUNT}, not "
              f"{' '.join(args)[:40]!r}", file=sys.stderr)  # fmt: skip
        sys.exit(2)
    doc = "Daily puzzles generated by ``python -m engine.puzzles`` (see engine/coach/puzzles.py)."
    print(table_source(doc, "PUZZLES", generate(int(text))))


if __name__ == "__main__":
    main()
