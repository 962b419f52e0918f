"""Train the learned value of a position (:mod:`engine.bots.value`) by self-play, in chunks.

Each chunk plays ``--games`` self-play games on training deals
(:data:`engine.bots.seeds.TRAINING_GAME_SEEDS`, never a held-out one), every seat choosing
its placement one move deep with the network of the chunk before (the first chunk: the
phase value's greedy move): among its ``--width`` best placements by the phase value,
the one whose position the network values most, and now and then (``--epsilon``) one of
the next best, so that positions vary. Every placement gives two positions: the one the
seat faced (its rack, to move) and the one its move left (its rack before it draws); each
is labelled with the standing the seat's side finished with and its final margin of lowest
colours (Monte-Carlo targets). The network is then fitted (Adam, mean squared error,
numpy) to the positions of the last ``--window`` chunks, ``--epochs`` passes, its target
the standing mixed with ``--margin`` of the margin (:func:`target`), taken as TD(lambda)
returns along each seat's positions (``--lam``, with the network as it stands before the
chunk's fit; 1: the Monte-Carlo target itself).

Resumable: after each chunk the state (the weights, the optimiser's moments, the chunk
count, the learning curve and the networks that played the chunks in the window) is
written to ``STATE`` (JSON, exact), so a run can stop anywhere and the same command goes
on from the last finished chunk, to the same weights as a run never stopped. The chunks'
positions are kept in a cache folder (``--cache``, default ``.cache/value/<table>``); a
missing one is played again from its network and seeds, to the same positions.

The learning curve, one row per chunk: the mean squared error of the target on the
chunk's fresh games before the network trains on them (positions it has never seen), for
the network, a constant, and today's hand-made leaf (expert's mid-game leaf with its best
scale and offset, on the positions where the seat is to move); the CPU seconds spent.

Commands:

* ``run --table 2p --chunks N STATE``: play and fit until N chunks are done.
* ``ship STATE [STATE ...]``: write ``engine/bots/value_data.py`` from the states' weights.
* ``show STATE``: the learning curve as a table.
* ``arena STATE --bots ...``: the arena (training seeds only) with two more levels that
  play the state's network: ``value1``, one move deep (the curve's strength against a
  fixed opponent), and ``valued``, expert's search with the value (as the shipped expert
  would play with these weights), for screening against ``classic`` before shipping.

What was trained, with its settings, data sizes and curve: docs/value/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from engine.bots.base import Bot  # noqa: E402
from engine.bots.scan import Position  # noqa: E402
from engine.bots.seeds import (  # noqa: E402
    check_tuning_seed,
)
from engine.bots.value import (  # noqa: E402
    Net,
    checksum,
    feature_count,
    pack,
    unpack,
)
from engine.bots.valued import ValuedExpert  # noqa: E402
from engine.rules.game import Game  # noqa: E402
from tools.value_fit import (  # noqa: E402
    flatten,
    init_params,
    lambda_returns,
    predict,
    target,
    train,
    unflatten,
)
from tools.value_selfplay import (  # noqa: E402
    CHUNK_DEALS,
    SEEDS_PER_TABLE,
    TABLES,
    choose,
    chunk_seed,
    play_chunk,
)

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "engine" / "bots" / "value_data.py"
__all__ = ["CHUNK_DEALS", "SEEDS_PER_TABLE", "TABLES", "chunk_seed", "lambda_returns", "main"]

DEFAULTS: dict[str, Any] = {
    "games": 200,
    "width": 16,
    "epsilon": 0.1,
    "hidden": 32,
    "window": 10,
    "epochs": 3,
    "batch": 256,
    "lr": 0.001,
    "margin": 0.3,
    "lam": 0.9,
    "seed": 1,
}


# --- the state on disk -----------------------------------------------------------------


def save_state(path: Path, state: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def packed(arrays: list[np.ndarray]) -> str:
    return pack(flatten(arrays))


def arrays_of(text: str, inputs: int, hidden: int) -> list[np.ndarray]:
    return unflatten(unpack(text, checksum(text)), inputs, hidden)


def chunk_file(cache: Path, chunk: int) -> Path:
    return cache / f"chunk-{chunk:05d}.npz"


def chunk_data(
    cache: Path, table: str, chunk: int, policy: str | None, settings: dict[str, Any], jobs: int
) -> dict[str, np.ndarray]:
    """A chunk's positions from the cache, or played (and cached) when missing."""
    path = chunk_file(cache, chunk)
    if path.exists():
        with np.load(path) as f:
            return {k: f[k] for k in f.files}
    data = play_chunk(table, chunk, policy, settings, jobs)
    cache.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(
        tmp,
        x=data["x"],
        y=data["y"],
        margin=data["margin"],
        seat=data["seat"],
        kind=data["kind"],
        hand=data["hand"],
        game=data["game"],
    )
    os.replace(tmp, path)
    return data


def cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def curve_row(
    chunk: int, params: list[np.ndarray] | None, data: dict[str, np.ndarray], mix: float
) -> dict[str, Any]:
    """The chunk's fresh games before training on them: mean squared errors of the
    target (see the module)."""
    y, kind, hand = target(data, mix), data["kind"], data["hand"]
    to_move = kind == 1
    row: dict[str, Any] = {
        "chunk": chunk,
        "games": int(data["game"].max()) + 1 if len(y) else 0,
        "positions": len(y),
        "mse_constant": round(float(np.mean((y - y.mean()) ** 2)), 4),
    }
    yt, ht = y[to_move], hand[to_move]
    a = np.vstack([np.ones_like(ht), ht]).T
    coef = np.linalg.lstsq(a, yt, rcond=None)[0]
    row["mse_hand_leaf_to_move"] = round(float(np.mean((np.clip(a @ coef, -1, 1) - yt) ** 2)), 4)
    if params is not None:
        pred = predict(params, data["x"])
        row["mse_net"] = round(float(np.mean((pred - y) ** 2)), 4)
        row["mse_net_to_move"] = round(float(np.mean((pred[to_move] - yt) ** 2)), 4)
    return row


def cmd_run(args: argparse.Namespace) -> None:
    path = Path(args.state)
    table = args.table
    settings = {k: getattr(args, k) for k in DEFAULTS}
    check_tuning_seed(settings["seed"])
    inputs = feature_count(TABLES[table])
    if path.exists():
        state = json.loads(path.read_text(encoding="utf-8"))
        if state["table"] != table or state["settings"] != settings:
            raise SystemExit(
                f"{path} holds a run with other settings ({state['table']},"
                f" {state['settings']}); use another state file"
            )
    else:
        params0 = init_params(inputs, settings["hidden"], settings["seed"])
        zeros = [np.zeros_like(p) for p in params0]
        state = {
            "table": table,
            "settings": settings,
            "inputs": inputs,
            "chunks": 0,
            "step": 0,
            "weights": packed(params0),
            "adam_m": packed(zeros),
            "adam_v": packed(zeros),
            "trained": False,
            "policies": {},
            "curve": [],
            "cpu_seconds": 0.0,
        }
    cache = Path(args.cache or ROOT / ".cache" / "value" / table)
    hidden = settings["hidden"]
    while state["chunks"] < args.chunks:
        chunk = state["chunks"]
        started = cpu_seconds()
        params = arrays_of(state["weights"], inputs, hidden)
        policy = state["weights"] if state["trained"] else None
        state["policies"][str(chunk)] = policy
        data = chunk_data(cache, table, chunk, policy, settings, args.jobs)
        row = curve_row(chunk, params if state["trained"] else None, data, settings["margin"])
        window = [c for c in range(max(0, chunk - settings["window"] + 1), chunk + 1)]
        parts = [data if c == chunk else None for c in window]
        for i, c in enumerate(window):
            if parts[i] is None:
                parts[i] = chunk_data(
                    cache, table, c, state["policies"].get(str(c)), settings, args.jobs
                )
        x = np.concatenate([p["x"] for p in parts if p is not None])
        ys = []
        for p in parts:
            assert p is not None
            z = target(p, settings["margin"])
            if state["trained"] and settings["lam"] < 1:
                z = lambda_returns(p, z, predict(params, p["x"]), settings["lam"])
            ys.append(z)
        y = np.concatenate(ys)
        m = arrays_of(state["adam_m"], inputs, hidden)
        v = arrays_of(state["adam_v"], inputs, hidden)
        step = train(params, [m, v], state["step"], x, y, settings, settings["seed"] * 7919 + chunk)
        spent = cpu_seconds() - started
        row["cpu_seconds"] = round(spent, 1)
        row["trained_on"] = len(y)
        state["weights"], state["adam_m"], state["adam_v"] = packed(params), packed(m), packed(v)
        state["step"] = step
        state["trained"] = True
        state["chunks"] = chunk + 1
        state["curve"].append(row)
        state["cpu_seconds"] = round(state["cpu_seconds"] + spent, 1)
        keep = {str(c) for c in range(chunk + 2 - settings["window"], chunk + 1)}
        state["policies"] = {k: p for k, p in state["policies"].items() if k in keep}
        save_state(path, state)
        # The network after each chunk, for the curve's strength (``arena --chunk``).
        (cache / f"weights-{chunk:05d}.txt").write_text(state["weights"], encoding="ascii")
        print(json.dumps(row), flush=True)


def cmd_show(args: argparse.Namespace) -> None:
    state = json.loads(Path(args.state).read_text(encoding="utf-8"))
    keys = ["chunk", "positions", "mse_constant", "mse_hand_leaf_to_move", "mse_net",
            "mse_net_to_move", "cpu_seconds"]  # fmt: skip
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for row in state["curve"]:
        print("| " + " | ".join(str(row.get(k, "")) for k in keys) + " |")
    print(f"CPU hours: {state['cpu_seconds'] / 3600:.2f}")


def module_text(nets: dict[str, tuple[str, str, int, int]]) -> str:
    lines = [
        '"""The learned value\'s shipped weights per table (:mod:`engine.bots.value`):',
        "generated by ``python tools/train_value.py ship``; do not edit. Each entry: the packed",
        "weights (little-endian doubles in base64), their SHA-256, the network's inputs and",
        "hidden units.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "NETS: dict[str, tuple[str, str, int, int]] = {",
    ]
    for table in sorted(nets):
        text, digest, inputs, hidden = nets[table]
        lines.append(f"    {table!r}: (")
        lines += [f'        "{text[i : i + 80]}"' for i in range(0, len(text), 80)]
        lines += [f'        , "{digest}", {inputs}, {hidden},', "    ),"]
    lines.append("}")
    return "\n".join(lines) + "\n"


def cmd_ship(args: argparse.Namespace) -> None:
    nets = {}
    for name in args.states:
        state = json.loads(Path(name).read_text(encoding="utf-8"))
        text = state["weights"]
        nets[state["table"]] = (text, checksum(text), state["inputs"], state["settings"]["hidden"])
    MODULE.write_text(module_text(nets), encoding="utf-8")
    print(f"{MODULE}: {', '.join(sorted(nets))}")


# --- the one-move-deep player, for the curve's strength ------------------------------------


class ValueOne(Bot):
    """The training's player: one move deep with a state's network (no search)."""

    level = "value1"
    net: Net | None = None
    width = 16

    def choose_in(self, game: Game, seat: int) -> str:
        move, _, _ = choose(Position(game), seat, self.net, self.rng, self.width, 0.0)
        return move if isinstance(move, str) else game.placement_text(move)


class Valued(ValuedExpert):
    """The top level with a state's network rather than the shipped one (``valued``)."""

    level = "valued"
    nets: dict[str, Net | None] | None = {}


def register(state_path: str, weights: str | None = None) -> None:
    """Make ``value1`` (one move deep) and ``valued`` (expert's search with the value) arena
    levels playing the state's network (or the packed ``weights`` file of one of its
    chunks), here and (through the environment) in the arena's worker processes."""
    from engine.bots import REFERENCE_LEVELS

    os.environ["VALUE1_STATE"] = state_path
    os.environ["VALUE1_WEIGHTS"] = weights or ""
    state = json.loads(Path(state_path).read_text(encoding="utf-8"))
    text = Path(weights).read_text(encoding="ascii") if weights else state["weights"]
    net = Net(state["inputs"], state["settings"]["hidden"], unpack(text, checksum(text)))
    ValueOne.net = net
    Valued.nets = {state["table"]: net}
    REFERENCE_LEVELS["value1"] = ValueOne
    REFERENCE_LEVELS["valued"] = Valued


if __name__ != "__main__" and os.environ.get("VALUE1_STATE"):
    register(os.environ["VALUE1_STATE"], os.environ.get("VALUE1_WEIGHTS") or None)


def cmd_arena(args: argparse.Namespace) -> None:
    from engine.tools.arena import run_arena

    check_tuning_seed(args.seed)
    weights = args.weights
    if args.chunk is not None:
        state = json.loads(Path(args.state).read_text(encoding="utf-8"))
        cache = Path(args.cache or ROOT / ".cache" / "value" / state["table"])
        weights = str(cache / f"weights-{args.chunk:05d}.txt")
    register(args.state, weights)
    report = run_arena(
        "standard",
        args.players,
        args.bots.split(","),
        args.games,
        seed=args.seed,
        jobs=args.jobs,
        results=args.results,
        budget_scale=args.budget_scale,
    )
    print(json.dumps(report["bots"]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("state")
    r.add_argument("--table", choices=list(TABLES), default="2p")
    r.add_argument("--chunks", type=int, required=True)
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--cache")
    for key, value in DEFAULTS.items():
        r.add_argument(f"--{key}", type=type(value), default=value)
    s = sub.add_parser("show")
    s.add_argument("state")
    sh = sub.add_parser("ship")
    sh.add_argument("states", nargs="+")
    a = sub.add_parser("arena")
    a.add_argument("state")
    a.add_argument("--players", type=int, default=2)
    a.add_argument("--bots", default="value1,strong@100")
    a.add_argument("--games", type=int, default=40)
    a.add_argument("--seed", type=int, default=7)
    a.add_argument("--jobs", type=int, default=1)
    a.add_argument("--results")
    a.add_argument("--budget-scale", type=float)
    a.add_argument("--chunk", type=int, help="the network after this chunk (default: the last)")
    a.add_argument("--cache")
    a.add_argument("--weights", help="a packed weights file (a chunk's, kept) to play instead")
    args = parser.parse_args(argv)
    try:
        {"run": cmd_run, "show": cmd_show, "ship": cmd_ship, "arena": cmd_arena}[args.cmd](args)
    except ValueError as error:
        raise SystemExit(f"train_value: {error}") from None


if __name__ == "__main__":
    main()
