"""Score boards show the engine's tracks, mark the lowest colour, and use the right scale."""

from engine import new_game
from web.ui.scoreboard import board_html, label_text, track_states, value_text


def test_standard_tracks_are_0_to_18_and_flag_every_lowest_colour() -> None:
    view = new_game("standard", players=3, seed=1).view(None)
    view["scores"][1] = [4, 2, 2, 9, 18, 3]
    states = [s for s in track_states(view) if s.side == 1]
    assert {s.high for s in states} == {18}
    assert [s.colour for s in states if s.lowest] == ["green", "blue"]
    html = board_html(view)
    assert html.count('class="score-card"') == 3
    assert 'data-side="1" data-colour="yellow" data-value="18"' in html


def test_solo_and_team_use_double_tracks() -> None:
    assert {s.high for s in track_states(new_game("solo", players=1, seed=1).view(0))} == {36}
    team = new_game("team", players=4, seed=1).view(0)
    assert {s.side for s in track_states(team)} == {0, 1}
    assert "Team A" in board_html(team)


def test_duel_track_runs_from_seat_0_nine_to_seat_1_nine() -> None:
    view = new_game("duel", players=2, seed=1, names=["Ann", "Bob"]).view(0)
    view["scores"][0] = [9, -3, 0, 0, 0, 0]
    view["tokens"] = [0, None, None, None, None, None]
    red, green = track_states(view)[:2]
    assert red.position == 0.0 and green.position == 12 / 18
    assert value_text(red) == "◀ 9" and value_text(green) == "3 ▶"
    assert label_text(red, view["names"]) == "red: 9 on Ann's side"
    html = board_html(view)
    assert "holds the red token" in html and "holds the green token" not in html


def test_the_duel_board_explains_its_tokens_in_a_legend() -> None:
    """A coin beside a duel track is explained under the tracks (and only in the duel)."""
    duel = board_html(new_game("duel", players=2, seed=1, names=["Ann", "Bob"]).view(0))
    assert 'class="duel-legend"' in duel and "holds the colour" in duel and "token" in duel
    standard = board_html(new_game("standard", players=2, seed=1, names=["Ann", "Bob"]).view(0))
    assert "duel-legend" not in standard
