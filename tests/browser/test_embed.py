"""The embeddable board (embed.html): shows a position, explains its score with the
engine's rays, lets a reader try placements, reports bad input inside the frame, and
works several times on one page. Scores are checked against the CPython engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Frame, Page, expect

from engine import SaveFormatError, parse_position, score_position
from web.hexgrid import DIRECTIONS
from web.placing import step_cursor

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


def listed_rays(frame: Page | Frame) -> list[dict[str, Any]]:
    return list(
        frame.eval_on_selector_all(
            "#rays li",
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
    """The embed loads the same runtime files as the game (shared browser cache) and
    becomes ready within generous bounds, cold and warm (times in pytest's summary)."""
    url = f"{server_url}embed.html?src=docs/positions/2-red-and-two-blue.json"
    cold = open_ready(page, url)
    warm = open_ready(page, url)
    load_times["embed cold load to data-ready"] = cold
    load_times["embed warm load to data-ready"] = warm
    assert cold < 45 and warm < 30
    assert f"{server_url}runtime/pyodide/pyodide.asm.wasm" in requests_seen
    assert f"{server_url}runtime/pyscript/core.js" in requests_seen
    assert not any(u.endswith(("web/app.py", "web/worker.py")) for u in requests_seen)
