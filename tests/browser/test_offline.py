"""The release build (dist/) under a sub-path of a plain static server: it plays after the
network is gone, and a new release takes over once the player agrees to reload.

Every test runs under the infra guard (no console errors, no request outside 127.0.0.1)
and checks in addition that every request stayed on the game's own origin.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from engine import new_game
from tests.browser.dist_site import DistSite, PlainHandler, build_release
from tests.browser.game_helpers import (
    best_move,
    engine_game,
    place_with_mouse,
    start_game,
    wait_idle,
)
from web.store.storage import AUTOSAVE_KIND, Record, UiState

CONTROLLED = "navigator.serviceWorker.controller !== null"
SW_TIMEOUT_MS = 90_000


@pytest.fixture
def release(release_build: tuple[Path, str]) -> tuple[Path, str]:
    return release_build


@pytest.fixture
def site(tmp_path: Path, release: tuple[Path, str]) -> Iterator[DistSite]:
    served = DistSite(tmp_path / "www", release[0])
    yield served
    served.stop()


def off_origin(requests: list[str], origin: str) -> list[str]:
    """The requests that went anywhere but the game's own origin."""
    return [
        u
        for u in requests
        if not (u.startswith(origin) or u.split(":")[0] in ("blob", "data", "about"))
    ]


def cache_names(page: Page) -> list[str]:
    names: list[str] = page.evaluate("caches.keys()")
    return sorted(names)


def cache_of(version: str, site: DistSite) -> str:
    """The cache a release keeps its files in: named after the release and its folder."""
    return f"ingenious-{version} /{site.sub_path}"


def reload_into(page: Page, build: str) -> None:
    """Click the update banner's Reload, wait for the page to reload and to run `build`:
    the new release after one reload, or two if the browser was slow to switch workers
    and the page reloaded to end its own requests (web/scripts/sw-register.js, switchTo)."""
    with page.expect_navigation(timeout=SW_TIMEOUT_MS):
        page.locator("#sw-update").get_by_role("button", name="Reload").click()
    page.wait_for_function(
        "build => window.ingeniousOffline && window.ingeniousOffline.build === build",
        arg=build,
        timeout=60_000,
    )
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)


def moves(page: Page) -> list[Any]:
    state: dict[str, Any] = page.evaluate("window.ingenious.state()")
    return list(state["moves"])


# Puts a damaged copy of each of `paths` in the release's cache (as a disk fault would).
DAMAGE = """async ([name, paths]) => {
  const cache = await caches.open(name);
  for (const path of paths) {
    await cache.put(new URL(path, location.href).href, new Response(new Uint8Array([1, 2, 3])));
  }
}"""
CACHED_SIZE = """async ([name, path]) => {
  const hit = await (await caches.open(name)).match(new URL(path, location.href).href);
  return hit ? (await hit.arrayBuffer()).byteLength : null;
}"""


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
    starts, a tile is placed with the mouse and the bot (a worker) answers. Before, a
    damaged copy of the snapshot in the worker's cache is dropped and replaced (the start
    is from the snapshot); after, offline, a damaged snapshot and python.zip give a plain
    message that names the file, never a traceback."""
    open_ready(page, site.url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    cache = cache_of(release[1], site)
    assert cache_names(page) == [cache]

    page.evaluate(DAMAGE, [cache, ["python.snapshot"]])
    open_ready(page, site.url)
    assert page.evaluate("window.ingeniousPython.start") == "snapshot"
    size = (release[0] / "python.snapshot").stat().st_size
    assert page.evaluate(CACHED_SIZE, [cache, "python.snapshot"]) == size

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

    # The page fetches python.zip once idle (for tracebacks): from the good copy.
    page.wait_for_function(
        "performance.getEntriesByName('ingenious:python-unpacked').length > 0", timeout=60_000
    )
    damaged = context.new_page()  # its console's failed requests are expected
    damaged.goto(site.url + "manifest.webmanifest")  # a file of the site, to reach its cache
    damaged.evaluate(DAMAGE, [cache, ["python.snapshot", "python.zip"]])
    damaged.goto(site.url)
    problem = damaged.locator("#loading-problem")
    expect(problem).to_contain_text("python.zip", timeout=60_000)
    expect(problem).to_contain_text("could not start")
    assert "Traceback" not in damaged.locator("body").inner_text()
    damaged.close()


# A file of the release taken out of its cache (the browser dropped it, a disk fault), and
# kept aside in another cache to be put back.
TAKE_OUT = """async ([name, paths]) => {
  const store = await caches.open(name), aside = await caches.open("test-aside");
  for (const path of paths) {
    const url = new URL(path, location.href).href;
    await aside.put(url, await store.match(url));
    await store.delete(url);
  }
}"""
PUT_BACK = """async ([name, paths]) => {
  const store = await caches.open(name), aside = await caches.open("test-aside");
  for (const path of paths) {
    const url = new URL(path, location.href).href;
    await store.put(url, await aside.match(url));
    await aside.delete(url);
  }
}"""
CACHED_PATHS = """async (name) => {
  const scope = new URL("./", location.href).href;
  return (await (await caches.open(name)).keys()).map((r) => r.url.slice(scope.length)).sort();
}"""
# What the page said first, and when (its own clock, from the navigation).
SAID = """() => {
  const box = document.getElementById("loading-problem");
  if (box && !box.hidden) return { ms: performance.now(), text: box.textContent };
  return document.body && document.body.dataset.ready === "1" ? { ms: 0, text: "ready" } : null;
}"""


def precached(release: Path) -> list[str]:
    source = (release / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const PRECACHE = (\[.*?\]);", source, re.S)
    assert found is not None
    files: list[str] = json.loads(found.group(1))
    return files


@pytest.mark.slow
@pytest.mark.allow_console_errors
def test_a_runtime_file_lost_from_the_offline_copy_is_said_and_the_next_online_visit_repairs_it(
    page: Page,
    context: BrowserContext,
    site: DistSite,
    release: tuple[Path, str],
    open_ready: Callable[..., float],
    load_times: dict[str, float],
    requests_seen: list[str],
) -> None:
    """Offline, with one of the runtime's files gone from the worker's cache (the wasm, which
    once left the page silent for minutes; Pyodide's script and loader; PyScript's TOML
    parser; python.zip with the snapshot, which was called a damaged copy), the page says
    within seconds, in the player's language, which file this copy lacks and that it needs
    to be online once to repair itself, with Retry. Pressed online, Retry starts the game,
    and the worker fetches whatever its cache lacks (the files that start did not use too),
    after which the game starts offline again. The seconds until each message are printed;
    tools/bench_offline.py measures every runtime file."""
    open_ready(page, site.url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    cache = cache_of(release[1], site)
    files = precached(release[0])
    while page.evaluate(CACHED_PATHS, cache) != files:  # the worker caches every file
        page.wait_for_timeout(250)
    toml = next(f for f in files if re.fullmatch(r"runtime/pyscript/toml-[\w-]+\.js", f))
    keeper = context.new_page()  # a page of the site, to take files out and put them back
    keeper.goto(site.url + "manifest.webmanifest")
    site.stop()
    context.set_offline(True)

    losses = [
        (("runtime/pyodide/pyodide.asm.wasm",), "?lang=de"),
        (("runtime/pyodide/pyodide.asm.mjs",), ""),
        (("runtime/pyodide/pyodide.mjs",), ""),
        ((toml,), ""),
        (("python.snapshot", "python.zip"), ""),
    ]
    for lost, query in losses:
        keeper.evaluate(TAKE_OUT, [cache, list(lost)])
        page.goto(site.url + query)
        said = page.wait_for_function(SAID, timeout=60_000).json_value()
        named = lost[-1]
        load_times[f"offline, {' and '.join(lost)} lost: message"] = said["ms"] / 1000
        problem = page.locator("#loading-problem")
        expect(problem).to_contain_text(named)
        if query:
            expect(problem).to_contain_text("muss einmal online sein, um sich zu reparieren")
            expect(page.locator("#loading-retry")).to_have_text("Erneut versuchen")
        else:
            expect(problem).to_contain_text("needs to be online once to repair itself")
            expect(page.locator("#loading-retry")).to_be_visible()
        assert "damaged" not in said["text"], said["text"]
        if lost != losses[-1][0]:
            keeper.evaluate(PUT_BACK, [cache, list(lost)])

    # Also lost: files the start does not use (the standard library and lock file of a
    # start without the snapshot). Back online, Retry: the page's own requests bring back
    # what the start needs, the worker the rest.
    unused = ["python-stdlib.zip", "runtime/pyodide/pyodide-lock.json"]
    keeper.evaluate(TAKE_OUT, [cache, unused])
    site.start()
    context.set_offline(False)
    with page.expect_navigation():
        page.locator("#loading-retry").click()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    page.wait_for_function("window.ingeniousOffline.repair !== undefined", timeout=60_000)
    repair = page.evaluate("window.ingeniousOffline.repair")
    assert set(unused) <= set(repair["missing"]), repair
    assert repair["repaired"] == repair["missing"], repair
    assert page.evaluate(CACHED_PATHS, cache) == files

    site.stop()
    context.set_offline(True)
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("window.ingeniousPython.start") == "snapshot"
    assert off_origin(requests_seen, site.origin) == []


def test_the_first_visit_tells_the_player_the_game_now_works_offline(
    page: Page, site: DistSite, open_ready: Callable[..., float]
) -> None:
    """Once the worker has cached the release, a short note says so."""
    open_ready(page, site.url)
    expect(page.locator("#sw-offline")).to_be_visible(timeout=SW_TIMEOUT_MS)
    assert page.evaluate("window.ingeniousOffline.state") == "offline-ready"


def test_the_offline_note_speaks_the_pages_language(
    page: Page, site: DistSite, open_ready: Callable[..., float]
) -> None:
    """The service worker's notes come from the catalogues too (web/i18n/texts.js)."""
    open_ready(page, site.url + "?lang=de")
    note = page.locator("#sw-offline")
    expect(note).to_be_visible(timeout=SW_TIMEOUT_MS)
    expect(note).to_have_text(
        "Ingenious ist auf diesem Gerät gespeichert: es läuft jetzt auch offline."
    )


@pytest.mark.slow
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
    reload_into(page, new)
    # The game in progress survives the update (autosave) and resumes by itself.
    expect(page.locator("#game")).to_be_visible()
    wait_idle(page)
    assert moves(page) == played
    assert page.evaluate("document.querySelector('meta[name=ingenious-build]').content") == new
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    page.wait_for_function(
        f"caches.keys().then(k => k.join() === '{cache_of(new, site)}')", timeout=SW_TIMEOUT_MS
    )
    # A second tab still on the old release is told to reload, not left mixing releases.
    expect(other_tab.locator("#sw-update")).to_contain_text("another tab", timeout=SW_TIMEOUT_MS)
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
    finds the development sw.js in its place. Registered, that worker deletes this folder's
    release caches (and only those: another copy's on the same host stays), unregisters
    itself and reloads the page with live files."""
    page = ready_page
    page.evaluate(
        """async () => {
             const put = async (name, url) =>
               (await caches.open(name)).put(url, new Response('x'));
             await put('ingenious-0123456789abcdef /', '/index.html');
             await put('ingenious-00000000000000ff', '/index.html');  // from before folders
             await put('ingenious-0123456789abcdef /b/', '/b/index.html');
             await put('ingenious-00000000000000ee', '/b/index.html');
             await put('another-site', '/y');
             await navigator.serviceWorker.register('sw.js');
           }"""
    )
    # page.evaluate awaits promises (wait_for_function would take a promise as truthy).
    left = None
    for _ in range(SW_TIMEOUT_MS // 250):
        left = page.evaluate(
            """async () => [(await navigator.serviceWorker.getRegistrations()).length,
                            (await caches.keys()).sort()]"""
        )
        if left[0] == 0 and len(left[1]) == 3:
            break
        page.wait_for_timeout(250)
    assert left == [
        0,
        ["another-site", "ingenious-00000000000000ee", "ingenious-0123456789abcdef /b/"],
    ], f"left: {left}"
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.controller") is None


def legacy_autosave(moves: int) -> tuple[str, list[str]]:
    """An autosave as today's release stores it (a plain `ingenious.autosave` key)."""
    game = new_game("standard", 2, seed=8, names=["Ann", "Bob"])
    for _ in range(moves):
        game.apply(best_move(game))
    record = Record(AUTOSAVE_KIND, game, ["human", "human"], UiState(None, "game"), rev=2)
    return json.dumps(record.to_json()), list(game.moves)


@pytest.mark.slow
def test_two_copies_on_one_origin_keep_their_own_saves_and_offline_files(
    page: Page,
    context: BrowserContext,
    tmp_path: Path,
    release: tuple[Path, str],
    open_ready: Callable[..., float],
    requests_seen: list[str],
) -> None:
    """Copies at /a/ and /b/ of one host (two different releases): installing /b/'s worker
    leaves /a/'s offline files alone, both start with the network gone, and each has its
    own saves. The save stored before storage was kept per folder is copied into each copy
    that starts, and stays under its plain key for the release that wrote it. Other
    spellings of /a/, and a development copy inside it, install nothing of their own
    (`spellings_and_a_development_copy`)."""
    other_release = build_release(tmp_path / "dist-b", tmp_path, marker="b")
    site = DistSite(tmp_path / "www", release[0], sub_path="a/")
    try:
        shutil.copytree(tmp_path / "dist-b", tmp_path / "www" / "b")
        b_url = f"{site.origin}b/"
        saved, played = legacy_autosave(4)
        context.add_init_script(
            script="if (!localStorage.getItem('test.seeded')) {"
            "localStorage.setItem('test.seeded', '1');"
            f"localStorage.setItem('ingenious.autosave', {json.dumps(saved)}); }}"
        )
        open_ready(page, site.url)
        expect(page.locator("#game")).to_be_visible()
        assert moves(page) == played, "the first copy to start took the old autosave"
        page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
        spellings_and_a_development_copy(page, site, release[1])

        other = context.new_page()
        open_ready(other, b_url)
        expect(other.locator("#game")).to_be_visible()
        assert moves(other) == played, "the second copy took its own copy of the old autosave"
        assert other.evaluate("localStorage.getItem('ingenious.autosave')") == saved
        other.click("#pass-ready")  # the old game is a hot-seat game: its pass screen shows
        other.click("#menu-button")
        expect(other.locator("#start")).to_be_visible()
        expect(other.locator("#saves-list .save-entry")).to_have_count(0)
        other.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
        expect(other.locator("#sw-offline")).to_be_visible(timeout=SW_TIMEOUT_MS)
        start_game(other, "standard", seats=["human", "human"], names=["Bea", "Cy"], seed=3)
        other.wait_for_function("window.ingeniousSaves.info().rev !== null")

        site.stop()
        context.set_offline(True)
        for tab, build in ((page, release[1]), (other, other_release)):
            tab.reload()
            tab.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
            assert tab.evaluate("window.ingeniousOffline.build") == build
        expect(page.locator("#game")).to_be_visible()
        assert moves(page) == played
        expect(other.locator("#game")).to_be_visible()
        assert other.evaluate("window.ingenious.state().names") == ["Bea", "Cy"]
        wanted = sorted([cache_of(release[1], site), f"ingenious-{other_release} /b/"])
        assert cache_names(page) == wanted
        assert off_origin(requests_seen, site.origin) == []
    finally:
        site.stop()


@pytest.mark.slow
def test_an_update_never_caches_old_files_when_the_server_answers_by_date(
    page: Page,
    site: DistSite,
    release: tuple[Path, str],
    tmp_path: Path,
    open_ready: Callable[..., float],
    requests_seen: list[str],
) -> None:
    """A server that answers conditional requests by file date (python's http.server)
    says "not modified" for a new release whose files are dated before the copies in
    the browser's HTTP cache. The worker checks every file against the build's hashes,
    so the new release is cached with its own files, not the old ones.

    The browser's HTTP cache is what this is about: the test guard watches requests
    without intercepting them, which would turn that cache off."""
    open_ready(page, site.url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    old = release[1]
    new = build_release(tmp_path / "dist-2", tmp_path, marker="2")
    site.publish(tmp_path / "dist-2")
    past = time.time() - 7 * 86400  # dated a week before the first release's files
    for path in site.folder.rglob("*"):
        if path.name != "sw.js":
            os.utime(path, (past, past))
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    banner = page.locator("#sw-update")
    expect(banner).to_be_visible(timeout=SW_TIMEOUT_MS)
    # Clicked as soon as the page is up, while its bot worker starts: its requests
    # reaching the old service worker as it stopped held the switch for minutes (one
    # run of this module in three). The page now stops that worker first.
    reload_into(page, new)
    assert page.evaluate("window.ingeniousOffline.build") == new != old
    cached = page.evaluate(
        """async (name) => {
             const cache = await caches.open(name);
             const boot = new URL('web/scripts/boot.js', location.href);
             return (await (await cache.match(boot)).text());
           }""",
        cache_of(new, site),
    )
    assert cached.endswith("// release 2\n"), "the new release cached the old boot.js"
    assert off_origin(requests_seen, site.origin) == []


@pytest.mark.slow
def test_a_reload_for_an_update_that_does_not_take_over_still_reloads_and_loses_nothing(
    page: Page,
    site: DistSite,
    release: tuple[Path, str],
    tmp_path: Path,
    open_ready: Callable[..., float],
) -> None:
    """The banner's Reload asks the new release's worker to take over. If the browser does
    not switch (here: a worker that ignores the request), the page reloads anyway after a
    few seconds rather than leave the button dead; the game in progress is still there
    and the banner offers the update again."""
    open_ready(page, site.url)
    page.wait_for_function(CONTROLLED, timeout=SW_TIMEOUT_MS)
    start_game(page, "standard", seats=["human", "beginner"], seed=4)
    wait_idle(page)
    place_with_mouse(page, best_move(engine_game(page)))
    wait_idle(page)
    played = moves(page)
    build_release(tmp_path / "dist-2", tmp_path, marker="2")
    worker = tmp_path / "dist-2" / "sw.js"
    source = worker.read_text()
    switch = 'if (data.type === "skip-waiting") self.skipWaiting();'
    assert switch in source
    worker.write_text(source.replace(switch, ""))
    site.publish(tmp_path / "dist-2")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    banner = page.locator("#sw-update")
    expect(banner).to_be_visible(timeout=SW_TIMEOUT_MS)
    reload_into(page, release[1])  # reloaded, still on the release it had
    expect(page.locator("#sw-update")).to_be_visible(timeout=SW_TIMEOUT_MS)
    wait_idle(page)
    assert moves(page) == played


# --- a release at an origin's root, beside other apps ---------------------------------------
class RootHost(PlainHandler):
    """A host whose root holds the game and other apps; /q.json answers with its own query
    (files that differ only in the query) and /big.json is over the worker's size bound."""

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        bodies = {
            "/q.json": json.dumps({"query": url.query}).encode(),
            "/big.json": b'{"note": "' + b"x" * 300_000 + b'"}',
        }
        if url.path not in bodies:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(bodies[url.path])))
        self.end_headers()
        self.wfile.write(bodies[url.path])


# Asks the worker to keep `urls`; window.kept counts its answers (tools/sw_template.js).
KEEP = """urls => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { window.kept = (window.kept || 0) + 1; };
  navigator.serviceWorker.controller.postMessage({type: "keep", urls}, [channel.port2]);
}"""
CACHED_URLS = """() => caches.keys().then(names => Promise.all(names.map(name =>
  caches.open(name).then(cache => cache.keys())))).then(lists => lists.flat().map(r => r.url))"""


def test_at_an_origins_root_the_worker_serves_only_the_games_files_and_keeps_a_bounded_few(
    page: Page, tmp_path: Path, release: tuple[Path, str]
) -> None:
    """The release at the root of an origin whose other apps have no worker of their own:
    the game's worker answers none of their requests, keeps none of their pages or data
    (not even when a link to the frame names one as its position file), and they do not
    open offline. The files a page of the origin asks it to keep by its own code are kept
    under their whole address (two answers that differ only in the query stay two), at
    most 100 of them (the oldest go first), none over 256 kB."""
    site = DistSite(tmp_path / "www", release[0], sub_path="", handler=RootHost)
    try:
        blog = tmp_path / "www" / "blog"
        blog.mkdir()
        (blog / "index.html").write_text(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blog</title>'
            '<link rel="icon" href="data:,">'
            "</head><body><main><h1>Another app</h1></main></body></html>",
            encoding="utf-8",
        )
        (blog / "data.json").write_text('{"posts": []}', encoding="utf-8")
        # A link from anywhere to the frame, naming another app's file as its position
        # file: at the root, the frame asks to keep nothing, and the worker would not keep
        # what a page of the build names.
        position = quote(json.dumps({"zone": 5, "board": []}))
        page.goto(f"{site.url}embed.html?position={position}&src=blog/data.json")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
        page.wait_for_function(f"() => {CONTROLLED}", timeout=SW_TIMEOUT_MS)
        assert page.evaluate("window.ingeniousBoards.asked") == []
        page.evaluate(KEEP, [f"{site.url}blog/data.json"])
        page.wait_for_function("() => window.kept === 1", timeout=60_000)

        other = page.context.new_page()
        answers = []
        other.on("response", lambda r: answers.append((r.url, r.from_service_worker)))
        other.goto(f"{site.url}blog/index.html")
        assert other.evaluate("() => fetch('data.json?v=1').then(r => r.json())") == {"posts": []}
        assert [a for a in answers if "/blog/" in a[0]] == [
            (f"{site.url}blog/index.html", False),
            (f"{site.url}blog/data.json?v=1", False),
        ]
        assert not [u for u in page.evaluate(CACHED_URLS) if "/blog/" in u]

        # Files a page of the origin asks to keep by its own code (here the other app's
        # page: the worker's folder is the whole origin).
        first = [f"q.json?v={n}" for n in range(60)]
        second = [f"q.json?v={n}" for n in range(60, 120)] + ["big.json"]
        for number, urls in enumerate((first, second), start=1):
            other.evaluate(KEEP, [site.url + url for url in urls])
            other.wait_for_function(f"() => window.kept === {number}", timeout=60_000)
        kept = [
            u.removeprefix(site.url)
            for u in page.evaluate(CACHED_URLS)
            if "q.json" in u or "big.json" in u
        ]
        assert len(kept) == 100 and set(second[:-1]) <= set(kept), kept
        assert "big.json" not in kept

        site.stop()
        page.context.set_offline(True)
        fetch_json = "url => fetch(url).then(r => r.json())"
        assert page.evaluate(fetch_json, "q.json?v=119") == {"query": "v=119"}
        assert page.evaluate(fetch_json, "q.json?v=60") == {"query": "v=60"}
        with pytest.raises(PlaywrightError):
            other.goto(f"{site.url}blog/index.html")
    finally:
        site.stop()


# --- spellings of a folder, and a development copy inside a release's folder ----------------
REGISTRATIONS = "() => navigator.serviceWorker.getRegistrations().then(r => r.map(x => x.scope))"


def spellings_and_a_development_copy(page: Page, site: DistSite, version: str) -> None:
    """The release at /a/, its worker in charge of `page`: opened as /%61/ or /a//, a page
    goes to /a/, so one worker and one offline copy serve every spelling (each installed
    its own, 66.8 MB after three, and /a// showed a false "updated in another tab"). A
    development copy (no build tag) served inside the release's folder leaves the
    release's worker registered (it unregistered it)."""
    dev = site.folder / "dev"
    shutil.copytree(site.folder, dev, ignore=shutil.ignore_patterns("dev"))
    index = dev / "index.html"
    index.write_text(
        "\n".join(
            line for line in index.read_text(encoding="utf-8").splitlines()
            if 'name="ingenious-build"' not in line
        ),
        encoding="utf-8",
    )  # fmt: skip
    other = page.context.new_page()
    # The development copy's Python never starts: only its worker check matters here.
    other.route("**/a/dev/**/*.mjs", lambda route: route.abort())
    for spelling, lands in (
        ("%61/", ""),
        ("a//", ""),
        ("a//index.html?lang=de", "index.html?lang=de"),
    ):
        other.goto(f"{site.origin}{spelling}", wait_until="commit")
        other.wait_for_url(site.url + lands, wait_until="commit", timeout=30_000)
        other.goto("about:blank")  # the landing page's start is not what is tested here
    other.goto(f"{site.url}dev/", wait_until="domcontentloaded")
    other.wait_for_function("() => window.ingeniousOffline.devChecked === true")
    other.close()
    assert page.evaluate(REGISTRATIONS) == [site.url]
    assert cache_names(page) == [cache_of(version, site)]
    assert page.locator("#sw-update").count() == 0
