"""A small static file server for playing and testing Ingenious locally.

Usage: ``python tools/serve.py [--port N] [--root DIR]`` (``PORT`` env sets the
default port, 8000). It binds to 127.0.0.1 only, sends the content types that
Pyodide and PyScript need (``.mjs`` as JavaScript, ``.wasm`` as
``application/wasm``) and ``Cache-Control: no-cache`` so edits show up on reload.

``python.zip``, the pages' Python sources in one archive (``tools/archive.py``) with
their bytecode, ``python-stdlib.zip``, the standard library they can import, and
``python.snapshot``, an interpreter that has imported them (``tools/pybuild.py``), are
not files of the repository: when the served folder has the sources but no such files,
the server builds them from the live sources (once per change, kept in
``.cache/pybuild/``), so an edit to a module shows on reload. ``make play`` builds them
before it serves (:func:`prebuild`, which prints how long it took), so the first page
load after a clone does not wait for them. A release folder
(``dist/``) has its own, served as they are. The same goes
for ``web/rules-text.html``, the rules text the start page shows before Python runs
(``tools/rules_text.py``): written from the live ``web/teach/rules.py`` when a folder with the
sources lacks the file.

Tests use :func:`start_in_thread`, which serves on a free port and returns the
base URL and the server (call ``server.shutdown()`` when done).
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import hashlib
import io
import os
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO, TextIO

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import archive, pybuild, rules_text

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".snapshot": "application/octet-stream",
    ".whl": "application/zip",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


class Handler(SimpleHTTPRequestHandler):
    """Static files with explicit content types, no caching and quiet logs."""

    quiet = False

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        # Ours first: the system's mimetypes table varies and may lack .mjs or .wasm.
        return CONTENT_TYPES.get(Path(path).suffix.lower()) or super().guess_type(path)

    def send_head(self) -> BinaryIO | None:
        try:
            body = self.live_archive()
        except (SyntaxError, OSError, pybuild.BuildError) as exc:  # a module being edited
            self.send_error(500, f"cannot build {archive.NAME}: {exc}"[:400])
            return None
        kind = CONTENT_TYPES[Path(self.path.split("?", 1)[0]).suffix] if body else ""
        if body is None:
            try:
                body = self.live_rules()
            except (rules_text.RulesTextError, OSError) as exc:
                self.send_error(500, str(exc))
                return None
            kind = CONTENT_TYPES[".html"]
        if body is None:
            return super().send_head()
        # A generated file is named by its contents: a revalidation of the same one (the
        # page and its worker both ask for the snapshot) is answered "not modified".
        tag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        if self.headers.get("If-None-Match") == tag:
            self.send_response(304)
            self.send_header("ETag", tag)
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", email.utils.formatdate(usegmt=True))
        self.end_headers()
        return io.BytesIO(body)

    def live_archive(self) -> bytes | None:
        """A file tools/pybuild.py makes from the live sources (python.zip, the standard
        library, the snapshot), for a request of one the folder lacks."""
        name = self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        if name not in pybuild.NAMES:
            return None
        root = Path(self.directory)
        if (root / name).exists() or not (root / "engine").is_dir():
            return None
        return live_archive(root)[pybuild.NAMES.index(name)]

    def live_rules(self) -> bytes | None:
        """The rules fragment from the live sources, for a folder that lacks the file."""
        name = self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        if name not in rules_text.NAMES:
            return None
        root = Path(self.directory)
        if (root / name).exists() or not (root / rules_text.SOURCE).is_file():
            return None
        return live_rules(root, rules_text.lang_of(name))

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


_archives: dict[Path, tuple[object, tuple[bytes, bytes, bytes, bytes]]] = {}
_archive_lock = threading.Lock()


def live_archive(root: Path) -> tuple[bytes, bytes, bytes, bytes]:
    """The files of :data:`tools.pybuild.NAMES` for the sources under ``root``, made again
    whenever a module file changed (the pages ask for them on every load)."""
    stamp = tuple(
        (str(p), p.stat().st_mtime_ns, p.stat().st_size)
        for package in archive.PACKAGES
        for pattern in ("*.py", "*.mo")
        for p in sorted((root / package).rglob(pattern))
    )
    with _archive_lock:
        cached = _archives.get(root)
        if cached is None or cached[0] != stamp:
            _archives[root] = cached = (stamp, pybuild.build(root))
        return cached[1]


_rules: dict[tuple[Path, str], tuple[object, bytes]] = {}


def live_rules(root: Path, lang: str = "en") -> bytes:
    """The rules fragment of ``root``'s sources in ``lang``, written again when a web
    module or a catalogue changed."""
    stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                  for pattern in ("*.py", "*.mo")
                  for p in sorted((root / "web").rglob(pattern)))  # fmt: skip
    with _archive_lock:
        cached = _rules.get((root, lang))
        if cached is None or cached[0] != stamp:
            _rules[(root, lang)] = cached = (stamp, rules_text.fragment(root, lang))
        return cached[1]


class Server(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that closes a connection mid-download (a reload, a closed tab) is
        # normal traffic, not a server fault: say nothing. Anything else is reported.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(root: Path, port: int, quiet: bool = False) -> ThreadingHTTPServer:
    if not root.is_dir():
        raise SystemExit(f"serve: root {root} is not a directory")
    handler = type("BoundHandler", (Handler,), {"quiet": quiet})
    server = Server((HOST, port), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    return server


def base_url(server: ThreadingHTTPServer) -> str:
    return f"http://{HOST}:{server.server_address[1]}/"


def start_in_thread(root: Path = ROOT, port: int = 0) -> tuple[str, ThreadingHTTPServer]:
    """Serve ``root`` in a daemon thread (port 0 = any free port); return (base URL, server)."""
    server = make_server(root, port, quiet=True)
    threading.Thread(target=server.serve_forever, name="serve", daemon=True).start()
    return base_url(server), server


def default_port() -> int:
    raw = os.environ.get("PORT", "8000")
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"serve: PORT must be a number, not {raw!r}") from None


def prebuild(root: Path, out: TextIO = sys.stdout) -> bool:
    """Build the page's Python before the first request, saying so, when ``root`` serves
    the live sources (no ``python.zip`` of its own): after a clone or a change that takes
    a while (the sources are compiled inside the pinned Pyodide, under Node), and the
    first page load would otherwise wait for it with nothing on screen. Returns whether
    it built; a build that fails is said, and the server serves anyway (the page shows
    the error, and a fixed module builds on the next load)."""
    if not (root / "engine").is_dir() or (root / archive.NAME).exists():
        return False
    print("Building the page's Python from the sources (once after a clone or a change)...",
          end=" ", flush=True, file=out)  # fmt: skip
    started = time.monotonic()
    try:
        live_archive(root)
    except (SyntaxError, OSError, pybuild.BuildError) as exc:
        print(f"failed: {exc}", file=out, flush=True)
        return False
    print(f"done in {time.monotonic() - started:.0f} s.", file=out, flush=True)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Ingenious page on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=None, help="port (default: $PORT or 8000)")
    parser.add_argument("--root", type=Path, default=ROOT, help="directory to serve")
    args = parser.parse_args(argv)
    port = args.port if args.port is not None else default_port()
    try:
        server = make_server(args.root.resolve(), port)
    except OSError as exc:
        print(f"serve: cannot listen on {HOST}:{port}: {exc}", file=sys.stderr)
        return 1
    prebuild(args.root.resolve())
    print(f"Serving Ingenious on {base_url(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
