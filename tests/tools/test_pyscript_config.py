"""The browser page can import every engine module.

PyScript copies into the browser only the files named in ``pyscript.toml``'s
``[files]`` table, so a new engine module that is not listed there works under
pytest but breaks the page. This test catches that on CPython, long before a
browser test would.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from tools.pyscript_files import engine_modules

ROOT = Path(__file__).resolve().parents[2]


def test_every_engine_module_is_shipped_to_the_browser() -> None:
    """Each ``engine/**/*.py`` appears as a source in ``pyscript.toml`` [files]."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    shipped = {src.removeprefix("./") for src in config.get("files", {})}
    missing = sorted(set(engine_modules(ROOT)) - shipped)
    assert not missing, (
        f"pyscript.toml [files] lacks {missing}; `python tools/pyscript_files.py` prints the block"
    )


def test_interpreter_is_the_local_pyodide() -> None:
    """The page loads Pyodide from runtime/, never from a CDN."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./runtime/pyodide/pyodide.mjs"
