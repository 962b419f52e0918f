"""Tile Challenge rules: the push-your-luck draw, scoring, free score, target, pool."""

import pytest

from engine.challenges import COLOURS, new_challenge
from engine.challenges.tiles import TileChallenge
from engine.rules.errors import IllegalMoveError
from engine.rules.rng import Rng

RED, GREEN, BLUE, ORANGE, YELLOW, PURPLE = range(6)


def arranged(
    players: int, centre: list[int], rows: list[int], pool_only: int | None = None
) -> TileChallenge:
    """Seat 0 to move with this centre.  ``pool_only`` leaves only that colour in
    the pool (the rest go to the box), which fixes the next draw."""
    game = new_challenge("tiles", players=players, seed=5)
    assert isinstance(game, TileChallenge)
    state = game._state
    state.pool = [21] * 6
    for tile in centre:
        state.pool[tile] -= 1
    state.centre = list(centre)
    state.front = []
    state.box = [0] * 6
    state.rows[0] = list(rows)
    state.current = 0
    state.phase = "turn"
    if pool_only is not None:
        only(game, pool_only)
    assert game.tile_counts() == [21] * 6
    return game


def only(game: TileChallenge, colour: int) -> None:
    """Fix the next draw to ``colour`` by picking a generator state that draws it."""
    state = game._state
    total = sum(state.pool)
    low = sum(state.pool[:colour])
    for seed in range(10_000):
        if low <= Rng(seed).below(total) < low + state.pool[colour]:
            state.rng = Rng(seed)
            return
    raise AssertionError("no generator state draws that colour")


def park_pool(game: TileChallenge, keep: dict[int, int]) -> None:
    """Leave only ``keep`` tiles in the pool; the rest go to the box (out of the game)."""
    state = game._state
    for c in range(6):
        moved = state.pool[c] - keep.get(c, 0)
        state.box[c] += moved
        state.pool[c] -= moved


def test_setup_three_face_up_tiles_and_126_tiles() -> None:
    game = new_challenge("tiles", players=3, seed=1)
    assert isinstance(game, TileChallenge)
    view = game.view(0)
    assert len(view["centre"]) == 3 and view["pool_size"] == 123
    assert game.tile_counts() == [21] * 6


def test_target_is_7_for_two_or_three_players_and_5_for_four() -> None:
    assert [new_challenge("tiles", players=p, seed=1).view(0)["target"] for p in (2, 3, 4)] == [
        7,
        7,
        5,
    ]


def test_rulebook_example_yellow_sun_then_green_disc() -> None:
    """Yellow matches the centre, green matches too, scoring takes the centre yellow
    and green: two points each; the blue star stays in the centre."""
    game = arranged(2, centre=[YELLOW, GREEN, BLUE], rows=[0] * 6, pool_only=YELLOW)
    game.apply("draw")
    assert game.phase == "drawing" and game.view(0)["drawn"] == ["yellow"]
    only(game, GREEN)
    game.apply("draw")
    assert game.view(0)["drawn"] == ["yellow", "green"]
    game.apply("score")
    assert game.rows[0] == [0, 2, 0, 0, 2, 0]
    view = game.view(0)
    assert view["centre"][0] == "blue" and view["box"]["yellow"] == 2 and view["box"]["green"] == 2
    assert game.current == 1
    assert game.tile_counts() == [21] * 6


def test_draw_matching_no_centre_tile_ends_the_turn() -> None:
    game = arranged(2, centre=[YELLOW, GREEN, BLUE], rows=[0] * 6, pool_only=RED)
    game.apply("draw")
    assert game.current == 1 and game.phase == "turn"
    assert game.view(0)["centre"] == ["yellow", "green", "blue", "red"]
    assert game.rows[0] == [0] * 6


def test_draw_repeating_a_symbol_drawn_this_turn_ends_the_turn() -> None:
    game = arranged(2, centre=[YELLOW, GREEN, BLUE], rows=[0] * 6, pool_only=YELLOW)
    game.apply("draw")
    only(game, YELLOW)
    game.apply("draw")
    assert game.current == 1 and game.phase == "turn"
    assert sorted(game.view(0)["centre"]) == sorted(["yellow", "green", "blue", "yellow", "yellow"])
    assert game.rows[0] == [0] * 6 and game.tile_counts() == [21] * 6


def test_matching_draw_lets_the_player_stop_and_score() -> None:
    game = arranged(2, centre=[YELLOW, YELLOW, BLUE], rows=[0] * 6, pool_only=YELLOW)
    game.apply("draw")
    assert game.legal_moves() == ["draw", "score"]
    game.apply("score")
    assert game.rows[0][YELLOW] == 3 and game.view(0)["centre"][:1] == ["blue"]


def test_empty_pool_while_drawing_leaves_only_score() -> None:
    game = arranged(2, centre=[YELLOW, GREEN, BLUE], rows=[0] * 6, pool_only=YELLOW)
    park_pool(game, {YELLOW: 1})
    game.apply("draw")
    assert game.legal_moves() == ["score"]
    with pytest.raises(IllegalMoveError, match="pool is empty"):
        game.apply("draw")


def test_centre_is_refilled_to_three_at_the_start_of_a_turn() -> None:
    game = arranged(2, centre=[YELLOW, GREEN, BLUE], rows=[0] * 6, pool_only=GREEN)
    game.apply("draw")
    game.apply("score")  # takes both greens; two tiles left in the centre before refilling
    assert len(game.view(1)["centre"]) == 3


def test_points_above_target_are_lost_and_the_tile_returns_to_the_pool() -> None:
    game = arranged(2, centre=[YELLOW, YELLOW, BLUE], rows=[1, 1, 1, 1, 6, 1], pool_only=YELLOW)
    game.apply("draw")
    game.apply("score")  # three yellow tiles, one point: two go back to the pool
    assert game.rows[0][YELLOW] == 7
    view = game.view(0)
    assert view["box"]["yellow"] == 1
    assert view["pool_colours"]["yellow"] + view["centre"].count("yellow") == 20
    assert game.tile_counts() == [21] * 6


def test_reaching_the_target_gives_a_bonus_turn() -> None:
    game = arranged(2, centre=[YELLOW, GREEN, BLUE], rows=[1, 1, 1, 1, 6, 1], pool_only=YELLOW)
    game.apply("draw")
    game.apply("score")
    assert game.current == 0 and game.phase == "turn"


def test_two_rows_reaching_the_target_give_two_bonus_turns() -> None:
    game = arranged(2, centre=[YELLOW, GREEN, BLUE], rows=[6, 6, 1, 1, 6, 1], pool_only=YELLOW)
    game.apply("draw")
    only(game, GREEN)
    game.apply("draw")
    game.apply("score")  # yellow and green reach 7
    assert game.current == 0 and game.view(0)["pending_bonus"] == 1


def test_bust_in_a_bonus_turn_keeps_the_remaining_bonus_turns() -> None:
    game = arranged(2, centre=[YELLOW, GREEN, BLUE], rows=[1] * 6, pool_only=RED)
    game._state.pending_bonus = 1
    game.apply("draw")  # red matches nothing: this turn ends, the bonus turn follows
    assert game.current == 0 and game.view(0)["pending_bonus"] == 0 and game.phase == "turn"


def test_free_score_takes_all_centre_tiles_of_a_lowest_row() -> None:
    game = arranged(2, centre=[BLUE, BLUE, RED], rows=[2, 3, 1, 1, 2, 2])
    assert sorted(game.legal_moves()) == ["draw", "free:blue"]
    game.apply("free:blue")
    assert game.rows[0][BLUE] == 3 and game.current == 1
    assert "blue" not in game.view(1)["centre"][:1]


def test_free_score_with_tied_lowest_rows_offers_each_shown_colour() -> None:
    game = arranged(2, centre=[BLUE, ORANGE, RED], rows=[2, 3, 1, 1, 2, 2])
    assert sorted(game.legal_moves()) == ["draw", "free:blue", "free:orange"]


def test_free_score_refused_for_other_rows_or_after_drawing() -> None:
    game = arranged(2, centre=[BLUE, RED, RED], rows=[2, 3, 1, 1, 2, 2], pool_only=RED)
    before = game.full_state()
    with pytest.raises(IllegalMoveError, match="lowest rows"):
        game.apply("free:red")
    with pytest.raises(IllegalMoveError, match="no centre tile"):
        game.apply("free:orange")
    with pytest.raises(IllegalMoveError, match="only after drawing"):
        game.apply("score")
    assert game.full_state() == before
    game.apply("draw")
    with pytest.raises(IllegalMoveError, match="already drawn"):
        game.apply("free:blue")


def test_win_when_every_row_reaches_the_target() -> None:
    game = arranged(4, centre=[BLUE, RED, RED], rows=[5, 5, 4, 5, 5, 5])
    game.apply("free:blue")
    assert game.phase == "over" and game.winner == 0
    assert game.result()["ended_by"] == "goal"


def test_game_ends_when_nobody_can_draw_or_take_a_free_score() -> None:
    """Our ruling for a dry pool: players who can do nothing pass; all pass, the game ends."""
    game = arranged(2, centre=[RED, GREEN, BLUE], rows=[2, 2, 2, 1, 1, 1], pool_only=RED)
    park_pool(game, {RED: 1})
    game._state.rows[1] = [1, 1, 1, 0, 0, 0]
    game.apply("draw")  # the last tile, red: matches the centre
    game.apply("score")
    assert game.phase == "over" and game.result()["ended_by"] == "pool empty"
    assert game.result()["winner"] is None
    assert [e["seat"] for e in game.result()["ranking"]] == [0, 1]


def test_unknown_tile_move_is_refused() -> None:
    game = new_challenge("tiles", players=2, seed=1)
    with pytest.raises(IllegalMoveError, match="unknown move"):
        game.apply("pass")
    with pytest.raises(IllegalMoveError, match="unknown colour"):
        game.apply("free:pink")
    assert COLOURS[RED] == "red"
