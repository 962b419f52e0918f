"""Hostile stored entries: every value read back from storage goes through the checked
decoder, so deep nesting gives a message (never a crash at every start) and loses nothing."""

from __future__ import annotations

import json

import pytest

from web.challenges.session import AUTOSAVE_KEY as CHALLENGE_KEY
from web.challenges.session import read_session
from web.store.storage import (
    AUTOSAVE_KEY,
    CHALLENGE_AUTOSAVE_KEY,
    QUARANTINE_PREFIX,
    MemoryStore,
    describe_key,
    quarantined,
    read_autosave,
    set_aside_text,
)

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 50_000 + "1" + "}" * 50_000


@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT, '{"raw": ' + DEEP + "}"])
def test_a_deeply_nested_set_aside_entry_is_listed_with_its_text(text: str) -> None:
    """A set-aside entry is read with the depth limit; one that fails is still listed
    (and downloaded) with its exact text, next to the good ones."""
    store = MemoryStore()
    good = {"from": AUTOSAVE_KEY, "problem": "damaged", "at": 1.0, "raw": "{cut"}
    store.setItem(QUARANTINE_PREFIX + "1-a", json.dumps(good))
    store.setItem(QUARANTINE_PREFIX + "2-b", text)
    items = quarantined(store)
    assert [i["key"] for i in items] == [QUARANTINE_PREFIX + "1-a", QUARANTINE_PREFIX + "2-b"]
    assert items[0]["raw"] == "{cut"
    assert items[1]["raw"] == text and "damaged" in items[1]["problem"]
    kept = json.loads(set_aside_text(items))
    assert kept["entries"][1]["raw"] == text


def test_a_set_aside_entry_cannot_claim_another_key() -> None:
    """The key listed is where the entry is stored, whatever its text says (removal
    goes by this key)."""
    store = MemoryStore()
    store.setItem(QUARANTINE_PREFIX + "1-a", json.dumps({"key": "ingenious.save.mine"}))
    assert [i["key"] for i in quarantined(store)] == [QUARANTINE_PREFIX + "1-a"]


def test_a_large_set_aside_entry_is_read_back_whole() -> None:
    """An entry set aside for being too large is larger still once wrapped: it is read
    back, not dropped."""
    raw = "x" * 600_000
    store = MemoryStore()
    store.setItem(QUARANTINE_PREFIX + "1-a", json.dumps({"from": AUTOSAVE_KEY, "raw": raw}))
    assert quarantined(store)[0]["raw"] == raw


def test_a_deeply_nested_autosave_is_reported_by_the_start_screen_reader() -> None:
    store = MemoryStore()
    store.setItem(AUTOSAVE_KEY, DEEP)
    result = read_autosave(store)
    assert result.save is None and "nested too deeply" in (result.problem or "")
    assert store.getItem(AUTOSAVE_KEY) is None
    assert [item["raw"] for item in quarantined(store)] == [DEEP]


@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT])
def test_a_deeply_nested_challenge_autosave_gives_a_message(text: str) -> None:
    """The saved challenge is read with the depth limit: a message, the entry set aside
    with its exact text."""
    store = MemoryStore()
    store.setItem(CHALLENGE_KEY, text)
    session, problem = read_session(store)
    assert session is None and "nested too deeply" in (problem or "")
    assert "set aside" in (problem or "") and store.getItem(CHALLENGE_KEY) is None
    assert [item["raw"] for item in quarantined(store)] == [text]


def test_the_saved_challenge_has_a_name_in_messages() -> None:
    assert CHALLENGE_AUTOSAVE_KEY == CHALLENGE_KEY
    assert describe_key(CHALLENGE_KEY) == "The saved challenge"
