"""The Python sources of the pages as one zip archive (``python.zip``).

The browser gets the engine and web modules in one download instead of one request per
file: PyScript unpacks it (``pyscript.toml``: ``[files] "./python.zip" = "./*"``, for the
game's page and its bot worker) and ``web/scripts/boards.js`` unpacks it into Pyodide for the
embedded boards.

What goes in is derived, not listed: every module reached by ``import`` statements
(function bodies included, so lazy imports count) from the pages' entry modules below.
``tests/tools/test_archive.py`` checks that the entry modules are the ones the pages
start (``<script type="py" src>``, ``create_named_worker(src=...)``, ``pyimport(...)`` in
``web/*.js``).

``make dist`` writes the archive into ``dist/`` (``tools/build_dist.py``); ``make play``
builds it afresh on each request from the live sources (``tools/serve.py``), so an edit
shows on reload. ``python tools/archive.py`` lists the modules it would hold.
"""

from __future__ import annotations

import ast
import io
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "python.zip"
#: The folders of the sources (what a change to invalidates a built archive).
PACKAGES = ("engine", "web")
#: The modules the pages start: the game (index.html), its bot worker, the boards.
ENTRY_MODULES = ("web.shell.main", "web.shell.worker", "web.teach.embed")
#: Data files a package reads beside its modules (package folder -> glob under it): the
#: compiled message catalogues (tools/i18n.py), shipped when the package is.
DATA = {"web/i18n": "locale/*/LC_MESSAGES/*.mo"}
#: Zip entries carry this date, so the same sources always give the same bytes.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def module_file(root: Path, name: str) -> Path | None:
    """The repository file of module ``name`` (a package's ``__init__.py``), if any."""
    base = root / Path(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imported_names(source: str, package: str) -> list[str]:
    """Every module name an ``import`` in ``source`` may load, relative ones resolved
    against ``package`` (``from a import b`` gives ``a`` and ``a.b``: b may be a module)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def modules(root: Path = ROOT, entries: tuple[str, ...] = ENTRY_MODULES) -> list[str]:
    """Repo-relative paths of the modules the entries import, parent packages included."""
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        path = module_file(root, name)
        if path is None:
            continue  # the standard library, js, pyodide, pyscript: not ours to ship
        rel = path.relative_to(root).as_posix()
        if rel in seen:
            continue
        seen.add(rel)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        package = name if path.name == "__init__.py" else ".".join(parts[:-1])
        todo += imported_names(path.read_text(encoding="utf-8"), package)
    missing = [e for e in entries if module_file(root, e) is None]
    if missing:
        raise FileNotFoundError(f"entry modules not found under {root}: {', '.join(missing)}")
    return sorted(seen)


def worker_scripts(root: Path = ROOT, entries: tuple[str, ...] = ENTRY_MODULES) -> list[str]:
    """Scripts the modules start as workers, by path (``create_named_worker(src="./w.py")``):
    PyScript fetches a worker's own script as a file, beside the archive."""
    found: set[str] = set()
    for rel in modules(root, entries):
        for node in ast.walk(ast.parse((root / rel).read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            for keyword in node.keywords:
                value = keyword.value
                if (
                    keyword.arg == "src"
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and value.value.endswith(".py")
                ):
                    found.add(value.value.removeprefix("./"))
    return sorted(found)


def data_files(root: Path, names: list[str]) -> list[str]:
    """Repo-relative paths of the :data:`DATA` files of the packages among ``names``."""
    found: list[str] = []
    for package, pattern in DATA.items():
        if f"{package}/__init__.py" in names:
            found += [
                p.relative_to(root).as_posix() for p in sorted((root / package).glob(pattern))
            ]
    return found


def archive_bytes(root: Path = ROOT, entries: tuple[str, ...] = ENTRY_MODULES) -> bytes:
    """The zip of :func:`modules` and their :func:`data_files` (deflated, fixed dates:
    reproducible)."""
    buffer = io.BytesIO()
    names = modules(root, entries)
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for rel in [*names, *data_files(root, names)]:
            info = zipfile.ZipInfo(rel, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, (root / rel).read_bytes())
    return buffer.getvalue()


def main() -> int:
    names = modules()
    print("\n".join(names))
    print(f"{NAME}: {len(names)} modules, {len(archive_bytes())} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
