"""axe-core (WCAG 2.2 A/AA) on every screen and state of the game and the Challenges.

To keep the suite quick, each test opens the page once and walks through several
states, reaching them the fast way: positions prepared with the CPython engine come in
through a shared-game link (``#game=``, offered in the same tab) or a stored Challenges
save (Continue reads it afresh); the page's own controls do the rest. Every state is
checked, and the test fails listing all the violations of all the states at once.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine import new_game
from engine.bots import make_bot
from engine.rules.game import Game
from tests.browser.a11y import axe_violations, describe
from tests.browser.test_challenges import continue_challenge, start_challenge
from tests.web.challenge_play import play_until
from web.challenges.session import Session
from web.challenges.setup import ChallengeSetup
from web.saves import share

SLOW = 90_000
H1_JS = """() => [...document.querySelectorAll('h1')]
  .filter((h) => h.checkVisibility()).map((h) => h.textContent)"""


def open_page(page: Page, server_url: str) -> None:
    page.goto(server_url + "?speed=instant")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=SLOW)


class Audit:
    """Collects axe's findings state by state; `done()` fails listing every one."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.found: dict[str, list[dict[str, Any]]] = {}

    def check(self, state: str) -> None:
        found = axe_violations(self.page)
        headings = self.page.evaluate(H1_JS)
        if len(headings) != 1:  # axe counts this as best practice only: checked here
            found.append(
                {
                    "id": "one-h1",
                    "impact": "moderate",
                    "help": f"h1s: {headings}",
                    "nodes": [{"target": "h1", "html": "", "summary": "one h1"}],
                }
            )
        self.found[state] = found

    def done(self) -> None:
        bad = {state: v for state, v in self.found.items() if v}
        counts = {state: sum(len(x["nodes"]) for x in v) for state, v in self.found.items()}
        text = "\n".join(f"== {state}\n{describe(v)}" for state, v in bad.items())
        assert not bad, f"axe violations per state (nodes): {counts}\n{text}"


# --- positions made with the engine ---------------------------------------------------------------
def _bot_game(seed: int, stop: str) -> Game:
    """A 2-player game (Ann against a beginner bot) played by bots until `stop`:
    ``"swap"`` (Ann is offered a swap) or ``"over"``."""
    for attempt in range(seed, seed + 100):
        game = new_game("standard", players=2, seed=attempt, names=["Ann", "Bot"])
        bot = make_bot("beginner", seed=attempt)
        while game.phase != "over":
            if stop == "swap" and game.phase == "swap" and game.current == 0:
                return game
            move = bot.choose(game.view(game.current))
            game.apply("pass" if move in ("swap", "pass") else move)
        if stop == "over":
            return game
    raise AssertionError(f"no {stop} found")


def open_shared(page: Page, game: Game, seats: list[str]) -> None:
    """Offer `game` through a link in this tab, and play it from there."""
    page.evaluate("h => { location.hash = h }", share.fragment_for(game, seats))
    dialog = page.locator("#shared-game")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Play from here").click()
    expect(page.locator("#game")).to_be_visible()


def to_start(page: Page) -> None:
    page.click("#menu-button")
    expect(page.locator("#start")).to_be_visible()


# --- the board game -------------------------------------------------------------------------------
def test_every_board_game_state_has_no_wcag_violations(page: Page, server_url: str) -> None:
    """Idle, aiming with the keyboard, the board described, the swap offer, the hot-seat
    pass screen, the duel (its tokens' legend), game over, the replay of a finished game:
    zero violations in each."""
    audit = Audit(page)
    open_page(page, server_url)
    page.locator('input[name="variant"][value="standard"]').check()
    page.select_option("#seat-kind-1", "beginner")
    page.fill("#seed", "4")
    page.click("#start-game")
    expect(page.locator(".rack-tile[data-slot]").first).to_be_enabled()
    audit.check("game, idle")
    page.locator("#board-canvas").focus()
    page.keyboard.press("1")  # the cursor starts on the legal cell nearest to it
    expect(page.locator("#place-button")).to_be_enabled()
    audit.check("game, aiming (tile picked, aim shown)")

    to_start(page)
    open_shared(page, _bot_game(1, "swap"), ["human", "beginner"])
    expect(page.locator("#swap-offer")).to_be_visible()
    audit.check("game, swap offer")

    to_start(page)
    page.locator('input[name="variant"][value="standard"]').check()
    page.select_option("#seat-kind-1", "human")
    page.click("#start-game")
    expect(page.locator("#pass-screen")).to_be_visible()
    audit.check("pass screen")

    page.click("#pass-ready")
    to_start(page)
    page.locator('input[name="variant"][value="duel"]').check()
    page.select_option("#seat-kind-1", "beginner")
    page.click("#start-game")
    expect(page.locator(".duel-legend")).to_be_visible()
    audit.check("duel, tracks and the tokens' legend")

    page.click("#menu-button")
    open_shared(page, _bot_game(1, "over"), ["human", "beginner"])
    expect(page.locator("#over-screen")).to_be_visible()
    audit.check("game over")
    page.click("#over-replay")
    expect(page.locator("#replay")).to_be_visible()
    audit.check("replay")
    audit.done()


# --- the Challenges -------------------------------------------------------------------------------
@pytest.mark.slow
def test_every_challenge_state_has_no_wcag_violations(page: Page, server_url: str) -> None:
    """Cards, dice and tiles on the person's turn, the cards' pass screen, the rules,
    the match tally and a finished match: zero violations in each."""
    audit = Audit(page)
    open_page(page, server_url)
    start_challenge(page, "cards", ["human", "casual"], ["Ann", "Bot"], seed=7)
    for kind in ("cards", "dice", "tiles"):
        continue_challenge(
            page, Session(ChallengeSetup([kind], 2, ["Ann", "Bot"], ["human", "casual"], 7))
        )
        expect(page.locator("#ch-act button[data-action]:not([disabled])").first).to_be_visible()
        audit.check(f"{kind} challenge, the person's turn")
    page.click("#ch-rules")
    expect(page.locator("#ch-guide")).to_be_visible()
    audit.check("challenge rules")
    page.click("#ch-guide-close")

    continue_challenge(
        page, Session(ChallengeSetup(["cards"], 2, ["Ann", "Ben"], ["human", "human"], 3))
    )
    expect(page.locator("#ch-pass")).to_be_visible()
    audit.check("cards, pass screen")
    page.click("#ch-pass-ready")

    match = Session(ChallengeSetup(["tiles", "dice"], 2, ["Ann", "Bot"], ["human", "casual"], 5))
    play_until(match, lambda s: s.awaiting_tally)
    continue_challenge(page, match)
    expect(page.locator(".ch-tally").first).to_be_visible()
    audit.check("match tally")
    play_until(match, lambda s: s.over)
    continue_challenge(page, match)
    expect(page.locator("#ch-over")).to_be_visible()
    audit.check("match over")
    audit.done()


# --- the board in words --------------------------------------------------------------------------
def test_the_live_region_reads_out_the_cursor_and_the_board(page: Page, server_url: str) -> None:
    """Arrow keys: the polite live region reads out the cell under the cursor, anew at each
    step; with a tile picked, what it would score; D and the Describe button read out
    the whole board (the words of web/board/board_words.py, checked in tests/web)."""
    open_page(page, server_url)
    page.locator('input[name="variant"][value="standard"]').check()
    page.select_option("#seat-kind-1", "beginner")
    page.fill("#seed", "4")
    page.click("#start-game")
    expect(page.locator(".rack-tile[data-slot]").first).to_be_enabled()
    live = page.locator("#announce")
    expect(live).to_have_attribute("aria-live", "polite")
    page.locator("#board-canvas").focus()
    said = []
    for key in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft"):
        before = live.text_content()
        page.keyboard.press(key)
        expect(live).not_to_have_text(before or "")
        said.append(live.text_content() or "")
    assert all("row " in text for text in said), said
    assert len(set(said)) == len(said)
    page.keyboard.press("1")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    expect(live).to_contain_text(re.compile(r"In all:|scores nothing|Not here|cannot go"))
    page.keyboard.press("d")
    expect(live).to_contain_text("on the board")
    expect(live).to_contain_text("empty cells")
    page.keyboard.press("ArrowUp")
    expect(live).not_to_contain_text("empty cells")
    page.click("#describe-button")
    expect(live).to_contain_text("empty cells")
