"""The compact score strip: every side's six values, the lowest marked, names as text."""

from __future__ import annotations

import re

from engine import new_game
from web.game.strip import strip_html
from web.ui.scoreboard import track_states


def test_every_side_has_one_row_of_six_values_with_the_lowest_marked() -> None:
    game = new_game("standard", 4, seed=3, names=["Ann", "Bob", "Cid", "<b>Dee</b>"])
    while len(game.moves) < 4:
        game.apply(next(m for m in game.legal_moves() if m not in ("swap", "pass")))
    view = game.view(0)
    html = str(strip_html(track_states(view), view["side_names"], 1))
    rows = re.findall(r'<div class="strip-row[^"]*" data-side="(\d)"', html)
    assert rows == ["0", "1", "2", "3"]
    assert html.count('class="strip-val') == 24
    assert '<div class="strip-row current" data-side="1">' in html
    assert "&lt;b&gt;Dee&lt;/b&gt;" in html and "<b>Dee" not in html
    for side, track in enumerate(view["scores"]):
        low = min(track)
        marked = len(re.findall(rf'data-side="{side}">.*?</div>', html)[0].split("strip-val low"))
        expected = 0 if all(v == low for v in track) else sum(v == low for v in track)
        assert marked - 1 == expected


def test_the_duel_strip_shows_the_signed_tug_of_war() -> None:
    game = new_game("duel", 2, seed=3, names=["Ann", "Bob"])
    view = game.view(0)
    html = str(strip_html(track_states(view), view["side_names"], None))
    assert html.count('class="strip-val') == 6
    assert html.count("strip-row") == 1
