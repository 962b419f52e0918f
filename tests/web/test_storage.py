"""Autosave: the current game survives a reload; bad stored data is reported, never fatal."""

from web.store.storage import (
    AUTOSAVE_KEY,
    MemoryStore,
    clear_autosave,
    quarantined,
    read_autosave,
    record_solo_result,
    write_autosave,
)

SAVE = {
    "format": "ingenious",
    "version": 1,
    "variant": "standard",
    "players": 2,
    "names": ["Ann", "Bob"],
    "options": {},
    "seed": 7,
    "moves": ["0,-4:red 1,-4:blue"],
}


def test_autosave_round_trip() -> None:
    store = MemoryStore()
    assert write_autosave(store, SAVE) is None
    assert read_autosave(store).save == SAVE


def test_no_autosave_is_not_a_problem() -> None:
    result = read_autosave(MemoryStore())
    assert result.save is None and result.problem is None


def test_damaged_autosave_is_reported_and_set_aside() -> None:
    store = MemoryStore()
    store.setItem(AUTOSAVE_KEY, "{not json")
    result = read_autosave(store)
    assert result.save is None and "not valid JSON" in (result.problem or "")
    assert store.getItem(AUTOSAVE_KEY) is None
    assert [item["raw"] for item in quarantined(store)] == ["{not json"]


def test_foreign_json_is_refused() -> None:
    store = MemoryStore()
    store.setItem(AUTOSAVE_KEY, '{"format": "chess"}')
    assert "not an Ingenious save" in (read_autosave(store).problem or "")


def test_a_full_store_gives_a_message_instead_of_an_exception() -> None:
    class Full(MemoryStore):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            raise RuntimeError("QuotaExceededError")

    assert "storage is full" in (write_autosave(Full(), SAVE) or "")


def test_clear_autosave() -> None:
    store = MemoryStore()
    write_autosave(store, SAVE)
    clear_autosave(store)
    assert read_autosave(store).save is None


def test_solo_best_table_keeps_the_best_first() -> None:
    store = MemoryStore()
    record_solo_result(store, "Ann", 12, 1)
    table = record_solo_result(store, "Ann", 20, 2)
    assert [row["score"] for row in table] == [20, 12]
