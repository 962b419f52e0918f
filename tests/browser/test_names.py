"""Names from a link are cleaned before they are shown, and a long name wraps instead of
overflowing the cards that show it (game over, score board, pass screen)."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable

from playwright.sync_api import Page, expect

from engine import new_game
from engine.bots import make_bot
from web.store.storage import game_dict

Opener = Callable[..., float]
LONG = "W" * 40  # one 40-character word: the longest name a link may carry
RAW_NAMES = [LONG, "\u202eevil\u202c Eve", "Ann\nBob\x00", "M" * 39 + "\u2067"]
SHOWN = [LONG, "evil Eve", "Ann Bob", "M" * 39]


def finished_game_link(server_url: str) -> str:
    game = new_game("standard", 4, seed=11, names=["a", "b", "c", "d"])
    bots = [make_bot("beginner", seed=seat) for seat in range(4)]
    while game.phase != "over":
        game.apply(bots[game.current].choose(game.view(game.current)))
    data = game_dict(game, ["human"] * 4)
    data["names"] = RAW_NAMES  # as a hand-made link would carry them
    text = json.dumps(data, separators=(",", ":"))
    return f"{server_url}#game=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


OVERFLOWS = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll(selector + ' *')) {
    const r = el.getBoundingClientRect();
    const outside = r.right > box.right + 1 || r.left < box.left - 1;
    if (r.width && outside) out.push(el.outerHTML.slice(0, 80));
  }
  const card = document.querySelector(selector);
  if (card.scrollWidth > card.clientWidth + 1) out.push('scrolls sideways');
  return out;
}"""


def test_names_from_a_link_are_cleaned_and_long_ones_wrap_on_every_card(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    page.set_viewport_size({"width": 390, "height": 800})  # a phone: the narrowest cards
    open_ready(page, finished_game_link(server_url))
    summary = page.locator("#shared-game .shared-summary")
    expect(summary).to_contain_text(", ".join(SHOWN))
    page.get_by_role("button", name="Play from here").click()
    expect(page.locator("#over-screen")).to_be_visible()
    assert page.evaluate("window.ingenious.state().names") == SHOWN
    ranking = page.locator("#ranking li")
    expect(ranking).to_have_count(4)
    text = page.locator("#over-screen").inner_text()
    assert "\u202e" not in text and "\u2067" not in text and "Ann Bob" in text
    assert page.evaluate(OVERFLOWS, "#over-screen") == []  # the card is the dialog itself
    # Each place's number starts its name's first line ("1. / Ann" broke apart on a phone).
    apart = page.evaluate(
        """[...document.querySelectorAll('#ranking li')].filter((li) => {
             const place = li.querySelector('.rank-place').getBoundingClientRect();
             const range = document.createRange();
             range.selectNodeContents(li.querySelector('.rank-name'));
             const first = range.getClientRects()[0];
             return Math.abs(place.top - first.top) > 2 || place.right > first.left;
           }).map((li) => li.textContent)"""
    )
    assert apart == []
    page.click("#over-board")
    expect(page.locator("#scoreboard .score-name").first).to_be_visible()
    assert page.evaluate(OVERFLOWS, "#scoreboard") == []
    assert page.evaluate(OVERFLOWS, ".panel") == []
