"""The start screen's bot figures are what the games kept in docs/arena give
(`tools/level_figures.py`): no figure without its games in the repository."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.bots.measured import MEASURED
from engine.tools.arena import summary, totals_of
from tools import level_figures


def test_the_shipped_figures_are_those_of_the_kept_games() -> None:
    """engine/bots/measured.py (what the page words) equals the figures read again from
    every kept run; and index.html's level list is what the tool writes from them."""
    rows = level_figures.figures()
    assert tuple(rows) == MEASURED
    page = level_figures.PAGE.read_text(encoding="utf-8")
    assert level_figures.page_with_help(page, rows) == page
    assert level_figures.MODULE.read_text(encoding="utf-8") == level_figures.module_text(rows)


@pytest.mark.parametrize("table", [t for t in level_figures.TABLES if t != "solo"])
def test_every_level_above_the_weakest_is_measured_against_the_one_below_at_every_table(
    table: str,
) -> None:
    """The ladder in every mode: at each table the start screen states how each level
    fares against the one below it (expert against strong, strong against casual, casual
    against beginner)."""
    from engine.bots import BOT_LEVELS

    levels = list(BOT_LEVELS)
    pairs = {(row[0], row[2]) for row in MEASURED if row[1] == table}
    assert pairs >= {(upper, lower) for lower, upper in zip(levels, levels[1:], strict=False)}


def test_every_level_has_its_solo_score() -> None:
    from engine.bots import BOT_LEVELS

    assert {row[0] for row in MEASURED if row[1] == "solo"} == set(BOT_LEVELS)


def test_a_figure_is_the_arena_summary_of_the_run(tmp_path: Path) -> None:
    """The tool's figure is the arena's own summary of the file's games (the level named
    first in its name), read without changing the file; a line still being written (no
    end of line yet) is not a game."""
    source = level_figures.RUNS / "team-expert-strong.jsonl"
    lines = source.read_text(encoding="utf-8").splitlines()[:7]
    run = tmp_path / "team-expert-strong.jsonl"
    text = "\n".join(lines) + "\n" + lines[6][:40]
    run.write_text(text, encoding="utf-8")
    level, table, rival, games, rate, place, result, ms = level_figures.figure(run)
    played = [json.loads(line) for line in lines[1:]]
    want = summary(totals_of(played))["expert"]
    assert (level, table, rival, games) == ("expert", "team", "strong", 6)
    assert (rate, place, ms) == (want["win_rate"], want["mean_place"], round(want["ms_per_move"]))
    assert result == round(want["mean_result"], 2)
    assert run.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    ("name", "settings", "message"),
    [
        ("2p-expert-strong.jsonl", {"bots": ["strong", "casual"]}, "not expert against strong"),
        ("2p-expert-strong.jsonl", {"bots": ["expert", "strong"], "budget_scale": 0.25},
         "default budgets only"),
        ("solo-expert.jsonl", {"bots": ["strong"], "variant": "solo", "players": 1},
         "not expert alone"),
        ("3p-expert-strong.jsonl", {"bots": ["expert", "strong"]},
         "its run is the standard for 2, not the 3p table"),
        ("team-open-expert-strong.jsonl", {"bots": ["expert", "strong"], "variant": "team",
         "players": 4}, "its run is the team for 4, not the team-open table"),
        ("team-expert-strong.jsonl", {"bots": ["expert", "strong"], "variant": "team",
         "players": 4, "open": True}, "the team for 4 with open racks, not the team table"),
    ],
)  # fmt: skip
def test_a_run_that_does_not_measure_what_its_name_says_is_refused(
    tmp_path: Path, name: str, settings: dict[str, object], message: str
) -> None:
    arena = {"variant": "standard", "players": 2, "seed": 1, "budget_ms": None,
             "budget_scale": None, "clock_limit": False, **settings}  # fmt: skip
    run = tmp_path / name
    run.write_text(json.dumps({"arena": arena}) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=message):
        level_figures.figure(run)


def test_games_missing_from_a_run_are_refused(tmp_path: Path) -> None:
    source = level_figures.RUNS / "team-expert-strong.jsonl"
    lines = source.read_text(encoding="utf-8").splitlines()
    run = tmp_path / "team-expert-strong.jsonl"
    run.write_text("\n".join([lines[0], lines[1], lines[3]]) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="not numbered 0 to 1"):
        level_figures.figure(run)
