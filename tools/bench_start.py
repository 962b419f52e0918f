"""From opening the page to the first bot move: the start-up figures, before and after.

Usage: ``make bench-start`` or
``.venv/bin/python tools/bench_start.py [--runs 3] [--bot-moves 5] [--json FILE] [--no-transfer]
[--release]``.

The game is served from the repository by ``tools/serve.py`` on 127.0.0.1 (as ``make play``
serves it; with ``--release``, the release build in ``--dist`` instead, service worker
included) and opened with
``?speed=instant`` in Debian's Chromium (headless, networking locked as in
``tools/chromium.py``). Each run takes, in this order and in fresh browser contexts:

* baseline: an empty PyScript page on the same runtime, until its first Python line runs;
* cold load of the game: until the start form is usable (``#start`` visible, ``#start-game``
  enabled and not covered by anything), and the ratio to the baseline of the same run;
* the start form in use: as soon as it is usable a script changes the variant, a name and
  a seat; the longest main-thread task and the total blocking time from first paint until
  both the page is ready (``data-ready``) and the typing is done, and the longest input
  latency; whether the choices survive until ``data-ready``;
* returning visit: the page opened again in the same context (no game saved yet), until
  the form is usable;
* there, "Start game" (one person, then a strong bot) clicked right after ``data-ready``,
  to a board that accepts a placement, from the click; and, only if the page allows it, in
  another fresh context, clicked as soon as the form is usable, before ``data-ready``;
* the bot's first move after the person's first placement (played with real clicks),
  against its usual move (the median of its next ``--bot-moves`` moves in the same game).

Times are taken inside the page (``performance.now()`` from navigation start, at the first
animation frame where the condition holds) so both sides of a ratio are measured alike.
Last, one first visit of the release build measures the cold transfer with
``tools/bench_dist.py`` (needs ``make dist``). Figures and their meaning: docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tools import bench_dist
from tools.bench_common import baseline_site, blocking, figure_line, median, ratios
from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.serve import start_in_thread

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 180_000  # a cold start takes 5-20 s on a busy machine; a hang still ends

# Runs in every document before its own scripts. It records, in page time:
# `usable`: the first frame where a player sees the start form and can press Start;
# `ready`: the first frame with body[data-ready="1"]; `board`: after a click on Start, the
# first frame where the board accepts a placement; `start`: that click's time stamp; plus
# long tasks and slow input events (buffered observers, so nothing before them is lost).
WATCH_JS = """(() => {
  if (window.__bench) return;
  const bench = window.__bench = {usable: null, ready: null, start: null, board: null,
                                  playable: null, tasks: [], events: []};
  const observe = (type, keep, extra) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(keep))
        .observe(Object.assign({type, buffered: true}, extra));
    } catch (e) { /* an entry type this browser lacks */ }
  };
  observe("longtask", (e) => bench.tasks.push([e.startTime, e.duration]));
  observe("event", (e) => bench.events.push([e.startTime, e.duration]), {durationThreshold: 16});
  const shown = (el) => el !== null && el.checkVisibility({opacityProperty: true,
                                                           visibilityProperty: true});
  const usable = () => {
    const button = document.getElementById("start-game");
    if (!shown(document.getElementById("start")) || !shown(button)) return false;
    if (button.disabled || button.getAttribute("aria-disabled") === "true") return false;
    const box = button.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;  // scrolled off
    const top = document.elementFromPoint(x, y);  // nothing (a loading card) lies over it
    return top !== null && (top === button || button.contains(top));
  };
  const watch = () => {
    const now = performance.now();
    if (bench.ready === null && document.body && document.body.dataset.ready === "1") {
      bench.ready = now;
    }
    if (bench.usable === null && usable()) bench.usable = now;
    const form = document.getElementById("start-game") !== null;  // none on the baseline
    if (bench.ready === null || (bench.usable === null && form)) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  const accepts = () => {
    if (!shown(document.getElementById("game"))) return false;
    if (!document.querySelector("#rack .rack-tile[data-slot]:not([disabled])")) return false;
    const hook = window.ingenious;
    return hook !== undefined && !hook.busy() && hook.legalMoves().length > 0;
  };
  const watchBoard = () => {
    if (accepts()) bench.board = performance.now(); else requestAnimationFrame(watchBoard);
  };
  // From navigation: the first frame where a board accepts a placement, however it came
  // (a game resumed on a returning visit, or started by a click).
  const watchPlayable = () => {
    if (document.getElementById("game") !== null && accepts()) bench.playable = performance.now();
    else requestAnimationFrame(watchPlayable);
  };
  requestAnimationFrame(watchPlayable);
  document.addEventListener("click", (event) => {
    const target = event.target;
    if (bench.start === null && target.closest && target.closest("#start-game")) {
      bench.start = event.timeStamp;
      requestAnimationFrame(watchBoard);
    }
  }, true);
})()"""

# The player's turn, once nothing moves: "place", "swap" (the swap offer), "over" or null.
TURN_JS = """() => {
  const hook = window.ingenious;
  if (!hook || hook.busy()) return null;
  if (!document.getElementById("over-screen").hidden) return "over";
  if (!document.getElementById("swap-offer").hidden) return "swap";
  return document.querySelector("#rack .rack-tile[data-slot]:not([disabled])") ? "place" : null;
}"""

# After the person's placement (move `n`): "bot" once the next move has landed, "person"
# if the placement earned a bonus tile (the person moves again).
REPLY_JS = """(n) => {
  const save = window.ingenious.state();
  if (save.moves.length >= n + 2) return "bot";
  if (save.moves.length < n + 1 || window.ingenious.busy()) return null;
  return document.querySelector("#rack .rack-tile[data-slot]:not([disabled])") ? "person" : null;
}"""

CHOICES_JS = """() => ({
  variant: (document.querySelector('input[name="variant"]:checked') || {}).value,
  name: (document.getElementById("seat-name-0") || {}).value,
  bot: (document.getElementById("seat-kind-1") || {}).value,
})"""
CHOICES = {"variant": "standard", "name": "Ada", "bot": "strong"}


def bench_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("window.__bench")
    return state


def wait_bench(page: Page, key: str) -> float:
    """Wait until the watcher has recorded `key`; its page time in ms."""
    page.wait_for_function(f"window.__bench && window.__bench.{key} !== null", timeout=TIMEOUT_MS)
    return float(bench_state(page)[key])


def new_context(browser: Browser) -> BrowserContext:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(WATCH_JS)
    return context


def fill_start_form(page: Page) -> None:
    """What a player does on the start screen: the variant, the players, a name, the seats
    (one person, then a strong bot)."""
    page.locator('input[name="variant"][value="duel"]').check()
    page.locator('input[name="variant"][value="standard"]').check()
    page.select_option("#players", "2")
    page.fill("#seat-name-0", CHOICES["name"])
    page.select_option("#seat-kind-0", "human")
    page.select_option("#seat-kind-1", CHOICES["bot"])


def page_now(page: Page) -> float:
    now: float = page.evaluate("performance.now()")
    return now


def first_paint(page: Page) -> float:
    paint: float | None = page.evaluate(
        "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null"
    )
    return paint if paint is not None else 0.0


def aim_placement(page: Page) -> tuple[float, float]:
    """Aim the first legal placement as a person does (click its tile on the rack, hover its
    cell, right-click to turn it until the aimed move is that one); return the point whose
    click places it."""
    legal: list[str] = page.evaluate("window.ingenious.legalMoves()")
    move = next(m for m in legal if ":" in m)
    halves = [half.partition(":") for half in move.split()]
    colours = sorted(colour for _, _, colour in halves)
    rack: list[list[str]] = page.evaluate("window.ingenious.rack()")
    slot = next(i for i, tile in enumerate(rack) if sorted(tile) == colours)
    page.click(f'#rack .rack-tile[data-slot="{slot}"]')
    # The picked tile's first colour goes on the hovered cell.
    where = next(w for w, _, colour in halves if colour == rack[slot][0])
    q, r = where.split(",")
    point: dict[str, float] = page.evaluate(f"window.ingenious.cellCenter({q}, {r})")
    x, y = point["x"], point["y"]
    page.mouse.move(x, y)
    for _ in range(7):
        if page.evaluate("window.ingenious.aim()") == move:
            return x, y
        page.mouse.click(x, y, button="right")
    raise RuntimeError(f"could not aim {move}: the page aims {page.evaluate('ingenious.aim()')}")


def bot_replies(page: Page, count: int) -> list[float]:
    """Seconds from each person's placement click to the bot's next move landing: the first
    placement of the game, then up to `count` more."""
    times: list[float] = []
    while len(times) < count + 1:
        turn = page.wait_for_function(TURN_JS, polling=50, timeout=TIMEOUT_MS).json_value()
        if turn == "over":
            break
        if turn == "swap":
            page.click("#swap-no")
            page.wait_for_function("!window.ingenious.busy()", timeout=TIMEOUT_MS)
            continue
        x, y = aim_placement(page)
        moves = len(page.evaluate("window.ingenious.state().moves"))
        started = time.perf_counter()
        page.mouse.click(x, y)
        who = page.wait_for_function(REPLY_JS, arg=moves, polling=50, timeout=TIMEOUT_MS)
        if who.json_value() == "bot":
            times.append(time.perf_counter() - started)
    return times


def game_run(browser: Browser, url: str, bot_moves: int) -> dict[str, Any]:
    """One fresh context: cold load with the form in use; a returning visit; there, Start
    right after data-ready and a game against the bot."""
    result: dict[str, Any] = {}
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(url)
        usable = wait_bench(page, "usable")
        result["cold_form_s"] = usable / 1000
        state = bench_state(page)
        early = state["ready"] is None or state["ready"] > usable
        typing_from = page_now(page)
        fill_start_form(page)
        typing_to = page_now(page)
        ready = wait_bench(page, "ready")
        result["cold_ready_s"] = ready / 1000
        result["choices_kept"] = page.evaluate(CHOICES_JS) == CHOICES
        state = bench_state(page)
        tasks = [(float(s), float(d)) for s, d in state["tasks"]]
        longest, total = blocking(tasks, first_paint(page), max(ready, typing_to))
        result["longest_task_ms"], result["blocking_ms"] = longest, total
        result["input_latency_ms"] = max(
            (float(d) for s, d in state["events"] if typing_from <= s <= typing_to), default=0.0
        )
        result["form_before_ready"] = early
        # A returning visit before any game: with a game in progress the page resumes it.
        page.goto(url)
        result["returning_form_s"] = wait_bench(page, "usable") / 1000
        wait_bench(page, "ready")
        fill_start_form(page)
        page.click("#start-game")
        board = wait_bench(page, "board")
        result["start_after_ready_s"] = (board - float(bench_state(page)["start"])) / 1000
        replies = bot_replies(page, bot_moves)
        if replies:
            result["first_bot_s"] = replies[0]
        if len(replies) > 1:
            result["usual_bot_s"] = median(replies[1:])
        # A returning visit with that game in progress (the person's turn): the page resumes
        # it; until it accepts a placement, and the longest main-thread task until then.
        page.goto(url)
        playable = wait_bench(page, "playable")
        result["returning_game_s"] = playable / 1000
        tasks = [(float(s), float(d)) for s, d in bench_state(page)["tasks"]]
        result["returning_longest_task_ms"] = blocking(tasks, 0.0, playable)[0]
    finally:
        context.close()
    return result


def early_start(browser: Browser, url: str) -> dict[str, float | None]:
    """A cold navigation with Start clicked as soon as the form is usable: seconds from
    the navigation to a board that accepts a placement, the longest main-thread task until
    then, and seconds from the click to that board if the click came before data-ready
    (else None). Only the second seat is changed first (a strong bot)."""
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(url, wait_until="commit")
        wait_bench(page, "usable")
        page.select_option("#seat-kind-1", CHOICES["bot"])
        page.click("#start-game")
        board = wait_bench(page, "board")
        state = bench_state(page)
        tasks = [(float(s), float(d)) for s, d in state["tasks"]]
        result: dict[str, float | None] = {
            "cold_board_s": board / 1000,
            "cold_longest_task_ms": blocking(tasks, 0.0, board)[0],
            "start_before_ready_s": None,
        }
        if state["ready"] is None or state["ready"] > state["start"]:
            result["start_before_ready_s"] = (board - float(state["start"])) / 1000
        return result
    finally:
        context.close()


def baseline(browser: Browser, url: str) -> dict[str, float]:
    """Seconds until the empty PyScript page on the stock runtime has run its first Python
    line: a cold load (fresh context), then a reload in the same context."""
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(url)
        cold = wait_bench(page, "ready") / 1000
        page.goto(url)
        return {"baseline_s": cold, "baseline_reload_s": wait_bench(page, "ready") / 1000}
    finally:
        context.close()


def machine() -> dict[str, Any]:
    return {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
    }


def collect(runs: list[dict[str, Any]], name: str) -> list[float]:
    return [float(r[name]) for r in runs if r.get(name) is not None]


def report(
    runs: list[dict[str, Any]], transfer: dict[str, float] | None, info: dict[str, Any]
) -> dict[str, Any]:
    """Print the figures; return them as JSON-ready data."""
    base, cold = collect(runs, "baseline_s"), collect(runs, "cold_form_s")
    cold_pairs = [r for r in runs if r.get("cold_form_s") and r.get("baseline_s")]
    cold_ratio = ratios(collect(cold_pairs, "cold_form_s"), collect(cold_pairs, "baseline_s"))
    board_pairs = [r for r in runs if r.get("cold_board_s") and r.get("baseline_s")]
    board_ratio = ratios(collect(board_pairs, "cold_board_s"), collect(board_pairs, "baseline_s"))
    back_pairs = [r for r in runs if r.get("returning_game_s") and r.get("baseline_reload_s")]
    back_ratio = ratios(
        collect(back_pairs, "returning_game_s"), collect(back_pairs, "baseline_reload_s")
    )
    bot_pairs = [r for r in runs if r.get("first_bot_s") and r.get("usual_bot_s")]
    bot_ratio = ratios(collect(bot_pairs, "first_bot_s"), collect(bot_pairs, "usual_bot_s"))
    figures: dict[str, tuple[str, list[float], str]] = {
        "baseline_s": (
            "baseline: empty PyScript page (stock runtime), first Python line",
            base,
            "s",
        ),
        "baseline_reload_s": (
            "baseline reloaded: first Python line",
            collect(runs, "baseline_reload_s"),
            "s",
        ),
        "cold_board_s": (
            "cold load, Start as soon as the form allows: board accepts a placement",
            collect(runs, "cold_board_s"),
            "s",
        ),
        "cold_board_ratio": ("  ratio cold board / baseline", board_ratio, "x"),
        "cold_longest_task_ms": (
            "  longest main-thread task until then",
            collect(runs, "cold_longest_task_ms"),
            "ms",
        ),
        "returning_game_s": (
            "returning visit, game in progress: board accepts a placement",
            collect(runs, "returning_game_s"),
            "s",
        ),
        "returning_game_ratio": ("  ratio returning game / baseline reloaded", back_ratio, "x"),
        "returning_longest_task_ms": (
            "  longest main-thread task until then",
            collect(runs, "returning_longest_task_ms"),
            "ms",
        ),
        "cold_form_s": ("cold load: start form usable", cold, "s"),
        "cold_ratio": ("  ratio cold form / baseline", cold_ratio, "x"),
        "cold_ready_s": ("cold load: data-ready", collect(runs, "cold_ready_s"), "s"),
        "returning_form_s": (
            "returning visit: start form usable",
            collect(runs, "returning_form_s"),
            "s",
        ),
        "longest_task_ms": (
            "form in use: longest main-thread task",
            collect(runs, "longest_task_ms"),
            "ms",
        ),
        "blocking_ms": ("form in use: total blocking time", collect(runs, "blocking_ms"), "ms"),
        "input_latency_ms": (
            "form in use: longest input latency",
            collect(runs, "input_latency_ms"),
            "ms",
        ),
        "start_after_ready_s": (
            "Start game right after data-ready to board",
            collect(runs, "start_after_ready_s"),
            "s",
        ),
        "start_before_ready_s": (
            "Start game before data-ready to board",
            collect(runs, "start_before_ready_s"),
            "s",
        ),
        "first_bot_s": (
            "first bot move after the person's first",
            collect(runs, "first_bot_s"),
            "s",
        ),
        "usual_bot_s": (
            "usual bot move (median of the later ones)",
            collect(runs, "usual_bot_s"),
            "s",
        ),
        "first_bot_ratio": ("  ratio first / usual bot move", bot_ratio, "x"),
    }
    notes = {
        "cold_ratio": "target <= 0.4",
        "cold_board_ratio": "target <= 0.5",
        "cold_longest_task_ms": "report; aim < 200 ms",
        "returning_game_s": "target <= 1.0 s on a quiet machine",
        "returning_game_ratio": "target <= 0.4",
        "returning_longest_task_ms": "target <= 500 ms; aim < 200 ms",
        "returning_form_s": "target <= 0.5 s on a quiet machine",
        "longest_task_ms": "aim < 200 ms",
        "input_latency_ms": "0 = every input answered within 16 ms",
        "start_before_ready_s": "the start form is usable only at data-ready",
        "first_bot_ratio": "target <= 1.5",
    }
    early = any(r.get("form_before_ready") for r in runs)
    print(
        f"{info['chromium']}; {len(runs)} run(s); load average "
        f"{' '.join(map(str, info['load_average']))} on {info['cores']} cores; {info['when']}; "
        f"{info['site']}"
    )
    for name, (label, values, unit) in figures.items():
        note = notes.get(name, "")
        if name == "start_before_ready_s" and (values or early):
            note = "" if values else "the page was ready before Start was clicked"
        print(figure_line(label, values, unit, note))
    kept = sum(1 for r in runs if r.get("choices_kept"))
    print(f"form in use: choices kept until data-ready in {kept} of {len(runs)} run(s)")
    if transfer is None:
        print("cold transfer: not measured (--no-transfer, or no build: run `make dist`)")
    else:
        print(
            f"cold transfer (release build, until interactive): received "
            f"{bench_dist.mb(transfer['received'])}; {transfer['files']:.0f} files, "
            f"{bench_dist.mb(transfer['raw'])} raw, {bench_dist.mb(transfer['gzip'])} with gzip -6"
        )
    return {
        "machine": info,
        "runs": runs,
        "figures": {
            name: {"unit": unit, "values": values, "median": median(values)}
            for name, (_, values, unit) in figures.items()
        },
        "transfer_bytes": transfer,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs (fresh contexts) per figure")
    parser.add_argument(
        "--bot-moves", type=int, default=5, help="later bot moves that give its usual move time"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="release build")
    parser.add_argument("--no-transfer", action="store_true", help="skip the release build")
    parser.add_argument(
        "--release", action="store_true", help="time the release build (--dist), not the tree"
    )
    args = parser.parse_args(argv)
    if args.runs < 1 or args.bot_moves < 1:
        parser.error("--runs and --bot-moves must be at least 1")
    dist: Path = args.dist
    measure_transfer = not args.no_transfer and (dist / "sw.js").is_file()
    if args.release and not (dist / "index.html").is_file():
        parser.error(f"--release: no release build in {dist} (run `make dist`)")
    info = machine()
    info["site"] = f"release build {dist}" if args.release else "working tree (make play)"
    runs: list[dict[str, Any]] = []
    transfer = None
    url, server = start_in_thread(dist.resolve() if args.release else ROOT)
    try:
        with sync_playwright() as playwright, baseline_site() as baseline_url:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            info["chromium"] = f"Chromium {browser.version}"
            for number in range(1, args.runs + 1):
                print(f"run {number} of {args.runs}…", file=sys.stderr, flush=True)
                run: dict[str, Any] = baseline(browser, baseline_url)
                run.update(game_run(browser, url + "?speed=instant", args.bot_moves))
                run.update(early_start(browser, url + "?speed=instant"))
                runs.append(run)
            browser.close()
            if measure_transfer:
                print("cold transfer of the release build…", file=sys.stderr, flush=True)
                transfer = bench_dist.cold_transfer(bench_dist.measure(playwright, dist, 1), dist)
    finally:
        server.shutdown()
        server.server_close()
    data = report(runs, transfer, info)
    if args.json is not None:
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
