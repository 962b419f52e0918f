"""The saves list at start: every save's line is read from its stored text, no game is
replayed; a save's game is checked when the list shows it or it is opened, and a save
that fails then is set aside with a message, nothing lost."""

from __future__ import annotations

import json

import pytest

import web.store.records
from engine import new_game
from engine.rules.game import Game
from web.store.storage import (
    NAMED_KIND,
    NAMED_PREFIX,
    MemoryStore,
    Record,
    holds_game,
    index,
    listed,
    named_replays,
    peek_named,
    quarantined,
    read_record,
    write_named,
)


def played(moves: int, seed: int = 5) -> Game:
    game = new_game("standard", 2, seed=seed, names=["Ann", "Bob"])
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    return game


def seeded(count: int) -> MemoryStore:
    """``count`` named saves, as a player with a long history has them."""
    store = MemoryStore()
    text = json.dumps(Record(NAMED_KIND, played(6), ["human", "casual"], name="x").to_json())
    for n in range(count):
        data = json.loads(text)
        data["name"], data["saved_at"] = f"Game {n}", 1000 + n
        store.setItem(f"{NAMED_PREFIX}s{n:04d}", json.dumps(data))
    return store


def test_a_thousand_saves_are_listed_without_replaying_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = seeded(1000)

    def no_replay(save: object) -> Game:
        raise AssertionError("the index replayed a save")

    monkeypatch.setattr(web.store.records, "load_game", no_replay)
    before = named_replays()
    problems: list[str] = []
    lines = index(store, 1, problems)
    assert problems == [] and named_replays() == before
    assert len(lines) == 1000 and lines[0].name == "Game 999", "newest first"
    assert lines[0].names == ("Ann", "Bob") and lines[0].seats == ("human", "casual")
    assert lines[0].moves == 6 and lines[0].variant == "Standard game"


def test_a_line_read_from_the_text_matches_the_checked_save() -> None:
    """A new save records whether its game is over, so its line is the checked one."""
    store = MemoryStore()
    game = played(4)
    for name, g in (("On", game), ("Over", new_game("solo", 1, seed=2))):
        assert write_named(store, Record(NAMED_KIND, g, ["human"] * g.players, name=name)) is None
    for line in index(store, 1, []):
        raw = store.getItem(line.key)
        assert raw is not None
        record = read_record(store, line.key, NAMED_KIND, 1, [], remember=True)
        assert record is not None and listed(record) == line == peek_named(raw, line.key)


def test_a_save_whose_game_fails_its_check_is_set_aside_when_opened_not_at_start() -> None:
    store = seeded(3)
    bad = json.loads(str(store.getItem(f"{NAMED_PREFIX}s0001")))
    bad["game"]["moves"][2] = "Z9 nonsense"
    store.setItem(f"{NAMED_PREFIX}s0001", json.dumps(bad))
    store.setItem(f"{NAMED_PREFIX}junk", "{not json")
    problems: list[str] = []
    lines = index(store, 1, problems)
    assert len(problems) == 1 and "set aside" in problems[0], "unreadable text: at once"
    assert [line.key for line in lines].count(f"{NAMED_PREFIX}s0001") == 1, "listed until shown"
    before = named_replays()
    assert read_record(store, f"{NAMED_PREFIX}s0001", NAMED_KIND, 2, problems) is None
    assert named_replays() == before + 1
    assert "A saved game could not be opened" in problems[1] and "set aside" in problems[1]
    assert store.getItem(f"{NAMED_PREFIX}s0001") is None
    assert {item["from"] for item in quarantined(store)} == {
        f"{NAMED_PREFIX}s0001", f"{NAMED_PREFIX}junk"}  # fmt: skip
    assert len(index(store, 3, [])) == 2


def test_a_kept_game_is_found_among_the_saves_without_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = seeded(5)
    game = played(6)
    monkeypatch.setattr(web.store.records, "load_game", None)
    mine = dict(game.to_save(), seats=["human", "casual"])
    assert holds_game(store, mine)
    assert not holds_game(store, dict(mine, seats=["human", "human"]))
