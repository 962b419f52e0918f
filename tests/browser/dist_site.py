"""A release build served the way a plain static host would: under a sub-path, by the
standard library's ``http.server`` handler (its own MIME table, no COOP/COEP or cache
headers), never by the project's dev server.

``DistSite`` serves a temporary folder on 127.0.0.1 with ``dist/`` copied to
``/games/ingenious/``; it can be stopped (the network is gone), started again on the
same port (same origin, so the same service worker registration) and given a new
release (``publish``).
"""

from __future__ import annotations

import functools
import shutil
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread

from tools import archive, build_dist
from tools.serve import ROOT

SUB_PATH = "games/ingenious/"


class PlainHandler(SimpleHTTPRequestHandler):
    """What `python3 -m http.server` does, minus the log lines."""

    def log_message(self, format: str, *args: object) -> None:
        pass


def build_release(out: Path, work: Path, marker: str | None = None) -> str:
    """Build the repo into ``out``; with ``marker``, from a copy whose boot.js differs
    (a new release with a different version). Returns the version."""
    site = ROOT
    if marker is not None:
        site = work / f"site-{marker}"
        shutil.rmtree(site, ignore_errors=True)
        # What the pages load, and the sources the build zips into python.zip.
        names = [n for n in build_dist.collect(ROOT) if n not in build_dist.GENERATED]
        for name in names + archive.modules(ROOT):
            (site / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, site / name)
        boot = site / "web" / "scripts" / "boot.js"
        boot.write_text(
            boot.read_text(encoding="utf-8") + f"\n// release {marker}\n", encoding="utf-8"
        )
    version, _ = build_dist.build(site, out)
    return version


class QuietServer(ThreadingHTTPServer):
    """Browsers drop connections mid-file (a reload, a closed page): not worth a traceback."""

    def handle_error(self, request: object, client_address: object) -> None:
        pass


class DistSite:
    def __init__(
        self,
        root: Path,
        dist: Path,
        handler: type[SimpleHTTPRequestHandler] = PlainHandler,
        sub_path: str = SUB_PATH,
    ) -> None:
        self.root = root
        self.sub_path = sub_path
        self.handler = handler
        self.folder = root / sub_path
        self.publish(dist)
        self.port = 0
        self.server: ThreadingHTTPServer | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/{self.sub_path}"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def publish(self, dist: Path) -> None:
        """Replace what the host serves with the build in ``dist`` (like an upload)."""
        shutil.rmtree(self.folder, ignore_errors=True)
        shutil.copytree(dist, self.folder, dirs_exist_ok=True)

    def start(self) -> None:
        handler = functools.partial(self.handler, directory=str(self.root))
        self.server = QuietServer(("127.0.0.1", self.port), handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        Thread(target=self.server.serve_forever, name="dist-site", daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None
