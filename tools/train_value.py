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
import multiprocessing
import os
import resource
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from engine import new_game  # noqa: E402
from engine.bots.base import Bot  # noqa: E402
from engine.bots.evaluate import scored_placements  # noqa: E402
from engine.bots.expert import Expert, standing  # noqa: E402
from engine.bots.scan import Position  # noqa: E402
from engine.bots.seeds import (  # noqa: E402
    TRAINING_GAME_SEEDS,
    check_tuning_game_seed,
    check_tuning_seed,
)
from engine.bots.value import (  # noqa: E402
    Net,
    after_move,
    checksum,
    feature_count,
    features,
    pack,
    unpack,
)
from engine.bots.valued import ValuedExpert  # noqa: E402
from engine.rules.game import Game  # noqa: E402
from engine.rules.rng import Rng  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "engine" / "bots" / "value_data.py"
TABLES = {"2p": 2, "3p": 3, "4p": 4}
#: Deals per chunk at most (the chunk's game seeds are ``base + chunk * this + game``).
CHUNK_DEALS = 10_000
#: Training seeds per table (``--seed``); each has its own deals.
SEEDS_PER_TABLE = 30

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


def chunk_seed(table: str, seed: int, chunk: int, game: int) -> int:
    """The game seed of a chunk's game: in the training range, never a held-out deal."""
    if not 0 <= seed < SEEDS_PER_TABLE or not 0 <= game < CHUNK_DEALS:
        raise ValueError(
            f"a training seed is 0 to {SEEDS_PER_TABLE - 1}, a chunk's game below {CHUNK_DEALS}"
        )
    slot = list(TABLES).index(table) * SEEDS_PER_TABLE + seed
    value = TRAINING_GAME_SEEDS.start + slot * 10_000_000 + chunk * CHUNK_DEALS + game
    if value not in TRAINING_GAME_SEEDS or chunk >= 1000:
        raise ValueError(f"chunk {chunk}, game {game} falls outside the training deals")
    return check_tuning_game_seed(value)


# --- self-play --------------------------------------------------------------------------


def choose(
    pos: Position, seat: int, net: Net | None, rng: Rng, width: int, epsilon: float
) -> tuple[Any, list[float] | None, float]:
    """One move deep: the placement (or ``"swap"``), the features of the position it
    leaves (None where the game ends or nothing is valued) and its value."""
    g = pos.game
    if g.phase == "swap":
        return "swap", None, 0.0
    scored = scored_placements(g, seat)
    scored.sort(key=lambda vp: (-vp[0], vp[1]))
    valued: list[tuple[float, int, Any, list[float] | None]] = []
    for i, (gain, p) in enumerate(scored[:width]):
        after, rack, again = after_move(pos, p, seat)
        ga = after.game
        if ga.phase == "over":
            valued.append((standing(ga, seat) * 10.0, -i, p, None))
            continue
        x = features(ga, after.points, after.hot, seat, rack, again)
        valued.append((net.value(x) if net is not None else gain, -i, p, x))
    valued.sort(key=lambda v: (v[0], v[1]), reverse=True)
    pick = 0
    if epsilon and len(valued) > 1 and rng.random() < epsilon:
        pick = 1 + rng.below(min(3, len(valued) - 1))
    value, _, move, left = valued[pick]
    return move, left, value


def hand_leaf(bot: Expert, pos: Position, seat: int) -> float:
    """Today's mid-game leaf of expert for the seat to move (its hand-made value, plus the
    learned linear standing at four players)."""
    own, rivals = bot.options(pos, seat)
    return bot.score(pos.game, seat, own, rivals)


def play_game(job: tuple[str, int, str | None, int, dict[str, Any]]) -> dict[str, Any]:
    """One self-play game: its positions' features, targets, kinds (1: to move, 0: the
    position a move left) and, for the positions to move, today's hand-made leaf."""
    table, game_seed, policy, hidden, settings = job
    net = None
    if policy is not None:
        flat = unpack(policy, checksum(policy))
        net = Net(feature_count(TABLES[table]), hidden, flat)
    game = new_game("standard", players=TABLES[table], seed=game_seed)
    pos = Position(game)
    rng = Rng(game_seed ^ 0x5DEECE66D)
    bot = Expert(seed=0)
    rows: list[tuple[int, list[float], int, float]] = []
    while game.phase != "over":
        seat = game.current
        if game.phase == "place":
            x = features(game, pos.points, pos.hot, seat, game.racks[seat], True)
            rows.append((seat, x, 1, hand_leaf(bot, pos, seat)))
        move, after, _ = choose(pos, seat, net, rng, settings["width"], settings["epsilon"])
        if after is not None:
            rows.append((seat, after, 0, 0.0))
        pos.play(move)
    return {
        "x": [r[1] for r in rows],
        "y": [standing(game, r[0]) for r in rows],
        "margin": [final_margin(game, r[0]) for r in rows],
        "seat": [r[0] for r in rows],
        "kind": [r[2] for r in rows],
        "hand": [r[3] for r in rows],
    }


def final_margin(game: Game, seat: int) -> float:
    """A finished game's lowest colour of the seat's side less the best rival side's."""
    mine = game.variant.side_of(seat)
    lows = [min(track) for track in game.scores]
    return float(lows[mine] - max(v for s, v in enumerate(lows) if s != mine))


def target(data: dict[str, np.ndarray], mix: float) -> np.ndarray:
    """What the network is fitted to: the standing, mixed with ``mix`` of the final margin
    of lowest colours (a sixth of it, within -1 and +1), which says more per game than the
    place alone (a win by one point and by six differ)."""
    y: np.ndarray = (1 - mix) * data["y"] + mix * np.clip(data["margin"] / 6.0, -1.0, 1.0)
    return y


def play_chunk(
    table: str, chunk: int, policy: str | None, settings: dict[str, Any], jobs: int
) -> dict[str, np.ndarray]:
    """A chunk's games (see the module), in deal order, as arrays."""
    work = [
        (table, chunk_seed(table, settings["seed"], chunk, i), policy, settings["hidden"], settings)
        for i in range(settings["games"])
    ]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            games = pool.map(play_game, work, chunksize=1)
    else:
        games = [play_game(w) for w in work]
    out: dict[str, list[Any]] = {
        "x": [], "y": [], "margin": [], "seat": [], "kind": [], "hand": [], "game": []
    }  # fmt: skip
    for i, got in enumerate(games):
        for key in ("x", "y", "margin", "seat", "kind", "hand"):
            out[key].extend(got[key])
        out["game"].extend([i] * len(got["y"]))
    return {
        "x": np.asarray(out["x"], dtype=np.float64),
        "y": np.asarray(out["y"], dtype=np.float64),
        "margin": np.asarray(out["margin"], dtype=np.float64),
        "seat": np.asarray(out["seat"], dtype=np.int8),
        "kind": np.asarray(out["kind"], dtype=np.int8),
        "hand": np.asarray(out["hand"], dtype=np.float64),
        "game": np.asarray(out["game"], dtype=np.int32),
    }


# --- the network in numpy ---------------------------------------------------------------


def lambda_returns(
    data: dict[str, np.ndarray], z: np.ndarray, v: np.ndarray, lam: float
) -> np.ndarray:
    """TD(lambda) targets: along each seat's positions of a game, in the order played, the
    last one's target is the game's ``z``, each earlier one's ``(1 - lam)`` times the next
    position's value ``v`` plus ``lam`` times the next one's target (``lam = 1``: ``z``
    throughout, the Monte-Carlo target)."""
    out = z.copy()
    last: dict[tuple[int, int], int] = {}
    games, seats = data["game"], data["seat"]
    for i in range(len(z) - 1, -1, -1):
        key = (int(games[i]), int(seats[i]))
        nxt = last.get(key)
        if nxt is not None:
            out[i] = (1 - lam) * v[nxt] + lam * out[nxt]
        last[key] = i
    return out


def init_params(inputs: int, hidden: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0.0, np.sqrt(2.0 / inputs), size=(hidden, inputs))
    return [w1, np.zeros(hidden), rng.normal(0.0, np.sqrt(1.0 / hidden), size=hidden), np.zeros(1)]


def flatten(params: list[np.ndarray]) -> list[float]:
    """The weights in :class:`engine.bots.value.Net`'s order."""
    return [float(v) for p in params for v in np.ravel(p)]


def unflatten(flat: list[float], inputs: int, hidden: int) -> list[np.ndarray]:
    a = np.asarray(flat, dtype=np.float64)
    k = inputs * hidden
    return [
        a[:k].reshape(hidden, inputs).copy(),
        a[k : k + hidden].copy(),
        a[k + hidden : k + 2 * hidden].copy(),
        a[k + 2 * hidden :].copy(),
    ]


def forward(params: list[np.ndarray], x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    w1, b1, w2, b2 = params
    h = np.maximum(0.0, x @ w1.T + b1)
    return h @ w2 + b2[0], h


def predict(params: list[np.ndarray], x: np.ndarray) -> np.ndarray:
    out: np.ndarray = np.clip(forward(params, x)[0], -1.0, 1.0)
    return out


def train(
    params: list[np.ndarray],
    moments: list[list[np.ndarray]],
    step: int,
    x: np.ndarray,
    y: np.ndarray,
    settings: dict[str, Any],
    seed: int,
) -> int:
    """Adam on the mean squared error, ``epochs`` passes in a seeded order; the params and
    moments are updated in place; returns the step count."""
    rng = np.random.default_rng(seed)
    lr, batch = settings["lr"], settings["batch"]
    b1m, b2m, eps = 0.9, 0.999, 1e-8
    m, v = moments
    for _ in range(settings["epochs"]):
        order = rng.permutation(len(y))
        for start in range(0, len(y), batch):
            idx = order[start : start + batch]
            xb, yb = x[idx], y[idx]
            out, h = forward(params, xb)
            err = 2.0 * (out - yb) / len(yb)
            w1, b1, w2, b2 = params
            g_w2 = h.T @ err
            g_b2 = np.array([err.sum()])
            dh = np.outer(err, w2) * (h > 0)
            g_w1 = dh.T @ xb
            g_b1 = dh.sum(axis=0)
            step += 1
            for i, g in enumerate((g_w1, g_b1, g_w2, g_b2)):
                m[i] = b1m * m[i] + (1 - b1m) * g
                v[i] = b2m * v[i] + (1 - b2m) * g * g
                mh = m[i] / (1 - b1m**step)
                vh = v[i] / (1 - b2m**step)
                params[i] -= lr * mh / (np.sqrt(vh) + eps)
    return step


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
    weights = None
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
    args = parser.parse_args(argv)
    try:
        {"run": cmd_run, "show": cmd_show, "ship": cmd_ship, "arena": cmd_arena}[args.cmd](args)
    except ValueError as error:
        raise SystemExit(f"train_value: {error}") from None


if __name__ == "__main__":
    main()
