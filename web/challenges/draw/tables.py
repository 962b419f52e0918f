"""The table and the action panel of the Challenges screen as HTML (pure): the card and
dice tables, the tile racks, the panel blocks, hands and plans.
"""

from __future__ import annotations

from collections.abc import Sequence

from web.board.symbols import COLOURS, colour_name
from web.challenges.draw.controls import (
    card_face,
    control,
    die_html,
    gains_html,
    hexagon,
    phrase_html,
    sym,
    tile_html,
)
from web.challenges.parts import (
    Block,
    Buttons,
    CardsTable,
    DiceTable,
    Hand,
    Note,
    Offer,
    OrderChoice,
    OwnDice,
    Plan,
    Splits,
    Table,
    TilesTable,
    WithGains,
)
from web.challenges.previews import card_colours
from web.challenges.words.phrases import Sym, phrase
from web.i18n import N_, _, fmt
from web.ui.markup import Markup, join, tag


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
                [
                    tag("option", {"value": c, "selected": c == row.wild.chosen}, colour_name(c))
                    for c in COLOURS
                ],
            )
        score = (
            gains_html([row.gain])
            if row.gain is not None
            else tag("span", {"class": "ch-none"}, _("not scored: the game is won before"))
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
                # The two arrows stay together (one would wrap alone on a phone).
                tag("span", {"class": "ch-item-moves"}, control(row.up), control(row.down)),
            )
        )
    return join([tag("h3", None, plan.title), tag("ol", {"class": "ch-items"}, rows)])


def panel_html(blocks: Sequence[Block]) -> Markup:
    return join([block_html(b) for b in blocks])


# --------------------------------------------------------------------------- score rows
