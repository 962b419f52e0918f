"""Hostile or awkward storage in the browser: nothing stops the start, nothing is lost.

Deeply nested entries set aside or in the saved challenge; a pathological link; two tabs
whose views of localStorage lag behind each other, with bots playing in both; a full
storage. Entries are put in localStorage by init scripts before the page starts, under
the keys of the copy served at the root (`web.store.storage.site_key`).
"""

from __future__ import annotations

import json
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
from web.store.storage import (
    AUTOSAVE_KEY,
    CHALLENGE_AUTOSAVE_KEY,
    NAMED_KIND,
    NAMED_PREFIX,
    QUARANTINE_PREFIX,
    Record,
    site_key,
)

Opener = Callable[..., float]
SITE = "/"  # the test server serves the repository at its root
DEEP = "[" * 200_000 + "]" * 200_000


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
    starts, says what is wrong, and keeps both entries (the set-aside one downloads)."""
    aside = key(QUARANTINE_PREFIX + "1-deep")
    seed_once(page, {aside: DEEP, key(CHALLENGE_AUTOSAVE_KEY): DEEP})
    open_ready(page, server_url)
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#set-aside")).to_contain_text("1 stored entry")
    expect(page.locator("#ch-continue-info")).to_contain_text("nested too deeply")
    with page.expect_download() as download:
        page.click("#aside-download")
    kept = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert [e["raw"] for e in kept["entries"]] == [DEEP]
    assert page.evaluate(f"localStorage.getItem({json.dumps(aside)})") == DEEP
    assert page.evaluate(f"localStorage.getItem({json.dumps(key(CHALLENGE_AUTOSAVE_KEY))})") == DEEP


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


def test_deleting_an_old_save_on_a_full_storage_stores_the_game_held_in_memory(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """The storage is full, so the autosave fails and the game goes on in memory; the
    player deletes an old save, as the message advises; the room it frees goes to the
    game held in memory (not to the deleted save's copy kept for Undo), so a reload
    keeps that game."""
    old = new_game("standard", 2, seed=5, names=["Old", "Game"])
    for _ in range(16):  # a save a little larger than the game held in memory
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
    start_game(page, "standard", seats=["human", "human"], names=["Ann", "Bob"], seed=6)
    expect(page.locator("#saves-notice")).to_contain_text("delete old saves")
    for _ in range(2):
        if page.locator("#pass-screen").is_visible():
            page.click("#pass-ready")
        play_human_move(page)
    held = state(page)
    assert stored(page) is None, "the autosave failed: the game is in memory only"
    if page.locator("#pass-screen").is_visible():
        page.click("#pass-ready")

    page.click("#menu-button")
    old_entry = page.locator("#saves-list .save-entry", has_text="Old game")
    old_entry.get_by_role("button", name="Delete: Old game").click()
    expect(old_entry).to_have_count(0)
    autosaved = stored(page)
    assert autosaved is not None and autosaved["game"]["moves"] == held["moves"]
    open_ready(page, page.url)  # a reload: the same tab, nothing seeded again
    page.click("#continue-game")
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == held
