"""Browser benchmarks for the game page; prints figures for the release note.

    python tools/bench_browser.py [--runs 3] [--seconds 15] [--level strong]

* cold: a fresh browser context (empty cache) until ``body[data-ready="1"]``;
* warm: a reload in the same context;
* frame gaps: the longest gap between requestAnimationFrame callbacks while bots
  think in the worker (a bots-only game at "fast" speed), plus the 99th percentile;
* zoom: the main-thread time of each board redraw while zooming on a phone-sized page.

``--interactions`` measures instead what a player feels while placing tiles against a
bot: the browser's own Event Timing entries (the data behind Interaction to Next Paint),
from Start game through ``--placements`` placements made with the mouse (the rack tile
clicked, the tile turned with right clicks, the cell clicked; each once the page has
settled, as a person looks before tapping), each interaction's duration being its
longest event; printed at normal CPU speed and with the CPU slowed
4x (``--throttle``, Chrome DevTools' emulation, as Lighthouse does for phones).

Targets: cold < 3 s, longest frame gap < 100 ms; slowest interaction, the first included,
<= 100 ms at normal speed and <= 200 ms slowed 4x. Chromium is /usr/bin/chromium,
networking locked to 127.0.0.1 as in the browser tests.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.bench_common import baseline_site, figure_line  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402
from tools.serve import start_in_thread  # noqa: E402

FRAME_PROBE = """() => {
  window.__frames = [];
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  }).observe({type: "longtask", buffered: false});
  const tick = (t) => { window.__frames.push(t); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""


def time_to_ready(page: Page, url: str, reload: bool = False) -> float:
    started = time.perf_counter()
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    return time.perf_counter() - started


MARKS_JS = """() => Object.fromEntries(performance.getEntriesByType('mark')
    .filter(m => m.name.startsWith('ingenious:')).map(m => [m.name.slice(10), m.startTime]))"""


def frame_gaps(
    page: Page, url: str, level: str, seconds: float
) -> tuple[float, float, int, int, list[float]]:
    """Frame gaps while two `level` bots play; level "human" = an idle table (no bots),
    which shows what the machine alone does to frame timing."""
    time_to_ready(page, url)
    page.locator('input[name="variant"][value="standard"]').check()
    page.select_option("#seat-kind-0", level)
    page.select_option("#seat-kind-1", level)
    page.click("#start-game")
    page.select_option("#speed", "fast")
    if level != "human":
        # Wait for the worker's first move so its start-up is not counted as thinking time.
        page.wait_for_function("window.ingenious.state().moves.length >= 1", timeout=120_000)
    else:
        page.click("#pass-ready")
        page.wait_for_timeout(3000)  # let the worker finish starting in the background
    page.evaluate(FRAME_PROBE)
    moves_before = page.evaluate("window.ingenious.state().moves.length")
    page.wait_for_timeout(seconds * 1000)
    frames: list[float] = page.evaluate("window.__frames")
    long_tasks: list[float] = page.evaluate("window.__long")
    steps: list[list[object]] = page.evaluate("window.ingenious.timings()")
    for what in ("commit", "render", "layers"):
        times = [float(str(ms)) for name, ms in steps if name == what]
        if times:
            print(
                f"  main-thread {what}: max {max(times):.1f} ms, median "
                f"{statistics.median(times):.1f} ms over {len(times)} calls"
            )
    moves = page.evaluate("window.ingenious.state().moves.length") - moves_before
    gaps = sorted(b - a for a, b in zip(frames, frames[1:], strict=False))
    p99 = gaps[int(len(gaps) * 0.99) - 1] if gaps else 0.0
    return (gaps[-1] if gaps else 0.0), p99, len(frames), moves, long_tasks


def zoom_redraws(browser: Browser, url: str, steps: int = 30) -> list[float]:
    """Main-thread time of each board redraw while zooming in and out on a phone-sized
    page (4-player board, pixel ratio 3): ctrl + wheel, one redraw per step."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3)
    page = context.new_page()
    time_to_ready(page, url)
    page.select_option("#players", "4")
    page.click("#start-game")
    page.wait_for_function("!window.ingenious.busy()", timeout=60_000)
    page.wait_for_timeout(4000)  # let the bot worker finish starting in the background
    before = len(page.evaluate("window.ingenious.timings()"))
    box = page.locator("#board-canvas").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Control")
    for step in range(steps):
        page.mouse.wheel(0, -20 if step < steps // 2 else 20)
        page.wait_for_timeout(50)
    page.keyboard.up("Control")
    timings: list[list[object]] = page.evaluate("window.ingenious.timings()")[before:]
    context.close()
    return [float(str(ms)) for name, ms in timings if name == "layers"]


#: Every event the browser times, kept by interaction (Event Timing: a click is
#: pointerdown + pointerup + click, one interaction; its duration is the longest).
EVENT_PROBE = """() => {
  window.__events = [];
  window.__tasks = [];
  window.__labels = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__events.push([e.interactionId, e.name, e.startTime,
        e.processingStart, e.processingEnd, e.duration]);
  }).observe({type: "event", durationThreshold: 16, buffered: true});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
}"""
LABEL_JS = "(what) => window.__labels.push([performance.now(), what])"
#: The player acts when the page has settled: the work the last step started is done (an
#: idle moment, at most 2 s away), as a person looks before the next tap.
SETTLED_JS = (
    """() => new Promise((done) => requestIdleCallback(() => done(true), {timeout: 2000}))"""
)


@dataclass(frozen=True)
class Interaction:
    """One interaction as the browser timed it (ms): what the player did, and its
    duration split into the wait for the main thread, the handlers, and the next paint."""

    what: str
    duration: float
    delay: float
    handlers: float
    paint: float
    tasks: tuple[float, ...]  # long tasks (> 50 ms) overlapping it

    def line(self) -> str:
        tasks = f", long tasks {'/'.join(f'{t:.0f}' for t in self.tasks)}" if self.tasks else ""
        return (f"{self.what} {self.duration:.0f} (wait {self.delay:.0f}, handlers "
                f"{self.handlers:.0f}, paint {self.paint:.0f}{tasks})")  # fmt: skip


def interactions_of(
    events: list[list[float]], labels: list[list[object]], tasks: list[list[float]]
) -> list[Interaction]:
    """Each interaction's longest event, named by the last label set before it began."""
    longest: dict[int, list[float]] = {}
    for ident, _name, start, p_start, p_end, duration in events:
        seen = longest.get(int(ident))
        if seen is None or duration > seen[5]:
            longest[int(ident)] = [ident, 0, start, p_start, p_end, duration]
    out = []
    for key in sorted(longest, key=lambda k: longest[k][2]):
        _ident, _, start, p_start, p_end, duration = longest[key]
        what = next((str(w) for t, w in reversed(labels) if float(str(t)) <= start), "?")
        end = start + duration
        overlapping = tuple(d for t, d in tasks if t < end and t + d > start)
        out.append(Interaction(what, duration, p_start - start, p_end - p_start,
                               max(0.0, end - p_end), overlapping))  # fmt: skip
    return out


def interactions(
    browser: Browser, url: str, placements: int, throttle: float, read_seconds: float
) -> list[Interaction]:
    """Each interaction, in order, from Start game through `placements` placements against
    a casual bot, the CPU slowed `throttle` times. The player reads the start screen for
    `read_seconds` after it is ready."""
    sys.path.insert(0, str(ROOT))
    from engine import load_game

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    if throttle > 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.add_init_script(f"({EVENT_PROBE})()")
    time_to_ready(page, url + "?speed=normal")
    # The player reads the start screen while the page finishes starting: its bot worker
    # up and warm ("ingenious:bots-warm"), the game screen's first use made in idle time
    # ("ingenious:warm"), at most `read_seconds` (slowed: longer) for each.
    for mark in ("bots-warm", "warm"):
        with contextlib.suppress(PlaywrightTimeout):  # a page without the mark: the longest
            page.wait_for_function(
                f"performance.getEntriesByName('ingenious:{mark}').length > 0",
                timeout=read_seconds * throttle * 1000,
            )
    page.evaluate(SETTLED_JS)
    page.evaluate(LABEL_JS, "Start game")
    page.click("#start-game")
    page.wait_for_selector(".rack-tile[data-slot]:not([disabled])", timeout=120_000)
    for _ in range(placements):
        page.wait_for_function(
            "!window.ingenious.busy() && (document.querySelector("
            "'.rack-tile[data-slot]:not([disabled])') !== null"
            " || !document.getElementById('swap-offer').hidden)",
            timeout=120_000,
        )
        game = load_game(page.evaluate("window.ingenious.state()"))
        if game.phase == "over":
            break
        if game.phase == "swap":  # the swap offered: keep the tiles, as a quick player does
            page.evaluate(SETTLED_JS)
            page.evaluate(LABEL_JS, "keep tiles")
            page.click("#swap-no")
            page.wait_for_function(
                "document.querySelector('.rack-tile[data-slot]:not([disabled])') !== null",
                timeout=120_000,
            )
            game = load_game(page.evaluate("window.ingenious.state()"))
        moves = [m for m in game.legal_moves() if m not in ("swap", "pass")]
        move = max(moves, key=lambda m: (sum(game.preview(m)["points"].values()), m))
        halves = [h.partition(":") for h in move.split()]
        colours = sorted(c for _, _, c in halves)
        rack: list[list[str]] = page.evaluate("window.ingenious.rack()")
        slot = next(i for i, tile in enumerate(rack) if sorted(tile) == colours)
        page.evaluate(SETTLED_JS)
        page.evaluate(LABEL_JS, f"pick {len(game.moves) // 2 + 1}")
        page.click(f'.rack-tile[data-slot="{slot}"]')
        first = rack[slot][0]
        where = next(w for w, _, c in halves if c == first)
        q, r = (int(v) for v in where.split(","))
        point = page.evaluate(f"window.ingenious.cellCenter({q}, {r})")
        page.mouse.move(point["x"], point["y"])
        for _turn in range(7):
            if page.evaluate("window.ingenious.aim()") == move:
                break
            page.evaluate(SETTLED_JS)
            page.evaluate(LABEL_JS, "turn")
            page.mouse.click(point["x"], point["y"], button="right")
        played = len(game.moves)
        page.evaluate(SETTLED_JS)
        page.evaluate(LABEL_JS, f"place {len(game.moves) // 2 + 1}")
        page.mouse.click(point["x"], point["y"])
        page.wait_for_function(f"window.ingenious.state().moves.length > {played}")
    page.wait_for_timeout(500)  # the last entries are reported after their frame
    found = interactions_of(
        page.evaluate("window.__events"),
        page.evaluate("window.__labels"),
        page.evaluate("window.__tasks"),
    )
    context.close()
    return found


def print_interactions(browser: Browser, url: str, options: argparse.Namespace) -> None:
    for rate in (1.0, float(options.throttle)):
        for run in range(options.runs):
            seen = interactions(browser, url, options.placements, rate, options.read_seconds)
            if not seen:
                print(f"CPU x{rate:g}, run {run + 1}: no interaction timed")
                continue
            durations = [i.duration for i in seen]
            target = 100.0 if rate == 1.0 else 200.0
            slowest = max(seen, key=lambda i: i.duration)
            placing = [i for i in seen if i.what != "Start game"] or seen
            worst = max(placing, key=lambda i: i.duration)
            board = next((i for i in seen if i.what.startswith("pick")), seen[0])
            print(
                f"CPU x{rate:g}, run {run + 1}: {len(seen)} interactions, slowest "
                f"{slowest.duration:.0f} ms (target <= {target:.0f} ms): {slowest.line()}; "
                f"slowest of the {len(placing)} on the board: {worst.line()}; "
                f"first on the board: {board.line()}; median {statistics.median(durations):.0f} ms"
            )
            print("  each (ms): " + "; ".join(i.line() for i in seen))


def print_baseline(browser: Browser, runs: int) -> None:
    with baseline_site() as url:
        times = []
        for _ in range(runs):
            context = browser.new_context()
            times.append(time_to_ready(context.new_page(), url))
            context.close()
    print(figure_line("baseline (empty PyScript page), cold", times, "s"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--level", default="strong")
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="also time a minimal PyScript page (the machine's floor for Pyodide start-up)",
    )
    parser.add_argument("--interactions", action="store_true",
                        help="only the Event Timing of play against a bot (see above)")  # fmt: skip
    parser.add_argument("--placements", type=int, default=8)
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--read-seconds", type=float, default=3.0,
                        help="how long the player reads the start screen before Start")  # fmt: skip
    options = parser.parse_args()
    url, server = start_in_thread(ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if options.interactions:
                print_interactions(browser, url, options)
                browser.close()
                return
            cold, warm, marks = [], [], []
            for _ in range(options.runs):
                context = browser.new_context()
                page = context.new_page()
                cold.append(time_to_ready(page, url))
                marks.append(page.evaluate(MARKS_JS))
                warm.append(time_to_ready(page, url, reload=True))
                context.close()
            print(
                f"cold load to data-ready: median {statistics.median(cold):.2f} s "
                f"(runs: {', '.join(f'{t:.2f}' for t in cold)}; target < 3 s)"
            )
            print(
                f"warm load to data-ready: median {statistics.median(warm):.2f} s "
                f"(runs: {', '.join(f'{t:.2f}' for t in warm)})"
            )
            if options.baseline:
                print_baseline(browser, options.runs)
                context = browser.new_context()
                worst, p99, frames, _, _ = frame_gaps(
                    context.new_page(), url, "human", options.seconds
                )
                print(
                    f"baseline frame gaps, idle table ({options.seconds:.0f} s, {frames} frames): "
                    f"longest {worst:.1f} ms, p99 {p99:.1f} ms"
                )
                context.close()
            context = browser.new_context()
            worst, p99, frames, moves, long_tasks = frame_gaps(
                context.new_page(), url, options.level, options.seconds
            )
            print(
                f"frame gaps while {options.level} bots play "
                f"({options.seconds:.0f} s, {frames} frames, "
                f"{moves} moves): longest {worst:.1f} ms, p99 {p99:.1f} ms (target < 100 ms)"
            )
            longest_task = max(long_tasks, default=0.0)
            print(
                f"  main-thread long tasks (> 50 ms) meanwhile: {len(long_tasks)}, "
                f"longest {longest_task:.0f} ms"
            )
            redraws = zoom_redraws(browser, url)
            if redraws:
                print(
                    f"board redraw while zooming on a phone (4 players, pixel ratio 3): median "
                    f"{statistics.median(redraws):.1f} ms, max {max(redraws):.1f} ms "
                    f"over {len(redraws)} zoom steps"
                )
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
