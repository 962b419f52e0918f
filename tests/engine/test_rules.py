"""Rules of the standard game (RULINGS: Standard game), checked one by one."""

import pytest

from engine import IllegalMoveError, new_game
from engine.rules.game import Game

from .helpers import colour, put_tile, set_rack, started, tile_count


def snapshot(game: Game) -> object:
    return (
        game.to_save(),
        game.board[:],
        [r[:] for r in game.racks],
        game.bag[:],
        [s[:] for s in game.scores],
        game.phase,
        game.current,
        game.pending,
        game.rng.state,
    )


# --- placement ---------------------------------------------------------------------------


def test_first_placement_must_touch_an_untouched_printed_symbol() -> None:
    """Rule: a player's first tile touches a printed symbol that no tile touches yet."""
    game = new_game("standard", 2, seed=1)
    set_rack(game, 0, [("red", "blue")] * 2)
    with pytest.raises(IllegalMoveError, match="first placement"):
        game.apply("0,0:red 1,0:blue")
    game.apply("0,-4:red 1,-4:blue")  # next to the printed red at 0,-5
    set_rack(game, 1, [("red", "blue")] * 2)
    with pytest.raises(IllegalMoveError, match="first placement"):
        game.apply("-1,-4:red -1,-3:blue")  # touches only the red symbol, already touched


def test_first_placement_rule_lifts_when_every_symbol_is_touched() -> None:
    """Rule: if no untouched printed symbol is left, any placement is allowed."""
    game = new_game("standard", 4, seed=2)
    # one tile next to each printed symbol, on the side toward the centre
    for q1, r1, q2, r2, c in [
        (0, -4, 0, -3, "red"),
        (4, -4, 3, -3, "green"),
        (4, 0, 3, 0, "blue"),
        (0, 4, 0, 3, "orange"),
        (-4, 4, -3, 3, "yellow"),
        (-4, 0, -3, 0, "purple"),
    ]:
        put_tile(game, q1, r1, c, q2, r2, c, seat=1)
    assert game.first_placement_cells() is None
    set_rack(game, 0, [("red", "blue")] * 6)
    game.apply("0,0:red 1,0:blue")


def test_placement_needs_two_adjacent_empty_cells_in_the_zone() -> None:
    """Rule: a tile covers two adjacent empty cells of the playing zone."""
    game = started()
    set_rack(game, 0, [("red", "blue")] * 6)
    with pytest.raises(IllegalMoveError, match="adjacent"):
        game.apply("0,0:red 2,0:blue")
    with pytest.raises(IllegalMoveError, match="outside the playing zone"):
        game.apply("6,0:red 5,1:blue")
    with pytest.raises(IllegalMoveError, match="not empty"):
        game.apply("0,-5:red 1,-5:blue")


def test_tile_must_come_from_the_rack_either_way_round() -> None:
    """Rule: the tile comes from the rack; either symbol may go on either cell."""
    game = started()
    set_rack(game, 0, [("red", "blue")] * 6)
    with pytest.raises(IllegalMoveError, match="no green/green tile"):
        game.apply("0,0:green 1,0:green")
    game.apply("0,0:blue 1,0:red")
    assert game.board[game.zone.index[(0, 0)]] == colour("blue")


@pytest.mark.parametrize(
    "bad",
    ["", "hello", "0,0:red", "0,0:red 1,0", "a,b:red 1,0:blue", "0,0:pink 1,0:red", 42, "swap"],
)
def test_illegal_moves_change_nothing(bad: object) -> None:
    """Rule: an illegal move raises an error naming the problem and leaves the game unchanged."""
    game = started()
    before = snapshot(game)
    with pytest.raises(IllegalMoveError):
        game.apply(bad)  # type: ignore[arg-type]
    assert snapshot(game) == before


# --- scoring, caps and bonuses ------------------------------------------------------------


def test_points_above_18_are_lost() -> None:
    """Rule: a colour never passes 18."""
    game = started()
    game.scores[0][colour("blue")] = 17
    set_rack(game, 0, [("red", "blue")] * 6)
    put_tile(game, 3, 0, "blue", 2, 0, "blue", seat=1)
    game.apply("4,0:blue 4,1:red")  # blue scores 1 (printed 5,0) + 2 (3,0 and 2,0) = 3
    assert game.scores[0][colour("blue")] == 18


def test_reaching_18_gives_a_bonus_placement_before_refilling() -> None:
    """Rule: reaching 18 gives one extra placement at once, from the rack, before refilling."""
    game = started()
    game.scores[0][colour("blue")] = 17
    set_rack(
        game,
        0,
        [
            ("red", "blue"),
            ("green", "green"),
            ("yellow", "yellow"),
            ("orange", "orange"),
            ("purple", "purple"),
            ("red", "red"),
        ],
    )
    event = game.apply("4,0:blue 4,1:red")
    assert event["bonus"] == 1
    assert game.current == 0 and game.phase == "place" and game.pending == 1
    assert len(game.racks[0]) == 5  # not refilled yet
    game.apply("0,0:green 1,0:green")
    assert game.current == 1 and len(game.racks[0]) == 6


def test_two_colours_reaching_18_give_two_bonus_placements() -> None:
    """Rule: a tile whose two colours both reach 18 gives two bonus placements."""
    game = started()
    game.scores[0][colour("blue")] = 17
    game.scores[0][colour("red")] = 17
    put_tile(game, 3, 1, "red", 2, 1, "yellow", seat=1)
    set_rack(
        game,
        0,
        [
            ("red", "blue"),
            ("green", "green"),
            ("yellow", "yellow"),
            ("orange", "orange"),
            ("purple", "purple"),
            ("green", "yellow"),
        ],
    )
    event = game.apply("4,0:blue 4,1:red")  # blue: printed 5,0; red: 3,1 to the west
    assert event["bonus"] == 2 and game.pending == 2
    game.apply("0,0:green 1,0:green")
    assert game.current == 0 and game.pending == 1


def test_a_double_reaching_18_gives_one_bonus() -> None:
    """Rule: the bonus is per colour that reaches 18, so a double gives at most one."""
    game = started()
    game.scores[0][colour("blue")] = 16
    set_rack(
        game,
        0,
        [
            ("blue", "blue"),
            ("green", "green"),
            ("yellow", "yellow"),
            ("orange", "orange"),
            ("purple", "purple"),
            ("red", "red"),
        ],
    )
    event = game.apply("4,0:blue 5,-1:blue")  # each symbol sees the printed blue at 5,0: 2 points
    assert game.scores[0][colour("blue")] == 18 and event["bonus"] == 1


def test_bonuses_chain() -> None:
    """Rule: a bonus placement can earn further bonuses."""
    game = started()
    game.scores[0][colour("blue")] = 17
    game.scores[0][colour("green")] = 17
    set_rack(
        game,
        0,
        [
            ("red", "blue"),
            ("green", "green"),
            ("yellow", "yellow"),
            ("orange", "orange"),
            ("purple", "purple"),
            ("red", "red"),
        ],
    )
    game.apply("4,0:blue 4,1:red")
    assert game.pending == 1
    game.apply("4,-4:green 4,-3:green")  # 4,-4 touches the printed green at 5,-5
    assert game.current == 0 and game.pending == 1


def test_bonuses_are_lost_when_the_rack_is_empty() -> None:
    """Rule: with an empty rack the remaining bonus placements are lost."""
    game = started()
    game.scores[0][colour("blue")] = 17
    set_rack(game, 0, [("red", "blue")])
    event = game.apply("4,0:blue 4,1:red")
    assert event["lost_bonus"] == 1
    assert game.current == 1 and len(game.racks[0]) == 6


# --- swap -------------------------------------------------------------------------------


def test_swap_is_offered_when_no_tile_shows_a_lowest_colour() -> None:
    """Rule: after the placements, with no rack tile showing a lowest colour, a swap is offered."""
    game = started()
    game.scores[0] = [5, 5, 0, 0, 5, 5]  # blue and orange lowest
    set_rack(
        game,
        0,
        [
            ("red", "red"),
            ("red", "green"),
            ("green", "green"),
            ("yellow", "purple"),
            ("purple", "purple"),
            ("red", "yellow"),
        ],
    )
    game.apply("0,0:red 1,0:red")
    assert game.phase == "swap" and game.current == 0
    assert "blue and orange" in (game.swap_reason or "")
    assert game.legal_moves() == ["swap", "pass"]
    old = sorted(game.racks[0])
    total = tile_count(game)
    game.apply("swap")
    assert game.current == 1 and len(game.racks[0]) == 6
    assert tile_count(game) == total
    assert all(t in game.bag for t in old)


def test_swap_draws_before_returning_the_old_tiles() -> None:
    """Rule: draw six new tiles, then return the old ones, so none of the old can come back."""
    for seed in range(30):
        game = started(seed=seed)
        game.scores[0] = [5, 5, 0, 5, 5, 5]
        set_rack(game, 0, [("red", "red")] * 5 + [("green", "green")])
        game.apply("0,0:red 1,0:red")
        assert game.bag.count((0, 0)) == 0  # the other four red doubles are on the rack
        game.apply("swap")
        assert (0, 0) not in game.racks[0]
        assert game.bag.count((0, 0)) == 4


def test_no_swap_when_a_tile_shows_a_lowest_colour() -> None:
    """Rule: one tile with a lowest colour on the rack means no swap."""
    game = started()
    game.scores[0] = [5, 5, 0, 5, 5, 5]
    set_rack(
        game,
        0,
        [
            ("red", "red"),
            ("blue", "green"),
            ("green", "green"),
            ("yellow", "purple"),
            ("purple", "purple"),
            ("red", "yellow"),
        ],
    )
    game.apply("0,0:red 1,0:red")
    assert game.phase == "place" and game.current == 1


def test_no_swap_with_fewer_than_six_tiles_in_the_bag() -> None:
    """Rule: the swap is only allowed while the bag holds at least six tiles."""
    game = started()
    game.scores[0] = [5, 5, 0, 5, 5, 5]
    set_rack(game, 0, [("red", "red")] * 5 + [("green", "green")])
    del game.bag[5:]
    game.apply("0,0:red 1,0:red")
    assert game.phase == "place" and game.current == 1


def test_declining_the_swap_refills() -> None:
    """Rule: 'pass' declines the swap; the rack is refilled to six."""
    game = started()
    game.scores[0] = [5, 5, 0, 5, 5, 5]
    set_rack(game, 0, [("red", "red")] * 5 + [("green", "green")])
    kept = sorted(game.racks[0])
    kept.remove((0, 0))
    game.apply("0,0:red 1,0:red")
    game.apply("pass")
    assert len(game.racks[0]) == 6 and all(kept.count(t) <= game.racks[0].count(t) for t in kept)


def test_placing_during_the_swap_offer_is_refused() -> None:
    """Rule: the swap decision comes first; the game is unchanged by a wrong move."""
    game = started()
    game.scores[0] = [5, 5, 0, 5, 5, 5]
    set_rack(game, 0, [("red", "red")] * 5 + [("green", "green")])
    game.apply("0,0:red 1,0:red")
    with pytest.raises(IllegalMoveError, match="swap"):
        game.apply("2,0:red 3,0:red")


# --- end of the game ------------------------------------------------------------------------


def test_game_ends_in_the_middle_of_a_turn_when_no_pair_is_left() -> None:
    """Rule: the game ends as soon as no two adjacent empty cells remain, even during bonuses."""
    game = started()
    game.scores[0][colour("blue")] = 17
    set_rack(game, 0, [("red", "blue")] * 6)
    empty = [game.zone.cells[c] for c, v in enumerate(game.board) if v == -1]
    keep = {(4, 0), (4, 1)}
    # fill every other cell one by one (single cells are allowed in a test set-up)
    for q, r in empty:
        if (q, r) not in keep:
            i = game.zone.index[(q, r)]
            game.board[i] = colour("purple")
            game._fill(i)
    event = game.apply("4,0:blue 4,1:red")
    assert event["bonus"] == 1 and game.phase == "over"
    assert "no two adjacent" in event["end"]


def test_all_six_at_18_wins_at_once() -> None:
    """Rule: a player with 18 in all six colours wins at once."""
    game = started()
    game.scores[0] = [18, 18, 17, 18, 18, 18]
    set_rack(game, 0, [("red", "blue")] * 6)
    game.apply("4,0:blue 4,1:red")
    assert game.phase == "over" and game.instant_winner == 0
    result = game.result()
    assert result["standings"][0]["name"] == "Player 1" and result["standings"][0]["place"] == 1


def test_turns_pass_to_the_left_and_racks_refill() -> None:
    """Rule: after a turn the rack is refilled to six and the next player moves."""
    game = started("standard", 3)
    move = game.legal_moves()[0]
    game.apply(move)
    assert game.current == 1 and len(game.racks[0]) == 6
