"""Crafted review links and files in Chromium: the notice, the game kept, and the longest
main-thread task while each is opened and drawn.

    python tools/bench_hostile.py [--runs 1]

The links (`crafted`) carry a finished game (Ann and Bob, 2 players) with its review, each
made hostile as a page of the origin or a shared link can: a value of the wrong type
where the Review screen reads it (a lesson that is a number, chances that are an object,
a figure beyond a float, a name that is a list: each made the Review screen raise), a
25 kB review whose every result holds as many facts as a result may (each fact valid:
all of it is drawn), and a 25 kB review of long texts (names, facts) the screen would
have drawn before the review's schema. For each, in one page at normal CPU speed (1x):

* **link**: ``location.hash`` set to the ``#game=`` link (the page is ready: its own start
  is not counted) until the "A shared game" offer shows;
* **review**: Watch the replay, then Review, until the Review screen shows its status,
  then four steps (→, B, ←, End);
* **file**: the same text imported as a file until its toast shows.

Each link is opened in a fresh page (two links of one game in one page would share its
review). The same game as a plain link, alone and with its review as the game wrote it,
is measured beside them: what any link costs on this machine now.

The figures are the longest task the browser reports (PerformanceObserver ``longtask``:
tasks of 50 ms and more) in each phase, and, from Chromium's trace of the same phase, the
most CPU time the page's main thread spent in one task (on a loaded machine a task's wall
time is mostly waiting for a core); the target is under 200 ms. It prints, per link,
its length, the notice said, and the longest task of each phase. Run it under ``nice`` on
a shared machine (the figures are wall-clock: a loaded machine makes them longer).
"""

from __future__ import annotations

import argparse
import base64
import copy
import json
import os
import sys
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: The settings the crafted review is made with (a few seconds of CPython).
SETTINGS = {"worlds": 2, "width": 2, "seed": 1}
SEATS = ["human", "casual"]
#: The length of the amplifying links, as the probe's (25,855 characters).
AMPLIFYING = 25_000


@cache
def reviewed() -> tuple[Any, dict[str, Any]]:
    """A finished two-player game and Ann's review of it, as stored; every other result
    is a mistake, so every part of the Review screen's step is drawn."""
    from engine import new_game
    from engine.bots import make_bot
    from engine.coach.review import Review
    from web.store.reviews import review_data

    game = new_game("standard", 2, seed=5, names=["Ann", "Bob"])
    bots = [make_bot("casual", seed=1), make_bot("casual", seed=2)]
    while not game.over:
        game.apply(bots[game.current].choose(game.view(game.current)))
    results = [m.to_json() for m in Review(game.to_save(), seats=[0], **SETTINGS).run()]
    for n, result in enumerate(results):
        if n % 2 == 0:
            futures = [{"kind": "futures_wins", "better": 0.6, "played": 0.3}]
            result.update(cost=0.3, mistake=True, lesson=[{"kind": "same_now"}],
                          futures=futures)  # fmt: skip
    return game, review_data(SETTINGS, [0], len(results), results, True)


def _worst(review: dict[str, Any]) -> dict[str, Any]:
    """The result the Review screen shows first: the costliest mistake."""
    mistakes = [r for r in review["results"] if r["cost"] > 0]
    return max(mistakes, key=lambda r: (r["cost"], -r["index"]))


def _link_text(game: Any, review: Any) -> str:
    from web.saves.share import shared_dict

    return json.dumps(shared_dict(game, SEATS, review), separators=(",", ":"))


def fragment(text: str) -> str:
    """``game=`` and the base64url of ``text``, as `web.saves.share.fragment_for` writes."""
    return "game=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _fill(review: dict[str, Any], fact: Any, lists: tuple[str, ...]) -> dict[str, Any]:
    """``review`` with ``fact`` added round the results' ``lists`` until its link is
    `AMPLIFYING` characters long."""
    game, _ = reviewed()
    out = copy.deepcopy(review)
    at = 0
    while len(fragment(_link_text(game, out))) < AMPLIFYING:
        result = out["results"][at % len(out["results"])]
        for name in lists:
            if len(result[name]) < 40:
                result[name].append(copy.deepcopy(fact))
        result.update(cost=max(result["cost"], 0.2), mistake=True)
        at += 1
    return out


def baselines() -> dict[str, str]:
    """The same game as a plain link, alone and with its review as the game wrote it:
    what a link costs anyway (measured side by side: the machine may be shared)."""
    game, review = reviewed()
    return {"plain: the game alone": _link_text(game, None),
            "plain: with its review": _link_text(game, review)}  # fmt: skip


def crafted() -> dict[str, str]:
    """Each crafted link's JSON text, by what it holds."""
    game, review = reviewed()
    out: dict[str, str] = {}
    wrong: dict[str, tuple[str, Any]] = {
        "a lesson that is a number": ("lesson", 0),
        "chances that are an object": ("chances", {"0": 0.5}),
        "a figure beyond a float": ("played_win", 10**400),
        "a name that is a list": ("name", ["Ann"]),
    }
    for label, (field, value) in wrong.items():
        bad = copy.deepcopy(review)
        _worst(bad)[field] = value
        out[label] = _link_text(game, bad)
    moves = list(range(len(game.moves)))
    full = {"kind": "plan_wasted", "name": "Ann", "n": 5, "moves": moves}
    out["25 kB of valid facts"] = _link_text(game, _fill(review, full, ("lesson", "merits")))
    long = {"kind": "blocks", "name": "Team A (" * 40 + "): 1." * 10, "colour": "red", "n": 3}
    named = copy.deepcopy(review)
    for result in named["results"]:
        result["name"] = "Ann): Bob 50%, " * 20
    out["25 kB of long texts"] = _link_text(game, _fill(named, long, ("best_facts",)))
    return out


# --- in Chromium ---------------------------------------------------------------------------------
OBSERVE = """() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  }).observe({type: "longtask", buffered: false});
}"""
#: The longest task since the last call (0: none of 50 ms or more), and a fresh count.
LONGEST = """() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => {
  const longest = Math.max(0, ...window.__long);
  window.__long = [];
  done(longest);
}, 0)))"""


class Tracer:
    """The page's main-thread tasks from Chromium's own trace (DevTools' timeline): the
    thread's CPU time in each task, so a figure taken on a loaded machine can be read for
    what the page itself spent (a task's wall time there is mostly waiting for a core)."""

    def __init__(self, page: Any) -> None:
        self.session = page.context.new_cdp_session(page)
        self.events: list[dict[str, Any]] = []
        self.done = False
        self.session.on("Tracing.dataCollected", lambda e: self.events.extend(e["value"]))
        self.session.on("Tracing.tracingComplete", lambda e: setattr(self, "done", True))
        self.page = page

    def start(self) -> None:
        self.events, self.done = [], False
        categories = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"]
        config = {"includedCategories": categories}
        self.session.send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": config})

    def stop(self) -> float:
        """The most CPU ms the page's main thread spent in one task since `start`."""
        self.session.send("Tracing.end")
        while not self.done:
            self.page.wait_for_timeout(50)
        main = {(e["pid"], e["tid"]) for e in self.events if e.get("ph") == "M"
                and e.get("name") == "thread_name"
                and e.get("args", {}).get("name") == "CrRendererMain"}  # fmt: skip
        tasks = [e for e in self.events if e.get("name") == "RunTask" and e.get("ph") == "X"
                 and (e["pid"], e["tid"]) in main]  # fmt: skip
        return max((e.get("tdur", 0) for e in tasks), default=0) / 1000


def measure(page: Any, label: str, text: str) -> dict[str, Any]:
    """The phases of one crafted link (see the module): the longest task of each, in ms,
    and the notices the page said."""
    from playwright.sync_api import expect

    tracer = Tracer(page)
    before = len(page.evaluate("window.ingeniousSaves.info().messages"))
    page.evaluate(LONGEST)
    tracer.start()
    page.evaluate(f"location.hash = {json.dumps(fragment(text))}")
    offer = page.locator("#shared-game")
    expect(offer).to_be_visible(timeout=60_000)
    out: dict[str, Any] = {"label": label, "chars": len(fragment(text)) + 1}
    out["link_ms"] = page.evaluate(LONGEST)
    out["link_cpu"] = tracer.stop()
    offer.get_by_role("button", name="Watch the replay").click()
    viewer = page.locator("#replay")
    expect(viewer).to_be_visible()
    page.evaluate(LONGEST)
    tracer.start()
    viewer.get_by_role("button", name="Review").click()
    review = page.locator("#review")
    expect(review.locator("#review-status")).not_to_be_empty(timeout=60_000)
    for key in ("ArrowRight", "b", "ArrowLeft", "End"):
        page.keyboard.press(key)
    out["review_ms"] = page.evaluate(LONGEST)
    out["review_cpu"] = tracer.stop()
    out["review_status"] = review.locator("#review-status").inner_text()
    review.get_by_role("button", name="Close").click()
    expect(review).to_have_count(0)
    viewer.get_by_role("button", name="Close the replay").click()
    if offer.count():
        offer.get_by_role("button", name="Dismiss").click()
    page.evaluate(LONGEST)
    tracer.start()
    file = {"name": "crafted.json", "mimeType": "application/json", "buffer": text.encode()}
    page.set_input_files("#import-file", files=[file])
    expect(page.locator(".toast", has_text="crafted.json").last).to_be_visible(timeout=60_000)
    out["file_ms"] = page.evaluate(LONGEST)
    out["file_cpu"] = tracer.stop()
    said = page.evaluate("window.ingeniousSaves.info().messages")[before:]
    out["notices"] = [m for m in said if "review" in m.lower()]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, choices=range(1, 11), default=1, metavar="1-10")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from tools.chromium import CHROMIUM, CHROMIUM_ARGS, READY
    from tools.serve import start_in_thread

    links = baselines() | crafted()
    load = os.getloadavg()[0]
    url, server = start_in_thread(ROOT)
    rows: list[dict[str, Any]] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                for label, text in links.items():  # each in a page of its own
                    page = browser.new_page(viewport={"width": 1280, "height": 900})
                    page.goto(f"{url}?speed=instant")
                    page.wait_for_selector(READY, timeout=300_000)
                    page.evaluate(OBSERVE)
                    rows.append(measure(page, label, text))
                    print(f"  {rows[-1]}", file=sys.stderr)
                    page.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"Crafted review links in Chromium (1x), {args.runs} run(s), each in a fresh page; "
          "the longest main-thread task of each phase, ms (0: none of 50 ms or more); load "
          f"average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on "
          f"{os.cpu_count()} cores")  # fmt: skip
    print(f"{'':36} {'longest task (wall)':>21}   {'CPU in one task':>21}")
    print(f"{'link':28} {'chars':>6} {'link':>6} {'review':>7} {'file':>6}   {'link':>6} "
          f"{'review':>7} {'file':>6}  notice (the review)")  # fmt: skip
    for row in rows:
        said = row["notices"][0] if row["notices"] else ""
        notice = f"dropped: {said[said.find('(') + 1 : said.rfind(')')]}" if said else "none"
        print(f"{row['label']:28} {row['chars']:6} {row['link_ms']:6.0f} {row['review_ms']:7.0f} "
              f"{row['file_ms']:6.0f}   {row['link_cpu']:6.0f} {row['review_cpu']:7.0f} "
              f"{row['file_cpu']:6.0f}  {notice}")  # fmt: skip

    def longest(rows: list[dict[str, Any]], unit: str) -> float:
        return max(
            float(r[f"{phase}_{unit}"]) for r in rows for phase in ("link", "review", "file")
        )

    plain = [r for r in rows if r["label"] in baselines()]
    hostile = [r for r in rows if r["label"] not in baselines()]
    for name, part in (("crafted links", hostile), ("plain links", plain)):
        print(f"{name}: longest task {longest(part, 'ms'):.0f} ms of wall time, the most CPU in "
              f"one task {longest(part, 'cpu'):.0f} ms (target: under 200 ms)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
