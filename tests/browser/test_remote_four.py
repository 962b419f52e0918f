"""Play with friends at a table of four (web/remote, docs/remote.md): four browser contexts
with separate storage, one device each, make and join a four-player game and play two
rounds by passing every message to every other device, opened while the page is open (the
address's fragment changes, as when a friend's link is opened in a running page).

Every message reaches every device in the order it was made; each device answers what it
owes at once, joins its own seat when the game waits on that seat (the friends know who
plays which: seats are joined one after another), and plays its turn when the game waits
on it. At the end
every device holds the same game: the same moves, the same seat awaited, no message
refused. The whole game to its verification is simulated for four players in CPython and
Pyodide (tests/engine/remote/); this checks the page does the same with four devices.

The times each step took in the page are printed (pytest -s) as the figures of issue 53."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.test_remote import SETTLED_JS, STATE_JS

NAMES = ("Ann", "Bob", "Cyd", "Dee")
ROUNDS = 2

#: What a device's screen offers after a message was opened: "join", "play", or the link
#: shown to send ("" when none).
OFFER_JS = """() => {
  if (document.getElementById("remote-join")) return ["join", ""];
  if (document.getElementById("remote-play")) return ["play", ""];
  const link = document.getElementById("remote-link");
  return ["", link ? link.value : ""];
}"""

#: Where the game stands on this device: the heading's sentence and the moves so far.
STANDING_JS = """() => { const p = document.getElementById("remote-problem");
  return [document.getElementById("remote-standing").textContent, p ? p.textContent : ""]; }"""


@dataclass
class Device:
    name: str
    page: Page
    seat: int  # from 1, as the page says it
    seen: int = 0  # messages of the chain opened (or made) here
    turns: int = 0
    joined: bool = False
    times: dict[str, list[float]] = field(default_factory=dict)

    def timed(self, step: str, start: float) -> None:
        self.times.setdefault(step, []).append(time.perf_counter() - start)


def open_by_hash(device: Device, link: str) -> None:
    """Open a friend's message in the running page, as a link opened in its tab does."""
    start = time.perf_counter()
    device.page.evaluate("(l) => { location.hash = new URL(l).hash; }", link)
    device.page.wait_for_function(SETTLED_JS, timeout=60_000)
    device.timed("open", start)


def act(device: Device) -> str:
    """What the device does once a message is opened: join, play its turn, or send the
    answer it made at once; the link of its message ("" when it owes none)."""
    page = device.page
    what, link = page.evaluate(OFFER_JS)
    standing = page.locator("#remote-standing").inner_text()
    if what == "join" and not device.joined and standing.endswith(f"seat {device.seat}."):
        start = time.perf_counter()
        page.fill("#remote-join-name", device.name)
        page.click("#remote-join")
        page.wait_for_function(STATE_JS, timeout=60_000)
        device.joined = True
        device.timed("join", start)
        return str(page.locator("#remote-link").input_value())
    if what == "play":
        device.turns += 1
        turn = time.perf_counter()
        page.click("#remote-play")
        while page.wait_for_function(STATE_JS, timeout=60_000).json_value() != "send":
            legal: list[str] = page.evaluate("window.ingenious.legalMoves()")
            move = "pass" if "pass" in legal else sorted(m for m in legal if m != "swap")[0]
            start = time.perf_counter()
            assert page.evaluate(f"window.ingenious.play({move!r})")
            device.timed("move", start)
        device.timed("turn to its message", turn)
        return str(page.locator("#remote-link").input_value())
    return str(link)


def test_four_devices_make_join_and_play_two_rounds_by_messages(
    ready_page: Page, local_context: Any, open_ready: Any, server_url: str
) -> None:
    ann = Device(NAMES[0], ready_page, 1, joined=True)
    others = []
    for seat, name in enumerate(NAMES[1:], 2):
        page = local_context().new_page()
        open_ready(page, server_url)
        others.append(Device(name, page, seat))
    devices = [ann, *others]
    start = time.perf_counter()
    ann.page.click("#open-remote")
    ann.page.select_option("#remote-table", "4")
    ann.page.fill("#remote-name", ann.name)
    ann.page.click("#remote-create")
    ann.page.wait_for_function(STATE_JS, timeout=60_000)
    ann.timed("invitation", start)
    chain: list[tuple[str, Device]] = [(str(ann.page.locator("#remote-link").input_value()), ann)]
    ann.seen = 1
    while min(d.turns for d in devices) < ROUNDS:
        before = len(chain)
        for device in devices:
            while device.seen < len(chain):
                link, sender = chain[device.seen]
                device.seen += 1
                if sender is device:
                    continue
                open_by_hash(device, link)
                standing, problem = device.page.evaluate(STANDING_JS)
                assert not problem, (device.name, standing, problem)
                made = act(device)
                if made and made not in (m for m, _ in chain):
                    chain.append((made, device))
                    device.seen = len(chain)
        assert len(chain) > before, "no device had a message to send: the game is stuck"
    assert all(d.joined for d in devices)
    # Every device opens what it has not seen yet; then all agree on whom the game waits.
    for device in devices:
        for link, sender in chain[device.seen :]:
            if sender is not device:
                open_by_hash(device, link)
    said = {d.name: d.page.evaluate(STANDING_JS)[0] for d in devices}
    waiting = [s for s in said.values() if s.startswith("Waiting for ")]
    mine = [n for n, s in said.items() if s in ("Your turn.", "This device owes a message.")]
    assert len(mine) == 1 and len(waiting) == 3, said
    assert all(s.startswith(f"Waiting for {mine[0]}:") for s in waiting), said
    for device in devices:
        device.page.click("#remote-to-list")
        expect(device.page.locator("#remote-games li")).to_have_count(1)
    figures: dict[str, list[float]] = {}
    for device in devices:
        for step, spans in device.times.items():
            figures.setdefault(step, []).extend(spans)
    print(f"\n4 devices, {len(chain)} messages, {sum(d.turns for d in devices)} turns:")
    for step, spans in sorted(figures.items()):
        print(f"  {step}: {len(spans)} times, mean {sum(spans) / len(spans):.2f} s, "
              f"longest {max(spans):.2f} s")  # fmt: skip
