"""The daily puzzle's model (pure): today's puzzle from the date (engine.coach.puzzles, no
server), played on the game's board; the answer, its verdict and why, the player's
move against the best one; and the record kept in local storage.

The record keeps one answer per puzzle day, the first one given: once it is revealed the
puzzle cannot be answered again. The streak counts the days, in a row up to today, on
which that day's puzzle was solved on that day: an earlier puzzle may be opened and
solved (it counts among the puzzles solved), but a back-dated solve never extends it.

All words are in `TEXT` (one place, in the catalogues).
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass
from typing import Any

from engine import IngeniousError
from engine.coach import lessons
from engine.coach.puzzles import MARGIN, WORLDS, position, puzzle_for
from engine.coach.review import text as move_text
from engine.rules.game import Game
from web.board.board_words import cell_words
from web.board.placing import parse_placement
from web.coach.review_words import placement_words
from web.i18n import N_, Texts, _, clauses, date_text, fmt_n, join
from web.play.engine_words import lesson_sentences, move_facts_words

#: Local storage key of the player's record: ``{"answers": {ISO date: answer}}``, each
#: answer ``{"move", "solved", "on": the ISO date it was given, "figures"?}``.
PUZZLES_KEY = "ingenious.puzzles"
#: Days kept in the record, and earlier puzzles listed.
KEEP_DAYS = 400
EARLIER = 7
#: Measured figures kept with an answer (chances of winning, 0 to 1).
FIGURES = ("played_win", "best_win")

TEXT = Texts({
    "entry": N_("Daily puzzle"),
    "entry_help": N_("One position a day: find the best placement."),
    "title": N_("Puzzle {number}: {date}"),
    "status": N_("Puzzle {number}: {name} to play. Which placement is best?"),
    "task": N_("Find the best placement for {name} and place it as in a game: pick a tile, "
               "turn it, then click or tap the board. It is shown first; click or tap it "
               "again, or press Place, to answer. Only your first answer counts."),
    "back_dated": N_("A puzzle of an earlier day: solving it now counts among the puzzles "
                     "solved, not for the streak."),
    "solved": N_("Solved! That is the best placement."),
    "solved_other": N_("Solved! Not the placement the analysis put first (shown faded), but "
                       "one this puzzle counts as just as good."),
    "missed": N_("Not this one. The best placement is {best}."),
    "missed_status": N_("Not this one. The best placement is the faded tile."),
    "not_kept": N_("This answer was given before answers were kept, so it cannot be shown."),
    "measuring": N_("Measuring your placement against the best one: {done} of {total} "
                    "sampled games…"),
    "figures_best": N_("Chance of winning after your placement {played:.0%}; after the one "
                       "that scores most now {greedy:.0%}."),
    "figures": N_("Chance of winning after your placement {played:.0%}; after the best one "
                  "{best:.0%}."),
    "close_call": N_("Measured here, yours does nearly as well as the best one, but it is "
                     "not among the placements this puzzle counts as solving it."),
    "yours": N_("Your placement, {move}: {facts}."),
    "best": N_("The best placement, {move}: {facts}."),
    "greedy": N_("The placement that scores most now, {move}: {facts}."),
    "alike_best": N_("Either placement gives this now: {facts}; yours at {move}, the best one "
                     "at {other}."),
    "alike_greedy": N_("Either placement gives this now: {facts}; yours at {move}, the one "
                       "that scores most now at {other}."),
    "alike_then": N_("They part in what follows: over the sampled games, a {played:.0%} "
                     "chance of winning after yours against {other:.0%}."),
    "failed": N_("The measurement stopped: {reason}"),
    "timeout": N_("a step took more than {limit} s."),
    "record": N_("{solved}; {streak}."),
    "earlier": N_("Earlier puzzles"),
    "today": N_("today"),
    "done": N_("solved"),
    "open": N_("not solved"),
    "unanswered": N_("not answered yet"),
    "close": N_("Close"),
})  # fmt: skip


@dataclass(frozen=True)
class Earlier:
    date: str  # ISO date
    label: str
    state: str  # "solved", "not solved" or "not answered yet", in words
    current: bool


@dataclass(frozen=True)
class PuzzleModel:
    title: str
    status: str  # the game screen's status line: the task, then the verdict
    task: str  # how to answer (empty once answered)
    note: str  # an earlier day's puzzle: not for the streak
    answered: bool  # the board is locked
    answer: str | None  # the answer shown on the board (None: not answered, or not kept)
    best: str | None  # once answered: the best placement, shown beside another answer
    solved: bool | None
    result: tuple[str, ...]  # the verdict, the figures and the reasons
    measure: str | None  # an answer whose figures are still to be measured
    progress: tuple[int, int] | None  # (done, total) while it is measured
    measuring: str  # the same in words
    record: str
    earlier: tuple[Earlier, ...]


@dataclass
class PuzzleState:
    day: datetime.date
    progress: tuple[int, int] | None = None  # the worker measures the answer
    problem: str = ""  # the measurement stopped, in words


# --- the record --------------------------------------------------------------------------
Record = dict[str, dict[str, dict[str, Any]]]


def _iso(value: object) -> str | None:
    try:
        return datetime.date.fromisoformat(str(value)).isoformat()
    except ValueError:
        return None


def _answer(entry: object) -> dict[str, Any] | None:
    """One stored answer, checked (None if it is not one)."""
    if not isinstance(entry, dict):
        return None
    move = entry.get("move")
    out: dict[str, Any] = {
        "move": move if isinstance(move, str) and parse_placement(move) else None,
        "solved": entry.get("solved") is True,
        "on": _iso(entry.get("on")) if entry.get("on") is not None else None,
    }
    figures = entry.get("figures")
    if isinstance(figures, dict):
        kept = {
            k: float(v)
            for k, v in figures.items()
            if k in FIGURES and isinstance(v, int | float) and math.isfinite(v) and 0 <= v <= 1
        }
        if len(kept) == len(FIGURES):
            out["figures"] = kept
    return out


def clean_record(value: object) -> Record:
    """The stored record, checked: answers by ISO date (anything else is dropped). A
    record of an earlier release (lists of days ``solved`` and ``tried``) becomes answers
    whose move and date of answering were not kept: solved ones still count as solved,
    but not for the streak, since nothing says they were solved on their day."""
    answers: dict[str, dict[str, Any]] = {}
    if not isinstance(value, dict):
        return {"answers": answers}
    stored = value.get("answers")
    if isinstance(stored, dict):
        for day, entry in stored.items():
            iso, answer = _iso(day), _answer(entry)
            if iso is not None and answer is not None:
                answers[iso] = answer
    legacy: dict[str, bool] = {}
    for key in ("tried", "solved"):  # the lists of earlier releases
        days = value.get(key)
        for day in days if isinstance(days, list) else []:
            iso = _iso(day)
            if iso is not None:
                legacy[iso] = key == "solved" or legacy.get(iso, False)
    for iso, solved in legacy.items():
        answers.setdefault(iso, {"move": None, "solved": solved, "on": None})
    kept = sorted(answers)[-KEEP_DAYS:]
    return {"answers": {day: answers[day] for day in kept}}


def answer_of(record: Record, day: datetime.date) -> dict[str, Any] | None:
    return record["answers"].get(day.isoformat())


def record_answer(
    record: object, day: datetime.date, move: str, solved: bool, today: datetime.date
) -> Record:
    """The record after an answer to the puzzle of `day`, given `today`. Only the first
    answer counts: a puzzle answered before keeps that answer."""
    out = clean_record(record)
    iso = day.isoformat()
    if iso not in out["answers"]:
        out["answers"][iso] = {"move": move, "solved": solved, "on": today.isoformat()}
        out["answers"] = {d: out["answers"][d] for d in sorted(out["answers"])[-KEEP_DAYS:]}
    return out


def record_figures(record: object, day: datetime.date, figures: dict[str, Any]) -> Record:
    """The record with the measured figures of the answer to the puzzle of `day`."""
    out = clean_record(record)
    answer = out["answers"].get(day.isoformat())
    if answer is not None and answer["move"] == figures.get("move"):
        checked = _answer({**answer, "figures": figures})
        if checked is not None:
            out["answers"][day.isoformat()] = checked
    return out


def solved_on_the_day(record: Record, day: datetime.date) -> bool:
    answer = answer_of(record, day)
    return answer is not None and answer["solved"] and answer["on"] == day.isoformat()


def streak(record: Record, today: datetime.date) -> int:
    """Days in a row, up to today (or up to yesterday while today's puzzle is still
    unanswered), on which that day's puzzle was solved on that day."""
    day = today if answer_of(record, today) is not None else today - datetime.timedelta(days=1)
    count = 0
    while solved_on_the_day(record, day):
        count += 1
        day -= datetime.timedelta(days=1)
    return count


# --- the words ---------------------------------------------------------------------------
def option_words(radius: int, move: str, points: dict[str, int]) -> str:
    """A placement in words with its cells: ``orange ⬢ + orange ⬢, +6 orange; row 3, 4th
    cell and row 3, 5th cell``."""
    halves = parse_placement(move)
    if halves is None:
        return move
    (a, ca), (b, cb) = halves
    where = join([cell_words(radius, a, short=True), cell_words(radius, b, short=True)])
    return clauses([placement_words((ca, cb), points), where])


def short_words(game: Game, move: str) -> str:
    halves = parse_placement(move)
    if halves is None:
        return move
    return placement_words((halves[0][1], halves[1][1]), game.preview(move)["points"])


def contrast_words(
    game: Game, seat: int, played: str, other: str, against_best: bool
) -> tuple[str, str, str]:
    """What the move played does and what the other does (the best one, or the greedy one
    when the best was played), each with its costs said as costs, and, against the best
    one, what the best does that the move played does not: the review's own facts and
    lesson (`engine.coach.lessons`) in the player's language. The one place the puzzle asks
    the review to compare two moves."""
    mine, theirs = game.parse(played), game.parse(other)
    lesson = ""
    if against_best:
        pro, con = lessons.contrast(game, seat, theirs, mine)
        lesson = lesson_sentences(pro + con)
    return (
        move_facts_words(lessons.facts(game, seat, mine)),
        move_facts_words(lessons.facts(game, seat, theirs)),
        lesson,
    )


def normal(game: Game, move: str) -> str:
    """A placement as the puzzle writes it (either half first)."""
    return move_text(game, game.parse(move))


def cells_of(radius: int, move: str) -> str:
    """The two cells of a placement in words: ``row 3, 4th cell and row 3, 5th cell``."""
    halves = parse_placement(move)
    if halves is None:
        return move
    return join([cell_words(radius, cell, short=True) for cell, _colour in halves])


def reasons(
    game: Game, move: str, best: str, greedy: str, chances: tuple[float, float] | None = None
) -> list[str]:
    """The player's placement against the best one (or, when it is the best one, against
    the one that scores most now), fact by fact. When both give the same facts now, the
    two are told apart by their cells and by `chances` (the chance of winning after the
    move played and after the other, when measured): never called the same."""
    other = greedy if move == best else best
    mine, theirs, lesson = contrast_words(game, game.current, move, other, move != best)
    key = "greedy" if move == best else "best"
    if mine == theirs:
        radius = game.zone.radius
        lines = [TEXT["alike_" + key].format(
            facts=mine, move=cells_of(radius, move), other=cells_of(radius, other))]  # fmt: skip
        if lesson:
            lines.append(lesson)
        if chances is not None:
            lines.append(TEXT["alike_then"].format(played=chances[0], other=chances[1]))
        return lines
    lines = [
        TEXT["yours"].format(move=short_words(game, move), facts=mine),
        TEXT[key].format(move=short_words(game, other), facts=theirs),
    ]
    return [*lines, lesson] if lesson else lines


def figures_line(
    puzzle: dict[str, Any], answer: dict[str, Any], state: PuzzleState
) -> tuple[str, float | None]:
    """The chances of winning in words (or the measurement's state), and the measured
    chance after the answer when known."""
    move = answer["move"]
    if move == puzzle["best"]:
        line = TEXT["figures_best"].format(played=puzzle["best_win"], greedy=puzzle["greedy_win"])
        return line, puzzle["best_win"]
    if move == puzzle["greedy"]:
        line = TEXT["figures"].format(played=puzzle["greedy_win"], best=puzzle["best_win"])
        return line, puzzle["greedy_win"]
    figures = answer.get("figures")
    if figures is not None:
        played = figures["played_win"]
        return TEXT["figures"].format(played=played, best=figures["best_win"]), played
    if state.problem:
        return TEXT["failed"].format(reason=state.problem), None
    return "", None


def known_figures(puzzle: dict[str, Any], answer: dict[str, Any] | None) -> bool:
    """Whether the answer's chance of winning is known without measuring it."""
    if answer is None or answer["move"] is None:
        return True
    return answer["move"] in (puzzle["best"], puzzle["greedy"]) or "figures" in answer


#: The puzzle's two sides (the engine names them in English): in the player's language on
#: the screen, in its status, its scores and their labels.
SIDES = {"North": N_("North"), "South": N_("South")}


def puzzle_position(puzzle: dict[str, Any]) -> Game:
    """The puzzle's position with its sides named in the player's language."""
    game = position(puzzle)
    game.names = [_(SIDES[n]) if n in SIDES else n for n in game.names]
    return game


# --- the model ---------------------------------------------------------------------------
def puzzle_model(
    state: PuzzleState, today: datetime.date, stored: object, game: Game | None = None
) -> PuzzleModel:
    """The screen for the puzzle of `state.day` seen on `today`, with the stored record;
    `game` is the puzzle's position when the caller holds it already."""
    puzzle = puzzle_for(state.day)
    game = game if game is not None else puzzle_position(puzzle)
    seat = game.current
    name = game.names[seat]
    record = clean_record(stored)
    answer = answer_of(record, state.day)
    best, greedy = puzzle["best"], puzzle["greedy"]
    best_words = option_words(game.zone.radius, best, game.preview(best)["points"])
    status = TEXT["status"].format(number=puzzle["number"], name=name)
    result: list[str] = []
    solved = None
    measure = None
    if answer is not None:
        move = answer["move"]
        try:
            move = normal(game, move) if move is not None else None
        except IngeniousError:  # a record changed by hand: the answer is not shown
            move = None
        answer = {**answer, "move": move}
        solved = bool(answer["solved"])
        if solved:
            status = TEXT["solved"] if move in (best, None) else TEXT["solved_other"]
        else:
            status = TEXT["missed_status"]
        result.append(status if solved else TEXT["missed"].format(best=best_words))
        if move is None:
            result.append(TEXT["not_kept"])
        else:
            line, played = figures_line(puzzle, answer, state)
            if line:
                result.append(line)
            if not solved and played is not None and played >= puzzle["best_win"] - MARGIN / 3:
                result.append(TEXT["close_call"])
            other_win = puzzle["greedy_win"] if move == best else puzzle["best_win"]
            chances = None if played is None else (played, other_win)
            result.extend(reasons(game, move, best, greedy, chances))
            if not known_figures(puzzle, answer) and not state.problem:
                measure = move
    n = sum(1 for a in record["answers"].values() if a["solved"])
    earlier = []
    for back in range(EARLIER):
        day = today - datetime.timedelta(days=back)
        given = answer_of(record, day)
        number = puzzle_for(day)["number"]
        when = TEXT["today"] if back == 0 else date_text(day, year=False)
        word = "unanswered" if given is None else "done" if given["solved"] else "open"
        earlier.append(Earlier(day.isoformat(), f"{number} ({when})", TEXT[word], day == state.day))
    progress = (state.progress or (0, WORLDS)) if measure is not None else None
    return PuzzleModel(
        title=TEXT["title"].format(number=puzzle["number"], date=date_text(state.day)),
        status=status,
        task="" if answer is not None else TEXT["task"].format(name=name),
        note=TEXT["back_dated"] if answer is None and state.day != today else "",
        answered=answer is not None,
        answer=answer["move"] if answer is not None else None,
        best=best if answer is not None else None,
        solved=solved,
        result=tuple(result),
        measure=measure,
        progress=progress,
        measuring=TEXT["measuring"].format(done=progress[0], total=progress[1]) if progress else "",
        record=TEXT["record"].format(
            solved=fmt_n("Solved {n} puzzle", "Solved {n} puzzles", "n", n=n),
            streak=fmt_n("streak {n} day", "streak {n} days", "n", n=streak(record, today)),
        ),
        earlier=tuple(earlier),
    )


def judge(puzzle: dict[str, Any], game: Game, move: str) -> tuple[str, bool]:
    """An answer as the puzzle writes it, and whether it solves the puzzle."""
    played = normal(game, move)
    return played, played in puzzle["accepted"]
