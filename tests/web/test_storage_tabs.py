"""Two tabs, one autosave: a write is a compare-and-set on (revision, game, writing tab),
a tab whose view was stale cannot leave the autosave behind, and the tab left behind is
told what really happened.

Browsers give a tab a copy of localStorage that another tab's writes reach a moment
later; `Stale` stands in for such a copy: reads return what was stored when it froze.
"""

from __future__ import annotations

from typing import Any

from engine import new_game
from engine.rules.game import Game
from web.store.storage import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    FORK,
    NEWER,
    OLDER,
    OTHER_GAME,
    SAME,
    Autosave,
    MemoryStore,
    UiState,
    conflict_words,
    parse_record,
    peek_write,
)

SEATS = ["human", "human"]


class Stale:
    """A tab's view of a shared store whose reads lag behind until it writes itself."""

    def __init__(self, shared: MemoryStore) -> None:
        self.shared = shared
        self.frozen: str | None = shared.getItem(AUTOSAVE_KEY)

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.frozen

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.shared.setItem(key, value)
        self.frozen = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.shared.removeItem(key)


def two_tabs() -> tuple[MemoryStore, Autosave, Autosave, Game, Game]:
    """Tab 0 starts a game; tabs A and B both load it (revision 1)."""
    shared = MemoryStore()
    game = new_game("standard", 2, seed=3)
    Autosave(shared, "t0").write(game, SEATS, UiState(), 1, new_game=True)
    record = parse_record(shared.getItem(AUTOSAVE_KEY) or "", AUTOSAVE_KIND)
    a, b = Autosave(shared, "ta"), Autosave(shared, "tb")
    a.adopt(record)
    b.adopt(record)
    return shared, a, b, record.game.copy(), record.game.copy()


def move(game: Game, pick: int = 0) -> Game:
    game.apply(game.legal_moves()[pick])
    return game


def stored(shared: MemoryStore) -> Any:
    return parse_record(shared.getItem(AUTOSAVE_KEY) or "", AUTOSAVE_KIND)


def test_a_tab_with_a_stale_view_cannot_leave_the_autosave_behind() -> None:
    """B saves revisions 2 and 3; A, still seeing revision 1, writes its revision 2 over
    them. B finds an older state of its game stored and puts its own back; A then finds
    a newer state, and that is what it is offered to load."""
    shared, a, b, game_a, game_b = two_tabs()
    a.store = Stale(shared)  # A's copy of the storage stops receiving B's writes
    assert b.write(move(game_b), SEATS, UiState(), 2).rev == 2
    assert b.write(move(game_b), SEATS, UiState(), 3).rev == 3
    assert a.write(move(game_a, -1), SEATS, UiState(), 4).status == "saved"  # the stale write
    assert peek_write(shared.getItem(AUTOSAVE_KEY)) == (2, a.game_id, "ta")
    assert b.verdict(shared.getItem(AUTOSAVE_KEY)) == OLDER
    assert b.write(game_b, SEATS, UiState(), 5).status == "saved", "B restores its state"
    assert stored(shared).game == game_b and stored(shared).rev == 3
    a.store = shared  # A's copy catches up
    assert a.verdict(shared.getItem(AUTOSAVE_KEY)) == NEWER
    assert a.write(move(game_a), SEATS, UiState(), 6).status == "conflict"
    assert stored(shared).game == game_b, "the furthest state stays"


def test_the_same_revision_written_by_two_tabs_is_a_fork_not_the_same_save() -> None:
    """A and B both go from revision 1 to 2 with different moves: the tab whose write
    was overwritten sees a different state of its game, not its own save."""
    shared, a, b, game_a, game_b = two_tabs()
    a.store = Stale(shared)
    b.write(move(game_b), SEATS, UiState(), 2)
    a.write(move(game_a, -1), SEATS, UiState(), 3)
    assert a.verdict(shared.getItem(AUTOSAVE_KEY)) == SAME
    assert b.verdict(shared.getItem(AUTOSAVE_KEY)) == FORK
    assert b.stale(shared.getItem(AUTOSAVE_KEY))
    outcome = b.write(move(game_b), SEATS, UiState(), 4)
    assert outcome.status == "conflict" and outcome.verdict == FORK
    assert stored(shared).game == game_a


def test_another_game_started_in_another_tab_is_told_apart() -> None:
    shared, a, b, game_a, _ = two_tabs()
    b.write(new_game("duel", 2, seed=9), SEATS, UiState(), 2, new_game=True)
    assert a.verdict(shared.getItem(AUTOSAVE_KEY)) == OTHER_GAME
    assert a.write(move(game_a), SEATS, UiState(), 3).verdict == OTHER_GAME


def test_a_tab_that_saw_no_change_keeps_writing() -> None:
    shared, a, _, game_a, _ = two_tabs()
    assert a.verdict(shared.getItem(AUTOSAVE_KEY)) == SAME
    assert a.write(move(game_a), SEATS, UiState(), 2).rev == 2
    assert a.write(move(game_a), SEATS, UiState(), 3).rev == 3
    assert a.verdict(shared.getItem(AUTOSAVE_KEY)) == SAME


def test_the_conflict_words_say_what_the_other_tab_did() -> None:
    assert conflict_words(NEWER) == (
        "Another tab saved a newer state of this game.",
        "Load the newer state",
    )
    assert "different state" in conflict_words(FORK)[0]
    assert conflict_words(OTHER_GAME)[1] == "Load the other game"


def test_a_tab_that_only_shows_the_game_again_does_not_fork_it() -> None:
    """A second tab resuming the game rewrites its screen state: the record still names
    the tab that made that state of the game, so the first tab sees no change."""
    shared, a, b, game_a, game_b = two_tabs()
    assert a.write(move(game_a), SEATS, UiState(), 2).rev == 2
    b.adopt(stored(shared))
    assert b.write(stored(shared).game, SEATS, UiState(None, "start"), 3).rev == 2
    assert a.verdict(shared.getItem(AUTOSAVE_KEY)) == SAME
    assert peek_write(shared.getItem(AUTOSAVE_KEY)) == (2, a.game_id, "ta")
    assert a.write(move(game_a), SEATS, UiState(), 4).rev == 3


def test_a_tab_that_starts_with_a_stale_view_never_writes_the_older_state_back() -> None:
    """A tab opens while another plays on: its view still holds a record 3 moves back.
    Resuming it is no change, so nothing is written; the stored newer state stays."""
    shared = MemoryStore()
    game = new_game("standard", 2, seed=3)
    playing = Autosave(shared, "ta")
    playing.write(game, SEATS, UiState(), 1, new_game=True)
    lagging = Stale(shared)  # what the starting tab will read
    for step in range(3):
        game.apply(game.legal_moves()[0])
        playing.write(game, SEATS, UiState(), 2 + step)
    newest = shared.getItem(AUTOSAVE_KEY)
    starting = Autosave(lagging, "tb")
    record = parse_record(lagging.getItem(AUTOSAVE_KEY) or "", AUTOSAVE_KIND)
    starting.adopt(record)
    outcome = starting.write(record.game, record.seats, record.ui, 10)
    assert outcome.status == "saved" and outcome.rev == record.rev
    assert shared.getItem(AUTOSAVE_KEY) == newest, "the older state was written back"
    # A change of screen only (☰ Menu) is still written.
    starting.write(record.game, record.seats, UiState(None, "start"), 11)
    assert '"screen":"start"' in (shared.getItem(AUTOSAVE_KEY) or "")
