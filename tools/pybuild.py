"""Python compiled for the browser: the game's archive, the standard library it can
import and a memory snapshot of an interpreter that has imported it, all made by the
pinned Pyodide's own CPython under Node (``tools/pybuild.mjs``), so their bytecode is
always that runtime's.

:func:`build` (``make dist``, and ``tools/serve.py`` for ``make play`` and the tests)
gives ``python.zip`` (the sources of :mod:`tools.archive` with each module's ``.pyc``),
``python-stdlib.zip`` (the standard-library modules the pages can reach, as ``.pyc``
only), ``python.snapshot`` (an interpreter started on that standard library that has
imported :func:`snapshot_modules`) and ``python-stdlib-rest.zip`` (what of that standard
library the snapshot had not imported: all a restored interpreter needs, keyed to this
``python.zip`` by its zip comment). Results are kept in ``.cache/pybuild/`` under the
hash of what they are made from, so an unchanged tree costs nothing.

``web/scripts/python.mjs`` restores the snapshot only when its header names the very rest of the
standard library (and with it ``python.zip``) and Pyodide version the site serves; it
falls back to a normal start on ``python-stdlib.zip``. Figures and the
choices behind them: docs/performance.md.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import archive
from tools.filelock import file_lock

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).resolve().parent / "pybuild.mjs"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
#: PyScript's own Python package (its ``pyscript`` folder), whose imports count too.
PYSCRIPT_STDLIB_DIR = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib"
#: PyScript's bundles: the package as the page writes it is read from there.
PYSCRIPT_DIST_DIR = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
STDLIB_NAME = "python-stdlib.zip"
SNAPSHOT_NAME = "python.snapshot"
#: The part of the standard library a restored interpreter had not imported yet.
REST_NAME = "python-stdlib-rest.zip"
#: What :func:`build` makes, in this order.
NAMES = (archive.NAME, STDLIB_NAME, SNAPSHOT_NAME, REST_NAME)
CACHE = ROOT / ".cache" / "pybuild"
#: Modules the pages run as scripts (importing them would start the page).
SCRIPTS = ("web/shell/main.py",)
#: Standard-library modules PyScript's own package imports when it starts (its
#: ``pyscript`` package is written and imported after the restore): imported into the
#: snapshot too, so they are not compiled again on every start.
PYSCRIPT_STDLIB = ("asyncio", "base64", "html", "inspect", "json", "pathlib")

_lock = threading.Lock()


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """Held while the cache is checked and filled: by one thread of this process (the test
    server builds from several) and by one process (parallel test workers share the cache)."""
    with _lock, file_lock(CACHE / ".lock"):
        yield


class BuildError(Exception):
    """The compile step failed; the message says what to do."""


def pyodide_version(npm: Path = NPM_PYODIDE) -> str:
    try:
        return str(json.loads((npm / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError) as exc:
        raise BuildError(f"{npm}: no Pyodide package ({exc}); run `npm ci`") from None


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _node(*args: str) -> None:
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not installed; the build compiles Python inside Pyodide")
    done = subprocess.run([node, str(SCRIPT), *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        # Node quotes the failing line of Pyodide's one-line bundle: keep the short lines.
        lines = [line for line in (done.stderr + done.stdout).splitlines() if len(line) < 400]
        raise BuildError("tools/pybuild.mjs failed:\n" + "\n".join(lines[-25:]))


def snapshot_modules(root: Path = ROOT) -> list[str]:
    """What the snapshot has imported: every module of python.zip but the page scripts,
    and the standard-library modules PyScript's package needs."""
    ours = [
        rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for rel in archive.modules(root)
        if rel not in SCRIPTS
    ]
    return [*PYSCRIPT_STDLIB, *ours]


def build(root: Path) -> tuple[bytes, bytes, bytes, bytes]:
    """(python.zip, python-stdlib.zip, python.snapshot, python-stdlib-rest.zip) for the
    sources under ``root``;
    from the cache when nothing they are made from changed."""
    sources = archive.archive_bytes(root)
    modules = snapshot_modules(root)
    pyscript = sorted((PYSCRIPT_STDLIB_DIR / "pyscript").glob("*.py"))
    key = sha256(
        json.dumps(
            [
                sha256(sources),
                pyodide_version(),
                modules,
                sha256(SCRIPT.read_bytes()),
                sha256((NPM_PYODIDE / "python_stdlib.zip").read_bytes()),
                [sha256(p.read_bytes()) for p in pyscript],
                [sha256(p.read_bytes()) for p in sorted(PYSCRIPT_DIST_DIR.glob("*.js"))],
            ]
        ).encode()
    )
    folder = CACHE / key[:32]
    with _locked():
        if not all((folder / name).is_file() for name in NAMES):
            with tempfile.TemporaryDirectory(prefix="pybuild-") as tmp:
                work = Path(tmp)
                (work / "sources.zip").write_bytes(sources)
                (work / "out").mkdir()
                _node(
                    "app",
                    str(work / "sources.zip"),
                    str(PYSCRIPT_STDLIB_DIR),
                    str(work / "out"),
                    *modules,
                )
                folder.mkdir(parents=True, exist_ok=True)
                for name in NAMES:
                    shutil.move(str(work / "out" / name), str(folder / name))
        made = tuple((folder / name).read_bytes() for name in NAMES)
    return made[0], made[1], made[2], made[3]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build python.zip, the standard library and python.snapshot from the sources."
    )
    parser.add_argument("--out", type=Path, help="also write the files here")
    args = parser.parse_args(argv)
    try:
        made = build(ROOT)
    except BuildError as exc:
        print(f"pybuild: {exc}", file=sys.stderr)
        return 1
    for name, data in zip(NAMES, made, strict=True):
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / name).write_bytes(data)
        print(f"{name}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
