"""Command line: ``python -m engine score|replay|arena|bench|review|verify|soak``.

Bad input (a file, an option) prints one clear line on stderr, ``error: ...``, and exits
with status 2, never a traceback: files are read with the limits saves have
(`engine.formats.jsontext.decode`) and checked as the game checks them, options are checked
before any work starts, and a malformed command line gets one line too.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from engine.formats.jsontext import MAX_TEXT, decode
from engine.formats.position import parse_position, score_position
from engine.formats.save import load_game, loads
from engine.rules.errors import IngeniousError
from engine.rules.tiles import COLOURS
from engine.tools.options import (
    MAX_BUDGET_MS,
    MAX_BUDGET_SCALE,
    MAX_GAMES,
    MAX_JOBS,
    MAX_SECONDS,
    MAX_SOAK_GAMES,
    MAX_WORLDS,
    amount,
    count,
    results_file,
    seed,
)


def _read(path: str, limit: int = MAX_TEXT) -> str:
    """The text of ``path`` (``-``: standard input), read with a size bound: at most
    ``limit`` characters are read, so ``/dev/zero`` or an endless pipe is refused at once
    instead of filling the memory."""
    try:
        if path == "-":
            text = sys.stdin.read(limit + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(limit + 1)
    except OSError as exc:
        raise IngeniousError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise IngeniousError(f"{path} is not a UTF-8 text file") from None
    if len(text) > limit:
        raise IngeniousError(f"{path} is too large (more than {limit} characters) to be a game")
    return text


def cmd_score(args: argparse.Namespace) -> int:
    """Score the placement of a position (see docs/positions.md) and print JSON."""
    position = parse_position(_read(args.file))
    print(json.dumps(score_position(position), indent=2 if args.pretty else None))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Print a saved game move by move with the scores."""
    game = loads(_read(args.file))
    names = game.names
    print(f"{game.variant.title}, {game.players} player(s): {', '.join(names)}; seed {game.seed}")
    for number, event in enumerate(game.log, 1):
        who = names[event["seat"]]
        move = event["move"]
        if move in ("swap", "pass"):
            what = "swaps the rack" if move == "swap" else "keeps the rack"
            print(
                f"{number:3}. {who} {what}"
                + (f" ({event['reason']})" if event.get("reason") else "")
            )
            continue
        points = ", ".join(f"{n} {c}" for c, n in event["points"].items()) or "no points"
        extra = ""
        if event.get("bonus"):
            extra += f"  Ingenious! x{event['bonus']}"
        if event.get("end"):
            extra += f"  [game over: {event['end']}]"
        print(f"{number:3}. {who}: {move}  -> {points}{extra}")
        scores = "; ".join(
            " ".join(f"{c[:1].upper()}{v}" for c, v in zip(COLOURS, side, strict=True))
            for side in event["scores"]
        )
        print(f"       scores: {scores}")
    if game.over:
        for line in game.result()["explanation"]:
            print(line)
    else:
        print(f"(game in progress: {names[game.current]} to {game.phase})")
    return 0


BOARD_VARIANTS = ("standard", "solo", "team", "duel")
CHALLENGE_VARIANTS = ("cards", "dice", "tiles")


def cmd_arena(args: argparse.Namespace) -> int:
    """Bots against bots; a JSON object or a table with progress."""
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.variant in CHALLENGE_VARIANTS:
        return _challenge_arena(args, bots)
    from engine.tools.arena import check_setup, run_arena

    players = check_setup(args.variant, args.players, bots, args.games, args.open)
    progress = None if args.json else _progress_printer(args.games)
    report = run_arena(
        args.variant, players, bots, args.games, seed=args.seed, budget_ms=args.budget_ms,
        jobs=args.jobs, progress=progress, budget_scale=args.budget_scale,
        clock_limit=args.clock_limit, results=args.results, open_racks=args.open,
    )  # fmt: skip
    if args.json:
        print(json.dumps(report))
    else:
        print(_arena_table(report))
    return 0


def _challenge_arena(args: argparse.Namespace, bots: list[str]) -> int:
    try:
        from engine.tools.challenges_arena import run_arena as run_challenge  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise IngeniousError(
            f"the {args.variant} challenge has no arena in this build"
            " (engine.tools.challenges_arena is missing)"
        ) from None
    players = args.players if args.players is not None else 2
    if not bots:
        raise IngeniousError("name at least one bot with --bots")
    seats = [bots[s % len(bots)] for s in range(players)]  # names repeat in order, as above
    if args.results is not None:
        raise IngeniousError("--results is for the board game's arena, not the challenges")
    extra: dict[str, Any] = {} if args.budget_ms is None else {"budget_ms": args.budget_ms}
    if not args.json:
        extra["progress"] = _progress_printer(args.games)
    try:
        report = run_challenge(args.variant, players, seats, args.games, args.seed, **extra)
    except ValueError as exc:
        raise IngeniousError(str(exc)) from None
    print(json.dumps(report) if args.json else _arena_table(report))
    return 0


def _progress_printer(total: int) -> Any:
    def show(done: int, bots: dict[str, dict[str, Any]]) -> None:
        rates = "  ".join(
            f"{name} {row['win_rate']:.0%}"
            + ("" if row.get("mean_place") is None else f" place {row['mean_place']:.2f}")
            for name, row in bots.items()
        )
        end = "\n" if done == total else ""
        print(f"\rgame {done}/{total}  {rates}   ", end=end, file=sys.stderr, flush=True)

    return show


def _arena_table(report: dict[str, Any]) -> str:
    measure = report["result_measure"]
    lines = [
        (
            f"{report['variant']}{' (open play)' if report.get('open') else ''}, "
            f"{report['players']} player(s), {report['games']} games, seed "
            f"{report['seed']}, budget {report['budget_ms'] or 'default'} ms, "
            f"seats {','.join(report['lineup'])} (rotated)"
        ),
        f"{'bot':10} {'games':>5} {'wins':>7} {'win rate':>8} {'95% CI':>15} "
        f"{'mean place':>10} {'95% CI':>11} {'mean ' + measure:>22} {'ms/move':>8}",
    ]
    for name, row in report["bots"].items():
        lo, hi = row["ci95"]
        place, interval = row.get("mean_place"), row.get("place_ci95")
        place_text = "-" if place is None else f"{place:.2f}"
        interval_text = "-" if interval is None else f"{interval[0]:.2f}-{interval[1]:.2f}"
        lines.append(
            f"{name:10} {row['games']:5} {row['wins']:7.1f} {row['win_rate']:8.1%} "
            f"{f'{lo:.1%}-{hi:.1%}':>15} {place_text:>10} {interval_text:>11} "
            f"{row['mean_result']:22.2f} {row['ms_per_move']:8.1f}"
        )
    sides = round(1 / report["fair_share"])
    lines.append(
        f"fair share of wins: {report['fair_share']:.1%}, fair mean place: {(sides + 1) / 2:g};"
        f" {report['seconds']} s"
    )
    return "\n".join(lines)


def cmd_verify(args: argparse.Namespace) -> int:
    """The final verification of a remote game (docs/remote.md); exit 1 if not verified."""
    from engine.remote.api import verify_game

    text = _read(args.file)
    if not text.lstrip().startswith(("{", "[")):  # messages as text, one after another
        text = json.dumps(text.split())
    report = verify_game(text)
    if args.json:
        print(json.dumps(report))
    elif report["verified"]:
        print(f"verified: {report['messages']} messages, every shuffle, draw and move checked")
        for line in (report.get("result") or {}).get("explanation", []):
            print(line)
    elif not report.get("finished"):
        print(f"not verified: {report.get('why') or report['problems'][0]['problem']}")
    else:
        print("NOT verified:")
        for p in report["problems"]:
            where = "" if p["message"] is None or p["message"] < 0 else f"message {p['message']}: "
            print(f"  {where}{p['problem']}")
    return 0 if report["verified"] else 1


def cmd_soak(args: argparse.Namespace) -> int:
    """Play random games of every variant and check every invariant after every move."""
    from time import perf_counter

    from engine.tools.invariants import soak

    start = perf_counter()
    counts = soak(args.games, args.seed)
    seconds = perf_counter() - start
    print(
        json.dumps(
            {
                "games": sum(counts.values()),
                "per_variant": counts,
                "seconds": round(seconds, 1),
                "invariants": "held",
            }
        )
    )
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, but a malformed command line is one line too (and status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="Ingenious rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("score", help="score the placement of a position file (- for stdin)")
    p.add_argument("file")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.set_defaults(run=cmd_score)
    p = sub.add_parser("replay", help="print a saved game move by move")
    p.add_argument("file")
    p.set_defaults(run=cmd_replay)
    p = sub.add_parser("arena", help="bots against bots, seats rotated, win rates per bot")
    p.add_argument("--variant", default="standard", choices=BOARD_VARIANTS + CHALLENGE_VARIANTS)
    p.add_argument(
        "--players", type=count(4), default=None, help="seats (default: 2, solo 1, team 4)"
    )
    p.add_argument(
        "--bots",
        default="strong,casual",
        help="bot per seat, repeated in order: level or level:evaluation, @ms for its own budget",
    )
    p.add_argument("--games", type=count(MAX_GAMES), default=100)
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument(
        "--budget-ms", type=count(MAX_BUDGET_MS), default=None, help="thinking budget per move"
    )
    p.add_argument(
        "--budget-scale", type=amount(MAX_BUDGET_SCALE), default=None,
        help="without --budget-ms: each level's default budget times this (board game only)",
    )  # fmt: skip
    p.add_argument(
        "--clock-limit", action="store_true",
        help="each bot also stops at its budget on the clock, as in the browser (board game)",
    )  # fmt: skip
    p.add_argument(
        "--open", action="store_true",
        help="the team game in open play: partners see each other's racks",
    )  # fmt: skip
    p.add_argument("--jobs", type=count(MAX_JOBS), default=1, help="worker processes")
    p.add_argument(
        "--results", type=results_file, default=None, metavar="FILE",
        help="keep one JSON line per game in FILE; a run stopped resumes from it (board game)",
    )  # fmt: skip
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=cmd_arena)
    p = sub.add_parser("bench", help="engine speed: random games and casual moves per second")
    p.add_argument("--seconds", type=amount(MAX_SECONDS), default=3.0, help="time per measurement")
    p.add_argument(
        "--bots", action="store_true",
        help="also the searching bots' CPU ms per work unit at 2, 3 and 4 players",
    )  # fmt: skip
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=cmd_bench)
    p = sub.add_parser(
        "review", help="review a saved game: the moves that cost most and why (timed)"
    )
    p.add_argument("file", nargs="?", help="a save file (- for stdin); none: see --play")
    p.add_argument(
        "--play", type=seed, default=None, metavar="SEED",
        help="without a file: review seat 0 of a new two-player game, casual against strong",
    )  # fmt: skip
    p.add_argument("--seats", default=None, help="seats to review, e.g. 0 or 0,1 (default all)")
    p.add_argument("--worlds", type=count(MAX_WORLDS), default=None, help="sampled worlds per move")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=cmd_review)
    p = sub.add_parser("lessons", help="the review's quality suite: lessons stated right")
    p.set_defaults(run=cmd_lessons)
    p = sub.add_parser(
        "audit", help="review casual-vs-strong games and check every reason against the engine"
    )
    p.add_argument("--games", type=count(MAX_GAMES), default=50)
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument("--worlds", type=count(MAX_WORLDS), default=None, help="sampled worlds per move")
    p.add_argument(
        "--table",
        default="2p",
        help="2p, 3p, 4p, solo, team, duel, or all (each in turn, then a count each)",
    )
    p.add_argument(
        "--last",
        type=count(MAX_GAMES),
        default=None,
        help="review only seat 0's last so many moves of each game (a quick slice)",
    )
    p.add_argument("--hints", type=int, default=2, help="hints checked per game")
    p.add_argument("--json", action="store_true", help="print one JSON object at the end")
    p.set_defaults(run=cmd_audit)
    p = sub.add_parser(
        "verify", help="check a whole remote game: every shuffle, draw, move and signature"
    )
    p.add_argument("file", help="a remote game exported from the page, or its messages (- stdin)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=cmd_verify)
    p = sub.add_parser("soak", help="play random games of every variant, checking invariants")
    p.add_argument("--games", type=count(MAX_SOAK_GAMES), default=1000)
    p.add_argument("--seed", type=seed, default=0)
    p.set_defaults(run=cmd_soak)
    return parser


def cmd_bench(args: argparse.Namespace) -> int:
    """Engine speed on this machine, one core."""
    from engine.tools.bench import run_bench

    report = run_bench(seconds=args.seconds, bots=args.bots)
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:24} {value}")
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """Review a game move by move, timing the analysis (docs/review.md)."""
    import time

    from engine.coach.lessons import say
    from engine.coach.review import WORLDS, Review, chart_text

    if args.file is not None:
        save = decode(_read(args.file), "the save")
        players = load_game(save).players  # every field checked, every move replayed
        seats = None
    elif args.play is not None:
        save, seats = _review_demo(args.play), [0]
        players = 2
    else:
        raise IngeniousError("give a save file or --play SEED")
    if args.seats is not None:
        seats = _seats(args.seats, players)
    review = Review(save, seats=seats, worlds=args.worlds or WORLDS)
    start = time.perf_counter()
    longest = 0.0
    last = start
    for done, move in enumerate(review.moves(), 1):
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
        if not args.json:
            flag = f"  costs {move.cost:.2f}" if move.mistake else ""
            print(f"{done}/{review.total} move {move.index + 1} {move.name}: {move.played}{flag}")
    seconds = time.perf_counter() - start
    chart = chart_text(review.chart())
    report = {
        "moves": review.total,
        "seconds": round(seconds, 2),
        "longest_move_seconds": round(longest, 2),
        "worlds": review.worlds,
        "costliest": [m.to_json() for m in review.costliest()],
        "plans": review.plans(),
        "chart": chart,
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"review of {review.total} moves: {seconds:.1f} s (longest move {longest:.2f} s)")
        for m in review.costliest():
            print(f"move {m.index + 1} ({m.name}): {m.worth_text(review.solo)}. {m.reason}")
        for plan in review.plans():
            print(f"plan: {say(plan)}")
        print("\n".join(chart))
    return 0


def cmd_lessons(args: argparse.Namespace) -> int:
    """The review's quality suite (engine/coach/lesson_suite.py); exit 1 if a lesson is wrong."""
    from engine.coach.lesson_suite import run

    right, total = run()
    return 0 if right == total else 1


def cmd_audit(args: argparse.Namespace) -> int:
    """Every statement of many reviews checked against the engine (docs/review.md)."""
    from engine.coach.lesson_audit import TABLES, audit, faults

    if args.table != "all" and args.table not in TABLES:
        raise IngeniousError(f"--table takes {', '.join(TABLES)} or all, not {args.table[:20]!r}")
    tables = list(TABLES) if args.table == "all" else [args.table]
    quiet = args.json or len(tables) > 1
    say = (lambda line: None) if quiet else print
    every = {
        t: audit(args.games, args.seed, args.worlds, out=say, table=t, last=args.last,
                 hint_count=args.hints)
        for t in tables
    }  # fmt: skip
    if args.json:
        print(json.dumps(every if len(tables) > 1 else every[tables[0]]))
    elif len(tables) > 1:
        for t, totals in every.items():
            print(f"{t:5} " + " ".join(f"{k} {v}" for k, v in totals.items()))
    return 0 if all(faults(totals) == 0 for totals in every.values()) else 1


def _seats(text: str, players: int) -> list[int]:
    """The seats ``--seats`` names: seat numbers of the game, at least one."""
    try:
        seats = [int(s) for s in text.split(",")]
    except ValueError:
        raise IngeniousError(f"--seats takes seat numbers like 0,1, not {text[:40]!r}") from None
    wrong = [s for s in seats if not 0 <= s < players]
    if wrong:
        raise IngeniousError(
            f"--seats: the game has seats 0 to {players - 1}, not {wrong[0]}"
            if players > 1
            else f"--seats: the game has one seat, 0, not {wrong[0]}"
        )
    return seats


def _review_demo(seed: int) -> dict[str, Any]:
    """A finished two-player game for timing reviews: casual (seat 0) against strong."""
    from engine.bots import make_bot
    from engine.rules.game import new_game

    game = new_game("standard", 2, seed, ["Ann", "Bob"])
    bots = [make_bot("casual", seed=seed), make_bot("strong", seed=seed + 1, budget_ms=20)]
    while not game.over:
        game.apply(bots[game.current].choose(game.view(game.current)))
    return game.to_save()


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.run(args)
        return result
    except IngeniousError as exc:
        print(f"error: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except (RecursionError, MemoryError):  # the checks bound the input; this is the last word
        print("error: the input is too large or nested too deeply", file=sys.stderr)
        return 2
    except OSError as exc:  # a results file that cannot be written (a full device, ...)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"error: {_one_line(where + (exc.strerror or str(exc)))}", file=sys.stderr)
        return 2


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 300 else line[:299] + "…"
