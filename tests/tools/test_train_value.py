"""The learned value's training (`tools/train_value.py`): a run stopped after any chunk
goes on to the same state as one never stopped, its deals are training deals (never a
held-out one), and what it ships loads in the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.bots.seeds import TRAINING_GAME_SEEDS, is_held_out_game_seed
from engine.bots.value import Net, checksum, feature_count, unpack
from engine.rules.rng import Rng
from tools import learn_value, train_value

TINY = ["--table", "2p", "--games", "2", "--hidden", "3", "--window", "2", "--batch", "64"]


def state_without_times(path: Path) -> dict[str, object]:
    state: dict[str, object] = json.loads(path.read_text())
    state.pop("cpu_seconds")
    for row in state["curve"]:  # type: ignore[attr-defined]
        row.pop("cpu_seconds")
    return state


def test_a_stopped_run_resumes_to_the_state_of_a_run_never_stopped(tmp_path: Path) -> None:
    """Two chunks in one go, or one chunk, a stop, the cache of played games lost, and the
    same command again: the same weights, optimiser state and learning curve."""
    straight = tmp_path / "straight.json"
    train_value.main(["run", str(straight), "--chunks", "2", "--cache", str(tmp_path / "a"), *TINY])
    stopped = tmp_path / "stopped.json"
    cache = tmp_path / "b"
    train_value.main(["run", str(stopped), "--chunks", "1", "--cache", str(cache), *TINY])
    assert json.loads(stopped.read_text())["chunks"] == 1
    for played in cache.glob("*.npz"):
        played.unlink()  # the next chunk's window plays chunk 0 again
    train_value.main(["run", str(stopped), "--chunks", "2", "--cache", str(cache), *TINY])
    first, second = state_without_times(straight), state_without_times(stopped)
    assert first == second
    assert first["chunks"] == 2 and len(first["curve"]) == 2  # type: ignore[arg-type]
    # The second chunk was played by the network the first one trained.
    assert first["curve"][1]["mse_net"] >= 0  # type: ignore[index]


def test_a_run_with_other_settings_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "s.json"
    train_value.main(["run", str(state), "--chunks", "1", "--cache", str(tmp_path / "c"), *TINY])
    with pytest.raises(SystemExit, match="other settings"):
        train_value.main(
            [
                "run",
                str(state),
                "--chunks",
                "2",
                "--cache",
                str(tmp_path / "c"),
                *TINY,
                "--epochs",
                "5",
            ]
        )


def test_the_training_deals_are_never_held_out() -> None:
    """Every game seed a chunk plays lies in the training range, whatever the table, the
    training seed, the chunk or the game; a seed or game out of range is refused."""
    for table in train_value.TABLES:
        for seed in (0, 1, train_value.SEEDS_PER_TABLE - 1):
            for chunk in (0, 7, 999):
                for game in (0, train_value.CHUNK_DEALS - 1):
                    value = train_value.chunk_seed(table, seed, chunk, game)
                    assert value in TRAINING_GAME_SEEDS
                    assert not is_held_out_game_seed(value)
    with pytest.raises(ValueError):
        train_value.chunk_seed("2p", train_value.SEEDS_PER_TABLE, 0, 0)
    with pytest.raises(ValueError):
        train_value.chunk_seed("2p", 1, 1000, 0)


def test_the_tuning_tools_refuse_a_held_out_arena_seed(tmp_path: Path) -> None:
    """Neither tool plays a held-out seed's deals: their arenas refuse the seed, and the
    learned mid-game value's kept data (seed 1, 800 games a table) dealt none of them."""
    with pytest.raises(SystemExit, match="held out"):
        train_value.main(["arena", str(tmp_path / "none.json"), "--seed", "1500"])
    with pytest.raises(SystemExit, match="held out"):
        learn_value.main(["arena", "--weights", "w.json", "--seed", "1000"])
    with pytest.raises(SystemExit, match="held out"):
        learn_value.main(["data", "--seed", "1999", "--out", str(tmp_path / "d.gz")])
    for index in range(800):
        seed = Rng(1 * 1_000_003 + index).next64() % (1 << 31)
        assert not is_held_out_game_seed(seed)


def test_shipped_weights_are_the_states_and_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ship`` writes the state's weights with their checksum; the module it writes loads
    into the engine's network, the same weights."""
    state = tmp_path / "s.json"
    train_value.main(["run", str(state), "--chunks", "1", "--cache", str(tmp_path / "c"), *TINY])
    module = tmp_path / "value_data.py"
    monkeypatch.setattr(train_value, "MODULE", module)
    train_value.main(["ship", str(state)])
    space: dict[str, object] = {}
    exec(module.read_text(), space)
    nets = space["NETS"]
    assert isinstance(nets, dict)
    text, digest, inputs, hidden = nets["2p"]
    saved = json.loads(state.read_text())["weights"]
    assert text == saved and digest == checksum(saved)
    net = Net(inputs, hidden, unpack(text, digest))
    assert net.inputs == feature_count(2) and net.hidden == 3


def test_lambda_returns_run_back_along_each_seats_positions() -> None:
    """Two seats' positions interleaved in one game, and another game: each seat's last
    position keeps the game's target, an earlier one mixes the next position's value with
    the next target; lambda 1 is the Monte-Carlo target."""
    import numpy as np

    data = {"game": np.array([0, 0, 0, 0, 1]), "seat": np.array([0, 1, 0, 1, 0])}
    z = np.array([1.0, -1.0, 1.0, -1.0, 0.5])
    v = np.array([0.1, 0.2, 0.3, 0.4, 0.9])
    got = train_value.lambda_returns(data, z, v, 0.5)
    assert got.tolist() == [0.5 * 0.3 + 0.5 * 1.0, 0.5 * 0.4 - 0.5, 1.0, -1.0, 0.5]
    assert train_value.lambda_returns(data, z, v, 1.0).tolist() == z.tolist()
