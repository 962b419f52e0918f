"""A learned mid-game value for expert, fitted to the search's own rollouts to the end.

Issue 42 asks to try a value learned by self-play as the leaf of expert's search, trained
on these 2 cores in under 2 hours. Training on the outcomes of games between searching
bots would take days; this tool takes the cheaper route the issue names: it learns from
the rollouts expert already plays. In the endgame expert values a move by greedy games to
the end, scored by the finishing place (``engine.bots.expert.standing``); in mid-game it
stops after one round and values the leaf by hand (its side's value less the best
rival's, plus options). The learned value (:mod:`engine.bots.learned`) predicts, from a
mid-game leaf, what greedy play to the end would give: the expected standing, so that the
mid-game leaf and the endgame's finished value speak of the same thing.

The commands (``--players`` 2, 3 or 4, the standard game):

* ``data``: greedy games from fresh deals (now and then the second-best placement, so
  that positions vary); at about a quarter of each game's mid-game turns (more than
  ``Expert.endgame_free`` free pairs) the position's features are kept with the mean
  standing of ``--rollouts`` greedy games to the end from it, each drawing the bag
  afresh (``y``), and their mean first place (``yw``, :func:`first_place`). One JSON
  line per position (gzipped for a name ending in ``.gz``).
* ``fit``: a linear model by least squares (a small ridge), fitted on the positions of
  the first three quarters of the games and tested on the rest; writes the weights with
  the held-out mean squared errors of a constant, of the hand-made leaf's value (with its
  own best scale and offset) and of the model. The target is the standing, or with
  ``--win-mix M`` the mix ``(1 - M) y + M yw`` that counts a first place more.
* ``arena``: expert with weights not shipped (the level ``learned``) against strong at
  every other seat, on the arena's deals: the same ``--seed`` plays the same deals and
  seats as the kept runs in ``docs/arena``, so ``compare`` can pair them game by game.
* ``compare``: a run's mean place and wins against a reference run's on the same games,
  with the paired differences and their 95% intervals (the deals as the independent
  units).
* ``ship``: writes ``engine/bots/value_weights.py`` from fitted files (the player counts
  expert then uses a model at).

What was fitted, played and shipped, with the commands: docs/bots.md, "A learned
mid-game value". Usage: ``python tools/learn_value.py data --players 4 --games 800
--rollouts 8 --out docs/value/4p.jsonl.gz``, then ``fit docs/value/4p.jsonl.gz --out
docs/value/weights-4p.json``, ``arena --weights docs/value/weights-4p.json --players 4
--games 100 --results FILE``, ``compare FILE docs/arena/4p-expert-strong.jsonl``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import multiprocessing
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import new_game  # noqa: E402
from engine.bots import BOT_LEVELS  # noqa: E402
from engine.bots.evaluate import scored_placements  # noqa: E402
from engine.bots.expert import Expert, greedy_to_the_end, standing  # noqa: E402
from engine.bots.learned import features, predict  # noqa: E402
from engine.bots.scan import Position  # noqa: E402
from engine.bots.seeds import (  # noqa: E402
    HELD_OUT_ARENA_SEEDS,
    check_tuning_seed,
    is_held_out_game_seed,
)
from engine.rules.game import Game  # noqa: E402
from engine.rules.rng import Rng  # noqa: E402
from engine.tools.arena import clustered_mean, run_arena  # noqa: E402


def to_the_end(pos: Position, seat: int, rng: Rng) -> tuple[float, float]:
    """One greedy game to the end from ``pos`` (the bag drawn afresh): the seat's standing
    and its first place (:func:`first_place`)."""
    p = pos.copy()
    g = p.game
    g.rng = Rng(rng.next64())
    greedy_to_the_end(p)
    return standing(g, seat), first_place(g, seat)


def first_place(game: Game, seat: int) -> float:
    """A finished game's first place for the seat's side, centred so that a fair share
    counts 0: +1 for first alone, ``-1 / (sides - 1)`` for any other place; a first place
    shared by ``k`` sides counts ``1 / k`` of a win. With two sides it is the standing."""
    places = {s["side"]: s["place"] for s in game.result()["standings"]}
    sides = len(places)
    mine = places[game.variant.side_of(seat)]
    won = 1.0 / list(places.values()).count(1) if mine == 1 else 0.0
    return (won - 1.0 / sides) * sides / (sides - 1)


def open_text(path: Path, mode: str) -> IO[str]:
    """A data file, gzipped when its name ends in ``.gz`` (no time stamp in the header,
    so the same data give the same bytes)."""
    if path.suffix == ".gz":
        raw = gzip.GzipFile(path, mode + "b", mtime=0)
        return io.TextIOWrapper(raw, encoding="utf-8")
    return path.open(mode, encoding="utf-8")


def data_game(job: tuple[int, int, int, int]) -> list[dict[str, Any]]:
    """One greedy game's sampled positions (see the module)."""
    players, seed, index, rollouts = job
    rng = Rng(seed * 1_000_003 + index)
    game_seed = rng.next64() % (1 << 31)
    if is_held_out_game_seed(game_seed):
        # Never a held-out deal (engine.bots.seeds); the kept data met none.
        game_seed += HELD_OUT_ARENA_SEEDS.stop * 1_000_003
    game = new_game("standard", players=players, seed=game_seed)
    pos = Position(game)
    bot = Expert(seed=0)
    out: list[dict[str, Any]] = []
    turn = 0
    while game.phase != "over":
        if game.phase == "swap":
            pos.play("swap")
            continue
        seat = game.current
        if not bot.in_endgame(game) and turn >= players and rng.below(4) == 0:
            own, rivals = bot.options(pos, seat)
            rival = max(rivals.values(), default=0.0)
            ends = [to_the_end(pos, seat, rng) for _ in range(rollouts)]
            y = sum(e[0] for e in ends) / rollouts
            yw = sum(e[1] for e in ends) / rollouts
            x = features(game, seat, own, rival, bot.ev)
            out.append({"x": x, "y": y, "yw": yw, "game": index})
        # Mostly greedy, now and then the second-best, so that positions vary.
        _, move = pos.best(seat)
        if rng.below(5) == 0:
            ranked = sorted(scored_placements(game, seat), key=lambda vp: (-vp[0], vp[1]))
            move = ranked[min(1, len(ranked) - 1)][1]
        assert move is not None
        pos.play(move)
        turn += 1
    return out


def cmd_data(args: argparse.Namespace) -> None:
    jobs = [(args.players, args.seed, i, args.rollouts) for i in range(args.games)]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    n = 0
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool, open_text(out, "w") as f:
        for rows in pool.imap(data_game, jobs):
            for row in rows:
                f.write(json.dumps(row) + "\n")
                n += 1
    print(f"{n} positions from {args.games} games -> {out}")


def solve(rows: list[tuple[list[float], float]], ridge: float) -> list[float]:
    """Least squares with a ridge (Gaussian elimination on the normal equations)."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in rows:
        for i in range(k):
            xi = x[i]
            b[i] += xi * y
            ai = a[i]
            for j in range(k):
                ai[j] += xi * x[j]
    for i in range(1, k):
        a[i][i] += ridge * len(rows)
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        d = a[col][col]
        for r in range(k):
            if r != col and a[r][col]:
                m = a[r][col] / d
                ar, ac = a[r], a[col]
                for j in range(col, k):
                    ar[j] -= m * ac[j]
                b[r] -= m * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def cmd_fit(args: argparse.Namespace) -> None:
    rows: list[tuple[list[float], float]] = []
    games: list[int] = []
    # The target: the standing, or a mix with the first place (``--win-mix``).
    mix = args.win_mix
    for name in args.files:
        with open_text(Path(name), "r") as f:
            lines = f.read().splitlines()
        for line in lines:
            r = json.loads(line)
            rows.append((r["x"], (1 - mix) * r["y"] + mix * r["yw"] if mix else r["y"]))
            games.append(r["game"])
    cut = sorted(set(games))[int(0.75 * len(set(games)))]
    train = [r for r, gi in zip(rows, games, strict=True) if gi < cut]
    test = [r for r, gi in zip(rows, games, strict=True) if gi >= cut]
    w = solve(train, args.ridge)
    mean = sum(y for _, y in train) / len(train)

    def mse(f: Callable[[list[float]], float]) -> float:
        return sum((f(x) - y) ** 2 for x, y in test) / len(test)

    # The hand-made leaf's value (own - best rival + 0.7 own option - 0.5 rival option),
    # as a predictor of the standing with its own best scale and offset.
    k = players_of(rows[0][0]) - 1  # rivals
    hand = [([1.0, x[1] + 0.7 * x[1 + 2 * k] - 0.5 * x[2 + 2 * k]], y) for x, y in train]
    wh = solve(hand, 0.0)

    def hand_pred(x: list[float]) -> float:
        z = x[1] + 0.7 * x[1 + 2 * k] - 0.5 * x[2 + 2 * k]
        return max(-1.0, min(1.0, wh[0] + wh[1] * z))

    report = {
        "positions": len(rows),
        **({"win_mix": mix} if mix else {}),
        "train": len(train),
        "test": len(test),
        "mse_constant": round(mse(lambda x: mean), 4),
        "mse_hand_leaf": round(mse(hand_pred), 4),
        "mse_learned": round(mse(lambda x: predict(w, x)), 4),
        "weights": w,
    }
    Path(args.out).write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps({k: v for k, v in report.items() if k != "weights"}))


class Learned(Expert):
    """Expert with other learned weights than it ships (``learned_weights``), for the
    arena's comparisons (see the module)."""

    level = "learned"
    learned_weights: dict[int, tuple[float, ...]] = {}


def load_weights(names: list[str]) -> None:
    for name in names:
        report = json.loads(Path(name).read_text())
        w = report["weights"]
        Learned.learned_weights[players_of(w)] = tuple(w)


def register(weights: list[str]) -> None:
    """Make ``learned`` an arena level with these weights, here and (through the
    environment) in the arena's worker processes, which import this module again."""
    os.environ["LEARNED_WEIGHTS"] = ",".join(weights)
    load_weights(weights)
    BOT_LEVELS["learned"] = Learned


# A spawned arena worker runs this module as its main again: it registers the level from
# the environment its parent set. Nothing is registered otherwise (the tests import this).
if __name__ != "__main__" and os.environ.get("LEARNED_WEIGHTS"):
    register(os.environ["LEARNED_WEIGHTS"].split(","))


def cmd_arena(args: argparse.Namespace) -> None:
    register(args.weights)

    def progress(done: int, bots: dict[str, Any]) -> None:
        line = ", ".join(
            f"{name} {row['win_rate']:.3f} place {row.get('mean_place', 0):.2f}"
            for name, row in bots.items()
        )
        print(f"{done}: {line}", flush=True)

    bots = args.bots.split(",") if args.bots else ["learned"] + ["strong"] * (args.players - 1)
    report = run_arena(
        "standard",
        args.players,
        bots,
        args.games,
        seed=args.seed,
        jobs=args.jobs,
        results=args.results,
        progress=progress,
    )
    print(json.dumps(report["bots"]))


def cmd_compare(args: argparse.Namespace) -> None:
    """The learned bot's place against the reference's on the same games (paired)."""

    def games(name: str, level: str) -> dict[int, tuple[int, float, float]]:
        lines = Path(name).read_text().splitlines()[1:]
        out = {}
        for line in lines:
            row = json.loads(line)
            per = row["per"][level]
            out[row["game"]] = (row["deal"], per["place"], per["win"])
        return out

    new = games(args.results, args.new_level)
    old = games(args.reference, args.level)
    common = sorted(set(new) & set(old))

    # The games of one deal (its seatings) share the tiles: the deals are the independent
    # units, as for the arena's own interval of a mean place.
    def paired(k: int) -> tuple[float, float, float]:
        by_deal: dict[int, tuple[float, int]] = {}
        for i in common:
            total, count = by_deal.get(new[i][0], (0.0, 0))
            by_deal[new[i][0]] = (total + new[i][k] - old[i][k], count + 1)
        return clustered_mean(by_deal)

    deals = len({new[i][0] for i in common})
    mean, low, high = paired(1)
    win, win_low, win_high = paired(2)
    n = len(common)
    place_new = sum(new[i][1] for i in common) / n
    place_old = sum(old[i][1] for i in common) / n
    wins_new = sum(new[i][2] for i in common) / n
    wins_old = sum(old[i][2] for i in common) / n
    print(
        f"{n} games on the same deals and seats: mean place {args.new_level} {place_new:.3f}"
        f" (wins {wins_new:.1%}), reference {args.level} {place_old:.3f} (wins {wins_old:.1%});"
        f" paired difference in place {mean:+.3f} (95% CI {low:+.3f} to {high:+.3f},"
        f" {deals} deals)"
    )
    print(
        f"paired difference in wins {100 * win:+.1f} points"
        f" (95% CI {100 * win_low:+.1f} to {100 * win_high:+.1f}, {deals} deals)"
    )


MODULE = Path(__file__).resolve().parent.parent / "engine" / "bots" / "value_weights.py"


def module_text(shipped: dict[int, list[float]]) -> str:
    """engine/bots/value_weights.py for these weights per player count."""
    lines = [
        '"""The learned mid-game value\'s weights per player count (:mod:`engine.bots.learned`).',
        "",
        "Written by ``tools/learn_value.py ship`` from the fitted files in docs/value:",
        *[f"``docs/value/weights-{p}p.json``." for p in sorted(shipped)],
        '"""',
        "",
        "WEIGHTS: dict[int, tuple[float, ...]] = {",
    ]
    for p in sorted(shipped):
        lines.append(f"    {p}: (")
        lines += [f"        {w!r}," for w in shipped[p]]
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def players_of(weights: list[float]) -> int:
    """The player count a model's weights are sized for (one rival less)."""
    return (len(weights) // 2 - 4) // 2 + 1


def cmd_ship(args: argparse.Namespace) -> None:
    shipped = {}
    for name in args.files:
        w = json.loads(Path(name).read_text())["weights"]
        shipped[players_of(w)] = w
    MODULE.write_text(module_text(shipped))
    print(f"{MODULE}: weights for {', '.join(f'{p} players' for p in sorted(shipped))}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data")
    d.add_argument("--players", type=int, default=4)
    d.add_argument("--games", type=int, default=200)
    d.add_argument("--rollouts", type=int, default=4)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--jobs", type=int, default=2)
    d.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=1e-4)
    f.add_argument(
        "--win-mix",
        type=float,
        default=0.0,
        help="fit (1 - M) x the standing + M x the first place (0: the standing alone)",
    )
    f.add_argument("--out", required=True)
    a = sub.add_parser("arena")
    a.add_argument("--weights", nargs="+", required=True)
    a.add_argument("--players", type=int, default=4)
    a.add_argument("--bots", help="default: learned against strong at every other seat")
    a.add_argument("--games", type=int, default=100)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--jobs", type=int, default=2)
    a.add_argument("--results")
    sh = sub.add_parser("ship")
    sh.add_argument("files", nargs="+")
    c = sub.add_parser("compare")
    c.add_argument("results")
    c.add_argument("reference")
    c.add_argument("--level", default="expert", help="the reference's bot")
    c.add_argument("--new-level", default="learned", help="the new run's bot")
    args = parser.parse_args(argv)
    if getattr(args, "seed", None) is not None:
        try:
            check_tuning_seed(args.seed)
        except ValueError as error:
            raise SystemExit(f"learn_value: {error}") from None
    commands = {
        "data": cmd_data,
        "fit": cmd_fit,
        "arena": cmd_arena,
        "ship": cmd_ship,
        "compare": cmd_compare,
    }
    commands[args.cmd](args)


if __name__ == "__main__":
    main()
