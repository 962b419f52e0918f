"""python.zip, the pages' Python sources in one archive (tools/archive.py): it holds every
module the pages import, found here independently from the pages themselves; it is
reproducible; and every way a page loads Python names it.
"""

from __future__ import annotations

import ast
import io
import re
import shutil
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import archive

ROOT = Path(__file__).resolve().parents[2]


class PyScripts(HTMLParser):
    """``<script type="py">`` of a page: their ``src`` and their inline code."""

    def __init__(self) -> None:
        super().__init__()
        self.sources: list[str] = []
        self.inline: list[str] = []
        self._in_py = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "script" and values.get("type") in ("py", "mpy"):
            if values.get("src"):
                self.sources.append(str(values["src"]))
            self._in_py = True

    def handle_endtag(self, tag: str) -> None:
        self._in_py = self._in_py and tag != "script"

    def handle_data(self, data: str) -> None:
        if self._in_py and data.strip():
            self.inline.append(data)


def module_of(path: str) -> str:
    return path.removeprefix("./").removesuffix(".py").replace("/", ".")


def page_entry_points() -> set[str]:
    """Where the site starts Python, read from the sources: the pages' Python scripts,
    the workers the Python code starts, and the modules the JavaScript loaders import."""
    found: set[str] = set()
    for page in ROOT.glob("*.html"):
        parser = PyScripts()
        parser.feed(page.read_text(encoding="utf-8"))
        found |= {module_of(src) for src in parser.sources}
        for code in parser.inline:
            found |= set(names_imported(code))
    for source in (ROOT / "web").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for keyword in node.keywords:
                    value = keyword.value
                    if (
                        keyword.arg == "src"
                        and isinstance(value, ast.Constant)
                        and str(value.value).endswith(".py")
                    ):
                        found.add(module_of(str(value.value)))
    for script in (ROOT / "web").rglob("*.js"):
        found |= set(re.findall(r"""pyimport\(["']([\w.]+)["']\)""", script.read_text("utf-8")))
    return found


def names_imported(code: str) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return names


def repo_module(name: str) -> str | None:
    base = ROOT / Path(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate.relative_to(ROOT).as_posix()
    return None


def closure(entries: set[str]) -> set[str]:
    """Repository files reached from ``entries`` by import statements, parents included."""
    seen: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        rel = repo_module(name)
        if rel is None or rel in seen:
            continue
        seen.add(rel)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        package = name if rel.endswith("__init__.py") else ".".join(parts[:-1])
        for node in ast.walk(ast.parse((ROOT / rel).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                todo += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                todo += [base] + [f"{base}.{a.name}" for a in node.names]
    return seen


def names_in(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_the_archive_holds_every_module_the_pages_import() -> None:
    """Every module reached from where the pages start Python (the game's script, the bot
    worker it starts, the boards' loader) is in python.zip, and nothing but repo modules."""
    entries = page_entry_points()
    assert {"web.shell.main", "web.shell.worker", "web.teach.embed"} <= entries, entries
    needed = closure(entries)
    wanted = {"engine/formats/position.py", "web/board/render.py", "web/challenges/ui/__init__.py"}
    assert wanted <= needed
    shipped = names_in(archive.archive_bytes())
    assert sorted(needed - set(shipped)) == []
    assert all(name.endswith((".py", ".mo")) and (ROOT / name).is_file() for name in shipped)
    assert len(set(shipped)) == len(shipped)


def test_the_archive_holds_the_compiled_catalogues_beside_the_i18n_package() -> None:
    """The pages read the .mo catalogues from the unpacked archive (web/i18n/locale):
    every compiled language is shipped, the .po sources are not."""
    shipped = set(names_in(archive.archive_bytes()))
    compiled = {p.relative_to(ROOT).as_posix() for p in (ROOT / "web/i18n/locale").rglob("*.mo")}
    assert len(compiled) >= 6
    assert compiled <= shipped
    assert not any(name.endswith((".po", ".pot")) for name in shipped)


def test_tools_and_tests_stay_out_of_the_archive() -> None:
    """Modules no page imports (the command line, the arena, the benchmark) are not shipped."""
    shipped = set(names_in(archive.archive_bytes()))
    assert not shipped & {
        "engine/cli.py",
        "engine/arena.py",
        "engine/bench.py",
        "engine/__main__.py",
    }
    assert not any(name.startswith(("tools/", "tests/")) for name in shipped)


def test_every_page_starts_python_through_the_module_that_unpacks_the_archive() -> None:
    """The game and its worker (pyscript.toml's interpreter) and the boards (web/scripts/boards.js)
    start Python through web/scripts/python.mjs, which fetches python.zip and its snapshot."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./web/scripts/python.mjs"
    assert "files" not in config  # nothing unpacked twice
    boards = (ROOT / "web" / "scripts" / "boards.js").read_text(encoding="utf-8")
    assert 'import(BASE + "web/scripts/python.mjs")' in boards
    loader = (ROOT / "web" / "scripts" / "python.mjs").read_text(encoding="utf-8")
    assert f'new URL("{archive.NAME}", SITE)' in loader
    assert 'new URL("python.snapshot", SITE)' in loader


def make_tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


TREE = {
    "web/__init__.py": "",
    "web/main.py": "from web import helper\nfrom .sibling import x\n",
    "web/helper.py": "def later():\n    from engine.lazy import y\n    import json\n",
    "web/sibling.py": "x = 1\n",
    "web/unused.py": "",
    "engine/__init__.py": "",
    "engine/lazy.py": "y = 2\n",
}


def test_imports_inside_functions_and_relative_imports_are_followed(tmp_path: Path) -> None:
    """A lazy import in a function body and a relative import both count; a module nobody
    imports and the standard library do not."""
    root = make_tree(tmp_path, TREE)
    assert archive.modules(root, ("web.main",)) == [
        "engine/__init__.py",
        "engine/lazy.py",
        "web/__init__.py",
        "web/helper.py",
        "web/main.py",
        "web/sibling.py",
    ]


def test_the_same_sources_give_the_same_bytes_and_an_edit_changes_them(tmp_path: Path) -> None:
    """Fixed dates and order: a rebuild is byte for byte the same (so the release version
    only changes with the sources); an edited module gives another archive."""
    root = make_tree(tmp_path / "a", TREE)
    first = archive.archive_bytes(root, ("web.main",))
    assert archive.archive_bytes(root, ("web.main",)) == first
    shutil.copytree(root, tmp_path / "b")
    (tmp_path / "b" / "web" / "sibling.py").write_text("x = 3\n", encoding="utf-8")
    changed = archive.archive_bytes(tmp_path / "b", ("web.main",))
    assert changed != first
    assert zipfile.ZipFile(io.BytesIO(changed)).read("web/sibling.py") == b"x = 3\n"


def test_a_missing_entry_module_is_an_error(tmp_path: Path) -> None:
    root = make_tree(tmp_path, TREE)
    with pytest.raises(FileNotFoundError, match="web.gone"):
        archive.modules(root, ("web.main", "web.gone"))
