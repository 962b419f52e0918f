"""The Review screen's timings in Chromium, as a player meets them.

    python tools/bench_review.py [--runs 3] [--full]

On the crafted finished game of the review's tests (Ann, casual, against Bob, strong; 44
moves, Ann's 22 reviewed), resumed on its game-over card with nothing kept:

* **first progress**: from the click on Review to the first frame that shows the dialog
  with its status words and a moving bar (measured in the page: ``performance.now()``
  before the click, then the next animation frames until both are shown);
* **first result**: from the click to the first reviewed move listed;
* with ``--full``, **whole review**: from the click to "Review complete" (the page's
  worker judges every move; the target is 60 s for a 2-player game);
* **reopen**: the page reloaded, from the click on Review to the review kept with the
  game on screen: with ``--full`` the complete review ("Review complete", no analysis; the
  target is under 1 s), without it the review stopped after its first result (its results
  drawn at once, then it goes on).

Each run is a fresh browser page; the figures are the median and the range in
milliseconds (seconds for the analysis). Run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.reviewed_game import thrown_game  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402
from tools.serve import start_in_thread  # noqa: E402
from web.store.records import Record, UiState  # noqa: E402
from web.store.store import AUTOSAVE_KIND, site_key  # noqa: E402

#: Click Review and wait, frame by frame, until the dialog shows words and a moving bar.
FIRST_PROGRESS_JS = """() => new Promise((done) => {
  const started = performance.now();
  document.getElementById('over-review').click();
  const look = () => {
    const dialog = document.getElementById('review');
    const status = dialog && dialog.querySelector('#review-status');
    const bar = dialog && dialog.querySelector('#review-progress');
    if (dialog && dialog.open && status && status.textContent.trim() && bar
        && bar.checkVisibility()) {
      done({ms: performance.now() - started, words: status.textContent,
            moving: !bar.hasAttribute('value')});
    } else {
      requestAnimationFrame(look);
    }
  };
  requestAnimationFrame(look);
})"""

#: Click Review and wait until the status says the review is complete.
REOPEN_JS = """() => new Promise((done) => {
  const started = performance.now();
  document.getElementById('over-review').click();
  const look = () => {
    const status = document.querySelector('#review #review-status');
    if (status && status.textContent.startsWith('Review complete')) {
      done(performance.now() - started);
    } else {
      requestAnimationFrame(look);
    }
  };
  requestAnimationFrame(look);
})"""


def seed(page: Page) -> None:
    """The crafted game as the autosave, on its game-over card, once per tab."""
    record = Record(AUTOSAVE_KIND, thrown_game(), ["human", "strong"], UiState(), rev=1,
                    game_id="gbench")  # fmt: skip
    items = {site_key("ingenious.autosave", "/"): json.dumps(record.to_json())}
    page.add_init_script(
        "(() => { if (sessionStorage.getItem('seeded')) return;"
        "sessionStorage.setItem('seeded', '1');"
        f"for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);"
        "})()"
    )


def one_run(page: Page, url: str, full: bool) -> dict[str, Any]:
    seed(page)
    page.goto(f"{url}?speed=instant")
    page.wait_for_selector(READY, timeout=180_000)
    page.wait_for_selector("#over-screen:not([hidden])", timeout=60_000)
    clicked = time.monotonic()
    first = page.evaluate(FIRST_PROGRESS_JS)
    page.wait_for_selector("#review-all button", timeout=600_000)
    first_result = time.monotonic() - clicked
    out = {"first_progress_ms": first["ms"], "moving": first["moving"], "words": first["words"],
           "first_result_s": first_result}  # fmt: skip
    if full:
        page.wait_for_function(
            "document.querySelector('#review-status').textContent.startsWith('Review complete')",
            timeout=1_800_000,
            polling=250,
        )
        out["whole_s"] = time.monotonic() - clicked
        out["moves"] = page.locator("#review-all button").count()
    else:
        page.click("#review-stop")
        page.wait_for_selector("#review-status:has-text('Review stopped after')")
    page.click("#review-close")
    page.reload()
    page.wait_for_selector(READY, timeout=180_000)
    page.wait_for_selector("#over-screen:not([hidden])", timeout=60_000)
    if full:
        out["reopen_ms"] = page.evaluate(REOPEN_JS)
    else:
        out["reopen_ms"] = page.evaluate(FIRST_PROGRESS_JS)["ms"]
        out["reopened_rows"] = page.locator("#review-all button").count()
        page.click("#review-close")
    return out


def spread(values: list[float], unit: str = "ms") -> str:
    """The median and range of a figure (seconds with a decimal, milliseconds without)."""
    form = ",.1f" if unit == "s" else ",.0f"
    return (f"median {statistics.median(values):{form}} {unit} "
            f"(range {min(values):{form}}-{max(values):{form}}, n={len(values)})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--full", action="store_true", help="analyse the whole game each run")
    args = parser.parse_args()
    url, server = start_in_thread(ROOT)
    runs = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for n in range(args.runs):
                page = browser.new_page(viewport={"width": 1200, "height": 900})
                runs.append(one_run(page, url, args.full))
                page.close()
                print(f"run {n + 1}: {runs[-1]}", file=sys.stderr)
            browser.close()
    finally:
        server.shutdown()
    print(f"Review of a 2-player game (Ann's moves of {len(thrown_game().moves)}), "
          f"{args.runs} run(s), Chromium")  # fmt: skip
    print(
        f"  first visible progress (words and a moving bar): "
        f"{spread([r['first_progress_ms'] for r in runs])}; "
        f"words: {runs[0]['words']!r}; bar moving: {all(r['moving'] for r in runs)}"
    )
    print(f"  first result: {spread([r['first_result_s'] for r in runs], unit='s')}")
    if args.full:
        print(
            f"  whole review ({runs[0]['moves']} moves): "
            f"{spread([r['whole_s'] for r in runs], unit='s')}"
        )
        print(
            f"  kept complete review reopened after a reload: "
            f"{spread([r['reopen_ms'] for r in runs])}"
        )
    else:
        print(
            f"  kept partial review reopened after a reload (its results drawn, then "
            f"resumed): {spread([r['reopen_ms'] for r in runs])}, "
            f"{runs[0]['reopened_rows']} result(s) shown"
        )


if __name__ == "__main__":
    main()
