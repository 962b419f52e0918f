"""What the browser benchmarks share: the baseline page and the arithmetic of their figures.

Standard library only (no Playwright import), so the pure helpers are tested on CPython.
"""

from __future__ import annotations

import statistics
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tools.serve import start_in_thread

ROOT = Path(__file__).resolve().parent.parent

# The smallest PyScript page on the same runtime: what the machine needs for Pyodide alone.
# Its first Python line sets data-ready, so "ready" there means "the first line ran".
BASELINE_HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="runtime/pyscript/core.js"></script></head><body>
<script type="py" config="pyscript.toml">
from pyscript import document
document.body.dataset.ready = "1"
</script></body></html>"""
BASELINE_TOML = 'interpreter = "./runtime/pyodide/pyodide.mjs"\n'

BLOCKING_MS = 50.0
"""A main-thread task longer than this blocks input (the Long Tasks API and Lighthouse)."""


@contextmanager
def baseline_site(
    runtime: Path = ROOT / "runtime",
    pyodide: Path = ROOT / "node_modules" / "pyodide",
    html: str = BASELINE_HTML,
) -> Iterator[str]:
    """Serve the empty PyScript page (or another `html` on the same files) on 127.0.0.1 and
    yield its URL: the project's PyScript and the stock Pyodide as npm ships it (its
    standard library as sources, no snapshot), the reference the start-up targets are set
    against."""
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as tmp:
        root = Path(tmp)
        (root / "runtime").mkdir()
        (root / "runtime" / "pyscript").symlink_to(runtime / "pyscript")
        (root / "runtime" / "pyodide").symlink_to(pyodide)
        (root / "index.html").write_text(html, encoding="utf-8")
        (root / "pyscript.toml").write_text(BASELINE_TOML, encoding="utf-8")
        url, server = start_in_thread(root)
        try:
            yield url
        finally:
            server.shutdown()
            server.server_close()


def median(values: Sequence[float]) -> float | None:
    """The median, or None when nothing was measured."""
    return statistics.median(values) if values else None


def ratios(numerators: Sequence[float], denominators: Sequence[float]) -> list[float]:
    """Per-run ratios of two figures taken in the same runs (pairs with a zero are skipped)."""
    return [n / d for n, d in zip(numerators, denominators, strict=True) if d]


def figure_line(label: str, values: Sequence[float], unit: str, note: str = "") -> str:
    """One printed figure: its median and every run, e.g.
    ``cold load: median 2.10 s (runs: 2.00, 2.10, 2.40)``.

    >>> figure_line("x", [3.0, 1.0, 2.0], "s")
    'x: median 2.00 s (runs: 3.00, 1.00, 2.00)'
    >>> figure_line("r", [0.5], "x", "target <= 0.4")
    'r: median 0.50x (runs: 0.50; target <= 0.4)'
    >>> figure_line("y", [], "ms", "the page does not allow it")
    'y: not measured (the page does not allow it)'
    """
    middle = median(values)
    if middle is None:
        return f"{label}: not measured ({note or 'no runs'})"
    space = "" if unit == "x" else " "
    digits = 0 if unit in ("ms", "points") else 2
    runs = ", ".join(f"{v:.{digits}f}" for v in values)
    tail = f"; {note}" if note else ""
    return f"{label}: median {middle:.{digits}f}{space}{unit} (runs: {runs}{tail})"


def blocking(tasks: Sequence[tuple[float, float]], start: float, end: float) -> tuple[float, float]:
    """(longest task, total blocking time) in ms for main-thread tasks ``(start, duration)``
    within the window [start, end].

    The longest task is any task overlapping the window, whole. Blocking time counts as
    Lighthouse counts it: each task is clipped to the window, and what a clipped task
    lasts beyond 50 ms blocks.

    >>> blocking([(0, 120), (200, 40), (300, 500)], 100, 600)
    (500.0, 250.0)
    """
    longest = 0.0
    total = 0.0
    for task_start, duration in tasks:
        task_end = task_start + duration
        if task_end < start or task_start > end:
            continue
        longest = max(longest, float(duration))
        clipped = min(task_end, end) - max(task_start, start)
        if clipped > BLOCKING_MS:
            total += clipped - BLOCKING_MS
    return longest, total
