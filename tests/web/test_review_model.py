"""The Review screen's model (web/review/model.py): drawn from the results so far."""

from __future__ import annotations

import re

from engine.game import Game
from tests.reviewed_game import thrown_game, thrown_review
from web.coach.review_model import ReviewState, board_after, review_model


def reviewed() -> tuple[Game, list[dict[str, object]]]:
    """A finished game in which Ann (seat 0) once places a tile that scores nothing, and
    the review's results as the worker sends them."""
    return thrown_game(), [m.to_json() for m in thrown_review().results]


def test_before_the_first_result_the_screen_says_it_is_starting() -> None:
    game, _ = reviewed()
    m = review_model(ReviewState(), game)
    assert m.status == "Starting the review…" and m.detail is None and not m.rows
    assert m.chart.text == ("The chart fills in as moves are analysed.",)


def test_while_running_the_progress_counts_the_move_being_analysed() -> None:
    game, results = reviewed()
    state = ReviewState(total=len(results), results=results[:3], running=True, started=True)
    m = review_model(state, game)
    assert m.status == f"Analysing move 4 of {len(results)}…"
    assert (m.done, m.total, m.running) == (3, len(results), True)
    assert len(m.rows) == 3


def test_the_finished_review_counts_its_moves_in_the_right_number() -> None:
    """One move analysed is said in the singular, more in the plural."""
    game, results = reviewed()
    one = review_model(ReviewState(total=1, results=results[:1], started=True), game)
    assert one.status == "Review complete: 1 move analysed."
    two = review_model(ReviewState(total=2, results=results[:2], started=True), game)
    assert two.status == "Review complete: 2 moves analysed."


def test_the_costliest_moves_come_first_and_the_worst_is_shown_in_detail() -> None:
    """Up to three mistakes, costliest first; the first is shown with both boards' lines,
    the reasons in words (no coordinates) and Try from here."""
    game, results = reviewed()
    state = ReviewState(total=len(results), results=results, started=True)
    m = review_model(state, game)
    assert m.status == f"Review complete: {len(results)} moves analysed."
    assert 1 <= len(m.costliest) <= 3
    costs = {r["index"]: r["cost"] for r in results}
    assert [costs[r.index] for r in m.costliest] == sorted(
        (costs[r.index] for r in m.costliest), reverse=True
    )
    d = m.detail
    assert d is not None and d.index == m.costliest[0].index and m.costliest[0].selected
    assert d.played_line.startswith("Played: ") and d.better_line.startswith("Better: ")
    assert "scores nothing" in d.why_played
    assert not re.search(r"-?\d+,-?\d+:", d.played_line + d.better_line + d.why_better)
    assert len(d.played_cells) == 2 and len(d.better_cells) == 2 and d.can_try


def test_choosing_a_move_shows_it_and_a_good_move_has_no_better_line() -> None:
    game, results = reviewed()
    good = next(r for r in results if not r["mistake"])
    state = ReviewState(total=len(results), results=results, started=True, selected=good["index"])
    d = review_model(state, game).detail
    assert d is not None and d.index == good["index"]
    assert d.better_line == "" and d.worth == "As good as any move the analysis found."


def test_stopped_says_how_far_it_got() -> None:
    game, results = reviewed()
    state = ReviewState(total=len(results), results=results[:2], started=True, stopped=True)
    assert review_model(state, game).status == f"Review stopped after 2 of {len(results)} moves."


def test_a_review_whose_worker_did_not_answer_says_so_in_the_readers_language() -> None:
    """The worker's watchdog stopped the review: the status names the limit, translated
    (not the watchdog's own English), and the moves received so far stay listed."""
    from web import i18n

    game, results = reviewed()
    state = ReviewState(total=len(results), results=results[:2], started=True, timeout_s=120.0)
    m = review_model(state, game)
    assert m.status == "The review stopped: a move took more than 120 s to analyse."
    assert len(m.rows) == 2 and not m.running
    try:
        i18n.use("de")
        german = review_model(state, game).status
    finally:
        i18n.use("en")
    assert german == "Die Analyse wurde abgebrochen: ein Zug brauchte mehr als 120 s."


def test_the_chart_text_matches_its_lines() -> None:
    """One text line per reviewed move and one for the end; the polyline of each player
    has a point per line, at the height of the value the text gives."""
    game, results = reviewed()
    m = review_model(ReviewState(total=len(results), results=results, started=True), game)
    chart = m.chart
    assert len(chart.text) == len(results) + 1 and len(chart.lines) == 2
    for seat, line in enumerate(chart.lines):
        ys = [float(p.split(",")[1]) for p in line.split()]
        shown = [int(re.findall(r"(\d+)%", t)[seat]) for t in chart.text]
        assert len(ys) == len(shown)
        assert [round(100 * (1 - y / 120)) for y in ys] == shown


def test_the_board_after_a_move_shows_that_move() -> None:
    game, results = reviewed()
    first = results[0]
    view = board_after(game, int(first["index"]), str(first["best"]))
    assert len(view["tiles"]) == int(first["index"]) + 1
