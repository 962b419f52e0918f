"""How soon an offline copy that has lost a file says so: each runtime file removed in turn.

Usage: ``.venv/bin/python tools/bench_offline.py [--dist dist] [--all] [FILE ...]``
(``make dist`` first). The release is served under ``/games/ingenious/`` by the standard
library's plain ``http.server`` handler on 127.0.0.1 and visited once in Chromium, until
its service worker has cached every file; then the server stops and the browser goes
offline. For each file (the runtime's: everything under ``runtime/``, the snapshot, the
zips and the start-up modules; with ``--all``, every file of the build), its copy is
taken out of the worker's cache, the page is opened again, and the script prints how long
after the navigation began the page showed its message (or became ready: a start that
does not need the file), and the message's first words; the copy is then put back.
Last, the snapshot with each file a start without it needs (``a+b`` on the command line
takes out both).
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import shutil
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, sync_playwright

from tools.chromium import CHROMIUM, CHROMIUM_ARGS, READY

ROOT = Path(__file__).resolve().parent.parent
SUB_PATH = "games/ingenious/"
#: The files a start may need besides the pages, their styles and scripts.
RUNTIME = re.compile(r"^(runtime/|python[.-]|web/scripts/python)")
#: How long one start may take to say something before it counts as silent.
SILENT_MS = 60_000

# The cache of this release (the only one of its folder), and a second one holding the
# copies taken out, so they can go back.
TAKE_OUT = """async (path) => {
  const names = (await caches.keys()).filter((name) => name.startsWith("ingenious-"));
  const store = await caches.open(names[0]);
  const url = new URL(path, location.href).href;
  const copy = await store.match(url);
  if (!copy) return false;
  await (await caches.open("bench-kept")).put(url, copy);
  return store.delete(url);
}"""
PUT_BACK = """async (path) => {
  const names = (await caches.keys()).filter((name) => name.startsWith("ingenious-"));
  const store = await caches.open(names[0]);
  const kept = await caches.open("bench-kept");
  const url = new URL(path, location.href).href;
  await store.put(url, await kept.match(url));
  return kept.delete(url);
}"""
CACHED = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("ingenious-"));
  return names.length ? (await (await caches.open(names[0])).keys()).length : 0;
}"""
# What the page says, with the time since its navigation began (the page's own clock).
OUTCOME = """() => {
  const box = document.getElementById("loading-problem");
  if (box && !box.hidden) return { ms: performance.now(), text: box.textContent };
  if (document.body && document.body.dataset.ready === "1") {
    return { ms: performance.now(), text: "" };
  }
  return null;
}"""


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(root: Path) -> ThreadingHTTPServer:
    handler = functools.partial(Quiet, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def precache(dist: Path) -> list[str]:
    """The files the release's worker keeps (dist/sw.js PRECACHE)."""
    source = (dist / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"const PRECACHE = (\[.*?\]);", source, re.S)
    if found is None:
        raise SystemExit(f"{dist}/sw.js has no precache list: is it a release build?")
    files: list[str] = json.loads(found.group(1))
    return files


def outcome(page: Page, url: str) -> tuple[float | None, str]:
    """(milliseconds until the page said something, what: its message or "ready")."""
    try:
        page.goto(url)
        handle = page.wait_for_function(OUTCOME, timeout=SILENT_MS, polling=50)
    except PlaywrightError as exc:
        return None, f"no page ({str(exc).splitlines()[0][:60]})"
    said: dict[str, Any] = handle.json_value()
    text = str(said["text"]).strip()
    if not text:
        return float(said["ms"]), "ready (the start needs no such file)"
    return float(said["ms"]), text[:110] + "..."


#: Files a start without the snapshot needs (it starts so when the snapshot is lost too).
WITHOUT_SNAPSHOT = (
    "python.snapshot+python.zip",
    "python.snapshot+python-stdlib.zip",
    "python.snapshot+runtime/pyodide/pyodide-lock.json",
)


def run(dist: Path, every: bool, only: list[str]) -> list[tuple[str, float | None, str]]:
    built = precache(dist)
    files = only or [n for n in built if every or RUNTIME.match(n)] + list(WITHOUT_SNAPSHOT)
    unknown = [n for group in files for n in group.split("+") if n not in built]
    if unknown:
        raise SystemExit(f"bench_offline: not files of the build: {', '.join(unknown)}")
    with tempfile.TemporaryDirectory(prefix="bench-offline-") as tmp:
        root = Path(tmp) / "www"
        shutil.copytree(dist, root / SUB_PATH)
        server: ThreadingHTTPServer | None = serve(root)
        assert server is not None
        url = f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}"
        results: list[tuple[str, float | None, str]] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            page.wait_for_selector(READY, state="attached", timeout=180_000)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
            # Every file cached (evaluate awaits the answer; wait_for_function would not).
            while page.evaluate(CACHED) < len(precache(dist)):
                page.wait_for_timeout(250)
            # A page of the site that stays open, to take files out and put them back.
            keeper = context.new_page()
            keeper.goto(url + "manifest.webmanifest")
            server.shutdown()
            server.server_close()
            server = None
            context.set_offline(True)
            for name in files:
                for path in name.split("+"):
                    keeper.evaluate(TAKE_OUT, path)
                ms, said = outcome(page, url)
                for path in name.split("+"):
                    keeper.evaluate(PUT_BACK, path)
                results.append((name, ms, said))
                shown = "  silent" if ms is None else f"{ms / 1000:6.2f} s"
                print(f"{shown}  {name}: {said}", flush=True)
            browser.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the release build")
    parser.add_argument("--all", action="store_true", help="every file of the build")
    parser.add_argument("files", nargs="*", help="only these files of the build (a+b: both)")
    args = parser.parse_args(argv)
    if not (args.dist / "sw.js").is_file():
        print(f"bench_offline: {args.dist} is not a release build (make dist)", file=sys.stderr)
        return 2
    results = run(args.dist.resolve(), args.all, args.files)
    said = [ms for _, ms, text in results if ms is not None and not text.startswith("ready")]
    silent = [name for name, ms, _ in results if ms is None]
    if said:
        print(f"message shown: {len(said)} of {len(results)}; slowest {max(said) / 1000:.2f} s")
    if silent:
        print(f"silent for {SILENT_MS / 1000:g} s: {', '.join(silent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
