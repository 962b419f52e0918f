"""What the release's memory snapshot computes before it is taken (tools/pybuild.py calls
:func:`warm` after importing the modules): the tables the engine builds on first use,
which every start would otherwise build again before its first board (each zone's cells,
neighbours, rays and pairs; the empty board with its printed symbols).

Only pure work: nothing is read from the page, the clock or the random source (a restored
interpreter would hold it forever; tests/web/test_import_time.py runs this under the same
guards as the imports), and nothing is kept but the tables. Small tables only: the bots'
value tables would grow the interpreter's memory by 6 MB, which a restore then refuses.
"""

from __future__ import annotations

from engine.board import zone
from engine.game import _start_tables, _symbol_surroundings


def warm() -> None:
    """Build the engine's first-use tables (see the module)."""
    for radius in (5, 6, 7):
        zone(radius)
        _start_tables(radius)
        _symbol_surroundings(radius)
