"""Print the ``[files]`` entries that ship every engine and web module to the browser.

PyScript fetches only the files listed in ``pyscript.toml``; paste this block
there whenever a module is added (tests/tools/test_pyscript_config.py fails
until then).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "web")


def python_modules(root: Path = ROOT) -> list[str]:
    """Repo-relative paths of every ``.py`` file of the engine and web packages, sorted."""
    found = (p for package in PACKAGES for p in (root / package).rglob("*.py"))
    return sorted(p.relative_to(root).as_posix() for p in found)


def files_block(root: Path = ROOT) -> str:
    lines = ["[files]"] + [f'"./{m}" = "./{m}"' for m in python_modules(root)]
    return "\n".join(lines)


if __name__ == "__main__":
    print(files_block())
