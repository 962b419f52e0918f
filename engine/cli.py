"""Command line: ``python -m engine score|replay|arena|bench``.

Errors in the input print one clear line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import IngeniousError
from .position import parse_position, score_position
from .save import loads
from .tiles import COLOURS


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise IngeniousError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise IngeniousError(f"{path} is not a UTF-8 text file") from None


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
            print(f"{number:3}. {who} {what}" + (f" ({event['reason']})" if event.get("reason") else ""))
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Ingenious rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("score", help="score the placement of a position file (- for stdin)")
    p.add_argument("file")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.set_defaults(run=cmd_score)
    p = sub.add_parser("replay", help="print a saved game move by move")
    p.add_argument("file")
    p.set_defaults(run=cmd_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        result: int = args.run(args)
        return result
    except IngeniousError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
