"""Layouts from a phone to a large screen: what a player needs stays in view.

At 390×844 (a phone: touch), 768×1024, 1280×800 and 1920×1080, in a four-player game
while a tile is being placed: no sideways scrolling, and the status line, Menu, the
rack, Turn, Place and the score strip with every player's six values (the lowest
marked, every name whole) lie inside the viewport; at 1280×800 and up the move list
too. On the phone, a tap on the board zooms its cells to a fingertip (44 CSS px apart
or more), the second tap places, and the whole board shows again. In each Challenge
the main controls, and in the Card Challenge the face-up cards and, once a card is
picked, Play, lie inside the viewport (on a phone the Challenges have the board game's
dock: the page does not scroll), and the header and numbers of a match tally each stay
on one line ("Total", not "Tot / al").

Each size is one page load: the board game first, then the Challenges (stored saves,
continued from the start screen).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.game_helpers import anchor_and_partner, best_move, engine_game, rack_slot, split
from tests.browser.test_challenges import continue_challenge, start_challenge
from tests.web.challenge_play import play_until, setup_for
from web.challenges.session import Session
from web.challenges.setup import ChallengeSetup

SIZES = [(390, 844), (768, 1024), (1280, 800), (1920, 1080)]
PHONE = (390, 844)
FINGER = 44.0

OUTSIDE_JS = """(selectors) => {
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const out = [];
  for (const selector of selectors) {
    const nodes = [...document.querySelectorAll(selector)];
    if (!nodes.length) out.push(`${selector}: missing`);
    for (const node of nodes) {
      const r = node.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) out.push(`${selector}: not shown`);
      else if (r.left < -0.5 || r.top < -0.5 || r.right > width + 0.5 || r.bottom > height + 0.5)
        out.push(`${selector}: ${Math.round(r.left)},${Math.round(r.top)} to `
                 + `${Math.round(r.right)},${Math.round(r.bottom)} in ${width}x${height}`);
    }
  }
  return out;
}"""
ONE_LINE_JS = """(selector) => [...document.querySelectorAll(selector)].filter((node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
}).map((node) => node.textContent)"""
CUT_OFF_JS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((node) => node.scrollWidth > node.clientWidth + 0.5).map((node) => node.textContent)"""
OVERFLOW_JS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized(
    request: pytest.FixtureRequest, local_context: Callable[..., BrowserContext]
) -> Iterator[tuple[Page, bool]]:
    width, height = request.param
    phone = (width, height) == PHONE
    context = local_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page, phone
    context.close()
    assert not errors


def outside(page: Page, *selectors: str) -> list[str]:
    found: list[str] = page.evaluate(OUTSIDE_JS, list(selectors))
    return found


def spacing(page: Page) -> float:
    points: list[dict[str, Any]] = page.evaluate(
        "[0, 1].map((q) => window.ingenious.cellCenter(q, 0))"
    )
    a, b = points
    return float(((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5)


def press(page: Page, selector: str, phone: bool) -> None:
    if phone:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


GAME_PARTS = ("#status", "#menu-button", "#turn-button", "#place-button", ".rack-tile",
              "#score-strip .strip-val")  # fmt: skip


def test_what_a_player_needs_stays_in_view(sized: tuple[Page, bool], server_url: str) -> None:
    page, phone = sized
    page.goto(server_url + "?speed=instant")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    page.select_option("#players", "4")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "beginner")
    page.fill("#seed", "5")
    press(page, "#start-game", phone)
    expect(page.locator(".rack-tile[data-slot]").first).to_be_enabled()
    problems: dict[str, list[str]] = {}

    game = engine_game(page)
    move = best_move(game)
    slot, tile = rack_slot(page, tuple(c for _, c in split(move)))
    press(page, f'.rack-tile[data-slot="{slot}"]', phone)
    expect(page.locator(f'.rack-tile[data-slot="{slot}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator("#score-strip .strip-row")).to_have_count(4)
    problems["game, placing"] = outside(page, *GAME_PARTS)
    # The bots' own names ("Beginner bot 2") are whole in the strip, not cut off.
    problems["score strip, names cut off"] = page.evaluate(CUT_OFF_JS, "#score-strip .strip-name")
    if page.viewport_size and page.viewport_size["width"] >= 1280:
        problems["game, the move list"] = outside(page, "#moves-title")
    overflow = page.evaluate(OVERFLOW_JS)

    if phone:
        fitted = spacing(page)
        anchor, partner = anchor_and_partner(move, tile[0])
        point = page.evaluate(f"window.ingenious.cellCenter({anchor[0]}, {anchor[1]})")
        page.touchscreen.tap(point["x"], point["y"])
        zoomed = spacing(page)
        assert fitted < FINGER <= zoomed, (fitted, zoomed)
        problems["phone, zoomed in"] = outside(page, *GAME_PARTS)
        point = page.evaluate(f"window.ingenious.cellCenter({partner[0]}, {partner[1]})")
        page.touchscreen.tap(point["x"], point["y"])
        page.wait_for_function("window.ingenious.state().moves.length > 0")
        assert engine_game(page).moves[0] == move
        assert spacing(page) == pytest.approx(fitted, abs=0.5), "the whole board again"

    press(page, "#menu-button", phone)
    start_challenge(page, "cards", ["human", "casual"], ["Ann", "Bot"], seed=7)
    for kind, parts in (
        ("cards", ("#ch-status", "#ch-menu", ".ch-card.faceup", ".ch-card.hand")),
        ("dice", ("#ch-status", "#ch-menu", "#ch-act button.primary")),
        ("tiles", ("#ch-status", "#ch-menu", "#ch-act button.primary")),
    ):
        continue_challenge(
            page, Session(ChallengeSetup([kind], 2, ["Ann", "Bot"], ["human", "casual"], 7))
        )
        expect(page.locator("#ch-act button[data-action]:not([disabled])").first).to_be_visible()
        if kind == "cards":  # a card picked: Play shows, beside the face-up cards
            press(page, "#ch-card-0", phone)
            expect(page.locator("#ch-play")).to_be_visible()
            parts = (*parts, "#ch-play")
        if kind == "dice" and page.locator("#ch-roll").count():
            press(page, "#ch-roll", phone)
            expect(page.locator("#ch-act button.primary").first).not_to_have_id("ch-roll")
        problems[kind] = outside(page, *parts)
        overflow = max(overflow, page.evaluate(OVERFLOW_JS))

    # A match at the tally: every header and number of the table stays on one line.
    match = Session(setup_for("match", ["human", "casual", "casual", "casual"], ["cards", "dice"]))
    assert play_until(match, lambda s: s.awaiting_tally)
    continue_challenge(page, match)
    expect(page.locator("#ch-over .ch-tally")).to_be_visible()
    problems["tally, broken lines"] = page.evaluate(
        ONE_LINE_JS, "#ch-over .ch-tally thead th, #ch-over .ch-tally td"
    )

    assert overflow <= 0, f"{overflow} px of sideways scrolling"
    assert not any(problems.values()), problems


PSEUDO_SIZES = [PHONE, (1280, 800)]


@pytest.mark.parametrize("size", PSEUDO_SIZES, ids=[f"{w}x{h}" for w, h in PSEUDO_SIZES])
def test_texts_40_percent_longer_still_fit(local_context: Callable[..., BrowserContext],
                                           server_url: str,
                                           size: tuple[int, int]) -> None:  # fmt: skip
    """In the pseudo-language (?lang=xx: every text accented and 40% longer, as German
    and French run longer than English), on a phone and a desktop: the start screen and
    a four-player game while a tile is placed need no sideways scrolling, the game's
    controls stay in view, and no button, menu or score-strip name is cut off."""
    width, height = size
    phone = size == PHONE
    context = local_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    page = context.new_page()
    page.goto(server_url + "?speed=instant&lang=xx")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "xx"
    expect(page.locator("#start-game")).to_contain_text("Štårt")
    problems: dict[str, Any] = {
        "start, sideways": page.evaluate(OVERFLOW_JS),
        "start, cut off": page.evaluate(CUT_OFF_JS, "#start button, #start select"),
    }
    page.select_option("#players", "4")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-kind-{seat}", "beginner")
    page.fill("#seed", "5")
    press(page, "#start-game", phone)
    expect(page.locator(".rack-tile[data-slot]").first).to_be_enabled()
    move = best_move(engine_game(page))
    slot, _tile = rack_slot(page, tuple(c for _, c in split(move)))
    press(page, f'.rack-tile[data-slot="{slot}"]', phone)
    expect(page.locator("#status")).to_contain_text("[")
    problems["game, placing"] = outside(page, *GAME_PARTS)
    problems["game, cut off"] = page.evaluate(
        CUT_OFF_JS, "#game button:not([hidden]), #game select, #score-strip .strip-name"
    )
    problems["game, sideways"] = page.evaluate(OVERFLOW_JS)
    context.close()
    assert problems == {k: 0 if "sideways" in k else [] for k in problems}, problems
