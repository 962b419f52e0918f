"""The compact score strip (pure): every side's six values on one line each, the lowest
marked, the side to move first marked with ▶. It keeps the scores in view beside the
board where the full score boards would not fit (a phone, a table of three or four);
the full boards stay on the page and are what screen readers read (the strip is hidden
from them, so nothing is heard twice).
"""

from __future__ import annotations

from collections.abc import Sequence

from web.board.symbols import svg_symbol
from web.ui.markup import Markup, join, tag
from web.ui.scoreboard import TrackState, value_text


def strip_html(
    tracks: Sequence[TrackState], side_names: Sequence[str], current_side: int | None
) -> Markup:
    rows = []
    for side, name in enumerate(side_names):
        mine = [t for t in tracks if t.side == side]
        if not mine:
            continue
        cells = [
            tag(
                "span",
                {"class": "strip-val low" if t.lowest else "strip-val", "data-colour": t.colour},
                Markup(svg_symbol(t.colour, 14)),
                value_text(t),
            )
            for t in mine
        ]
        label = "◀ ▶" if mine[0].low < 0 else name  # the duel: one tug-of-war row
        rows.append(
            tag(
                "div",
                {"class": "strip-row current" if side == current_side else "strip-row",
                 "data-side": side},
                tag("span", {"class": "strip-name"}, label),
                cells,
            )
        )  # fmt: skip
    return join(rows)
