"""Hostile or awkward storage in the browser: nothing stops the start, nothing is lost.

Deeply nested entries set aside or in the saved challenge; a pathological link; two tabs
whose views of localStorage lag behind each other, with bots playing in both; a full
storage. Entries are put in localStorage by init scripts before the page starts, under
the keys of the copy served at the root (`web.store.storage.site_key`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from engine import new_game
from tests.browser.game_helpers import (
    best_move,
    engine_game,
    place_with_mouse,
    start_game,
    wait_idle,
)
from web.play.summary import summary_json
from web.store.kept import FINISHED_KIND, FINISHED_PREFIX
from web.store.storage import (
    AUTOSAVE_KEY,
    AUTOSAVE_KIND,
    CHALLENGE_AUTOSAVE_KEY,
    LANG_KEY,
    LEGACY_TAKEN_KEY,
    NAMED_KIND,
    NAMED_PREFIX,
    PUZZLES_KEY,
    QUARANTINE_PREFIX,
    SETTINGS_KEY,
    SOLO_BEST_KEY,
    STATS_KEY,
    SUMMARY_KEY,
    Record,
    UiState,
    site_key,
)

Opener = Callable[..., float]
SITE = "/"  # the test server serves the repository at its root
DEEP = "[" * 200_000 + "]" * 200_000


#: The page has written the last move's autosave (or has no game screen yet).
SAVED = "!window.ingenious || window.ingenious.saved()"


def key(name: str) -> str:
    return site_key(name, SITE)


def seed_once(page: Page, items: dict[str, str], script: str = "") -> None:
    """Put entries in localStorage before the page's scripts run, once per tab."""
    page.add_init_script(
        script="(() => {" + script + "if (sessionStorage.getItem('seeded')) return;"
        "sessionStorage.setItem('seeded', '1');"
        f"for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        "})()"
    )


def stored(page: Page, name: str = AUTOSAVE_KEY) -> Any:
    """The stored value, once the page has written the last move's autosave (it waits
    for the paint after the move: `window.ingenious.saved()`)."""
    page.wait_for_function(SAVED)
    raw = page.evaluate(f"localStorage.getItem({json.dumps(key(name))})")
    return None if raw is None else json.loads(raw)


def state(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("window.ingenious.state()")
    return result


def saves_info(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("window.ingeniousSaves.info()")
    return result


def play_human_move(page: Page) -> None:
    """The person's move with the mouse; then wait until any bot reply is in."""
    wait_idle(page)
    before = len(state(page)["moves"])
    place_with_mouse(page, best_move(engine_game(page)))
    page.wait_for_function(f"window.ingenious.state().moves.length > {before}")
    wait_idle(page)


# --- hostile entries and links ------------------------------------------------------------------
def test_deeply_nested_entries_are_reported_and_the_page_starts(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """A set-aside entry and the saved challenge, each nested 200,000 deep: the page
    starts, says what is wrong, and keeps both entries (the challenge is set aside too;
    both download with their exact text)."""
    aside = key(QUARANTINE_PREFIX + "1-deep")
    seed_once(page, {aside: DEEP, key(CHALLENGE_AUTOSAVE_KEY): DEEP})
    open_ready(page, server_url)
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#set-aside")).to_contain_text("2 stored entries")
    expect(page.locator("#saves-notice")).to_contain_text("The saved challenge could not be")
    expect(page.locator("#ch-continue-info")).not_to_contain_text("nested")
    with page.expect_download() as download:
        page.click("#aside-download")
    kept = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert [e["raw"] for e in kept["entries"]] == [DEEP, DEEP]
    assert page.evaluate(f"localStorage.getItem({json.dumps(aside)})") == DEEP
    assert page.evaluate(f"localStorage.getItem({json.dumps(key(CHALLENGE_AUTOSAVE_KEY))})") is None


# Every key the game stores a value under (web/saves/stored.py), each with a value no
# check accepts: nesting, wrong types, format strings, a huge string.
HOSTILE = {
    AUTOSAVE_KEY: DEEP,
    SETTINGS_KEY: '"items"',
    STATS_KEY: json.dumps("x" * 600_000),
    SOLO_BEST_KEY: '{"a":' * 50_000 + "1" + "}" * 50_000,
    CHALLENGE_AUTOSAVE_KEY: "[1, 2]",
    SUMMARY_KEY: '{"v": 1, "text": "{a.b}", "msg": {"m": "{n.b}", "a": "items"}}',
    PUZZLES_KEY: "1e999",
    LEGACY_TAKEN_KEY: '{"ingenious.autosave": 5}',
    LANG_KEY: "{a.b}",
    NAMED_PREFIX + "sbad": '{"kind": "ingenious-named", "record": 1, "name": "{0}", "game": 7}',
    FINISHED_PREFIX + "fbad": json.dumps(
        {"kind": FINISHED_KIND, "record": 1, "game": {"{0}": 1}, "review": "{a.b}"}
    ),
}
# The second start: the line under Continue holds format strings (it is a summary, shown
# as written), every other key another wrong value.
TRAPS = "{a.b} {a.__class__} {b:>999999999} {0}"
HOSTILE_AGAIN = {
    SUMMARY_KEY: json.dumps({"v": 1, "text": TRAPS, "msg": {"m": TRAPS, "a": {"a": "x"}}}),
    SETTINGS_KEY: '{"speed": ["fast"]}',
    STATS_KEY: '{"record": 1, "variants": {"standard": "{a.b}"}}',
    SOLO_BEST_KEY: '[{"name": "{0}", "score": "9"}]',
    CHALLENGE_AUTOSAVE_KEY: '"{0}"',
    PUZZLES_KEY: "[[[[[]]]]]",
    LEGACY_TAKEN_KEY: "[]",
    LANG_KEY: "x" * 100_000,
}


def set_aside(page: Page) -> set[tuple[str, str]]:
    """The set-aside entries: where each came from (logical key) and its exact text."""
    entries: list[dict[str, Any]] = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.includes('.quarantine.'))"
        ".map((k) => JSON.parse(localStorage.getItem(k)))"
    )
    return {(str(e["from"]), str(e["raw"])) for e in entries}


def test_hostile_values_under_every_key_never_stop_the_start(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Every key the game uses, written with hostile values (two starts, each key a
    different value): the game starts, says what it set aside (one notice per key), sets
    each aside with its exact text, and keeps the other saves; the line under Continue,
    full of format strings, is shown as written."""
    named = Record(NAMED_KIND, new_game("duel", 2, seed=3, names=["Ann", "Bob"]),
                   ["human", "human"], name="Kept", saved_at=1.7e12)  # fmt: skip
    seed_once(page, {key(k): v for k, v in HOSTILE.items()}
              | {key(NAMED_PREFIX + "skept"): json.dumps(named.to_json())})  # fmt: skip
    open_ready(page, server_url)
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#saves-list .save-name")).to_have_text(["Kept"])
    said = [m for m in saves_info(page)["messages"] if "set aside" in m]
    assert len(said) == len(HOSTILE), said
    assert set_aside(page) == set(HOSTILE.items())
    assert all(page.evaluate(f"localStorage.getItem({json.dumps(key(k))})") is None
               for k in HOSTILE)  # fmt: skip

    game = new_game("standard", 2, seed=8, names=["Ann", "Bob"])
    game.apply(game.legal_moves()[0])
    autosave = Record(AUTOSAVE_KIND, game, ["human", "human"], UiState(None, "start"),
                      rev=1, game_id="gone", tab="tone", saved_at=1.7e12)  # fmt: skip
    again = {key(k): v for k, v in HOSTILE_AGAIN.items()}
    again[key(AUTOSAVE_KEY)] = json.dumps(autosave.to_json())
    page.evaluate("(items) => Object.entries(items).forEach(([k, v]) => "
                  "localStorage.setItem(k, v))", again)  # fmt: skip
    open_ready(page, page.url)
    expect(page.locator("#continue-info")).to_have_text(TRAPS)
    said = [m for m in saves_info(page)["messages"] if "set aside" in m]
    assert len(said) == len(HOSTILE_AGAIN) - 1, said
    later = {(k, v) for k, v in HOSTILE_AGAIN.items() if k != SUMMARY_KEY}
    assert set_aside(page) == set(HOSTILE.items()) | later
    expect(page.locator("#saves-list .save-name")).to_have_text(["Kept"])
    page.click("#continue-game")
    expect(page.locator("#game")).to_be_visible()
    assert state(page)["moves"] == game.moves


def test_a_pathological_link_is_refused_without_freezing_the_page(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """A 107,000-character `#game=` link of escaped quotes (it once held the loading screen
    for minutes): the page is ready in the usual time and says the link is broken."""
    payload = "%7B%22" + "%5C%22" * 53_500
    assert len(payload) > 107_000
    open_ready(page, f"{server_url}#game={payload}")
    expect(page.locator("#saves-notice")).to_contain_text("cannot be opened")
    expect(page.locator("#start")).to_be_visible()


# --- two tabs ------------------------------------------------------------------------------------
# A tab's copy of localStorage learns of another tab's writes a moment later, and their
# storage events come then too. This makes the lag long and certain in one tab: from
# freezeAutosave() on, reads of the autosave return what was stored then, and storage
# events for it are held back, until the tab writes the autosave itself.
STALE_VIEW = """
(() => {
  const realGet = Storage.prototype.getItem, realSet = Storage.prototype.setItem;
  let frozen = null;
  const held = [];
  window.freezeAutosave = (key) => { frozen = {key, value: realGet.call(localStorage, key)}; };
  Storage.prototype.getItem = function (k) {
    return frozen && k === frozen.key ? frozen.value : realGet.call(this, k);
  };
  Storage.prototype.setItem = function (k, v) {
    const result = realSet.call(this, k, v);
    if (frozen && k === frozen.key) {
      frozen = null;
      setTimeout(() => held.splice(0).forEach((e) => window.dispatchEvent(new StorageEvent(
        'storage', {key: e.key, oldValue: e.oldValue, newValue: e.newValue, url: e.url,
                    storageArea: localStorage}))), 0);
    }
    return result;
  };
  window.addEventListener('storage', (event) => {
    if (frozen && event.key === frozen.key && event.isTrusted) {
      held.push(event);
      event.stopImmediatePropagation();
    }
  }, true);
})();
"""

CONFLICT_JS = "document.getElementById('conflict') !== null"


@pytest.mark.slow
def test_two_tabs_with_bots_never_leave_the_autosave_behind(
    context: BrowserContext, page: Page, server_url: str, open_ready: Opener
) -> None:
    """Both tabs play the same game against a bot. Tab A, whose view of the storage lags,
    plays on from an older state and writes it over tab B's newer one. Whatever the order
    of what follows, the autosave ends at the furthest state, exactly one tab is told
    that the other changed the game, what it is told is true, and loading gives it the
    stored state."""
    first, second = page, context.new_page()
    first.add_init_script(script=STALE_VIEW)
    open_ready(first, server_url)
    start_game(first, "standard", seats=["human", "beginner"], names=["Ann", "Bot"], seed=21)
    play_human_move(first)
    open_ready(second, server_url)
    expect(second.locator("#game")).to_be_visible()
    wait_idle(second)
    assert state(second) == state(first)

    first.evaluate(f"window.freezeAutosave({json.dumps(key(AUTOSAVE_KEY))})")
    play_human_move(second)  # B: its move and the bot's reply
    play_human_move(first)  # A: its own move from the older state, and its bot's reply

    in_conflict: list[Page] = []
    for _ in range(300):  # two pages: poll both until a tab shows the conflict (30 s)
        in_conflict = [t for t in (first, second) if t.evaluate(CONFLICT_JS)]
        if in_conflict:
            break
        first.wait_for_timeout(100)
    assert len(in_conflict) == 1, "exactly one tab is told the game changed elsewhere"
    behind = in_conflict[0]
    ahead = second if behind is first else first
    ahead.wait_for_function("!window.ingenious.busy()")
    record = stored(ahead)
    assert {k: v for k, v in record["game"].items() if k != "seats"} == state(ahead)
    assert record["rev"] == max(saves_info(first)["rev"], saves_info(second)["rev"])
    text = behind.locator("#conflict").inner_text()
    if "newer state" in text:
        assert record["rev"] > saves_info(behind)["rev"]
    else:
        assert "different state" in text and record["rev"] == saves_info(behind)["rev"]
    behind.locator("#conflict").get_by_role("button").first.click()
    expect(behind.locator("#conflict")).to_have_count(0)
    wait_idle(behind)
    assert state(behind) == state(ahead)
    assert not ahead.evaluate(CONFLICT_JS), "the tab that is ahead was never told otherwise"
    assert stored(ahead)["rev"] == record["rev"]
    second.close()


# A tab that opens while another plays: its view of the autosave still holds an older
# record (OLD), and every write it makes to the autosave is logged with the revision
# stored just before (window.autosaveWrites).
STALE_START = """
(([key, old]) => {
  const realGet = Storage.prototype.getItem, realSet = Storage.prototype.setItem;
  let frozen = true;
  window.autosaveWrites = [];
  Storage.prototype.getItem = function (k) {
    return frozen && k === key ? old : realGet.call(this, k);
  };
  Storage.prototype.setItem = function (k, v) {
    if (k === key) {
      const stored = JSON.parse(realGet.call(this, k));
      window.autosaveWrites.push([JSON.parse(v).rev, stored.rev]);
      frozen = false;
    }
    return realSet.call(this, k, v);
  };
})
"""


def test_a_tab_that_opens_with_a_stale_view_never_writes_an_older_state(
    context: BrowserContext, page: Page, server_url: str, open_ready: Opener
) -> None:
    """Tab A plays on; tab B opens while its view of the storage still holds the state 4
    moves back. B shows that state but writes nothing older than what is stored: the
    autosave stays A's newest state."""
    open_ready(page, server_url)
    start_game(page, "standard", seats=["human", "beginner"], names=["Ann", "Bot"], seed=21)
    play_human_move(page)
    page.wait_for_function(SAVED)
    older = page.evaluate(f"localStorage.getItem({json.dumps(key(AUTOSAVE_KEY))})")
    for _ in range(2):
        play_human_move(page)  # with the bot's reply: 4 moves on
    newest = stored(page)
    assert newest["rev"] > json.loads(older)["rev"]
    second = context.new_page()
    second.add_init_script(script=STALE_START + f"({json.dumps([key(AUTOSAVE_KEY), older])})")
    open_ready(second, server_url)
    expect(second.locator("#game")).to_be_visible()
    assert len(state(second)["moves"]) == len(json.loads(older)["game"]["moves"])
    writes = second.evaluate("window.autosaveWrites")
    assert all(rev >= before for rev, before in writes), f"wrote backwards: {writes}"
    assert stored(page) == newest
    second.close()


# --- full storage --------------------------------------------------------------------------------
FULL_AFTER_SEED = """
(() => {
  const LIMIT = 60000;
  const realSet = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    let used = 0;
    for (let i = 0; i < this.length; i++) {
      const name = this.key(i);
      if (name !== k) used += name.length + (this.getItem(name) || '').length;
    }
    if (used + String(k).length + String(v).length > LIMIT) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return realSet.call(this, k, v);
  };
})();
"""


def test_full_storage_keeps_continue_named_saves_and_delete_working(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """With the storage full: the game goes on in memory and Continue offers it after
    ☰ Menu; saving under a name keeps the game in Saved games (saying until when);
    Delete and Undo work and no message advises deleting saves to delete."""
    old = new_game("standard", 2, seed=5, names=["Old", "Game"])
    old.apply(old.legal_moves()[0])
    named = Record(NAMED_KIND, old, ["human", "human"], name="Old game", saved_at=1.7e12)
    named.game_id = "gold"
    filler = "x" * (60_000 - 150 - len(json.dumps(named.to_json())))
    seed_once(
        page,
        {key(NAMED_PREFIX + "sold"): json.dumps(named.to_json()), "filler": filler},
        script=FULL_AFTER_SEED,
    )
    open_ready(page, server_url)
    expect(page.locator("#saves-list .save-name")).to_have_text(["Old game"])
    start_game(page, "standard", seats=["human", "human"], names=["Ann", "Bob"], seed=6)
    expect(page.locator("#saves-notice")).to_contain_text("storage is full")
    for _ in range(2):
        if page.locator("#pass-screen").is_visible():
            page.click("#pass-ready")
        play_human_move(page)
    played = state(page)
    assert stored(page) is None
    if page.locator("#pass-screen").is_visible():
        page.click("#pass-ready")

    page.click("#menu-button")
    expect(page.locator("#continue-game")).to_be_enabled()
    expect(page.locator("#continue-info")).to_contain_text("2 moves played")
    page.fill("#save-name", "Kept in memory")
    page.click("#save-named")
    entry = page.locator("#saves-list .save-entry", has_text="Kept in memory")
    expect(entry.locator(".save-meta")).to_contain_text("not stored")
    expect(page.locator("#saves-notice")).to_contain_text("until this page is closed")

    old_entry = page.locator("#saves-list .save-entry", has_text="Old game")
    old_entry.get_by_role("button", name="Delete: Old game").click()
    expect(old_entry).to_have_count(0)
    assert "delete the save" not in page.locator("#saves-notice").inner_text()
    page.locator(".toast").get_by_role("button", name="Undo").click()
    expect(page.locator("#saves-list .save-entry", has_text="Old game")).to_have_count(1)

    page.click("#continue-game")
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == played


def sized_save(name: str, moves: int, size: int = 0) -> str:
    """A named save's stored text: ``moves`` moves, or of about ``size`` characters (more
    moves, then a padded player name)."""
    game = new_game("standard", 2, seed=5, names=["Old", "Game"])
    record = Record(NAMED_KIND, game, ["human", "human"], name=name, saved_at=1.7e12)
    record.game_id = "g" + name.lower()

    def text() -> str:
        return json.dumps(record.to_json(), separators=(",", ":"))

    while len(game.moves) < moves or len(text()) + 30 < size:
        game.apply(game.legal_moves()[0])
    game.names[1] += "n" * max(0, min(size - len(text()), 36))
    assert not size or abs(len(text()) - size) < 2, (len(text()), size)
    return text()


def test_the_room_two_deletes_free_on_a_full_storage_keeps_the_game_and_the_held_save(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """The storage is full: the game goes on in memory and a save under a name is held in
    memory. The player deletes a small old save (room for neither), then a large one: the
    room goes to the held save and the game (not to the line under Continue or a copy
    kept for Undo), so after a reload Continue resumes the game and the held save is
    listed. The sizes leave less room than the two need plus the line under Continue."""
    game = new_game("standard", 2, seed=6, names=["Ann", "Bob"])
    for _ in range(2):
        game.apply(best_move(game))
    ids = {"game_id": "g" + "0" * 12, "saved_at": 1.7e12}
    playing = Record(AUTOSAVE_KIND, game, ["human", "human"], UiState(None, "start"), rev=2,
                     tab="t" + "0" * 12, **ids)  # type: ignore[arg-type]  # fmt: skip
    held = Record(NAMED_KIND, game, ["human", "human"], UiState(None, "start"),
                  name="Kept in memory", **ids)  # type: ignore[arg-type]  # fmt: skip
    keyed = len(key(NAMED_PREFIX + "s" + "0" * 12))
    need = len(key(AUTOSAVE_KEY)) + len(json.dumps(playing.to_json(), separators=(",", ":")))
    need += keyed + len(json.dumps(held.to_json(), separators=(",", ":")))
    line = len(key(SUMMARY_KEY)) + len(summary_json(game, 1.7e12))
    small = sized_save("Small", 1)
    large = sized_save("Large", 1, need + line // 2 - len(small) - 2 * keyed)
    assert len(small) + keyed + 5 < need // 2, "the first delete's room holds neither"
    seeded = {key(NAMED_PREFIX + "ssmall"): small, key(NAMED_PREFIX + "slarge"): large}
    used = sum(len(k) + len(v) for k, v in seeded.items())
    seed_once(page, seeded | {"filler": "x" * (60_000 - used - len("filler") - 5)},
              script=FULL_AFTER_SEED)  # fmt: skip
    open_ready(page, server_url)
    start_game(page, "standard", seats=["human", "human"], names=["Ann", "Bob"], seed=6)
    expect(page.locator("#saves-notice")).to_contain_text("delete old saves")
    for _ in range(2):
        if page.locator("#pass-screen").is_visible():
            page.click("#pass-ready")
        play_human_move(page)
    played = state(page)
    assert played["moves"] == game.moves and stored(page) is None
    if page.locator("#pass-screen").is_visible():
        page.click("#pass-ready")
    page.click("#menu-button")
    page.fill("#save-name", "Kept in memory")
    page.click("#save-named")
    expect(page.locator("#saves-list .save-entry", has_text="Kept in memory")).to_contain_text(
        "not stored"
    )
    for name in ("Small", "Large"):
        entry = page.locator("#saves-list .save-entry", has_text=name)
        entry.get_by_role("button", name=f"Delete: {name}").click()
        expect(entry).to_have_count(0)
    autosaved = stored(page)
    assert autosaved is not None and autosaved["game"]["moves"] == played["moves"]
    open_ready(page, page.url)  # a reload: the same tab, nothing seeded again
    expect(page.locator("#saves-list .save-name")).to_have_text(["Kept in memory"])
    page.click("#continue-game")
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == played


# --- kept messages and reviews made hostile -----------------------------------------------------
def repeated_summary() -> str:
    """The probe's line under Continue: an id of ``{a}`` repeated 250 times whose argument
    is again such a message, four deep: 3 kB that fill to 250**4 characters (every start
    ended in "join() result is too long for a Python string")."""
    message: dict[str, Any] = {"m": "x", "a": {}}
    for _ in range(4):
        message = {"m": "{a}" * 250, "a": {"a": message}}
    return json.dumps({"v": 1, "text": "A saved game.", "msg": message})


def test_a_repeated_argument_summary_is_set_aside_at_the_start_and_every_game_kept(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """The probe's summary under this copy's key and under the plain key of an older
    release: the page starts (twice), sets this copy's aside with its notice, leaves the
    plain one where it is without copying it in, and keeps the autosaved and named games."""
    hostile = repeated_summary()
    game = new_game("standard", 2, seed=8, names=["Ann", "Bob"])
    for _ in range(2):
        game.apply(best_move(game))
    autosave = Record(AUTOSAVE_KIND, game, ["human", "human"], UiState(None, "start"), rev=2,
                      game_id="g" + "1" * 12, tab="t" + "1" * 12, saved_at=1.7e12)  # fmt: skip
    named = Record(NAMED_KIND, new_game("duel", 2, seed=3, names=["Cy", "Di"]),
                   ["human", "human"], name="Kept", saved_at=1.7e12)  # fmt: skip
    seed_once(page, {key(SUMMARY_KEY): hostile, SUMMARY_KEY: hostile,
                     key(AUTOSAVE_KEY): json.dumps(autosave.to_json()),
                     key(NAMED_PREFIX + "skept"): json.dumps(named.to_json())})  # fmt: skip
    open_ready(page, server_url)
    expect(page.locator("#start")).to_be_visible()
    said = [m for m in saves_info(page)["messages"] if "set aside" in m]
    assert len(said) == 1 and "The summary of the game played last" in said[0], said
    assert set_aside(page) == {(SUMMARY_KEY, hostile)}
    assert page.evaluate(f"localStorage.getItem({json.dumps(SUMMARY_KEY)})") == hostile
    expect(page.locator("#saves-list .save-name")).to_have_text(["Kept"])
    expect(page.locator("#continue-info")).to_contain_text("Ann, Bob")
    open_ready(page, page.url)  # a second start: nothing more to set aside, nothing copied
    assert not [m for m in saves_info(page)["messages"] if "set aside" in m]
    assert page.evaluate(f"localStorage.getItem({json.dumps(key(SUMMARY_KEY))})") is None
    page.click("#continue-game")
    expect(page.locator("#game")).to_be_visible()
    assert state(page)["moves"] == game.moves


def wrong_typed_reviews() -> dict[str, str]:
    """The crafted links' texts with a value of the wrong type where the Review screen
    reads it (tools/bench_hostile.py): each made the screen raise once pressed."""
    from tools.bench_hostile import crafted

    return {label: text for label, text in crafted().items() if not label.startswith("25 kB")}


def short_shared(change: dict[str, Any]) -> str:
    """An unfinished game (8 moves) with a partial review whose first result is made a
    mistake with ``change``, as a file or a link carries it."""
    from tests.web.test_store_kept import short_game, stored
    from web.saves.share import shared_dict

    review = stored(2)
    review["results"][0].update(cost=0.3, mistake=True, **change)
    return json.dumps(shared_dict(short_game(), ["human", "casual"], review))


DROPPED_SHARED = "The review that came with this game could not be used"


def clear_notice(page: Page) -> None:
    """Dismiss the notice (a notice already shown is not said twice)."""
    close = page.locator("#saves-notice").get_by_role("button", name="Dismiss")
    if close.is_visible():
        close.click()
    expect(page.locator("#saves-notice")).to_be_hidden()


FRESH = re.compile("Starting the analysis|Analysing move")


def test_a_crafted_review_in_a_link_or_a_file_is_dropped_with_a_notice_and_the_game_plays(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Each wrong-typed review, in a link (a second link in the same tab) and in an
    imported file: a notice says the review was dropped, the game is offered (a link) or
    kept among the finished games (a file), Review makes the review again from the start;
    a 25 kB review of long texts is refused the same way. The unfinished game of such a
    link is played from there."""
    from tools.bench_hostile import crafted, fragment

    links = wrong_typed_reviews()
    links["25 kB of long texts"] = crafted()["25 kB of long texts"]
    open_ready(page, server_url)
    offer, viewer, review = (
        page.locator("#shared-game"),
        page.locator("#replay"),
        page.locator("#review"),
    )
    for label, text in links.items():
        clear_notice(page)
        page.evaluate(f"location.hash = {json.dumps(fragment(text))}")
        expect(offer).to_be_visible()
        said = saves_info(page)["messages"]
        assert any(DROPPED_SHARED in m for m in said), (label, said)
        offer.get_by_role("button", name="Watch the replay").click()
        viewer.get_by_role("button", name="Review").click()
        expect(review.locator("#review-status")).to_have_text(FRESH)
        review.get_by_role("button", name="Close").click()
        expect(review).to_have_count(0)
        viewer.get_by_role("button", name="Close the replay").click()
        offer.get_by_role("button", name="Dismiss").click()
        file = {"name": "crafted.json", "mimeType": "application/json", "buffer": text.encode()}
        clear_notice(page)
        page.set_input_files("#import-file", files=[file])  # type: ignore[list-item]
        # The notice was dismissed above, so it shows again only once this file is read
        # (the toast of the previous file may still be on screen).
        expect(page.locator("#saves-notice")).to_contain_text(DROPPED_SHARED)
        expect(page.locator(".toast", has_text="into Finished games").last).to_be_visible()
        assert any(DROPPED_SHARED in m for m in saves_info(page)["messages"]), label
    entry = page.locator("#finished-list .finished-entry")
    expect(entry).to_have_count(1)  # one game, kept once
    expect(entry.locator(".save-meta")).to_contain_text("not reviewed yet")

    text = short_shared({"lesson": 0})
    clear_notice(page)
    page.evaluate(f"location.hash = {json.dumps(fragment(text))}")
    expect(offer).to_be_visible()
    assert any(DROPPED_SHARED in m for m in saves_info(page)["messages"])
    offer.get_by_role("button", name="Play from here").click()
    expect(page.locator("#game")).to_be_visible()
    if page.locator("#pass-screen").is_visible():
        page.click("#pass-ready")
    play_human_move(page)
    assert len(state(page)["moves"]) >= 9


def test_a_crafted_review_kept_in_storage_is_dropped_with_a_notice_and_the_game_plays(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """A finished game whose kept review holds a lesson that is a number (the Review screen
    raised a Python traceback and did not open), and a named save whose review's chances
    are an object: the page starts; Review says the kept review was dropped and makes it
    again; the named save loads and plays."""
    from tests.web.test_store_kept import short_game
    from tools.bench_hostile import SEATS, reviewed
    from web.saves.share import parse_shared
    from web.store.kept import finished_key

    game, _ = reviewed()
    bad = json.loads(wrong_typed_reviews()["a lesson that is a number"])["review"]
    record = Record(FINISHED_KIND, game, SEATS, UiState(), game_id="g" + "2" * 12,
                    saved_at=1.7e12)  # fmt: skip
    data = record.to_json() | {"review": bad}
    short = json.loads(short_shared({"chances": {"0": 0.5}}))
    named = Record(NAMED_KIND, parse_shared(json.dumps(short)).game, ["human", "casual"],
                   name="With a review", saved_at=1.7e12)  # fmt: skip
    named_data = named.to_json() | {"review": short["review"]}
    seed_once(page, {key(finished_key(game)): json.dumps(data),
                     key(NAMED_PREFIX + "sreviewed"): json.dumps(named_data)})  # fmt: skip
    open_ready(page, server_url)
    expect(page.locator("#start")).to_be_visible()
    assert set_aside(page) == set(), "a damaged review never costs its game"
    entry = page.locator("#finished-list .finished-entry")
    entry.get_by_role("button", name="Review: Ann, Bob (casual bot)").click()
    review = page.locator("#review")
    expect(review.locator("#review-status")).to_have_text(FRESH)
    said = saves_info(page)["messages"]
    assert any("The review kept with this game could not be used" in m for m in said), said
    review.get_by_role("button", name="Close").click()
    saved = page.locator("#saves-list .save-entry", has_text="With a review")
    saved.get_by_role("button", name="Load: With a review").click()
    expect(page.locator("#game")).to_be_visible()
    assert state(page)["moves"] == short_game().moves
    play_human_move(page)
    assert len(state(page)["moves"]) > len(short_game().moves)
