"""The daily puzzle's model (web/coach/puzzle_model.py): the day's puzzle, the answer
and its verdict, the explanation of the move played against the best one, and the
record: one answer per puzzle, days solved and a streak of days solved on their day."""

from __future__ import annotations

import datetime
import re

import pytest

from engine.coach.puzzles import answer_steps, position, puzzle_for
from web.coach import puzzle_model as pm
from web.coach.puzzle_model import (
    PuzzleState,
    clean_record,
    judge,
    puzzle_model,
    record_answer,
    record_figures,
    streak,
)

DAY = datetime.date(2026, 11, 26)
ONE = datetime.timedelta(days=1)


def answered(move: str, day: datetime.date = DAY, on: datetime.date = DAY) -> pm.Record:
    puzzle = puzzle_for(day)
    played, solved = judge(puzzle, position(puzzle), move)
    return record_answer({}, day, played, solved, on)


def other_placement(day: datetime.date = DAY) -> str:
    """A placement that neither is the best nor the greedy one nor solves the puzzle."""
    puzzle = puzzle_for(day)
    game = position(puzzle)
    return next(
        m
        for m in game.legal_moves()
        if judge(puzzle, game, m)[0] not in (*puzzle["accepted"], puzzle["greedy"])
    )


def test_the_screen_asks_for_a_placement_on_the_board() -> None:
    """Unanswered: the status line names the puzzle and the player; the board is open."""
    m = puzzle_model(PuzzleState(DAY), DAY, {})
    puzzle = puzzle_for(DAY)
    name = position(puzzle).names[puzzle["seat"]]
    assert m.title == f"Puzzle {puzzle['number']}: 26 November 2026"
    assert m.status == f"Puzzle {puzzle['number']}: {name} to play. Which placement is best?"
    assert "Only your first answer counts." in m.task and not m.note
    assert not m.answered and m.answer is None and m.best is None and m.result == ()
    assert m.record == "Solved 0 puzzles; streak 0 days."
    assert [e.current for e in m.earlier] == [True] + [False] * 6
    assert {e.state for e in m.earlier} == {"not answered yet"}


def test_the_best_answer_solves_it_and_is_explained_against_the_greedy_one() -> None:
    """Answered with the best placement: solved, locked, its own facts against those of
    the placement scoring most now, with the puzzle's figures; nothing to measure."""
    puzzle = puzzle_for(DAY)
    m = puzzle_model(PuzzleState(DAY), DAY, answered(puzzle["best"]))
    assert m.answered and m.solved is True and m.answer == m.best == puzzle["best"]
    assert m.status == m.result[0] == "Solved! That is the best placement."
    assert m.result[1] == (
        f"Chance of winning after your placement {puzzle['best_win']:.0%}; after the one "
        f"that scores most now {puzzle['greedy_win']:.0%}."
    )
    assert m.result[2].startswith("Your placement, ")
    assert m.result[3].startswith("The placement that scores most now, ")
    assert m.measure is None and m.progress is None and not m.task
    assert not any(re.search(r"-?\d+,-?\d+:", line) for line in m.result), "no coordinates"


def test_a_wrong_answer_is_explained_against_the_best_one_and_measured() -> None:
    """A placement that is neither the best nor the greedy one: not solved, the best one
    named in words; the reasons contrast the two (or say plainly that they do the same
    now); its figures are measured in the worker, shown once known and kept."""
    puzzle = puzzle_for(DAY)
    game = position(puzzle)
    move = other_placement()
    record = answered(move)
    m = puzzle_model(PuzzleState(DAY), DAY, record)
    best = pm.option_words(game.zone.radius, puzzle["best"], game.preview(puzzle["best"])["points"])
    assert m.solved is False and m.result[0] == f"Not this one. The best placement is {best}."
    assert m.status == "Not this one. The best placement is the faded tile."
    assert m.answer == judge(puzzle, game, move)[0] and m.best == puzzle["best"]
    mine = pm.short_words(game, m.answer)
    assert any(mine in line for line in m.result), "the explanation names the move played"
    assert m.result[1].startswith(("Your placement, ", "Either placement gives this now"))
    assert m.measure == m.answer and m.progress == (0, 64)
    assert m.measuring == "Measuring your placement against the best one: 0 of 64 sampled games…"
    figures = list(answer_steps(puzzle, move, step=32))[-1]["figures"]
    kept = record_figures(record, DAY, figures)
    m = puzzle_model(PuzzleState(DAY), DAY, kept)
    assert m.measure is None and m.progress is None
    assert m.result[1] == (
        f"Chance of winning after your placement {figures['played_win']:.0%}; after the best "
        f"one {figures['best_win']:.0%}."
    )
    failed = puzzle_model(PuzzleState(DAY, problem="no answer"), DAY, record)
    assert "The measurement stopped: no answer" in failed.result and failed.measure is None


def test_a_solve_by_another_counted_placement_says_so() -> None:
    """A placement the puzzle counts as solving it, other than its best: "Solved!" says
    it is not the one put first, and the reasons compare it with the best one."""
    day = next(DAY + ONE * k for k in range(60) if len(puzzle_for(DAY + ONE * k)["accepted"]) > 1)
    puzzle = puzzle_for(day)
    other = next(m for m in puzzle["accepted"] if m != puzzle["best"])
    m = puzzle_model(PuzzleState(day), day, answered(other, day, day))
    assert m.solved is True and m.result[0].startswith("Solved! Not the placement the analysis")
    assert m.answer == other and m.best == puzzle["best"] and m.measure == other
    assert m.result[1].startswith(("Your placement, ", "Either placement gives this now"))


def test_the_reasons_go_through_one_function_and_tell_alike_placements_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both moves' facts come from `contrast_words`. When they give the same facts now the
    facts are said once, the two placements are told apart by their cells, and the measured
    chances say how they part later; they are never called "the same"."""
    from engine.coach.puzzles import position as puzzle_position
    from web.board.board_words import cell_words
    from web.board.placing import parse_placement

    puzzle = puzzle_for(DAY)
    game = puzzle_position(puzzle)
    monkeypatch.setattr(pm, "contrast_words", lambda *a: ("raises red by 2 (to 5)",) * 2 + ("",))
    m = puzzle_model(PuzzleState(DAY), DAY, answered(puzzle["greedy"]))
    said = m.result[2:]
    assert said[0].startswith("Either placement gives this now: raises red by 2 (to 5); yours at ")
    assert ", the best one at " in said[0]
    for move in (puzzle["greedy"], puzzle["best"]):
        for cell, _colour in parse_placement(move) or ():
            assert cell_words(game.zone.radius, cell, short=True) in said[0], said
    # the greedy placement's chance is known without measuring: how they part is said
    assert said[1] == (
        f"They part in what follows: over the sampled games, a {puzzle['greedy_win']:.0%} "
        f"chance of winning after yours against {puzzle['best_win']:.0%}."
    )
    assert not any("the same" in line for line in m.result), m.result


def test_only_the_first_answer_counts() -> None:
    """Once a puzzle is answered, another answer changes nothing in the record."""
    puzzle = puzzle_for(DAY)
    record = answered(puzzle["greedy"])
    again = record_answer(record, DAY, puzzle["best"], True, DAY)
    assert again == record and again["answers"][DAY.isoformat()]["solved"] is False
    m = puzzle_model(PuzzleState(DAY), DAY, again)
    assert m.solved is False and m.answer == puzzle["greedy"]


def test_the_streak_counts_days_solved_on_their_own_day() -> None:
    """Three days each solved on its day make a streak of 3 (also while today is open);
    today's wrong answer ends it; days solved later (back-dated) count as solved, never
    for the streak."""
    record: object = {}
    for back in (3, 2, 1):
        day = DAY - ONE * back
        record = record_answer(record, day, puzzle_for(day)["best"], True, day)
    clean = clean_record(record)
    assert streak(clean, DAY) == 3
    assert puzzle_model(PuzzleState(DAY), DAY, clean).record == "Solved 3 puzzles; streak 3 days."
    solved_today = record_answer(clean, DAY, puzzle_for(DAY)["best"], True, DAY)
    assert streak(solved_today, DAY) == 4
    missed_today = record_answer(clean, DAY, puzzle_for(DAY)["greedy"], False, DAY)
    assert streak(missed_today, DAY) == 0
    assert streak(solved_today, DAY + 2 * ONE) == 0


def test_a_back_dated_solve_does_not_extend_the_streak() -> None:
    """Solving the puzzles of the four days before, all today, on a first visit: four
    puzzles solved, a streak of 0 (1 once today's is solved today)."""
    record: object = {}
    for back in (4, 3, 2, 1):
        day = DAY - ONE * back
        record = record_answer(record, day, puzzle_for(day)["best"], True, DAY)
    clean = clean_record(record)
    assert streak(clean, DAY) == 0
    m = puzzle_model(PuzzleState(DAY - ONE), DAY, clean)
    assert m.record == "Solved 4 puzzles; streak 0 days." and not m.note
    assert [e.state for e in m.earlier[:5]] == ["not answered yet"] + ["solved"] * 4
    fresh = puzzle_model(PuzzleState(DAY - 5 * ONE), DAY, clean)
    assert fresh.note.startswith("A puzzle of an earlier day") and not fresh.answered
    assert streak(record_answer(clean, DAY, puzzle_for(DAY)["best"], True, DAY), DAY) == 1


def test_the_record_is_checked_and_an_older_one_is_read() -> None:
    """Damaged entries are dropped; the lists of earlier releases become answers whose
    move was not kept (solved ones count as solved, not for the streak)."""
    old = {"solved": ["2026-11-25", "nonsense", 3], "tried": ["2026-11-24", "2026-11-25"]}
    record = clean_record(old)
    assert record["answers"] == {
        "2026-11-24": {"move": None, "solved": False, "on": None},
        "2026-11-25": {"move": None, "solved": True, "on": None},
    }
    assert streak(record, DAY) == 0
    m = puzzle_model(PuzzleState(DAY - ONE), DAY, old)
    assert m.answered and m.answer is None and m.solved is True
    assert m.result == (
        "Solved! That is the best placement.",
        "This answer was given before answers were kept, so it cannot be shown.",
    )
    hostile = {"answers": {"2026-11-20": {"move": "x", "solved": "yes", "figures": {"best_win": 7}},
                           "when": {"move": "0,0:red 1,0:red"}, "2026-11-21": []}}  # fmt: skip
    assert clean_record(hostile)["answers"] == {
        "2026-11-20": {"move": None, "solved": False, "on": None}
    }
    assert clean_record("nonsense") == {"answers": {}}


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "es", "it"])
def test_the_puzzle_names_its_sides_in_the_language(lang: str) -> None:
    """The puzzle's sides (the engine's "North" and "South") are named in the player's
    language: in the status line and in the position the board shows (its scores and labels)."""
    from web import i18n

    i18n.use(lang)
    try:
        puzzle = puzzle_for(DAY)
        game = pm.puzzle_position(puzzle)
        m = puzzle_model(PuzzleState(DAY), DAY, {}, game)
        assert not {"North", "South"} & set(game.names)
        assert not {"North", "South"} & set(game.view(None)["names"])
        assert game.names[puzzle["seat"]] in m.status and "North" not in m.status
        assert "South" not in m.status
    finally:
        i18n.use("en")
