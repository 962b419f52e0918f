"""HTML pieces of the Challenges screen: score rows, previews, cards, tally (pure)."""

from __future__ import annotations

import re

from engine.challenges import new_challenge
from web.challenges import html as H
from web.challenges.model import Gain
from web.challenges.rules import rules_html


def cards_view(rows: list[list[int]]) -> dict:
    view = new_challenge("cards", 2, 1).view(0)
    view["rows"] = rows
    return view


def row_html(html: str, seat: int, colour: str) -> str:
    board = html.split('class="ch-board')[seat + 1]
    return board.split(f'data-colour="{colour}"')[1].split("</div>")[0]


def test_the_lowest_row_stands_out_and_ties_of_all_six_do_not() -> None:
    html = H.score_rows(cards_view([[2, 1, 3, 3, 2, 5], [0] * 6]))
    assert 'class="ch-row lowest" data-colour="green"' in html
    assert html.count("ch-row lowest") == 1  # the second board ties everywhere
    assert 'aria-label="green: 1 (lowest)"' in html


def test_cells_the_area_rule_still_closes_are_marked() -> None:
    """With a row at 0, nothing may reach 4-6: cells 4..10 are closed; at 1+ only 7..10."""
    html = H.score_rows(cards_view([[0, 2, 2, 2, 2, 2], [1, 4, 4, 4, 4, 4]]))
    first = row_html(html, 0, "green")
    closed = [int(n) for n in re.findall(r'class="ch-cell area\d[^"]*closed[^"]*">(\d+)<', first)]
    assert closed == list(range(4, 11))
    second = row_html(html, 1, "green")
    closed = [int(n) for n in re.findall(r'class="ch-cell area\d[^"]*closed[^"]*">(\d+)<', second)]
    assert closed == list(range(7, 11))


def test_a_preview_fills_the_gained_cells_and_says_what_is_lost() -> None:
    view = cards_view([[1, 2, 3, 1, 1, 1], [0] * 6])
    html = H.score_rows(view, 0, [Gain("blue", 5, 3, "blue")])
    blue = row_html(html, 0, "blue")
    assert len(re.findall(r"ch-cell[^\"]*gain", blue)) == 3
    assert "2 lost" in blue
    assert "this choice adds 3 and loses 2" in html
    assert "gain" not in row_html(html, 1, "blue")


def test_tile_rows_run_to_the_target() -> None:
    view = new_challenge("tiles", 4, 1).view(0)
    html = H.score_rows(view)
    assert "Goal: every row at 5." in html
    assert len(re.findall(r'class="ch-cell ', row_html(html, 0, "red"))) == 6
    assert "closed" not in html


def test_lost_points_are_explained_by_their_cause() -> None:
    capped = H.gains_html([Gain("red", 3, 1, "red")], [9, 7, 7, 7, 7, 7])
    assert "2 lost above 10" in capped
    area = H.gains_html([Gain("red", 3, 2, "red")], [1, 0, 1, 1, 1, 1])
    assert "1 lost to the area rule" in area


def test_cards_dice_and_tiles_name_their_symbols() -> None:
    assert 'aria-label="near the centre: red and blue"' in H.faceup_card(
        "red-blue", "near the centre"
    )
    assert 'aria-label="green disc"' in H.die("green")
    assert 'aria-label="not rolled"' in H.die(None)
    assert 'aria-label="purple ring tile"' in H.tile("purple")


def test_the_tally_lists_each_challenge_and_the_total() -> None:
    html = H.tally_html(
        {"results": [[3, 5]], "tally": [3, 5]}, ["Ann", "Bo"], ["Dice Challenge", "Tile Challenge"]
    )
    assert "<th scope='row'>Ann</th><td>3</td><td>–</td><td class='total'>3</td>" in html


def test_rules_start_with_the_chosen_challenge() -> None:
    assert rules_html("tiles").startswith("<h3>Tile Challenge</h3>")
    assert all(f"<h3>{t}" in rules_html() for t in ("Card", "Dice", "Tile", "A match"))
