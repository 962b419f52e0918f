"""Teaching pages: one board alone against a page of six, time and memory, in one run.

    .venv/bin/python tools/bench_teach.py [--runs 3] [--frames]

Each sample starts a fresh Chromium (empty cache) and opens one page of the repository,
served by ``tools/serve.py``:

* ``one board``: a page with one board of the include (``web/scripts/boards.js``);
* ``six boards``: ``docs/embed-demo.html``, the rulebook's five examples and a try board;
* with ``--frames`` also the same two pages made of ``<iframe src="embed.html?...">``
  (one Pyodide per frame), for comparison.

It reports the time from navigation until every board of the page is ready (its
``data-ready``: position and explanation on screen) and the memory of the page's renderer
processes then (proportional set size from ``/proc``, processes found through the
DevTools protocol), as medians, and the ratios six : one. The window is 1000 x 4800 CSS
pixels, so that every board is near the screen and starts at once (boards farther away
wait for the reader). Targets (docs/embed.md): six boards within 1.5x the time and 2x
the memory of one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Browser, Playwright, ViewportSize, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import start_in_thread  # noqa: E402

VIEWPORT: ViewportSize = {"width": 1000, "height": 4800}
SETTLE_MS = 1500  # after the last board: let the page finish its work before reading memory
EXAMPLES = sorted(p.name for p in (ROOT / "docs" / "positions").glob("*.json"))

ONE_BOARD = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>One board</title><link rel="icon" href="data:,">
<script src="web/scripts/boards.js" defer></script></head><body><main>
<div id="one" data-ingenious-src="docs/positions/{name}"></div></main></body></html>"""

FRAME = (
    '<iframe title="{title}" style="width:100%;height:560px;border:0" '
    'src="embed.html?{query}"></iframe>'
)
FRAMES = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Frames</title><link rel="icon" href="data:,"></head><body><main>
{frames}</main></body></html>"""

# Every board of the page, in a page or in a frame, ready (data-ready on its own element,
# or on the body of its frame).
ALL_READY = """n => {
  const boards = [...document.querySelectorAll("[data-ingenious-src],[data-ingenious-position]")]
    .filter(e => e.dataset.ready === "1").length;
  const frames = [...document.querySelectorAll("iframe")].filter(f => {
    try { return f.contentDocument.body.dataset.ready === "1"; } catch (e) { return false; }
  }).length;
  return boards + frames >= n;
}"""


def write_pages(root: Path) -> dict[str, tuple[str, int]]:
    """The pages measured, in a folder that links to the repository's files."""
    for name in ("runtime", "web", "engine", "docs", "embed.html"):
        (root / name).symlink_to(ROOT / name)
    (root / "one.html").write_text(ONE_BOARD.format(name=EXAMPLES[1]), encoding="utf-8")
    queries = [f"src=docs/positions/{quote(n)}" for n in EXAMPLES]
    queries.append(f"src=docs/positions/{quote(EXAMPLES[-1])}&amp;mode=try")
    frames = [FRAME.format(title=f"board {i}", query=q) for i, q in enumerate(queries)]
    (root / "frame-one.html").write_text(FRAMES.format(frames=frames[1]), encoding="utf-8")
    (root / "frame-six.html").write_text(FRAMES.format(frames="\n".join(frames)), encoding="utf-8")
    return {
        "one board": ("one.html", 1),
        "six boards": ("docs/embed-demo.html", 6),
        "one frame": ("frame-one.html", 1),
        "six frames": ("frame-six.html", 6),
    }


def renderer_memory(browser: Browser) -> int:
    """Bytes (PSS) of the browser's renderer processes."""
    cdp = browser.new_browser_cdp_session()
    try:
        info = cdp.send("SystemInfo.getProcessInfo")
    finally:
        cdp.detach()
    total = 0
    for process in info["processInfo"]:
        if process["type"] != "renderer":
            continue
        try:
            rollup = Path(f"/proc/{process['id']}/smaps_rollup").read_text(encoding="utf-8")
        except OSError:
            continue  # the process has gone
        for line in rollup.splitlines():
            if line.startswith("Pss:"):
                total += int(line.split()[1]) * 1024
    return total


BREAKDOWN = """() => {
  const mark = n => (performance.getEntriesByName("ingenious:" + n)[0] || {}).startTime;
  const boards = window.ingeniousBoards;
  return {start: mark("runtime-start"), ready: mark("runtime-ready"),
          imported: mark("modules-imported"), draws: boards ? boards.drawMs : []};
}"""


def sample(playwright: Playwright, url: str, boards: int) -> tuple[float, int]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_context(viewport=VIEWPORT).new_page()
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_function(ALL_READY, arg=boards, timeout=300_000, polling=50)
        seconds = time.perf_counter() - started
        parts = page.evaluate(BREAKDOWN)
        if parts["ready"] is not None:
            print(
                f"    Pyodide asked for at {parts['start'] / 1000:.2f} s, up at "
                f"{parts['ready'] / 1000:.2f} s, modules imported at "
                f"{parts['imported'] / 1000:.2f} s; boards drawn in {parts['draws']} ms"
            )
        page.wait_for_timeout(SETTLE_MS)
        return seconds, renderer_memory(browser)
    finally:
        browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--frames",
        action="store_true",
        help="also measure the same pages made of iframes (a runtime each)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        pages = write_pages(Path(tmp))
        if not args.frames:
            pages = {k: v for k, v in pages.items() if "frame" not in k}
        base, server = start_in_thread(Path(tmp))
        results: dict[str, list[tuple[float, int]]] = {name: [] for name in pages}
        try:
            with sync_playwright() as playwright:
                for run in range(args.runs):
                    for name, (path, boards) in pages.items():  # both sides in each run
                        results[name].append(sample(playwright, base + path, boards))
                        seconds, memory = results[name][-1]
                        print(
                            f"  run {run + 1} {name:11s} {seconds:6.2f} s  {memory / 1e6:7.1f} MB",
                            flush=True,
                        )
        finally:
            server.shutdown()
            server.server_close()
    report(results, args.runs)
    return 0


def report(results: dict[str, list[tuple[float, int]]], runs: int) -> None:
    def med(name: str, index: int) -> float:
        return float(statistics.median(r[index] for r in results[name]))

    print(f"medians of {runs} run(s), window {VIEWPORT['width']}x{VIEWPORT['height']}:")
    for name in results:
        print(
            f"  {name:11s} all ready {med(name, 0):6.2f} s, renderer memory "
            f"{med(name, 1) / 1e6:7.1f} MB"
        )
    for six, one in (("six boards", "one board"), ("six frames", "one frame")):
        if six in results and one in results:
            print(
                f"  {six} : {one}: time {med(six, 0):.2f} / {med(one, 0):.2f} s = "
                f"{med(six, 0) / med(one, 0):.2f}x (target <= 1.5x), memory "
                f"{med(six, 1) / 1e6:.1f} / {med(one, 1) / 1e6:.1f} MB = "
                f"{med(six, 1) / med(one, 1):.2f}x (target <= 2x)"
            )


if __name__ == "__main__":
    sys.exit(main())
