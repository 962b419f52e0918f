"""The small kept values' schemas (web/store/values.py): the daily puzzles' record is
checked field by field before the puzzle's model is built from it, at the start and when
the puzzle screen reads it again later (another tab may have written it meanwhile)."""

from __future__ import annotations

import datetime
import json
from typing import Any

import pytest

from engine.coach.puzzles import puzzle_for
from web.coach.puzzle_model import PuzzleState, clean_record, puzzle_model
from web.saves import stored
from web.store.store import PUZZLES_KEY, MemoryStore, StoredDataError, quarantined
from web.store.values import MAX_DAYS, check_puzzle_record, read_puzzle_record

DAY = datetime.date(2026, 11, 26)


def answer(**change: Any) -> dict[str, Any]:
    best = puzzle_for(DAY)["best"]
    entry = {"move": best, "solved": True, "on": DAY.isoformat(),
             "figures": {"played_win": 0.5, "best_win": 0.5}}  # fmt: skip
    entry.update(change)
    return entry


def test_a_record_as_the_game_writes_it_and_one_of_an_earlier_release_are_read() -> None:
    record = {"answers": {DAY.isoformat(): answer(), "2026-11-25": answer(move=None, on=None)}}
    assert check_puzzle_record(record) == record
    old = {"solved": ["2026-11-25"], "tried": ["2026-11-24", "2026-11-25"]}
    assert check_puzzle_record(old) == {"answers": {}, **old}
    assert clean_record(check_puzzle_record(old))["answers"]["2026-11-25"]["solved"] is True


#: Values a page of the origin can write, each refused by the schema (the old check let
#: the first through to the model, which then raised OverflowError on every opening).
HOSTILE = {
    "a figure beyond a float": '{"answers": {"2026-11-26": {"move": null, "solved": true, '
    '"figures": {"played_win": 1' + "0" * 400 + ', "best_win": 0.5}}}}',
    "a figure out of range": json.dumps(
        {"answers": {"2026-11-26": answer(figures={"played_win": 7, "best_win": 0.5})}}
    ),  # fmt: skip
    "a figure as text": json.dumps(
        {"answers": {"2026-11-26": answer(figures={"played_win": "1", "best_win": 0.5})}}
    ),  # fmt: skip
    "a figure as true": json.dumps(
        {"answers": {"2026-11-26": answer(figures={"played_win": True, "best_win": 0.5})}}
    ),  # fmt: skip
    "a day that is not a date": json.dumps({"answers": {"when": answer()}}),
    "a day out of the calendar": json.dumps({"answers": {"2026-02-30": answer()}}),
    "a move that is no placement": json.dumps({"answers": {"2026-11-26": answer(move="x")}}),
    "a long move": json.dumps({"answers": {"2026-11-26": answer(move="0,0:red 1,0:red" * 99)}}),
    "solved as text": json.dumps({"answers": {"2026-11-26": answer(solved="yes")}}),
    "an answer as a list": json.dumps({"answers": {"2026-11-26": []}}),
    "answers as a list": json.dumps({"answers": [answer()]}),
    "too many days": json.dumps({"tried": ["2026-11-26"] * (MAX_DAYS + 1)}),
    "days as a string": json.dumps({"solved": "2026-11-26"}),
    "a field of its own": json.dumps({"answers": {}, "v": 1}),
    "not an object": "[]",
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_record_is_refused_by_its_schema(kind: str) -> None:
    with pytest.raises(StoredDataError):
        check_puzzle_record(json.loads(HOSTILE[kind]))
    with pytest.raises(ValueError):
        stored.check_puzzles(json.loads(HOSTILE[kind]))


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_late_hostile_record_is_refused_when_read_and_the_puzzle_opens(kind: str) -> None:
    """A record written after the start (as another tab would): the puzzle screen's read
    sets it aside with a notice, and the puzzle's model is built from no record."""
    store = MemoryStore()
    store.setItem(PUZZLES_KEY, json.dumps({"answers": {"2026-11-25": answer(on="2026-11-25")}}))
    assert stored.check_stored(store, 1.0) == []
    store.setItem(PUZZLES_KEY, HOSTILE[kind])  # later, by another tab
    problems: list[str] = []
    found = read_puzzle_record(store, problems)
    assert found == {} and store.getItem(PUZZLES_KEY) is None
    assert len(problems) == 1 and "The daily puzzles' record" in problems[0], problems
    assert [item["raw"] for item in quarantined(store)] == [HOSTILE[kind]]
    model = puzzle_model(PuzzleState(DAY), DAY, clean_record(found))
    assert not model.answered and model.record


def test_the_puzzle_screen_reads_its_record_through_the_schema() -> None:
    """The screen's own read is the guarded one (it read the record unchecked before)."""
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "web/coach/puzzle_screen.py").read_text()
    body = source[source.index("    def record(self)") :].split("\n    def ")[0]
    assert "read_puzzle_record(" in body and "read_json(" not in body
