"""Play with friends on their own devices (web/remote, docs/remote.md): two browser
contexts with separate storage play a whole two-player game by passing links (read from
the page, opened in the other context) to the end, and both say "verified" with the same
result; a damaged and a repeated message leave the stored game untouched and say why.

The first turn is played with the mouse; the others through ``window.ingenious.play``
(the moves chosen from ``legalMoves()``), to keep the game quick."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from engine.remote import api
from tests.browser.a11y import assert_no_violations
from tests.browser.game_helpers import place_with_mouse
from web.ui import qr

#: What the page waits for now: "send" (the Play-with-friends screen shows a message to
#: send), "move" (this device's turn on the board, ready for a move), or false.
STATE_JS = """() => {
  const d = document.getElementById("remote-screen");
  if (d && d.open) {
    return !d.hasAttribute("aria-busy") && document.getElementById("remote-link") ? "send" : false;
  }
  if (document.body.dataset.ready !== "1" || window.ingenious.busy()) return false;
  const offer = document.getElementById("swap-offer");
  if (offer && !offer.hidden) return "move";
  return document.querySelector(".rack-tile[data-slot]:not([disabled])") ? "move" : false;
}"""

SETTLED_JS = """() => {
  const d = document.getElementById("remote-screen");
  return !location.hash && d && d.open && !d.hasAttribute("aria-busy")
      && document.getElementById("remote-standing") !== null;
}"""

STORED_JS = """() => Object.keys(localStorage).filter(k => k.includes("remote."))
    .sort().map(k => [k, localStorage.getItem(k)])"""


CODES_JS = """() => [...document.querySelectorAll("#remote-qrs figure")].map(f => {
  const svg = f.querySelector("svg");
  return [f.dataset.link, svg.dataset.qr, svg.getAttribute("aria-label"),
          svg.getBoundingClientRect().width];
})"""

NOTED_JS = """(k) => {
  const d = document.getElementById("remote-screen"), note = document.getElementById("remote-note");
  return !location.hash && d && d.open && !d.hasAttribute("aria-busy") && note !== null
      && note.textContent.startsWith(`Part ${k} of`);
}"""


def the_link(page: Page) -> str:
    link = page.locator("#remote-link").input_value()
    assert "#m=" in link
    return link


def open_link(page: Page, link: str) -> None:
    """Open a friend's link in this context's page (the address loses it once read)."""
    page.goto(link)
    page.wait_for_function(SETTLED_JS, timeout=60_000)


def play_turn(page: Page, by_mouse: bool) -> str:
    """Play this device's turn on the board; the link of the message it makes."""
    page.click("#remote-play")
    while True:
        handle = page.wait_for_function(STATE_JS, timeout=60_000)
        if handle.json_value() == "send":
            return the_link(page)
        legal: list[str] = page.evaluate("window.ingenious.legalMoves()")
        move = "pass" if "pass" in legal else sorted(m for m in legal if m != "swap")[0]
        if by_mouse and move != "pass":
            place_with_mouse(page, move)
            by_mouse = False
        else:
            assert page.evaluate(f"window.ingenious.play({move!r})")


def new_game(page: Page, name: str) -> str:
    page.click("#open-remote")
    page.fill("#remote-name", name)
    page.click("#remote-create")
    page.wait_for_function(STATE_JS, timeout=60_000)
    expect(page.locator("#remote-standing")).to_contain_text("Waiting for")
    return the_link(page)


def join(page: Page, link: str, name: str) -> str:
    open_link(page, link)
    expect(page.locator("#remote-standing")).to_have_text("An invitation: join seat 2.")
    page.fill("#remote-join-name", name)
    page.click("#remote-join")
    page.wait_for_function(STATE_JS, timeout=60_000)
    return the_link(page)


def test_two_devices_play_a_whole_game_by_links(
    ready_page: Page, local_context: Any, open_ready: Any, server_url: str
) -> None:
    ann = ready_page
    bob = local_context().new_page()
    open_ready(bob, server_url)
    link = join(bob, new_game(ann, "Ann"), "Bob")
    devices, to = {ann: bob, bob: ann}, ann
    first, turns = True, 0
    for _ in range(200):
        open_link(to, link)
        standing = to.locator("#remote-standing").inner_text()
        if standing == "Game over: verified." and to.locator("#remote-link").count() == 0:
            break
        if to.locator("#remote-play").count():
            link = play_turn(to, by_mouse=first)
            first, turns = False, turns + 1
        else:
            link = the_link(to)  # an answer made at once (shares, keys)
        to = devices[to]
    assert turns >= 20  # a whole game: the board filled or the bag emptied
    for page in (ann, bob):
        expect(page.locator("#remote-standing")).to_have_text("Game over: verified.")
    results = [p.locator("#remote-result").inner_text() for p in (ann, bob)]
    assert results[0] == results[1] and results[0].startswith("Winner:")


def test_a_damaged_or_repeated_message_changes_nothing(
    ready_page: Page, local_context: Any, open_ready: Any, server_url: str
) -> None:
    ann = ready_page
    bob = local_context().new_page()
    open_ready(bob, server_url)
    invitation = new_game(ann, "Ann")
    assert_no_violations(ann, "the invitation to send", "#remote-screen")
    join(bob, invitation, "Bob")
    stored = bob.evaluate(STORED_JS)
    assert len(stored) == 1
    open_link(bob, invitation)  # the invitation again
    expect(bob.locator("#remote-problem")).to_contain_text("This message was not opened:")
    expect(bob.locator("#remote-problem")).to_contain_text("already")
    repeated = bob.locator("#remote-problem").inner_text()
    assert bob.evaluate(STORED_JS) == stored
    text = invitation.split("#m=")[1]
    damaged = text[:200] + ("A" if text[200] != "A" else "B") + text[201:]
    bob.click("#remote-to-list")
    bob.fill("#remote-paste", damaged)
    bob.click("#remote-open-button")
    expect(bob.locator("#remote-problem")).to_contain_text("This message was not opened:")
    expect(bob.locator("#remote-problem")).not_to_have_text(repeated)
    assert bob.evaluate(STORED_JS) == stored
    expect(bob.locator("#remote-games li")).to_have_count(1)
    assert_no_violations(bob, "the list with a problem", "#remote-screen")


def test_the_invitation_shows_qr_codes_whose_parts_open_it_on_the_other_device(
    ready_page: Page, local_context: Any, open_ready: Any, server_url: str
) -> None:
    """Each code's matrix is CPython's encoder's of the link beside it; the links of the
    parts, opened in another order on the other device, open the invitation there."""
    ann = ready_page
    invitation = new_game(ann, "Ann")
    shown = ann.evaluate(CODES_JS)
    n = len(shown)
    assert n > 1
    for k, (link, matrix, words, width) in enumerate(shown, 1):
        assert link.startswith(invitation.split("#", 1)[0] + "#m=ingenious-part:")
        code = qr.encode(link)
        assert matrix == qr.matrix_text(code.matrix), f"part {k}"
        assert words == f"QR code of the link, part {k} of {n}"
        assert width >= 2 * (code.size + 2 * qr.QUIET)
    parts = [link.split("#m=", 1)[1] for link, *_ in shown]
    assert api.join_parts(parts[::-1]) == invitation.split("#m=", 1)[1]
    bob = local_context().new_page()
    open_ready(bob, server_url)
    order = [*range(1, n), 0]
    for i in order[:-1]:
        bob.goto(shown[i][0])
        bob.wait_for_function(NOTED_JS, arg=i + 1, timeout=60_000)
    open_link(bob, shown[0][0])
    expect(bob.locator("#remote-standing")).to_have_text("An invitation: join seat 2.")
