"""The Challenges card of the start screen: its checks, its form state and what it shows."""

from __future__ import annotations

import pytest

from web.challenges.setup import SetupForm, form_model, make_setup
from web.play.session import HUMAN, SetupError


def test_empty_names_become_seat_names_and_an_empty_seed_is_random() -> None:
    """Blank names are filled in by seat and kind; no seed means the fresh one."""
    setup = make_setup("dice", [], 2, ["", " Ann  "], [HUMAN, "strong"], "", True, 12345)
    assert setup.names == ["Player 1", "Ann"]
    assert setup.seed == 12345
    assert setup.options() == {"dice": {"start_rule": True}}


@pytest.mark.parametrize(
    ("kind", "games", "names", "seed", "message"),
    [
        ("match", ["dice"], ["", ""], "", "at least two"),
        ("cards", [], ["Bo", "bo"], "", "same name"),
        ("cards", [], ["", ""], "1e5", "whole number"),
        ("poker", [], ["", ""], "", "Choose cards"),
    ],
)
def test_bad_setup_choices_are_refused_with_a_reason(kind, games, names, seed, message) -> None:
    """Each start-screen mistake gets a message naming it."""
    with pytest.raises(SetupError, match=message):
        make_setup(kind, games, 2, names, [HUMAN, HUMAN], seed, False, 1)


def test_a_match_keeps_the_ticked_games_in_order() -> None:
    setup = make_setup("match", ["tiles", "cards"], 3, ["", "", ""], [HUMAN] * 3, "4", False, 1)
    assert setup.challenges == ["tiles", "cards"]
    assert setup.is_match


def test_the_form_follows_its_inputs_and_ignores_unknown_ones() -> None:
    """Each input changes its own field; a value the form does not offer changes nothing."""
    form = SetupForm()
    form = form.changed("ch-kind", "match", True)
    form = form.changed("ch-match-dice", "dice", False)
    form = form.changed("ch-players", "3", False)
    form = form.changed("ch-seat-name-2", "Zoe", False)
    form = form.changed("ch-seat-kind-1", "strong", False)
    form = form.changed("ch-seed", "77", False)
    assert (form.kind, form.games, form.players, form.seed) == (
        "match",
        ("cards", "tiles"),
        3,
        "77",
    )
    assert form.seats[:3] == (("", HUMAN), ("", "strong"), ("Zoe", "casual"))
    for field_id, value in [
        ("ch-kind", "poker"),
        ("ch-players", "9"),
        ("ch-seat-kind-0", "expert"),
        ("ch-seat-name-7", "X"),
        ("elsewhere", "1"),
    ]:
        assert form.changed(field_id, value, True) == form
    setup = form.setup(5)
    assert setup.challenges == ["cards", "tiles"] and setup.names[2] == "Zoe"


def test_names_typed_for_a_seat_survive_fewer_players_and_back() -> None:
    form = SetupForm().changed("ch-players", "4", False).changed("ch-seat-name-3", "Dee", False)
    back = form.changed("ch-players", "2", False).changed("ch-players", "4", False)
    assert 'value="Dee"' in form_model(back).seat_rows


def test_the_card_shows_match_games_and_the_dice_rule_only_when_they_apply() -> None:
    assert form_model(SetupForm()).match_games_hidden
    assert form_model(SetupForm()).start_rule_hidden
    dice = form_model(SetupForm(kind="dice"))
    assert dice.match_games_hidden and not dice.start_rule_hidden
    match = form_model(SetupForm(kind="match"))
    assert not match.match_games_hidden and not match.start_rule_hidden


def test_a_hostile_name_is_written_back_into_the_form_as_text() -> None:
    """The seat rows put a typed name back into its field escaped, quotes included."""
    hostile = '"><img src=x onerror=alert(1)>'
    rows = form_model(SetupForm().changed("ch-seat-name-0", hostile, False)).seat_rows
    assert "<img" not in rows
    assert 'value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"' in rows


def test_the_card_shows_the_challenge_being_played_after_menu() -> None:
    """A challenge continued or resumed puts its own choices on the card (a dice game of
    three, its names and bot levels, a match's games), so ☰ Menu does not show Cards and
    the defaults instead; a default name stays an empty field, the seed and the seats
    beyond its players stay as they were."""
    before = SetupForm(seed="42").changed("ch-seat-name-3", "Dee", False)
    dice = make_setup("dice", [], 3, ["Ann", "", ""], [HUMAN, "strong", "casual"], "7", True, 1)
    form = SetupForm.of(dice, before)
    assert (form.kind, form.players, form.start_rule, form.seed) == ("dice", 3, True, "42")
    assert form.seats[:3] == (("Ann", HUMAN), ("", "strong"), ("", "casual"))
    assert form.seats[3] == ("Dee", "casual")
    assert form.setup(5).names == dice.names and form.setup(5).seats == dice.seats
    match = make_setup("match", ["tiles", "cards"], 2, ["", ""], [HUMAN, "casual"], "", False, 1)
    again = SetupForm.of(match)
    assert (again.kind, again.games) == ("match", ("tiles", "cards"))
    assert again.setup(5).challenges == ["tiles", "cards"]
