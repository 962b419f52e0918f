"""A seeded slice of the loaders' fuzz run (tools/fuzz_loaders.py; the whole run, 10,000
inputs per loader, is in docs/saves.md): no loader raises anything but its refusal, and
the kept things that have a screen reach it (tools/fuzz_screens.py)."""

from __future__ import annotations

import random

import pytest

from tools import fuzz_loaders
from tools.fuzz_loaders import Loader, fuzz, mutated

INPUTS = 120


@pytest.fixture(scope="module")
def results() -> dict[str, fuzz_loaders.Tally]:
    return fuzz_loaders.run(seed=7, inputs=INPUTS, cli=12)


def test_every_loader_refuses_or_loads_every_mutated_input(
    results: dict[str, fuzz_loaders.Tally],
) -> None:
    """Saves, positions, links, files, records, every stored key's reader (the line under
    Continue included), the set-aside list, remote play's messages and stored games, and
    the command line: "other" is 0."""
    others = {name: t.first_other for name, t in results.items() if t.other}
    assert others == {}
    names = set(results)
    assert {"engine save", "link", "stored autosave-summary", "cli review"} <= names
    assert {"remote message", "remote signed message", "remote stored game", "cli verify"} <= names
    assert {"review in a named save", "review in a finished game", "review in a file",
            "review in a link", "saves list and opening", "continue line, 6 languages",
            "puzzle record and model"} <= names  # fmt: skip
    for name, tally in results.items():
        assert tally.tried == (12 if name.startswith("cli ") else INPUTS)
        assert tally.loaded + tally.refused == tally.tried


def test_the_inputs_reach_both_outcomes(results: dict[str, fuzz_loaders.Tally]) -> None:
    """The mutations are small enough that some inputs still load, and hostile enough that
    most are refused: a run that only ever loads or only refuses tests nothing."""
    mixed = [n for n, t in results.items() if t.loaded and t.refused]
    assert len(mixed) >= len(results) - 2, results


def test_an_unexpected_exception_counts_as_other() -> None:
    """The tally can fail: a loader raising what it does not mean to is "other"."""

    def brittle(text: str) -> object:
        return {}.items() if text.startswith("{") else text.split()[5]

    tally = fuzz(Loader("brittle", ['{"a": 1}', "a b"], brittle, (KeyError,)), 50, 3)
    assert tally.other > 0 and "IndexError" in tally.first_other


def test_the_run_is_seeded() -> None:
    one, two = random.Random("1:x"), random.Random("1:x")
    assert [mutated('{"a": [1, 2]}', one) for _ in range(20)] == [
        mutated('{"a": [1, 2]}', two) for _ in range(20)
    ]


def test_the_review_targets_reach_the_review_screens_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """A model that breaks on what a reader let through is "other": the review targets
    build the Review screen's model from every review they keep (and the puzzle target
    the puzzle's model), outside any guard."""
    from tools import fuzz_screens
    from web.coach import puzzle_model, review_model

    texts = fuzz_screens.seed_texts()
    named = fuzz_loaders.Loader("review", texts["reviewed named"], fuzz_screens.review_in_named,
                                (fuzz_screens.Refused, ValueError))  # fmt: skip
    assert fuzz(named, 40, 1).other == 0

    def broken(*args: object, **kwargs: object) -> None:
        raise TypeError("a value of the wrong type")

    monkeypatch.setattr(review_model, "review_model", broken)
    tally = fuzz(named, 40, 1)
    assert tally.other == tally.loaded + tally.other > 0 and "TypeError" in tally.first_other
    monkeypatch.setattr(puzzle_model, "puzzle_model", broken)
    puzzles = fuzz_loaders.Loader("puzzles", texts["puzzle record"], fuzz_screens.puzzle_record,
                                  (fuzz_screens.Refused,))  # fmt: skip
    assert fuzz(puzzles, 40, 1).other > 0


def test_the_slowest_input_is_reported() -> None:
    tally = fuzz(Loader("sleepy", ["a"], lambda text: sum(range(200_000)), ()), 3, 1)
    assert tally.slowest > 0 and "characters" in tally.slowest_input
    assert "slowest input:" in fuzz_loaders.table({"sleepy": tally})
