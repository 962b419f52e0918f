"""Accessibility in the browser: axe-core (WCAG 2.2 A/AA) on the stable screens, reduced
motion, the manifest's app identity, the no-WebAssembly message and 400 % zoom.

axe runs from the local node_modules (tests/browser/a11y.py); a test fails on any
violation and prints each one with its element and what to fix.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.browser.a11y import AXE_JS, assert_no_violations, axe_violations
from tests.browser.game_helpers import best_move, engine_game, place_with_mouse, start_game
from tests.browser.test_tutorial import type_placement
from tools import build_dist
from tools.serve import ROOT
from web.teach.tutorial import LESSONS, solutions

READY = 'body[data-ready="1"]'
SLOW = 90_000


def open_ready(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=SLOW)


# --- the harness ----------------------------------------------------------------------------------
def test_the_harness_reports_a_violation_with_its_element(ready_page: Page) -> None:
    """A button whose name does not contain its visible text is reported (so a clean
    screen below is clean because axe found nothing, not because it did not run)."""
    page = ready_page
    page.evaluate(
        """() => { const b = document.createElement('button');
                   b.id = 'mislabelled'; b.textContent = 'Go';
                   b.setAttribute('aria-label', 'Leave'); document.body.append(b); }"""
    )
    found = axe_violations(page, "#mislabelled")
    assert [v["id"] for v in found] == ["label-content-name-mismatch"]
    assert found[0]["nodes"][0]["target"] == "#mislabelled"
    with pytest.raises(AssertionError, match="(?s)label-content-name-mismatch.*at #mislabelled"):
        assert_no_violations(page, "a test button", "#mislabelled")


def test_axe_core_is_a_test_tool_only() -> None:
    """axe-core is pinned exactly, read from node_modules and never part of the release."""
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    version = package["dependencies"]["axe-core"]
    assert version[0].isdigit(), "pinned to an exact version"
    assert AXE_JS.is_file()
    assert f"axe v{version}" in AXE_JS.read_text(encoding="utf-8")[:200]
    shipped = build_dist.collect(ROOT)
    assert not [name for name in shipped if "axe" in str(name).lower()]


# --- axe on the stable screens --------------------------------------------------------------------
def test_start_screen_has_no_wcag_violations(ready_page: Page) -> None:
    expect(ready_page.locator("#start")).to_be_visible()
    assert_no_violations(ready_page, "the start screen")


def test_rules_page_has_no_wcag_violations(ready_page: Page) -> None:
    page = ready_page
    page.click("#open-rules")
    expect(page.locator("#guide-screen")).to_be_visible()
    expect(page.locator("#guide-body canvas.diagram").first).to_be_visible()
    assert_no_violations(page, "the rules page")


def test_tutorial_has_no_wcag_violations_while_a_lesson_is_played(ready_page: Page) -> None:
    """The first lesson as it opens, then solved with the engine's move (feedback shown,
    Next enabled), then the second lesson."""
    page = ready_page
    page.click("#open-tutorial")
    expect(page.locator("#tut-title")).to_have_text(LESSONS[0].title)
    assert_no_violations(page, "the tutorial's first lesson")
    for move in solutions(LESSONS[0])[0]:
        type_placement(page, move)
    expect(page.locator("#tut-next")).to_be_enabled()
    expect(page.locator("#tut-feedback")).not_to_be_empty()
    assert_no_violations(page, "the tutorial's first lesson, solved")
    page.click("#tut-next")
    expect(page.locator("#tut-title")).to_have_text(LESSONS[1].title)
    assert_no_violations(page, "the tutorial's second lesson")


# --- reduced motion -------------------------------------------------------------------------------
COUNT_FRAMES = """
window.__frameRequests = 0;
const request = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) => {
  window.__frameRequests += 1;
  return request(callback);
};
"""


def frames_in(page: Page, ms: int) -> int:
    """How many animation frames the page asks for in the next ``ms`` milliseconds."""
    before = int(page.evaluate("window.__frameRequests"))
    page.wait_for_timeout(ms)
    return int(page.evaluate("window.__frameRequests")) - before


def solo_game(page: Page, server_url: str, speed: str) -> None:
    page.add_init_script(COUNT_FRAMES)
    open_ready(page, server_url)
    start_game(page, "solo", seed=3, speed=speed)
    expect(page.locator(".rack-tile[data-slot]").first).to_be_visible()


def place_and_count_frames(page: Page, hook: str = "animating") -> tuple[bool, int]:
    """Place the best tile; return what the hook said right after, and the frames the
    page asked for in the second after that. `animating()`: the landing and its rays run
    on the board; `busy()` also counts the drawing left for after the next paint, which
    any move has."""
    game = engine_game(page)
    if page.locator('.rack-tile[aria-pressed="true"]').count():
        page.keyboard.press("Escape")
    place_with_mouse(page, best_move(game))
    page.wait_for_function(f"window.ingenious.state().moves.length > {len(game.moves)}")
    busy = bool(page.evaluate(f"window.ingenious.{hook}()"))
    return busy, frames_in(page, 1000)


@pytest.fixture
def reduced_page(local_context: Callable[..., BrowserContext], server_url: str) -> Any:
    return local_context(reduced_motion="reduce").new_page()


@pytest.mark.parametrize("reduced", [False, True])
def test_the_starting_speed_is_fast_with_reduced_motion(
    page: Page, reduced_page: Page, server_url: str, reduced: bool
) -> None:
    """No speed chosen yet: Normal, or Fast when the system asks for reduced motion."""
    shown = reduced_page if reduced else page
    open_ready(shown, server_url)
    shown.click("#start-game")
    expect(shown.locator("#speed")).to_have_value("fast" if reduced else "normal")


def test_reduced_motion_stops_transitions_landing_rays_and_the_hint_pulse(
    reduced_page: Page, server_url: str
) -> None:
    """Even at the Slow speed the player picked: no CSS transition, a placement does not
    animate, and the hint is drawn once and stands still."""
    page = reduced_page
    solo_game(page, server_url, speed="slow")
    expect(page.locator("#speed")).to_have_value("slow")
    durations = page.evaluate(
        """() => [...document.querySelectorAll('.mark, button')].map(
             e => getComputedStyle(e).transitionDuration)"""
    )
    assert durations and set(durations) == {"0s"}
    busy, frames = place_and_count_frames(page)
    assert not busy, "no landing or ray animation runs"
    assert frames <= 2, f"{frames} frames asked for after the placement"
    page.click("#hint-button")
    expect(page.locator("#status")).to_contain_text("Hint:", timeout=SLOW)
    assert frames_in(page, 1000) <= 2, "the hint does not pulse"


def test_without_reduced_motion_placements_and_hints_animate(page: Page, server_url: str) -> None:
    """The same steps with motion allowed: the page keeps asking for frames."""
    solo_game(page, server_url, speed="slow")
    busy, frames = place_and_count_frames(page, "busy")
    assert busy and frames > 5, (busy, frames)
    page.click("#hint-button")
    expect(page.locator("#status")).to_contain_text("Hint:", timeout=SLOW)
    assert frames_in(page, 1000) > 5


# --- small items ----------------------------------------------------------------------------------
def test_copies_under_two_sub_paths_are_two_apps(page: Page, server_url: str) -> None:
    """Chromium's app id for the real manifest served under /copy-a/ and /copy-b/ is each
    copy's own folder, not the site root."""
    manifest = (ROOT / "manifest.webmanifest").read_text(encoding="utf-8")

    def serve(route: Route) -> None:
        if route.request.url.endswith("/manifest.webmanifest"):
            route.fulfill(body=manifest, content_type="application/manifest+json")
        else:
            route.fulfill(
                body='<!doctype html><html lang="en"><title>copy</title>'
                '<link rel="icon" href="data:,">'
                '<link rel="manifest" href="manifest.webmanifest"></html>',
                content_type="text/html",
            )

    page.route("**/copy-*/**", serve)
    cdp = page.context.new_cdp_session(page)
    ids = []
    for copy in ("copy-a", "copy-b"):
        page.goto(f"{server_url}{copy}/")
        ids.append(cdp.send("Page.getAppId")["appId"])
    assert ids == [f"{server_url}copy-a/", f"{server_url}copy-b/"]


def test_the_page_names_its_theme_colour(ready_page: Page) -> None:
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    colour = ready_page.locator('meta[name="theme-color"]').get_attribute("content")
    assert colour == manifest["theme_color"]


@pytest.mark.allow_console_errors
def test_without_webassembly_the_pages_message_stays(
    page: Page, server_url: str, console_errors: list[str]
) -> None:
    """PyScript's own failures (WebAssembly is not defined) do not replace the message."""
    page.add_init_script("delete window.WebAssembly;")
    with page.expect_event("pageerror"):
        page.goto(server_url)
    page.wait_for_load_state("load")
    problem = page.locator("#loading-problem")
    expect(problem).to_have_text(
        "This browser cannot run the game: it has no WebAssembly. Please use a current"
        " Chrome, Edge, Firefox or Safari."
    )
    assert any("WebAssembly" in error for error in console_errors)


def _inside(page: Page, element_id: str) -> bool:
    box: dict[str, float] = page.evaluate(
        """(id) => { const r = document.getElementById(id).getBoundingClientRect();
                     return {left: r.left, right: r.right,
                             width: document.documentElement.clientWidth}; }""",
        element_id,
    )
    return box["left"] >= 0 and box["right"] <= box["width"]


def test_rules_button_is_whole_at_400_percent_zoom(
    local_context: Callable[..., BrowserContext], server_url: str
) -> None:
    """A 1280 px window at 400 % is 320 CSS px wide: Rules stays on screen, whole, on the
    start screen and under the game bar's More."""
    context = local_context(viewport={"width": 320, "height": 256})
    page = context.new_page()
    try:
        open_ready(page, server_url)
        assert _inside(page, "open-rules")
        start_game(page, "standard", seats=["human", "beginner"], seed=5)
        assert _inside(page, "more-button")  # the narrow bar keeps Rules under More
        page.click("#more-button")
        assert _inside(page, "rules-button")
        page.click("#rules-button")
        expect(page.locator("#guide-screen")).to_be_visible()
    finally:
        context.close()
