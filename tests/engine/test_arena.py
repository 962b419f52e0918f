"""The arena command: seats rotated, figures per bot name, one JSON object, reproducible."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import pytest

from engine import arena
from engine.arena import bot_budget, game_seed, lineup, run_arena, wilson
from engine.bench import random_game, run_bench
from engine.bots.base import Bot
from engine.bots.search import Search
from engine.cli import main
from engine.errors import IngeniousError


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_arena_json_gives_every_figure_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints one object with games, wins, win rate, 95% CI, mean result and ms per move."""
    status, out, _ = run_cli(
        capsys, "arena", "--variant", "standard", "--players", "2", "--bots", "casual,beginner",
        "--games", "2", "--seed", "1", "--budget-ms", "5", "--json",
    )  # fmt: skip
    assert status == 0
    report = json.loads(out)
    assert set(report["bots"]) == {"casual", "beginner"}
    for row in report["bots"].values():
        assert set(row) >= {"games", "wins", "win_rate", "ci95", "mean_result", "ms_per_move"}
        assert row["games"] == 2
        assert 0 <= row["wins"] <= 2
        lo, hi = row["ci95"]
        assert lo <= row["win_rate"] <= hi
        assert row["ms_per_move"] >= 0
    wins = sum(row["wins"] for row in report["bots"].values())
    assert wins == pytest.approx(2)  # one win (or two halves) per game


def test_names_repeat_in_order_then_rotate_by_game() -> None:
    """--players 4 --bots strong,casual seats strong, casual, strong, casual; games rotate."""
    assert lineup(["strong", "casual"], 4, 0) == ["strong", "casual", "strong", "casual"]
    assert lineup(["strong", "casual"], 4, 1) == ["casual", "strong", "casual", "strong"]
    assert lineup(["strong", "casual", "casual"], 3, 2) == ["casual", "strong", "casual"]


def test_each_deal_is_played_once_per_rotation_of_the_seats() -> None:
    """Paired deals: games 0-2 of a 3-player run share one deal, game 3 starts the next."""
    seeds = [game_seed(5, i, 3) for i in range(6)]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]
    assert len({game_seed(5, i, 1) for i in range(4)}) == 4


def test_budget_scale_keeps_the_levels_ratio_of_budgets() -> None:
    """--budget-scale 0.01: expert thinks 20 ms, strong 10 ms; a given --budget-ms wins."""
    assert bot_budget("expert", None, 0.01) == 20
    assert bot_budget("strong", None, 0.01) == 10
    assert bot_budget("strong", 7, 0.01) == 7
    assert bot_budget("strong", None, None) is None
    report = run_arena("standard", 2, ["expert", "strong"], games=2, seed=3, budget_scale=0.005)
    assert report["budget_scale"] == 0.005
    assert report["bots"]["expert"]["wins"] + report["bots"]["strong"]["wins"] == 2
    with pytest.raises(IngeniousError, match="--budget-scale must be a positive number"):
        run_arena("standard", 2, ["casual"], games=1, budget_scale=0.0)


def test_clock_limit_gives_each_bot_its_budget_as_a_ceiling(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--clock-limit plays as the browser does: each bot's budget (given, scaled or its
    level's default) is also its limit on the clock; without it no bot has a limit."""
    made: list[tuple[str, int | None, float | None]] = []

    def spying(real: Callable[..., Bot]) -> Callable[..., Bot]:
        def spy(level: str, **kwargs: Any) -> Bot:
            bot = real(level, **kwargs)
            made.append((level, kwargs["budget_ms"], bot.time_limit_ms))
            if isinstance(bot, Search):
                bot.clock = iter(range(10**9)).__next__  # type: ignore[method-assign]  # 1 s a read
            return bot

        return spy

    monkeypatch.setattr(arena, "make_bot", spying(arena.make_bot))
    monkeypatch.setattr(arena, "make_browser_bot", spying(arena.make_browser_bot))
    report = run_arena(
        "standard", 2, ["expert", "casual"], games=1, seed=3, budget_scale=0.005, clock_limit=True
    )
    assert report["clock_limit"] is True
    assert sorted(made) == [("casual", 1, 1), ("expert", 10, 10)]
    # On a clock that moves a second a read, every search expert makes ends on the clock.
    expert = report["bots"]["expert"]
    assert 0 < expert["moves_cut_by_clock"] <= expert["moves"]
    assert report["bots"]["casual"]["moves_cut_by_clock"] == 0
    made.clear()
    run_arena("standard", 2, ["strong", "casual"], games=1, seed=3, budget_ms=3)
    assert sorted(made) == [("casual", 3, None), ("strong", 3, None)]


def test_a_bot_name_can_carry_its_own_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """``strong@3`` is strong thinking 3 ms a move whatever the run's budget, reported under
    that name; a budget that is not a whole number of ms is refused by name."""
    made: list[tuple[str, int | None]] = []
    real = arena.make_bot

    def spy(level: str, **kwargs: Any) -> Bot:
        if "seed" in kwargs:  # a game's bot, not the check of a name's evaluation
            made.append((level, kwargs["budget_ms"]))
        return real(level, **kwargs)

    monkeypatch.setattr(arena, "make_bot", spy)
    report = run_arena("standard", 2, ["strong@3", "strong:table@4"], games=1, seed=3, budget_ms=9)
    assert set(report["bots"]) == {"strong@3", "strong:table@4"}
    assert sorted(made) == [("strong", 3), ("strong", 4)]
    made.clear()
    run_arena("standard", 2, ["expert@5", "strong"], games=1, seed=3, budget_scale=0.005)
    assert sorted(made) == [("expert", 5), ("strong", 5)]
    for bad in ("strong@", "strong@fast", "strong@0"):
        with pytest.raises(IngeniousError, match=f"bot '{bad}': the budget after @"):
            run_arena("standard", 2, [bad, "casual"], games=1)


def test_same_seed_same_figures() -> None:
    """A run reproduces: the same seed and budget give the same wins and results."""

    def figures() -> dict[str, tuple[float, float]]:
        report = run_arena("duel", 2, ["strong", "casual"], games=2, seed=4, budget_ms=2)
        return {n: (r["wins"], r["mean_result"]) for n, r in report["bots"].items()}

    assert figures() == figures()


def test_team_and_solo_runs_report_per_name() -> None:
    """In the team game each name is one team; solo reports the lowest colour."""
    team = run_arena("team", 4, ["casual", "beginner"], games=1, seed=2)
    assert sum(r["wins"] for r in team["bots"].values()) == pytest.approx(1)
    solo = run_arena("solo", 1, ["casual"], games=2, seed=2)
    assert 0 <= solo["bots"]["casual"]["mean_result"] <= 36
    assert solo["result_measure"] == "lowest colour"


def test_a_searching_level_can_play_with_the_old_table_by_name() -> None:
    """``strong:table`` is strong valuing sides by the fixed table it used before the phase
    value: reported under its own name, its own moves (the arena's comparison of values)."""
    report = run_arena("standard", 2, ["strong", "strong:table"], games=2, seed=3, budget_ms=2)
    assert set(report["bots"]) == {"strong", "strong:table"}
    assert sum(row["wins"] for row in report["bots"].values()) == pytest.approx(2)


def test_wilson_interval_is_a_sound_95_percent_interval() -> None:
    lo, hi = wilson(80, 100)
    assert (round(lo, 3), round(hi, 3)) == (0.711, 0.867)  # the textbook figures for 80 of 100
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "duel", "--players", "3"], "the duel game is for 2 players, not 3"),
        (["--bots", "strong,grandmaster"], "unknown bot 'grandmaster'"),
        (["--bots", "strong,strong:wizard"], "unknown evaluation 'wizard'"),
        (["--bots", "casual:table,strong"], "the casual level does not search"),
    ],
)
def test_bad_arena_arguments_get_a_clear_message(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, _, err = run_cli(capsys, "arena", "--games", "1", *args)
    assert status == 2
    assert message in err


def test_challenge_arena_without_the_challenges_package_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--variant cards needs engine.challenges.arena; without it the message says so."""
    monkeypatch.setitem(sys.modules, "engine.challenges.arena", None)
    status, _, err = run_cli(capsys, "arena", "--variant", "cards", "--games", "1")
    assert status == 2
    assert "engine.challenges.arena is missing" in err


def test_bench_reports_random_games_and_casual_moves_per_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run_cli(capsys, "bench", "--seconds", "0.05", "--json")
    assert status == 0
    report = json.loads(out)
    assert report["random_games_per_s"] > 0
    assert report["casual_moves_per_s"] > 0
    assert run_bench(0.01)["clock"] == "cpu"


def test_bench_random_games_play_to_the_end() -> None:
    """A benchmark game is a complete game under the full rules."""
    game = random_game(3)
    assert game.phase == "over"
    assert game.result()["standings"]
