"""The command line's option checks (used by `engine.tools.cli`): every number finite and
within what the command can do, every file one that can be read or written. Each is an
``argparse`` type: a wrong option is one line (``error: argument --x: ...``) and status 2,
before any work starts.
"""

from __future__ import annotations

import argparse
import math
import os
from typing import Any

#: The most games one run plays (a list of that many jobs is made up front), the longest
#: thinking budget and budget scale, worker processes, sampled worlds, seconds of a bench
#: measurement, and the largest results file read back.
MAX_GAMES = 1_000_000
MAX_SOAK_GAMES = 100_000_000
MAX_BUDGET_MS = 3_600_000
MAX_BUDGET_SCALE = 1000.0
MAX_JOBS = 256
MAX_WORLDS = 10_000
MAX_SECONDS = 3600.0
MAX_SEED = 2**63 - 1
MAX_RESULTS = 256 * 1024 * 1024


def _whole(text: str) -> int:
    try:
        if len(text) > 40:
            raise ValueError(text)
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not positive")
    return value


def count(most: int) -> Any:
    """A whole number from 1 to ``most``."""

    def count(text: str) -> int:
        value = _positive(text)
        if value > most:
            raise argparse.ArgumentTypeError(f"{value} is more than {most}")
        return value

    count.__name__ = "whole number"  # argparse names the type in its message
    return count


def amount(most: float) -> Any:
    """A finite number above 0 and at most ``most`` (not nan, not inf)."""

    def amount(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number") from None
        if not math.isfinite(value) or not 0 < value <= most:
            raise argparse.ArgumentTypeError(
                f"{text[:40]} is not a number above 0 and at most {most:g}"
            )
        return value

    amount.__name__ = "number"
    return amount


def seed(text: str) -> int:
    value = _whole(text)
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{value} is not a seed from 0 to 2**63-1")
    return value


def results_file(text: str) -> str:
    """A results file the arena can read back and append to: a regular file (or none yet)
    in a folder that exists and may be written, no larger than `MAX_RESULTS`."""
    path = os.path.abspath(text)
    folder = os.path.dirname(path)
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"{text}: the folder {folder} does not exist")
    if os.path.exists(path):
        if not os.path.isfile(path):
            raise argparse.ArgumentTypeError(f"{text} is not a regular file")
        if not os.access(path, os.R_OK | os.W_OK):
            raise argparse.ArgumentTypeError(f"{text} cannot be read and written")
        if os.path.getsize(path) > MAX_RESULTS:
            raise argparse.ArgumentTypeError(f"{text} is too large to be a results file")
    elif not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text}: the folder {folder} cannot be written")
    return text
