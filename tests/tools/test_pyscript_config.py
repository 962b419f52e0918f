"""The browser page can import every engine and web module.

PyScript copies into the browser only the files named in ``pyscript.toml``'s
``[files]`` table, so a new engine module that is not listed there works under
pytest but breaks the page. This test catches that on CPython, long before a
browser test would.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from tools.pyscript_files import python_modules

ROOT = Path(__file__).resolve().parents[2]


def test_every_module_is_shipped_to_the_browser_under_its_own_path() -> None:
    """Each ``engine/**/*.py`` and ``web/**/*.py`` appears in ``pyscript.toml`` [files],
    mapped to the same path."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    files = {src.removeprefix("./"): dst.removeprefix("./") for src, dst in config["files"].items()}
    missing = sorted(set(python_modules(ROOT)) - set(files))
    assert not missing, (
        f"pyscript.toml [files] lacks {missing}; `python tools/pyscript_files.py` prints the block"
    )
    assert all(src == dst for src, dst in files.items())

