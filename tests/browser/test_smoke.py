"""The page starts offline: PyScript and Pyodide come from runtime/, the engine imports.

Cold = first visit in a fresh browser context (empty HTTP cache); warm = a reload
in the same context. Both are printed in pytest's "page load times" section.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

# Generous bounds: they catch a page that hangs or falls back to a slow path, not jitter.
COLD_LIMIT_S = 45.0
WARM_LIMIT_S = 30.0


def test_page_becomes_ready_offline_cold_and_warm(
    page: Page,
    server_url: str,
    requests_seen: list[str],
    screenshot: Callable[[str], Path],
    load_times: dict[str, float],
    open_ready: Callable[[Page, str], float],
    is_local: Callable[[str], bool],
) -> None:
    """The page reaches data-ready, loads Pyodide locally and says the engine is loaded."""
    cold = open_ready(page, server_url)
    expect(page.locator("#status")).to_contain_text("Engine loaded on Python 3.")
    shot = screenshot("ready")
    assert shot.stat().st_size > 0

    started_with = len(requests_seen)
    warm = open_ready(page, server_url)
    load_times["cold load to data-ready"] = cold
    load_times["warm load to data-ready"] = warm

    assert cold < COLD_LIMIT_S and warm < WARM_LIMIT_S
    assert len(requests_seen) > started_with, "the reload did not reach the server"
    assert f"{server_url}runtime/pyodide/pyodide.mjs" in requests_seen
    assert f"{server_url}runtime/pyodide/pyodide.asm.wasm" in requests_seen
    assert all(is_local(url) for url in requests_seen)


def test_requests_to_other_hosts_are_blocked(
    page: Page, server_url: str, foreign_requests: list[str], console_errors: list[str]
) -> None:
    """A request for another host fails (Chromium resolves no name but 127.0.0.1) and the
    guard records it, which fails any test that does not expect it."""
    page.goto(server_url + "README.md")
    outcome = page.evaluate(
        "fetch('https://cdn.example.org/x.js').then(() => 'loaded', () => 'blocked')"
    )
    assert outcome == "blocked"
    assert foreign_requests == ["https://cdn.example.org/x.js"]
    # Both were provoked on purpose; the guard would otherwise fail this test.
    foreign_requests.clear()
    console_errors.clear()


def test_a_workers_request_to_another_host_is_recorded_too(
    page: Page, server_url: str, foreign_requests: list[str]
) -> None:
    """The guard watches the whole context, not only the page: a request a worker makes
    (the bots' worker, the service worker) counts as the page's own would."""
    # A plain page of the site with an icon of its own: a text file would make Chromium
    # ask for /favicon.ico, whose 404 may reach the console guard or not, as the machine's
    # load decides.
    page.goto(server_url + "tests/browser/pages/host.html")
    page.evaluate(
        """() => new Promise((done) => {
             const code = "fetch('https://cdn.example.org/w.js').then(() => postMessage(1),"
               + " () => postMessage(0))";
             const worker = new Worker(URL.createObjectURL(new Blob([code])));
             worker.onmessage = () => done();
           })"""
    )
    assert foreign_requests == ["https://cdn.example.org/w.js"]
    foreign_requests.clear()  # provoked on purpose


def test_server_sends_no_cache_and_module_types(context: BrowserContext, server_url: str) -> None:
    """Chromium gets JavaScript modules and wasm with the types it insists on."""
    for path, expected in [
        ("runtime/pyodide/pyodide.mjs", "text/javascript"),
        ("runtime/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("runtime/pyscript/core.js", "text/javascript"),
    ]:
        response = context.request.get(server_url + path)
        assert response.ok, path
        assert response.headers["content-type"].startswith(expected), path
        assert response.headers["cache-control"] == "no-cache", path
