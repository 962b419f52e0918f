"""HTML pieces of the Challenges screen, built from player views (pure, no browser).

Symbols are the board game's SVG shapes (web/symbols.py), so colour-blind players tell
them apart by shape; every picture that carries meaning has a text label.
"""

from __future__ import annotations

from html import escape
from typing import Any

from web.challenges.model import Gain, allowed_max
from web.symbols import COLOURS, SHAPE_NAME, svg_symbol


def sym(colour: str, size: float = 22.0) -> str:
    """A decorative symbol (the surrounding text or label names it)."""
    return svg_symbol(colour, size, label=False)


def named(colour: str) -> str:
    return f"{colour} {SHAPE_NAME[colour].split(' (')[0]}"


def card_face(card: str, size: float = 30.0) -> str:
    first, second = card.split("-")
    faces = sym(first, size) + sym(second, size)
    return f'<span class="ch-card-face" aria-hidden="true">{faces}</span>'


def faceup_card(card: str, where: str) -> str:
    first, second = card.split("-")
    return (
        f'<figure class="ch-card faceup" role="img" aria-label="{where}: {first} and {second}">'
        f"{card_face(card)}<figcaption>{escape(where)}</figcaption></figure>"
    )


def die(colour: str | None, size: float = 34.0, label: str = "") -> str:
    if colour is None:
        inner, text = '<span class="ch-die-blank">?</span>', "not rolled"
    else:
        inner, text = sym(colour, size), named(colour)
    return f'<span class="ch-die" role="img" aria-label="{escape(label or text)}">{inner}</span>'


def tile(colour: str, size: float = 30.0, extra: str = "") -> str:
    return (
        f'<span class="ch-tile {extra}" role="img" aria-label="{named(colour)} tile">'
        f"{sym(colour, size)}</span>"
    )


def gains_html(gains: list[Gain], row_before: list[int]) -> str:
    """'+2 red' chips, with the lost points struck through and explained."""
    from web.challenges.model import loss_reason

    if not gains:
        return '<span class="ch-none">no points</span>'
    parts = []
    for gain in gains:
        chip = (
            f'<span class="ch-gain">+{gain.gained} {sym(gain.colour, 16)}'
            f'<span class="sr-only"> {gain.colour}</span></span>'
        )
        if gain.lost:
            chip += f' <span class="ch-lost">{escape(loss_reason(row_before, gain))}</span>'
        parts.append(chip)
    return " ".join(parts)


def score_rows(
    view: dict[str, Any],
    preview_seat: int | None = None,
    preview: list[Gain] | None = None,
) -> str:
    """Every player's six rows: areas 0 | 1-3 | 4-6 | 7-10 (or 0..target for tiles).

    The lowest row stands out; cells the area rule still closes are hatched; a preview
    marks the cells a choice would fill and says how many points it would lose.
    """
    tiles = view["variant"] == "tiles"
    top = int(view["target"]) if tiles else 10
    gain_by_colour: dict[str, list[int]] = {}
    for gain in preview or []:
        got = gain_by_colour.setdefault(gain.colour, [0, 0])
        got[0] += gain.gained
        got[1] += gain.lost
    boards = []
    for seat, row in enumerate(view["rows"]):
        low = min(row)
        tied = all(v == low for v in row)
        open_to = top if tiles else allowed_max(row)
        lines = []
        for i, colour in enumerate(COLOURS):
            value = row[i]
            gained, lost = gain_by_colour.get(colour, [0, 0]) if seat == preview_seat else (0, 0)
            cells = []
            for col in range(top + 1):
                cls = ["ch-cell", f"area{area_of(col, tiles, top)}"]
                if col <= value:
                    cls.append("filled")
                if col == value:
                    cls.append("peg")
                if value < col <= value + gained:
                    cls.append("gain")
                if col > open_to:
                    cls.append("closed")
                cells.append(f'<span class="{" ".join(cls)}">{col}</span>')
            lowest = value == low and not tied
            words = f"{colour}: {value}" + (" (lowest)" if lowest else "")
            if gained or lost:
                words += f", this choice adds {gained}" + (f" and loses {lost}" if lost else "")
            note = f'<span class="ch-row-note">+{gained}</span>' if gained else ""
            if lost:
                note += f'<span class="ch-row-note lost">{lost} lost</span>'
            lines.append(
                f'<div class="ch-row{" lowest" if lowest else ""}" data-colour="{colour}" '
                f'data-value="{value}" role="img" aria-label="{escape(words)}">'
                f'<span class="ch-row-sym">{sym(colour, 18)}</span>'
                f'<span class="ch-cells" aria-hidden="true">{"".join(cells)}</span>'
                f'<span class="ch-row-val" aria-hidden="true">{value}{note}</span></div>'
            )
        current = " current" if seat == view["current"] and view["phase"] != "over" else ""
        bonus = view.get("bonus_used", [[]] * len(view["rows"]))[seat]
        bonus_text = f'<p class="ch-bonus-used">Bonus used: {", ".join(bonus)}</p>' if bonus else ""
        boards.append(
            f'<section class="ch-board{current}" data-seat="{seat}" '
            f'aria-label="{escape(view["names"][seat])}: lowest row {low}">'
            f"<h3>{escape(view['names'][seat])} <small>lowest {low}</small></h3>"
            f"{''.join(lines)}{bonus_text}</section>"
        )
    legend = (
        f"Goal: every row at {top}."
        if tiles
        else "Areas 0 | 1–3 | 4–6 | 7–10. A row enters 4–6 only when no row is at 0, "
        "and 7–10 only when every row is at 4 or more; hatched cells are closed now."
    )
    return f'<p class="ch-legend">{legend}</p>' + "".join(boards)


def area_of(col: int, tiles: bool, top: int) -> int:
    if tiles:
        return 3 if col == top else (0 if col == 0 else 1)
    if col == 0:
        return 0
    if col <= 3:
        return 1
    if col <= 6:
        return 2
    return 3


def ranking_html(result: dict[str, Any]) -> str:
    items = []
    for entry in result["ranking"]:
        first = " first" if entry["place"] == 1 else ""
        rows = " · ".join(str(v) for v in sorted(entry["rows"]))
        items.append(
            f'<li class="rank{first}"><span>{entry["place"]}. {escape(entry["name"])}</span>'
            f'<span class="counts">lowest row {entry["lowest"]} (rows from lowest: {rows})</span>'
            "</li>"
        )
    return "".join(items)


def tally_html(match_view: dict[str, Any], names: list[str], titles: list[str]) -> str:
    """The victory points of every finished challenge and the running total."""
    head = "".join(f"<th scope='col'>{escape(t)}</th>" for t in titles)
    rows = []
    for seat, name in enumerate(names):
        results = match_view["results"]
        cells = "".join(
            f"<td>{results[i][seat]}</td>" if i < len(results) else "<td>–</td>"
            for i in range(len(titles))
        )
        rows.append(
            f"<tr><th scope='row'>{escape(name)}</th>{cells}<td class='total'>"
            f"{match_view['tally'][seat]}</td></tr>"
        )
    return (
        "<table class='ch-tally'><caption>Victory points (each challenge: the lowest row)</caption>"
        f"<thead><tr><th scope='col'>Player</th>{head}<th scope='col'>Total</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
