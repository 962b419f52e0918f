"""Stored games: records validated on load, bad ones set aside, revisions guard two tabs."""

from __future__ import annotations

import json

import pytest

from engine import new_game
from web.store.storage import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    NAMED_KIND,
    NAMED_PREFIX,
    QUARANTINE_PREFIX,
    TRASH_PREFIX,
    Autosave,
    MemoryStore,
    Record,
    StoredDataError,
    UiState,
    delete_named,
    parse_record,
    problem_text,
    purge_trash,
    quarantined,
    record_solo_result,
    rename_named,
    scan,
    undelete_named,
    write_named,
)


def played(moves: int = 4):
    game = new_game("standard", 2, seed=21, names=["Ann", "Bob"])
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    return game


def record_json(**change: object) -> str:
    game = played()
    data = Record(AUTOSAVE_KIND, game, ["human", "casual"], rev=3, game_id="g1").to_json()
    data.update(change)
    return json.dumps(data)


def test_a_record_round_trips_with_seats_and_screen_state() -> None:
    game = played()
    rec = Record(AUTOSAVE_KIND, game, ["human", "casual"], UiState(1, "start"), 5, "g1", "t1", 9)
    back = parse_record(json.dumps(rec.to_json()), AUTOSAVE_KIND)
    assert back.game == game and back.seats == ["human", "casual"]
    assert back.ui == UiState(1, "start") and back.rev == 5 and back.game_id == "g1"


def test_a_bare_engine_save_from_the_first_autosave_is_still_read() -> None:
    """The first web version stored the engine save itself; it loads as revision 0."""
    save = played().to_save()
    save["seats"] = ["human", "human"]
    rec = parse_record(json.dumps(save), AUTOSAVE_KIND)
    assert rec.rev == 0 and len(rec.game.moves) == 4
    assert rec.ui.screen == "start", "it waits for Continue, as the first app did"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("{not json", "not valid JSON"),
        (record_json()[:200], "not valid JSON"),
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
        ('{"kind": "chess"}', "not an Ingenious save"),
        (record_json(record=2), "unknown save record version"),
        (record_json(rev=-1), "'rev' is out of range"),
        (record_json(rev=10**30), "'rev' is out of range"),
        (record_json(rev="3"), "'rev' must be a number"),
        (record_json(saved_at=float("inf")).replace("Infinity", "1e999"), "out of range"),
        (record_json(game_id="<script>"), "'game_id' is not a valid identifier"),
        (record_json(ui={"revealed": 7}), "seat that does not exist"),
        (record_json(ui={"screen": "<img src=x onerror=alert(1)>"}), "unknown screen"),
        (record_json(ui="pass"), "must be an object"),
        (record_json(game={"format": "ingenious", "version": 99}), "newer than this program"),
    ],
)
def test_damaged_or_hostile_records_are_refused_with_the_reason(raw: str, reason: str) -> None:
    with pytest.raises(StoredDataError, match=reason):
        parse_record(raw, AUTOSAVE_KIND)


def test_hostile_seats_and_names_are_refused() -> None:
    game = played()
    data = Record(NAMED_KIND, game, ["human", "human"], name="x").to_json()
    data["game"]["seats"] = ["human", "<b>root</b>"]
    with pytest.raises(StoredDataError, match="unknown player type"):
        parse_record(json.dumps(data), NAMED_KIND)
    data["game"]["seats"] = ["human", "human"]
    data["name"] = "a" * 500 + "\u202e"
    assert parse_record(json.dumps(data), NAMED_KIND).name == "a" * 60, "cleaned, not refused"
    data["name"] = "\u2066 \x00"
    with pytest.raises(StoredDataError, match="empty"):
        parse_record(json.dumps(data), NAMED_KIND)
    data["name"] = "<script>alert(1)</script>"
    assert parse_record(json.dumps(data), NAMED_KIND).name == "<script>alert(1)</script>"


def test_scan_sets_bad_entries_aside_and_keeps_the_good_ones() -> None:
    """A bad save is moved to a quarantine key with its reason; other saves are untouched."""
    store = MemoryStore()
    good = Record(NAMED_KIND, played(), ["human", "human"], name="Good one")
    assert write_named(store, good) is None
    store.setItem(NAMED_PREFIX + "bad", '{"kind": "ingenious-named", "record": 1}')
    store.setItem(AUTOSAVE_KEY, "{truncated")
    result = scan(store, now=1000)
    assert [r.name for r in result.named] == ["Good one"]
    assert result.autosave is None
    assert len(result.problems) == 2 and all("set aside" in p for p in result.problems)
    assert store.getItem(AUTOSAVE_KEY) is None and store.getItem(NAMED_PREFIX + "bad") is None
    kept = quarantined(store)
    assert {k["from"] for k in kept} == {AUTOSAVE_KEY, NAMED_PREFIX + "bad"}
    assert any(k["raw"] == "{truncated" for k in kept)
    assert all(k["key"].startswith(QUARANTINE_PREFIX) for k in kept)


def test_an_entry_that_cannot_be_copied_aside_is_left_in_place() -> None:
    class Full(MemoryStore):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            if key.startswith(QUARANTINE_PREFIX):
                raise RuntimeError("QuotaExceededError")
            super().setItem(key, value)

    store = Full()
    store.setItem(AUTOSAVE_KEY, "{truncated")
    result = scan(store, now=1)
    assert "left untouched" in result.problems[0]
    assert store.getItem(AUTOSAVE_KEY) == "{truncated"


def test_autosave_revisions_count_game_changes_only() -> None:
    store = MemoryStore()
    slot = Autosave(store, "tab1")
    game = played(2)
    assert slot.write(game, ["human"] * 2, UiState(), 1, new_game=True).rev == 1
    assert slot.write(game, ["human"] * 2, UiState(0), 2).rev == 1, "screen state only"
    game.apply(game.legal_moves()[0])
    assert slot.write(game, ["human"] * 2, UiState(), 3).rev == 2
    rec = parse_record(store.getItem(AUTOSAVE_KEY) or "", AUTOSAVE_KIND)
    assert rec.rev == 2 and rec.game == game and rec.tab == "tab1"


def test_a_second_tab_never_overwrites_a_newer_autosave() -> None:
    """Two tabs load revision 1; the first moves; the second's write is refused."""
    store = MemoryStore()
    game = played(2)
    Autosave(store, "tab0").write(game, ["human"] * 2, UiState(), 1, new_game=True)
    loaded = parse_record(store.getItem(AUTOSAVE_KEY) or "", AUTOSAVE_KIND)
    first, second = Autosave(store, "tab1"), Autosave(store, "tab2")
    first.adopt(loaded)
    second.adopt(loaded)
    g1, g2 = loaded.game.copy(), loaded.game.copy()
    g1.apply(g1.legal_moves()[0])
    assert first.write(g1, ["human"] * 2, UiState(), 2).status == "saved"
    assert second.stale(store.getItem(AUTOSAVE_KEY))
    g2.apply(g2.legal_moves()[-1])
    outcome = second.write(g2, ["human"] * 2, UiState(), 3)
    assert outcome.status == "conflict"
    assert parse_record(store.getItem(AUTOSAVE_KEY) or "", AUTOSAVE_KIND).game == g1


def test_a_full_store_reports_and_keeps_the_old_autosave() -> None:
    class Full(MemoryStore):
        full = False

        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            if self.full:
                raise RuntimeError("QuotaExceededError: the quota has been exceeded")
            super().setItem(key, value)

    store = Full()
    slot = Autosave(store, "t")
    game = played(2)
    slot.write(game, ["human"] * 2, UiState(), 1, new_game=True)
    before = store.getItem(AUTOSAVE_KEY)
    store.full = True
    game.apply(game.legal_moves()[0])
    outcome = slot.write(game, ["human"] * 2, UiState(), 2)
    assert outcome.status == "failed" and "storage is full" in outcome.message
    assert store.getItem(AUTOSAVE_KEY) == before
    store.full = False
    assert slot.write(game, ["human"] * 2, UiState(), 3).status == "saved", "retries later"


def test_problem_text_names_private_mode() -> None:
    assert "private mode" in problem_text(RuntimeError("SecurityError: denied"), "autosave")


def test_delete_goes_to_the_trash_until_the_next_start_and_can_be_undone() -> None:
    store = MemoryStore()
    rec = Record(NAMED_KIND, played(), ["human", "human"], name="Keep me")
    write_named(store, rec)
    assert delete_named(store, rec.key) is None
    assert scan(store, 1).named == []
    assert undelete_named(store, rec.key) is None
    assert [r.name for r in scan(store, 1).named] == ["Keep me"]
    delete_named(store, rec.key)
    purge_trash(store)
    assert not [k for k in store.items if k.startswith(TRASH_PREFIX)]


def test_rename_checks_the_name_and_keeps_the_old_one_on_refusal() -> None:
    store = MemoryStore()
    rec = Record(NAMED_KIND, played(), ["human", "human"], name="Old")
    write_named(store, rec)
    assert rename_named(store, rec, "  New name ") is None
    assert scan(store, 1).named[0].name == "New name"
    assert "empty" in (rename_named(store, rec, "   ") or "")
    assert rec.name == "New name"


def test_the_same_solo_game_is_recorded_once() -> None:
    store = MemoryStore()
    record_solo_result(store, "Ann", 12, 1)
    table = record_solo_result(store, "Ann", 12, 1)
    assert len(table) == 1


def test_the_start_screen_checks_each_named_save_once_per_stored_text(monkeypatch) -> None:
    """Listing the saves again does not replay every game again; a renamed entry (new
    stored text) is read afresh, and renaming a listed copy leaves the next listing
    right."""
    import web.store.records as records

    store = MemoryStore()
    for n in range(3):
        write_named(store, Record(NAMED_KIND, played(4 + n), ["human", "casual"], name=f"S{n}"))
    checked: list[str] = []
    real = records.parse_record

    def counting(raw: str, kind: str, key: str = "") -> Record:
        checked.append(key)
        return real(raw, kind, key)

    monkeypatch.setattr(records, "parse_record", counting)
    records._checked.clear()
    first = scan(store, 1).named
    assert len(checked) == 3  # three named saves, no autosave stored
    again = scan(store, 1).named
    assert len(checked) == 3, "nothing checked twice"
    assert [r.game.moves for r in again] == [r.game.moves for r in first]
    renamed = next(r for r in again if r.name == "S1")
    assert rename_named(store, renamed, "Renamed") is None
    names = sorted(r.name for r in scan(store, 1).named)
    assert names == ["Renamed", "S0", "S2"] and checked.count(renamed.key) == 2


def test_set_aside_entries_export_verbatim_and_removal_touches_nothing_else() -> None:
    """The file keeps each entry's origin, reason and exact text; removing takes only
    set-aside keys, even if asked for others."""
    import web.store.storage as storage

    store = MemoryStore()
    store.setItem(NAMED_PREFIX + "bad", "{cut")
    store.setItem(NAMED_PREFIX + "good", "x")
    problems: list[str] = []
    assert storage.read_record(store, NAMED_PREFIX + "bad", NAMED_KIND, 5, problems) is None
    items = quarantined(store)
    data = json.loads(storage.set_aside_text(items))
    assert data["format"] == "ingenious-set-aside"
    [entry] = data["entries"]
    assert entry["from"] == NAMED_PREFIX + "bad" and entry["raw"] == "{cut" and entry["problem"]
    keys = [entry["key"], NAMED_PREFIX + "good"]
    assert storage.remove_set_aside(store, keys) is None
    assert quarantined(store) == [] and store.getItem(NAMED_PREFIX + "good") == "x"
