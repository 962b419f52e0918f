"""Self-play for the learned value's training (``tools/train_value.py``): the games of a
chunk, every seat one move deep with a network, and the positions they give.

The deals are training deals (:data:`engine.bots.seeds.TRAINING_GAME_SEEDS`), never a
held-out one; see :func:`chunk_seed`.
"""

from __future__ import annotations

import multiprocessing
from typing import Any

import numpy as np

from engine import new_game
from engine.bots.evaluate import scored_placements
from engine.bots.expert import Expert, standing
from engine.bots.scan import Position
from engine.bots.seeds import TRAINING_GAME_SEEDS, check_tuning_game_seed
from engine.bots.value import Net, after_move, checksum, feature_count, features, unpack
from engine.rules.game import Game
from engine.rules.rng import Rng

TABLES = {"2p": 2, "3p": 3, "4p": 4}
#: Deals per chunk at most (the chunk's game seeds are ``base + chunk * this + game``).
CHUNK_DEALS = 10_000
#: Training seeds per table (``--seed``); each has its own deals.
SEEDS_PER_TABLE = 30


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
