"""dist/ holds what the game loads and nothing else, and browsers can install it.

The request log of a real game (page load, a placement, the bot worker's reply) from a
plain static server under a sub-path is compared with the files of the build.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import struct
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.dist_site import DistSite, PlainHandler
from tests.browser.game_helpers import (
    best_move,
    engine_game,
    place_with_mouse,
    start_game,
    wait_idle,
)


@pytest.fixture
def release(release_build: tuple[Path, str]) -> Path:
    return release_build[0]


@pytest.fixture
def site(tmp_path: Path, release: Path) -> Iterator[DistSite]:
    served = DistSite(tmp_path / "www", release)
    yield served
    served.stop()


def dist_files(dist: Path) -> set[str]:
    return {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}


def manifest_icons(dist: Path) -> set[str]:
    manifest = json.loads((dist / "manifest.webmanifest").read_text(encoding="utf-8"))
    return {icon["src"] for icon in manifest["icons"]}


def test_the_real_build_precaches_every_file_of_dist_and_names_its_version(
    release: Path,
) -> None:
    """sw.js lists each file of the build (itself excepted) once, and its cache name is
    the version written into index.html."""
    sw = (release / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)
    assert found is not None, "sw.js has no precache list"
    listed = json.loads(found.group(1))
    assert sorted(listed) == listed and len(set(listed)) == len(listed)
    assert set(listed) == dist_files(release) - {"sw.js"}
    version = re.search(
        r'name="ingenious-build" content="([0-9a-f]+)"',
        (release / "index.html").read_text(encoding="utf-8"),
    )
    assert version is not None
    assert f'const CACHE = "ingenious-{version.group(1)}";' in sw


@pytest.mark.parametrize("service_workers", ["block"])
def test_a_real_game_loads_every_file_of_dist_and_nothing_else(
    browser: Any,
    service_workers: str,
    site: DistSite,
    release: Path,
    open_ready: Callable[..., float],
) -> None:
    """With the service worker blocked (so it cannot fetch the precache list itself), a
    game with a bot and the embeddable board request only files of dist/, and every
    file of dist/ except sw.js
    (the worker), the install icons the manifest names (a browser fetches the one
    that suits the device) and the standard library of a start without the snapshot."""
    context: BrowserContext = browser.new_context(service_workers=service_workers)
    try:
        seen: list[str] = []
        context.on("request", lambda request: seen.append(request.url))
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        open_ready(page, site.url)
        start_game(page, "standard", seats=["human", "beginner"], seed=3)
        wait_idle(page)
        place_with_mouse(page, best_move(engine_game(page)))
        wait_idle(page, timeout=60_000)
        state: dict[str, Any] = page.evaluate("window.ingenious.state()")
        assert len(state["moves"]) >= 2, "the bot worker should have replied"
        assert errors == []
        # python.zip (the sources, for tracebacks) comes once the page is idle.
        page.wait_for_function(
            "performance.getEntriesByName('ingenious:python-unpacked').length > 0",
            timeout=60_000,
        )
        # What a browser fetches when it considers offering the install (headless Chromium
        # only does on request).
        context.new_cdp_session(page).send("Page.getInstallabilityErrors")
        # The embeddable board, the build's other page, explaining a position.
        page.goto(
            site.url
            + "embed.html?position="
            + quote(json.dumps({"zone": 5, "placement": [[4, 1, "red"], [4, 0, "blue"]]}))
        )
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    finally:
        context.close()

    foreign = [u for u in seen if not u.startswith(site.url) and not u.startswith("blob:")]
    assert foreign == [], f"requests outside the game's folder: {foreign}"
    fetched = {
        u[len(site.url) :].split("?")[0] or "index.html" for u in seen if u.startswith(site.url)
    }
    files = dist_files(release)
    assert fetched - files == set(), "the page loaded files that dist/ lacks"
    unused = files - fetched
    # The rules text is fetched only when Rules is opened before Python is ready; the whole
    # standard library and Pyodide's package lock file only when the memory snapshot is
    # refused (a normal start: a restored interpreter takes its lock info from the snapshot).
    early_only = {name for name in files if name.startswith("web/rules-text.")}  # per language
    fallback_only = {"python-stdlib.zip", "runtime/pyodide/pyodide-lock.json"}
    # The include's earlier address, for pages that embed boards with it.
    earlier = {"web/boards.js"}
    allowed = {"sw.js"} | manifest_icons(release) | early_only | fallback_only | earlier
    assert unused <= allowed, f"never loaded: {sorted(unused)}"


def test_browsers_can_install_the_game_as_an_app(
    page: Page, context: BrowserContext, site: DistSite, open_ready: Callable[..., float]
) -> None:
    """Chromium finds the manifest valid and the page installable (name, icons,
    standalone display, start URL and scope inside the sub-path)."""
    open_ready(page, site.url)
    cdp = context.new_cdp_session(page)
    manifest: dict[str, Any] = cdp.send("Page.getAppManifest")
    assert manifest["url"] == site.url + "manifest.webmanifest"
    assert manifest["errors"] == []
    parsed = manifest["manifest"]
    assert parsed["startUrl"] == site.url
    assert parsed["scope"] == site.url
    assert parsed["display"] in ("standalone", "kStandalone")
    assert {icon["url"] for icon in parsed["icons"]} >= {
        site.url + "web/icons/icon-192.png",
        site.url + "web/icons/icon-512.png",
    }
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    errors: dict[str, Any] = cdp.send("Page.getInstallabilityErrors")
    # Playwright's contexts are incognito, where Chromium never installs apps; any other
    # reason (icons, manifest fields, scope, service worker) would be listed here.
    reasons = [e["errorId"] for e in errors["installabilityErrors"]]
    assert [r for r in reasons if r != "in-incognito"] == []


class WrongWasmType(PlainHandler):
    """A host that does not know .wasm (sends it as a download)."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        if str(path).endswith(".wasm"):
            return "application/octet-stream"
        return super().guess_type(path)


def test_a_host_sending_the_wrong_wasm_type_gets_a_clear_message(
    page: Page, tmp_path: Path, release: Path
) -> None:
    """Browsers only compile a wasm file labelled application/wasm while it downloads: the
    loading screen names the file, the type sent and the one needed, and the game still
    starts (the page compiles the file from its bytes), the message gone with the loading
    screen."""
    served = DistSite(tmp_path / "www", release, handler=WrongWasmType)
    try:
        page.goto(served.url)
        problem = page.locator("#loading-problem")
        expect(problem).to_be_visible(timeout=60_000)
        expect(problem).to_contain_text("pyodide.asm.wasm")
        expect(problem).to_contain_text("application/octet-stream")
        expect(problem).to_contain_text("application/wasm")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
        expect(problem).to_be_hidden()
    finally:
        served.stop()


def test_opening_the_build_from_a_folder_explains_how_to_serve_it(
    browser: Any, release: Path
) -> None:
    """file:// cannot run the game (browsers block module scripts there); instead of a
    vague failure the loading screen gives the one-line server command."""
    context: BrowserContext = browser.new_context()
    try:
        page = context.new_page()
        page.goto((release / "index.html").as_uri())
        problem = page.locator("#loading-problem")
        expect(problem).to_contain_text("file://", timeout=30_000)
        expect(problem).to_contain_text("python3 -m http.server -d")
        page.wait_for_timeout(2500)  # the import failure comes later; the advice stays
        expect(problem).to_contain_text("python3 -m http.server -d")
    finally:
        context.close()


# The release's snapshot reader, run in a plain page of the build's folder (no Python
# starts): it reads the snapshot, or says why not; and reads python.zip.
READ_FILES = """async () => {
  const m = await import("./web/scripts/python-snapshot.mjs");
  const { version } = await import("./runtime/pyodide/pyodide.mjs");
  const site = new URL("./", location.href).href;
  const files = { snapshot: site + "python.snapshot", rest: site + "python-stdlib-rest.zip",
                  version, site };
  const why = (error) => String(error.message || error);
  const snapshot = await m.readSnapshot(files).then(() => "read", why);
  const zip = await m.bytesOf(site + "python.zip", site).then(() => "read", why);
  return { snapshot, zip, names: Object.keys(m.RELEASE || {}).sort() };
}"""


@pytest.mark.allow_console_errors
def test_the_release_runs_only_the_python_files_it_vouches_for(
    page: Page, site: DistSite, release: Path, console_errors: list[str]
) -> None:
    """The build's start-up module carries the hash of python.snapshot and of each zip:
    the release's own files are read; a snapshot with a changed byte (which every other
    check accepts), another release's snapshot with its own standard library, and a
    changed python.zip are refused before any byte of them runs (the browser says so in
    its console, the page in words)."""
    (site.folder / "check.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>check</title>'
        '<link rel="icon" href="data:,"></head><body></body></html>',
        encoding="utf-8",
    )
    page.goto(site.url + "check.html")
    found = page.evaluate(READ_FILES)
    assert found == {
        "snapshot": "read",
        "zip": "read",
        "names": [
            "python-stdlib-rest.zip",
            "python-stdlib.zip",
            "python.snapshot",
            "python.zip",
            "runtime/pyodide/pyodide-lock.json",
            "runtime/pyodide/pyodide.asm.mjs",
            "runtime/pyodide/pyodide.asm.wasm",
            "runtime/pyodide/pyodide.mjs",
        ],
    }
    snapshot = (release / "python.snapshot").read_bytes()
    (length,) = struct.unpack("<I", snapshot[8:12])
    header = json.loads(snapshot[12 : 12 + length])
    rest = io.BytesIO((release / "python-stdlib-rest.zip").read_bytes())
    with zipfile.ZipFile(rest, "a") as zf:
        zf.comment = b"python.zip sha256 " + b"1" * 64  # another release's
    other = json.dumps({**header, "stdlib": hashlib.sha256(rest.getvalue()).hexdigest()})
    changed_header = json.dumps({**header, "note": "changed"}).encode()
    variants = {
        "a changed byte": (
            b"INGSNAP1" + struct.pack("<I", len(changed_header)) + changed_header
            + snapshot[12 + length :],
            None,
        ),
        "another release": (
            b"INGSNAP1" + struct.pack("<I", len(other)) + other.encode() + snapshot[12 + length :],
            rest.getvalue(),
        ),
    }  # fmt: skip

    def serve(name: str, body: bytes) -> None:
        page.route(site.url + name, lambda route: route.fulfill(body=body))

    for name, (body, rest_body) in variants.items():
        serve("python.snapshot", body)
        if rest_body is not None:
            serve("python-stdlib-rest.zip", rest_body)
        serve("python.zip", b"PK\x05\x06" + b"\0" * 18)
        found = page.evaluate(READ_FILES)
        refused = "is not this release's file"
        assert refused in found["snapshot"] and refused in found["zip"], (name, found)
        page.unroute_all()
    # The browser's own lines, one pair per refused file: nothing else went wrong.
    assert console_errors and all("integrity" in line for line in console_errors), console_errors
