"""The embeddable board (embed.html): shows a position, explains its score with the
engine's rays, lets a reader try placements, reports bad input inside the frame, and
works several times on one page. Scores are checked against the CPython engine.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Frame, Locator, Page, expect

from engine import SaveFormatError, parse_position, score_position
from tests.browser.a11y import assert_no_violations
from tests.browser.dist_site import SUB_PATH, DistSite
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import Handler, start_in_thread
from web.board.hexgrid import DIRECTIONS
from web.board.placing import step_cursor

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "positions").glob("*.json"))
READY = 'body[data-ready="1"]'


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def expected_state(data: dict[str, Any]) -> dict[str, Any]:
    """What the embed must report: the engine's normal form of the position, title kept."""
    out = parse_position(data).to_json()
    if "title" in data:
        out["title"] = data["title"]
    return out


def open_embed(page: Page, server_url: str, query: str) -> None:
    page.goto(f"{server_url}embed.html?{query}")
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def listed_rays(where: Page | Frame | Locator) -> list[dict[str, Any]]:
    """The rays a board lists (in a frame, or in a board element's shadow root)."""
    return list(
        where.locator("#rays li").evaluate_all(
            """items => items.map(li => ({colour: li.dataset.colour,
                 points: Number(li.dataset.points), from: li.dataset.from,
                 direction: li.dataset.direction}))""",
        )
    )


def engine_rays(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "colour": r["colour"],
            "points": r["points"],
            "from": f"{r['from'][0]},{r['from'][1]}",
            "direction": r["direction"],
        }
        for r in score_position(parse_position(data))["rays"]
    ]


def counts(page: Page) -> dict[str, int]:
    pairs = page.eval_on_selector_all(
        "#counts .count", "xs => xs.map(x => [x.dataset.colour, Number(x.dataset.count)])"
    )
    return {c: n for c, n in pairs}


def test_each_rulebook_example_lists_exactly_the_engines_rays_and_total(
    page: Page, server_url: str
) -> None:
    """For the five rulebook examples (given in the query, then in the fragment), the embed
    shows the position (window.ingenious.state()) and lists the rays and points that
    `python -m engine score` gives; stepping with the arrow keys adds them up per colour."""
    first = load(EXAMPLES[0])
    open_embed(page, server_url, "position=" + quote(json.dumps(first)))
    for path in EXAMPLES:
        data = load(path)
        if path != EXAMPLES[0]:
            page.evaluate("h => { location.hash = h }", "position=" + quote(json.dumps(data)))
            page.wait_for_function(
                "t => window.ingenious.state() && window.ingenious.state().title === t",
                arg=data["title"],
            )
        assert page.evaluate("window.ingenious.state()") == expected_state(data), path.name
        score = score_position(parse_position(data))
        assert listed_rays(page) == engine_rays(data), path.name
        assert page.get_attribute("#total", "data-total") == str(score["total"])
        expect(page.locator("#title")).to_have_text(data["title"])
        # Step through: after k steps the counts are the sum of the first k rays.
        page.locator("#board").focus()
        running = {c: 0 for c in score["points"]}
        assert counts(page) == running
        for ray in score["rays"]:
            page.keyboard.press("ArrowRight")
            running[ray["colour"]] += ray["points"]
            assert counts(page) == running, path.name
            expect(page.locator("#rays li.current")).to_have_attribute("data-colour", ray["colour"])
        page.keyboard.press("ArrowRight")
        assert counts(page) == {c: score["points"][c] for c in running}
        expect(page.locator("#total")).to_be_visible()
        expect(page.locator("#next")).to_be_disabled()
        page.click("#prev")
        expect(page.locator("#total")).to_be_hidden()


def engine_message(data: object) -> str:
    with pytest.raises(SaveFormatError) as refused:
        parse_position(data)
    return str(refused.value)


def test_a_bad_position_shows_the_engines_message_in_the_frame(
    page: Page, server_url: str, console_errors: list[str]
) -> None:
    """A position the engine refuses shows its SaveFormatError text, not a blank frame,
    both at load (query) and when the fragment changes; a good one afterwards shows again."""
    open_embed(page, server_url, "position=" + quote('{"zone": 4}'))
    problem = page.locator("#problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text(engine_message({"zone": 4}))
    expect(page.locator("#main")).to_be_hidden()
    assert page.evaluate("window.ingenious.state()") is None
    pink = {"board": [[0, 0, "pink"]]}
    for fragment, words in (
        ("position=" + quote(json.dumps(pink)), engine_message(pink)),
        ("position=%7Bnot json", "not valid JSON"),
        ("src=docs/positions/missing.json", "HTTP 404"),
        ("src=http://example.org/p.json", "on this site"),
    ):
        page.evaluate("h => { location.hash = h }", fragment)
        expect(problem).to_contain_text(words)
    page.evaluate("h => { location.hash = h }", "src=docs/positions/1-one-blue.json")
    expect(page.locator("#main")).to_be_visible()
    expect(problem).to_be_hidden()
    # The browser itself logs the 404 provoked above; nothing else may be logged.
    assert all("missing.json" in e for e in console_errors), console_errors
    console_errors.clear()


def test_try_mode_previews_the_engines_score_before_placing(page: Page, server_url: str) -> None:
    """In mode=try the reader picks a tile, aims it with the keyboard or the mouse, sees
    the engine's points and rays, and places it onto the board."""
    path = ROOT / "docs" / "positions" / "5-twelve-green.json"
    data = load(path)
    open_embed(page, server_url, "src=docs/positions/5-twelve-green.json&mode=try")
    board = parse_position(data).to_json()
    board.pop("placement")
    assert page.evaluate("window.ingenious.state()")["board"] == board["board"]
    # The given placement preselects the tile and where it goes: 12 green.
    expect(page.locator("#try-result")).to_have_attribute("data-total", "12")
    # Keyboard: choose orange + green, walk to (1, 0) and turn towards (0, 0).
    page.select_option("#colour-a", "orange")
    page.select_option("#colour-b", "green")
    page.locator("#board").focus()
    aim = page.evaluate("window.ingenious.aim()")
    cell = tuple(aim["cell"])
    target, partner = (1, 0), (0, 0)
    while cell != target:
        key = "ArrowRight" if cell[0] + cell[1] / 2 < target[0] + target[1] / 2 else "ArrowLeft"
        if cell[1] != target[1]:
            key = "ArrowDown" if cell[1] < target[1] else "ArrowUp"
        nxt = step_cursor(cell, key, 5)
        page.keyboard.press(key)
        cell = nxt
    assert tuple(page.evaluate("window.ingenious.aim()")["cell"]) == target
    want = DIRECTIONS.index((partner[0] - target[0], partner[1] - target[1]))
    turns = (want - page.evaluate("window.ingenious.aim()")["direction"]) % 6
    for _ in range(turns):
        page.keyboard.press("r")
    trial = dict(data, placement=[[1, 0, "orange"], [0, 0, "green"]])
    expected = score_position(parse_position(trial))
    expect(page.locator("#try-result")).to_have_attribute("data-total", str(expected["total"]))
    assert page.evaluate("window.ingenious.score()")["rays"] == expected["rays"]
    page.keyboard.press("Enter")
    placed = page.evaluate("window.ingenious.state()")["board"]
    assert [[1, 0, "orange"], [0, 0, "green"]] in placed
    # Mouse: hover a free cell next to the new tile and click to place.
    hover = page.evaluate("window.ingenious.cellCenter(-1, -1)")
    page.mouse.move(hover["x"], hover["y"])
    aimed = page.evaluate("window.ingenious.aim()")
    assert aimed["cell"] == [-1, -1]
    page.mouse.click(hover["x"], hover["y"])
    cells = [c[:2] for t in page.evaluate("window.ingenious.state()")["board"] for c in t]
    assert [-1, -1] in cells
    page.click("#reset")
    assert page.evaluate("window.ingenious.state()")["board"] == board["board"]
    # Touch: the first tap on a cell only previews, a second tap there places.
    tap = """([q, r]) => { const c = window.ingenious.cellCenter(q, r);
        document.getElementById('board').dispatchEvent(new PointerEvent('pointerdown',
          {pointerType: 'touch', clientX: c.x, clientY: c.y, bubbles: true})); }"""
    page.evaluate(tap, [-3, 0])
    assert page.evaluate("window.ingenious.aim()")["cell"] == [-3, 0]
    assert page.evaluate("window.ingenious.state()")["board"] == board["board"]
    page.evaluate(tap, [-3, 0])
    assert len(page.evaluate("window.ingenious.state()")["board"]) == len(board["board"]) + 1


def wait_frame(page: Page, name: str) -> Frame:
    frame = page.frame_locator(f"#{name}")
    frame.locator(READY).wait_for(state="attached", timeout=90_000)
    found = next(f for f in page.frames if f.url.endswith(f"id={name}"))
    return found


def test_two_embeds_on_one_page_each_show_their_position(page: Page, server_url: str) -> None:
    """Two frames on one page: one reads ?src=, the other gets a position by message;
    both show their own position, report their height and fit their width."""
    page.goto(f"{server_url}tests/browser/pages/two-embeds.html")
    first = wait_frame(page, "first")
    second = wait_frame(page, "second")
    example3 = load(ROOT / "docs" / "positions" / "3-double-blue.json")
    assert first.evaluate("window.ingenious.state()") == expected_state(example3)
    assert listed_rays(first) == engine_rays(example3)
    expect(second.locator("#waiting")).to_be_visible()
    example1 = load(ROOT / "docs" / "positions" / "1-one-blue.json")
    page.evaluate("p => window.sendPosition(p)", example1)
    page.wait_for_function("() => window.shown.second !== undefined")
    assert page.evaluate("window.shown.second.ok") is True
    assert second.evaluate("window.ingenious.state()") == expected_state(example1)
    assert listed_rays(second) == engine_rays(example1)
    # The first frame did not change.
    assert first.evaluate("window.ingenious.state()") == expected_state(example3)
    # A bad position by message is reported to the parent and shown in the frame.
    page.evaluate("() => { window.shown = {}; window.sendPosition({zone: 9}); }")
    page.wait_for_function("() => window.shown.second !== undefined")
    assert page.evaluate("window.shown.second.ok") is False
    expect(page.frame_locator("#second").locator("#problem")).to_contain_text("'zone' must be")
    # Absurdly nested input is refused by the engine's decoder, not by a crashed runtime.
    page.evaluate(
        "() => { window.shown = {}; let p = []; for (let i = 0; i < 200; i++) p = [p];"
        " window.sendPosition({zone: 5, board: p}); }"
    )
    page.wait_for_function("() => window.shown.second !== undefined")
    assert page.evaluate("window.shown.second.ok") is False
    expect(page.frame_locator("#second").locator("#problem")).to_contain_text("nested too deeply")
    heights = page.evaluate("window.heights")
    assert heights.get("first", 0) > 200 and heights.get("second", 0) > 50
    for frame in (first, second):
        assert frame.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )


def test_embed_boots_cold_and_warm_from_the_games_runtime(
    page: Page,
    server_url: str,
    requests_seen: list[str],
    load_times: dict[str, float],
    open_ready: Any,
) -> None:
    """The embed loads the game's Pyodide (shared browser cache) and its memory snapshot,
    not PyScript nor a file per module, and becomes ready within generous bounds, cold and
    warm (times in pytest's summary)."""
    url = f"{server_url}embed.html?src=docs/positions/2-red-and-two-blue.json"
    cold = open_ready(page, url)
    warm = open_ready(page, url)
    load_times["embed cold load to data-ready"] = cold
    load_times["embed warm load to data-ready"] = warm
    assert cold < 45 and warm < 30
    assert f"{server_url}runtime/pyodide/pyodide.asm.wasm" in requests_seen
    # Every load asks for the memory snapshot and the standard library it had not imported
    # (the worker that checks it and Pyodide both ask: the second is the HTTP cache's);
    # python.zip (sources for tracebacks) only once the page is idle.
    assert requests_seen.count(f"{server_url}python.snapshot") == 2
    assert requests_seen.count(f"{server_url}python-stdlib-rest.zip") >= 2
    assert not any("runtime/pyscript/" in u or u.endswith(".py") for u in requests_seen)


# --- a page of boards (web/scripts/boards.js) -----------------------------------------------------
BOARD_READY = "[data-ready='1']"


def runtime_requests(requests: list[str]) -> list[str]:
    """Requests that start a Python runtime: Pyodide's wasm (each start fetches it)."""
    return [u for u in requests if u.endswith("/pyodide.asm.wasm")]


def board_ready(page: Page, board: str, timeout: float = 90_000) -> None:
    page.locator(f"#{board}").scroll_into_view_if_needed()
    page.wait_for_selector(f"#{board}{BOARD_READY}", state="attached", timeout=timeout)


def test_six_boards_of_the_demo_page_share_one_runtime(
    page: Page, server_url: str, requests_seen: list[str]
) -> None:
    """docs/embed-demo.html (the recommended snippet, six boards): one Pyodide and one
    memory snapshot for the page; each board marks itself ready on its own element and
    lists the engine's rays for its position file."""
    page.goto(f"{server_url}docs/embed-demo.html")
    boards = ["ex1", "ex2", "ex3", "ex4", "ex5", "yours"]
    for board in boards:
        board_ready(page, board)
    assert len(runtime_requests(requests_seen)) == 1
    assert requests_seen.count(f"{server_url}python.snapshot") == 1
    assert page.evaluate("window.ingeniousBoards.runtimes") == 1
    for board, path in zip(boards[:5], EXAMPLES, strict=True):
        data = load(path)
        host = page.locator(f"#{board}")
        assert host.get_attribute("data-state") == "show"
        assert host.evaluate("e => e.ingenious.state()") == expected_state(data)
        assert listed_rays(page.locator(f"#{board}")) == engine_rays(data), board
    assert page.locator("#yours").get_attribute("data-state") == "try"
    expect(page.locator("#yours #try-result")).to_have_attribute("data-total", "12")


def test_boards_in_a_page_start_python_only_near_the_screen_and_work_one_by_one(
    page: Page, server_url: str, requests_seen: list[str]
) -> None:
    """A board far below the screen waits (no runtime for a page whose boards are all out
    of sight) and is drawn when scrolled near; each board has its own keys, hooks, events
    and problems: a bad position shows the engine's reason in its board only."""
    page.goto(f"{server_url}tests/browser/pages/boards.html")
    page.wait_for_selector(f"#show{BOARD_READY}", state="attached", timeout=90_000)
    page.wait_for_selector("#bad[data-state='error']", state="attached", timeout=30_000)
    expect(page.locator("#bad #problem")).to_contain_text(engine_message({"zone": 4}))
    events = page.evaluate("window.boardEvents")
    assert {
        "type": "ingenious:error",
        "id": "bad",
        "detail": {"message": engine_message({"zone": 4})},
    } in events
    assert {"type": "ingenious:ready", "id": "show", "detail": {}} in events
    far = page.locator("#far")
    assert far.get_attribute("data-ready") is None
    expect(far.locator("#loading")).to_have_text("Loading the board…")
    # Keys go to the board that has the focus: stepping one leaves the other alone.
    page.locator("#show #board").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.locator("#show").evaluate("e => e.ingenious.step().step") == 2
    board_ready(page, "trial")
    assert page.locator("#trial").evaluate("e => e.ingenious.step().step") == 0
    # Try mode in a page: hover and click place a tile, with the page's coordinates.
    trial = page.locator("#trial")
    before = len(trial.evaluate("e => e.ingenious.state().board"))
    spot = trial.evaluate("e => e.ingenious.cellCenter(2, -1)")
    page.mouse.move(spot["x"], spot["y"])
    assert trial.evaluate("e => e.ingenious.aim().cell") == [2, -1]
    page.mouse.click(spot["x"], spot["y"])
    assert len(trial.evaluate("e => e.ingenious.state().board")) == before + 1
    # The far board: drawn once near, by the runtime already running.
    board_ready(page, "far")
    assert listed_rays(far) == engine_rays(load(ROOT / "docs/positions/3-double-blue.json"))
    assert len(runtime_requests(requests_seen)) == 1
    # A page changes a board by its attributes.
    page.locator("#show").evaluate(
        "(e, p) => e.setAttribute('data-ingenious-position', p)",
        json.dumps(load(EXAMPLES[4])),
    )
    page.wait_for_function(
        "t => document.getElementById('show').ingenious.state().title === t",
        arg=load(EXAMPLES[4])["title"],
    )
    assert listed_rays(page.locator("#show")) == engine_rays(load(EXAMPLES[4]))


def test_a_page_whose_boards_are_all_out_of_sight_starts_no_runtime(
    page: Page, server_url: str, requests_seen: list[str]
) -> None:
    """The include alone costs a small script: Python starts only when a board comes near
    the screen, here after scrolling down to the only board."""
    page.goto(f"{server_url}tests/browser/pages/host.html")
    page.evaluate(
        """base => new Promise(done => {
          const spacer = document.createElement("div");
          spacer.style.height = "500vh";
          const board = document.createElement("div");
          board.id = "low";
          board.setAttribute("data-ingenious-src", base + "docs/positions/1-one-blue.json");
          document.body.append(spacer, board);
          const script = document.createElement("script");
          script.src = base + "web/scripts/boards.js";
          // Two frames after the script ran: the observer has reported every board once.
          script.onload = () => requestAnimationFrame(() => requestAnimationFrame(done));
          document.head.append(script);
        })""",
        server_url,
    )
    expect(page.locator("#low #loading")).to_have_text("Loading the board…")
    assert page.evaluate("window.ingeniousBoards.runtimes") == 0
    assert runtime_requests(requests_seen) == []
    assert f"{server_url}python.snapshot" not in requests_seen
    board_ready(page, "low")
    assert page.evaluate("window.ingeniousBoards.runtimes") == 1
    assert listed_rays(page.locator("#low")) == engine_rays(load(EXAMPLES[0]))


def test_a_page_that_names_the_include_at_its_earlier_address_still_gets_boards(
    page: Page, server_url: str
) -> None:
    """Embeds written for an earlier release load web/boards.js: it brings the include
    from web/scripts/, and the board is drawn."""
    page.goto(f"{server_url}tests/browser/pages/host.html")
    page.evaluate(
        """base => {
          const board = document.createElement("div");
          board.id = "old";
          board.setAttribute("data-ingenious-src", base + "docs/positions/1-one-blue.json");
          document.body.append(board);
          const script = document.createElement("script");
          script.src = base + "web/boards.js";
          document.head.append(script);
        }""",
        server_url,
    )
    board_ready(page, "old")
    assert page.evaluate("window.ingeniousBoards.base") == server_url
    assert listed_rays(page.locator("#old")) == engine_rays(load(EXAMPLES[0]))


def test_boards_work_under_a_strict_content_security_policy(page: Page, server_url: str) -> None:
    """What docs/embed.md asks of a page's CSP is enough: scripts, fetches and styles from
    the game's site plus 'wasm-unsafe-eval'; no inline script or style, no 'unsafe-eval'."""
    page.goto(f"{server_url}tests/browser/pages/boards-csp.html")
    page.wait_for_selector(f"#strict{BOARD_READY}", state="attached", timeout=90_000)
    assert page.locator("#strict").get_attribute("data-state") == "show"
    data = load(ROOT / "docs/positions/3-double-blue.json")
    assert listed_rays(page.locator("#strict")) == engine_rays(data)


# --- position files: same site, no redirect, bounded, never quoted to the parent -----------
SECRET = {"zone": 5, "board": [], "api_token": "s3cr3t-value"}


class OtherSite(Handler):
    """The repository on a second origin, plus what a real site may also have: an open
    redirect (/go?to=URL), a private JSON file and a huge one."""

    quiet = True

    def do_GET(self) -> None:
        url = urlsplit(self.path)
        if url.path == "/go":
            self.send_response(302)
            self.send_header("Location", parse_qs(url.query)["to"][0])
            self.end_headers()
            return
        body = {
            "/private/settings.json": json.dumps(SECRET).encode(),
            "/big.json": b'{"zone": 5, "board": [], "note": "' + b"x" * 200_000 + b'"}',
        }.get(url.path)
        if body is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture(scope="module")
def other_site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(OtherSite, directory=str(ROOT)))
    server.daemon_threads = True
    Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def frame_of(page: Page, frame_id: str) -> Frame:
    page.frame_locator(f"#{frame_id}").locator(READY).wait_for(state="attached", timeout=90_000)
    return next(f for f in page.frames if f.url.endswith(f"id={frame_id}"))


@pytest.mark.allow_console_errors
def test_a_src_that_redirects_is_refused_even_to_the_same_site(
    page: Page, server_url: str, other_site: str, console_errors: list[str]
) -> None:
    """An open redirect on the embed's site must not let a link show a position from
    another origin (nor any file the redirect picks): src is never followed through a
    redirect. Files over 100 kB are refused too."""
    elsewhere = f"{server_url}docs/positions/1-one-blue.json"
    same_site = "/docs/positions/1-one-blue.json"
    page.goto(f"{other_site}embed.html?src=" + quote(f"go?to={quote(elsewhere)}"))
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    problem = page.locator("#problem")
    expect(problem).to_contain_text("redirects elsewhere")
    assert page.evaluate("window.ingenious.state()") is None
    for fragment, words in (
        ("src=" + quote(f"go?to={quote(same_site)}"), "redirects elsewhere"),
        ("src=big.json", "larger than 100 kB"),
        ("src=docs/positions/3-double-blue.json", ""),
    ):
        page.evaluate("h => { location.hash = h }", fragment)
        if words:
            expect(problem).to_contain_text(words)
            expect(page.locator("#main")).to_be_hidden()
    expect(page.locator("#main")).to_be_visible()
    assert page.evaluate("window.ingenious.state()") == expected_state(
        load(ROOT / "docs/positions/3-double-blue.json")
    )
    # The only console errors: the browser's own notes about the refused responses.
    assert all("big.json" in e or "/go" in e for e in console_errors), console_errors
    console_errors.clear()


#: Files of the embed's site that fail in every way a framing page might probe (a private
#: JSON file, a missing one, one over 100 kB, a redirect), named with equally long ``src``.
PROBES = (
    "private/settings.json",
    "private/settingz.json",
    "big.json?pad=xxxxxxxx",
    "go?to=/x/abcdefg.json",
)


@pytest.mark.allow_console_errors
def test_replies_to_another_site_never_quote_a_file_nor_tell_how_it_failed(
    page: Page, server_url: str, other_site: str, console_errors: list[str]
) -> None:
    """A page on another site frames the embed with src= files of the embed's site: a
    private JSON file, a missing one, one over 100 kB, a redirect. Every reply is addressed
    to the parent's origin; none quotes the file, and none differs from one failure to the
    next apart from the src (the same words, the same height), so the page learns neither
    a file's contents nor whether it exists nor its size. A position posted afterwards gets
    back only the engine's reason about that position."""
    parent_origin = server_url.rstrip("/")
    page.goto(f"{server_url}tests/browser/pages/host.html")
    page.evaluate(
        "src => window.addFrame(src, 'p')",
        f"{other_site}embed.html?src={quote(PROBES[0], safe='')}&id=p",
    )
    frame = frame_of(page, "p")
    assert frame.evaluate("window.ingeniousEmbed.target") == parent_origin
    seen: list[tuple[str, float]] = []
    for number, src in enumerate(PROBES):
        if number:  # the parent steers the frame by its fragment (no reload)
            page.locator("#p").evaluate(
                "(f, url) => { f.src = url }",
                f"{other_site}embed.html?src={quote(PROBES[0], safe='')}&id=p"
                f"#src={quote(src, safe='')}",
            )
        page.wait_for_function(
            "n => window.received.filter(m => m.data.type === 'ingenious:error').length > n",
            arg=number,
        )
        shown = frame.locator("#problem")
        expect(shown).to_contain_text(src)
        height = frame.locator("#embed").evaluate("e => e.getBoundingClientRect().height")
        seen.append((str(shown.text_content()).replace(src, "SRC"), height))
    received = page.evaluate("window.received")
    assert {m["origin"] for m in received} == {other_site.rstrip("/")}
    errors = [m["data"]["message"] for m in received if m["data"]["type"] == "ingenious:error"]
    assert [e.replace(src, "SRC") for e, src in zip(errors, PROBES, strict=True)] == [
        "SRC is not a position this board can show (open the board in a tab of its own to see why)"
    ] * len(PROBES)
    assert len(set(seen)) == 1, seen  # the board shows (and measures) the same for each
    # A good position, then a bad one, posted by the parent: the reply to the good one
    # carries nothing of the earlier file; the bad one gets the engine's reason back (the
    # parent's own data).
    for position, count in (({"zone": 5, "board": []}, 0), ({"zone": 9}, 1)):
        page.locator("#p").evaluate(
            "(f, p) => f.contentWindow.postMessage({type: 'ingenious:position', position: p}, '*')",
            position,
        )
        page.wait_for_function(
            "n => window.received.filter(m => m.data.type === 'ingenious:shown').length > n",
            arg=count,
        )
    shown_replies = [
        m["data"]
        for m in page.evaluate("window.received")
        if m["data"]["type"] == "ingenious:shown"
    ]
    assert shown_replies[0] == {"type": "ingenious:shown", "id": "p", "ok": True, "message": ""}
    assert shown_replies[1]["ok"] is False
    assert "'zone' must be 5, 6 or 7" in shown_replies[1]["message"]
    everything = json.dumps(page.evaluate("window.received"))
    for secret in ("api_token", "s3cr3t", "404", "100 kB", "redirect"):
        assert secret not in everything, secret
    # The only console errors: the browser's own notes about the refused responses.
    assert all("settingz" in e or "big.json" in e or "/go" in e for e in console_errors), (
        console_errors
    )
    console_errors.clear()


def test_a_page_of_the_embeds_own_site_gets_the_whole_reason(page: Page, server_url: str) -> None:
    """A page of the embed's own site may read its files anyway: a frame it holds shows
    and replies with the engine's reason, which quotes the file (here its keys)."""
    page.goto(f"{server_url}tests/browser/pages/host.html")
    page.evaluate(
        "src => window.addFrame(src, 'p')", f"{server_url}embed.html?src=package.json&id=p"
    )
    frame = frame_of(page, "p")
    expect(frame.locator("#problem")).to_contain_text("could not load package.json: ")
    page.wait_for_function("() => window.received.some(m => m.data.type === 'ingenious:error')")
    errors = [
        m["data"]["message"]
        for m in page.evaluate("window.received")
        if m["data"]["type"] == "ingenious:error"
    ]
    keys = sorted(json.loads((ROOT / "package.json").read_text()))
    assert errors == [
        "could not load package.json: unknown key(s) in the position: " + ", ".join(keys)
    ]


# --- offline, from a release build ------------------------------------------------------
# A function, not an expression: Playwright evaluates an expression with eval(), which the
# board's policy (no 'unsafe-eval') refuses.
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
KEPT = "url => caches.match(new URL(url, location.href).href).then(hit => Boolean(hit))"


@pytest.fixture
def release(release_build: tuple[Path, str]) -> Path:
    return release_build[0]


@pytest.fixture
def game_site(tmp_path: Path, release: Path) -> Iterator[DistSite]:
    """The release under a sub-path of a plain static server, with the example position
    files put next to it (as docs/embed.md tells hosts to)."""
    served = DistSite(tmp_path / "www", release)
    shutil.copytree(ROOT / "docs" / "positions", served.folder / "positions")
    yield served
    served.stop()


@pytest.mark.allow_console_errors
def test_frames_on_another_site_open_offline_after_one_visit(
    page: Page,
    context: BrowserContext,
    game_site: DistSite,
    tmp_path: Path,
    console_errors: list[str],
) -> None:
    """A page on another site frames two boards of a release (one from a position file,
    one from the URL). After that one visit, with the game's server gone, both boards open
    again: the frames registered the game's service worker and had the file kept. A frame is
    ready before its file is read, so the test waits for the board's position. The only error
    the console may show is the browser's line for a request of the position file that it
    sent to the gone server instead of the worker (seen under load); the board reads the
    kept copy then."""
    host = tmp_path / "host"
    host.mkdir()
    first = load(EXAMPLES[0])
    (host / "lesson.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title>'
        '<link rel="icon" href="data:,">'
        "</head><body><main><h1>Lesson</h1>"
        f'<iframe id="a" title="a" src="{game_site.url}embed.html?src=positions/{EXAMPLES[1].name}'
        '&amp;id=a"></iframe>'
        f'<iframe id="b" title="b" src="{game_site.url}embed.html?position='
        f'{quote(json.dumps(first))}&amp;id=b"></iframe></main></body></html>',
        encoding="utf-8",
    )
    host_url, host_server = start_in_thread(host)
    try:
        page.goto(host_url + "lesson.html")
        for name in ("a", "b"):
            frame = frame_of(page, name)
            frame.wait_for_function(CONTROLLED, timeout=120_000)
        frame_of(page, "a").wait_for_function(
            f"({KEPT})('positions/{EXAMPLES[1].name}')", timeout=60_000, polling=500
        )
        game_site.stop()
        page.reload()
        a, b = frame_of(page, "a"), frame_of(page, "b")
        a.wait_for_function("() => window.ingenious.state() !== null", timeout=60_000)
        said = a.get_by_role("alert").all_inner_texts()  # if it failed: why
        assert a.evaluate("window.ingenious.state()") == expected_state(load(EXAMPLES[1])), said
        assert b.evaluate("window.ingenious.state()") == expected_state(first)
        assert listed_rays(a) == engine_rays(load(EXAMPLES[1]))
        position_file = f"{game_site.url}positions/{EXAMPLES[1].name}"
        assert all(
            "ERR_CONNECTION_REFUSED" in line and line.endswith(f"({position_file})")
            for line in console_errors
        ), console_errors
    finally:
        host_server.shutdown()
        host_server.server_close()


@pytest.mark.allow_console_errors
def test_a_page_of_boards_next_to_the_game_opens_offline_and_so_does_the_game(
    page: Page, context: BrowserContext, game_site: DistSite, console_errors: list[str]
) -> None:
    """A rules page put in the release's folder, with the include and two boards: after one
    visit it opens with the network gone (the include registered the service worker and
    had the page and its position file kept), and so does the game itself. The only error
    the console may show is the browser's own line for a request of the position file that
    it sent to the network instead of the worker (seen under load); the board reads the
    kept copy then (the test below)."""
    (game_site.folder / "lesson.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title>'
        '<link rel="icon" href="data:,">'
        '<script src="web/scripts/boards.js" defer></script></head><body><main><h1>Lesson</h1>'
        f'<div id="one" data-ingenious-src="positions/{EXAMPLES[2].name}"></div>'
        f"<div id=\"two\" data-ingenious-position='{json.dumps(load(EXAMPLES[3]))}'></div>"
        "</main></body></html>",
        encoding="utf-8",
    )
    page.goto(game_site.url + "lesson.html")
    for board in ("one", "two"):
        board_ready(page, board)
    page.wait_for_function(CONTROLLED, timeout=120_000)
    page.wait_for_function(f"({KEPT})('positions/{EXAMPLES[2].name}')", timeout=60_000, polling=500)
    page.wait_for_function(f"({KEPT})('lesson.html')", timeout=60_000, polling=500)
    game_site.stop()
    context.set_offline(True)
    page.reload()
    for board in ("one", "two"):
        board_ready(page, board)
    said = page.locator("#one").get_by_role("alert").all_inner_texts()  # if it failed: why
    assert listed_rays(page.locator("#one")) == engine_rays(load(EXAMPLES[2])), (
        said,
        console_errors,
    )
    assert listed_rays(page.locator("#two")) == engine_rays(load(EXAMPLES[3]))
    page.goto(game_site.url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    position_file = f"{game_site.url}positions/{EXAMPLES[2].name}"
    assert all(
        "ERR_INTERNET_DISCONNECTED" in line and line.endswith(f"({position_file})")
        for line in console_errors
    ), console_errors


# A copy kept the way the release's service worker keeps it (tools/sw_template.js): in a
# cache whose name ends in the folder of the copy of the game it belongs to.
PUT_KEPT = """([name, url, text]) => caches.open(name).then(cache => cache.put(
    new URL(url, location.href).href,
    new Response(text, {headers: {'content-type': 'application/json'}})))"""
ADD_BOARD = """([id, src]) => { const div = document.createElement('div'); div.id = id;
    div.setAttribute('data-ingenious-src', src); document.querySelector('main').append(div);
    window.ingeniousBoards.scan(); }"""


@pytest.mark.browser_context_args(service_workers="block")
@pytest.mark.allow_console_errors
def test_a_board_opens_from_the_kept_copy_when_the_worker_does_not_answer(
    page: Page, context: BrowserContext, game_site: DistSite, console_errors: list[str]
) -> None:
    """With no network, a board whose position file the browser did not hand to the service
    worker (a worker starting up, a browser that bypasses it; here blocked outright) still
    opens: the page reads the worker's kept copy from Cache Storage itself. Only the caches
    of the copy of the game whose folder holds the file count: another folder's copy of the
    same address is not used, and that board says it could not fetch its file."""
    (game_site.folder / "lesson.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title>'
        '<link rel="icon" href="data:,">'
        '<script src="web/scripts/boards.js" defer></script></head><body><main><h1>Lesson</h1>'
        f"<div id=\"first\" data-ingenious-position='{json.dumps(load(EXAMPLES[0]))}'></div>"
        "</main></body></html>",
        encoding="utf-8",
    )
    page.goto(game_site.url + "lesson.html")
    board_ready(page, "first")  # the runtime is up: later boards need no file but theirs
    ours = f"ingenious-0123456789abcdef /{SUB_PATH}"
    theirs = "ingenious-0123456789abcdef /elsewhere/"
    page.evaluate(PUT_KEPT, [ours, f"positions/{EXAMPLES[2].name}", EXAMPLES[2].read_text()])
    page.evaluate(PUT_KEPT, [theirs, f"positions/{EXAMPLES[3].name}", EXAMPLES[3].read_text()])
    game_site.stop()
    context.set_offline(True)
    page.evaluate(ADD_BOARD, ["kept", f"positions/{EXAMPLES[2].name}"])
    page.evaluate(ADD_BOARD, ["other", f"positions/{EXAMPLES[3].name}"])
    board_ready(page, "kept")
    assert listed_rays(page.locator("#kept")) == engine_rays(load(EXAMPLES[2]))
    problem = page.locator("#other").get_by_role("alert")
    expect(problem).to_contain_text("could not be fetched")
    assert listed_rays(page.locator("#other")) == []
    assert console_errors and all("ERR_INTERNET_DISCONNECTED" in e for e in console_errors)


def test_without_javascript_the_frame_says_what_it_needs(
    browser_type: BrowserType, server_url: str
) -> None:
    """With JavaScript off the frame does not promise a board that never comes: no
    "Loading…", but a note that JavaScript and WebAssembly are needed, in the main landmark.
    (A browser with scripting off in its settings: only then is <noscript> shown.)"""
    browser = browser_type.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--blink-settings=scriptEnabled=false"]
    )
    try:
        page = browser.new_page()
        page.goto(f"{server_url}embed.html?src=docs/positions/1-one-blue.json")
        main = page.get_by_role("main")
        expect(main).to_contain_text("needs JavaScript and WebAssembly", use_inner_text=True)
        assert "Loading" not in main.inner_text()
        expect(page.locator("#loading")).to_be_hidden()
    finally:
        browser.close()


def test_the_frame_has_a_main_landmark_holding_the_board(page: Page, server_url: str) -> None:
    """The board, its explanation and its controls are inside the frame's <main>."""
    open_embed(page, server_url, "src=docs/positions/1-one-blue.json")
    main = page.get_by_role("main")
    expect(main).to_have_count(1)
    for part in ("#board", "#rays", "#next", "#title"):
        expect(main.locator(part)).to_have_count(1)


# --- accessibility (axe-core, WCAG 2.2 A/AA: tests/browser/a11y.py) ------------------------
def test_the_frame_has_no_wcag_violations_waiting_showing_or_trying(
    page: Page, server_url: str
) -> None:
    """axe finds nothing in embed.html while it waits for a position, while it explains one
    halfway (rays still to come are listed quieter, still readable), at the last step, in
    try mode, and when it shows a problem."""
    open_embed(page, server_url, "")
    expect(page.locator("#waiting")).to_be_visible()
    assert_no_violations(page, "the frame waiting for a position")
    page.evaluate("h => { location.hash = h }", "src=docs/positions/4-two-red-four-blue.json")
    expect(page.locator("#rays li")).to_have_count(len(engine_rays(load(EXAMPLES[3]))))
    page.locator("#board").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#rays li.pending").first).to_be_attached()
    assert_no_violations(page, "the frame explaining a position, step 2")
    page.keyboard.press("End")
    expect(page.locator("#total")).to_be_visible()
    assert_no_violations(page, "the frame at its last step")
    page.evaluate("h => { location.hash = h }", "src=docs/positions/5-twelve-green.json&mode=try")
    expect(page.locator("#try-result")).to_have_attribute("data-total", "12")
    assert_no_violations(page, "the frame in try mode")
    page.evaluate("h => { location.hash = h }", "position=%7Bnot json")
    expect(page.locator("#problem")).to_be_visible()
    assert_no_violations(page, "the frame showing a problem")


@pytest.mark.allow_console_errors
def test_a_page_of_boards_has_no_wcag_violations(page: Page, server_url: str) -> None:
    """The demo page with its six boards (inside their shadow roots), one stepped halfway.

    axe reads each shadow root's style sheet by adding a ``<style>`` copy of it, which the
    page's policy (``style-src 'self'``) rightly refuses and logs: console errors are
    allowed here only; the demo page's own run is checked for them by the tests above."""
    page.goto(f"{server_url}docs/embed-demo.html")
    for board in ("ex1", "ex2", "ex3", "ex4", "ex5", "yours"):
        board_ready(page, board)
    page.locator("#ex4 #next").click()
    expect(page.locator("#ex4 #rays li.pending").first).to_be_attached()
    assert_no_violations(page, "the demo page of boards")
