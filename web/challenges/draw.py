"""The Challenges screen model as HTML (pure): one function per region of the page.

Every piece goes through ``web.ui.markup`` (``tag`` escapes every text and attribute value,
quotes included); only this project's own SVG symbols pass as ``Markup``. Controls carry
``data-action``: the key of their action in the screen model, nothing more.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from web.board.symbols import COLOURS, colour_name, svg_symbol
from web.challenges.parts import (
    Block,
    Board,
    Buttons,
    CardsTable,
    Control,
    DiceTable,
    Die,
    Hand,
    LogItem,
    Note,
    Offer,
    OrderChoice,
    OwnDice,
    PassDialog,
    Plan,
    ResultDialog,
    Scores,
    Splits,
    Table,
    Tally,
    Tile,
    TilesTable,
    WithGains,
)
from web.challenges.previews import Gain, card_colours
from web.challenges.words import Part, Sym, lost_text, phrase, symbol_name
from web.i18n import N_, _, fmt, language
from web.ui.markup import Markup, join, tag


@lru_cache(maxsize=256)
def sym(colour: str, size: float = 22.0) -> Markup:
    """A symbol's picture (decorative: the text around it names it)."""
    return Markup(svg_symbol(colour, size, label=False))


def phrase_html(phrase: Sequence[Part], size: float = 16.0) -> Markup:
    """Words with symbols: each symbol drawn, and named for screen readers."""
    out: list[object] = []
    for part in phrase:
        if isinstance(part, Sym):
            out.append(
                tag(
                    "span",
                    {"class": "ch-sym"},
                    sym(part.colour, size),
                    tag("span", {"class": "sr-only"}, symbol_name(part.colour)),
                )
            )
        else:
            out.append(part)
    return join(out)


def control(c: Control, extra_class: str = "") -> Markup:
    classes = " ".join(x for x in ("primary" if c.primary else "", extra_class) if x)
    return tag(
        "button",
        {
            "type": "button",
            "id": c.id,
            "class": classes or None,
            "data-action": c.id,
            "disabled": not c.enabled,
            "aria-label": c.aria_label or None,
            "aria-pressed": None if c.pressed is None else ("true" if c.pressed else "false"),
            "title": c.title or None,
        },
        phrase_html(c.label),
    )


# --------------------------------------------------------------------------- pieces


def hexagon(fill: str, size: float, stroke: str = "#c9b184", line: float = 2.0) -> Markup:
    """A pointy-top hexagon drawn whole: the outline stays inside the picture at any size."""
    radius = size / 2.0 - line
    half_width = radius * math.sqrt(3) / 2.0
    width, height = 2 * half_width + 2 * line, 2 * radius + 2 * line
    cx, cy = width / 2.0, height / 2.0
    points = " ".join(
        f"{cx + radius * math.cos(math.radians(60 * i - 90)):.2f},"
        f"{cy + radius * math.sin(math.radians(60 * i - 90)):.2f}"
        for i in range(6)
    )
    return tag(
        "svg",
        {
            "class": "ch-hex",
            "viewBox": f"0 0 {width:.2f} {height:.2f}",
            "width": f"{width:.0f}",
            "height": f"{height:.0f}",
            "aria-hidden": "true",
        },
        tag("polygon", {"points": points, "fill": fill, "stroke": stroke, "stroke-width": line}),
    )


#: Faces of the Tile Challenge's tiles: one drawn this turn, and one lying in the centre.
DRAWN_TILE_FACE = "#fde9d3"
TILE_FACE = "#fffdf7"


def tile_html(t: Tile, size: float = 30.0) -> Markup:
    return tag(
        "span",
        {"class": "ch-tile drawn" if t.drawn else "ch-tile", "role": "img", "aria-label": t.label},
        hexagon(DRAWN_TILE_FACE if t.drawn else TILE_FACE, 54.0),
        sym(t.colour, size),
    )


def die_html(d: Die, size: float = 34.0) -> Markup:
    inner = tag("span", {"class": "ch-die-blank"}, "?") if d.colour is None else sym(d.colour, size)
    return tag("span", {"class": "ch-die", "role": "img", "aria-label": d.label}, inner)


def card_face(card: str, size: float = 30.0) -> Markup:
    first, second = card_colours(card)
    return tag(
        "span",
        {"class": "ch-card-face", "aria-hidden": "true"},
        sym(first, size),
        sym(second, size),
    )


def gain_html(gain: Gain) -> Markup:
    """``+2 <symbol>``, the lost points struck out and explained."""
    chip = tag(
        "span",
        {"class": "ch-gain"},
        f"+{gain.gained} ",
        sym(gain.colour, 16),
        tag("span", {"class": "sr-only"}, f" {colour_name(gain.colour)}"),
    )
    if not gain.lost:
        return chip
    return join([chip, " ", tag("span", {"class": "ch-lost"}, lost_text(gain))])


def gains_html(gains: Sequence[Gain]) -> Markup:
    if not gains:
        return tag("span", {"class": "ch-none"}, _("no points"))
    parts: list[object] = []
    for i, gain in enumerate(gains):
        if i:
            parts.append(" ")
        parts.append(gain_html(gain))
    return join(parts)


# --------------------------------------------------------------------------- table


def table_html(table: Table) -> Markup:
    if isinstance(table, CardsTable):
        seats = [
            tag(
                "div",
                {"class": "ch-seat current" if s.current else "ch-seat", "data-seat": s.seat},
                tag("h3", None, s.name),
                tag(
                    "div",
                    {"class": "ch-cards"},
                    [
                        tag(
                            "figure",
                            {"class": "ch-card faceup", "role": "img", "aria-label": f.label},
                            card_face(f.card),
                            tag("figcaption", None, f.where),
                        )
                        for f in s.faceup
                    ],
                ),
                tag("p", {"class": "muted"}, s.hand_note),
            )
            for s in table.seats
        ]
        return join(
            [
                tag("div", {"class": "ch-seats"}, seats),
                tag("p", {"class": "muted"}, table.deck_note),
            ]
        )
    if isinstance(table, DiceTable):
        return tag(
            "div",
            {"class": "ch-seats"},
            [
                tag(
                    "div",
                    {
                        "class": "ch-seat current" if s.current else "ch-seat",
                        "data-seat": s.seat,
                        "role": "group",
                        "aria-label": s.label,
                    },
                    tag("h3", None, s.name),
                    tag("div", {"class": "ch-dice"}, [die_html(d) for d in s.dice]),
                )
                for s in table.seats
            ],
        )
    return tiles_table_html(table)


def tiles_table_html(table: TilesTable) -> Markup:
    centre = [tile_html(t) for t in table.centre] or [tag("span", {"class": "muted"}, _("empty"))]
    drawn = [tile_html(t) for t in table.drawn] or [tag("span", {"class": "muted"}, _("none yet"))]
    return tag(
        "div",
        {"class": "ch-tiles-table"},
        tag(
            "div",
            {"class": "ch-centre", "role": "group", "aria-label": table.centre_label},
            tag("h3", None, _("Centre")),
            tag("div", {"class": "ch-tiles"}, centre),
        ),
        tag(
            "div",
            {"class": "ch-pool"},
            tag("h3", None, _("Pool")),
            tag(
                "span",
                {"class": "ch-pool-stack", "role": "img", "aria-label": table.pool_label},
                hexagon("#6b4a2e", 60.0, stroke="#4a3220"),
                tag("span", {"class": "ch-pool-count"}, table.pool_size),
            ),
            tag("span", {"class": "muted"}, _("tiles face down")),
        ),
        tag(
            "div",
            {"class": "ch-drawn", "role": "group", "aria-label": table.drawn_title},
            tag("h3", None, table.drawn_title),
            tag("div", {"class": "ch-tiles"}, drawn),
        ),
    )


# --------------------------------------------------------------------------- panel


def block_html(block: Block) -> Markup:
    if isinstance(block, Note):
        return tag("p", {"class": "muted" if block.muted else "ch-note"}, phrase_html(block.phrase))
    if isinstance(block, Buttons):
        return tag("div", {"class": "ch-buttons"}, [control(c) for c in block.controls])
    if isinstance(block, Offer):
        return tag(
            "div",
            {"class": "ch-offer", "role": "region", "aria-label": block.label},
            tag("p", None, phrase_html(block.phrase)),
            tag("div", {"class": "row-buttons"}, [control(c) for c in block.controls]),
        )
    if isinstance(block, Hand):
        return hand_html(block)
    if isinstance(block, OrderChoice):
        return tag(
            "fieldset",
            {"class": "ch-orders"},
            tag("legend", None, block.legend),
            [
                tag(
                    "label",
                    {"class": "ch-order"},
                    tag(
                        "input",
                        {
                            "type": "radio",
                            "name": "ch-order",
                            "id": o.id,
                            "data-action": o.id,
                            "data-first": o.first,
                            "value": f"{o.first}-{o.second}",
                            "checked": o.checked,
                        },
                    ),
                    " ",
                    phrase_html(
                        phrase(
                            N_("{first_symbol} {first} first, then {second_symbol} {second}: "),
                            first_symbol=Sym(o.first),
                            first=colour_name(o.first),
                            second_symbol=Sym(o.second),
                            second=colour_name(o.second),
                        ),
                        18,
                    ),
                    gains_html(o.gains),
                )
                for o in block.options
            ],
        )
    if isinstance(block, WithGains):
        return tag(
            "div",
            {"class": "ch-with-gains"},
            control(block.control),
            " ",
            tag("span", {"class": "ch-preview"}, gains_html(block.gains)),
        )
    if isinstance(block, OwnDice):
        return tag(
            "div",
            {"class": "ch-dice ch-own", "role": "group", "aria-label": block.label},
            [
                tag(
                    "span",
                    {"class": "ch-die-wrap"},
                    die_html(d),
                    tag("span", {"class": "ch-die-pts", "aria-hidden": "true"}, f"+{d.points}"),
                )
                for d in block.dice
            ],
        )
    if isinstance(block, Splits):
        return tag(
            "fieldset",
            {"class": "ch-groups"},
            tag("legend", None, block.legend),
            [
                tag(
                    "div",
                    {"class": "row"},
                    tag("label", {"for": g.id}, sym(g.symbol, 18), " ", g.label),
                    tag(
                        "select",
                        {"id": g.id, "data-action": g.id},
                        [
                            tag("option", {"value": i, "selected": i == g.chosen}, text)
                            for i, text in enumerate(g.options)
                        ],
                    ),
                )
                for g in block.groups
            ],
        )
    return plan_html(block)


def hand_html(hand: Hand) -> Markup:
    cards = []
    for card in hand.cards:
        a, b = card.counts
        first, second = card_colours(card.card)
        # The name is the visible text (key, counts) with the words around it for screen
        # readers: "1: green disc and orange hexagon, face-up matches: green 2, orange 3".
        counts = tag(
            "span",
            {"class": "ch-card-counts"},
            tag(
                "span",
                {"class": "sr-only"},
                fmt(", face-up matches: {colour} ", colour=colour_name(first)),
            ),
            str(a),
            tag("span", {"class": "sr-only"}, f", {colour_name(second)}"),
            tag("span", {"aria-hidden": "true"}, " ·"),
            f" {b}",
        )
        if card.control is None:
            cards.append(
                tag(
                    "span",
                    {"class": "ch-card hand", "role": "img", "aria-label": card.label},
                    card_face(card.card),
                )
            )
            continue
        c = card.control
        cards.append(
            tag(
                "button",
                {
                    "type": "button",
                    "class": "ch-card hand",
                    "id": c.id,
                    "data-action": c.id,
                    "data-card": card.card,
                    "aria-pressed": "true" if c.pressed else "false",
                },
                tag("span", {"class": "key"}, phrase_html(c.label)),
                tag("span", {"class": "sr-only"}, f": {card.label}"),
                card_face(card.card),
                counts,
            )
        )
    return tag(
        "div",
        {"class": "ch-hand", "role": "group", "aria-label": hand.label},
        tag("h3", None, hand.label),
        cards,
    )


def plan_html(plan: Plan) -> Markup:
    rows = []
    for row in plan.rows:
        wild = None
        if row.wild is not None:
            wild = tag(
                "select",
                {"id": row.wild.id, "data-action": row.wild.id, "aria-label": row.wild.label},
                [tag("option", {"value": c, "selected": c == row.wild.chosen}, c) for c in COLOURS],
            )
        score = (
            gains_html([row.gain])
            if row.gain is not None
            else tag("span", {"class": "ch-none"}, "not scored: the game is won before")
        )
        rows.append(
            tag(
                "li",
                {"class": "ch-item"},
                tag("span", None, phrase_html(row.phrase, 18)),
                " " if wild is not None else None,
                wild,
                " ",
                tag("span", {"class": "ch-item-score"}, score),
                " ",
                control(row.up),
                control(row.down),
            )
        )
    return join([tag("h3", None, plan.title), tag("ol", {"class": "ch-items"}, rows)])


def panel_html(blocks: Sequence[Block]) -> Markup:
    return join([block_html(b) for b in blocks])


# --------------------------------------------------------------------------- score rows


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
                        tag("span", None, f"{p.place}. ", p.name),
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
