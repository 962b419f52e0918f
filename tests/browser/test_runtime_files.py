"""The runtime's files, said plainly when they fail: a release's damaged Pyodide file is
named within seconds (web/scripts/python.mjs hashes the wasm, the pages' modules carry
their hashes), a start past its time limit names the file it still waits for
(web/scripts/boot.js), and the page's JavaScript filler fills only a message's own
arguments, up to a bound (web/i18n/lang.js). The offline losses and their repair are in
test_offline.py."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import READY_SELECTOR
from tests.browser.dist_site import DistSite
from web.store.storage import site_key, site_root

WASM = "runtime/pyodide/pyodide.asm.wasm"


@pytest.fixture
def site(tmp_path: Path, release_build: tuple[Path, str]) -> Iterator[DistSite]:
    served = DistSite(tmp_path / "www", release_build[0])
    yield served
    served.stop()


def flip_a_byte(path: Path) -> bytes:
    """One bit of the file's middle byte turned over (a disk or transfer fault); returns
    the file as it was."""
    data = path.read_bytes()
    damaged = bytearray(data)
    damaged[len(damaged) // 2] ^= 0x01
    path.write_bytes(bytes(damaged))
    return data


@pytest.mark.allow_console_errors
def test_a_damaged_runtime_file_of_a_release_is_named_within_seconds(
    page: Page, site: DistSite, load_times: dict[str, float], console_errors: list[str]
) -> None:
    """A byte flipped in Pyodide's wasm (it left "Starting the game: one moment..." on screen
    for minutes), in its script or in its loader, on a first visit (nothing cached): the
    loading screen says which file is not the release's, that the copy may need copying
    again whole, and offers Retry. The seconds each took are printed."""
    # Every request passes through the test, which turns the browser's HTTP cache off: each
    # load fetches what the server holds (a good copy kept from the load before would hide
    # the damage).
    page.route("**/*", lambda route: route.fallback())
    for name in (WASM, "runtime/pyodide/pyodide.asm.mjs", "runtime/pyodide/pyodide.mjs"):
        good = flip_a_byte(site.folder / name)
        started = time.perf_counter()
        page.goto(site.url)
        problem = page.locator("#loading-problem")
        expect(problem).to_contain_text(name, timeout=60_000)
        load_times[f"damaged {name}: message"] = time.perf_counter() - started
        expect(problem).to_contain_text("is not the one this version of the game was made with")
        expect(problem).to_contain_text("copied again whole")
        expect(page.locator("#loading-retry")).to_be_visible()
        assert page.locator(READY_SELECTOR).count() == 0
        (site.folder / name).write_bytes(good)
    # What went wrong, nothing else: the browser refused the modules' other bytes, and the
    # start ended on the file (the wasm is hashed by the page itself).
    expected = ("integrity", "is not this release's file", "Failed to load", "Failed to fetch")
    assert console_errors, "no failed file reported"
    assert all(any(words in line for words in expected) for line in console_errors), console_errors


class HeldWasm:
    """The wasm's request held (a server that does not answer) until `release`."""

    def __init__(self, page: Page) -> None:
        self.routes: list[Route] = []
        self.released = False
        page.route(f"**/{WASM}", self.hold)

    def hold(self, route: Route) -> None:
        if self.released:
            route.fallback()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.fallback()
        self.routes.clear()


def test_a_start_past_its_time_limit_names_the_file_it_waits_for_and_goes_on(
    page: Page, server_url: str
) -> None:
    """With the wasm's request unanswered, a start past its limit (1 s here; 60 s on the
    page) says it has not started and names the wasm among the files it waits for, with
    Retry; the start goes on, and once the file comes the game is ready and the message gone
    with the loading screen."""
    page.add_init_script(script="window.ingeniousStartLimitMs = 1000;")
    held = HeldWasm(page)
    try:
        page.goto(server_url)
        problem = page.locator("#loading-problem")
        expect(problem).to_contain_text("has not started after 1 seconds", timeout=60_000)
        expect(problem).to_contain_text(WASM)
        expect(page.locator("#loading-retry")).to_be_visible()
        assert held.routes, "the wasm was never asked for"
        held.release()
        page.wait_for_selector(READY_SELECTOR, state="attached", timeout=120_000)
        expect(page.locator("#loading")).to_be_hidden()
    finally:
        held.release()


# A message whose text repeats its argument 250 times, that argument being such a message
# again, four deep: 3 kB stored, 250^4 characters filled.
def amplifying(depth: int) -> dict[str, object]:
    inner: dict[str, object] = {"m": "{a}" * 250, "a": {"a": "xy"}}
    for _ in range(depth - 1):
        inner = {"m": "{a}" * 250, "a": {"a": inner}}
    return inner


FILLS = """([amplifier]) => {
  const i18n = window.ingeniousI18n;
  const inherited = Object.create({ hidden: "from the prototype", n: "not the count" });
  inherited.shown = "own";
  const began = performance.now();
  const refused = i18n.render(amplifier);
  return {
    fmt: i18n.fmt("{constructor} {toString} {__proto__} {hidden} {shown}", inherited),
    plural: i18n.n("{n} tile", "{n} tiles", 3, inherited),
    render: i18n.render({ m: "{constructor} {valueOf} {a}", a: { a: 1 } }),
    inheritedCount: i18n.render({ m: "{n} tile", p: "{n} tiles", n: "constructor", a: {} }),
    bound: i18n.render({ m: "{a}", a: { a: "x".repeat(2000) } }).length,
    overBound: i18n.render({ m: "{a}.", a: { a: "x".repeat(2000) } }),
    refused,
    refusedMs: performance.now() - began,
  };
}"""


def test_the_pages_filler_fills_only_a_messages_own_arguments_up_to_a_bound(
    ready_page: Page,
) -> None:
    """Before Python runs the page fills {name} placeholders itself: only from a message's
    own arguments ({constructor} showed "function Object() { [native code] }"), and at most
    2,000 characters (a kept message that would fill more gives null, and its plain text
    shows instead), so an amplifying message costs nothing."""
    found = ready_page.evaluate(FILLS, [amplifying(4)])
    assert found["fmt"] == "{constructor} {toString} {__proto__} {hidden} own"
    assert found["plural"] == "3 tiles"
    assert found["render"] == "{constructor} {valueOf} 1"
    assert found["inheritedCount"] == "0 tiles"
    assert found["bound"] == 2000
    assert found["overBound"] is None
    assert found["refused"] is None
    assert found["refusedMs"] < 1000, found["refusedMs"]  # it once ran out of memory instead


def test_continue_shows_the_plain_text_of_a_summary_whose_message_would_fill_too_much(
    page: Page, server_url: str
) -> None:
    """The Continue line before Python runs, from a stored summary whose kept message
    amplifies (any page of the site can write it): the summary's own plain text shows; one
    naming an inherited field shows the placeholder, not the field. Python is held back,
    so what shows is the page's own JavaScript."""
    root = site_root("/")
    key = site_key("ingenious.autosave-summary", root)
    summary = {"v": 1, "text": "Standard game: Ann, Bob — turn 3", "msg": amplifying(4)}
    page.add_init_script(
        script="if (!localStorage.getItem('test.seeded')) {"
        "localStorage.setItem('test.seeded', '1');"
        f"localStorage.setItem({json.dumps(site_key('ingenious.autosave', root))}, '{{}}');"
        f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(summary))}); }}"
    )
    page.route("**/runtime/pyodide/**", lambda route: None)  # held: Python never starts
    page.goto(server_url, wait_until="domcontentloaded")
    expect(page.locator("#continue-info")).to_have_text(summary["text"])
    inherited = {**summary, "msg": {"m": "{constructor}, turn {turn}", "a": {"turn": 3}}}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(inherited)])
    page.reload(wait_until="domcontentloaded")
    expect(page.locator("#continue-info")).to_have_text("{constructor}, turn 3")
    assert page.locator(READY_SELECTOR).count() == 0
