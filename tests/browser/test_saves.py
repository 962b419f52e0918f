"""Saves in the browser: reload at every awkward moment, bad stored data, full storage, two tabs.

Positions are prepared with the CPython engine (an independent copy of the rules),
stored in localStorage before start-up by an init script that runs once per tab
(later reloads see what the page itself saved), and then played through the page's
real controls. "Same state" means `window.ingenious.state()` (the engine save) is equal.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from engine import new_game
from engine.rules.game import Game
from tests.browser.game_helpers import (
    aim_with_mouse,
    best_move,
    engine_game,
    place_with_mouse,
    start_game,
)
from web.saves import share
from web.saves.entries import KEPT, MAY_CLEAR
from web.saves.replay import frames
from web.store.storage import (
    AUTOSAVE_KIND,
    NAMED_KIND,
    PREFIX,
    Record,
    UiState,
    site_key,
    site_prefix,
)

Opener = Callable[..., float]
AUTOSAVE = "ingenious.autosave"
SITE = "/"  # the test server serves the repository root: keys are stored under its prefix
SLOW = 90_000


# --- helpers ------------------------------------------------------------------------------------
#: The page has written the last move's autosave (or has no game screen yet).
SAVED = "!window.ingenious || window.ingenious.saved()"


def best_play(seed: int, stop: Callable[[Game, str], bool], limit: int = 60) -> tuple[Game, str]:
    """Hot-seat game played by the highest-scoring move (declining swaps) until `stop`
    holds for the next move; returns the game before that move and the move."""
    game = new_game("standard", 2, seed=seed, names=["Ann", "Bob"])
    for _ in range(limit):
        if game.phase == "swap":
            game.apply("pass")
            continue
        move = best_move(game)
        if stop(game, move):
            return game, move
        game.apply(move)
    raise AssertionError(f"seed {seed}: no such moment in {limit} moves")


def leads_to_bonus(game: Game, move: str) -> bool:
    return game.preview(move)["bonus"] > 0


def leads_to_swap(game: Game, move: str) -> bool:
    after = game.copy()
    after.apply(move)
    return after.phase == "swap"


def record_text(game: Game, seats: list[str], ui: UiState | None = None, **fields: Any) -> str:
    record = Record(AUTOSAVE_KIND, game, seats, ui or UiState(), rev=1, game_id="gtest")
    data = record.to_json()
    data.update(fields)
    return json.dumps(data)


def named_text(game: Game, name: str, seats: list[str] | None = None) -> str:
    record = Record(NAMED_KIND, game, seats or ["human"] * game.players, name=name)
    record.saved_at, record.game_id = 1_700_000_000_000, "gnamed"
    return json.dumps(record.to_json())


def seed_storage(page: Page, items: dict[str, str], script: str = "") -> None:
    """Fill this copy's part of localStorage (logical keys, stored under the site's
    prefix) before the page's scripts run, once per tab (not on reloads)."""
    seed_raw(page, {site_key(k, SITE): v for k, v in items.items()}, script)


def seed_raw(page: Page, items: dict[str, str], script: str = "") -> None:
    """Fill localStorage with exactly these keys before the page's scripts run, once per
    tab (not on reloads)."""
    page.add_init_script(
        script="(() => {"
        + script
        + "if (sessionStorage.getItem('seeded')) return;"
        + "sessionStorage.setItem('seeded', '1');"
        + f"for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        + "})()"
    )


def state(page: Page) -> dict[str, Any]:
    return page.evaluate("window.ingenious.state()")


def stored(page: Page, key: str = AUTOSAVE) -> Any:
    """The stored value, once the page has written the last move's autosave (it waits
    for the paint after the move: `window.ingenious.saved()`)."""
    page.wait_for_function(SAVED)
    raw = page.evaluate(f"localStorage.getItem({json.dumps(site_key(key, SITE))})")
    return None if raw is None else json.loads(raw)


def reveal_if_asked(page: Page) -> None:
    if page.locator("#pass-screen").is_visible():
        page.click("#pass-ready")


def play(page: Page, move: str) -> None:
    """Play one placement with the mouse and wait until the page's game took it."""
    before = len(state(page)["moves"])
    reveal_if_asked(page)
    if page.locator('.rack-tile[aria-pressed="true"]').count():
        page.keyboard.press("Escape")  # solo preselects its one tile; start from none
    place_with_mouse(page, move)
    page.wait_for_function(f"window.ingenious.state().moves.length > {before}")


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=SLOW)


def messages(page: Page) -> str:
    return page.locator("#saves-notice").inner_text()


def saves_info(page: Page) -> dict[str, Any]:
    return page.evaluate("window.ingeniousSaves.info()")


def list_checked(page: Page) -> dict[str, Any]:
    """Wait until the page states that every entry the list shows has been checked (its
    game replayed, its thumbnail drawn, a bad one set aside)."""
    page.wait_for_function("window.ingeniousSaves.info().listChecked")
    return saves_info(page)


def storage_keys(page: Page) -> list[str]:
    """The keys in localStorage, this site's under their logical names (`ingenious.…`)."""
    mine = site_prefix(SITE)
    keys: list[str] = page.evaluate("Object.keys(localStorage)")
    return [PREFIX + k[len(mine) :] if k.startswith(mine) else k for k in keys]


# --- reload at awkward moments ------------------------------------------------------------------
def test_reload_in_the_middle_of_bonus_placements_resumes_the_bonus(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """After an Ingenious, the same player still owes a bonus tile after a reload."""
    game, move = best_play(1, leads_to_bonus)
    seed_storage(page, {AUTOSAVE: record_text(game, ["human", "human"], UiState(0))})
    open_ready(page, server_url)
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == game.to_save()
    play(page, move)
    before = state(page)
    after = engine_game(page)
    assert after.current == game.current and after.pending > 0, "a bonus placement is due"
    reload(page)
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == before
    assert page.evaluate("window.ingenious.view()")["pending"] == after.pending
    expect(page.locator("#pass-screen")).to_be_hidden()
    expect(page.locator(".rack-tile[data-slot]:not([disabled])").first).to_be_visible()
    # The status line asks for the bonus tile (not a load report, not an ordinary turn).
    who = after.names[after.current]
    due = f" ({after.pending} bonus tiles due)" if after.pending > 1 else ""
    expect(page.locator("#status")).to_have_text(f"Ingenious! {who}: place your bonus tile{due}.")
    expect(page.locator("#last-move")).to_contain_text("Ingenious!")


def test_reload_at_a_swap_offer_shows_the_offer_again(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    game, move = best_play(5, leads_to_swap)
    seed_storage(page, {AUTOSAVE: record_text(game, ["human", "human"], UiState(game.current))})
    open_ready(page, server_url)
    play(page, move)
    expect(page.locator("#swap-offer")).to_be_visible()
    before = state(page)
    reload(page)
    assert state(page) == before
    expect(page.locator("#swap-offer")).to_be_visible()
    page.click("#swap-no")
    page.wait_for_function(f"window.ingenious.state().moves.length > {len(before['moves'])}")
    assert state(page)["moves"][-1] == "pass"


def test_reload_at_the_hot_seat_pass_screen_keeps_the_rack_hidden(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """The pass screen was showing: it shows again (for the same player), rack hidden."""
    open_ready(page, server_url)
    start_game(page, seats=["human", "human"], names=["Ann", "Bob"], seed=4)
    reveal_if_asked(page)
    play(page, best_move(engine_game(page)))
    expect(page.locator("#pass-screen")).to_be_visible()
    before = state(page)
    reload(page)
    assert state(page) == before
    expect(page.locator("#pass-screen")).to_be_visible()
    expect(page.locator("#pass-title")).to_have_text("Pass to Bob")
    assert page.evaluate("window.ingenious.rack()") == []
    page.click("#pass-ready")
    expect(page.locator(".rack-tile[data-slot]")).to_have_count(6)
    reload(page)
    expect(page.locator("#pass-screen")).to_be_hidden()  # Bob had confirmed: still his rack
    expect(page.locator(".rack-tile[data-slot]")).to_have_count(6)


#: In one task (no paint in between): the mouse presses on the aimed cell, then the page is
#: hidden. What the page says and stores before and after `pagehide`.
PRESS_THEN_HIDE = """([x, y]) => {
  const key = Object.keys(localStorage).find((k) => k.endsWith('.autosave'));
  const moves = () => JSON.parse(localStorage.getItem(key)).game.moves.length;
  const canvas = document.getElementById('board-canvas');
  canvas.dispatchEvent(new PointerEvent('pointerdown', {clientX: x, clientY: y, button: 0,
    pointerType: 'mouse', bubbles: true}));
  const played = window.ingenious.state().moves.length;
  const before = [window.ingenious.saved(), moves()];
  window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: false}));
  return {played, before, after: [window.ingenious.saved(), moves()]};
}"""


def test_a_move_is_autosaved_when_the_page_is_closed_before_its_next_paint(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """A move's autosave waits for the paint after the move (the tap shows first); a page
    closed or hidden before that paint writes it at once."""
    open_ready(page, server_url)
    start_game(page, seats=["human", "beginner"], names=["Ann", "Bot"], seed=8, speed="slow")
    page.wait_for_function("!window.ingenious.busy()")
    page.wait_for_function(SAVED)
    move = best_move(engine_game(page))
    x, y = aim_with_mouse(page, move)
    seen = page.evaluate(PRESS_THEN_HIDE, [x, y])
    assert seen["played"] == 1
    assert seen["before"] == [False, 0], "the autosave was written before the paint"
    assert seen["after"] == [True, 1], "pagehide did not write the move's autosave"
    assert stored(page)["game"]["moves"] == [move]


def test_reload_while_the_bot_thinks_lets_it_think_again(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    open_ready(page, server_url)
    start_game(page, seats=["human", "beginner"], names=["Ann", "Bot"], seed=8, speed="slow")
    page.wait_for_function("!window.ingenious.busy()")
    move = best_move(engine_game(page))
    place_with_mouse(page, move)
    saved = stored(page)
    assert saved["game"]["moves"] == [move], "autosaved before the bot moved"
    reload(page)
    expect(page.locator("#game")).to_be_visible()
    assert state(page)["moves"][:1] == [move]
    page.wait_for_function("window.ingenious.state().moves.length >= 2", timeout=SLOW)
    assert state(page)["moves"][0] == move
    assert stored(page)["game"]["moves"] == state(page)["moves"]


# --- bad stored data ----------------------------------------------------------------------------
HOSTILE_NAME = '<img src=x onerror="window.pwned=1">'


def test_corrupt_and_hostile_entries_are_set_aside_and_the_app_starts(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Truncated, unknown-version, wrong-type and markup entries: messages, quarantine,
    a normal start, other saves untouched, names shown as text."""
    good = new_game("standard", 2, seed=3, names=["<b>Ann</b>", "Bob"])
    good.apply(good.legal_moves()[0])
    truncated = named_text(good, "cut")[:150]
    future = json.loads(named_text(good, "future"))
    future["game"]["version"] = 99
    wrong = json.loads(named_text(good, "wrong"))
    wrong["rev"] = "many"
    huge = json.loads(named_text(good, "huge"))
    huge["game"]["seed"] = 10**400
    items = {
        AUTOSAVE: '{"kind": "ingenious-autosave", "record": 1, "game": ',
        "ingenious.save.good": named_text(good, HOSTILE_NAME),
        "ingenious.save.cut": truncated,
        "ingenious.save.future": json.dumps(future),
        "ingenious.save.wrong": json.dumps(wrong),
        "ingenious.save.huge": json.dumps(huge),
        "ingenious.save.deep": "[" * 100_000,
        "ingenious.stats": '{"record": 1, "variants": {"standard": {"played": -5}}}',
        "ingenious.solo-best": '[{"name": "x", "score": "<script>"}]',
        "ingenious.settings": "[]",
        "other.app": "not ours",
    }
    seed_storage(page, items)
    open_ready(page, server_url)
    expect(page.locator("#start")).to_be_visible()
    # A save whose game fails its replay is set aside when the list shows it.
    text = "\n".join(list_checked(page)["messages"])
    assert "newer than this program" in text and "not valid JSON" in text
    assert "nested too deeply" in text and "'rev' must be a number" in text
    assert "seed must be between" in text and "statistics could not be opened" in text
    assert page.locator("#saves-notice p").count() == len(items) - 2
    keys = storage_keys(page)
    for key in items:
        if key not in ("ingenious.save.good", "other.app"):
            assert key not in keys, f"{key} was not set aside"
    quarantined = [k for k in keys if k.startswith("ingenious.quarantine.")]
    assert len(quarantined) == len(items) - 2
    kept = [stored(page, k) for k in quarantined]
    assert {k["from"] for k in kept} == set(items) - {"ingenious.save.good", "other.app"}
    assert any(k["raw"] == truncated for k in kept), "set aside verbatim"
    assert page.evaluate("localStorage.getItem('other.app')") == "not ours"
    # The player can take the set-aside entries away as one file, then remove them
    # (the first click only asks); nothing else is touched.
    aside = page.locator("#set-aside")
    expect(aside).to_contain_text(f"{len(quarantined)} stored entries")
    with page.expect_download() as download:
        page.click("#aside-download")
    taken = json.loads(Path(download.value.path()).read_text())
    assert taken["format"] == "ingenious-set-aside"
    assert sorted(e["key"] for e in taken["entries"]) == sorted(quarantined)
    assert any(e["raw"] == truncated for e in taken["entries"])
    page.click("#aside-remove")
    expect(page.locator("#aside-remove")).to_contain_text("Really remove")
    assert sorted(k for k in storage_keys(page) if k in quarantined) == sorted(quarantined)
    page.click("#aside-remove")
    expect(aside).to_be_hidden()
    left = storage_keys(page)
    assert not [k for k in left if k.startswith("ingenious.quarantine.")]
    assert "ingenious.save.good" in left and "other.app" in left
    entry = page.locator("#saves-list .save-entry")
    expect(entry).to_have_count(1)
    expect(entry.locator(".save-name")).to_have_text(HOSTILE_NAME)
    expect(entry.locator(".save-meta")).to_contain_text("<b>Ann</b>")
    assert page.locator("#saves-panel img, #saves-notice img, #saves-list b").count() == 0
    assert page.evaluate("window.pwned") is None
    entry.get_by_role("button", name=f"Load: {HOSTILE_NAME}").click()
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == good.to_save()
    assert page.evaluate("window.pwned") is None


def test_importing_a_broken_file_says_why_and_changes_nothing(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    open_ready(page, server_url)
    before = storage_keys(page)
    page.set_input_files(
        "#import-file",
        files=[{"name": "broken.json", "mimeType": "application/json", "buffer": b'{"format": "i'}],
    )
    expect(page.locator("#saves-notice")).to_contain_text("Could not import “broken.json”")
    assert storage_keys(page) == before
    game = new_game("duel", 2, seed=12, names=["Left", "Right"])
    game.apply(game.legal_moves()[3])
    page.set_input_files(
        "#import-file",
        files=[
            {
                "name": "good.json",
                "mimeType": "application/json",
                "buffer": share.export_text(game, ["human", "casual"]).encode(),
            }
        ],
    )
    entry = page.locator("#saves-list .save-entry")
    expect(entry).to_have_count(1)
    expect(entry.locator(".save-name")).to_have_text("Imported: good.json")
    expect(entry.locator(".save-meta")).to_contain_text("Right (casual bot)")
    # Export gives the same game back as a file; Link carries it in the fragment.
    with page.expect_download() as download:
        entry.get_by_role("button", name="Export: Imported: good.json").click()
    exported = Path(download.value.path()).read_text()
    assert download.value.suggested_filename.startswith("ingenious-duel-")
    assert share.parse_game_text(exported) == (game, ["human", "casual"])
    entry.get_by_role("button", name="Link: Imported: good.json").click()
    link = page.locator(".toast .link-field").input_value()
    assert link.startswith(server_url) and "#game=" in link
    assert share.parse_fragment(link[link.index("#") :]) == (game, ["human", "casual"])
    entry.get_by_role("button", name="Load: Imported: good.json").click()
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == game.to_save()


def test_dropping_a_file_on_the_page_imports_it(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    open_ready(page, server_url)
    game = new_game("solo", 1, seed=2, names=["Sol"])
    text = share.export_text(game, ["human"])
    page.evaluate(
        """(text) => {
          const dt = new DataTransfer();
          dt.items.add(new File([text], 'dropped.json', {type: 'application/json'}));
          document.body.dispatchEvent(new DragEvent('dragover', {dataTransfer: dt, bubbles: true}));
          document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true,
                                                             cancelable: true}));
        }""",
        text,
    )
    expect(page.locator("#saves-list .save-name")).to_have_text(["Imported: dropped.json"])


FULL_STORAGE = """
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (String(key).startsWith('ingenious')) {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  return realSetItem.call(this, key, value);
};
"""


def test_full_storage_gives_a_message_and_the_game_goes_on(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    seed_storage(page, {}, script=FULL_STORAGE)
    open_ready(page, server_url)
    start_game(page, seats=["human", "human"], seed=6)
    expect(page.locator("#saves-notice")).to_contain_text("storage is full")
    for _ in range(2):
        reveal_if_asked(page)
        play(page, best_move(engine_game(page)))
    assert len(state(page)["moves"]) == 2
    assert page.locator("#saves-notice p").count() == 1, "one message, not one per move"
    assert stored(page) is None


UNAVAILABLE = """
Object.defineProperty(window, 'localStorage', {
  get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
});
"""


def test_unavailable_storage_keeps_the_game_in_memory(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    page.add_init_script(script=UNAVAILABLE)
    open_ready(page, server_url)
    expect(page.locator("#saves-notice")).to_contain_text("private mode")
    start_game(page, seats=["human", "human"], seed=6)
    play(page, best_move(engine_game(page)))
    assert page.evaluate("window.ingeniousSaves.info().memoryOnly")
    reveal_if_asked(page)
    page.click("#menu-button")
    page.fill("#save-name", "in memory")
    page.click("#save-named")
    expect(page.locator("#saves-list .save-name")).to_have_text(["in memory"])


# --- two tabs ------------------------------------------------------------------------------------
def test_a_second_tab_notices_the_newer_game_and_never_overwrites_it(
    context: BrowserContext, page: Page, server_url: str, open_ready: Opener
) -> None:
    first = page
    open_ready(first, server_url)
    start_game(first, seats=["human", "human"], seed=9)
    play(first, best_move(engine_game(first)))
    second = context.new_page()
    open_ready(second, server_url)
    expect(second.locator("#game")).to_be_visible()
    assert state(second) == state(first), "the second tab resumed the same game"
    play(first, best_move(engine_game(first)))
    expect(second.locator("#conflict")).to_be_visible()
    # A modal dialog in the top layer (above a game-over card too), holding the focus.
    assert second.evaluate(
        "document.querySelector('#conflict').matches(':modal')"
        " && document.querySelector('#conflict').contains(document.activeElement)"
    )
    newest = stored(first)
    # The stale tab moves on anyway: the newer autosave must not be overwritten.
    stale_move = best_move(engine_game(second))
    second.locator("#conflict").evaluate("n => n.close()")
    play(second, stale_move)
    assert stored(first) == newest
    second.locator("#conflict").evaluate("n => n.showModal()")
    second.get_by_role("button", name="Load the newer state").click()
    expect(second.locator("#conflict")).to_have_count(0)
    assert state(second) == state(first)
    second.close()


def test_keep_playing_as_a_copy_goes_on_in_a_named_save(
    context: BrowserContext, page: Page, server_url: str, open_ready: Opener
) -> None:
    first = page
    open_ready(first, server_url)
    start_game(first, seats=["human", "human"], seed=10)
    second = context.new_page()
    open_ready(second, server_url)
    play(first, best_move(engine_game(first)))
    expect(second.locator("#conflict")).to_be_visible()
    newest = stored(first)
    second.get_by_role("button", name="Keep playing here as a copy").click()
    play(second, best_move(engine_game(second)))
    assert stored(first) == newest
    copy_key = second.evaluate("window.ingeniousSaves.info().bound")
    copy = stored(second, copy_key)
    assert copy["name"].startswith("Copy of") and copy["game"] == {
        **state(second),
        "seats": ["human", "human"],
    }
    second.close()


# --- named saves, continue, links, replay, statistics --------------------------------------------
def test_named_saves_save_rename_delete_undo_and_continue(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    open_ready(page, server_url)
    start_game(page, seats=["human", "casual"], names=["Ann", "Cas"], seed=14)
    page.wait_for_function("!window.ingenious.busy()")
    play(page, best_move(engine_game(page)))
    page.wait_for_function("window.ingenious.state().moves.length >= 2", timeout=SLOW)
    page.wait_for_function("!window.ingenious.busy()")
    saved_state = state(page)
    page.click("#menu-button")
    page.fill("#save-name", "My <i>game</i>")
    page.click("#save-named")
    entry = page.locator("#saves-list .save-entry")
    expect(entry).to_have_count(1)
    expect(entry.locator(".save-name")).to_have_text("My <i>game</i>")
    meta = entry.locator(".save-meta")
    expect(meta).to_contain_text("Standard game")
    expect(meta).to_contain_text("Ann, Cas (casual bot)")
    expect(meta).to_contain_text(f"move {len(saved_state['moves'])}")
    # The thumbnail is the board drawn by the game's renderer: not a blank canvas.
    page.wait_for_function(
        """() => { const c = document.querySelector('#saves-list canvas.thumb');
                   if (!c || !c.width) return false;
                   const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                   return new Set(d).size > 10; }"""
    )
    # Reload on the start screen: it stays there and offers Continue.
    reload(page)
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#continue-game")).to_be_enabled()
    entry.get_by_role("button", name="Rename: My <i>game</i>").click()
    page.fill(".rename-input", "Renamed")
    page.press(".rename-input", "Enter")
    expect(entry.locator(".save-name")).to_have_text("Renamed")
    entry.get_by_role("button", name="Delete: Renamed").click()
    expect(entry).to_have_count(0)
    page.locator(".toast").get_by_role("button", name="Undo").click()
    expect(entry.locator(".save-name")).to_have_text("Renamed")
    entry.get_by_role("button", name="Delete: Renamed").click()
    assert any(k.startswith("ingenious.trash.") for k in storage_keys(page))
    reload(page)
    expect(entry).to_have_count(0)
    assert not any(k.startswith("ingenious.trash.") for k in storage_keys(page))
    page.click("#continue-game")
    expect(page.locator("#game")).to_be_visible()
    assert state(page)["moves"][: len(saved_state["moves"])] == saved_state["moves"]


def test_a_link_with_a_game_offers_it_without_replacing_the_autosave(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    current, _ = best_play(1, lambda g, m: len(g.moves) == 4)
    shared, _ = best_play(2, lambda g, m: len(g.moves) == 6)
    seed_storage(page, {AUTOSAVE: record_text(current, ["human", "human"])})
    open_ready(page, f"{server_url}#{share.fragment_for(shared, ['human', 'strong'])}")
    dialog = page.locator("#shared-game")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.querySelector('#shared-game').matches(':modal')")
    expect(dialog.get_by_role("button", name="Watch the replay")).to_be_focused()
    expect(dialog.locator(".shared-summary")).to_have_text(share.summary(shared))
    assert stored(page)["game"]["moves"] == current.moves, "nothing replaced yet"
    dialog.get_by_role("button", name="Watch the replay").click()
    viewer = page.locator("#replay")
    steps = frames(shared)
    expect(viewer.locator(".replay-step")).to_have_text("Move 0 of 6")  # from the start
    viewer.get_by_role("button", name="Step forward").click()
    expect(viewer.locator(".replay-step")).to_have_text("Move 1 of 6")
    viewer.get_by_role("button", name="Last step").click()
    expect(viewer.locator(".replay-step")).to_have_text("Move 6 of 6")
    viewer.get_by_role("button", name="Step back").click()
    expect(viewer.locator(".replay-step")).to_have_text("Move 5 of 6")
    expect(viewer.locator(".replay-line")).to_have_text(steps[5].line)
    cells = viewer.locator(".replay-scores tr").nth(1).locator("td")
    expect(cells).to_have_text([str(v) for v in steps[5].scores[0][1]])
    viewer.get_by_role("button", name="First step").click()
    expect(viewer.locator(".replay-step")).to_have_text("Move 0 of 6")
    viewer.get_by_role("button", name="Close the replay").click()
    dialog.get_by_role("button", name="Play from here").click()
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == shared.to_save()
    assert "#game=" not in page.url
    kept = [k for k in storage_keys(page) if k.startswith("ingenious.save.")]
    assert len(kept) == 1
    assert stored(page, kept[0])["game"]["moves"] == current.moves, "old game kept"


def test_a_second_link_in_the_same_tab_is_offered_like_the_first(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Opening another #game= link in the tab (only the fragment changes, no reload) shows
    the shared-game offer again, for the new game."""
    first, _ = best_play(1, lambda g, m: len(g.moves) == 2)
    second, _ = best_play(2, lambda g, m: len(g.moves) == 5)
    open_ready(page, f"{server_url}#{share.fragment_for(first, ['human', 'human'])}")
    dialog = page.locator("#shared-game")
    expect(dialog.locator(".shared-summary")).to_have_text(share.summary(first))
    dialog.get_by_role("button", name="Dismiss").click()
    expect(dialog).to_have_count(0)
    page.evaluate(f"location.hash = {json.dumps(share.fragment_for(second, ['human', 'strong']))}")
    expect(dialog.locator(".shared-summary")).to_have_text(share.summary(second))
    dialog.get_by_role("button", name="Play from here").click()
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == second.to_save()


def test_a_quote_in_a_save_key_does_not_stop_the_thumbnails(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Saves are listed and drawn whatever their stored keys hold (no selector is built
    from a key): every entry gets its board picture."""
    game, _ = best_play(3, lambda g, m: len(g.moves) == 4)
    seed_storage(page, {
        'ingenious.save.a"b': named_text(game, "quoted key"),
        "ingenious.save.plain": named_text(game, "plain key"),
    })  # fmt: skip
    open_ready(page, server_url)
    expect(page.locator("#saves-list .save-entry")).to_have_count(2)
    page.wait_for_function(
        """() => [...document.querySelectorAll('#saves-list canvas.thumb')].every(c => {
                   if (!c.width) return false;
                   const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                   return new Set(d).size > 10; })"""
    )
    page.locator("#saves-list .save-entry", has_text="quoted key").get_by_role(
        "button", name="Load: quoted key"
    ).click()
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == game.to_save()


def test_an_older_copys_plain_keys_survive_a_start_of_this_copy(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Saves of a release from before saves were kept per folder (plain `ingenious.…`
    keys) may belong to an older copy still served on this origin: this copy starts with
    its own copy of them, and every plain key keeps its exact text through starts, moves
    and deletes here; a reload does not copy them in again."""
    game, _ = best_play(4, lambda g, m: len(g.moves) == 3)
    kept_game, _ = best_play(5, lambda g, m: len(g.moves) == 2)
    plain = {
        AUTOSAVE: record_text(game, ["human", "human"]),
        "ingenious.save.old": named_text(kept_game, "From the older copy"),
        "ingenious.settings": '{"speed": "fast"}',
    }
    seed_raw(page, plain)
    open_ready(page, server_url)
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == game.to_save(), "this copy resumed its copy of the older game"
    play(page, best_move(engine_game(page)))
    reveal_if_asked(page)
    page.click("#menu-button")
    entry = page.locator("#saves-list .save-entry")
    expect(entry).to_have_count(1)
    entry.get_by_role("button", name="Delete: From the older copy").click()
    expect(entry).to_have_count(0)
    reload(page)
    expect(page.locator("#saves-list .save-entry")).to_have_count(0)
    assert len(stored(page)["game"]["moves"]) == 4
    for key, text in plain.items():
        assert page.evaluate(f"localStorage.getItem({json.dumps(key)})") == text, key


def test_a_thousand_saves_cost_the_start_no_replay_and_show_a_page_at_a_time(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """With 1,000 named saves the start replays none of them (the list reads each save's
    name, date and summary from its text); once the page is ready the list shows the
    newest 20 and checks those (a bad one among them is set aside with a message, nothing
    lost); "Show more" adds the next 20, checked as they show."""
    game, _ = best_play(3, lambda g, m: len(g.moves) == 2)
    template = json.loads(named_text(game, "x"))
    items = {}
    for n in range(1000):
        template["name"], template["saved_at"] = f"Game {n}", 1_700_000_000_000 + n
        items[f"ingenious.save.s{n:04d}"] = json.dumps(template)
    bad = json.loads(items["ingenious.save.s0995"])
    bad["game"]["moves"][1] = "Z9 nonsense"
    items["ingenious.save.s0995"] = json.dumps(bad)
    seed_storage(page, items)
    open_ready(page, server_url)
    info = saves_info(page)
    assert info["replaysAtReady"] == 0
    info = list_checked(page)
    assert info["replays"] == 21, "the 20 shown and the bad one, set aside"
    assert info["listed"] == 999 and info["shown"] == 20
    assert "A saved game could not be opened" in messages(page)
    assert stored(page, "ingenious.save.s0995") is None
    assert any(k.startswith("ingenious.quarantine.") for k in storage_keys(page))
    entries = page.locator("#saves-list .save-entry")
    expect(entries).to_have_count(20)
    expect(entries.first.locator(".save-name")).to_have_text("Game 999")
    expect(page.locator("#saves-more")).to_have_text("Show 20 more of 979")
    page.click("#saves-more")
    expect(entries).to_have_count(40)
    assert list_checked(page)["replays"] == 41
    entries.nth(39).get_by_role("button", name="Load: Game 959").click()
    expect(page.locator("#game")).to_be_visible()
    assert state(page) == game.to_save()


# --- asking the browser to keep the storage ------------------------------------------------------
def keeping_stub(grant: bool) -> str:
    """`navigator.storage.persisted()` and `persist()` as a browser that grants (or
    refuses) the request; `window.keepingAsked` counts the requests of this page."""
    return (
        "(() => { window.keepingAsked = 0;"
        " const kept = () => localStorage.getItem('test.kept') === '1';"
        " navigator.storage.persisted = () => Promise.resolve(kept());"
        " navigator.storage.persist = () => { window.keepingAsked += 1;"
        f" if ({json.dumps(grant)}) localStorage.setItem('test.kept', '1');"
        " return Promise.resolve(kept()); }; })()"
    )


def save_from_the_game_bar(page: Page) -> None:
    count = page.locator("#saves-list .save-entry").count()
    page.click("#save-button")
    page.click("#menu-button")
    expect(page.locator("#saves-list .save-entry")).to_have_count(count + 1)


def test_the_first_named_save_asks_the_browser_once_to_keep_the_saves(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """The panel says what the browser answered at start; the first named save asks it to
    keep the storage (not the start, not the second save), and the panel says it does."""
    keeping = page.locator("#saves-keeping")
    page.add_init_script(script=keeping_stub(grant=True))
    open_ready(page, server_url)
    expect(keeping).to_have_text(MAY_CLEAR)
    assert page.evaluate("window.keepingAsked") == 0, "a start never asks"
    start_game(page, seats=["human", "casual"], seed=14)
    save_from_the_game_bar(page)
    expect(keeping).to_have_text(KEPT)
    page.click("#continue-game")
    save_from_the_game_bar(page)
    assert page.evaluate("window.keepingAsked") == 1
    reload(page)
    expect(keeping).to_have_text(KEPT)
    assert page.evaluate("window.keepingAsked") == 0


def test_a_refused_request_is_not_made_again_and_no_api_means_no_claim(
    page: Page, context: BrowserContext, server_url: str, open_ready: Opener
) -> None:
    """A browser that says no is asked once per site, not at every save or start; a
    browser without the API gets no line about keeping the saves, and saving works."""
    keeping = page.locator("#saves-keeping")
    page.add_init_script(script=keeping_stub(grant=False))
    open_ready(page, server_url)
    start_game(page, seats=["human", "casual"], seed=14)
    save_from_the_game_bar(page)
    page.wait_for_function("window.keepingAsked === 1")
    expect(keeping).to_have_text(MAY_CLEAR)
    reload(page)
    expect(keeping).to_have_text(MAY_CLEAR)
    page.click("#continue-game")
    save_from_the_game_bar(page)
    assert page.evaluate("window.keepingAsked") == 0, "asked once, remembered"
    bare = context.new_page()
    bare.add_init_script(script="delete Object.getPrototypeOf(navigator).storage;")
    open_ready(bare, server_url)
    start_game(bare, seats=["human", "casual"], seed=15)
    save_from_the_game_bar(bare)
    expect(bare.locator("#saves-keeping")).to_be_hidden()
    assert bare.evaluate("window.ingeniousSaves.info().messages") == []
    bare.close()


def test_a_broken_link_says_why_and_the_app_starts(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    open_ready(page, f"{server_url}#game=eyJmb3JtYXQiOiJpbmdlbmlvdXMi")
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#saves-notice")).to_contain_text("cannot be opened")


def test_statistics_count_a_finished_game_once(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Finishing a solo game counts it; a reload on the game-over screen does not again."""
    game = new_game("solo", 1, seed=3, names=["Sol"])
    while True:
        move = best_move(game)
        after = game.copy()
        after.apply(move)
        if after.phase == "over":
            break
        game.apply(move)
    seed_storage(page, {AUTOSAVE: record_text(game, ["human"])})
    open_ready(page, server_url)
    play(page, move)
    expect(page.locator("#over-screen")).to_be_visible()
    reload(page)
    expect(page.locator("#over-screen")).to_be_visible()
    data = stored(page, "ingenious.stats")
    assert data["variants"] == {"solo": {"played": 1, "won": 0}}
    page.click("#over-menu")
    expect(page.locator("#stats")).to_contain_text("Solo")
    row = page.locator("#stats tr", has_text="Solo").locator("td")
    expect(row).to_have_text(["1", "0", "–"])
    expect(page.locator("#solo-best tr")).to_have_count(2)


CLEAR_OF_JS = """([selector, other]) => {
  const a = document.querySelector(selector).getBoundingClientRect();
  const b = document.querySelector(other).getBoundingClientRect();
  return a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;
}"""


def test_toasts_never_pile_up_and_stay_above_the_pass_screen(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """The "previous game kept" toast shows above a pass screen opened after it (in the
    top layer, clear of the dialog); three saves in a row show two toasts, not three, so
    the saves list's buttons stay free."""
    open_ready(page, server_url)
    start_game(page, seats=["human", "casual"], names=["Ann", "Cas"], seed=14)
    page.wait_for_function("!window.ingenious.busy()")
    play(page, best_move(engine_game(page)))
    page.wait_for_function("window.ingenious.state().moves.length >= 2", timeout=SLOW)
    page.wait_for_function("!window.ingenious.busy()")
    page.click("#menu-button")
    start_game(page, seats=["human", "human"], names=["Ann", "Bea"], seed=15)
    expect(page.locator("#pass-screen")).to_be_visible()
    kept = page.locator(".toast", has_text="Your previous game was kept")
    expect(kept).to_be_visible()
    kept.evaluate("node => node.id = 'kept-toast'")
    # In the top layer (above the dialog's backdrop), and clear of the dialog itself.
    assert kept.evaluate("node => node.closest(':popover-open') !== null")
    assert page.evaluate(CLEAR_OF_JS, ["#kept-toast", "#pass-screen"])
    page.click("#pass-ready")
    page.click("#menu-button")
    for name in ("One", "Two", "Three"):
        page.fill("#save-name", name)
        page.click("#save-named")
        expect(page.locator(".toast").last).to_contain_text(f"Saved as “{name}”")
    expect(page.locator(".toast")).to_have_count(2)
    expect(page.locator(".toast").first).to_contain_text("Saved as “Two”")
