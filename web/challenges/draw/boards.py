"""The score boards, the move list, the tally and the dialogs of the Challenges screen as
HTML (pure).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from web.board.symbols import colour_name
from web.challenges.draw.controls import (
    control,
    phrase_html,
    sym,
)
from web.challenges.parts import (
    Board,
    LogItem,
    PassDialog,
    ResultDialog,
    Scores,
    Tally,
)
from web.i18n import _, fmt, language
from web.ui.markup import Markup, join, tag


def scores_html(scores: Scores) -> Markup:
    return join(
        [tag("p", {"class": "ch-legend"}, scores.legend), [board_html(b) for b in scores.boards]]
    )


def board_html(board: Board) -> Markup:
    return _board_html(board, language())


@lru_cache(maxsize=64)
def _board_html(board: Board, lang: str) -> Markup:
    """One player's rows (cached per language: most boards do not change from one move
    to the next)."""
    lines = []
    for row in board.rows:
        cells = []
        for cell in row.cells:
            classes = ["ch-cell", f"area{cell.area}"]
            for flag, name in (
                (cell.filled, "filled"),
                (cell.peg, "peg"),
                (cell.gain, "gain"),
                (cell.closed, "closed"),
            ):
                if flag:
                    classes.append(name)
            cells.append(tag("span", {"class": " ".join(classes)}, cell.value))
        notes: list[object] = [row.value]
        if row.gained:
            notes.append(tag("span", {"class": "ch-row-note"}, f"+{row.gained}"))
        if row.lost:
            notes.append(tag("span", {"class": "ch-row-note lost"}, fmt("{n} lost", n=row.lost)))
        lines.append(
            tag(
                "div",
                {
                    "class": "ch-row lowest" if row.lowest else "ch-row",
                    "data-colour": row.colour,
                    "data-value": row.value,
                    "role": "img",
                    "aria-label": row.label,
                },
                tag("span", {"class": "ch-row-sym"}, sym(row.colour, 18)),
                tag("span", {"class": "ch-cells", "aria-hidden": "true"}, cells),
                tag("span", {"class": "ch-row-val", "aria-hidden": "true"}, notes),
            )
        )
    bonus = (
        tag(
            "p",
            {"class": "ch-bonus-used"},
            fmt(
                "Bonus used: {colours}", colours=", ".join(colour_name(c) for c in board.bonus_used)
            ),
        )
        if board.bonus_used
        else None
    )
    return tag(
        "section",
        {
            "class": "ch-board current" if board.current else "ch-board",
            "data-seat": board.seat,
            "aria-label": board.label,
        },
        tag("h3", None, board.name, " ", tag("small", None, fmt("lowest {n}", n=board.lowest))),
        lines,
        bonus,
    )


# --------------------------------------------------------------------------- log and dialogs


def log_html(log: Sequence[LogItem]) -> Markup:
    return join([log_item_html(item) for item in log])


def log_item_html(item: LogItem) -> Markup:
    return _log_item_html(item, language())


@lru_cache(maxsize=256)
def _log_item_html(item: LogItem, lang: str) -> Markup:
    """One line of the move list (cached per language: a line never changes once
    written)."""
    return tag(
        "li",
        {"class": "bonus" if item.line.bonus else None},
        item.prefix,
        phrase_html(item.line.phrase),
    )


def tally_html(tally: Tally) -> Markup:
    head = [tag("th", {"scope": "col"}, t) for t in tally.titles]
    rows = [
        tag(
            "tr",
            None,
            tag("th", {"scope": "row"}, row.name),
            [tag("td", None, cell) for cell in row.cells],
            tag("td", {"class": "total"}, row.total),
        )
        for row in tally.rows
    ]
    return tag(
        "table",
        {"class": "ch-tally"},
        tag("caption", None, tally.caption),
        tag(
            "thead",
            None,
            tag(
                "tr",
                None,
                tag("th", {"scope": "col"}, _("Player")),
                head,
                tag("th", {"scope": "col"}, _("Total")),
            ),
        ),
        tag("tbody", None, rows),
    )


def result_html(d: ResultDialog) -> Markup:
    return join(
        [
            tag("h2", {"id": "ch-over-title"}, d.title),
            tag("p", {"id": "ch-over-why"}, d.why),
            tag(
                "ol",
                {"id": "ch-ranking", "class": "ranking"},
                [
                    tag(
                        "li",
                        {"class": "rank first" if p.first else "rank"},
                        tag("span", {"class": "rank-place"}, f"{p.place}."),
                        " ",
                        tag("span", {"class": "rank-name"}, p.name),
                        " ",
                        tag("span", {"class": "counts"}, p.detail),
                    )
                    for p in d.ranking
                ],
            ),
            tag("div", {"id": "ch-over-tally"}, tally_html(d.tally) if d.tally else None),
            tag("div", {"class": "row-buttons"}, [control(c) for c in d.controls]),
        ]
    )


def pass_html(d: PassDialog) -> Markup:
    return join(
        [
            tag("h2", {"id": "ch-pass-title"}, d.title),
            tag("p", None, d.text),
            control(d.ready),
        ]
    )
