"""Two copies of the game on one host keep separate saves; entries from before are copied in.

`SiteStore` is checked against a `MemoryStore` standing in for the browser's one shared
localStorage, with copies at different folders of the same origin.
"""

from __future__ import annotations

import json

import pytest

from engine import new_game
from web.store.storage import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    LEGACY_AUTOSAVE_NAME,
    NAMED_KIND,
    NAMED_PREFIX,
    QUARANTINE_PREFIX,
    SETTINGS_KEY,
    STATS_KEY,
    Autosave,
    MemoryStore,
    Record,
    SiteStore,
    UiState,
    logical_key,
    open_site_store,
    quarantined,
    rename_named,
    scan,
    site_key,
    site_root,
    site_tag,
    write_named,
)


def record_text(moves: int = 2, kind: str = AUTOSAVE_KIND, name: str = "") -> str:
    game = new_game("standard", 2, seed=5, names=["Ann", "Bob"])
    for _ in range(moves):
        game.apply(game.legal_moves()[0])
    record = Record(kind, game, ["human", "human"], UiState(), rev=3, game_id="gold", name=name)
    return json.dumps(record.to_json())


@pytest.mark.parametrize(
    ("path", "root"),
    [
        ("/", "/"),
        ("/index.html", "/"),
        ("/a/", "/a/"),
        ("/a/index.html", "/a/"),
        ("/a/embed.html", "/a/"),
        ("/games/ingenious/", "/games/ingenious/"),
        ("", "/"),
    ],
)
def test_the_site_root_is_the_folder_of_the_page(path: str, root: str) -> None:
    assert site_root(path) == root


@pytest.mark.parametrize(
    ("spelling", "root"),
    [
        ("/%61/", "/a/"),
        ("/a//", "/a/"),
        ("//a/index.html", "/a/"),
        ("/%61//embed.html", "/a/"),
        ("/games/%69ngenious/", "/games/ingenious/"),
        ("/%7Euser/", "/~user/"),
        ("/%c3%a9t%c3%a9/", "/%C3%A9t%C3%A9/"),
        ("/a%2fb/", "/a%2Fb/"),
        ("/a%20b/", "/a%20b/"),
    ],
)
def test_one_folder_spelled_differently_is_one_copy(spelling: str, root: str) -> None:
    """A web server serves `/%61/` and `/a//` as the folder `/a/`: one copy, one set of
    keys (an escaped unreserved character stands for itself, repeated slashes count once,
    other escapes keep the browser's capital hex digits)."""
    assert site_root(spelling) == root
    assert site_key(AUTOSAVE_KEY, site_root(spelling)) == site_key(AUTOSAVE_KEY, root)


def test_tags_are_short_stable_and_differ_between_folders() -> None:
    assert site_tag("/a/") == site_tag(site_root("/a/index.html"))
    assert len({site_tag(r) for r in ("/", "/a/", "/b/", "/a/b/")}) == 4
    assert all(len(site_tag(r)) == 8 for r in ("/", "/a/"))
    assert site_key(AUTOSAVE_KEY, "/a/") == f"ingenious@{site_tag('/a/')}.autosave"


def test_two_copies_on_one_origin_neither_see_nor_overwrite_each_others_entries() -> None:
    shared = MemoryStore()
    a, b = SiteStore(shared, "/a/"), SiteStore(shared, "/b/")
    a.setItem(AUTOSAVE_KEY, "game of a")
    b.setItem(AUTOSAVE_KEY, "game of b")
    a.setItem(NAMED_PREFIX + "s1", "named of a")
    assert a.getItem(AUTOSAVE_KEY) == "game of a" and b.getItem(AUTOSAVE_KEY) == "game of b"
    assert sorted(a.keys()) == [AUTOSAVE_KEY, NAMED_PREFIX + "s1"]
    assert b.keys() == [AUTOSAVE_KEY]
    b.removeItem(NAMED_PREFIX + "s1")
    assert a.getItem(NAMED_PREFIX + "s1") == "named of a"
    assert not any(k.startswith("ingenious.") for k in shared.items)


def test_storage_events_are_mapped_to_logical_keys_and_other_copies_ignored() -> None:
    shared = MemoryStore()
    a = SiteStore(shared, "/a/")
    assert logical_key(a, site_key(AUTOSAVE_KEY, "/a/")) == AUTOSAVE_KEY
    assert logical_key(a, site_key(AUTOSAVE_KEY, "/b/")) is None
    assert logical_key(a, AUTOSAVE_KEY) is None
    assert logical_key(shared, AUTOSAVE_KEY) == AUTOSAVE_KEY


def test_plain_entries_of_an_older_release_are_copied_in_and_left_for_that_release() -> None:
    """Migration: every plain `ingenious.` entry is copied verbatim into a copy that
    starts, and stays where it was, so a copy of an older release served on the same
    origin keeps every save it has; a second copy gets its own copy; other applications'
    keys are not touched."""
    shared = MemoryStore()
    named = record_text(kind=NAMED_KIND, name="Kept")
    old = {
        AUTOSAVE_KEY: record_text(),
        NAMED_PREFIX + "s1": named,
        SETTINGS_KEY: '{"speed": "fast"}',
        STATS_KEY: '{"record": 1}',
        QUARANTINE_PREFIX + "1-x": '{"from": "x", "raw": "y"}',
        "ingenious.challenge-autosave": '{"format": "x"}',
        "other.app": "not ours",
    }
    for key, value in old.items():
        shared.setItem(key, value)
    a, messages = open_site_store(shared, "/a/index.html", now=5)
    assert messages == []
    for key, value in old.items():
        assert shared.getItem(key) == value, f"{key} taken from the older release"
        if key != "other.app":
            assert a.getItem(key) == value, key
    found = scan(a, 6)
    assert found.autosave is not None and [r.name for r in found.named] == ["Kept"]
    b, messages = open_site_store(shared, "/b/", now=7)
    assert messages == [] and b.getItem(AUTOSAVE_KEY) == old[AUTOSAVE_KEY]
    again, messages = open_site_store(shared, "/a/", now=8)
    assert messages == [] and again.getItem(AUTOSAVE_KEY) == old[AUTOSAVE_KEY]
    assert [r.name for r in scan(again, 9).named] == ["Kept"], "copied once"


def test_a_start_copies_each_version_of_an_older_entry_once() -> None:
    """What this copy did with an entry it took in stands: a later start neither brings
    back a save deleted here nor writes the older text over a game played on here."""
    shared = MemoryStore()
    shared.setItem(AUTOSAVE_KEY, record_text(moves=2))
    shared.setItem(NAMED_PREFIX + "s1", record_text(kind=NAMED_KIND, name="Old"))
    a, _ = open_site_store(shared, "/a/", now=1)
    newer = record_text(moves=6)
    a.setItem(AUTOSAVE_KEY, newer)
    a.removeItem(NAMED_PREFIX + "s1")
    for start in range(2, 5):
        a, messages = open_site_store(shared, "/a/", now=start)
        assert messages == []
        assert a.getItem(AUTOSAVE_KEY) == newer
        assert a.getItem(NAMED_PREFIX + "s1") is None
        assert scan(a, start).named == []


def test_an_older_release_that_played_on_is_kept_beside_not_written_over() -> None:
    """An older release still in use writes its plain keys again: the next start keeps
    its autosaved game beside this copy's as a named save (once); this copy's own small
    values (settings) stay, and the older release keeps all of its entries."""
    shared = MemoryStore()
    shared.setItem(AUTOSAVE_KEY, record_text(moves=1))
    a, _ = open_site_store(shared, "/a/", now=1)
    mine = record_text(moves=4)
    a.setItem(AUTOSAVE_KEY, mine)
    a.setItem(SETTINGS_KEY, '{"speed": "slow"}')
    older = record_text(moves=2)
    shared.setItem(AUTOSAVE_KEY, older)
    shared.setItem(SETTINGS_KEY, '{"speed": "fast"}')
    a, messages = open_site_store(shared, "/a/", now=2)
    assert a.getItem(AUTOSAVE_KEY) == mine and a.getItem(SETTINGS_KEY) == '{"speed": "slow"}'
    assert shared.getItem(AUTOSAVE_KEY) == older
    assert shared.getItem(SETTINGS_KEY) == '{"speed": "fast"}'
    named = scan(a, 3).named
    assert [r.name for r in named] == [LEGACY_AUTOSAVE_NAME]
    assert len(named[0].game.moves) == 2
    assert len(messages) == 1 and "Saved games" in messages[0]
    a, messages = open_site_store(shared, "/a/", now=4)
    assert messages == [] and len(scan(a, 5).named) == 1


class FullAbove(MemoryStore):
    """A store that refuses writes once it holds more than ``limit`` characters."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().setItem(key, value)


def test_an_entry_that_cannot_be_copied_stays_and_is_copied_at_a_later_start() -> None:
    big = record_text(moves=30)
    shared = FullAbove(len(big) + 60)
    shared.setItem(AUTOSAVE_KEY, big)
    a, messages = open_site_store(shared, "/a/", now=1)
    assert shared.getItem(AUTOSAVE_KEY) == big, "left for the older release, not lost"
    assert a.getItem(AUTOSAVE_KEY) is None
    assert "could not be copied" in messages[0] and "later start" in messages[0]
    shared.limit *= 3  # room made meanwhile
    a, messages = open_site_store(shared, "/a/", now=2)
    assert messages == [] and a.getItem(AUTOSAVE_KEY) == big == shared.getItem(AUTOSAVE_KEY)


def test_a_site_store_works_with_autosave_and_named_saves() -> None:
    shared = MemoryStore()
    a = SiteStore(shared, "/a/")
    game = new_game("standard", 2, seed=1)
    slot = Autosave(a, "tab1")
    assert slot.write(game, ["human", "human"], UiState(), now=1).status == "saved"
    rec = Record(NAMED_KIND, game, ["human", "human"], name="mine")
    assert write_named(a, rec) is None
    assert scan(a, 2).autosave is not None
    assert [r.name for r in scan(SiteStore(shared, "/a/"), 2).named] == ["mine"]
    assert scan(SiteStore(shared, "/b/"), 2).named == []


def test_an_older_release_that_moves_its_game_on_again_updates_its_one_entry() -> None:
    """Each time the older copy moves its game on, the next start updates the one entry
    kept beside (it added another "Game from before ..." entry each time); a name given
    to the entry here stays. Another game of the older copy gets an entry of its own."""
    shared = MemoryStore()
    shared.setItem(AUTOSAVE_KEY, record_text(moves=1))
    a, _ = open_site_store(shared, "/a/", now=1)
    a.setItem(AUTOSAVE_KEY, record_text(moves=5))
    for now, moves in ((2, 2), (3, 3), (4, 4)):
        shared.setItem(AUTOSAVE_KEY, record_text(moves=moves))
        a, messages = open_site_store(shared, "/a/", now=now)
        named = scan(a, now).named
        assert len(named) == 1 and len(named[0].game.moves) == moves, (now, named)
        assert named[0].name == ("Bob's old game" if now > 2 else LEGACY_AUTOSAVE_NAME)
        if now == 2:
            assert rename_named(a, named[0], "Bob's old game") is None
    other = json.loads(record_text(moves=2))
    other["game_id"] = "gnew"
    shared.setItem(AUTOSAVE_KEY, json.dumps(other))
    a, _ = open_site_store(shared, "/a/", now=5)
    assert sorted(r.name for r in scan(a, 6).named) == ["Bob's old game", LEGACY_AUTOSAVE_NAME]


def repeated_summary() -> str:
    """The probe's line under Continue: an id of ``{a}`` repeated 250 times whose argument
    is again such a message, four deep (3 kB that fill to 250**4 characters)."""
    message: dict[str, object] = {"m": "x", "a": {}}
    for _ in range(4):
        message = {"m": "{a}" * 250, "a": {"a": message}}
    return json.dumps({"v": 1, "text": "A saved game.", "msg": message})


def test_a_repeated_argument_summary_is_set_aside_at_the_start_under_either_key() -> None:
    """The probe's summary under this copy's key is set aside at the start with its
    notice; under the plain key (an older release's, or any page of the origin) it is not
    copied in (the line under Continue is made from the autosave, which is) and stays
    where it was. Every game is kept."""
    from web.play.summary import SUMMARY_KEY
    from web.saves import stored

    hostile = repeated_summary()
    shared = MemoryStore()
    shared.setItem(AUTOSAVE_KEY, record_text())
    shared.setItem(NAMED_PREFIX + "s1", record_text(kind=NAMED_KIND, name="Kept"))
    shared.setItem(SUMMARY_KEY, hostile)
    a, messages = open_site_store(shared, "/a/", now=5)
    assert messages == [] and a.getItem(SUMMARY_KEY) is None, "not copied"
    assert shared.getItem(SUMMARY_KEY) == hostile, "the older release's entry stays"
    assert stored.check_stored(a, 6) == []
    a.setItem(SUMMARY_KEY, hostile)  # this copy's own key, written by any page of the origin
    problems = stored.check_stored(a, 7)
    assert len(problems) == 1 and "The summary of the game played last" in problems[0]
    assert "set aside" in problems[0] and a.getItem(SUMMARY_KEY) is None
    assert [item["raw"] for item in quarantined(a)] == [hostile]
    found = scan(a, 8)
    assert found.autosave is not None and [r.name for r in found.named] == ["Kept"]
