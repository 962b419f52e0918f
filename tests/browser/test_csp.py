"""The pages under their Content-Security-Policy: the game, its bot worker, the rules and
the tutorial, and the embeddable board all work with no violation; an injected inline
script does not run; the game refuses to run framed by another site, the board does not.

Every browser test runs under the policy (a violation is a console error, which fails
the test); these check the policy is in force and what it allows.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from threading import Thread

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.conftest import READY_SELECTOR
from tests.browser.dist_site import PlainHandler, QuietServer
from tests.browser.game_helpers import start_game

Opener = Callable[..., float]
ROOT = Path(__file__).resolve().parents[2]
RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));
"""
POSITION = "src=docs/positions/5-twelve-green.json"


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.violations")
    return found


def test_the_game_its_worker_rules_and_tutorial_run_under_the_policy(
    page: Page, server_url: str, open_ready: Opener, console_errors: list[str]
) -> None:
    page.add_init_script(script=RECORD_VIOLATIONS)
    open_ready(page, server_url)
    start_game(page, "standard", seats=["beginner", "beginner"], seed=2)
    page.wait_for_function("window.ingenious.state().moves.length >= 3", timeout=90_000)
    page.click("#menu-button")
    page.click("#open-rules")
    expect(page.locator("#guide-body canvas, #guide-body svg").first).to_be_visible()
    page.click("#guide-close")
    page.click("#open-tutorial")
    expect(page.locator("#guide-screen")).to_be_visible()
    assert violations(page) == [] and console_errors == []
    # The policy is in force: markup that slipped through would not run its script.
    page.evaluate(
        """() => { const box = document.createElement('div');
                   box.innerHTML = '<svg onload="window.pwned = 1"></svg>';
                   document.body.appendChild(box);
                   const s = document.createElement('script');
                   s.textContent = 'window.pwned = 2'; document.body.appendChild(s); }"""
    )
    page.wait_for_function("window.violations.length >= 2")
    assert page.evaluate("window.pwned") is None
    assert all("Content Security Policy" in e for e in console_errors)
    console_errors.clear()  # provoked on purpose


def test_the_board_runs_under_its_stricter_policy(page: Page, server_url: str) -> None:
    page.add_init_script(script=RECORD_VIOLATIONS)
    page.goto(f"{server_url}embed.html?{POSITION}&mode=try")
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=60_000)
    expect(page.locator("#try")).to_be_visible()
    page.keyboard.press("Tab")
    assert violations(page) == []


def framing_page(url: str) -> str:
    return (
        '<!doctype html><title>framing</title><link rel="icon" href="data:,">'
        f'<iframe id="game" src="{url}" width="900" height="700"></iframe>'
        f'<iframe id="board" src="{url}embed.html?{POSITION}" width="600" height="420"></iframe>'
    )


def serve(page: Page, at: str, html: str) -> None:
    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=html)

    page.route(at, fulfil)


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[str]:
    """Another origin (another port of 127.0.0.1) with a page framing the game and the
    board. A real server: Chromium refuses frames of local addresses in pages it cannot
    place on the local network (as a routed reply would be)."""
    (tmp_path / "frame.html").write_text("", encoding="utf-8")
    server = QuietServer(("127.0.0.1", 0), functools.partial(PlainHandler, directory=str(tmp_path)))
    Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/frame.html"
    server.shutdown()
    server.server_close()


def test_the_game_refuses_to_run_framed_by_another_site_and_the_board_does_not(
    page: Page, server_url: str, other_site: str, tmp_path: Path
) -> None:
    """Another origin (another port) frames both pages: the game says it only runs in a
    tab of its own and never starts Python; the embeddable board works."""
    (tmp_path / "frame.html").write_text(framing_page(server_url), encoding="utf-8")
    page.goto(other_site)
    board = page.frame_locator("#board")
    board.locator(READY_SELECTOR).wait_for(state="attached", timeout=60_000)
    game = page.frame_locator("#game")
    problem = game.locator("#loading-problem")
    expect(problem).to_contain_text("does not run inside another site's page")
    expect(problem.get_by_role("link", name="open Ingenious")).to_have_attribute("href", server_url)
    frame = page.frame(url=server_url)
    assert frame is not None
    assert frame.evaluate("document.querySelectorAll('script[type=py]').length") == 0
    assert frame.evaluate("window.ingeniousFramed") is True
    assert game.locator(READY_SELECTOR).count() == 0
    expect(game.locator("#start")).to_be_hidden()


def test_the_game_framed_by_a_page_of_its_own_site_runs(page: Page, server_url: str) -> None:
    own = f"{server_url}tests-frame.html"
    serve(page, own, framing_page(server_url))
    page.goto(own)
    game = page.frame_locator("#game")
    game.locator(READY_SELECTOR).wait_for(state="attached", timeout=60_000)
    expect(game.locator("#start")).to_be_visible()
    frame = page.frame(url=server_url)
    assert frame is not None and frame.evaluate("window.ingeniousFramed") is None
