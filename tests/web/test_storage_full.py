"""Full storage: what still works. The game goes on in memory and Continue offers it;
a named save is kept (in memory, said so) instead of refused; Delete and Undo work;
no message advises deleting saves to make a delete work."""

from __future__ import annotations

import json

from engine import new_game
from web.play.session import continue_text
from web.store.storage import (
    NAMED_KIND,
    NAMED_PREFIX,
    TRASH_PREFIX,
    Autosave,
    MemoryStore,
    Record,
    SiteStore,
    UiState,
    delete_named,
    flush_kept,
    kept_only,
    problem_text,
    rename_named,
    scan,
    undelete_named,
    write_named,
)

QUOTA = "QuotaExceededError: Failed to execute 'setItem' on 'Storage': exceeded the quota."


class Limited(MemoryStore):
    """localStorage with a quota in characters (keys and values), like a browser's."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def used(self, skip: str = "") -> int:
        return sum(len(k) + len(v) for k, v in self.items.items() if k != skip)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.used(skip=key) + len(key) + len(value) > self.limit:
            raise RuntimeError(QUOTA)
        super().setItem(key, value)


def record(name: str, moves: int = 3) -> Record:
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    return Record(NAMED_KIND, game, ["human", "human"], name=name, saved_at=1.0)


def full_store() -> tuple[Limited, SiteStore, Record]:
    """A store holding one named save and filled up to its quota."""
    backend = Limited(20_000)
    store = SiteStore(backend, "/")
    old = record("Old game")
    assert write_named(store, old) is None
    backend.setItem("filler", "x" * (backend.limit - backend.used() - 10))
    return backend, store, old


def test_a_named_save_on_a_full_storage_is_kept_in_memory_and_said_so() -> None:
    backend, store, _ = full_store()
    new = record("New game", moves=5)
    problem = write_named(store, new)
    assert problem is not None and "stays in Saved games until this page is closed" in problem
    assert "storage is full" in problem
    assert kept_only(store, new.key)
    assert sorted(r.name for r in scan(store, 2).named) == ["New game", "Old game"]
    assert backend.getItem(store.physical(new.key)) is None


def test_a_save_that_must_not_be_kept_in_memory_is_refused() -> None:
    _, store, _ = full_store()
    new = record("New game")
    assert "storage is full" in (write_named(store, new, keep=False) or "")
    assert not kept_only(store, new.key)


def test_delete_and_undo_work_on_a_full_storage() -> None:
    """Delete needs room for the trash copy: held in memory instead. The room it frees
    then stores a save that was held in memory."""
    backend, store, old = full_store()
    waiting = record("Waiting", moves=1)
    write_named(store, waiting)
    assert kept_only(store, waiting.key)
    assert delete_named(store, old.key) is None
    assert [r.name for r in scan(store, 2).named] == ["Waiting"]
    assert not kept_only(store, waiting.key), "stored for good in the room freed"
    assert backend.getItem(store.physical(waiting.key)) is not None
    assert store.getItem(TRASH_PREFIX + old.key[len(NAMED_PREFIX) :]) is not None
    assert delete_named(store, waiting.key) is None
    assert undelete_named(store, old.key) is None
    assert [r.name for r in scan(store, 3).named] == ["Old game"]


def test_rename_on_a_full_storage_keeps_the_new_name_for_this_page() -> None:
    _, store, old = full_store()
    old.name = "x" * 10
    write_named(store, old)
    problem = rename_named(store, old, "A much longer name than before")
    assert problem is not None and old.name == "A much longer name than before"
    assert [r.name for r in scan(store, 2).named] == ["A much longer name than before"]


def test_messages_about_a_full_storage_never_advise_deleting_to_delete() -> None:
    exc = RuntimeError(QUOTA)
    assert "delete old saves" not in problem_text(exc, "delete the save")
    assert "delete old saves" in problem_text(exc, "autosave")


def test_continue_offers_the_game_in_memory_when_the_autosave_could_not_keep_it() -> None:
    game = new_game("duel", 2, seed=1, names=["Ann", "Bob"])
    game.apply(game.legal_moves()[0])
    text = continue_text(game, None, None, unsaved=True)
    assert "1 move played" in text and "storage is full" in text
    stored = json.loads(json.dumps(game.to_save()))
    assert continue_text(None, stored, None) == "Duel: Ann, Bob — 1 move played."
    assert continue_text(game, stored, None) == "Duel: Ann, Bob — 1 move played."


def test_the_room_a_delete_frees_is_left_for_the_game_held_in_memory() -> None:
    """The game goes on in memory after the autosave failed; deleting an old save frees
    room, and the deleted save's copy kept for Undo does not take it: the autosave of
    the game in memory then fits (the Undo copy is held in memory meanwhile)."""
    backend, store, old = full_store()
    slot = Autosave(store, "t1")
    playing = record("Playing", moves=1).game
    assert slot.write(playing, ["human", "human"], UiState(), 1).status == "failed"
    assert delete_named(store, old.key) is None
    assert slot.write(playing, ["human", "human"], UiState(), 2).status == "saved"
    trash = TRASH_PREFIX + old.key[len(NAMED_PREFIX) :]
    assert store.getItem(trash) is not None, "still there for Undo"
    assert undelete_named(store, old.key) is None or kept_only(store, old.key)


def test_the_room_of_two_deletes_goes_to_the_held_save_and_the_game_before_undo() -> None:
    """Full storage, a save held in memory and the game in play held in memory (its
    autosave failed). The player deletes a small old save (room for neither), then a
    large one: the held save and the game are stored, so a reload keeps both; the copies
    kept for Undo wait in memory meanwhile (they took the first delete's room, and the
    game then found no room)."""
    backend = Limited(20_000)
    store = SiteStore(backend, "/")
    small, large = record("Small", moves=1), record("Large", moves=30)
    assert write_named(store, small) is None and write_named(store, large) is None
    backend.setItem("filler", "x" * (backend.limit - backend.used() - 10))
    held = record("Held", moves=20)
    assert write_named(store, held) is not None and kept_only(store, held.key)
    slot = Autosave(store, "t1")
    playing = record("Playing", moves=10).game
    seats = ["human", "human"]
    assert slot.write(playing, seats, UiState(), 1).status == "failed"

    def use_freed_room() -> bool:
        """web.saves.manager.SaveManager.use_freed_room, for a game held in memory."""
        saved = slot.write(playing, seats, UiState(), 2).status == "saved"
        flush_kept(store, trash=saved)
        return saved

    assert delete_named(store, small.key) is None
    assert not use_freed_room(), "the small save's room holds neither"
    assert kept_only(store, held.key)
    assert delete_named(store, large.key) is None
    assert use_freed_room(), "the game is autosaved"
    assert not kept_only(store, held.key), "the held save is stored"
    reloaded = SiteStore(backend, "/")
    assert sorted(r.name for r in scan(reloaded, 3).named) == ["Held"]
    assert scan(reloaded, 3).autosave is not None
    assert scan(reloaded, 3).autosave.game.moves == playing.moves  # type: ignore[union-attr]
