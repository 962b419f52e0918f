"""Layouts from a phone to a large screen: what a player needs stays in view.

At 390×844 (a phone: touch), 844×390 (the phone on its side: touch), 768×1024, 1280×800
and 1920×1080, in a four-player hot-seat game (two people, two bots) at every step of a
turn (the rack before a tile is picked, a tile picked, on a phone the first tap that
zooms the board, and the same once the last-move box is there): no sideways scrolling,
and the board, the status line, Menu, the rack, Turn, Place and the score strip with
every player's six values (the lowest marked, every name whole) lie inside the viewport,
inside every box that clips them and under nothing else; at 1280×800 and up the move
list too. On a phone (either way) the page itself never scrolls during a turn. The pass
screen leaves the cells it outlines in view (it lies over the panel, not the board) and
offers Menu, Rules and Save; the Confirm placement box sits on its label's line; on a
resume, "Since your last turn" lies under the rack, which stays in view; a hint (the move in
the status line, why in the panel) changes neither the bar's height nor the board's box.

In each Challenge, at every step of a turn (cards: the hand, then a card picked; dice:
before the roll, after it, and with a wild made; tiles: the turn's start), the table,
the cards or dice, the score rows of the player on turn and the main button lie inside
the viewport the same way; on a phone every seat's dice stay on one row (the 4th die is
not covered) and a wild's colour menu fits the screen. The header and numbers of a
match tally each stay on one line ("Total", not "Tot / al") and the table fits its dialog.

Each size is one page load: the board game first, then the Challenges (stored saves,
continued from the start screen).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.game_helpers import (
    anchor_and_partner,
    best_move,
    engine_game,
    rack_slot,
    split,
    wait_idle,
)
from tests.browser.test_challenges import continue_challenge, start_challenge
from tests.web.challenge_play import play_until, setup_for
from web.challenges.session import Session
from web.challenges.setup import ChallengeSetup

SIZES = [(390, 844), (844, 390), (768, 1024), (1280, 800), (1920, 1080)]
PHONE = (390, 844)
PHONES = {(390, 844), (844, 390)}
FINGER = 44.0

#: Problems with each element the selectors find: missing, not shown, outside the viewport
#: or outside a box of its that clips (a scrolling panel), covered by another element at
#: its centre (`uncovered`), and, with `still`, a page that scrolls at all.
IN_VIEW_JS = """([selectors, uncovered, still]) => {
  const width = document.documentElement.clientWidth, height = window.innerHeight;
  const out = [];
  const clip = (node) => {
    let box = {left: 0, top: 0, right: width, bottom: height};
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const r = up.getBoundingClientRect();
      box = {left: Math.max(box.left, r.left), top: Math.max(box.top, r.top),
             right: Math.min(box.right, r.right), bottom: Math.min(box.bottom, r.bottom)};
    }
    return box;
  };
  for (const selector of selectors) {
    const nodes = [...document.querySelectorAll(selector)];
    if (!nodes.length) out.push(`${selector}: missing`);
    for (const node of nodes) {
      const r = node.getBoundingClientRect(), box = clip(node);
      const where = `${Math.round(r.left)},${Math.round(r.top)} to `
                  + `${Math.round(r.right)},${Math.round(r.bottom)}`;
      if (r.width === 0 || r.height === 0) out.push(`${selector}: not shown`);
      else if (r.left < box.left - 0.5 || r.top < box.top - 0.5
               || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5)
        out.push(`${selector}: ${where} outside ${Math.round(box.left)},${Math.round(box.top)}`
                 + ` to ${Math.round(box.right)},${Math.round(box.bottom)}`);
      else if (uncovered) {
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        if (!hit || !(hit === node || node.contains(hit)))
          out.push(`${selector}: ${where} covered by ${hit ? hit.tagName + "#" + hit.id
                    + "." + hit.className : "nothing"}`);
      }
    }
  }
  const page = document.scrollingElement;
  if (still && (page.scrollTop > 0 || page.scrollHeight > height + 1))
    out.push(`the page scrolls: ${page.scrollTop} of ${page.scrollHeight} in ${height}: `
             + [...document.querySelectorAll("body *")].filter((n) => {
                 if (n.getBoundingClientRect().bottom <= height + 1) return false;
                 for (let up = n.parentElement; up && up !== document.body; up = up.parentElement)
                   if (getComputedStyle(up).overflowY !== "visible") return false;
                 return true;
               }).slice(0, 5).map((n) => n.tagName + "#" + n.id + "." + n.className).join(" "));
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
# The checkbox beside its words: its middle on their first line, and left of them.
CHECKBOX_JS = """(id) => {
  const box = document.getElementById(id).getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(document.getElementById(id).parentElement);
  const words = [...range.getClientRects()].filter((r) => r.left >= box.right - 0.5);
  if (!words.length) return "no words right of the box";
  const middle = (box.top + box.bottom) / 2, line = words[0];
  return middle >= line.top && middle <= line.bottom ? ""
       : `box middle ${middle} off the line ${line.top}-${line.bottom}`;
}"""
# The labels under More whose text is darker than the popover's light text (the popover's
# default black on the dark bar): their texts.
LABEL_CONTRAST_JS = """() => [...document.querySelectorAll('#bar-more label')]
  .filter((l) => { const [r, g, b] = getComputedStyle(l).color.match(/\\d+/g).map(Number);
                   return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128; })
  .map((l) => l.textContent.trim())"""
# The board's box and the bar's height, rounded to a pixel.
BOARD_AND_BAR_JS = """() => {
  const r = document.getElementById('board-canvas').getBoundingClientRect();
  const bar = document.querySelector('#game .bar').getBoundingClientRect();
  return [r.left, r.top, r.width, r.height, bar.height].map(Math.round); }"""
# Where a dialog lies (to tell the cells it covers).
RECT_JS = """(id) => { const r = document.getElementById(id).getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; }"""


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized(
    request: pytest.FixtureRequest, local_context: Callable[..., BrowserContext]
) -> Iterator[tuple[Page, bool]]:
    width, height = request.param
    phone = (width, height) in PHONES
    context = local_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page, phone
    context.close()
    assert not errors


def in_view(page: Page, *selectors: str, uncovered: bool = True, still: bool = False) -> list[str]:
    found: list[str] = page.evaluate(IN_VIEW_JS, [list(selectors), uncovered, still])
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


GAME_PARTS = ("#board-canvas", "#status", "#menu-button", "#turn-button", "#place-button",
              ".rack-tile", "#score-strip .strip-val")  # fmt: skip
PASS_PARTS = ("#pass-screen", "#pass-ready", "#pass-menu", "#pass-rules", "#pass-save")


def pass_screen(page: Page, phone: bool, problems: dict[str, list[str]], step: str) -> None:
    """The pass screen: in view with its buttons, and every cell it outlines outside it
    (on the board, in view); then the next person shows their tiles."""
    expect(page.locator("#pass-screen")).to_be_visible()
    problems[f"pass screen, {step}"] = in_view(page, *PASS_PARTS)
    marked: list[list[int]] = page.evaluate("window.ingenious.marked()")
    left, top, right, bottom = page.evaluate(RECT_JS, "pass-screen")
    board = page.evaluate(RECT_JS, "board-canvas")
    for q, r in marked:
        point = page.evaluate(f"window.ingenious.cellCenter({q}, {r})")
        x, y = point["x"], point["y"]
        if left <= x <= right and top <= y <= bottom:
            problems[f"pass screen, {step}"].append(f"cell {q},{r} under the dialog")
        if not (board[0] <= x <= board[2] and board[1] <= y <= board[3]):
            problems[f"pass screen, {step}"].append(f"cell {q},{r} off the board")
    press(page, "#pass-ready", phone)
    expect(page.locator(".rack-tile[data-slot]").first).to_be_enabled()


def placing(page: Page, phone: bool, problems: dict[str, list[str]], step: str) -> None:
    """One placement of the person on turn, the parts checked at every step."""
    still = phone
    problems[f"game, {step}, the rack"] = in_view(page, *GAME_PARTS, still=still)
    game = engine_game(page)
    move = best_move(game)
    slot, tile = rack_slot(page, tuple(c for _, c in split(move)))
    press(page, f'.rack-tile[data-slot="{slot}"]', phone)
    expect(page.locator(f'.rack-tile[data-slot="{slot}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    problems[f"game, {step}, a tile picked"] = in_view(page, *GAME_PARTS, still=still)
    if page.viewport_size and page.viewport_size["width"] >= 1280:
        problems[f"game, {step}, the move list"] = in_view(page, "#moves-title")
    anchor, partner = anchor_and_partner(move, tile[0])
    if phone:
        fitted = spacing(page)
        point = page.evaluate(f"window.ingenious.cellCenter({anchor[0]}, {anchor[1]})")
        page.touchscreen.tap(point["x"], point["y"])
        zoomed = spacing(page)
        assert fitted < FINGER <= zoomed, (fitted, zoomed)
        problems[f"game, {step}, zoomed in"] = in_view(page, *GAME_PARTS, still=still)
        point = page.evaluate(f"window.ingenious.cellCenter({partner[0]}, {partner[1]})")
        page.touchscreen.tap(point["x"], point["y"])
        page.wait_for_function(f"window.ingenious.state().moves.length > {len(game.moves)}")
        assert engine_game(page).moves[len(game.moves)] == move
        assert spacing(page) == pytest.approx(fitted, abs=0.5), "the whole board again"
    else:
        point = page.evaluate(f"window.ingenious.cellCenter({anchor[0]}, {anchor[1]})")
        page.mouse.move(point["x"], point["y"])
        for _ in range(7):  # turned until the ghost is the wanted placement
            if page.evaluate("window.ingenious.aim()") == move:
                break
            page.mouse.click(point["x"], point["y"], button="right")
        problems[f"game, {step}, aimed"] = in_view(page, *GAME_PARTS)
        page.mouse.click(point["x"], point["y"])
        page.wait_for_function(f"window.ingenious.state().moves.length > {len(game.moves)}")


def dice_with_a_pair() -> Session:
    """A two-player Dice Challenge whose person (seat 0) rolls a pair first."""
    for seed in range(60):
        session = Session(ChallengeSetup(["dice"], 2, ["Ann", "Bot"], ["human", "casual"], seed))
        dice = session.game.view(0)["dice"][0]
        if any(dice.count(d) >= 2 for d in dice):
            return session
    raise AssertionError("no pair in 60 first rolls")


def challenges(page: Page, phone: bool, problems: dict[str, list[str]]) -> None:
    """Each Challenge at every step of the person's turn."""
    still = phone
    common = ("#ch-status", "#ch-menu", "#ch-table", ".ch-board.current")
    start_challenge(page, "cards", ["human", "casual"], ["Ann", "Bot"], seed=7)
    cards = Session(ChallengeSetup(["cards"], 2, ["Ann", "Bot"], ["human", "casual"], 7))
    continue_challenge(page, cards)
    problems["cards, the hand"] = in_view(
        page, *common, ".ch-card.faceup", ".ch-card.hand", still=still
    )
    press(page, "#ch-card-0", phone)
    expect(page.locator("#ch-play")).to_be_visible()
    problems["cards, a card picked"] = in_view(
        page, *common, ".ch-card.faceup", ".ch-card.hand", "#ch-play", still=still
    )

    continue_challenge(page, dice_with_a_pair())
    expect(page.locator("#ch-roll")).to_be_visible()
    problems["dice, before the roll"] = in_view(
        page, *common, "#ch-table .ch-die", "#ch-roll", still=still
    )
    press(page, "#ch-roll", phone)
    expect(page.locator("#ch-resolve")).to_be_visible()
    dice = (*common, "#ch-table .ch-die", ".ch-own .ch-die", "#ch-resolve", "#ch-reroll")
    problems["dice, rolled"] = in_view(page, *dice, still=still)
    split_menu = page.locator("#ch-act select[id^=ch-split-]").first
    split_menu.select_option(str(len(split_menu.locator("option").all()) - 1))
    expect(page.locator("#ch-act select[id^=ch-wild-]").first).to_be_visible()
    for menu in page.locator("#ch-act select").all():  # each menu shown in its box, whole
        menu.evaluate("(node) => node.scrollIntoView({block: 'nearest'})")
    problems["dice, a wild"] = in_view(page, *dice, "#ch-act select", still=still)
    if phone:  # every seat's dice on one row
        rows = page.evaluate(
            "[...document.querySelectorAll('#ch-table .ch-seat')].map((seat) => new Set("
            "[...seat.querySelectorAll('.ch-die')].map((d) => Math.round("
            "d.getBoundingClientRect().top))).size)"
        )
        problems["dice, rows of a seat"] = [f"{n} rows" for n in rows if n != 1]

    continue_challenge(
        page, Session(ChallengeSetup(["tiles"], 2, ["Ann", "Bot"], ["human", "casual"], 7))
    )
    expect(page.locator("#ch-act button.primary").first).to_be_visible()
    problems["tiles"] = in_view(
        page, *common, ".ch-centre .ch-tile", "#ch-act button.primary", still=still
    )

    # A match at the tally: every header and number of the table stays on one line, and the
    # table fits its dialog.
    match = Session(setup_for("match", ["human", "casual", "casual", "casual"], ["cards", "dice"]))
    assert play_until(match, lambda s: s.awaiting_tally)
    continue_challenge(page, match)
    expect(page.locator("#ch-over .ch-tally")).to_be_visible()
    problems["tally, broken lines"] = page.evaluate(
        ONE_LINE_JS, "#ch-over .ch-tally thead th, #ch-over .ch-tally td"
    )
    problems["tally, wider than its dialog"] = page.evaluate(
        "(() => { const d = document.getElementById('ch-over'), t = d.querySelector('.ch-tally');"
        " return t.getBoundingClientRect().right > d.getBoundingClientRect().right - 2"
        " || d.scrollWidth > d.clientWidth ? [d.scrollWidth + ' > ' + d.clientWidth] : []; })()"
    )


def test_what_a_player_needs_stays_in_view(sized: tuple[Page, bool], server_url: str) -> None:
    page, phone = sized
    page.goto(server_url + "?speed=instant")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    page.select_option("#players", "4")
    for seat, kind in ((1, "beginner"), (2, "human"), (3, "beginner")):
        page.select_option(f"#seat-kind-{seat}", kind)
    page.fill("#seed", "5")
    press(page, "#start-game", phone)
    problems: dict[str, list[str]] = {}
    pass_screen(page, phone, problems, "at the start")
    expect(page.locator("#score-strip .strip-row")).to_have_count(4)
    if page.viewport_size and page.viewport_size["width"] < 800:
        # Under More on a narrow screen, with Speed, each label light on the dark popover.
        press(page, "#more-button", phone)
        expect(page.locator("#confirm-place")).to_be_visible()
        problems["confirm placement box"] = [
            found for found in [page.evaluate(CHECKBOX_JS, "confirm-place")] if found
        ]
        problems["labels under More, contrast"] = page.evaluate(LABEL_CONTRAST_JS)
        page.keyboard.press("Escape")
        expect(page.locator("#bar-more")).to_be_hidden()
    placing(page, phone, problems, "the first turn")
    # The bots' own names ("Beginner bot 2") are whole in the strip, not cut off.
    problems["score strip, names cut off"] = page.evaluate(CUT_OFF_JS, "#score-strip .strip-name")
    wait_idle(page)
    pass_screen(page, phone, problems, "with moves outlined")
    expect(page.locator("#last-move")).not_to_be_empty()
    placing(page, phone, problems, "after a bot's move")
    overflow = page.evaluate(OVERFLOW_JS)

    wait_idle(page)
    press(page, "#pass-menu", phone)  # the pass screen's own Menu
    expect(page.locator("#start")).to_be_visible()
    challenges(page, phone, problems)
    overflow = max(overflow, page.evaluate(OVERFLOW_JS))

    # The board game again: "Since your last turn" lies under the rack, which stays in view.
    press(page, "#ch-over-menu", phone)
    press(page, "#continue-board", phone)
    press(page, "#pass-ready", phone)
    expect(page.locator("#welcome")).to_be_visible()
    problems["game, since your last turn"] = in_view(page, *GAME_PARTS, still=phone)
    # A hint names the move in the status line and says why under the rack: the bar keeps
    # its height and the board neither moves nor shrinks.
    before = page.evaluate(BOARD_AND_BAR_JS)
    press(page, "#hint-button", phone)
    expect(page.locator("#hint-note")).not_to_be_empty(timeout=90_000)
    expect(page.locator("#status")).to_contain_text("Hint:")
    if (after := page.evaluate(BOARD_AND_BAR_JS)) != before:
        problems["the board moved for the hint"] = [f"{before} -> {after}"]
    # Nor does a status line of any length (a notice, an offer, a longer language).
    page.evaluate("s => { document.getElementById('status').textContent = s; }", "Why? " * 80)
    if (after := page.evaluate(BOARD_AND_BAR_JS)) != before:
        problems["the board moved for a long status line"] = [f"{before} -> {after}"]
    assert overflow <= 0, f"{overflow} px of sideways scrolling"
    assert not any(problems.values()), "\n".join(f"{k}: {v}" for k, v in problems.items() if v)


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
    problems["game, placing"] = in_view(page, *GAME_PARTS)
    problems["game, cut off"] = page.evaluate(
        CUT_OFF_JS, "#game button:not([hidden]), #game select, #score-strip .strip-name"
    )
    problems["game, sideways"] = page.evaluate(OVERFLOW_JS)
    context.close()
    assert problems == {k: 0 if "sideways" in k else [] for k in problems}, problems
