"""The Review screen's model (web/coach/review_model.py): drawn from the results so far."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from engine import new_game
from engine.bots import make_bot
from engine.coach.review import Review
from engine.rules.game import Game
from tests.reviewed_game import THROW_AT, thrown_game, thrown_review
from web.coach.review_chart import PLOT_BOTTOM, PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, chart_x, move_ticks
from web.coach.review_model import (
    BETTER,
    PLAYED,
    Positions,
    ReviewState,
    elapsed_line,
    next_selection,
    review_model,
)


def reviewed() -> tuple[Game, list[dict[str, Any]]]:
    """A finished game in which Ann (seat 0) once places a tile that scores nothing, and
    the review's results as the worker sends them."""
    return thrown_game(), [m.to_json() for m in thrown_review().results]


def done(results: list[dict[str, Any]], **more: Any) -> ReviewState:
    return ReviewState(total=len(results), results=results, started=True, **more)


@cache
def solo_reviewed() -> tuple[Game, tuple[dict[str, Any], ...]]:
    """A solo game of twelve placements, reviewed cheaply (two worlds)."""
    game = new_game("solo", 1, seed=8, names=["Ann"])
    bot = make_bot("casual", seed=1)
    while len(game.moves) < 12:
        game.apply(bot.choose(game.view(0)))
    review = Review(game.to_save(), worlds=2, width=1)
    return game, tuple(m.to_json() for m in review.run())


def test_before_the_first_result_the_screen_says_what_it_is_doing() -> None:
    """From the first moment: words, and a bar that moves without a value until the
    first result; how long the move has taken once it is a second or more."""
    game, results = reviewed()
    m = review_model(ReviewState(running=True), game)
    assert m.status == "Starting the analysis…" and m.step is None and not m.rows
    assert m.progress.indeterminate and m.progress.running
    assert m.chart.text == ("The chart fills in as moves are analysed.",)
    state = ReviewState(total=len(results), running=True, started=True, elapsed_s=0.4)
    assert review_model(state, game).status == f"Analysing move 1 of {len(results)}…"
    assert elapsed_line(state) == ""
    state.elapsed_s = 7.9
    assert elapsed_line(state) == "7 s on this move"
    state.results = results[:1]
    assert not review_model(state, game).progress.indeterminate


def test_while_running_the_progress_counts_the_move_being_analysed() -> None:
    game, results = reviewed()
    state = ReviewState(total=len(results), results=results[:3], running=True, started=True)
    m = review_model(state, game)
    assert m.status == f"Analysing move 4 of {len(results)}…"
    assert (m.done, m.total, m.running) == (3, len(results), True)
    assert len(m.rows) == 3 and not state.complete


def test_the_finished_review_counts_its_moves_in_the_right_number() -> None:
    """One move analysed is said in the singular, more in the plural."""
    game, results = reviewed()
    one = review_model(ReviewState(total=1, results=results[:1], started=True), game)
    assert one.status == "Review complete: 1 move analysed."
    two = review_model(ReviewState(total=2, results=results[:2], started=True), game)
    assert two.status == "Review complete: 2 moves analysed."


def test_the_costliest_move_is_shown_first_on_the_board_with_the_move_played() -> None:
    """Up to three mistakes, costliest first; the first is on the board before it, the
    move played in place (its ghost tile, the better move's cells outlined), both moves
    in words with their cells (no coordinates), the reasons, the scores after it."""
    game, results = reviewed()
    m = review_model(done(results), game)
    assert m.status == f"Review complete: {len(results)} moves analysed."
    assert 1 <= len(m.costliest) <= 3
    costs = {r["index"]: r["cost"] for r in results}
    shown = [costs[r.index] for r in m.costliest]
    assert shown == sorted(shown, reverse=True)
    step = m.step
    assert step is not None and step.index == m.costliest[0].index and m.costliest[0].selected
    thrown = next(r for r in results if r["index"] == step.index)
    assert step.index >= THROW_AT and step.showing == PLAYED and step.can_better
    assert step.played_line.startswith("Played: ") and step.better_line.startswith("Better: ")
    assert "row " in step.played_line and "scores nothing" in step.why_played
    assert not re.search(r"-?\d+,-?\d+:", step.played_line + step.better_line + step.why_better)
    assert len(step.view["tiles"]) == step.index  # the board before the move
    played = [tuple(int(v) for v in h.split(":")[0].split(",")) for h in thrown["played"].split()]
    best = [tuple(int(v) for v in h.split(":")[0].split(",")) for h in thrown["best"].split()]
    assert step.ghost is not None and list(step.ghost.cells) == played
    assert list(step.other) == best and step.rays == ()  # it scores nothing: no ray
    assert step.board_label.startswith(f"The board before move {step.index + 1}, with the move")
    before = Positions(game).before(step.index)
    assert step.scores_view["scores"] == before.view(None)["scores"]  # nothing scored
    assert step.scores_title == "Scores after the move played"


def test_the_better_move_is_shown_in_place_of_the_move_played() -> None:
    """Better: its ghost tile and rays on the same board, the move played outlined, and
    the score board after the better move (its points added to the mover's side)."""
    game, results = reviewed()
    worst = review_model(done(results), game).step
    assert worst is not None
    step = review_model(done(results, selected=worst.index, showing=BETTER), game).step
    assert step is not None and step.showing == BETTER and step.view == worst.view
    assert step.ghost is not None and step.other == worst.ghost.cells  # type: ignore[union-attr]
    assert step.rays and step.board_label.split(",")[1].startswith(" with the better move")
    before = Positions(game).before(step.index)
    gained = before.preview(next(r["best"] for r in results if r["index"] == step.index))
    side = game.side_of(before.current)
    after = step.scores_view["scores"][side]
    assert after == [gained["scores_after"][c] for c in gained["scores_after"]]
    assert after != before.view(None)["scores"][side]


def test_a_move_that_stands_has_one_side_to_show_and_says_so() -> None:
    game, results = reviewed()
    good = next(r for r in results if not r["mistake"])
    state = done(results, selected=good["index"], showing=BETTER)
    step = review_model(state, game).step
    assert step is not None and step.index == good["index"] and step.showing == PLAYED
    assert not step.can_better and step.better_line == "" and step.other == ()
    assert step.worth == "As good as any move the analysis found."


def test_the_step_through_goes_from_move_to_move_and_side_to_side() -> None:
    """Previous and next are the neighbouring reviewed moves; ←/→, Home/End, P and B on
    the screen do the same (B only where there is a better move)."""
    game, results = reviewed()
    m = review_model(done(results), game)
    step = m.step
    assert step is not None
    indices = [r["index"] for r in results]
    at = indices.index(step.index)
    assert (step.previous, step.next) == (indices[at - 1], indices[at + 1])
    assert step.counter == f"Reviewed move {at + 1} of {len(results)}"
    assert next_selection(m, "ArrowRight") == (indices[at + 1], None)
    assert next_selection(m, "ArrowLeft") == (indices[at - 1], None)
    assert next_selection(m, "Home") == (indices[0], None)
    assert next_selection(m, "End") == (indices[-1], None)
    assert next_selection(m, "b") == (None, BETTER)
    assert next_selection(m, "P") == (None, PLAYED)
    first = review_model(done(results, selected=indices[0]), game)
    assert first.step is not None and first.step.previous is None
    assert next_selection(first, "ArrowLeft") == (None, None)
    assert next_selection(first, "b") == (None, None)  # it stands: no better move


def test_stopped_says_how_far_it_got_and_draws_no_line_to_the_end() -> None:
    """A stopped review's chart ends at its last result: no "End" line or point."""
    game, results = reviewed()
    state = ReviewState(total=len(results), results=results[:2], started=True, stopped=True)
    m = review_model(state, game)
    assert m.status == f"Review stopped after 2 of {len(results)} moves."
    assert not state.complete
    assert len(m.chart.text) == 2 and not any(t.startswith("End") for t in m.chart.text)
    assert all(len(line.split()) == 2 for line in m.chart.lines)


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


def _ys(line: str) -> list[float]:
    return [float(p.split(",")[1]) for p in line.split()]


def _xs(line: str) -> list[float]:
    return [float(p.split(",")[0]) for p in line.split()]


def test_the_chart_text_matches_its_lines_marks_and_axes() -> None:
    """One text line per reviewed move and one for the end; each player's line has a
    point per text line, at the height of the value the text gives, at its move number
    on the x axis (the end at the last move); a mark on each mistake, on its mover's
    line; the axes run 0-100 % with a 50 % grid line, and from move 1 to the last."""
    game, results = reviewed()
    chart = review_model(done(results), game).chart
    assert len(chart.text) == len(results) + 1 and len(chart.lines) == 2
    numbers = [int(re.match(r"Move (\d+) ", t)[1]) for t in chart.text[:-1]]  # type: ignore[index]
    assert numbers == [r["index"] + 1 for r in results] and chart.text[-1].startswith("End: ")
    height = PLOT_BOTTOM - PLOT_TOP
    for seat, line in enumerate(chart.lines):
        shown = [int(re.findall(r"(\d+)%", t)[seat]) for t in chart.text]
        assert [round(100 * (PLOT_BOTTOM - y) / height) for y in _ys(line)] == shown
        xs = _xs(line)
        assert xs == [round(chart_x(n, len(game.moves)), 1) for n in [*numbers, len(game.moves)]]
        assert xs[0] > PLOT_LEFT and xs[-1] == PLOT_RIGHT  # inside the plot, not clipped
    mistakes = [r for r in results if r["mistake"]]
    assert [m.index for m in chart.marks] == [r["index"] for r in mistakes]
    for mark, r in zip(chart.marks, mistakes, strict=True):
        line = chart.lines[r["seat"]].split()
        assert f"{mark.x:.1f},{mark.y:.1f}" in line
        assert mark.label.startswith(f"Move {r['index'] + 1}, Ann: a mistake.")
    assert [label for _y, label in chart.y_ticks] == ["0%", "25%", "50%", "75%", "100%"]
    assert (PLOT_TOP + PLOT_BOTTOM) / 2 in chart.grid
    assert chart.x_ticks[0][1] == "1" and chart.x_ticks[-1] == (PLOT_RIGHT, str(len(game.moves)))


def test_the_solo_chart_has_the_solo_scale_and_no_half_way_line() -> None:
    """Solo: the expected lowest colour on a 0-18 scale, no 50 % tick or line."""
    game, results = solo_reviewed()
    chart = review_model(done(list(results)), game).chart
    assert chart.title == "Expected lowest colour after each reviewed move"
    assert [label for _y, label in chart.y_ticks] == ["0", "6", "12", "18"]
    assert not any("%" in label for _y, label in chart.y_ticks)
    assert (PLOT_TOP + PLOT_BOTTOM) / 2 not in chart.grid
    height = PLOT_BOTTOM - PLOT_TOP
    values = [float(re.findall(r"Ann (\d+\.\d)", t)[0]) for t in chart.text]
    assert [round(18 * (PLOT_BOTTOM - y) / height, 1) for y in _ys(chart.lines[0])] == values


def test_plans_are_drawn_on_the_chart_said_in_its_text_and_on_their_moves() -> None:
    """A plan spans its moves on the chart, is a line of the chart's text, and a move
    inside it that stands is not simply "as good as any move": the plan is said."""
    game, results = reviewed()
    good = [r["index"] for r in results if not r["mistake"]]
    plan = {"kind": "plan_behind", "seat": 0, "name": "Ann", "colour": "red", "at": 0,
            "turns": 4, "offered": 3, "started": good[1], "first": good[1], "last": good[4],
            "moves": good[1:4], "measure": "win", "win_start": 0.5, "win_end": 0.2}  # fmt: skip
    m = review_model(done(results, selected=good[2]), game, plans=[plan])
    (span,) = m.chart.spans
    assert span.x0 == chart_x(good[1], len(game.moves)) < span.x1
    assert span.x1 == chart_x(good[4] + 1, len(game.moves)) and span.seat == 0
    assert m.chart.text[-1] == span.label and span.label in m.plans
    assert span.label == (
        f"Ann left red at 0 for 4 turns (moves {good[1] + 1} to {good[4] + 1}), though "
        "placements raising it were on offer in 3 of them. "
        "Chance of winning over these moves: 50% to 20%."
    )
    # Each move says its plans once: in its list of plans, not again in its worth or row.
    assert m.step is not None and m.step.plans == (span.label,)
    assert m.step.worth.startswith("No better move was found for this turn alone")
    assert "Ann left red" not in m.step.worth and ".." not in m.step.worth
    row = next(r for r in m.rows if r.index == good[2])
    assert row.summary == m.step.worth
    outside = review_model(done(results, selected=good[0]), game, plans=[plan])
    assert outside.step is not None and outside.step.plans == ()


def test_positions_are_the_game_before_each_move() -> None:
    game = thrown_game()
    positions = Positions(game)
    for index in (0, 5, 14, len(game.moves) - 1):
        assert positions.before(index).moves == game.moves[:index]


def test_the_move_axis_is_labelled_at_round_numbers_up_to_the_last_move() -> None:
    assert move_ticks(44) == [1, 10, 20, 30, 44]
    assert move_ticks(6) == [1, 2, 3, 4, 5, 6]
    assert move_ticks(12) == [1, 2, 4, 6, 8, 10, 12]
    assert move_ticks(0) == []


def test_a_result_kept_by_an_earlier_engine_still_shows() -> None:
    """A kept result without a field the engine's record has gained since (here: its
    turn and reason, as if they were new) is read with neutral values, not refused."""
    from web.coach.review_model import move_review

    game, results = reviewed()
    old = [{k: v for k, v in r.items() if k not in ("turn", "reason")} for r in results]
    first = move_review(old[0])
    assert (first.turn, first.reason, first.index) == (0, "", results[0]["index"])
    m = review_model(done(old), game)
    assert m.step is not None and len(m.rows) == len(results)


def test_a_mistake_says_what_the_better_move_does_that_the_move_played_does_not() -> None:
    """The step of a mistake gives each move's facts (costs after "but") and the lesson:
    the points in which the better move does better, its merits, the sampled futures. Two
    moves whose facts are the same are said once ("Both moves"), and the lesson then says
    that the difference lies in what follows; a move that stands has no lesson."""
    game, results = reviewed()
    mistake = next(r for r in results if r["mistake"])
    m = review_model(done(results, selected=mistake["index"]), game)
    assert m.step is not None and m.step.lesson
    assert m.step.why_played != m.step.why_better
    assert m.step.why_played.startswith("Your move: ")
    assert m.step.why_better.startswith("The better move: ")
    same = {**mistake, "best_facts": mistake["played_facts"], "lesson": [], "merits": []}
    others = [same if r is mistake else r for r in results]
    m = review_model(done(others, selected=mistake["index"]), game)
    assert m.step is not None and m.step.why_played.startswith("Both moves: ")
    assert m.step.why_better == ""
    assert m.step.lesson.startswith("In the sampled games to the end,")
    assert "the same now" not in m.step.lesson
    stands = next(r for r in results if not r["mistake"])
    m = review_model(done(results, selected=stands["index"]), game)
    assert m.step is not None and m.step.lesson == "" and m.step.why_better == ""
