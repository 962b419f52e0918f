"""The learned mid-game value's tool (`tools/learn_value.py`): its data are mid-game
positions with the standing greedy play reaches from them, and its fit recovers a value
that is linear in the features."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine import new_game
from engine.bots import BOT_LEVELS, make_bot
from engine.bots.expert import Expert, standing
from engine.rules.rng import Rng
from tools import learn_value


def test_the_fit_recovers_weights_the_data_were_made_with() -> None:
    """Least squares on exact data gives back the weights (the ridge is negligible)."""
    rng = Rng(5)
    truth = [0.3, -1.2, 0.5, 2.0]
    rows = []
    for _ in range(200):
        x = [1.0] + [rng.random() * 4 - 2 for _ in range(3)]
        rows.append((x, sum(w * v for w, v in zip(truth, x, strict=True))))
    got = learn_value.solve(rows, 0.0)
    assert all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(got, truth, strict=True))


def test_the_data_are_mid_game_positions_valued_by_their_standing() -> None:
    """Every position is kept before the endgame's rollouts begin (more free pairs than
    expert's ``endgame_free``), its standing lies between last (-1) and first alone (+1),
    and its features are the model's size for four players (three rivals)."""
    rows = learn_value.data_game((4, 7, 0, 2))
    assert rows
    for row in rows:
        assert -1.0 <= row["y"] <= 1.0
        assert -1.0 / 3 <= row["yw"] <= 1.0  # the first place (see first_place)
        assert len(row["x"]) == 2 * (4 + 2 * 3)
        filled = row["x"][10]  # the constant feature times the share of the board filled
        assert 0.0 < filled < 1.0


def test_first_place_is_centred_on_the_fair_share() -> None:
    """A finished four-player game: the winner's first place counts +1, every other
    side's -1/3, so the four sum to 0 (a fair share is worth nothing); the standing of the
    same game steps by places (+1, +1/3, -1/3, -1)."""
    game = new_game("standard", players=4, seed=5)
    bots = [make_bot("casual", seed=s) for s in range(4)]
    while game.phase != "over":
        game.apply(bots[game.current].choose(game.view(game.current)))
    places = {s["side"]: s["place"] for s in game.result()["standings"]}
    assert sorted(places.values()) == [1, 2, 3, 4]
    for seat in range(4):
        expected = 1.0 if places[seat] == 1 else -1.0 / 3
        assert learn_value.first_place(game, seat) == pytest.approx(expected)
    assert sum(learn_value.first_place(game, s) for s in range(4)) == pytest.approx(0.0)
    assert sorted(standing(game, s) for s in range(4)) == pytest.approx([-1, -1 / 3, 1 / 3, 1])
    # With two sides the first place is the standing: +1 won, -1 lost.
    duo = new_game("standard", players=2, seed=5)
    pair = [make_bot("casual", seed=s) for s in range(2)]
    while duo.phase != "over":
        duo.apply(pair[duo.current].choose(duo.view(duo.current)))
    assert [learn_value.first_place(duo, s) for s in range(2)] == [
        standing(duo, s) for s in range(2)
    ]


def test_the_fit_mixes_the_first_place_into_its_target(tmp_path: Path) -> None:
    """``fit --win-mix M`` fits (1 - M) x the standing + M x the first place: data whose
    two targets follow different weights give back the first place's weights at M = 1."""
    rng = Rng(9)
    size = 2 * (4 + 2 * 1)  # a two-player model's features
    stand = [rng.random() - 0.5 for _ in range(size)]
    first = [rng.random() - 0.5 for _ in range(size)]
    data = tmp_path / "d.jsonl"
    with data.open("w") as f:
        for game in range(40):
            for _ in range(10):
                x = [1.0] + [rng.random() - 0.5 for _ in range(size - 1)]
                y = sum(w * v for w, v in zip(stand, x, strict=True))
                yw = sum(w * v for w, v in zip(first, x, strict=True))
                f.write(json.dumps({"x": x, "y": y, "yw": yw, "game": game}) + "\n")
    out = tmp_path / "w.json"
    learn_value.main(["fit", str(data), "--win-mix", "1", "--out", str(out)])
    report = json.loads(out.read_text())
    assert report["win_mix"] == 1.0
    assert report["weights"] == pytest.approx(first, abs=1e-3)


def test_the_fit_reports_the_learned_and_hand_made_errors(tmp_path: Path) -> None:
    """``fit`` writes weights sized for the data and the held-out errors it measured."""
    data = tmp_path / "2p.jsonl"
    with data.open("w") as f:
        for index in range(8):
            for row in learn_value.data_game((2, 3, index, 2)):
                f.write(json.dumps(row) + "\n")
    out = tmp_path / "w.json"
    learn_value.main(["fit", str(data), "--out", str(out)])
    report = json.loads(out.read_text())
    assert len(report["weights"]) == 2 * (4 + 2 * 1)
    assert report["train"] + report["test"] == report["positions"]
    assert {"mse_constant", "mse_hand_leaf", "mse_learned"} <= set(report)


def test_the_learned_level_exists_only_in_the_tools_arena() -> None:
    """Importing the tool adds no level to the game: ``learned`` is registered by its
    arena command alone (the start screen lists the levels of ``BOT_LEVELS``)."""
    assert "learned" not in BOT_LEVELS
    assert issubclass(learn_value.Learned, Expert)


def test_the_shipped_weights_are_the_fitted_files() -> None:
    """engine/bots/value_weights.py is what ``ship`` writes from docs/value's fitted
    files for the player counts it holds, so every shipped weight has its fit (and that
    fit's data and held-out errors) in the repository."""
    from engine.bots.value_weights import WEIGHTS

    root = Path(learn_value.__file__).resolve().parent.parent
    fitted = {
        p: json.loads((root / "docs" / "value" / f"weights-{p}p.json").read_text())["weights"]
        for p in WEIGHTS
    }
    assert learn_value.MODULE.read_text() == learn_value.module_text(fitted)
    assert all(tuple(fitted[p]) == WEIGHTS[p] for p in WEIGHTS)


def test_the_kept_data_and_weights_reproduce_from_their_commands(tmp_path: Path) -> None:
    """The first game of docs/value/4p.jsonl.gz is what ``data --players 4 --seed 1
    --rollouts 8`` makes (the same positions, features, standings and first places), and
    ``fit`` on the kept data gives the shipped weights file byte for byte (and, with
    ``--win-mix 0.5``, the tried one)."""
    root = Path(learn_value.__file__).resolve().parent.parent / "docs" / "value"
    with learn_value.open_text(root / "4p.jsonl.gz", "r") as f:
        kept = [json.loads(line) for line in f.read().splitlines()]
    assert learn_value.data_game((4, 1, 0, 8)) == [r for r in kept if r["game"] == 0]
    out = tmp_path / "weights-4p.json"
    learn_value.main(["fit", str(root / "4p.jsonl.gz"), "--out", str(out)])
    assert out.read_text() == (root / "weights-4p.json").read_text()
    # The tried weights that count a first place more (docs/bots.md) refit the same way.
    win = tmp_path / "weights-4p-win.json"
    learn_value.main(["fit", str(root / "4p.jsonl.gz"), "--win-mix", "0.5", "--out", str(win)])
    assert win.read_text() == (root / "weights-4p-win.json").read_text()


def test_compare_pairs_games_and_counts_deals_as_the_units(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``compare`` pairs the two runs game by game (the games both hold) and gives the
    mean paired differences in place and in wins with intervals over the deals."""

    def run(name: str, level: str, places: dict[int, float]) -> Path:
        path = tmp_path / name
        lines = [json.dumps({"arena": {}})]
        for game, place in places.items():
            per = {level: {"place": place, "win": 1.0 if place == 1 else 0.0}}
            lines.append(json.dumps({"game": game, "deal": game // 2, "per": per}))
        path.write_text("\n".join(lines) + "\n")
        return path

    new = run("new.jsonl", "learned", {0: 1.0, 1: 2.0, 2: 1.0, 3: 3.0, 4: 4.0})
    old = run("old.jsonl", "expert", {0: 2.0, 1: 2.0, 2: 3.0, 3: 3.0})
    learn_value.main(["compare", str(new), str(old)])
    out = capsys.readouterr().out
    assert out.startswith("4 games on the same deals and seats")
    assert "mean place learned 1.750 (wins 50.0%)" in out
    assert "reference expert 2.500 (wins 0.0%)" in out
    assert "paired difference in place -0.750" in out
    # Wins: games 0 and 2 won where the reference lost, 1 and 3 alike: +50 points.
    assert "paired difference in wins +50.0 points" in out
    assert out.rstrip().endswith("2 deals)")
