"""Figures of remote play (docs/remote.md, "Figures"): message sizes over whole games, and
the time of the steps the page takes.

    python3 tools/bench_remote.py sizes [--games N] [--bots strong] [--tables 2p,duel]
    python3 tools/bench_remote.py speed [--reps N]
    node tools/bench_remote.mjs speed            # the same in Pyodide under Node

*sizes* plays whole remote games device by device (every device its own secrets), the
moves chosen by the project's bots on each device's own view, and gives per table the
95th percentile and the largest message as a link (``https://example.org/ingenious/#m=``
and the message), the QR code version each needs (byte mode, error correction L and M)
and the codes the page shows for it ("shown": as many as its parts, `web.remote.codes`,
and their highest version),
the messages per game, the swaps (and duel exchanges) per game and the messages that carry
no turn. *speed* times creating a four-player invitation, joining it, opening a message and
making the next (the store read back from its text each time, as the page does), and the
final verification of a four-player game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bots import make_bot  # noqa: E402
from engine.remote import api  # noqa: E402
from engine.remote.device import Device  # noqa: E402
from engine.remote.store import to_json  # noqa: E402
from engine.remote.verify import verify  # noqa: E402
from engine.remote.wire import parse, to_text  # noqa: E402
from engine.rules.game import Game  # noqa: E402
from engine.rules.tiles import HIDDEN  # noqa: E402
from web.remote import codes  # noqa: E402
from web.ui import qr  # noqa: E402

PREFIX = "https://example.org/ingenious/#m="


def _clock() -> float:
    """CPU seconds of this process: on a machine others share, wall time measures them
    too (the figures' wall times, with ``--wall``, are the page's on a quiet machine)."""
    return time.perf_counter() if WALL else time.process_time()


WALL = False
TABLES = {"2p": ("standard", 2), "3p": ("standard", 3), "4p": ("standard", 4),
          "team": ("team", 4), "duel": ("duel", 2)}  # fmt: skip


def qr_version(chars: int, level: str) -> str:
    """The smallest QR version holding ``chars`` bytes, or "none" (over version 40)."""
    try:
        return str(qr.smallest_version(chars, level))
    except qr.QRError:
        return "none"


def shown(message: str) -> str:
    """The codes the page shows for a message (`web.remote.codes`: the link, or a link a
    part when it is split), as "parts x highest version"."""
    links = [codes.link_of(part, PREFIX) for part in codes.parts_of(message)]
    return f"{len(links)} x v{max(qr.smallest_version(len(x), 'L') for x in links)}"


class _Trial:
    def draw(self, game: Game, seat: int) -> tuple[int, int]:
        game.bag.pop()
        return HIDDEN

    def returned(self, game: Game, seat: int, tiles: list[tuple[int, int]]) -> None:
        return None

    def swap_offer(self, game: Game, seat: int) -> str | None:
        return game.variant.swap_offer(game, seat)


def seeded(seed: object) -> Any:
    rng = random.Random(str(seed))
    return lambda n: rng.randbytes(n)


def play(variant: str, players: int, seed: int, bots: str,
         capture: frozenset[int] = frozenset()) -> dict[str, Any]:  # fmt: skip
    """One whole remote game, device by device, the bots choosing on each device's view;
    ``capture``: message numbers before which every device's store is kept."""
    names = [f"P{s}" for s in range(players)]
    devices = [Device.create(variant, players, names, random=seeded((seed, 0)))]
    devices += [Device(random=seeded((seed, s))) for s in range(1, players)]
    players_bots = [make_bot(bots, seed=seed * 10 + s) for s in range(players)]
    log: list[bytes] = [devices[0].log[0]]
    stores: dict[int, list[str]] = {}

    def send(sender: int, raw: bytes) -> None:
        if len(log) in capture:
            stores[len(log)] = [json.dumps(to_json(d)) for d in devices]
        log.append(raw)
        for seat, device in enumerate(devices):
            if seat != sender:
                device.receive(raw)

    for device in devices[1:]:
        device.receive(log[0])
    for s in range(1, players):
        send(s, devices[s].join(s, names[s]))
    turns = 0
    while (seat := devices[0].table.awaited()) is not None:
        device = devices[seat]
        moves = None
        if device.table.owed(seat)["turn"]:
            assert device.table.game is not None
            game = device.table.game.copy()
            game.source = _Trial()
            moves = []
            while not game.over and game.current == seat:
                moves.append(players_bots[seat].choose(game.view(seat)))
                game.apply(moves[-1])
            turns += 1
        send(seat, device.compose(moves))
    table = devices[0].table
    return {
        "links": [len(PREFIX) + len(to_text(raw)) for raw in log],
        "texts": [to_text(raw) for raw in log],
        "messages": len(log),
        "turns": turns,
        "swaps": len(table.remixes),
        "log": log,
        "stores": stores,
    }


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def cmd_sizes(args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {"bots": args.bots, "games": args.games, "tables": {}}
    for name in args.tables.split(","):
        variant, players = TABLES[name]
        links: list[int] = []
        texts: list[str] = []
        games = [play(variant, players, seed, args.bots) for seed in range(1, args.games + 1)]
        for g in games:
            links += g["links"]
            texts += g["texts"]
        p95, top = percentile(links, 0.95), max(links)
        by_length = {len(PREFIX) + len(t): t for t in texts}
        report["tables"][name] = {
            "messages": len(links),
            "messages_per_game": round(len(links) / len(games), 1),
            "swaps_per_game": round(sum(g["swaps"] for g in games) / len(games), 2),
            "no_turn_per_game": round(
                sum(g["messages"] - g["turns"] for g in games) / len(games), 1
            ),
            "median": percentile(links, 0.5),
            "p95": p95,
            "largest": top,
            "over_1500": round(sum(x > 1500 for x in links) / len(links), 3),
            "qr_p95": f"{qr_version(p95, 'L')}-L / {qr_version(p95, 'M')}-M",
            "qr_largest": f"{qr_version(top, 'L')}-L / {qr_version(top, 'M')}-M",
            "shown_p95": shown(by_length[p95]),
            "shown_largest": shown(by_length[top]),
        }
        print(_row(name, report["tables"][name]), file=sys.stderr, flush=True)
    return report


def _row(name: str, r: dict[str, Any]) -> str:
    return (f"{name:5} {r['messages']:6} {r['messages_per_game']:6} {r['swaps_per_game']:6}"
            f" {r['no_turn_per_game']:6} {r['median']:6} {r['p95']:6} {r['largest']:6}"
            f" {r['over_1500']:6.1%}  {r['qr_p95']:13} {r['qr_largest']:13}"
            f" {r['shown_p95']:9} {r['shown_largest']}")  # fmt: skip


def cmd_speed(args: argparse.Namespace) -> dict[str, Any]:
    """Times of the page's steps, each rep on fresh stores (nothing kept between calls)."""
    times: dict[str, list[float]] = {"create 4p invitation": [], "join it (seat 2)": [],
                                     "open a message and make the next": [],
                                     "final verification, 4p": []}  # fmt: skip
    cuts = [30 + 5 * rep for rep in range(args.reps)]
    game = play("standard", 4, 1, "beginner", frozenset(cuts))
    log = game["log"]
    for rep in range(args.reps):
        start = _clock()
        created = api.create_game("standard", 4, ["A", "B", "C", "D"])
        times["create 4p invitation"].append(_clock() - start)
        api._LOADED.clear()
        opened = api.open_message(None, created["message"])["store"]
        api._LOADED.clear()
        start = _clock()
        api.join_game(opened, 1, "B")
        times["join it (seat 2)"].append(_clock() - start)
        times["open a message and make the next"].append(_open_and_play(game, cuts[rep]))
        start = _clock()
        verify(log)
        times["final verification, 4p"].append(_clock() - start)
    return {name: {"mean": round(sum(v) / len(v), 3), "slowest": round(max(v), 3)}
            for name, v in times.items()}  # fmt: skip


def _open_and_play(game: dict[str, Any], cut: int) -> float:
    """Time what the page does with message ``cut`` on the device that sends the next one:
    read its store from text, open the message, make its own (its turn, or its shares)."""
    log = game["log"]
    seat = parse(log[cut + 1]).header.seat
    store, message = game["stores"][cut][seat], to_text(log[cut])
    api._LOADED.clear()
    start = _clock()
    opened = api.open_message(store, message)["store"]
    st = api.status(opened)
    if st["my_turn"]:
        turn = api.turn_game(opened)
        moves = []
        while not turn.over and turn.current == seat:
            moves.append(turn.legal_moves()[0])
            turn.apply(moves[-1])
        api.play_turn(opened, moves)
    elif st["respond"]:
        api.respond(opened)
    return _clock() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("sizes")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--bots", default="strong", help="the level every seat plays")
    p.add_argument("--tables", default="2p,3p,4p,team,duel")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("speed")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--wall", action="store_true", help="wall time, not this process's CPU time")
    p.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    global WALL
    WALL = bool(getattr(args, "wall", False))
    if args.command == "sizes":
        head = f"{'table':5} {'msgs':>6} {'/game':>6} {'swaps':>6} {'noturn':>6} {'median':>6}"
        head += f" {'p95':>6} {'max':>6} {'>1500':>6}  {'QR p95':13} {'QR max':13}"
        head += f" {'shown p95':9} shown max"
        print(head, file=sys.stderr)
        report = cmd_sizes(args)
    else:
        report = cmd_speed(args)
        if not args.json:
            for name, r in report.items():
                print(f"{name:36} mean {r['mean']:6.3f} s   slowest {r['slowest']:6.3f} s")
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
