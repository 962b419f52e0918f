"""Main-thread time of the game screen's work per event, for one or two checkouts.

    python tools/bench_screen.py [--moves 12] [--against DIR]

For each site (this checkout, and with ``--against`` another one, e.g. an older commit
unpacked with ``git archive``; its ``runtime/`` is linked to this one's), in one run:

* a person's move: the first ``commit`` in ``window.ingenious.timings()`` after the
  click (the engine, the autosave and the redraw of the whole screen after it), over the
  moves of a person against a beginner bot at instant speed (placed by real mouse
  clicks);
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

from engine import load_game  # noqa: E402
from engine.rules.game import Game  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, READY  # noqa: E402
from tools.serve import start_in_thread  # noqa: E402

IDLE_JS = """() => window.ingenious && !window.ingenious.busy()
  && (!document.getElementById('swap-offer').hidden
      || document.querySelector('.rack-tile[data-slot]:not([disabled])') !== null
      || !document.getElementById('over-screen').hidden)"""

HOVER_JS = """([x, y]) => {
  const canvas = document.getElementById('board-canvas');
  const started = performance.now();
  canvas.dispatchEvent(new PointerEvent('pointermove',
      {clientX: x, clientY: y, pointerType: 'mouse', bubbles: true}));
  return performance.now() - started;
}"""


def engine_game(page: Page) -> Game:
    return load_game(page.evaluate("window.ingenious.state()"))


def wait_idle(page: Page) -> None:
    page.wait_for_function(IDLE_JS, timeout=120_000)


def best_move(game: Game) -> str:
    placements = [m for m in game.legal_moves() if m not in ("swap", "pass")]
    return max(placements, key=lambda m: (sum(game.preview(m)["points"].values()), m))


def centre(page: Page, cell: tuple[int, int]) -> tuple[float, float]:
    point = page.evaluate(f"window.ingenious.cellCenter({cell[0]}, {cell[1]})")
    return float(point["x"]), float(point["y"])


def place_with_mouse(page: Page, move: str) -> None:
    """Pick the tile, hover its first cell, turn it (right click) until aimed, click."""
    halves = [(tuple(int(v) for v in h.split(":")[0].split(",")), h.split(":")[1])
              for h in move.split()]  # fmt: skip
    rack = page.evaluate("window.ingenious.rack()")
    slot = next(i for i, t in enumerate(rack) if sorted(t) == sorted(c for _, c in halves))
    page.click(f'.rack-tile[data-slot="{slot}"]')
    first = rack[slot][0]
    anchor = halves[0][0] if halves[0][1] == first else halves[1][0]
    x, y = centre(page, (anchor[0], anchor[1]))
    page.mouse.move(x, y)
    for _ in range(7):
        if page.evaluate("window.ingenious.aim()") == move:
            break
        page.mouse.click(x, y, button="right")
    page.mouse.click(x, y)


def measure(page: Page, url: str, moves: int) -> tuple[list[float], list[float]]:
    page.goto(url + "?speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    page.select_option("#seat-kind-1", "beginner")
    page.fill("#seed", "31")
    page.click("#start-game")
    wait_idle(page)
    commits: list[float] = []
    hovers: list[float] = []
    for turn in range(moves):
        wait_idle(page)
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
        before = len(page.evaluate("window.ingenious.timings()"))
        place_with_mouse(page, best_move(game))
        page.wait_for_function(f"window.ingenious.state().moves.length > {count}")
        steps = page.evaluate("window.ingenious.timings()")[before:]
        # The first commit after the click is the person's move (the bot's come later).
        commits += [float(ms) for name, ms in steps if name == "commit"][:1]
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
        print(f"  a person's move (commit): {summary(commits)}")
        print(f"  a pointer move over the board: {summary(hovers)}")


if __name__ == "__main__":
    main()
