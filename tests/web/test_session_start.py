"""The start screen's Continue card and best solo table (pure parts in web.play.session)."""

from __future__ import annotations

from engine import new_game
from web.play.session import continue_text, solo_best_html
from web.store.storage import clean_solo_table


def test_continue_names_the_game_in_memory_first_then_the_autosave() -> None:
    game = new_game("duel", 2, seed=1, names=["Ann", "Bob"])
    game.apply(game.legal_moves()[0])
    saved = {"variant": "solo", "names": ["Sol"], "moves": ["a", "b"]}
    assert continue_text(game, saved, None) == "Duel: Ann, Bob — 1 move played."
    assert continue_text(None, saved, None) == "Solo: Sol — 2 moves played."
    assert continue_text(None, None, "The saved game is damaged.") == "The saved game is damaged."
    assert continue_text(None, None, None) == "No saved game yet."


def test_the_best_solo_table_keeps_names_as_text() -> None:
    rows = clean_solo_table([{"name": "<i>Sol</i>", "score": 12, "seed": 1}, {"name": 3}])
    html = solo_best_html(rows)
    assert "&lt;i&gt;Sol&lt;/i&gt;" in html and "<i>" not in html
    assert html.count("<tr>") == 2
    assert solo_best_html(clean_solo_table("junk")) == ""
