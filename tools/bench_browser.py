"""Browser benchmarks for the game page; prints figures for the release note.

    python tools/bench_browser.py [--runs 3] [--seconds 15] [--level strong]

* cold: a fresh browser context (empty cache) until ``body[data-ready="1"]``;
* warm: a reload in the same context;
* frame gaps: the longest gap between requestAnimationFrame callbacks while bots
  think in the worker (a bots-only game at "fast" speed), plus the 99th percentile;
* zoom: the main-thread time of each board redraw while zooming on a phone-sized page.

Targets: cold < 3 s, longest frame gap < 100 ms. Chromium is /usr/bin/chromium,
networking locked to 127.0.0.1 as in the browser tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

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
    options = parser.parse_args()
    url, server = start_in_thread(ROOT)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
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
