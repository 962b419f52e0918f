"""Python compiled for the browser: the standard library as ``.pyc``, and the game's
archive with its memory snapshot, both made by the pinned Pyodide's own CPython under
Node (``tools/pybuild.mjs``), so their bytecode is always that runtime's.

* :func:`ensure_stdlib` (``make runtime``): ``runtime/pyodide/python_stdlib.zip`` is the
  npm package's standard library compiled to ``.pyc`` (sources left out), rebuilt when the
  package's zip or Pyodide's version changes (``python_stdlib.json`` says from what).
* :func:`build` (``make dist``, and ``tools/serve.py`` for ``make play`` and the tests):
  ``python.zip`` with each module's ``.pyc`` beside its source, and ``python.snapshot``,
  an interpreter that has imported :func:`snapshot_modules`. Results are kept in
  ``.cache/pybuild/`` under the hash of what they are made from, so an unchanged tree
  costs nothing.

``web/python.mjs`` restores the snapshot only when its header names the very
``python.zip``, standard library and Pyodide version the site serves. Figures and the
choices behind them: docs/performance.md.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import archive

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).resolve().parent / "pybuild.mjs"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
STDLIB_NAME = "python_stdlib.zip"
STDLIB_STAMP = "python_stdlib.json"
SNAPSHOT_NAME = "python.snapshot"
CACHE = ROOT / ".cache" / "pybuild"
#: Modules the pages run as scripts (importing them would start the page).
SCRIPTS = ("web/main.py",)
#: Standard-library modules PyScript's own package imports when it starts (its
#: ``pyscript`` package is written and imported after the restore): imported into the
#: snapshot too, so they are not compiled again on every start.
PYSCRIPT_STDLIB = ("asyncio", "base64", "html", "inspect", "json", "pathlib")

_lock = threading.Lock()


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
    done = subprocess.run([node, str(SCRIPT), *args], capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-20:]
        raise BuildError("tools/pybuild.mjs failed:\n" + "\n".join(line[:300] for line in tail))


def ensure_stdlib(runtime: Path, npm: Path = NPM_PYODIDE) -> bool:
    """Compile the npm package's standard library into ``runtime``/pyodide/ unless the
    compiled one there was made from the same zip by the same Pyodide. True if built."""
    source = npm / STDLIB_NAME
    target = runtime / "pyodide" / STDLIB_NAME
    stamp_path = runtime / "pyodide" / STDLIB_STAMP
    stamp = {"pyodide": pyodide_version(npm), "source": sha256(source.read_bytes())}
    try:
        old = json.loads(stamp_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = None
    if target.is_file() and old == {**stamp, "compiled": sha256(target.read_bytes())}:
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    _node("stdlib", str(source), str(target))
    stamp["compiled"] = sha256(target.read_bytes())
    stamp_path.write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    return True


def snapshot_modules(root: Path = ROOT) -> list[str]:
    """What the snapshot has imported: every module of python.zip but the page scripts,
    and the standard-library modules PyScript's package needs."""
    ours = [
        rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for rel in archive.modules(root)
        if rel not in SCRIPTS
    ]
    return [*PYSCRIPT_STDLIB, *ours]


def build(root: Path, stdlib: Path) -> tuple[bytes, bytes]:
    """(python.zip with .pyc, python.snapshot) for the sources under ``root``, made on the
    compiled standard library ``stdlib``; from the cache when nothing changed."""
    sources = archive.archive_bytes(root)
    modules = snapshot_modules(root)
    key = sha256(json.dumps([sha256(sources), sha256(stdlib.read_bytes()), pyodide_version(),
                             modules, sha256(SCRIPT.read_bytes())]).encode())
    folder = CACHE / key[:32]
    with _lock:
        zip_path, snap_path = folder / archive.NAME, folder / SNAPSHOT_NAME
        if not (zip_path.is_file() and snap_path.is_file()):
            with tempfile.TemporaryDirectory(prefix="pybuild-") as tmp:
                work = Path(tmp)
                (work / "sources.zip").write_bytes(sources)
                _node("app", str(work / "sources.zip"), str(stdlib), str(work / archive.NAME),
                      str(work / SNAPSHOT_NAME), *modules)
                folder.mkdir(parents=True, exist_ok=True)
                for name in (archive.NAME, SNAPSHOT_NAME):
                    shutil.move(str(work / name), str(folder / name))
        return zip_path.read_bytes(), snap_path.read_bytes()


def main() -> int:
    stdlib = ROOT / "runtime" / "pyodide" / STDLIB_NAME
    try:
        ensure_stdlib(ROOT / "runtime")
        made_zip, snapshot = build(ROOT, stdlib)
    except BuildError as exc:
        print(f"pybuild: {exc}", file=sys.stderr)
        return 1
    print(f"{archive.NAME}: {len(made_zip)} bytes; {SNAPSHOT_NAME}: {len(snapshot)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
