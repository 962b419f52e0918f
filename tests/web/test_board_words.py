"""The board in words (web/board/board_words.py): cells, aimed placements and a summary a
screen reader can speak, checked against hand-made positions and the engine."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import new_game
from engine.bots import make_bot
from web.board.board_words import (
    cell_words,
    describe_aim,
    describe_board,
    describe_cell,
    lines_of,
    ordinal,
)

PRINTED = [
    [0, -5, "red"], [5, -5, "green"], [5, 0, "blue"],
    [0, 5, "orange"], [-5, 5, "yellow"], [-5, 0, "purple"],
]  # fmt: skip


def view_with(*tiles: list[Any], **extra: Any) -> dict[str, Any]:
    return {"zone": 5, "symbols": PRINTED, "tiles": list(tiles), "names": ["Ann", "Bob"], **extra}


# Two red tiles in a row across the centre: red on (0,0) and (1,0), blue and green beside.
RED_ROW = view_with([0, 0, "red", 0, 1, "blue", 0], [1, 0, "red", 1, -1, "green", 1])


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
    ]  # fmt: skip


def test_a_cells_place_agrees_with_the_word_for_cell() -> None:
    """ "Case", "casilla" and "casella" are feminine: the first cell is the "1re case"
    (not "1er case"), "casilla 1.ª", "casella 1ª"; German and Dutch count as before."""
    from web.i18n import use

    said = {}
    try:
        for lang in ("fr", "es", "it", "de", "nl"):
            use(lang)
            said[lang] = cell_words(5, (-5, 0), short=True)
    finally:
        use("en")
    assert said["fr"].endswith("1re case") and said["es"].endswith("casilla 1.ª")
    assert said["it"].endswith("casella 1ª") and "1. " in said["de"] and "1e " in said["nl"]


def test_cells_are_named_by_row_from_the_top_and_place_from_the_left() -> None:
    assert cell_words(5, (0, -5)) == "row 1 of 11, 1st of 6 cells"
    assert cell_words(5, (5, -5)) == "row 1 of 11, 6th of 6 cells"
    assert cell_words(5, (-5, 0)) == "row 6 of 11, 1st of 11 cells"
    assert cell_words(5, (0, 5)) == "row 11 of 11, 6th of 6 cells"
    assert cell_words(7, (0, 0)) == "row 8 of 15, 8th of 15 cells"
    assert cell_words(6, (1, 2), short=True) == "row 9, 8th cell"


def test_every_cell_of_a_zone_has_its_own_name() -> None:
    for radius in (5, 6, 7):
        cells = [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
                 if max(abs(q), abs(r), abs(q + r)) <= radius]  # fmt: skip
        assert len({cell_words(radius, c) for c in cells}) == len(cells)


def test_a_cell_outside_the_playing_area() -> None:
    assert describe_cell(RED_ROW, (6, 0)) == "Outside the playing area."


def test_a_printed_symbol_says_it_is_printed() -> None:
    assert describe_cell(RED_ROW, (5, 0)) == (
        "Printed blue 6-pointed star, row 6 of 11, 11th of 11 cells."
    )


def test_a_tile_half_names_its_partner_and_who_placed_it() -> None:
    assert describe_cell(RED_ROW, (1, 0)) == (
        "Red 12-pointed star, row 6 of 11, 7th of 11 cells; the tile's other half, green"
        " disc, is up-left. Placed by Bob."
    )


def test_an_empty_cell_lists_the_lines_a_symbol_there_would_extend() -> None:
    """Left of the red pair: red 2 to the right. Below the right red: red up-left, the
    blue to the left."""
    assert describe_cell(RED_ROW, (-1, 0)) == (
        "Empty, row 6 of 11, 5th of 11 cells. A symbol here would extend: red 2 (2 right)."
    )
    assert describe_cell(RED_ROW, (1, 1)) == (
        "Empty, row 7 of 11, 7th of 10 cells. A symbol here would extend:"
        " red 1 (1 up-left); blue 1 (1 left)."
    )
    assert describe_cell(RED_ROW, (-3, -2)).endswith("No symbol next to it.")


def test_a_cell_with_no_empty_neighbour_is_called_a_hole() -> None:
    ring = [(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)]
    tiles = [[*ring[i], "green", *ring[i + 1], "green", 0] for i in (0, 2, 4)]
    text = describe_cell(view_with(*tiles), (0, 0))
    assert "A hole: no tile fits here." in text and "green 6 (" in text


def test_an_aim_scores_line_by_line() -> None:
    move = "2,0:red 2,1:yellow"
    assert describe_aim(RED_ROW, move) == (
        "Red 12-pointed star on row 6 of 11, 8th of 11 cells, yellow sun (24-pointed star)"
        " on row 7 of 11, 8th of 10 cells. The red scores 2: 2 left. The yellow scores"
        " nothing. In all: 2 red."
    )


@pytest.mark.parametrize(
    ("move", "why"),
    [
        ("0,0:red -1,0:blue", "is taken"),
        ("3,3:red 4,4:blue", "outside the playing area"),
        ("-2,0:red 2,2:blue", "not next to each other"),
        ("swap", "not a placement"),
        ("-2,0:pink -3,0:blue", "unknown colour"),
    ],
)
def test_an_impossible_aim_says_why(move: str, why: str) -> None:
    assert why in describe_aim(RED_ROW, move)


def test_the_first_placement_rule_is_explained() -> None:
    view = view_with(first_placement_cells=[[1, -5], [0, -4]])
    assert "first tile must touch a printed symbol" in describe_aim(view, "0,0:red 1,0:red")
    assert "In all" in describe_aim(view, "0,-4:red 1,-5:blue")


def _words_total(text: str) -> dict[str, int]:
    found = re.search(r"In all: (.*)\.$", text)
    assert found, text
    if found.group(1) == "no points":
        return {}
    return {c: int(n) for n, c in (p.split() for p in found.group(1).split(" and "))}


def test_aim_totals_match_the_engine_for_every_legal_move_of_real_positions() -> None:
    """Played positions of a bot game: each legal placement's words give the engine's
    points (early enough that no colour reaches the 18 limit)."""
    game = new_game("standard", players=2, seed=11, names=["Ann", "Bob"])
    bot = make_bot("beginner", seed=11)
    for _ in range(8):
        game.apply(bot.choose(game.view(game.current)))
    view = game.view(game.current)
    for move in game.legal_moves():
        if move in ("swap", "pass"):
            continue
        engine = {c: p for c, p in game.preview(move)["points"].items() if p}
        assert _words_total(describe_aim(view, move)) == engine, move


def test_lines_are_maximal_runs_with_their_open_ends() -> None:
    lines = lines_of(RED_ROW)
    assert len(lines) == 1
    (line,) = lines
    assert (line.colour, line.cells, line.axis) == ("red", ((0, 0), (1, 0)), "across")
    assert set(line.open_ends) == {(-1, 0), (2, 0)}


def test_the_board_summary_names_lines_free_places_and_untouched_symbols() -> None:
    text = describe_board(RED_ROW)
    assert "Red: 3 on the board; longest 2 across, row 6, 6th cell to row 6, 7th cell," in text
    assert "open at row 6, 5th cell and row 6, 8th cell." in text
    assert "Blue: 2 on the board, no line of two yet." in text  # one tile, one printed
    assert "Green: 2 on the board, no line of two yet." in text
    assert "81 empty cells" in text  # 91 cells, 6 printed, two tiles
    assert "Printed symbols no tile touches yet: red 12-pointed star at row 1, 1st cell;" in text


def test_the_summary_counts_the_places_the_engine_counts() -> None:
    game = new_game("standard", players=3, seed=4, names=["A", "B", "C"])
    bot = make_bot("beginner", seed=4)
    for _ in range(30):
        game.apply(bot.choose(game.view(game.current)))
    text = describe_board(game.view(None))
    empty = sum(1 for colour in game.board if colour < 0)
    assert f"{empty} empty cells, {len(game.free)} places for a tile" in text


def test_a_fresh_board_has_every_printed_symbol_untouched() -> None:
    text = describe_board(new_game("standard", players=2, seed=1).view(None))
    for colour in ("red", "green", "blue", "orange", "yellow", "purple"):
        assert f"{colour.capitalize()}: 1 on the board, no line of two yet." in text
    assert text.count(" at row ") == 6


def test_french_board_words_and_final_standing_put_a_space_before_a_semicolon() -> None:
    """French typography: a (non-breaking) space before ";" in the board's summary, a cell's
    neighbouring lines and the game-over standing line, as in the coach's lists."""
    from web import i18n
    from web.game.over import standing_line

    i18n.use("fr")
    try:
        game = new_game("standard", players=2, seed=1, names=["Ann", "Bob"])
        said = [describe_board(RED_ROW), describe_board(game.view(None)), standing_line(game)]
        said.append(describe_cell(RED_ROW, (2, 0)))
        for text in said:
            assert not re.search(r"[^\u00a0\u202f];", text), text
        assert all("\u00a0;" in text for text in said[1:3]), said
    finally:
        i18n.use("en")
