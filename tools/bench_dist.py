"""Measure the release build: cold-load transfer size and times to interactive.

Usage: ``make bench-dist`` (builds dist/ first) or
``.venv/bin/python tools/bench_dist.py [--dist dist] [--runs 3]``.

``dist/`` is served under ``/games/ingenious/`` by the standard library's plain
``http.server`` handler (no compression, no special headers), on 127.0.0.1. Per run,
in a fresh browser profile (empty disk cache, no service worker; a persistent profile
like a real browser's, since Playwright's incognito contexts keep no disk cache and so
download the 9.6 MB wasm file again for the bot worker and the service worker):

* cold: open the page until ``body[data-ready="1"]``; bytes received until then, and
  until the service worker has cached the release (the whole first visit);
* warm: reload with the service worker in control;
* offline: stop answering (``set_offline``) and reload.

It also prints what a compressing host (gzip level 6) would send for the cold load.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import shutil
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import BrowserContext, Playwright, Request, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from tools.chromium import CHROMIUM, CHROMIUM_ARGS, READY

ROOT = Path(__file__).resolve().parent.parent
SUB_PATH = "games/ingenious/"


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class Compressing(Quiet):
    """Sends text files gzipped (level 6) to a client that accepts it, as static hosts such
    as GitHub Pages do; the wasm, the zips, the snapshot and the images go as they are."""

    TEXT = frozenset(
        {".html", ".js", ".mjs", ".css", ".json", ".toml", ".py", ".svg", ".webmanifest", ".txt"}
    )

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or path.suffix not in self.TEXT or not path.is_file():
            super().do_GET()
            return
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class QuietServer(ThreadingHTTPServer):
    """Browsers drop connections mid-file when a profile closes: no tracebacks for that."""

    def handle_error(self, request: object, client_address: object) -> None:
        pass


class Meter:
    """Bytes received over the network (headers + encoded bodies), service worker hits
    and cache hits excluded."""

    def __init__(self, context: BrowserContext) -> None:
        self.bytes = 0
        self.requests = 0
        self.urls: set[str] = set()
        self.page_bytes = 0
        context.on("requestfinished", self.count)

    def count(self, request: Request) -> None:
        try:
            response = request.response()
            if response is None or response.from_service_worker:
                return
            sizes = request.sizes()
        except PlaywrightError:  # the profile closed while the event was on its way
            return
        received = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        if received > 0:
            self.bytes += received
            self.requests += 1
            if request.service_worker is None:  # the page's own loads, not the caching
                self.page_bytes += received
                self.urls.add(request.url)


def ready(context: BrowserContext, url: str | None, reload: bool = False) -> float:
    page = context.pages[0] if context.pages else context.new_page()
    started = time.perf_counter()
    if reload:
        page.reload()
    else:
        assert url is not None
        page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    return time.perf_counter() - started


def one_run(playwright: Playwright, url: str) -> dict[str, float]:
    profile = tempfile.mkdtemp(prefix="bench-profile-")
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        meter = Meter(context)
        result: dict[str, float] = {"cold_s": ready(context, url)}
        result["cold_bytes_to_ready"] = meter.page_bytes
        COLD_URLS.update(meter.urls)
        page = context.pages[0]
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_timeout(500)  # let the last requestfinished events arrive
        result["first_visit_bytes"] = meter.bytes
        result["first_visit_requests"] = meter.requests
        meter.bytes = 0
        result["warm_s"] = ready(context, None, reload=True)
        page.wait_for_timeout(500)
        result["warm_bytes"] = meter.bytes
        context.set_offline(True)
        result["offline_s"] = ready(context, None, reload=True)
        return result
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def gzip_estimate(dist: Path, names: list[str]) -> int:
    return sum(len(gzip.compress((dist / n).read_bytes(), 6)) for n in names)


# URLs received during cold loads until the game was interactive.
COLD_URLS: set[str] = set()


def loaded_files(dist: Path) -> list[str]:
    """Files of dist/ that cold loads fetched before the game was interactive."""
    names = {
        url.split(SUB_PATH, 1)[1].split("?")[0] or "index.html"
        for url in COLD_URLS
        if SUB_PATH in url
    }
    return sorted(n for n in names if (dist / n).is_file())


def serve(root: Path, compress: bool = False) -> tuple[str, QuietServer]:
    handler = Compressing if compress else Quiet
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}", server


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure the dist/ build.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    dist: Path = args.dist
    if not (dist / "sw.js").is_file():
        print(f"bench_dist: {dist} is not a build; run `make dist`", file=sys.stderr)
        return 1
    with sync_playwright() as playwright:
        runs = measure(playwright, dist, args.runs)
    report(runs, dist)
    return 0


def measure(playwright: Playwright, dist: Path, runs: int) -> list[dict[str, float]]:
    """`runs` first visits (then warm and offline reloads) of a copy of ``dist``."""
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(dist, Path(tmp) / SUB_PATH)
        url, server = serve(Path(tmp))
        try:
            return [one_run(playwright, url) for _ in range(runs)]
        finally:
            server.shutdown()
            server.server_close()


def cold_transfer(runs: list[dict[str, float]], dist: Path) -> dict[str, float]:
    """Bytes of a cold load until interactive: received (median), and the files it fetched,
    raw and as a compressing host (gzip -6) would send them."""
    files = loaded_files(dist)
    return {
        "received": statistics.median(r["cold_bytes_to_ready"] for r in runs),
        "files": len(files),
        "raw": sum((dist / n).stat().st_size for n in files),
        "gzip": gzip_estimate(dist, files),
    }


def report(runs: list[dict[str, float]], dist: Path) -> None:
    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    transfer = cold_transfer(runs, dist)
    print(f"dist/ served by python http.server under /{SUB_PATH}, {len(runs)} run(s), medians:")
    cold_runs = ", ".join(f"{r['cold_s']:.2f}" for r in runs)
    print(f"  cold load to interactive        {med('cold_s'):6.2f} s   (runs: {cold_runs})")
    print(f"  warm reload (service worker)    {med('warm_s'):6.2f} s")
    print(f"  offline reload                  {med('offline_s'):6.2f} s")
    print(f"  received until interactive      {mb(med('cold_bytes_to_ready'))}")
    print(
        f"  received in the whole first visit (incl. precache revalidation) "
        f"{mb(med('first_visit_bytes'))} in {med('first_visit_requests'):.0f} responses"
    )
    print(f"  received by a warm reload       {mb(med('warm_bytes'))}")
    print(
        f"  files a cold load needs: {transfer['files']:.0f}, {mb(transfer['raw'])} "
        f"uncompressed, {mb(transfer['gzip'])} with gzip -6"
    )


if __name__ == "__main__":
    sys.exit(main())
