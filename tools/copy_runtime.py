"""Copy the Pyodide and PyScript files a page needs from node_modules into runtime/.

The page never loads a CDN: ``pyscript.toml`` points the interpreter at
``runtime/pyodide/pyodide.mjs`` and ``index.html`` loads ``runtime/pyscript/core.js``.
``runtime/`` is git-ignored; run ``make runtime`` (or this script) after ``npm ci``.

Only files whose size or modification time differ are copied, so a second run is
close to instant. Files no longer wanted are removed from ``runtime/``.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# What pyodide.mjs fetches at start-up (checked in Chromium: the lock file, the
# asm module and wasm, and the zipped standard library). pyodide.js is the
# classic-script twin, kept for pages or workers that load it that way.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)


def pyscript_files(dist: Path) -> list[str]:
    """core.js, core.css and every chunk core.js may import (source maps left out)."""
    wanted = [p.name for p in sorted(dist.iterdir()) if p.suffix in (".js", ".css")]
    if "core.js" not in wanted:
        raise SystemExit(f"copy_runtime: {dist} has no core.js; run `npm ci` first")
    return wanted


def sync(src_dir: Path, dst_dir: Path, names: list[str] | tuple[str, ...]) -> int:
    """Copy ``names`` from ``src_dir`` to ``dst_dir`` when changed; return files copied."""
    dst_dir.mkdir(parents=True, exist_ok=True)
    copied = 0
    for name in names:
        src = src_dir / name
        if not src.is_file():
            raise SystemExit(f"copy_runtime: missing {src}; run `npm ci` first")
        dst = dst_dir / name
        st = src.stat()
        if dst.is_file():
            dt = dst.stat()
            if dt.st_size == st.st_size and int(dt.st_mtime) == int(st.st_mtime):
                continue
        shutil.copy2(src, dst)
        copied += 1
    for stale in dst_dir.iterdir():
        if stale.name not in names:
            if stale.is_dir():
                shutil.rmtree(stale)
            else:
                stale.unlink()
    return copied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--node-modules", type=Path, default=ROOT / "node_modules")
    parser.add_argument("--dest", type=Path, default=ROOT / "runtime")
    args = parser.parse_args(argv)

    nm: Path = args.node_modules
    dest: Path = args.dest
    dist = nm / "@pyscript" / "core" / "dist"
    if not dist.is_dir() or not (nm / "pyodide").is_dir():
        print(f"copy_runtime: {nm} lacks pyodide or @pyscript/core; run `npm ci`", file=sys.stderr)
        return 1
    n = sync(nm / "pyodide", dest / "pyodide", PYODIDE_FILES)
    n += sync(dist, dest / "pyscript", pyscript_files(dist))
    print(f"runtime: {n} file(s) copied into {dest}" if n else f"runtime: {dest} up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
