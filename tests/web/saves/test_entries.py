"""The saved-games list, statistics and set-aside texts: names stay text, buttons carry
no stored key."""

from __future__ import annotations

from engine import new_game
from web.saves.entries import (
    KEPT,
    MAY_CLEAR,
    aside_text,
    ask_to_keep,
    entry,
    keeping_text,
    list_html,
    more_label,
    stats_html,
)
from web.store.storage import NAMED_KIND, Listed, Record, listed

HOSTILE = '"><img src=x onerror=window.__pwned=1>'


def record(name: str, names: list[str], seats: list[str]) -> Listed:
    game = new_game("standard", 2, seed=3, names=names)
    game.apply(game.legal_moves()[0])
    return listed(Record(NAMED_KIND, game, seats, name=name, key="ingenious.save.\"odd'key"))


def test_an_entry_names_the_game_the_players_the_bots_and_the_move() -> None:
    item = entry(record("Evening", ["Ann", "Cas"], ["human", "casual"]), "today")
    assert item.name == "Evening"
    assert item.meta == "Standard game · Ann, Cas (casual bot) · move 1 · today"
    assert item.picture == "Board after 1 move"


def test_a_bot_named_by_its_level_is_not_named_twice() -> None:
    """A bot with its default name says its level already: "Casual bot 2", not "Casual
    bot 2 (casual bot)" (also a name made in English read in German); a bot given a name
    of the player's keeps the level after it."""
    from web.i18n import use

    item = entry(record("Evening", ["Ann", "Casual bot 2"], ["human", "casual"]), "today")
    assert "Ann, Casual bot 2 · " in item.meta and "(casual bot)" not in item.meta
    try:
        use("de")
        german = entry(record("Abend", ["Ann", "Casual bot 2"], ["human", "casual"]), "heute")
        named = entry(record("Abend", ["Ann", "Lockerer Bot 2"], ["human", "casual"]), "heute")
        other = entry(record("Abend", ["Ann", "Carl"], ["human", "strong"]), "heute")
    finally:
        use("en")
    assert "Ann, Casual bot 2 · " in german.meta
    assert ", Lockerer Bot 2 · " in named.meta
    assert "Carl (" in other.meta


def test_hostile_names_are_escaped_in_every_attribute_and_text() -> None:
    item = entry(record(HOSTILE, [HOSTILE, "<b>Bob</b>"], ["human", "human"]), "today")
    html = list_html([item], None)
    assert "<img" not in html and "<b>" not in html
    assert "&quot;&gt;&lt;img" in html  # in the text and in the buttons' labels
    assert html.count('data-entry="0"') == 6
    assert "odd" not in html, "the stored key never reaches the page"
    renaming = list_html([item], 0)
    assert 'class="rename-input"' in renaming and 'value="&quot;&gt;&lt;img' in renaming


def test_an_empty_list_and_the_statistics_table() -> None:
    assert "No saved games yet." in list_html([], None)
    assert "No finished games yet." in stats_html([])
    table = stats_html([("Solo", 1, 0, "–"), ("Against casual bots", 3, 2, "67%")])
    assert table.count("<tr>") == 3 and "67%" in table


def test_set_aside_counts_are_worded_for_one_and_many() -> None:
    assert aside_text(1) == "1 stored entry that could not be opened was set aside, not deleted."
    assert aside_text(3).startswith("3 stored entries that could not be opened were")


def test_a_save_not_yet_replayed_shows_its_move_and_a_finished_one_says_so() -> None:
    """Before its game is checked, a save from before the record said whether the game was
    over shows its move count; a save that says so shows "finished"."""
    line = Listed("k", "Old", 0, "Duel", ("Ann", "Bob"), ("human", "expert"), 30)
    assert entry(line, "today").meta == "Duel · Ann, Bob (expert bot) · move 30 · today"
    done = Listed("k", "Done", 0, "Duel", ("Ann", "Bob"), ("human", "human"), 30, over=True)
    assert "· finished ·" in entry(done, "today").meta


def test_the_list_shows_a_page_at_a_time() -> None:
    assert more_label(980, 20) == "Show 20 more of 980"
    assert more_label(5, 20) == "Show 5 more"


def test_the_panel_says_whether_the_browser_keeps_the_saves_or_nothing_if_unknown() -> None:
    assert keeping_text(True) == KEPT and "keeps these saves" in KEPT
    assert keeping_text(False) == MAY_CLEAR and "may clear" in MAY_CLEAR
    assert keeping_text(None) == "", "no storage API: nothing that could mislead"


def test_the_browser_is_asked_to_keep_the_storage_once_and_only_when_it_does_not() -> None:
    assert ask_to_keep(False, asked_before=False)
    assert not ask_to_keep(False, asked_before=True), "asked once, not at every save"
    assert not ask_to_keep(True, asked_before=False), "kept already"
    assert not ask_to_keep(None, asked_before=False), "no API, or its answer not in yet"


def test_a_finished_games_line_says_how_far_its_review_went() -> None:
    """Who played, the game type, its length and its review (none, partial, complete);
    its buttons carry an action and a position only, and names stay text."""
    from web.saves.entries import finished_entry, finished_html
    from web.store.kept import Finished

    line = Finished("ingenious.finished.f\"1", 1.0, "Standard game", (HOSTILE, "Bob"),
                    ("human", "strong"), 44, 0, 0, False)  # fmt: skip
    item = finished_entry(line, "today")
    assert item.name == f"{HOSTILE}, Bob (strong bot)"
    assert item.meta == "Standard game · 44 moves · not reviewed yet · today"
    partial = finished_entry(Finished(**{**line.__dict__, "reviewed": 5, "total": 22}), "today")
    assert "review: 5 of 22 moves" in partial.meta
    done = Finished(**{**line.__dict__, "reviewed": 22, "total": 22, "complete": True})
    assert " · reviewed · " in finished_entry(done, "today").meta
    html = str(finished_html([item]))
    assert "<img" not in html and "ingenious.finished" not in html
    assert 'data-finished="review"' in html and 'data-entry="0"' in html
    assert "No finished games yet." in str(finished_html([]))
