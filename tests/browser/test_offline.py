"""The release build (dist/) under a sub-path of a plain static server: it plays after the
network is gone, and a new release takes over once the player agrees to reload.

Every test runs under the infra guard (no console errors, no request outside 127.0.0.1)
and checks in addition that every request stayed on the game's own origin.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.dist_site import DistSite, build_release
from tests.browser.game_helpers import (
    best_move,
    engine_game,
    place_with_mouse,
    start_game,
    wait_idle,
)

CONTROLLED = "navigator.serviceWorker.controller !== null"
SW_TIMEOUT_MS = 90_000


@pytest.fixture(scope="session")
def release(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The repo built once into a temporary dist/ (the repo's own dist/ is left alone)."""
    out = tmp_path_factory.mktemp("release") / "dist"
    version = build_release(out, out.parent)
    return out, version


@pytest.fixture
def site(tmp_path: Path, release: tuple[Path, str]) -> Iterator[DistSite]:
    served = DistSite(tmp_path / "www", release[0])
    yield served
    served.stop()


def off_origin(requests: list[str], origin: str) -> list[str]:
    """The requests that went anywhere but the game's own origin."""
    return [u for u in requests if not (u.startswith(origin) or u.split(":")[0] in
                                        ("blob", "data", "about"))]


def cache_names(page: Page) -> list[str]:
    names: list[str] = page.evaluate("caches.keys()")
    return sorted(names)


def moves(page: Page) -> list[Any]:
    state: dict[str, Any] = page.evaluate("window.ingenious.state()")
    return list(state["moves"])


def test_after_one_visit_the_game_starts_and_plays_with_the_network_gone(
    page: Page,
    context: BrowserContext,
    site: DistSite,
    release: tuple[Path, str],
    open_ready: Callable[..., float],
    requests_seen: list[str],
    screenshot: Callable[[str], Path],
) -> None:
    """Visit once online; then stop the server and cut the network: the reloaded page
    starts, a tile is placed with the mouse and the bot (a worker) answers."""
    open_ready(page, site.url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    assert cache_names(page) == [f"ingenious-{release[1]}"]

    site.stop()
    context.set_offline(True)
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("window.ingeniousOffline.build") == release[1]

    start_game(page, "standard", seats=["human", "beginner"], names=["Ann", "Bot"], seed=7)
    wait_idle(page)
    before = len(moves(page))
    place_with_mouse(page, best_move(engine_game(page)))
    wait_idle(page, timeout=60_000)
    after = moves(page)
    assert len(after) >= before + 2, f"expected my move and the bot's reply, got {after}"
    screenshot("offline-game")
    assert off_origin(requests_seen, site.origin) == []


def test_the_first_visit_tells_the_player_the_game_now_works_offline(
    page: Page, site: DistSite, open_ready: Callable[..., float]
) -> None:
    """Once the worker has cached the release, a short note says so."""
    open_ready(page, site.url)
    expect(page.locator("#sw-offline")).to_be_visible(timeout=SW_TIMEOUT_MS)
    assert page.evaluate("window.ingeniousOffline.state") == "offline-ready"


def test_a_new_release_is_announced_and_takes_over_when_the_player_reloads(
    page: Page,
    context: BrowserContext,
    site: DistSite,
    release: tuple[Path, str],
    tmp_path: Path,
    open_ready: Callable[..., float],
    requests_seen: list[str],
    screenshot: Callable[[str], Path],
) -> None:
    """Publish a build with other contents (another version): the open game keeps the
    old one until the banner's Reload, then runs the new one with the saved game still
    there, old caches are gone, and another open tab is asked to reload."""
    open_ready(page, site.url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    old = release[1]
    start_game(page, "standard", seats=["human", "beginner"], seed=4)
    wait_idle(page)
    place_with_mouse(page, best_move(engine_game(page)))
    wait_idle(page)
    played = moves(page)
    other_tab = context.new_page()
    open_ready(other_tab, site.url)

    new = build_release(tmp_path / "dist-2", tmp_path, marker="2")
    assert new != old
    site.publish(tmp_path / "dist-2")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    # Until the player agrees, the page still runs the release it started with.
    assert page.evaluate("window.ingeniousOffline.build") == old

    banner = page.locator("#sw-update")
    expect(banner).to_be_visible(timeout=SW_TIMEOUT_MS)
    expect(banner).to_contain_text("new version")
    screenshot("update-banner")
    with page.expect_navigation(timeout=SW_TIMEOUT_MS):
        banner.get_by_role("button", name="Reload").click()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("window.ingeniousOffline.build") == new
    # The game in progress survives the update (autosave) and resumes by itself.
    expect(page.locator("#game")).to_be_visible()
    wait_idle(page)
    assert moves(page) == played
    assert page.evaluate("document.querySelector('meta[name=ingenious-build]').content") == new
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    page.wait_for_function(f"caches.keys().then(k => k.join() === 'ingenious-{new}')",
                           timeout=SW_TIMEOUT_MS)
    # A second tab still on the old release is told to reload, not left mixing releases.
    expect(other_tab.locator("#sw-update")).to_contain_text("another tab",
                                                             timeout=SW_TIMEOUT_MS)
    assert off_origin(requests_seen, site.origin) == []


def test_the_development_page_never_registers_a_service_worker(ready_page: Page) -> None:
    """`make play` serves live files: no build tag, so no worker and no cache."""
    page = ready_page
    page.wait_for_timeout(1500)
    assert page.evaluate("window.ingeniousOffline.state") == "off"
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    assert cache_names(page) == []


def test_the_development_worker_removes_a_cached_release_and_itself(ready_page: Page) -> None:
    """If a release was once served on the `make play` address, the browser's update check
    finds the development sw.js in its place. Registered, that worker deletes the release's
    caches (and only those), unregisters itself and reloads the page with live files."""
    page = ready_page
    page.evaluate(
        """async () => {
             await (await caches.open('ingenious-old-release')).put('/x', new Response('x'));
             await (await caches.open('another-site')).put('/y', new Response('y'));
             await navigator.serviceWorker.register('sw.js');
           }"""
    )
    # page.evaluate awaits promises (wait_for_function would take a promise as truthy).
    left = None
    for _ in range(SW_TIMEOUT_MS // 250):
        left = page.evaluate(
            """async () => [(await navigator.serviceWorker.getRegistrations()).length,
                            (await caches.keys()).filter(n => n.startsWith('ingenious-'))]"""
        )
        if left == [0, []]:
            break
        page.wait_for_timeout(250)
    assert left == [0, []], f"registrations and release caches left: {left}"
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert cache_names(page) == ["another-site"]
    assert page.evaluate("navigator.serviceWorker.controller") is None
