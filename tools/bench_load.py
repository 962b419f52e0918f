"""Measure how long the page takes to reach ``body[data-ready="1"]``, cold and warm.

Cold: a fresh browser context (empty HTTP cache). Warm: a reload in that context.
Usage: ``make bench`` or ``.venv/bin/python tools/bench_load.py [--runs N]``.
Needs the runtime (``make runtime``), the venv and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser, sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS, READY
from tools.serve import start_in_thread


def time_to_ready(browser: Browser, url: str) -> tuple[float, float]:
    """(cold, warm) seconds to data-ready in one fresh context."""
    context = browser.new_context()
    try:
        page = context.new_page()
        times = []
        for _ in range(2):
            started = time.perf_counter()
            page.goto(url)
            page.wait_for_selector(READY, state="attached", timeout=60_000)
            times.append(time.perf_counter() - started)
        return times[0], times[1]
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time the page load to data-ready.")
    parser.add_argument("--runs", type=int, default=3, help="fresh contexts to measure")
    args = parser.parse_args(argv)
    url, server = start_in_thread()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            results = [time_to_ready(browser, url) for _ in range(args.runs)]
            browser.close()
    finally:
        server.shutdown()
    for i, (cold, warm) in enumerate(results, 1):
        print(f"run {i}: cold {cold:.2f} s, warm {warm:.2f} s")
    cold_median = statistics.median(c for c, _ in results)
    warm_median = statistics.median(w for _, w in results)
    print(f"median of {args.runs}: cold {cold_median:.2f} s, warm {warm_median:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
