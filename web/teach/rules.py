"""The rules page, in our own words, with board diagrams.

Pure Python: HTML text plus the positions behind each diagram. A diagram is a
``<canvas class="diagram" data-diagram="KEY">``; web/teach/guide.py draws ``DIAGRAMS[KEY]``
on it with the game's renderer (and the engine's rays when the position has a tile to
score).
"""

from __future__ import annotations

from typing import Any

from web.board.symbols import COLOURS, colour_name, shape_name, svg_symbol
from web.i18n import N_, _
from web.teach.tutorial import EXAMPLE_2, EXAMPLE_3, EXAMPLE_4, EXAMPLE_5
from web.ui.markup import Markup, tag

DIAGRAMS: dict[str, dict[str, Any]] = {
    "board": {"zone": 5, "board": []},
    "one-blue": {"zone": 5, "board": [], "placement": [[4, 1, "red"], [4, 0, "blue"]]},
    "red-two-blue": dict(EXAMPLE_2, placement=[[4, -1, "red"], [5, -1, "blue"]]),
    "double": dict(EXAMPLE_3, placement=[[0, 0, "blue"], [0, 1, "blue"]]),
    "broken": dict(EXAMPLE_4, placement=[[0, 0, "red"], [1, 0, "blue"]]),
    "gap": dict(EXAMPLE_5, placement=[[0, 0, "green"], [1, 0, "green"]]),
}

CAPTIONS: dict[str, str] = {
    "board": N_(
        "The board for two players: the light area is in play. The printed symbols sit"
        " in its six corners."
    ),
    "one-blue": N_(
        "Red and blue beside the printed blue star: blue counts the star, 1 blue;"
        " red sees no red, 0."
    ),
    "red-two-blue": N_(
        "The red sees one red to its left; the blue sees a blue in two"
        " directions: 1 red and 2 blue."
    ),
    "double": N_(
        "A double: the upper star counts one blue to the left and one below left,"
        " never its partner; the lower star counts two in a row. 4 blue."
    ),
    "broken": N_(
        "Two reds in a row, and two blue lines of two: 2 red and 4 blue. The blue"
        " below is not on a line from the new star and scores nothing."
    ),
    "gap": N_("Two greens dropped into a gap score along ten lines: 12 green."),
}


def diagram(key: str) -> str:
    caption = _(CAPTIONS[key])
    return tag(
        "figure",
        {"class": "rules-figure"},
        tag(
            "canvas",
            {"class": "diagram", "data-diagram": key, "role": "img", "aria-label": caption},
        ),
        tag("figcaption", None, caption),
    )


def _symbols_table() -> str:
    rows = (
        tag("tr", None, tag("td", None, Markup(svg_symbol(c, 22))), tag("td", None, colour_name(c)),
            tag("td", None, shape_name(c)))
        for c in COLOURS
    )  # fmt: skip
    return tag("table", {"aria-label": _("The six symbols")}, rows)


#: Every text of the rules page, in page order (each one message: its HTML is kept).
TEXTS: tuple[str, ...] = (
    N_("Goal"),
    N_("A turn"),
    N_("Scoring"),
    N_("Ingenious!"),
    N_("Swap"),
    N_("End"),
    N_("Solo"),
    N_("Team"),
    N_("Duel"),
    N_("Controls"),
    N_("Goal"),
    N_(
        "Collect points in all six colours. At the end only your <strong>weakest "
        "colour</strong> counts at first: whoever has the highest lowest colour wins. Being "
        "great at two colours and poor at one does not pay."
    ),
    N_("The board and the symbols"),
    N_(
        "How much of the board is used depends on the number of players: the inner area for "
        "two players (and for solo and duel), one ring more for three, the whole board for "
        "four and the team game. Each tile carries two of these symbols:"
    ),
    N_("A turn"),
    N_(
        "<strong>Place</strong> one tile from your rack of six on two neighbouring empty "
        "cells of the playing area. Either symbol may go on either cell. You must place, even"
        " if it scores nothing."
    ),
    N_("<strong>Score</strong> both symbols of that tile (below)."),
    N_("<strong>Refill</strong> your rack to six tiles from the bag."),
    N_(
        "Your first tile of the game must touch a printed symbol that no tile touches yet. "
        "After that, any two neighbouring empty cells will do; leaving single holes is "
        "allowed."
    ),
    N_("Scoring"),
    N_(
        "Each of the two new symbols is scored on its own. Around a cell there are six "
        "straight lines; the one that points at the tile's other half is skipped, which "
        "leaves five. Along each line, count the symbols of the same colour in an unbroken "
        "row, starting right next to the new symbol: one point each. The count stops at the "
        "first empty cell, different symbol or the edge of the playing area. Printed symbols "
        "count like any other."
    ),
    N_(
        "<strong>Doubles</strong> are scored twice, once per half, and neither half ever "
        "counts its partner."
    ),
    N_("<strong>Broken lines</strong>: only straight runs starting next to the new symbol count."),
    N_("Ingenious!"),
    N_(
        "No colour goes above 18; extra points are lost. Each colour that reaches 18 during "
        "your placement earns an immediate extra placement from your rack (two colours at "
        "once: two extra placements). Extra placements can earn further ones. You must take "
        "them, and you refill only after the last one."
    ),
    N_("Swapping tiles"),
    N_(
        "After your placements and before refilling, check your rack: if no tile on it shows "
        "your lowest colour (all of them, if several tie for lowest), you may show your rack,"
        " draw six new tiles and then return the old ones to the bag. Once per turn, and only"
        " while the bag still holds six tiles."
    ),
    N_("End of the game"),
    N_(
        "The game ends as soon as no two neighbouring empty cells remain in the playing area,"
        " even in the middle of a turn. Sort each player's six counts from low to high and "
        "compare: the higher lowest count wins; if equal, the next lowest decides, and so on."
        " Example: Ann and Ben both have 9 as their lowest and 12 next, but Ann has one 12 "
        "and Ben two, so Ann's third count is higher and she finishes ahead. Players whose "
        "sorted counts are all equal share the place. Anyone who reaches 18 in all six "
        "colours wins at once; the others are then ranked behind them in the same way."
    ),
    N_("Solo"),
    N_(
        "One player, inner area. No rack and no swap: draw one tile from the bag, place it, "
        "repeat. Each colour runs on a double track from 0 to 36: a colour that would pass 18"
        " stops at exactly 18 (the rest of those points are lost) and later points carry it "
        "on towards 36. There are no bonus placements. Your result is your lowest colour; try"
        " to beat your best."
    ),
    N_("Team"),
    N_(
        "Four players in two teams, partners sitting opposite, the whole board in play. Each "
        "team shares one double track per colour (0 to 36, with the same stop at 18 as in "
        "solo). The player who brings a team colour to 18, and again to 36, gets a bonus "
        "placement. The swap looks at the team's lowest colours. Partners keep their racks "
        "hidden from each other unless the table agrees on open play."
    ),
    N_("Duel"),
    N_(
        "Two players, inner area, one shared tug-of-war track per colour running from 9 on "
        "one side through 0 to 9 on the other. Every point pulls that colour one step towards"
        " you; it stops at your 9. Pulling a colour to your 9 takes its token (from the "
        "supply or from your opponent) and gives a bonus placement, but not while you already"
        " hold that token. Instead of the usual swap, you may exchange every rack tile that "
        "shows a colour standing on your 9. At the end, the player with more colours on their"
        " side wins (0 counts for nobody); if equal, compare the weakest colours on each side"
        " as in the standard game. All six colours on your side at once wins immediately."
    ),
    N_("Controls"),
    N_(
        "Pick a tile (click, tap or keys 1–6) and move over the board: the tile appears where"
        " it may go, with the points it would score."
    ),
    N_("Turn it with the Turn button, a right click, the mouse wheel or R. Click to place."),
    N_("On a touch screen tap one cell, then its neighbour."),
    N_("Keyboard: arrow keys move the cursor, R turns, Enter places, Escape drops the tile."),
)
SECTIONS = N_("Sections")


def _toc() -> str:
    links = (
        ("r-goal", 0), ("r-turn", 1), ("r-score", 2), ("r-bonus", 3), ("r-swap", 4),
        ("r-end", 5), ("r-solo", 6), ("r-team", 7), ("r-duel", 8), ("r-controls", 9),
    )  # fmt: skip
    items = " ·\n".join(f'<a href="#{anchor}">{_(TEXTS[i])}</a>' for anchor, i in links)
    return f'<nav class="rules-toc" aria-label="{_(SECTIONS)}">{items}</nav>'


def rules_html() -> str:
    return f"""
{_toc()}

<h3 id="r-goal">{_(TEXTS[10])}</h3>
<p>{_(TEXTS[11])}</p>
<h3>{_(TEXTS[12])}</h3>
{diagram("board")}
<p>{_(TEXTS[13])}</p>
{_symbols_table()}

<h3 id="r-turn">{_(TEXTS[14])}</h3>
<ol>
<li>{_(TEXTS[15])}</li>
<li>{_(TEXTS[16])}</li>
<li>{_(TEXTS[17])}</li>
</ol>
<p>{_(TEXTS[18])}</p>

<h3 id="r-score">{_(TEXTS[19])}</h3>
<p>{_(TEXTS[20])}</p>
{diagram("one-blue")}
{diagram("red-two-blue")}
<p>{_(TEXTS[21])}</p>
{diagram("double")}
<p>{_(TEXTS[22])}</p>
{diagram("broken")}
{diagram("gap")}

<h3 id="r-bonus">{_(TEXTS[23])}</h3>
<p>{_(TEXTS[24])}</p>

<h3 id="r-swap">{_(TEXTS[25])}</h3>
<p>{_(TEXTS[26])}</p>

<h3 id="r-end">{_(TEXTS[27])}</h3>
<p>{_(TEXTS[28])}</p>

<h3 id="r-solo">{_(TEXTS[29])}</h3>
<p>{_(TEXTS[30])}</p>

<h3 id="r-team">{_(TEXTS[31])}</h3>
<p>{_(TEXTS[32])}</p>

<h3 id="r-duel">{_(TEXTS[33])}</h3>
<p>{_(TEXTS[34])}</p>

<h3 id="r-controls">{_(TEXTS[35])}</h3>
<ul>
<li>{_(TEXTS[36])}</li>
<li>{_(TEXTS[37])}</li>
<li>{_(TEXTS[38])}</li>
<li>{_(TEXTS[39])}</li>
</ul>
"""
