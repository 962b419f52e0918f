"""What the live region reads out on the board game screen: the keyboard cursor's cell,
the aimed tile's score, the whole board; the words come from web/board/board_words.py, and
they belong to the position they were asked for."""

from __future__ import annotations

from engine.rules.game import Game
from tests.web.game.games import best_move, greedy, play, show
from web.board import board_words
from web.game import state as st
from web.game.facts import facts_for
from web.play.session import HUMAN
from web.store.storage import UiState


def person_screen(game: Game) -> st.Screen:
    return st.screen_for(game, [HUMAN, "casual"], UiState(None))


def position(game: Game) -> st.Position:
    return st.position_of(game)


def test_a_cursor_step_reads_out_the_cell_under_it() -> None:
    game = greedy("standard", seed=4, count=2)
    scr = person_screen(game)
    st.move_cursor(scr, "ArrowRight", game.zone_radius)
    st.speak(scr, "cursor", position(game))
    m = show(game, scr)
    assert scr.cursor is not None
    assert m.announce == board_words.describe_cell(game.view(0), scr.cursor)
    assert m.announce.startswith(("Empty", "Outside", "Printed", "Red", "Green", "Blue",
                                  "Orange", "Yellow", "Purple"))  # fmt: skip
    st.move_cursor(scr, "ArrowDown", game.zone_radius)
    st.speak(scr, "cursor", position(game))
    below = show(game, scr)
    assert below.announce == board_words.describe_cell(game.view(0), scr.cursor)
    assert below.announce != m.announce


def test_with_a_tile_picked_the_cursor_reads_out_what_it_would_score() -> None:
    game = greedy("standard", seed=4, count=2)
    scr = person_screen(game)
    scr.keyboard = True
    facts = facts_for(game, scr)
    st.select_slot(scr, facts.index, list(facts.rack), 0)  # the cursor goes to a legal cell
    st.speak(scr, "cursor", position(game))
    m = show(game, scr)
    assert m.candidate is not None
    assert m.announce == board_words.describe_aim(game.view(0), m.candidate)
    assert "In all:" in m.announce or "scores nothing" in m.announce


def test_an_aim_that_cannot_go_there_says_why_and_what_is_on_the_cell() -> None:
    game = greedy("standard", seed=4, count=2)
    scr = person_screen(game)
    scr.keyboard = True
    facts = facts_for(game, scr)
    st.select_slot(scr, facts.index, list(facts.rack), 0)
    q, r = game.view(0)["tiles"][0][:2]  # a cell with a tile on it
    scr.cursor = scr.aim.cell = (q, r)
    st.speak(scr, "cursor", position(game))
    m = show(game, scr)
    assert m.candidate is None
    assert m.announce.startswith(("Not here:", "The tile cannot go here."))
    assert m.announce.endswith(board_words.describe_cell(game.view(0), (q, r)))


def test_describe_the_board_reads_the_summary_until_the_game_moves_on() -> None:
    game = greedy("standard", seed=4, count=2)
    scr = person_screen(game)
    st.speak(scr, "board", position(game))
    m = show(game, scr)
    assert m.announce == board_words.describe_board(game.view(0))
    play(game, scr, best_move(game))
    after = show(game, scr)
    assert after.announce != m.announce, "words for an older position are not read again"
    assert "Bob" in after.announce


def test_picking_a_tile_replaces_the_read_out_with_the_tile() -> None:
    game = greedy("standard", seed=4, count=2)
    scr = person_screen(game)
    st.speak(scr, "board", position(game))
    facts = facts_for(game, scr)
    said = st.select_slot(scr, facts.index, list(facts.rack), 1)
    assert said is not None
    scr.said = st.Keyed(said, position(game))
    assert show(game, scr).announce == said
