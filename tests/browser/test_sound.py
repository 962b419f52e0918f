"""The game's sounds in the page (web/play/sound.py), told by the page's own count
(`window.ingeniousSound`), not by listening.

A game resumed on load whose bot moves first makes no sound: nobody has touched the page
yet (its sounds are refused, none played). The person's placement then clicks; with the
Sound button off no move sounds, and the choice is remembered after a reload. A
challenge's moves sound too, through the same button.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from engine import new_game
from tests.browser.game_helpers import best_move, engine_game, place_with_mouse, wait_idle
from tests.browser.test_saves import AUTOSAVE, record_text, seed_storage

PLAYED = "window.ingeniousSound.played()"


def played(page: Page) -> dict[str, int]:
    found: dict[str, int] = page.evaluate(PLAYED)
    return found


def test_sound_waits_for_the_player_and_stays_off_when_muted(page: Page, server_url: str) -> None:
    game = new_game("standard", 2, seed=4, names=["Bot", "Ann"])
    seed_storage(page, {AUTOSAVE: record_text(game, ["casual", "human"])})
    page.goto(server_url + "?speed=instant")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    page.wait_for_function("window.ingenious.state() && window.ingenious.state().moves.length >= 1")
    wait_idle(page)
    assert played(page) == {}, "a sound before the player touched the page"
    assert page.evaluate("window.ingeniousSound.refused()") >= 1

    place_with_mouse(page, best_move(engine_game(page)))  # the player's first interaction
    page.wait_for_function(f"({PLAYED}).place >= 1")
    wait_idle(page)
    before = played(page)
    assert before.get("place", 0) >= 2, before  # the person's move, then the bot's

    page.click("#sound-button")
    expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "false")
    moves = len(engine_game(page).moves)
    place_with_mouse(page, best_move(engine_game(page)))
    page.wait_for_function(f"window.ingenious.state().moves.length >= {moves + 2}")
    wait_idle(page)
    assert played(page) == before, "a sound while muted"

    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    assert page.evaluate("window.ingeniousSound.muted()")
    expect(page.locator("#sound-button")).to_have_attribute("aria-pressed", "false")

    # A challenge: the same button, switched on again, and its moves sound.
    page.click("#menu-button")
    page.check('input[name="ch-kind"][value="tiles"]')
    page.click("#ch-start")
    expect(page.locator("#ch-sound")).to_have_attribute("aria-pressed", "false")
    page.click("#ch-sound")
    expect(page.locator("#ch-sound")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("!window.ingeniousChallenges.busy()")
    expect(page.locator("#ch-draw")).to_be_enabled()
    page.click("#ch-draw")
    page.wait_for_function(f"({PLAYED}).place >= 1")
