"""embed.toml ships every module the embed imports, and loads the same local runtime as
the game (so the browser cache is shared between the game and every embed)."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def module_path(name: str) -> Path | None:
    base = ROOT / Path(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imported_files(start: str) -> set[str]:
    """Repo files reached from module ``start`` through import statements (packages too)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        name = todo.pop()
        path = module_path(name)
        if path is None:
            continue
        rel = path.relative_to(ROOT).as_posix()
        if rel in seen:
            continue
        seen.add(rel)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # parent packages
        package = name if path.name == "__init__.py" else ".".join(parts[:-1])
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                todo += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                todo.append(base)
                todo += [f"{base}.{alias.name}" for alias in node.names]
    return seen


def shipped() -> dict[str, str]:
    config = tomllib.loads((ROOT / "embed.toml").read_text(encoding="utf-8"))
    return {k.removeprefix("./"): v.removeprefix("./") for k, v in config["files"].items()}


def test_every_module_the_embed_imports_is_shipped() -> None:
    """PyScript copies only listed files: a missing one would break the embed at start."""
    needed = imported_files("web.embed")
    assert "engine/position.py" in needed and "web/render.py" in needed
    missing = sorted(needed - set(shipped()))
    assert not missing, f"embed.toml [files] lacks {missing}"
    assert all(src == dst for src, dst in shipped().items())


def test_embed_uses_the_games_runtime_and_no_cdn() -> None:
    """Same interpreter URL and PyScript files as the game: one cached download for all."""
    embed = tomllib.loads((ROOT / "embed.toml").read_text(encoding="utf-8"))
    game = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert embed["interpreter"] == game["interpreter"] == "./runtime/pyodide/pyodide.mjs"
    html = (ROOT / "embed.html").read_text(encoding="utf-8")
    assert 'src="runtime/pyscript/core.js"' in html
    assert 'config="embed.toml"' in html
    assert not re.search(r"https?://", html + (ROOT / "embed.toml").read_text(encoding="utf-8"))
