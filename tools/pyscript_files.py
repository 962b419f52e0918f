"""Print the ``[files]`` entries that ship every engine module to the browser.

PyScript fetches only the files listed in ``pyscript.toml``; paste this block
there whenever an engine module is added (tests/tools/test_pyscript_config.py
fails until then).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def engine_modules(root: Path = ROOT) -> list[str]:
    """Repo-relative paths of every engine ``.py`` file, sorted."""
    return sorted(p.relative_to(root).as_posix() for p in (root / "engine").rglob("*.py"))


def files_block(root: Path = ROOT) -> str:
    lines = ["[files]"] + [f'"./{m}" = "./{m}"' for m in engine_modules(root)]
    return "\n".join(lines)


if __name__ == "__main__":
    print(files_block())
