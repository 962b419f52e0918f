"""Nothing stored can stop the game: every key the game uses, written with hostile values
(deep nesting, wrong types, format strings, huge strings), is read through the one guarded
path (`web.store.store.read_stored`, the keys and checks in `web.saves.stored`): the start
goes on, what failed is set aside verbatim with a notice, every other save stays.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine import new_game
from web.challenges.session import read_session
from web.coach.puzzle_model import PUZZLES_KEY
from web.i18n import render
from web.play import summary
from web.saves import stored
from web.store import storage
from web.store.storage import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    NAMED_KIND,
    NAMED_PREFIX,
    MemoryStore,
    Record,
    index,
    quarantined,
    read_autosave,
    read_record,
    write_named,
)

ROOT = Path(__file__).resolve().parents[2]

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 50_000 + "1" + "}" * 50_000
HUGE = json.dumps("x" * 600_000)


def repeated(times: int, depth: int) -> dict[str, Any]:
    """The probe's summary message: an id of ``{a}`` repeated ``times`` whose argument is
    again such a message, ``depth`` deep: 3 kB that fill to ``times ** depth`` characters."""
    message: dict[str, Any] = {"m": "x", "a": {}}
    for _ in range(depth):
        message = {"m": "{a}" * times, "a": {"a": message}}
    return message


#: Values no key of the game accepts: each must be set aside.
REFUSED = {
    "deep list": DEEP,
    "deep object": DEEP_OBJECT,
    "huge string": HUGE,
    "a string": '"{a.b} {0} {a.__class__}"',
    "a number": "1e999",
    "not JSON": "{a.b}",
    "a string for an object": '"items"',
    "repeated argument": json.dumps({"v": 1, "text": "x", "msg": repeated(250, 4)}),
    "nested messages": json.dumps(
        {
            "v": 1,
            "text": "x",
            "msg": json.loads('{"m": "{a}", "a": {"a": ' * 40 + '"x"' + "}}" * 40),
        }
    ),  # fmt: skip
}
#: The probe's values for the summary: stored text filled as a message (`{a.b}` looks up
#: an attribute with ``str.format``; a string where the arguments' object is expected).
SUMMARY_TRAPS = [
    {
        "v": 1,
        "text": "{a.b}",
        "msg": {"m": "{a.b} {a.__class__} {a[0]} {b:>999999999}", "a": {"a": "x", "b": "y"}},
    },  # fmt: skip
    {"v": 1, "text": "x", "msg": {"m": "{n}", "a": "items"}},
    {"v": 1, "text": "x", "msg": {"m": "{n}", "p": "{n}s", "n": "n", "a": {"n": [1]}}},
    {"v": 1, "text": "x", "game": {"a": 1}},
    {"v": 1, "text": ["x"]},
    {"v": 1, "text": "x", "savedAt": "yesterday"},
]


def good_record(moves: int = 2, kind: str = NAMED_KIND, name: str = "Kept") -> Record:
    game = new_game("standard", 2, seed=5, names=["Ann", "Bob"])
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    return Record(kind, game, ["human", "human"], name=name, saved_at=1.0, game_id="g1")


def start_up(store: MemoryStore) -> list[str]:
    """What the page reads at start, in its order (`web.saves.manager.SaveManager`,
    `web.shell.app.App`, `web.shell.start.StartScreen`, the challenges' card): the
    notices said. Any exception fails the test: that is a failed start."""
    problems: list[str] = []
    storage.purge_trash(store)
    read_record(store, AUTOSAVE_KEY, AUTOSAVE_KIND, 1.0, problems)
    problems += stored.check_stored(store, 1.0)
    for key in stored.STORED:
        stored.read_key(store, key, problems, 1.0)
    index(store, 1.0, problems)
    said = stored.read_key(store, summary.SUMMARY_KEY, problems)
    if said is not None:
        summary.text_of(said)
    read_autosave(store)
    read_session(store)
    storage.read_json(store, storage.SETTINGS_KEY, {})
    quarantined(store)
    return problems


def code_keys() -> set[str]:
    """Every stored key the code names: a quoted ``ingenious.<name>`` in web/'s Python and
    JavaScript (prefixes end in a dot)."""
    found: set[str] = set()
    for path in [*ROOT.glob("web/**/*.py"), *ROOT.glob("web/**/*.js")]:
        if path.name == "texts.js":
            continue
        found |= set(re.findall(r"""["'](ingenious\.[a-z][a-z-]*\.?)["']""", path.read_text()))
    return found


def test_every_key_the_code_uses_has_a_check() -> None:
    """A new stored key must be read through the guarded path: it gets its check in
    `web.saves.stored.STORED` (or is read under a prefix listed there)."""
    for key in code_keys():
        assert (
            key in stored.STORED
            or key.endswith(".")
            and (key in stored.PREFIXES or key == storage.PREFIX)
        ), f"{key} has no check in web/saves/stored.py"
    assert PUZZLES_KEY == storage.PUZZLES_KEY and summary.SUMMARY_KEY == storage.SUMMARY_KEY


def test_only_the_store_reads_stored_text() -> None:
    """`getItem` is called by the store's module only (and the browser storage's own
    wrapper): everything else goes through `read_stored` (or `stored_text` to copy
    an entry verbatim)."""
    allowed = {"web/store/store.py", "web/saves/widgets.py"}
    for path in ROOT.glob("web/**/*.py"):
        rel = str(path.relative_to(ROOT))
        if rel not in allowed:
            assert ".getItem(" not in path.read_text(), f"{rel} reads storage directly"


@pytest.mark.parametrize("key", sorted(stored.STORED))
@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_a_hostile_value_under_any_key_is_set_aside_and_the_rest_kept(key: str, kind: str) -> None:
    """Each key with each hostile value: the start goes on, the value is set aside with
    its exact text and a notice, the other saves are kept."""
    store = MemoryStore()
    named = good_record()
    write_named(store, named)
    if key != AUTOSAVE_KEY:
        store.setItem(AUTOSAVE_KEY, json.dumps(good_record(kind=AUTOSAVE_KIND).to_json()))
    raw = REFUSED[kind]
    store.setItem(key, raw)
    problems = start_up(store)
    assert store.getItem(key) is None, "set aside"
    assert [item["raw"] for item in quarantined(store) if item["from"] == key] == [raw]
    assert any("set aside" in text for text in problems), problems
    assert [line.name for line in index(store, 2.0, [])] == ["Kept"]
    if key != AUTOSAVE_KEY:
        assert read_record(store, AUTOSAVE_KEY, AUTOSAVE_KIND, 2.0, []) is not None


@pytest.mark.parametrize("value", SUMMARY_TRAPS, ids=range(len(SUMMARY_TRAPS)))
def test_the_summarys_words_are_never_formatted_as_they_stand(value: dict[str, Any]) -> None:
    """The probe's summaries (text filled as a message, a string for its arguments, wrong
    types): the start goes on; a summary that is a summary shows its fields as written,
    any other is set aside."""
    store = MemoryStore()
    store.setItem(summary.SUMMARY_KEY, json.dumps(value))
    problems = start_up(store)
    kept = stored.read_key(store, summary.SUMMARY_KEY, problems)
    if kept is None:
        assert [i["raw"] for i in quarantined(store)] == [json.dumps(value)]
        return
    text = summary.text_of(kept)
    assert "{a.b}" in text and "{a.__class__}" in text and "{a[0]}" in text
    assert len(text) <= summary.MAX_TEXT


def test_a_kept_message_fills_only_the_fields_it_names() -> None:
    assert render({"m": "{a} {a.b} {b:>99999999} {{c}}", "a": {"a": "x", "b": "y"}}) == (
        "x {a.b} {b:>99999999} {c}"
    )
    assert render({"m": "{a}", "a": "items"}) == "{a}"
    assert render({"m": "{n:.0%}", "a": {"n": "text"}}) == "text"
    assert render({"m": "{0} {}", "a": {}}) == "{0} {}"


def test_the_settings_with_a_true_false_value_are_kept() -> None:
    """The settings hold true/false values ("confirm"): they were set aside at every start."""
    store = MemoryStore()
    store.setItem(storage.SETTINGS_KEY, json.dumps({"speed": "fast", "confirm": True}))
    assert start_up(store) == []
    assert storage.read_json(store, storage.SETTINGS_KEY, {}) == {"speed": "fast", "confirm": True}


def test_the_start_reads_nothing_unchecked_when_storage_is_empty() -> None:
    assert start_up(MemoryStore()) == []


def test_a_save_held_by_another_key_is_kept_when_a_named_save_is_hostile() -> None:
    store = MemoryStore()
    named = good_record()
    write_named(store, named)
    store.setItem(NAMED_PREFIX + "bad", DEEP)
    problems = start_up(store)
    assert len(problems) == 1 and "A saved game could not be opened" in problems[0]
    assert [line.name for line in index(store, 2.0, [])] == ["Kept"]
