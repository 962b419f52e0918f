"""Seats, hot-seat hiding, undo targets and move descriptions around an engine game."""

import pytest

from engine import new_game
from engine.bots import make_bot
from web.play.session import (
    HUMAN,
    SetupError,
    make_setup,
    needs_pass_screen,
    rack_owner,
    turn_start,
    undo_target,
)


def test_setup_fills_default_names_and_checks_player_counts() -> None:
    setup = make_setup("standard", 3, ["Ann", "", ""], [HUMAN, "casual", HUMAN], "", False, 99)
    assert setup.names == ["Ann", "Casual bot 2", "Player 3"] and setup.seed == 99
    with pytest.raises(SetupError, match="duel game is for 2 players"):
        make_setup("duel", 3, [], [HUMAN] * 3, "", False, 1)


def test_setup_refuses_a_bad_seed_with_a_clear_message() -> None:
    with pytest.raises(SetupError, match="whole number"):
        make_setup("standard", 2, [], [HUMAN, HUMAN], "abc", False, 1)
    assert make_setup("standard", 2, [], [HUMAN, HUMAN], " 42 ", False, 1).seed == 42


def test_open_play_is_only_a_team_option() -> None:
    assert make_setup("team", 4, [], [HUMAN] * 4, "", True, 1).options == {"open": True}
    assert make_setup("standard", 4, [], [HUMAN] * 4, "", True, 1).options == {}


def test_one_person_always_sees_their_own_rack() -> None:
    seats = ["casual", HUMAN]
    assert rack_owner(seats, current=0, revealed=None) == 1
    assert not needs_pass_screen(seats, 1, None)


def test_hot_seat_hides_racks_until_the_next_person_confirms() -> None:
    seats = [HUMAN, "casual", HUMAN]
    assert needs_pass_screen(seats, 0, None)
    assert rack_owner(seats, 0, None) is None
    assert rack_owner(seats, 0, 0) == 0
    assert rack_owner(seats, 1, 0) is None  # a bot's turn shows nobody's rack
    assert needs_pass_screen(seats, 2, 0)


def _play(game, moves: int) -> None:  # type: ignore[no-untyped-def]
    bot = make_bot("beginner", seed=3)
    for _ in range(moves):
        game.apply(bot.choose(game.view(game.current)))


def test_undo_goes_back_to_the_start_of_the_persons_last_turn() -> None:
    game = new_game("standard", players=2, seed=5)
    seats = [HUMAN, "casual"]
    assert undo_target(game.log, seats, 2) is None
    _play(game, 3)  # person, bot, person
    seats_turns = [e["seat"] for e in game.log]
    target = undo_target(game.log, seats, 2)
    assert target is not None and seats_turns[target] == 0
    assert target == max(
        i for i, s in enumerate(seats_turns) if s == 0 and (i == 0 or seats_turns[i - 1] != 0)
    )


def test_no_undo_with_two_people_at_the_table() -> None:
    game = new_game("standard", players=2, seed=5)
    _play(game, 2)
    assert undo_target(game.log, [HUMAN, HUMAN], 2) is None


def test_redo_stops_where_a_person_begins_a_turn() -> None:
    """A person begins a turn when it is their move and the last move was someone else's
    (or nobody's); a bonus placement or a swap decision continues the same turn."""
    seats = [HUMAN, "casual"]
    assert turn_start([], seats, 0, "place", 2)
    assert not turn_start([{"seat": 0}], seats, 0, "place", 2)  # a bonus tile is due
    assert turn_start([{"seat": 1}], seats, 0, "place", 2)
    assert not turn_start([{"seat": 0}], seats, 1, "place", 2)  # the bot's turn
    assert not turn_start([{"seat": 1}], seats, 0, "over", 2)
    assert turn_start([{"seat": 0}], [HUMAN], 0, "place", 1)  # solo: every move is a turn


def test_seat_rows_keep_what_was_typed_and_show_names_as_text() -> None:
    """Both start forms (board game, prefix ""; challenges, "ch-") build their seat rows
    here: typed names and choices survive a change of player count, a new seat is a
    casual bot, markup in a name stays text."""
    from web.play.session import seat_rows_html

    html = seat_rows_html("ch-", 3, ("casual", "strong"), [('<b>"Ann"</b>', "strong")])
    assert 'id="ch-seat-name-0"' in html and 'id="ch-seat-kind-2"' in html
    assert "&lt;b&gt;&quot;Ann&quot;&lt;/b&gt;" in html and "<b>" not in html
    rows = html.split('<div class="seat">')[1:]
    assert len(rows) == 3
    assert '<option value="strong" selected>' in rows[0]
    assert '<option value="casual" selected>' in rows[1] and "Bot: strong" in rows[1]
    team = seat_rows_html("", 4, ("casual",), [], ["Team A", "Team B", "Team A", "Team B"])
    assert team.count("Team B") == 2 and '<option value="human" selected>' in team
