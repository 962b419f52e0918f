"""The learned value's network in numpy, for its training (``tools/train_value.py``): the
same network as :class:`engine.bots.value.Net` (one hidden layer of rectified units, a
linear output), its targets and its fit by Adam."""

from __future__ import annotations

from typing import Any

import numpy as np


def target(data: dict[str, np.ndarray], mix: float) -> np.ndarray:
    """What the network is fitted to: the standing, mixed with ``mix`` of the final margin
    of lowest colours (a sixth of it, within -1 and +1), which says more per game than the
    place alone (a win by one point and by six differ)."""
    y: np.ndarray = (1 - mix) * data["y"] + mix * np.clip(data["margin"] / 6.0, -1.0, 1.0)
    return y


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
