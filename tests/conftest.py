"""Shared test set-up for CPython and Pyodide runs.

* The repository root is importable (``engine``, ``tools``).
* Tests marked ``@pytest.mark.needs_processes`` (they start subprocesses) are skipped
  inside Pyodide, which has no processes; they still run on CPython.
* Hypothesis has no per-example deadline: Pyodide and a busy CI machine are several
  times slower than a laptop, and a timing flake is not a rules bug. Examples are
  still random and failures are printed with a reproduction blob.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

settings.register_profile("ingenious", deadline=None, print_blob=True)
settings.load_profile("ingenious")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if sys.platform != "emscripten":
        return
    no_processes = pytest.mark.skip(reason="Pyodide cannot start processes")
    for item in items:
        if item.get_closest_marker("needs_processes"):
            item.add_marker(no_processes)
