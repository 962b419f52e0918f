"""The project's layout checked: imports that run one way, no import circle, small modules.

    python3 tools/layers.py      # prints the figures; status 1 if any rule is broken

The graph is read from the sources with ``ast``. Every ``import`` counts: one inside a
function (a lazy import is still an arrow) and one under ``if TYPE_CHECKING:`` (a reader
follows a type to its module all the same). ``from a import b`` is an arrow to ``a.b``
when that is a module, else to ``a``.

The rules (docs/engine.md, docs/web.md):
- ``engine/`` is in packages by job, lowest first: the rules; the formats, the bots and
  the Challenges side by side on the rules; the coach and remote play on those; the tools
  on top. A module imports from its own package and from lower layers only; packages of
  one layer do not import each other. The modules on ``engine/``'s top level (the front
  door ``engine/__init__.py``, ``__main__`` and command shims) may import anything.
- ``web/``'s folders are layers too (:data:`WEB_LAYERS`); the engine imports nothing
  from ``web/``.
- No import circle in either, and no module over :data:`MAX_LINES` lines.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MAX_LINES = 500
MAX_ENGINE_TOP_LEVEL = 8

#: engine/'s packages, lowest layer first.
ENGINE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("rules",),  # the board, tiles, scoring, the game and its variants, views, the save record
    ("formats", "bots", "challenges"),  # untrusted text read back; the bots; the Challenges
    ("coach", "remote"),  # the review, lessons and puzzles; play across devices
    ("tools",),  # arena, bench, soak, the command line
)

#: web/'s folders, lowest layer first. A module may import from its own folder, from the
#: folders of lower layers and from ``web`` itself; a new folder must be placed here.
WEB_LAYERS: tuple[tuple[str, ...], ...] = (
    ("i18n",),  # translations: every layer may use them; they import nothing from web/
    ("board",),  # the board drawing every screen shares
    ("ui",),  # small shared widgets: DOM helpers, markup, the score board
    ("play",),  # seats and setup, the last-game summary, the bot worker
    ("store",),  # the browser's storage: store, records, autosave
    ("game", "challenges", "teach", "coach", "remote"),  # the features, side by side
    ("saves",),  # saved games, sharing, replays, statistics
    ("shell",),  # the page shell and its entry scripts
)

Graph = dict[str, set[str]]


def rank_of(layers: tuple[tuple[str, ...], ...]) -> dict[str, int]:
    return {folder: rank for rank, folders in enumerate(layers) for folder in folders}


def module_name(path: Path, root: Path = ROOT) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def all_modules(package: str, root: Path = ROOT) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}


def import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, wherever it stands."""
    return [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names}
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            anchor = ".".join(parts[: len(parts) - node.level + 1])
            base = f"{anchor}.{base}" if base else anchor
        for alias in node.names:
            full = f"{base}.{alias.name}"
            targets.add(full if full in known else base)
    return {t for t in targets if t in known and t != name}


def graph(*packages: str, root: Path = ROOT) -> Graph:
    modules: dict[str, Path] = {}
    for package in packages:
        modules |= all_modules(package, root)
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def cycles(edges: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def folder(name: str) -> str | None:
    """The package of a module inside ``engine``/``web`` (None for a top-level module)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and is_package(name)) else None


def is_package(name: str, root: Path = ROOT) -> bool:
    return (root / name.replace(".", "/") / "__init__.py").exists()


def against_the_order(edges: Graph, top: str, layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """Imports of ``top``'s modules that reach up, or sideways into another package of
    the same layer. A module on ``top``'s top level is a front door: it may import
    anything, and only front doors import it."""
    rank = rank_of(layers)
    wrong: list[str] = []
    for source, targets in sorted(edges.items()):
        if not source.startswith(top + ".") and source != top:
            continue
        here = folder(source)
        for target in sorted(targets):
            if not target.startswith(top + ".") and target != top:
                continue
            there = folder(target)
            if here is None or there == here:
                continue
            if there is None or rank.get(there, -1) >= rank.get(here, len(layers)):
                wrong.append(f"{source} imports {target}")
    return wrong


def unplaced(top: str, layers: tuple[tuple[str, ...], ...], root: Path = ROOT) -> list[str]:
    """Packages of ``top`` that have no place in its layers."""
    packages = {p.parent.name for p in (root / top).glob("*/__init__.py")}
    return sorted(packages - set(rank_of(layers)))


def line_counts(packages: Iterable[str], root: Path = ROOT) -> list[tuple[int, str]]:
    """(lines, path) of every module, largest first."""
    counts = []
    for package in packages:
        for path in (root / package).rglob("*.py"):
            with path.open(encoding="utf-8") as f:
                counts.append((sum(1 for _ in f), str(path.relative_to(root))))
    return sorted(counts, reverse=True)


def top_level_modules(package: str, root: Path = ROOT) -> list[str]:
    return sorted(p.name for p in (root / package).glob("*.py"))


def engine_reaches_web(edges: Graph) -> list[str]:
    return [f"{s} imports {t}" for s, ts in sorted(edges.items()) if s.startswith("engine")
            for t in sorted(ts) if t.startswith("web")]  # fmt: skip


def problems(root: Path = ROOT) -> dict[str, list[str]]:
    """Every broken rule, by rule."""
    edges = graph("engine", "web", root=root)
    too_long = [f"{path}: {n} lines" for n, path in line_counts(("engine", "web"), root)
                if n > MAX_LINES]  # fmt: skip
    top = top_level_modules("engine", root)
    return {
        "engine imports against its layers": against_the_order(edges, "engine", ENGINE_LAYERS),
        "web imports against its layers": against_the_order(edges, "web", WEB_LAYERS),
        "engine imports from web": engine_reaches_web(edges),
        "import circles": [" -> ".join(group) for group in cycles(edges)],
        f"modules over {MAX_LINES} lines": too_long,
        "engine packages without a layer": unplaced("engine", ENGINE_LAYERS, root),
        "web folders without a layer": unplaced("web", WEB_LAYERS, root),
        f"engine top level over {MAX_ENGINE_TOP_LEVEL} modules": (
            top if len(top) > MAX_ENGINE_TOP_LEVEL else []
        ),
    }


def main() -> int:
    counts = line_counts(("engine", "web"))
    for package in ("engine", "web"):
        n, path = next(c for c in counts if c[1].startswith(package + "/"))
        print(f"largest module in {package}/: {path}, {n} lines (at most {MAX_LINES})")
    edges = graph("engine", "web")
    print(f"import circles (type-only imports included): {len(cycles(edges))}")
    top = top_level_modules("engine")
    print(
        f"modules on engine/'s top level beside its packages: {len(top)} ({', '.join(top)}; "
        f"at most {MAX_ENGINE_TOP_LEVEL})"
    )
    found = problems()
    broken = 0
    for rule, items in found.items():
        print(f"{rule}: {len(items)}")
        for item in items:
            print(f"  {item}")
        broken += len(items)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
