"""Every symbol, highlight, focus ring and score digit meets WCAG 2.2 AA contrast.

Measured from the colour constants the page draws with (web/board/symbols.py,
web/board/render.py, web/board/rays.py) and the values in the style sheets: 3:1 for
graphics and interface parts (1.4.11), 4.5:1 for text (1.4.3). Contrast depends on
luminance only, so every pair that passes here also passes in greyscale.
"""

from __future__ import annotations

import re

import pytest

from tools.contrast import GRAPHICS, TEXT, contrast, grey, over
from tools.serve import ROOT
from web.board import rays, render
from web.board.symbols import COLOURS, FILL, INK
from web.challenges.draw.controls import DRAWN_TILE_FACE, TILE_FACE

STYLE = (ROOT / "web" / "styles" / "style.css").read_text(encoding="utf-8")
CHALLENGES = (ROOT / "web" / "styles" / "challenges.css").read_text(encoding="utf-8")


def css_var(name: str) -> str:
    found = re.search(rf"--{re.escape(name)}:\s*([^;]+);", STYLE)
    assert found, f"--{name} is not defined in web/styles/style.css"
    return found.group(1).strip()


def css_value(sheet: str, selector: str, prop: str) -> str:
    """A property of the rule whose selector list is exactly ``selector``; var() resolved."""
    found = re.search(rf"(?:^|\}})\s*{re.escape(selector)}\s*\{{([^}}]*)\}}", sheet, re.M)
    assert found, f"no rule {selector!r}"
    value = re.search(rf"(?:^|[;\s]){re.escape(prop)}:\s*([^;]+);", found.group(1))
    assert value, f"{selector} has no {prop}"
    text = value.group(1).strip()
    var = re.fullmatch(r"var\(--([\w-]+)\)", text)
    return css_var(var.group(1)) if var else text


# Where a symbol is drawn, and what is right behind it.
SYMBOL_BACKGROUNDS = {
    "tile face (board)": render.TILE_FACE,
    "tile face (rack)": css_value(STYLE, ".tile-svg .tile-face", "fill"),
    "printed-symbol cell": render.SYMBOL_BG,
    "card (score boards, rules)": css_var("card"),
    "challenge card, die, tile": css_value(CHALLENGES, ".ch-die", "background"),
    "challenge score rows": css_value(CHALLENGES, ".ch-board", "background"),
    "challenge lowest row": css_value(CHALLENGES, ".ch-row.lowest", "background"),
    "challenge centre tile": TILE_FACE,
    "challenge drawn tile": DRAWN_TILE_FACE,
}


@pytest.mark.parametrize("colour", COLOURS)
@pytest.mark.parametrize("where", list(SYMBOL_BACKGROUNDS))
def test_each_symbol_stands_out_3_to_1_from_what_it_sits_on(colour: str, where: str) -> None:
    """The symbol's fill or its outline reaches 3:1 against the background."""
    background = SYMBOL_BACKGROUNDS[where]
    best = max(contrast(FILL[colour], background), contrast(INK[colour], background))
    assert best >= GRAPHICS, f"{colour} on {where}: {best:.2f}:1"


def test_the_sun_stays_visible_in_greyscale() -> None:
    """Grey yellow fill on a grey tile face nearly vanishes; its grey outline does not."""
    face = grey(render.TILE_FACE)
    assert contrast(grey(FILL["yellow"]), face) < GRAPHICS  # why the outline is there
    assert contrast(grey(INK["yellow"]), face) >= GRAPHICS
    assert contrast(grey(INK["yellow"]), grey(render.SYMBOL_BG)) >= GRAPHICS


def test_outlines_keep_each_colour_recognisable() -> None:
    """An outline is a darker tone of its own colour: the same dominant channel order."""
    for colour in COLOURS:
        fill, ink = FILL[colour], INK[colour]

        def order(hex_colour: str) -> list[int]:
            rgb = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
            return sorted(range(3), key=lambda i: -rgb[i])

        assert order(fill)[0] == order(ink)[0], colour
        assert contrast(ink, "#000000") < contrast(fill, "#000000"), f"{colour} ink is darker"


def test_legal_cells_stand_out_from_empty_cells() -> None:
    """The highlight ring reaches 3:1 against the empty cell and against its own tint."""
    tint = over(render.HIGHLIGHT_FILL, render.CELL_ZONE)
    assert contrast(render.HIGHLIGHT_RING, render.CELL_ZONE) >= GRAPHICS
    assert contrast(render.HIGHLIGHT_RING, tint) >= GRAPHICS


@pytest.mark.parametrize(
    "background", [render.CELL_ZONE, render.TILE_FACE, render.SYMBOL_BG, render.CELL_ZONE_EDGE]
)
def test_keyboard_cursor_stands_out_on_every_cell(background: str) -> None:
    assert contrast(render.CURSOR, background) >= GRAPHICS


def test_last_placement_mark_and_scoring_rings_stand_out() -> None:
    """The last-move outline lies on the tile's dark edge band; ray rings on faces and
    empty cells are drawn in the outline colour."""
    assert contrast(render.LAST_MARK, render.TILE_EDGE) >= GRAPHICS
    for colour in COLOURS:
        for background in (render.TILE_FACE, render.CELL_ZONE, render.SYMBOL_BG):
            assert contrast(INK[colour], background) >= GRAPHICS, colour


@pytest.mark.parametrize("colour", COLOURS)
def test_points_badge_digits_are_readable(colour: str) -> None:
    assert contrast(rays.BADGE_INK[colour], FILL[colour]) >= TEXT


# Backgrounds a focus ring is drawn on: cards, buttons, bars, the table, the panel.
FOCUS_BACKGROUNDS = {
    "card": css_var("card"),
    "button": css_value(STYLE, "button, select, input", "background"),
    "rack tile": css_value(STYLE, ".rack-tile", "background"),
    "chosen rack tile": css_value(STYLE, '.rack-tile[aria-pressed="true"]', "background"),
    "chosen variant": css_value(STYLE, ".variants label:has(input:checked)", "background"),
    "swap offer": css_value(STYLE, ".swap-offer", "background"),
    "table": css_var("bg"),
    "table centre": "#4a3122",
    "game bar top": "#4b3120",
    "game bar bottom": "#3a261a",
    "side panel": css_var("felt"),
    "challenge card": css_value(CHALLENGES, ".ch-card", "background"),
}


@pytest.mark.parametrize("where", list(FOCUS_BACKGROUNDS))
def test_focus_ring_shows_on_every_background(where: str) -> None:
    """Two rings (yellow outside, dark inside): on every background one of them reaches
    3:1, and the two reach 3:1 against each other, so the ring never fades out."""
    outer, inner = css_var("focus"), css_var("focus-ink")
    background = FOCUS_BACKGROUNDS[where]
    assert max(contrast(outer, background), contrast(inner, background)) >= GRAPHICS
    assert contrast(outer, inner) >= GRAPHICS
    rule = re.search(r"^:focus-visible\s*\{([^}]*)\}", STYLE, re.M)
    assert rule and "var(--focus)" in rule.group(1) and "var(--focus-ink)" in rule.group(1)


def test_board_focus_outline_stands_out_on_the_table() -> None:
    value = css_value(STYLE, "#board-canvas:focus-visible", "outline")
    colour = re.search(r"rgba?\([^)]*\)|#[0-9a-fA-F]{3,6}", value)
    assert colour
    assert contrast(over(colour.group(0), render.TABLE), render.TABLE) >= GRAPHICS


def test_score_markers_have_a_dark_ring_on_the_rail() -> None:
    rail = css_value(STYLE, ".rail", "background-color")
    ring = css_value(STYLE, ".mark", "box-shadow")
    assert "var(--ink)" in ring
    assert contrast(css_var("ink"), rail) >= GRAPHICS


CELL = ".ch-cell"


@pytest.mark.parametrize(
    ("state", "selector"),
    [
        ("open", CELL),
        ("area 0", ".ch-cell.area0"),
        ("area 2", ".ch-cell.area2"),
        ("area 3", ".ch-cell.area3"),
        ("filled", ".ch-cell.filled"),
        ("peg", ".ch-cell.peg"),
        ("gain", ".ch-cell.gain"),
    ],
)
def test_challenge_score_row_digits_are_readable(state: str, selector: str) -> None:
    """Each cell of a Challenges score row shows its number at 4.5:1."""
    background = css_value(CHALLENGES, selector, "background")
    try:
        ink = css_value(CHALLENGES, selector, "color")
    except AssertionError:
        ink = css_value(CHALLENGES, CELL, "color")
    assert contrast(ink, background) >= TEXT, f"{state}: {contrast(ink, background):.2f}:1"


def test_the_rules_links_are_the_games_brown_and_readable() -> None:
    """The rules page's links (its contents and cross-references) are drawn in the game's
    colours, not the browser's default blue, and read 4.5:1 on the card."""
    guide = (ROOT / "web" / "styles" / "guide.css").read_text(encoding="utf-8")
    for selector in (".guide-body a", ".guide-body a:hover"):
        colour = css_value(guide, selector, "color")
        assert contrast(colour, css_var("card")) >= TEXT, (selector, colour)
        assert colour.lower() not in ("#0000ee", "blue", "#551a8b")
