"""Main-thread time of the game screen's work per event, for one or two checkouts.

    python tools/bench_screen.py [--moves 12] [--against DIR]

For each site (this checkout, and with ``--against`` another one, e.g. an older commit
unpacked with ``git archive``; its ``runtime/`` is linked to this one's), in one run:

* a move: ``commit`` from ``window.ingenious.timings()`` (the engine, the autosave and
  the redraw of the screen after it), over the moves of a person against a beginner bot
  at instant speed (placed by real mouse clicks);
* a pointer move over the board: the time the page takes to handle one synthetic
  ``pointermove`` that changes the aimed cell (ghost tile, rays and preview), measured
  around ``dispatchEvent`` in the page, over 40 moves with a tile picked.

Figures are medians and maxima in milliseconds; both sites run alternately in the same
browser so the machine's load hits both alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.game_helpers import (  # noqa: E402
    best_move,
    centre,
    engine_game,
    place_with_mouse,
    start_game,
    wait_idle,
)
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402
from tools.serve import start_in_thread  # noqa: E402

HOVER_JS = """([x, y]) => {
  const canvas = document.getElementById('board-canvas');
  const started = performance.now();
  canvas.dispatchEvent(new PointerEvent('pointermove',
      {clientX: x, clientY: y, pointerType: 'mouse', bubbles: true}));
  return performance.now() - started;
}"""


def measure(page: Page, url: str, moves: int) -> tuple[list[float], list[float]]:
    page.goto(url + "?speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    start_game(page, "standard", seats=["human", "beginner"], seed=31)
    wait_idle(page, timeout=120_000)
    before = len(page.evaluate("window.ingenious.timings()"))
    hovers: list[float] = []
    for turn in range(moves):
        wait_idle(page, timeout=120_000)
        game = engine_game(page)
        if game.phase == "over":
            break
        if turn == 2:
            page.click('.rack-tile[data-slot="0"]')
            cells = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
            for cell in cells[:40]:
                hovers.append(float(page.evaluate(HOVER_JS, list(centre(page, cell)))))
            page.keyboard.press("Escape")
        if game.phase == "swap":
            page.click("#swap-no")
            continue
        count = len(game.moves)
        place_with_mouse(page, best_move(game))
        page.wait_for_function(f"window.ingenious.state().moves.length > {count}")
    timings = page.evaluate("window.ingenious.timings()")[before:]
    commits = [float(ms) for name, ms in timings if name == "commit"]
    return commits, hovers


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    return f"median {statistics.median(values):.1f} ms, max {max(values):.1f} ms (n={len(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--against", type=Path, help="another checkout to measure alongside")
    options = parser.parse_args()
    sites = [("this checkout", ROOT)]
    if options.against is not None:
        other = options.against.resolve()
        if not (other / "runtime").exists():
            (other / "runtime").symlink_to(ROOT / "runtime")
        sites.append((str(other), other))
    servers = [(label, *start_in_thread(path)) for label, path in sites]
    results: dict[str, tuple[list[float], list[float]]] = {label: ([], []) for label, _ in sites}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(options.runs):
                for label, url, _ in servers:
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    commits, hovers = measure(context.new_page(), url, options.moves)
                    results[label][0].extend(commits)
                    results[label][1].extend(hovers)
                    context.close()
    finally:
        for _, _, server in servers:
            server.shutdown()
            server.server_close()
    for label, (commits, hovers) in results.items():
        print(f"{label}:")
        print(f"  a move (commit): {summary(commits)}")
        print(f"  a pointer move over the board: {summary(hovers)}")


if __name__ == "__main__":
    main()
