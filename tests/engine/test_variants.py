"""Solo, team and duel rules (RULINGS: Solo, Team, Duel)."""

import pytest

from engine import IllegalMoveError, new_game

from .helpers import colour, put_tile, set_rack, started

# --- solo -------------------------------------------------------------------------------


def test_solo_draws_one_tile_each_turn_and_must_place_it() -> None:
    """Rule (solo): no rack and no swap; each turn draws one tile and places it."""
    game = new_game("solo", 1, seed=5)
    drawn = game.racks[0][0]
    moves = game.legal_moves()
    assert moves and all(
        {m.split()[0].split(":")[1], m.split()[1].split(":")[1]}
        == {("red", "green", "blue", "orange", "yellow", "purple")[c] for c in drawn}
        for m in moves
    )
    game.apply(moves[0])
    assert game.phase == "place" and len(game.racks[0]) == 1 and len(game.bag) == 118


def test_solo_track_stops_once_at_18_then_carries_on_to_36() -> None:
    """Rule (solo): passing 18 stops at exactly 18, the rest lost; later points go on to 36."""
    game = started("solo", 1)
    game.scores[0][colour("blue")] = 16
    put_tile(game, 3, 0, "blue", 2, 0, "blue")
    set_rack(game, 0, [("blue", "red")])
    game.apply("4,0:blue 4,1:red")  # 3 blue points: 16 -> 18, one lost
    assert game.scores[0][colour("blue")] == 18
    set_rack(game, 0, [("blue", "red")])
    game.apply("4,-1:blue 3,-1:red")  # SE reaches 4,0 and SW reaches 3,0: 2 points
    assert game.scores[0][colour("blue")] == 20


def test_solo_double_track_caps_at_36_and_gives_no_bonus() -> None:
    """Rule (solo): the double track ends at 36; there are no bonus placements."""
    game = started("solo", 1)
    game.scores[0][colour("blue")] = 35
    put_tile(game, 3, 0, "blue", 2, 0, "blue")
    set_rack(game, 0, [("blue", "red")])
    event = game.apply("4,0:blue 4,1:red")
    assert game.scores[0][colour("blue")] == 36 and event["bonus"] == 0
    assert game.phase == "place" and game.pending == 1


def test_solo_result_is_the_lowest_colour() -> None:
    """Rule (solo): the result is the lowest colour (0-36)."""
    game = started("solo", 1)
    game.scores[0] = [20, 19, 36, 25, 18, 30]
    game.phase = "over"
    assert game.result()["solo_result"] == 18


# --- team -------------------------------------------------------------------------------


def test_team_seats_alternate_and_share_tracks() -> None:
    """Rule (team): seats alternate teams A1, B1, A2, B2; partners score on one shared track."""
    game = started("team", 4)
    assert [game.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert len(game.scores) == 2
    set_rack(game, 0, [("red", "blue")])
    game.apply("4,0:blue 4,1:red")
    assert game.scores[0][colour("blue")] == 1 and game.scores[1] == [0] * 6


def test_team_bonus_at_18_and_again_at_36() -> None:
    """Rule (team): the placing player gets a bonus when a team colour reaches 18 and at 36."""
    game = started("team", 4)
    game.scores[1][colour("blue")] = 17
    game.current = 1
    set_rack(game, 1, [("red", "blue"), ("green", "green"), ("red", "red")])
    event = game.apply("4,0:blue 4,1:red")
    assert event["bonus"] == 1 and game.scores[1][colour("blue")] == 18
    game.apply("0,0:green 1,0:green")
    game.scores[1][colour("blue")] = 35
    game.current = 3
    game.pending = 1
    set_rack(game, 3, [("blue", "yellow"), ("red", "red")])
    event = game.apply("4,-1:blue 3,-1:yellow")  # SE: 4,0 blue
    assert event["bonus"] == 1 and game.scores[1][colour("blue")] == 36


def test_team_swap_looks_at_the_team_colours() -> None:
    """Rule (team): the swap rule looks at the team's lowest colours."""
    game = started("team", 4)
    game.scores[0] = [9, 9, 2, 9, 9, 9]
    set_rack(game, 0, [("red", "red"), ("red", "green")])
    game.apply("0,0:red 1,0:red")
    assert game.phase == "swap" and "blue" in (game.swap_reason or "")


def test_team_all_36_wins_at_once() -> None:
    """Rule (team): a team with 36 in all six colours wins at once."""
    game = started("team", 4)
    game.scores[0] = [36, 36, 35, 36, 36, 36]
    set_rack(game, 0, [("red", "blue")])
    game.apply("4,0:blue 4,1:red")
    assert game.phase == "over" and game.instant_winner == 0
    assert game.result()["standings"][0]["name"].startswith("Team A")


def test_team_racks_are_hidden_from_partners_unless_open() -> None:
    """Rule (team): partners do not see each other's racks unless the table chose open play."""
    closed = new_game("team", 4, seed=1)
    assert set(closed.view(0)["racks"]) == {"0"}
    opened = new_game("team", 4, seed=1, options={"open": True})
    assert set(opened.view(0)["racks"]) == {"0", "2"}


# --- duel -------------------------------------------------------------------------------


def test_duel_points_pull_the_shared_track_toward_the_scorer() -> None:
    """Rule (duel): each point moves the colour one step toward the scorer, stopping at 9."""
    game = started("duel", 2)
    game.scores[0][colour("blue")] = -1  # one step on seat 1's side
    set_rack(game, 0, [("red", "blue")])
    game.apply("4,0:blue 4,1:red")
    assert game.scores[0][colour("blue")] == 0  # from 1 on the other side back to 0
    game.scores[0][colour("blue")] = -8
    put_tile(game, 3, 0, "blue", 2, 0, "blue")
    set_rack(game, 1, [("red", "blue")])
    game.apply("4,-1:blue 3,-1:red")  # 1 point for seat 1
    assert game.scores[0][colour("blue")] == -9


def test_duel_reaching_9_takes_the_token_and_a_bonus() -> None:
    """Rule (duel): reaching your 9 takes the colour's token (from the supply or the opponent)
    and gives a bonus placement; while you hold the token you earn no bonus in that colour."""
    game = started("duel", 2)
    game.scores[0][colour("blue")] = 8
    game.tokens[colour("blue")] = 1
    set_rack(game, 0, [("red", "blue"), ("green", "green"), ("yellow", "yellow")])
    event = game.apply("4,0:blue 4,1:red")
    assert event["bonus"] == 1 and game.tokens[colour("blue")] == 0
    game.apply("0,0:green 1,0:green")
    # pushed back and reached again: the token is already ours, so no bonus
    game.scores[0][colour("blue")] = 8
    game.current, game.phase, game.pending = 0, "place", 1
    set_rack(game, 0, [("blue", "yellow"), ("red", "red")])
    event = game.apply("4,-1:blue 3,-1:yellow")
    assert game.scores[0][colour("blue")] == 9 and event["bonus"] == 0


def test_duel_exchange_returns_tiles_of_colours_on_your_nine() -> None:
    """Rule (duel): with colours on your 9 you may return every rack tile showing them, refill."""
    game = started("duel", 2)
    game.scores[0][colour("green")] = 9
    set_rack(game, 0, [("red", "red"), ("green", "blue"), ("green", "green"), ("yellow", "purple")])
    game.apply("0,0:red 1,0:red")
    assert game.phase == "swap" and "green" in (game.swap_reason or "")
    game.apply("swap")
    assert game.racks[0].count((colour("purple") - 1, colour("purple"))) >= 0
    assert (colour("yellow"), colour("purple")) in game.racks[0]
    assert len(game.racks[0]) == 6 and game.current == 1


def test_duel_no_exchange_without_a_colour_on_your_nine() -> None:
    """Rule (duel): the standard swap is replaced; no 9, no offer."""
    game = started("duel", 2)
    game.scores[0] = [0, 0, 0, 0, 0, 0]
    set_rack(game, 0, [("red", "red"), ("green", "green")])
    game.apply("0,0:red 1,0:red")
    assert game.phase == "place" and game.current == 1
    with pytest.raises(IllegalMoveError, match="no swap"):
        game.apply("swap")


def test_duel_all_six_on_your_side_wins_at_once() -> None:
    """Rule (duel): all six colours on your side at any moment wins at once."""
    game = started("duel", 2)
    game.scores[0] = [3, 2, 0, 1, 1, 1]
    set_rack(game, 0, [("red", "blue")])
    game.apply("4,0:blue 4,1:red")
    assert game.phase == "over" and game.result()["winner"] == 0
