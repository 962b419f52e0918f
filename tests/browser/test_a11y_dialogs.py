"""Dialogs behave like dialogs: the focus moves in, Tab and Shift+Tab never leave them,
Escape closes them where that is safe, and the focus goes back to what opened them.

Positions come from the CPython engine through a shared-game link (``#game=``) or a
stored Challenges save, as in test_a11y_screens.py.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.game_helpers import focus_by_tab
from tests.browser.test_a11y_screens import _bot_game, open_page, open_shared
from tests.browser.test_challenges import start_challenge

TABS = 80
INSIDE_JS = """(id) => {
  const box = document.getElementById(id);
  return !!box && box.contains(document.activeElement) && document.activeElement !== box;
}"""


def escapes(page: Page, dialog_id: str, presses: int = TABS) -> int:
    """Press Tab `presses` times, then Shift+Tab as often; how often the focus was
    outside the dialog afterwards."""
    outside = 0
    for key in ("Tab", "Shift+Tab"):
        for _ in range(presses):
            page.keyboard.press(key)
            if not page.evaluate(INSIDE_JS, dialog_id):
                outside += 1
    return outside


def focused_id(page: Page) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


def test_pass_screen_holds_the_focus_and_escape_does_not_reveal_the_rack(
    page: Page, server_url: str
) -> None:
    open_page(page, server_url)
    page.locator('input[name="variant"][value="standard"]').check()
    page.select_option("#seat-kind-1", "human")
    page.click("#start-game")
    expect(page.locator("#pass-screen")).to_be_visible()
    assert focused_id(page) == "pass-ready"
    assert escapes(page, "pass-screen") == 0
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    expect(page.locator("#pass-screen")).to_be_visible()
    assert page.evaluate("window.ingenious.rack()") == []
    assert page.evaluate(INSIDE_JS, "pass-screen")
    focus_by_tab(page, "pass-ready", 5)
    page.keyboard.press("Enter")  # "I am …: show my tiles"
    expect(page.locator("#pass-screen")).to_be_hidden()
    assert focused_id(page) == "board-canvas"


def test_game_over_holds_the_focus_escape_shows_the_board_and_a_reload_focuses_it(
    page: Page, server_url: str
) -> None:
    """Game over: focus in the card, held there; the replay it opens holds the focus
    too and gives it back to its button; Escape leaves the card for the board; after a
    reload into game over the focus is in the card again."""
    open_page(page, server_url)
    open_shared(page, _bot_game(1, "over"), ["human", "beginner"])
    expect(page.locator("#over-screen")).to_be_visible()
    assert focused_id(page) == "over-again"
    assert escapes(page, "over-screen") == 0

    page.locator("#over-replay").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#replay")).to_be_visible()
    assert escapes(page, "replay", 20) == 0
    page.keyboard.press("Escape")
    expect(page.locator("#replay")).to_have_count(0)
    assert focused_id(page) == "over-replay"

    page.keyboard.press("Escape")
    expect(page.locator("#over-screen")).to_be_hidden()
    assert focused_id(page) == "board-canvas"

    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    expect(page.locator("#over-screen")).to_be_visible()
    assert page.evaluate(INSIDE_JS, "over-screen")


def test_challenge_dialogs_hold_the_focus_and_the_rules_give_it_back(
    page: Page, server_url: str
) -> None:
    """The Challenges' rules: focus in, held, Escape closes and the focus is back on
    "How to play"; the cards' pass screen holds the focus and ignores Escape."""
    open_page(page, server_url)
    start_challenge(page, "cards", ["human", "human"], ["Ann", "Ben"], seed=3)
    expect(page.locator("#ch-pass")).to_be_visible()
    assert page.evaluate(INSIDE_JS, "ch-pass")
    assert escapes(page, "ch-pass", 20) == 0
    page.keyboard.press("Escape")
    expect(page.locator("#ch-pass")).to_be_visible()
    page.click("#ch-pass-ready")
    expect(page.locator("#ch-pass")).to_be_hidden()

    page.locator("#ch-rules").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#ch-guide")).to_be_visible()
    assert page.evaluate(INSIDE_JS, "ch-guide")
    assert escapes(page, "ch-guide") == 0
    page.keyboard.press("Escape")
    expect(page.locator("#ch-guide")).to_be_hidden()
    assert focused_id(page) == "ch-rules"
