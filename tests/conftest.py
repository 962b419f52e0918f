"""Shared test set-up for CPython and Pyodide runs.

* The repository root is importable (``engine``, ``tools``).
* Hypothesis has no per-example deadline: Pyodide and a busy CI machine are several
  times slower than a laptop, and a timing flake is not a rules bug. Examples are
  still random and failures are printed with a reproduction blob.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

settings.register_profile("ingenious", deadline=None, print_blob=True)
settings.load_profile("ingenious")
