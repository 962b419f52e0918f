"""Save versions: every earlier format still loads, newer or unknown ones are refused clearly.

``tests/engine/fixtures/saves/`` holds one or more saves of every version ever written
(``v<N>-*.json``) and ``expected.json`` with what each must load to. Adding version 2
means: a step ``MIGRATIONS[1]`` in ``engine/formats/save.py`` and keeping the v1 fixtures here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import SaveFormatError, load_game, loads
from engine.formats.save import MIGRATIONS, VERSION, migrate, save_version

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
EXPECTED: dict[str, dict[str, Any]] = json.loads((FIXTURES / "expected.json").read_text())
FIXTURE_FILES = sorted(p.name for p in FIXTURES.glob("v*.json"))


def test_there_is_a_fixture_for_every_version_up_to_the_current_one() -> None:
    """A version without a fixture could silently stop loading after a migration change."""
    versions = {int(re.match(r"v(\d+)-", name).group(1)) for name in FIXTURE_FILES}  # type: ignore[union-attr]
    assert versions == set(range(1, VERSION + 1))
    assert set(FIXTURE_FILES) == set(EXPECTED)


@pytest.mark.parametrize("name", FIXTURE_FILES)
def test_every_fixture_loads_to_the_recorded_position(name: str) -> None:
    """Each stored save replays to the same move count, phase and scores as when written."""
    text = (FIXTURES / name).read_text()
    expected = EXPECTED[name]
    data = json.loads(text)
    assert save_version(data) == expected["version"]
    game = loads(text)
    assert game.variant.name == expected["variant"]
    assert len(game.moves) == expected["moves"]
    assert game.phase == expected["phase"]
    assert [list(s) for s in game.scores] == expected["scores"]
    assert game.to_save()["version"] == VERSION


def test_migrations_form_a_chain_up_to_the_current_version() -> None:
    """Every version below the current one has exactly one step to the next."""
    assert set(MIGRATIONS) == set(range(1, VERSION))


def test_migrate_runs_each_step_in_order_and_stamps_the_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pretend version 3 with two steps: v1 passes through both, in order."""
    monkeypatch.setattr("engine.formats.save.VERSION", 3)
    seen: list[int] = []

    def step(n: int) -> Any:
        def run(data: dict[str, Any]) -> dict[str, Any]:
            seen.append(n)
            assert data["version"] == n
            return {**data, f"added_by_{n}": True}

        return run

    old = json.loads((FIXTURES / FIXTURE_FILES[0]).read_text())
    new = migrate(old, {1: step(1), 2: step(2)})
    assert seen == [1, 2]
    assert new["version"] == 3 and new["added_by_1"] and new["added_by_2"]
    assert old["version"] == 1, "the input save is not changed in place"


def test_a_missing_migration_step_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("engine.formats.save.VERSION", 2)
    old = json.loads((FIXTURES / FIXTURE_FILES[0]).read_text())
    with pytest.raises(SaveFormatError, match="no way to read a version 1 save"):
        migrate(old, {})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": VERSION + 1}, "newer than this program"),
        ({"version": 0}, "unknown save version 0"),
        ({"version": "1"}, "no version number"),
        ({"version": True}, "no version number"),
        ({"format": "<script>alert(1)</script>"}, "not an Ingenious save"),
        ({"seed": 10**40}, "seed must be between"),
        ({"players": 10**12}, "bad game settings"),
        ({"moves": "0,0:red"}, "'moves' must be list"),
        ({"moves": [["nested"]]}, "move 1 is not text"),
        ({"options": {"open": "yes"}}, "true/false"),
    ],
)
def test_hostile_or_wrong_fields_are_refused_with_a_message(
    change: dict[str, Any], message: str
) -> None:
    """Unknown versions, wrong types, huge numbers and markup give a readable error."""
    data = json.loads((FIXTURES / "v1-standard-2p-midgame.json").read_text())
    data.update(change)
    with pytest.raises(SaveFormatError, match=message):
        load_game(data)


@pytest.mark.parametrize("cut", [1, 10, 100, 300])
def test_a_truncated_save_is_refused_not_crashed(cut: int) -> None:
    text = (FIXTURES / "v1-standard-2p-midgame.json").read_text()
    with pytest.raises(SaveFormatError):
        loads(text[:cut])
