"""Small kept values and their schemas (pure, CPython-tested): the best solo results and
the daily puzzles' record.

Each is read through the one guarded path (`web.store.store.read_stored`) with its check
here, at start (`web.saves.stored`) and whenever a screen reads it again later (another
tab may have written it meanwhile): a value that fails is set aside with a notice before
anything is built from it.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from engine.rules.names import clean_name
from web.board.placing import parse_placement
from web.store.store import (
    MAX_SAVE_NAME,
    PUZZLES_KEY,
    SOLO_BEST_KEY,
    Store,
    StoredDataError,
    read_json,
    read_stored,
    write_json,
)


# --- the best solo results ----------------------------------------------------------------------
def clean_solo_table(table: object) -> list[dict[str, Any]]:
    """Only well-formed rows of the best solo table (hostile values are dropped)."""
    if not isinstance(table, list):
        return []
    rows = []
    for row in table:
        if not isinstance(row, dict):
            continue
        score, name, seed = row.get("score"), row.get("name"), row.get("seed")
        if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= 1000:
            continue
        if not isinstance(name, str) or len(name) > MAX_SAVE_NAME:
            continue
        name = clean_name(name, "?", MAX_SAVE_NAME)
        if seed is not None and (not isinstance(seed, int) or not 0 <= seed < 2**63):
            continue
        rows.append({"name": name, "score": score, "seed": seed})
    return rows


def record_solo_result(
    store: Store, name: str, lowest: int, seed: int | None, limit: int = 10
) -> list[dict[str, Any]]:
    """Add a solo result to the local best table; returns the table, best first.

    The same game (name, score, seed) is recorded once, so resuming a finished game
    after a reload does not count it again.
    """
    table = clean_solo_table(read_json(store, SOLO_BEST_KEY, []))
    row = {"name": name, "score": int(lowest), "seed": seed}
    if row not in table:
        table.append(row)
    table = sorted(table, key=lambda r: -r["score"])[:limit]
    write_json(store, SOLO_BEST_KEY, table)
    return table


# --- the daily puzzles' record (written by web.coach.puzzle_model) ------------------------------
#: The most days a puzzle record may hold (it keeps 400; a record of an earlier release
#: kept lists of days that were never cut).
MAX_DAYS = 4000
#: The figures kept with an answer: chances of winning, 0 to 1.
PUZZLE_FIGURES = ("played_win", "best_win")
_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _day(value: object, what: str) -> str:
    if not isinstance(value, str) or not _DAY.match(value):
        raise StoredDataError(f"the puzzles' record has {what} that is not a date")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise StoredDataError(f"the puzzles' record has {what} that is not a date") from None
    return value


def _puzzle_answer(entry: object) -> dict[str, Any]:
    """One answer: its move (a placement, or None where it was not kept), whether it
    solved the puzzle, the day it was given and, once measured, its figures."""
    if not isinstance(entry, dict):
        raise StoredDataError("an answer in the puzzles' record is not an object")
    move = entry.get("move")
    if move is not None and not (isinstance(move, str) and len(move) <= 40
                                 and parse_placement(move)):  # fmt: skip
        raise StoredDataError("an answer in the puzzles' record holds no placement")
    solved = entry.get("solved", False)
    if not isinstance(solved, bool):
        raise StoredDataError("an answer in the puzzles' record is neither solved nor not")
    on = entry.get("on")
    out: dict[str, Any] = {"move": move, "solved": solved,
                           "on": None if on is None else _day(on, "an answer")}  # fmt: skip
    if "figures" in entry:
        figures = entry["figures"]
        if not isinstance(figures, dict) or set(figures) != set(PUZZLE_FIGURES):
            raise StoredDataError("an answer's figures in the puzzles' record are not its own")
        for key in PUZZLE_FIGURES:
            value = figures[key]
            # Compared before any float(): a whole number beyond a float stays an int here.
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
                raise StoredDataError("an answer's figure in the puzzles' record is not a chance")
        out["figures"] = {key: float(figures[key]) for key in PUZZLE_FIGURES}
    return out


def check_puzzle_record(value: object) -> dict[str, Any]:
    """The daily puzzles' record, checked field by field: ``answers`` by ISO date (each
    `_puzzle_answer`), and the ``solved`` and ``tried`` lists of days an earlier release
    kept; at most `MAX_DAYS` of each; nothing else. Rebuilt from those fields (an answer's
    other fields dropped); `StoredDataError` says what is wrong.
    `web.coach.puzzle_model.clean_record` then makes the record the model reads."""
    if not isinstance(value, dict):
        raise StoredDataError("the puzzles' record must be an object")
    if not set(value) <= {"answers", "tried", "solved"}:
        raise StoredDataError("the puzzles' record holds what a puzzles' record does not")
    out: dict[str, Any] = {}
    answers = value.get("answers", {})
    if not isinstance(answers, dict) or len(answers) > MAX_DAYS:
        raise StoredDataError("the puzzles' answers are not a list of days")
    out["answers"] = {_day(day, "a day"): _puzzle_answer(entry) for day, entry in answers.items()}
    for key in ("tried", "solved"):
        if key in value:
            days = value[key]
            if not isinstance(days, list) or len(days) > MAX_DAYS:
                raise StoredDataError("the puzzles' days are not a list of days")
            out[key] = [_day(day, "a day") for day in days]
    return out


def read_puzzle_record(store: Any, problems: list[str]) -> dict[str, Any]:
    """The stored puzzles' record, through its schema (`check_puzzle_record`): one that
    fails (another tab may have written it since the start) is set aside, its notice in
    ``problems``, and counts as none."""
    found: dict[str, Any] = read_stored(store, PUZZLES_KEY, check_puzzle_record, problems, {})
    return found
