"""One lock shared by processes on one machine: ``with file_lock(path): ...``.

Parallel test workers (pytest-xdist) share caches and builds: the compiled-Python cache
(tools/pybuild.py) and the release build of the browser tests (tests/browser/conftest.py).
The lock is an advisory ``flock`` on ``path`` (created if missing), released when the file
is closed, also when the holder dies.
"""

from __future__ import annotations

import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` for the ``with`` block (waits for other holders)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
