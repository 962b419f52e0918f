"""The imports of engine/ and web/ run one way (docs/web.md, docs/engine.md).

web/'s folders are layers: a module imports from its own folder and from the folders of
lower layers, never from a higher one or from another folder of its own layer (the
features do not lean on each other). The engine imports nothing from web/, and neither
engine/ nor web/ holds an import cycle. The graph is read from the sources with ``ast``:
every ``import`` counts, inside functions too (a lazy import is still an arrow), but not
one under ``if TYPE_CHECKING:``, which loads nothing and only names a type.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: web/'s folders, lowest layer first. A module may import from its own folder, from the
#: folders of lower layers and from ``web`` itself; a new folder must be placed here.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("i18n",),  # translations: every layer may use them; they import nothing from web/
    ("board",),  # the board drawing every screen shares
    ("ui",),  # small shared widgets: DOM helpers, markup, the score board
    ("play",),  # seats and setup, the last-game summary, the bot worker
    ("store",),  # the browser's storage: store, records, autosave
    ("game", "challenges", "teach", "coach"),  # the features, side by side
    ("saves",),  # saved games, sharing, replays, statistics
    ("shell",),  # the page shell and its entry scripts
)
LAYER_OF = {folder: rank for rank, folders in enumerate(LAYERS) for folder in folders}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def all_modules(package: str) -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement but those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and is_type_checking(node.test):
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))
    return found


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` imports (``from a import b`` is a.b
    when b is a module, else a)."""
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
    return {t for t in targets if t in known}


def graph(*packages: str) -> dict[str, set[str]]:
    modules: dict[str, Path] = {}
    for package in packages:
        modules |= all_modules(package)
    known = set(modules)
    return {name: imports_of(name, path, known) for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module, or a module importing
    itself (Tarjan)."""
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
            if len(group) > 1 or node in edges.get(node, ()):
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def folder(name: str) -> str | None:
    """The web/ folder a module belongs to (None for the ``web`` package itself)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else None


def against_the_order(edges: dict[str, set[str]]) -> list[str]:
    wrong: list[str] = []
    for source, targets in sorted(edges.items()):
        if not source.startswith("web"):
            continue
        here = folder(source)
        for target in sorted(targets):
            there = folder(target)
            if not target.startswith("web") or there is None or there == here:
                continue
            if here is None or LAYER_OF[there] >= LAYER_OF[here]:
                wrong.append(f"{source} imports {target}")
    return wrong


def test_every_web_folder_has_a_place_in_the_layers() -> None:
    folders = {p.parent.name for p in (ROOT / "web").glob("*/__init__.py")}
    assert sorted(folders - set(LAYER_OF)) == [], "add the new folder to LAYERS (and docs/web.md)"


def test_every_web_folder_says_what_it_owns_and_what_it_may_import() -> None:
    """Every package in web/, a feature's subpackages too (``web/challenges/draw``)."""
    inits = sorted((ROOT / "web").glob("*/**/__init__.py"))
    assert ROOT / "web" / "challenges" / "draw" / "__init__.py" in inits
    for init in inits:
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert "May import" in doc, f"{init.relative_to(ROOT)}: no 'May import' in its docstring"


def test_web_imports_follow_the_layers() -> None:
    assert against_the_order(graph("engine", "web")) == []


def test_the_engine_imports_nothing_from_web() -> None:
    edges = graph("engine", "web")
    wrong = [f"{s} imports {t}" for s, ts in edges.items() if s.startswith("engine")
             for t in ts if t.startswith("web")]  # fmt: skip
    assert wrong == []


@pytest.mark.parametrize("package", ["engine", "web"])
def test_no_import_cycle(package: str) -> None:
    assert cycles(graph(package)) == []


def test_the_check_sees_an_upward_import_a_cycle_and_a_lazy_one() -> None:
    """The checks themselves: an arrow up, a circle (one arrow inside a function), and a
    type-only import, which is no arrow."""
    edges = {
        "web.ui.scoreboard": {"web.game.words"},
        "web.game.words": {"web.ui.markup"},
        "web.teach.embed": {"web.game.model"},
    }
    assert against_the_order(edges) == [
        "web.teach.embed imports web.game.model",
        "web.ui.scoreboard imports web.game.words",
    ]
    source = "if TYPE_CHECKING:\n    import b\ndef f():\n    import c\n"
    nodes = import_nodes(ast.parse(source))
    assert [a.name for n in nodes if isinstance(n, ast.Import) for a in n.names] == ["c"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
