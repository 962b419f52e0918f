"""The arithmetic of the benchmark figures: medians, ratios, printed lines, blocking time."""

from __future__ import annotations

import pytest

from tools.bench_common import BASELINE_HTML, blocking, figure_line, median, ratios


def test_a_figure_line_gives_the_median_and_every_run_in_order() -> None:
    line = figure_line("cold load", [2.4, 2.0, 2.1], "s", "target <= 3 s")
    assert line == "cold load: median 2.10 s (runs: 2.40, 2.00, 2.10; target <= 3 s)"


def test_milliseconds_are_whole_and_ratios_carry_an_x() -> None:
    assert figure_line("task", [180.4, 220.6], "ms") == "task: median 200 ms (runs: 180, 221)"
    assert figure_line("ratio", [1.15], "x") == "ratio: median 1.15x (runs: 1.15)"


def test_a_figure_without_runs_says_why_it_was_not_measured() -> None:
    assert median([]) is None
    assert figure_line("early start", [], "s", "form usable only when ready") == (
        "early start: not measured (form usable only when ready)"
    )


def test_ratios_pair_the_runs_and_skip_a_zero_denominator() -> None:
    assert ratios([1.0, 3.0, 5.0], [2.0, 0.0, 4.0]) == [0.5, 1.25]
    with pytest.raises(ValueError):
        ratios([1.0], [1.0, 2.0])  # both sides must come from the same runs


def test_blocking_time_counts_what_each_task_lasts_beyond_50_ms_inside_the_window() -> None:
    tasks = [(0.0, 120.0), (150.0, 49.0), (200.0, 80.0), (900.0, 300.0), (2000.0, 400.0)]
    longest, total = blocking(tasks, 100.0, 1000.0)
    # (0, 120) is clipped to 20 ms: not blocking; (150, 49) is short; (200, 80) blocks 30 ms;
    # (900, 300) is clipped to 100 ms and blocks 50; (2000, 400) lies after the window.
    assert total == 80.0
    assert longest == 300.0  # the longest task touching the window, whole


def test_no_task_in_the_window_means_no_blocking() -> None:
    assert blocking([], 0.0, 1000.0) == (0.0, 0.0)
    assert blocking([(5000.0, 900.0)], 0.0, 1000.0) == (0.0, 0.0)


def test_the_baseline_page_runs_one_python_line_that_sets_the_ready_flag() -> None:
    assert 'type="py"' in BASELINE_HTML
    assert "document.body.dataset.ready" in BASELINE_HTML
