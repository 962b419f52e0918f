"""The daily puzzle's model (pure): today's puzzle from the date (engine.puzzles, no
server), the answers offered, the result with the review's reasons, and the player's
record kept in local storage: the days solved, how many, and the streak.

All words are in `TEXT` (one place, ready to be marked for translation).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from engine.puzzles import check_answer, options, position, puzzle_for
from web.board.board_words import cell_words
from web.board.hexgrid import Cell
from web.board.placing import parse_placement
from web.board.symbols import colour_name
from web.coach.review_model import placement_words
from web.i18n import N_, Texts, date_text, fmt_n, join
from web.play.engine_words import lesson_sentences

#: Local storage key of the player's record: ``{"solved": [...], "tried": [...]}`` (ISO dates).
PUZZLES_KEY = "ingenious.puzzles"
#: Days kept in the record, and earlier puzzles listed.
KEEP_DAYS = 400
EARLIER = 7

TEXT = Texts({
    "entry": N_("Daily puzzle"),
    "entry_help": N_("One position a day: find the best placement."),
    "title": N_("Puzzle {number}: {date}"),
    "task": N_("{name} to play, tiles on the rack: {rack}. Which placement is best?"),
    "check": N_("Check my answer"),
    "answer": N_("Your answer"),
    "choose_first": N_("Choose a placement first."),
    "solved": N_("Solved! That is the best placement."),
    "missed": N_("Not this one. The best placement is {best}."),
    "figures": N_("Chance of winning after the best placement {best:.0%}; after the one that "
                  "scores most now {greedy:.0%}."),
    "record": N_("{solved}; {streak}."),
    "earlier": N_("Earlier puzzles"),
    "today": N_("today"),
    "done": N_("solved"),
    "open": N_("not solved"),
    "board": N_("The puzzle's board"),
    "close": N_("Close"),
})  # fmt: skip


@dataclass(frozen=True)
class Option:
    move: str
    words: str
    selected: bool


@dataclass(frozen=True)
class Earlier:
    date: str  # ISO date
    label: str
    solved: bool
    current: bool


@dataclass(frozen=True)
class PuzzleModel:
    title: str
    task: str
    view: dict[str, Any]
    marked: tuple[Cell, ...]
    options: tuple[Option, ...]
    can_check: bool
    result: tuple[str, ...]  # empty until checked
    solved: bool | None
    record: str
    earlier: tuple[Earlier, ...]


@dataclass
class PuzzleState:
    day: datetime.date
    choice: str | None = None
    checked: bool = False


def clean_record(value: object) -> dict[str, list[str]]:
    """The stored record, checked: lists of ISO dates (anything else is dropped)."""
    out: dict[str, list[str]] = {"solved": [], "tried": []}
    if not isinstance(value, dict):
        return out
    for key in out:
        days = value.get(key, [])
        if not isinstance(days, list):
            continue
        good = set()
        for day in days[-KEEP_DAYS:]:
            try:
                good.add(datetime.date.fromisoformat(str(day)).isoformat())
            except ValueError:
                continue
        out[key] = sorted(good)[-KEEP_DAYS:]
    return out


def record_result(
    record: dict[str, list[str]], day: datetime.date, solved: bool
) -> dict[str, list[str]]:
    """The record after an answer to the puzzle of `day` (solved days stay solved)."""
    out = clean_record(record)
    iso = day.isoformat()
    if iso not in out["tried"]:
        out["tried"] = sorted([*out["tried"], iso])[-KEEP_DAYS:]
    if solved and iso not in out["solved"]:
        out["solved"] = sorted([*out["solved"], iso])[-KEEP_DAYS:]
    return out


def streak(solved: list[str], today: datetime.date) -> int:
    """Days in a row solved, up to today (or up to yesterday while today is still open)."""
    days = set(solved)
    day = today if today.isoformat() in days else today - datetime.timedelta(days=1)
    count = 0
    while day.isoformat() in days:
        count += 1
        day -= datetime.timedelta(days=1)
    return count


def option_words(radius: int, move: str, points: dict[str, int]) -> str:
    halves = parse_placement(move)
    if halves is None:
        return move
    (a, ca), (b, cb) = halves
    where = join([cell_words(radius, a, short=True), cell_words(radius, b, short=True)])
    return f"{placement_words((ca, cb), points)}; {where}"


def puzzle_model(state: PuzzleState, today: datetime.date, record: dict[str, Any]) -> PuzzleModel:
    puzzle = puzzle_for(state.day)
    game = position(puzzle)
    seat = game.current
    view = game.view(seat)
    offered = options(puzzle)
    opts = tuple(
        Option(m, option_words(game.zone.radius, m, game.preview(m)["points"]), m == state.choice)
        for m in offered
    )
    rack = ", ".join(f"{colour_name(x)}/{colour_name(y)}" for x, y in view["racks"][str(seat)])
    result: tuple[str, ...] = ()
    solved = None
    if state.checked and state.choice is not None:
        answer = check_answer(puzzle, state.choice)
        solved = bool(answer["solved"])
        best = next(o.words for o in opts if o.move == puzzle["best"])
        head = TEXT["solved"] if solved else TEXT["missed"].format(best=best)
        figures = TEXT["figures"].format(best=puzzle["best_win"], greedy=puzzle["greedy_win"])
        why = lesson_sentences(answer["lesson"])
        result = (head, figures, *((why,) if why else ()))
    marked: tuple[Cell, ...] = ()
    halves = parse_placement(state.choice) if state.choice else None
    if halves is not None:
        marked = (halves[0][0], halves[1][0])
    clean = clean_record(record)
    n = len(clean["solved"])
    s = streak(clean["solved"], today)
    earlier = []
    for back in range(EARLIER):
        day = today - datetime.timedelta(days=back)
        iso = day.isoformat()
        number = puzzle_for(day)["number"]
        when = TEXT["today"] if back == 0 else date_text(day, year=False)
        label = f"{number} ({when})"
        earlier.append(Earlier(iso, label, iso in clean["solved"], day == state.day))
    return PuzzleModel(
        TEXT["title"].format(number=puzzle["number"], date=date_text(state.day)),
        TEXT["task"].format(name=game.names[seat], rack=rack),
        view,
        marked,
        opts,
        state.choice is not None,
        result,
        solved,
        TEXT["record"].format(
            solved=fmt_n("Solved {n} puzzle", "Solved {n} puzzles", "n", n=n),
            streak=fmt_n("streak {n} day", "streak {n} days", "n", n=s),
        ),
        tuple(earlier),
    )
