"""The arena command: seats rotated, figures per bot name, one JSON object, reproducible."""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.bots.base import Bot
from engine.bots.search import Search
from engine.rules.errors import IngeniousError
from engine.tools import arena
from engine.tools.arena import (
    bot_budget,
    clustered_mean,
    deal_of,
    game_seed,
    lineup,
    run_arena,
    seatings,
    side_scores,
    wilson,
)
from engine.tools.bench import random_game, run_bench
from engine.tools.cli import main


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
    """Paired deals: games 0-2 of a 3-player run share one deal, game 3 starts the next;
    each deal has its own seed, and runs of other seeds other deals."""
    bots = ["expert", "strong", "strong"]
    deals = [deal_of(i, bots, 3) for i in range(6)]
    assert deals == [0, 0, 0, 1, 1, 1]
    assert len({game_seed(5, d) for d in range(4)} | {game_seed(6, d) for d in range(4)}) == 8
    assert deal_of(3, ["strong"], 1) == 3


def test_paired_deals_give_each_seat_every_deal() -> None:
    """Four players, one expert among three strongs: the four games of a deal seat expert
    once in every seat, so each seat's tiles are played by expert once."""
    bots = ["expert", "strong", "strong", "strong"]
    assert seatings(bots, 4) == 4
    for deal in range(3):
        games = [i for i in range(12) if deal_of(i, bots, 4) == deal]
        assert sorted(lineup(bots, 4, i).index("expert") for i in games) == [0, 1, 2, 3]


def test_a_team_deal_is_played_once_per_distinct_seating() -> None:
    """``--variant team --bots expert,strong`` seats expert, strong, expert, strong: its
    rotations give two distinct seatings, not four, so a deal is played twice (each team
    once in each pair of seats) and no game repeats another (same deal, same seats)."""
    bots = ["expert", "strong"]
    assert seatings(bots, 4) == 2 and seatings(["strong"], 4) == 1
    assert seatings(["strong", "casual", "strong", "casual"], 4) == 2
    played = [(deal_of(i, bots, 4), tuple(lineup(bots, 4, i))) for i in range(8)]
    assert len(set(played)) == 8
    assert [d for d, _ in played] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert {seats for _, seats in played} == {
        ("expert", "strong", "expert", "strong"),
        ("strong", "expert", "strong", "expert"),
    }


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


def test_open_play_shows_each_partner_the_others_rack_and_only_in_the_team_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--open``: the team game with open racks, where every bot's view holds its
    partner's rack too (never a rival's); closed, each view holds its own rack alone. The
    setting is kept with the run, so an open run does not resume a closed one's file; an
    open duel or standard game is refused by name."""
    seen: list[tuple[int, tuple[str, ...]]] = []
    real = arena.make_bot

    def spy(level: str, **kwargs: Any) -> Bot:
        bot = real(level, **kwargs)
        choose = bot.choose

        def looking(view: dict[str, Any]) -> str:
            seen.append((view["seat"], tuple(sorted(view["racks"]))))
            return choose(view)

        bot.choose = looking  # type: ignore[method-assign]
        return bot

    monkeypatch.setattr(arena, "make_bot", spy)
    report = run_arena("team", 4, ["casual", "beginner"], games=1, seed=2, open_racks=True)
    assert report["open"] is True
    # Seats alternate teams (0 and 2 against 1 and 3): a seat sees itself and its partner.
    assert seen and all(racks == tuple(sorted({str(s), str((s + 2) % 4)})) for s, racks in seen)
    seen.clear()
    run_arena("team", 4, ["casual", "beginner"], games=1, seed=2)
    assert seen and all(racks == (str(s),) for s, racks in seen)
    status, out, _ = run_cli(capsys, "arena", "--variant", "team", "--open", "--games", "1",
                             "--bots", "casual,beginner")  # fmt: skip
    assert status == 0 and out.startswith("team (open play), 4 player(s), 1 games")
    status, _, err = run_cli(capsys, "arena", "--variant", "duel", "--open", "--games", "1")
    assert status == 2
    assert "--open is for the team game" in err


def test_a_results_file_of_closed_play_is_not_resumed_open(tmp_path: Path) -> None:
    """A run's rack setting is one of its settings; a file written before the setting
    existed (no "open" in its first line) counts as closed play and still resumes."""
    path = tmp_path / "team.jsonl"
    run_arena("team", 4, ["casual", "beginner"], games=1, seed=2, results=path)
    with pytest.raises(IngeniousError, match=r"other settings \(open False there, True here\)"):
        run_arena("team", 4, ["casual", "beginner"], games=1, seed=2, results=path, open_racks=True)
    head, *games = path.read_text().splitlines()
    settings = json.loads(head)
    del settings["arena"]["open"]
    path.write_text("\n".join([json.dumps(settings), *games]) + "\n")
    report = run_arena("team", 4, ["casual", "beginner"], games=2, seed=2, results=path)
    assert report["bots"]["casual"]["games"] == 2


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
    """--variant cards needs engine.tools.challenges_arena; without it the message says so."""
    monkeypatch.setitem(sys.modules, "engine.tools.challenges_arena", None)
    status, _, err = run_cli(capsys, "arena", "--variant", "cards", "--games", "1")
    assert status == 2
    assert "engine.tools.challenges_arena is missing" in err


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


def test_places_of_tied_sides_share_the_places_they_cover() -> None:
    """A finishing place per side; sides that tie share the places they cover, so a game's
    places add up to 1 + 2 + ... + n whatever the ties (the fair mean is the middle one)."""

    def standings(ranks: list[int]) -> dict[str, Any]:
        return {"standings": [{"side": s, "place": r, "lowest": 5} for s, r in enumerate(ranks)]}

    _, _, places = side_scores(standings([1, 1, 3, 4]), "standard", 4)
    assert places == [1.5, 1.5, 3.0, 4.0]
    share, _, places = side_scores(standings([2, 1, 2, 2]), "standard", 4)
    assert places == [3.0, 1.0, 3.0, 3.0] and share == [0.0, 1.0, 0.0, 0.0]
    duel = {"winner": None, "standings": [{"side": 0, "colours_on_side": 3},
                                           {"side": 1, "colours_on_side": 3}]}  # fmt: skip
    assert side_scores(duel, "duel", 1)[2] == [1.5, 1.5]


def test_mean_place_interval_counts_deals_as_the_units() -> None:
    """The interval of a mean place is counted over deals: the same places pooled in fewer,
    larger deals give a wider interval; equal deals give none wider than zero."""
    mean, lo, hi = clustered_mean({0: (4.0, 2), 1: (6.0, 2), 2: (5.0, 2), 3: (5.0, 2)})
    assert mean == 2.5
    # Deal means 2, 3, 2.5, 2.5: sd 0.408, standard error 0.204; t(3) = 3.182.
    assert (round(lo, 3), round(hi, 3)) == (1.85, 3.15)
    wide = clustered_mean({0: (10.0, 4), 1: (10.0, 4)})
    assert wide[1:] == (2.5, 2.5)
    assert all(math.isnan(x) for x in clustered_mean({0: (5.0, 2)})[1:])


def test_report_gives_each_bots_mean_place_and_its_interval() -> None:
    """Every bot's mean finishing place and 95% interval are in the report; the places of
    one game add up to 1 + 2 + ... + n, so the bots' mean places average the fair one."""
    report = run_arena("standard", 2, ["casual", "beginner"], games=4, seed=2)
    rows = report["bots"]
    assert rows["casual"]["mean_place"] + rows["beginner"]["mean_place"] == pytest.approx(3)
    for row in rows.values():
        lo, hi = row["place_ci95"]
        assert lo <= row["mean_place"] <= hi
    assert rows["casual"]["mean_place"] < 1.5 < rows["beginner"]["mean_place"]


def test_a_stopped_run_resumes_to_the_totals_of_an_uninterrupted_one(tmp_path: Path) -> None:
    """With a results file each game is kept as one JSON line as it ends: a run stopped
    after two games and started again plays only the rest and reports what one
    uninterrupted run reports (the times aside, which no two runs share)."""

    def stop_after_two(done: int, _: dict[str, Any]) -> None:
        if done == 2:
            raise KeyboardInterrupt

    args: dict[str, Any] = {"games": 4, "seed": 4}
    whole = run_arena("standard", 2, ["casual", "beginner"], results=tmp_path / "a", **args)
    stopped = tmp_path / "b"
    with pytest.raises(KeyboardInterrupt):
        run_arena("standard", 2, ["casual", "beginner"], results=stopped, progress=stop_after_two,
                  **args)  # fmt: skip
    assert len(stopped.read_text().splitlines()) == 1 + 2
    played: list[int] = []
    resumed = run_arena("standard", 2, ["casual", "beginner"], results=stopped,
                        progress=lambda done, _: played.append(done), **args)  # fmt: skip
    assert played == [2, 3, 4]  # the two kept, then the two played

    def untimed(report: dict[str, Any]) -> dict[str, Any]:
        return {
            name: {k: v for k, v in row.items() if not k.startswith("ms_")}
            for name, row in report["bots"].items()
        }

    assert untimed(resumed) == untimed(whole)
    lines = [json.loads(line) for line in stopped.read_text().splitlines()]
    assert [line["game"] for line in lines[1:]] == [0, 1, 2, 3]
    # The times reported are the ones kept in the file, not measured again.
    kept = sum(line["per"]["casual"]["seconds"] for line in lines[1:])
    casual = resumed["bots"]["casual"]
    assert casual["ms_per_move"] == round(1000 * kept / casual["moves"], 2)


def test_a_results_file_cut_short_or_of_another_run_is_handled_clearly(tmp_path: Path) -> None:
    """A last line cut short while being written is dropped and its game played again; a
    file of other settings or with a broken line is refused by name, left as it was."""
    path = tmp_path / "run.jsonl"
    run_arena("standard", 2, ["casual", "beginner"], games=2, seed=1, results=path)
    whole = path.read_text()
    path.write_text(whole[: len(whole) - 40])  # the second game's line cut short
    report = run_arena("standard", 2, ["casual", "beginner"], games=2, seed=1, results=path)
    assert report["bots"]["casual"]["games"] == 2
    assert len(path.read_text().splitlines()) == 3
    before = path.read_text()
    with pytest.raises(IngeniousError, match=r"other settings \(seed 1 there, 2 here\)"):
        run_arena("standard", 2, ["casual", "beginner"], games=2, seed=2, results=path)
    path.write_text(before.replace('"game": 1', '"gme": 1'))
    with pytest.raises(IngeniousError, match="line 3 is not a game's figures"):
        run_arena("standard", 2, ["casual", "beginner"], games=2, seed=1, results=path)
    assert path.read_text() == before.replace('"game": 1', '"gme": 1')


def test_arena_table_prints_mean_place_and_keeps_results(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Without --json the table has each bot's mean place and its interval beside the fair
    one; --results FILE keeps the games (a settings line, then one line per game)."""
    path = tmp_path / "games.jsonl"
    status, out, _ = run_cli(
        capsys, "arena", "--players", "3", "--bots", "casual,beginner,beginner", "--games", "3",
        "--results", str(path),
    )  # fmt: skip
    assert status == 0
    assert "mean place" in out and "fair mean place: 2;" in out
    casual = next(line for line in out.splitlines() if line.startswith("casual"))
    assert "-" in casual.split()[6]  # the place interval, low-high
    assert len(path.read_text().splitlines()) == 4
