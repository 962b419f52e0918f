"""How Python starts (web/scripts/python.mjs): from the release's memory snapshot when it was made
from the very files the site serves, else the usual way, with no difference to the player
but time; a restored interpreter deals new games like a fresh one."""

from __future__ import annotations

import gzip
import io
import json
import struct
import urllib.request
import zipfile
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from tests.browser.game_helpers import engine_game, start_game, wait_idle, worker_starts

START_JS = "JSON.stringify(window.ingeniousPython || null)"


def python_start(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(page.evaluate(START_JS))
    return found


def snapshot_parts(server_url: str) -> tuple[dict[str, Any], bytes]:
    with urllib.request.urlopen(server_url + "python.snapshot") as response:
        data = response.read()
    (length,) = struct.unpack("<I", data[8:12])
    return json.loads(data[12 : 12 + length]), data[12 + length :]


def snapshot_file(header: dict[str, Any], body: bytes) -> bytes:
    text = json.dumps(header).encode()
    return b"INGSNAP1" + struct.pack("<I", len(text)) + text + body


def serve_snapshot(page: Page, server_url: str, data: bytes) -> None:
    def answer(route: Route) -> None:
        route.fulfill(status=200, body=data, content_type="application/octet-stream")

    page.route(f"{server_url}python.snapshot", answer)


def play_one_game_start(page: Page) -> None:
    """The player can start a game and it reaches the first decision."""
    start_game(page, seats=["human", "casual"])
    wait_idle(page)
    assert page.evaluate("window.ingenious.legalMoves().length") > 0


def test_the_game_starts_python_from_its_snapshot(ready_page: Page) -> None:
    """make play serves a snapshot of the live sources; the page restores it."""
    found = python_start(ready_page)
    assert found["start"] == "snapshot" and found["why"] == "", found
    assert set(found["times"]) == {"fetch", "check", "inflate"}


def test_a_restored_interpreter_fetches_no_package_lock_file(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """The pages load no package: a restored interpreter gets a lock file made of the
    snapshot's lock info and no packages, so neither the page nor its bot worker fetches
    Pyodide's 119 kB pyodide-lock.json."""
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    open_ready(page, server_url)
    assert python_start(page)["start"] == "snapshot"
    start_game(page, seats=["casual", "casual"])  # two bots: the worker plays a move
    page.wait_for_function("window.ingenious.state().moves.length > 0", timeout=120_000)
    assert not [url for url in asked if url.endswith("pyodide-lock.json")], asked


BIG_FILES_JS = """(() => {
  const paint = performance.getEntriesByName("first-paint")[0];
  const starts = {};
  for (const entry of performance.getEntriesByType("resource")) {
    const name = entry.name.split("/").pop();
    if (["pyodide.asm.wasm", "pyodide.asm.mjs", "python-snapshot-worker.mjs"].includes(name)) {
      starts[name] = Math.min(starts[name] ?? Infinity, entry.startTime);
    }
  }
  return {paint: paint ? paint.startTime : null, starts};
})()"""


def test_a_first_visit_fetches_the_big_files_after_the_first_paint(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """On a first visit the big downloads (Pyodide's wasm and script, the snapshot its
    worker reads: some 10 MB) are asked for only once the start screen is painted, so they
    never hold its first paint; the start from the snapshot is unchanged. The wasm is
    fetched once, the bot worker's start included (the page hands it the compiled module)."""
    wasm_requests: list[str] = []
    page.context.on(
        "request",
        lambda request: (
            wasm_requests.append(request.url) if request.url.endswith("pyodide.asm.wasm") else None
        ),
    )
    open_ready(page, server_url)
    assert python_start(page)["start"] == "snapshot"
    found = page.evaluate(BIG_FILES_JS)
    assert found["paint"] is not None, found
    assert set(found["starts"]) == {
        "pyodide.asm.wasm",
        "pyodide.asm.mjs",
        "python-snapshot-worker.mjs",
    }, found
    # The bot worker starts after the first screen, with the module the page hands it.
    page.wait_for_function(
        "performance.getEntriesByName('ingenious:bots-up').length > 0", timeout=60_000
    )
    assert len(wasm_requests) == 1, wasm_requests
    early = {name: at for name, at in found["starts"].items() if at < found["paint"]}
    assert not early, f"asked for before the first paint at {found['paint']:.0f} ms: {early}"


def test_two_starts_from_the_same_snapshot_deal_different_games(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """The snapshot's memory holds one random state; each start reseeds it from the
    browser's random source, so two new games (no seed typed) are different deals."""
    deals = []
    for _ in range(2):
        open_ready(page, server_url)
        assert python_start(page)["start"] == "snapshot"
        play_one_game_start(page)
        game = engine_game(page)
        deals.append((game.seed, tuple(map(tuple, game.racks[0]))))
        page.evaluate("localStorage.clear()")
    assert deals[0][0] != deals[1][0]
    assert deals[0] != deals[1]


def test_a_snapshot_of_another_release_is_refused_and_the_game_starts_normally(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """A new release's rest of the standard library names its own python.zip in its zip
    comment: a snapshot kept from the release before (made with another one) is refused."""
    with urllib.request.urlopen(server_url + "python-stdlib-rest.zip") as response:
        buffer = io.BytesIO(response.read())
    with zipfile.ZipFile(buffer, "a") as zf:
        zf.comment = b"python.zip sha256 " + b"0" * 64

    def answer(route: Route) -> None:
        route.fulfill(status=200, body=buffer.getvalue(), content_type="application/zip")

    page.route(f"{server_url}python-stdlib-rest.zip", answer)
    open_ready(page, server_url)
    found = python_start(page)
    assert found["start"] == "normal" and "another release" in found["why"], found
    play_one_game_start(page)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"stdlib": "f" * 64}, "another release"),
        ({"pyodide": "0.1.0"}, "Pyodide 0.1.0"),
        ({"base_sha256": "0" * 64}, "a fresh module's memory differs"),
    ],
    ids=["another standard library", "another Pyodide", "another fresh module"],
)
def test_a_snapshot_made_for_other_files_is_refused_and_the_game_starts_normally(
    page: Page,
    server_url: str,
    open_ready: Callable[..., float],
    change: dict[str, str],
    why: str,
) -> None:
    header, body = snapshot_parts(server_url)
    serve_snapshot(page, server_url, snapshot_file({**header, **change}, body))
    open_ready(page, server_url)
    found = python_start(page)
    assert found["start"] == "normal" and why in found["why"], found
    play_one_game_start(page)


@pytest.mark.parametrize("damage", ["garbled", "cut short"])
def test_a_damaged_snapshot_is_refused_and_the_game_starts_normally(
    page: Page, server_url: str, open_ready: Callable[..., float], damage: str
) -> None:
    """A snapshot whose runs of memory are garbled, or whose file ends inside its last
    run, is not restored."""
    header, body = snapshot_parts(server_url)
    first = header["segments"][0][2]
    if damage == "garbled":
        body = body[:10] + bytes(b ^ 0x5A for b in body[10:first]) + body[first:]
    else:
        body = body[: len(body) - header["segments"][-1][2] // 2]
    serve_snapshot(page, server_url, snapshot_file(header, body))
    open_ready(page, server_url)
    found = python_start(page)
    assert found["start"] == "normal" and "damaged" in found["why"], found
    play_one_game_start(page)


def test_a_snapshot_pyodide_cannot_restore_leads_to_a_normal_start(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """Right header, right size, but not Pyodide's memory: Pyodide refuses it, and the
    page starts Python again the usual way."""
    header, _ = snapshot_parts(server_url)
    junk = gzip.compress(b"\x01" * header["size"], compresslevel=1)
    serve_snapshot(
        page,
        server_url,
        snapshot_file({**header, "segments": [[0, header["size"], len(junk)]]}, junk),
    )
    open_ready(page, server_url)
    found = python_start(page)
    assert found["start"] == "normal" and "could not restore" in found["why"], found
    play_one_game_start(page)


# What the start screen shows at each word of the interpreter, once every listener has run
# and the page's scripts are in: on a loaded machine the interpreter can speak before the
# document has ended, and the start form's script (deferred) marks the form when it runs.
BUSY_WATCH_JS = """window.__busy = [];
let ended = false;
const whenEnded = [];
document.addEventListener("DOMContentLoaded", () => {
  ended = true;
  whenEnded.splice(0).forEach((record) => record());
});
const seen = (event) => () => {
  const record = () => setTimeout(() => {
    const form = document.getElementById("setup-form");
    window.__busy.push({
      event,
      marked: document.getElementById("start").classList.contains("python-busy"),
      ariaBusy: form && form.getAttribute("aria-busy"),
      stage: document.getElementById("loading-stage").textContent,
    });
  }, 0);
  if (ended) record(); else whenEnded.push(record);
};
window.addEventListener("ingenious:python-busy", seen("busy"));
window.addEventListener("ingenious:python-restoring", seen("restoring"));"""


def test_the_start_screen_says_it_is_busy_while_the_interpreter_starts(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """While the interpreter loads, the start screen shows it is busy (the buttons' busy
    mark, aria-busy forms) and the loading strip says it is loading; when the
    restore is about to hold the main thread the strip says "one moment"; once Python has
    taken the screen over, it is not busy any more."""
    page.add_init_script(BUSY_WATCH_JS)
    open_ready(page, server_url)
    seen = page.evaluate("window.__busy")
    assert [s["event"] for s in seen] == ["busy", "restoring"], seen
    for frame in seen:
        assert frame["marked"] and frame["ariaBusy"] == "true", seen
    assert "Loading" in seen[0]["stage"], seen
    assert "one moment" in seen[1]["stage"], seen
    assert not page.evaluate("document.getElementById('start').classList.contains('python-busy')")
    assert page.get_attribute("#setup-form", "aria-busy") == "false"


# The interpreter's first word ("ingenious:python-busy") said before the document has
# ended, as soon as the loading strip exists: what the strip says then.
EARLY_BUSY_JS = """window.__early = null;
let ended = false;
document.addEventListener("DOMContentLoaded", () => { ended = true; });
new MutationObserver((changes, observer) => {
  const stage = document.getElementById("loading-stage");
  if (!stage || window.__early) return;
  observer.disconnect();
  window.dispatchEvent(new Event("ingenious:python-busy"));
  window.__early = {ended, stage: stage.textContent};
}).observe(document, {childList: true, subtree: true});"""


def test_the_strip_says_loading_when_the_interpreter_speaks_before_the_document_ends(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """On a loaded machine the interpreter can say it is busy before the document has
    ended: the loading strip then says the runtime is loading, not "Starting…"."""
    page.add_init_script(EARLY_BUSY_JS)
    open_ready(page, server_url)
    early = page.evaluate("window.__early")
    assert early is not None and early["ended"] is False, early
    assert "Loading" in early["stage"], early


SOURCE_LINE_JS = """async () => {
  const { loadPyodide } = await import(new URL("web/scripts/python.mjs", location.href).href);
  const pyodide = await loadPyodide();
  return pyodide.runPython(`
import os, traceback
from engine import new_game
try:
    new_game("standard", players=2, seed=1).apply("no such move")
except Exception as error:
    frames = traceback.extract_tb(error.__traceback__)
ours = [(frame.filename, frame.line) for frame in frames if "/engine/" in frame.filename]
root = "/home/pyodide/engine/"
[ours, os.path.isdir(root + "__pycache__"), os.path.isfile(root + "game.py")]
`).toJs();
}"""


def test_a_restored_interpreter_gets_the_sources_for_its_tracebacks_once_idle(
    ready_page: Page,
) -> None:
    """The restored modules need no files. Once the page is idle, python.zip goes into the
    file system whole, and a traceback through the engine shows each frame's source line,
    read from it when asked; no source file or bytecode is written out."""
    assert python_start(ready_page)["start"] == "snapshot"
    ready_page.wait_for_function(
        "performance.getEntriesByName('ingenious:python-unpacked').length > 0", timeout=60_000
    )
    frames, bytecode, source_file = ready_page.evaluate(SOURCE_LINE_JS)
    assert frames, "the error was not raised in the engine"
    assert all(line.strip() for _, line in frames), frames
    assert bytecode is False
    assert source_file is False


# The page's interpreter: whether PyScript's package was imported, then an import of it
# (the file it came from, that bytecode's flags, whether its sources exist, its `window`).
PYSCRIPT_PYC_JS = """async () => {
  const { loadPyodide } = await import(new URL("web/scripts/python.mjs", location.href).href);
  const pyodide = await loadPyodide();
  return pyodide.runPython(`
import js, os, sys
before = "pyscript" in sys.modules
import pyscript
origin = pyscript.__spec__.origin
[before, origin, int.from_bytes(open(origin, "rb").read()[4:8], "little"),
 os.path.isfile("pyscript/__init__.py"), pyscript.window.location.href == js.location.href]
`).toJs();
}"""


def test_a_restored_page_never_sets_up_pyscripts_package_and_can_still_import_it(
    ready_page: Page,
) -> None:
    """PyScript writes its package's sources at every start and imports the package: the
    game's page needs it only if its bot worker must be started again. A restored page
    skips that set-up (put off until idle, it was still one task of 35-330 ms after the
    board): the bots play and nothing imports the package; an import still works, from
    the build's bytecode (unchecked-hash: flags 1) put in the sources' place, so it is
    never compiled on the page."""
    found = python_start(ready_page)
    assert found["start"] == "snapshot" and found.get("pyscript") == "skipped", found
    start_game(ready_page, seats=["casual", "casual"])  # two bots: the worker plays
    ready_page.wait_for_function("window.ingenious.state().moves.length > 1", timeout=120_000)
    assert ready_page.evaluate(PYSCRIPT_PYC_JS) == [
        False,
        "/home/pyodide/pyscript/__init__.pyc",
        1,
        False,
        True,
    ]


def test_the_bot_worker_starts_from_the_snapshot_the_page_hands_it(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """The bot worker starts once the first screen is drawn, from the snapshot the page has
    just restored, handed over with the compiled wasm: the snapshot is fetched once, by
    the page, and the bots play (the browser guard fails the test on any page error, such
    as PyScript's own handling of the hand-over messages)."""
    asked: list[str] = []
    page.context.on("request", lambda request: asked.append(request.url))
    open_ready(page, server_url)
    assert python_start(page)["start"] == "snapshot"
    start_game(page, seats=["casual", "casual"])  # two bots: the worker plays
    page.wait_for_function("window.ingenious.state().moves.length > 1", timeout=120_000)
    starts = worker_starts(page)
    assert len(starts) == 1, starts
    assert starts[0]["start"] == "snapshot" and set(starts[0]["times"]) == {"handed"}, starts
    assert len([url for url in asked if url.endswith("/python.snapshot")]) == 1, asked


def test_with_a_refused_snapshot_the_bot_worker_starts_normally_too(
    page: Page, server_url: str, open_ready: Callable[..., float]
) -> None:
    """A page that started without its snapshot has none to hand over: its bot worker is
    told so, refuses the file itself and starts normally, and the bots play. The page's
    answer reaches PyScript's own message handling in the worker too, which must not fail
    (the browser guard fails the test on the page error it would report)."""
    serve_snapshot(page, server_url, b"not a snapshot")
    open_ready(page, server_url)
    assert python_start(page)["start"] == "normal"
    start_game(page, seats=["casual", "casual"])  # two bots: the worker plays
    page.wait_for_function("window.ingenious.state().moves.length > 1", timeout=120_000)
    starts = worker_starts(page)
    assert [start["start"] for start in starts] == ["normal"], starts
    assert "not a snapshot" in starts[0]["why"], starts
