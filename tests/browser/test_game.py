"""The game in the browser, played through its real controls (mouse, keys, touch).

Every test runs under the infra guard: no console errors, no request outside 127.0.0.1.
Moves are chosen with the CPython engine from the page's save and checked against it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine import new_game
from engine.bots import make_bot
from tests.browser.game_helpers import (
    anchor_and_partner,
    best_move,
    centre,
    engine_game,
    focus_by_tab,
    place_with_mouse,
    rack_slot,
    split,
    start_game,
    track_values,
    wait_idle,
    worker_starts,
)
from web.game.words import GLYPH, describe, symbol, tiles_text

Shot = Callable[[str], Path]
COLOURS = ("red", "green", "blue", "orange", "yellow", "purple")


@pytest.fixture(autouse=True)
def _patient_page(page: Page) -> None:
    """Bots start in a second Pyodide; on a busy machine that can take a while."""
    page.set_default_timeout(60_000)


def test_every_variant_starts_with_its_score_boards(ready_page: Page, screenshot: Shot) -> None:
    """Standard (2-4), solo, team and duel start from the start screen with the right
    tracks; the rules and tutorial pages open from the start screen."""
    page = ready_page
    cases = [
        # variant, players, seats, score cards, steps per rail
        ("standard", 3, ["human", "human", "human"], 3, "18"),
        ("standard", 4, ["human"] * 4, 4, "18"),
        ("solo", None, ["human"], 1, "36"),
        ("team", None, ["human"] * 4, 2, "36"),
        ("duel", None, ["human", "human"], 1, "18"),
    ]
    for variant, players, seats, cards, steps in cases:
        start_game(page, variant, seats=seats, players=players)
        expect(page.locator("#scoreboard .score-card")).to_have_count(cards)
        expect(page.locator("#scoreboard .track")).to_have_count(6 * cards)
        rail = page.locator("#scoreboard .rail").first
        assert f"--steps:{steps}" in (rail.get_attribute("style") or "").replace(" ", "")
        view = page.evaluate("window.ingenious.view()")
        assert view["variant"] == variant
        if not page.locator("#pass-screen").is_hidden():
            page.click("#pass-ready")
        expect(page.locator(".rack-tile[data-slot]")).to_have_count(1 if variant == "solo" else 6)
        screenshot(f"{variant}-{len(seats)}")
        page.click("#menu-button")
        expect(page.locator("#start")).to_be_visible()
    # Rules and tutorial are in-app pages that close with their button or Escape.
    page.click("#open-rules")
    expect(page.locator("#guide-screen")).to_be_visible()
    expect(page.locator("#guide-body")).to_contain_text("weakest colour")
    page.click("#guide-close")
    page.click("#open-tutorial")
    expect(page.locator("#guide-title")).to_have_text("Tutorial")
    page.keyboard.press("Escape")
    expect(page.locator("#guide-screen")).to_be_hidden()


def test_mouse_placement_shows_the_preview_and_scores_what_the_engine_scores(
    ready_page: Page, screenshot: Shot
) -> None:
    """Hover shows the tile and its points; after the click the boards equal the engine's;
    moves are announced to screen readers and every control is labelled."""
    page = ready_page
    start_game(page, "standard", seats=["human", "beginner"], names=["Ann", "Bot"], seed=11)
    for turn in range(3):
        wait_idle(page)
        game = engine_game(page)
        move = best_move(game)
        preview = game.preview(move)
        colours = tuple(c for _, c in split(move))
        slot, tile = rack_slot(page, colours)
        page.click(f'.rack-tile[data-slot="{slot}"]')
        anchor, _ = anchor_and_partner(move, tile[0])
        page.mouse.move(*centre(page, anchor))
        for _ in range(7):
            if page.evaluate("window.ingenious.aim()") == move:
                break
            page.mouse.click(*centre(page, anchor), button="right")
        gains = {c: n for c, n in preview["points"].items() if n}
        preview_text = page.inner_text("#preview")
        for colour, points in gains.items():
            assert f"+{points}" in preview_text, (colour, preview_text)
        if turn == 0:
            screenshot("preview")
        before = len(game.moves)
        page.mouse.click(*centre(page, anchor))
        page.wait_for_function(f"window.ingenious.state().moves.length > {before}")
        wait_idle(page)
        after = engine_game(page)
        assert after.moves[before] == move
        shown = track_values(page)
        for side, track in enumerate(after.scores):
            for i, colour in enumerate(COLOURS):
                assert shown[(side, colour)] == track[i]
    expect(page.locator("#move-list li")).to_have_count(len(engine_game(page).log))
    screenshot("after")
    # Screen readers: moves are announced in a polite live region; every control has a name.
    assert page.get_attribute("#announce", "aria-live") == "polite"
    expect(page.locator("#announce")).to_contain_text("placed")
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('button, select, input')].filter(e => {
             if (e.closest('[hidden]')) return false;
             const label = e.getAttribute('aria-label') || e.textContent.trim()
               || (e.id && document.querySelector(`label[for="${e.id}"]`)) || e.closest('label');
             return !label; }).map(e => e.outerHTML.slice(0, 80))"""
    )
    assert unnamed == []


def test_keyboard_only_game_against_a_bot_to_the_end(
    page: Page, server_url: str, screenshot: Shot
) -> None:
    """From the start screen to the game-over screen with keys only: Tab, arrows and Enter
    on the form; 1-6, arrows, R and Enter on the board; Enter on the swap offer. The final
    ranking and tie-break text are the engine's."""
    page.goto(server_url + "?speed=instant")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    focus_by_tab(page, "seat-kind-1")
    page.keyboard.press("ArrowUp")  # the default casual bot -> beginner
    assert page.input_value("#seat-kind-1") == "beginner"
    focus_by_tab(page, "start-game")
    page.keyboard.press("Enter")
    expect(page.locator("#game")).to_be_visible()
    placements = 0
    for _ in range(150):
        wait_idle(page, timeout=60_000)
        if page.locator("#over-screen").is_visible():
            break
        if page.locator("#swap-offer").is_visible():
            page.wait_for_function("document.activeElement.id === 'swap-yes'")
            before = len(engine_game(page).moves)
            page.keyboard.press("Enter")  # the offer takes the focus: swap
            # At instant speed the bot may already have moved after the swap, so look for the
            # swap among the moves since the offer rather than as the last move.
            page.wait_for_function(
                f"window.ingenious.state().moves.slice({before}).includes('swap')"
            )
            continue
        before = len(engine_game(page).moves)
        focus_by_tab(page, "board-canvas")
        page.keyboard.press("1")
        if placements == 0:
            page.keyboard.press("ArrowDown")
            page.keyboard.press("ArrowUp")
            page.keyboard.press("r")
            screenshot("keyboard-cursor")
        page.wait_for_function("window.ingenious.aim() !== null")
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.ingenious.state().moves.length > {before}")
        placements += 1
    expect(page.locator("#over-screen")).to_be_visible()
    game = engine_game(page)
    assert game.phase == "over" and placements >= 15
    result = game.result()
    ranking = page.locator("#ranking li")
    expect(ranking).to_have_count(len(result["standings"]))
    expect(ranking.first).to_contain_text(result["standings"][0]["name"])
    for line in result["explanation"]:
        expect(page.locator("#tiebreak")).to_contain_text(line)
    screenshot("game-over")


@pytest.mark.browser_context_args(
    has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844}, device_scale_factor=3
)
def test_touch_placement_tap_then_tap_on_a_phone(ready_page: Page, screenshot: Shot) -> None:
    """On a phone: tap a tile, tap one cell, tap its partner; the canvas is sharp (DPR 3)."""
    page = ready_page
    start_game(page, "standard", seats=["human", "beginner"], seed=21)
    wait_idle(page)
    size = page.evaluate(
        "(() => { const c = document.getElementById('board-canvas');"
        " const r = c.getBoundingClientRect();"
        " return [c.width, c.height, r.width, r.height]; })()"
    )
    assert abs(size[0] - size[2] * 3) <= 2 and abs(size[1] - size[3] * 3) <= 2
    game = engine_game(page)
    move = best_move(game)
    slot, tile = rack_slot(page, tuple(c for _, c in split(move)))
    page.locator(f'.rack-tile[data-slot="{slot}"]').tap()
    anchor, partner = anchor_and_partner(move, tile[0])
    page.touchscreen.tap(*centre(page, anchor))
    screenshot("phone-first-tap")
    page.touchscreen.tap(*centre(page, partner))
    page.wait_for_function("window.ingenious.state().moves.length > 0")
    assert engine_game(page).moves[0] == move
    box = page.locator("#board-canvas").bounding_box()
    assert box is not None
    for q, r in [(0, -5), (5, -5), (5, 0), (0, 5), (-5, 5), (-5, 0)]:
        x, y = centre(page, (q, r))
        assert (
            box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]
        )
    screenshot("phone")


def touch(cdp: Any, kind: str, points: list[tuple[float, float]]) -> None:
    """One multi-touch event through the DevTools protocol (Playwright taps one finger)."""
    fingers = [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": fingers})


def lifted(page: Page) -> int:
    """Fingers lifted off the board that the page has handled so far."""
    return int(page.evaluate("window.ingenious.fingers().lifted"))


def handled(page: Page, lifts: int) -> int:
    """Wait until the page states it has handled ``lifts`` finger lifts in all, with no
    finger left on the board: the protocol call returns once the browser has an event,
    the page handles it later (much later on a busy machine), and it handles events in
    order, so every move sent before the last lift has been handled too."""
    page.wait_for_function(
        "(n) => { const f = window.ingenious.fingers(); return f.lifted >= n && f.down === 0; }",
        arg=lifts,
    )
    return lifts


def spacing(page: Page) -> float:
    """Pixels between the centres of two neighbouring cells: grows with the zoom."""
    a, b = centre(page, (0, 0)), centre(page, (1, 0))
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


@pytest.mark.browser_context_args(
    has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844}, device_scale_factor=2
)
def test_pinch_zooms_the_board_and_taps_still_place_on_the_right_cells(
    ready_page: Page, screenshot: Shot
) -> None:
    """Two fingers spread apart zoom in (the first finger places nothing); one finger then
    drags the zoomed board; tap-tap places the tile on the cells under the fingers; "Fit
    board" brings the whole zone back."""
    page = ready_page
    start_game(page, "standard", seats=["human", "beginner"], players=4, seed=21)
    wait_idle(page)
    fitted = spacing(page)
    expect(page.locator("#zoom-reset")).to_be_hidden()
    cdp = page.context.new_cdp_session(page)
    lifts = lifted(page)
    cx, cy = centre(page, (0, 0))
    touch(cdp, "touchStart", [(cx - 30, cy)])
    touch(cdp, "touchStart", [(cx - 30, cy), (cx + 30, cy)])
    for step in range(1, 6):
        touch(cdp, "touchMove", [(cx - 30 - 12 * step, cy), (cx + 30 + 12 * step, cy)])
    touch(cdp, "touchEnd", [])
    lifts = handled(page, lifts + 2)
    assert 2.0 < spacing(page) / fitted <= 3.0  # 60 px apart became 180 px
    assert engine_game(page).moves == [] and page.evaluate("window.ingenious.aim()") is None
    expect(page.locator("#zoom-reset")).to_be_visible()
    before = centre(page, (0, 0))
    touch(cdp, "touchStart", [(200, 300)])
    for step in range(1, 5):
        touch(cdp, "touchMove", [(200 - 10 * step, 300)])
    touch(cdp, "touchEnd", [])
    lifts = handled(page, lifts + 1)
    assert centre(page, (0, 0))[0] == pytest.approx(before[0] - 40, abs=1)
    assert engine_game(page).moves == [], "a drag is not a tap"
    screenshot("pinched")
    game = engine_game(page)
    move = best_move(game)
    slot, tile = rack_slot(page, tuple(c for _, c in split(move)))
    # Picked with a click: on a loaded machine Chromium may take a slow tap for a long
    # press and send no click, and the rack's tap is not what this test is about.
    page.locator(f'.rack-tile[data-slot="{slot}"]').click()
    expect(page.locator(f'.rack-tile[data-slot="{slot}"]')).to_have_attribute(
        "aria-pressed", "true"
    )  # the page has taken the tile up before the board is touched
    anchor, partner = anchor_and_partner(move, tile[0])
    # Drag the zoomed board so that the first cell comes to the middle, then tap-tap.
    x, y = centre(page, anchor)
    box = page.locator("#board-canvas").bounding_box()
    assert box is not None
    mx, my = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    dx, dy = mx - x, my - y
    # The finger starts in the board's middle (always on the board, whatever its size) and
    # the board follows it, also past the board's edge.
    touch(cdp, "touchStart", [(mx, my)])
    for step in range(1, 9):
        touch(cdp, "touchMove", [(mx + dx * step / 8, my + dy * step / 8)])
    touch(cdp, "touchEnd", [])
    lifts = handled(page, lifts + 1)
    assert spacing(page) / fitted > 2.0, "still zoomed in"
    for cell in (anchor, partner):
        x, y = centre(page, cell)
        assert box["x"] < x < box["x"] + box["width"] and box["y"] < y < box["y"] + box["height"]
        page.touchscreen.tap(x, y)
        lifts = handled(page, lifts + 1)  # the tap is handled (it may zoom) before the next
        # The first tap's words ("Now tap the neighbouring cell...") may change the bar's
        # height and so move the board: the next cell is found once the page has laid out
        # and drawn that, two frames on (the board's resize observer runs in between).
        page.evaluate(
            "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
        )
    page.wait_for_function("window.ingenious.state().moves.length > 0")
    assert engine_game(page).moves[0] == move
    page.click("#zoom-reset")
    expect(page.locator("#zoom-reset")).to_be_hidden()
    assert spacing(page) == pytest.approx(fitted, abs=0.5)


def test_hot_seat_hides_each_rack_until_its_owner_confirms(
    ready_page: Page, screenshot: Shot
) -> None:
    """Two people: a 'pass to NAME' screen hides the rack between their turns."""
    page = ready_page
    start_game(page, "standard", seats=["human", "human"], names=["Ann", "Bob"], seed=8)
    expect(page.locator("#pass-screen")).to_be_visible()
    expect(page.locator("#pass-title")).to_have_text("Pass to Ann")
    expect(page.locator(".rack-tile[data-slot]")).to_have_count(0)
    assert page.evaluate("window.ingenious.rack()") == []
    screenshot("pass-to-ann")
    page.click("#pass-ready")
    game = engine_game(page)
    assert page.evaluate("window.ingenious.rack()") == game.view(0)["racks"]["0"]
    place_with_mouse(page, best_move(game))
    expect(page.locator("#pass-screen")).to_be_visible()
    expect(page.locator("#pass-title")).to_have_text("Pass to Bob")
    expect(page.locator(".rack-tile[data-slot]")).to_have_count(0)
    expect(page.locator("#undo-button")).to_be_disabled()
    page.click("#pass-ready")
    assert page.evaluate("window.ingenious.rack()") == engine_game(page).view(1)["racks"]["1"]


def test_hot_seat_confirm_placement_a_misclick_is_not_final(ready_page: Page) -> None:
    """With "Confirm placement" ticked (hot seat only, kept in the settings), a click on
    the board only aims the tile; a second click on it places it. Place also places."""
    page = ready_page
    start_game(page, "standard", seats=["human", "human"], names=["Ann", "Bob"], seed=8)
    page.click("#pass-ready")
    page.check("#confirm-place")
    move = best_move(engine_game(page))
    _, tile = rack_slot(page, tuple(c for _, c in split(move)))
    place_with_mouse(page, move)
    expect(page.locator("#status")).to_have_text(
        "Ann: click it again or press Place to place the tile there."
    )
    assert engine_game(page).moves == []
    page.mouse.click(*centre(page, anchor_and_partner(move, tile[0])[0]))
    page.wait_for_function("window.ingenious.state().moves.length === 1")
    page.click("#pass-ready")
    expect(page.locator("#confirm-place")).to_be_checked()
    place_with_mouse(page, best_move(engine_game(page)))
    assert len(engine_game(page).moves) == 1
    page.click("#place-button")
    page.wait_for_function("window.ingenious.state().moves.length === 2")


def _save_with_swap_offer() -> dict[str, object]:
    """A real game where seat 0 (the person) is offered a swap, found with the engine."""
    for seed in range(1, 100):
        game = new_game("standard", players=2, seed=seed, names=["Ann", "Bot"])
        bot = make_bot("beginner", seed=seed)
        while game.phase != "over":
            if game.phase == "swap" and game.current == 0:
                return {**game.to_save(), "seats": ["human", "beginner"]}
            move = bot.choose(game.view(game.current))
            game.apply("pass" if move in ("swap", "pass") else move)
    raise AssertionError("no swap offer found")


def test_swap_offer_says_why_and_swaps_the_rack(
    page: Page, server_url: str, screenshot: Shot
) -> None:
    """A progress indicator shows while Python starts; then Continue a saved game at a swap
    offer: the reason is shown and Swap draws six new tiles."""
    save = _save_with_swap_offer()
    page.add_init_script(
        f"localStorage.setItem('ingenious.autosave', {json.dumps(json.dumps(save))});"
    )
    # Every text the loading strip shows is recorded as it changes: a fast start may pass
    # its stages before a check could look at the page.
    page.add_init_script(
        """window.__stages = [];
        new MutationObserver(() => {
          const el = document.getElementById('loading-stage');
          const said = window.__stages, text = el ? el.textContent : null;
          if (text !== null && said[said.length - 1] !== text) said.push(text);
        }).observe(document, {subtree: true, childList: true, characterData: true});"""
    )
    page.goto(server_url, wait_until="domcontentloaded")
    # While Pyodide starts, a progress indicator shows; it goes away once the page is ready.
    expect(page.locator("#loading")).to_be_visible()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    stages = page.evaluate("window.__stages")
    assert any(text.startswith("Loading") for text in stages), stages
    expect(page.locator("#loading")).to_be_hidden()
    page.click("#continue-game")
    page.select_option("#speed", "instant")
    game = engine_game(page)
    assert game.phase == "swap" and game.swap_reason
    expect(page.locator("#swap-offer")).to_be_visible()
    # The reason names the lowest colours the engine found, with their symbols.
    lowest = game.swap_reason[game.swap_reason.index("(") + 1 : -1].split(" and ")
    expect(page.locator("#swap-reason")).to_contain_text("lowest colour")
    for colour in lowest:
        expect(page.locator("#swap-reason")).to_contain_text(symbol(colour))
    old_rack = page.evaluate("window.ingenious.rack()")
    # A rack of five after the turn's placement: it is returned whole and six are drawn.
    assert len(old_rack) == 5
    expect(page.locator("#swap-yes")).to_have_text("Return your 5 tiles and draw six")
    screenshot("swap-offer")
    page.click("#swap-yes")
    page.wait_for_function(f"window.ingenious.state().moves.length > {len(game.moves)}")
    after = engine_game(page)
    assert after.moves[len(game.moves)] == "swap"
    # The line shows the rack that went back, as the table would see it.
    expect(page.locator("#move-list")).to_contain_text("Ann returned 5 tiles and drew six")
    expect(page.locator("#move-list")).to_contain_text(f"Returned: {tiles_text(old_rack)}.")
    wait_idle(page)
    assert page.evaluate("window.ingenious.rack()") == after.view(0)["racks"]["0"] != old_rack


def test_undo_hint_and_continue_after_reload(ready_page: Page, screenshot: Shot) -> None:
    """Hint shows the strong bot's choice and why (the colours it raises); undo takes back
    the person's turn and the bot's reply; the autosave survives a reload; the menu never
    stalls a bot."""
    page = ready_page
    start_game(page, "standard", seats=["human", "beginner"], seed=5)
    wait_idle(page)
    page.click("#hint-button")
    expect(page.locator("#status")).to_contain_text("Hint:", timeout=60_000)
    expect(page.locator("#hint-note")).to_contain_text(re.compile(r"Why: \w+ .*\. Better than "))
    hinted = page.evaluate("window.ingenious.aim()")
    assert hinted in engine_game(page).legal_moves()
    screenshot("hint")
    page.click("#place-button")
    page.wait_for_function("window.ingenious.state().moves.length >= 2", timeout=60_000)
    wait_idle(page)
    page.click("#undo-button")
    page.wait_for_function("window.ingenious.state().moves.length === 0")
    place_with_mouse(page, best_move(engine_game(page)))
    page.wait_for_function("window.ingenious.state().moves.length >= 2", timeout=60_000)
    wait_idle(page)
    saved = page.evaluate("window.ingenious.state()")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    expect(page.locator("#game")).to_be_visible()  # a reload resumes the game by itself
    assert page.evaluate("window.ingenious.state()")["moves"] == saved["moves"]
    expect(page.locator("#move-list li")).to_have_count(len(saved["moves"]))
    # Leaving for the menu while the bot shows its move, then continuing, still lets it play.
    wait_idle(page)
    page.select_option("#speed", "slow")
    place_with_mouse(page, best_move(engine_game(page)))
    page.click("#menu-button")
    page.click("#continue-game")
    count = len(saved["moves"])
    page.wait_for_function(f"window.ingenious.state().moves.length >= {count + 2}")


@pytest.mark.allow_console_errors
def test_a_browser_without_webassembly_is_told_plainly(page: Page, server_url: str) -> None:
    """Without WebAssembly the loading screen says the browser cannot run the game."""
    page.add_init_script("delete window.WebAssembly;")
    page.goto(server_url)
    problem = page.locator("#loading-problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("cannot run the game")
    expect(problem).to_contain_text("WebAssembly")


def test_open_team_play_shows_the_partners_tiles_only(ready_page: Page, screenshot: Shot) -> None:
    """Open play: the person sees their partner's rack (seat 2), never an opponent's."""
    page = ready_page
    start_game(
        page, "team", seats=["human", "beginner", "beginner", "beginner"], seed=9, open_play=True
    )
    wait_idle(page)
    game = engine_game(page)
    expect(page.locator("#partner-rack")).to_be_visible()
    expect(page.locator("#partner-rack .partner-tile")).to_have_count(len(game.racks[2]))
    labels = page.locator("#partner-rack .partner-tile").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels == [f"{a} and {b}" for a, b in game.view(0)["racks"]["2"]]
    assert set(page.evaluate("window.ingenious.view()")["racks"]) == {"0", "2"}
    screenshot("open-team")


def test_undo_rewrites_the_last_move_and_redo_brings_it_back(ready_page: Page) -> None:
    """The last-move line and the move list follow Undo and Redo: never the move taken back."""
    page = ready_page
    start_game(page, "standard", seats=["human", "beginner"], names=["Ann", "Bot"], seed=12)
    wait_idle(page)
    expect(page.locator("#last-move")).to_have_text("")
    place_with_mouse(page, best_move(engine_game(page)))
    page.wait_for_function("window.ingenious.state().moves.length >= 2")
    wait_idle(page)
    game = engine_game(page)
    bot_move = describe(game.log, len(game.log) - 1, game.names, "standard", radius=5)
    replied = bot_move.text
    expect(page.locator("#last-move")).to_have_text(replied)
    assert replied.startswith("Bot: ") and any(g in replied for g in GLYPH.values())
    # The bot's move says where it went, as the cursor counts, also to screen readers.
    assert re.search(r"on row \d+, \d+(st|nd|rd|th) cell\.$", replied), replied
    expect(page.locator("#announce")).to_contain_text(bot_move.speech)
    page.click("#undo-button")
    page.wait_for_function("window.ingenious.state().moves.length === 0")
    expect(page.locator("#last-move")).to_have_text("")
    expect(page.locator("#move-list li")).to_have_count(0)
    expect(page.locator("#status")).to_have_text("Ann: place a tile.")
    page.click("#redo-button")
    page.wait_for_function("window.ingenious.state().moves.length === 2")
    expect(page.locator("#last-move")).to_have_text(replied)
    expect(page.locator("#move-list li")).to_have_count(2)
    assert engine_game(page).moves == game.moves


def test_hovering_a_move_in_the_list_marks_its_cells_on_the_board(ready_page: Page) -> None:
    """Pointing at a move (the list, or the last-move line) marks the two cells it covered;
    moving away clears the mark. Moves are told in symbols and points, not coordinates."""
    page = ready_page
    start_game(page, "standard", seats=["human", "beginner"], seed=13)
    for _ in range(2):
        wait_idle(page)
        before = len(engine_game(page).moves)
        place_with_mouse(page, best_move(engine_game(page)))
        page.wait_for_function(f"window.ingenious.state().moves.length >= {before + 2}")
    wait_idle(page)
    game = engine_game(page)
    assert page.evaluate("window.ingenious.marked()") == []
    for index in (0, 3):
        page.hover(f"#move-list li >> nth={index}")
        wait_marked(page, [list(c) for c, _ in split(game.log[index]["move"])])
        text = page.inner_text(f"#move-list li >> nth={index}")
        assert not re.search(r"-?\d+,-?\d+", text), text  # no axial coordinates
    page.mouse.move(5, 5)
    page.wait_for_function("window.ingenious.marked().length === 0")
    page.hover("#last-move")
    wait_marked(page, [list(c) for c, _ in split(game.log[-1]["move"])])


def wait_marked(page: Page, cells: list[list[int]]) -> None:
    """Wait until the board marks exactly `cells` (as the automation hook reports)."""
    page.wait_for_function(
        "(want) => JSON.stringify(window.ingenious.marked()) === JSON.stringify(want)", arg=cells
    )


def test_a_bot_worker_that_stops_answering_is_started_again(page: Page, server_url: str) -> None:
    """Watchdog: the worker is killed; the bot's question goes unanswered for the limit
    (3 s here, by ?botwait=3), the status line says the bots were started again, and the
    bot moves with the fresh worker."""
    page.goto(server_url + "?speed=instant&botwait=3")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    start_game(page, "standard", seats=["human", "beginner"], names=["Ann", "Bot"], seed=14)
    wait_idle(page)
    place_with_mouse(page, best_move(engine_game(page)))
    page.wait_for_function("window.ingenious.state().moves.length >= 2", timeout=90_000)
    wait_idle(page)
    stopped = page.evaluate(
        """() => { const s = document.querySelector('script[worker][name^="bots"]');
                   if (!s || !s.xworker) return false;
                   s.xworker.terminate(); return true; }"""
    )
    assert stopped
    place_with_mouse(page, best_move(engine_game(page)))
    expect(page.locator("#status")).to_contain_text(
        "Bot did not answer within 3 s; the bots were started again.", timeout=30_000
    )
    page.wait_for_function("window.ingenious.state().moves.length >= 4", timeout=120_000)
    wait_idle(page)
    expect(page.locator("#status")).to_have_text("Ann: place a tile.")
    # The page hands its snapshot to the first worker only; the fresh one reads the file.
    starts = worker_starts(page)
    assert len(starts) == 1 and starts[0]["start"] == "snapshot", starts
    assert set(starts[0]["times"]) == {"fetch", "check", "inflate"}, starts
