"""tools/filelock.py: one lock shared by the processes of parallel test workers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tools.filelock import file_lock

TRY_LOCK = """
import fcntl, sys
with open(sys.argv[1], "a") as handle:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        print("held elsewhere")
    else:
        print("free")
"""


def other_process_sees(path: Path) -> str:
    run = subprocess.run(
        [sys.executable, "-c", TRY_LOCK, str(path)], capture_output=True, text=True, check=True
    )
    return run.stdout.strip()


def test_another_process_waits_while_the_lock_is_held_and_gets_it_after(tmp_path: Path) -> None:
    path = tmp_path / "cache" / ".lock"  # the folder is made if missing
    with file_lock(path):
        assert other_process_sees(path) == "held elsewhere"
    assert other_process_sees(path) == "free"
