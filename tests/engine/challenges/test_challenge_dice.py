"""Dice Challenge rules."""

import pytest

from engine.challenges import COLOURS, new_challenge
from engine.challenges.dice import DiceChallenge
from engine.rules.errors import IllegalMoveError


def colours(*names: str) -> list[int | None]:
    return [COLOURS.index(name) for name in names]


def arranged(
    players: int,
    dice: list[list[int | None]],
    rows: list[int],
    options: dict[str, bool] | None = None,
) -> DiceChallenge:
    game = new_challenge("dice", players=players, seed=11, options=options or {})
    assert isinstance(game, DiceChallenge)
    state = game._state
    state.dice = [list(values) for values in dice]
    state.rows[0] = list(rows)
    state.current = 0
    state.rerolls_left = 2
    return game


def test_dice_per_player_by_player_count() -> None:
    """Four dice each with two players, three with three, two with four (9 dice in all)."""
    for players, count in ((2, 4), (3, 3), (4, 2)):
        view = new_challenge("dice", players=players, seed=1).view(0)
        assert [len(d) for d in view["dice"]] == [count] * players
        assert all(v is not None for d in view["dice"] for v in d)


def test_rulebook_example_red_star_and_two_green_discs() -> None:
    """Red matches A's two reds and B's one red (3 points); the greens either match
    A's green twice (2 points) or form one wild point."""
    dice = [
        colours("red", "green", "green"),
        colours("red", "red", "green"),
        colours("red", "blue", "yellow"),
    ]
    game = arranged(3, dice, rows=[1, 1, 1, 1, 1, 1])
    moves = game.legal_moves()
    assert "green green red" in moves or "red green green" in moves
    matched = arranged(3, dice, rows=[1, 1, 1, 1, 1, 1])
    matched.apply("red green green")
    assert matched.rows[0] == [4, 3, 1, 1, 1, 1]
    wild = arranged(3, dice, rows=[1, 1, 1, 1, 1, 1])
    wild.apply("red green+green=green")
    assert wild.rows[0] == [4, 2, 1, 1, 1, 1]
    wild_elsewhere = arranged(3, dice, rows=[1, 1, 1, 1, 1, 1])
    wild_elsewhere.apply("green+green=purple red")
    assert wild_elsewhere.rows[0] == [4, 1, 1, 1, 1, 2]


def test_own_dice_never_match_each_other() -> None:
    dice = [colours("blue", "blue", "red", "red"), colours("yellow", "yellow", "yellow", "yellow")]
    game = arranged(2, dice, rows=[1, 1, 1, 1, 1, 1])
    game.apply("blue blue red red")
    assert game.rows[0] == [1, 1, 1, 1, 1, 1]


def test_wild_pair_is_worth_one_point_in_any_colour() -> None:
    dice = [
        colours("blue", "blue"),
        colours("red", "green"),
        colours("red", "green"),
        colours("red", "green"),
    ]
    moves = arranged(4, dice, rows=[1] * 6).legal_moves()
    for colour in COLOURS:
        if colour != "blue":
            assert f"blue+blue={colour}" in moves
    game = arranged(4, dice, rows=[1] * 6)
    game.apply("blue+blue=orange")
    assert game.rows[0] == [1, 1, 1, 2, 1, 1]


@pytest.mark.parametrize(
    ("move", "expected_blue", "expected_purple"),
    [
        ("blue+blue+blue=purple", 1, 3),  # double wild: 2 points
        ("blue blue+blue=purple", 2, 2),  # wild of 2 plus one matched die (blue matches once)
        ("blue blue blue", 4, 1),  # all matched: 3 x 1
    ],
)
def test_three_equal_dice_splits(move: str, expected_blue: int, expected_purple: int) -> None:
    """Three equal dice: a wild worth 2, or a pair wild plus one matched die, or all matched."""
    dice = [
        colours("blue", "blue", "blue"),
        colours("blue", "red", "red"),
        colours("red", "red", "red"),
    ]
    game = arranged(3, dice, rows=[1] * 6)
    game.apply(move)
    assert game.rows[0][2] == expected_blue and game.rows[0][5] == expected_purple


@pytest.mark.parametrize(
    ("move", "gains"),
    [
        ("red+red+red+red=yellow", {"yellow": 3}),  # triple wild
        ("red red+red+red=yellow", {"red": 2, "yellow": 2}),  # double wild + one matched die
        ("red+red=yellow red+red=green", {"yellow": 1, "green": 1}),  # two single wilds
        ("red+red=yellow red+red=yellow", {"yellow": 2}),
        ("red red red+red=yellow", {"red": 4, "yellow": 1}),  # one pair wild, two matched
        ("red red red red", {"red": 6}),  # all matched: 4 x 2 offered, the row stops at 10
    ],
)
def test_four_equal_dice_splits(move: str, gains: dict[str, int]) -> None:
    """Four equal dice (two players): every split of the group scores as the rules say.
    The opponent shows two reds, so each matched red die is worth 2."""
    dice = [colours("red", "red", "red", "red"), colours("red", "red", "blue", "blue")]
    game = arranged(2, dice, rows=[4] * 6)
    game.apply(move)
    got = {c: v - 4 for c, v in zip(COLOURS, game.rows[0], strict=True) if v != 4}
    assert got == gains


def test_four_equal_dice_all_splits_are_offered() -> None:
    dice = [colours("red", "red", "red", "red"), colours("red", "red", "blue", "blue")]
    moves = arranged(2, dice, rows=[4] * 6).legal_moves()
    assert "red+red+red+red=yellow" in moves
    assert any("red+red+red=yellow" in m and m.count("red") == 4 for m in moves)
    assert "red+red=green red+red=yellow" in moves or "red+red=yellow red+red=green" in moves
    assert "red red red red" in moves


def test_resolution_must_use_every_die_once() -> None:
    dice = [colours("red", "red", "blue", "green"), colours("red", "red", "blue", "blue")]
    game = arranged(2, dice, rows=[1] * 6)
    before = game.full_state()
    for move, words in (
        ("red red blue", "each of your dice"),
        ("red red blue green green", "each of your dice"),
        ("red+blue=green red green", "same symbol"),
        ("red+red=pink blue green", "unknown wild colour"),
        ("red+red+red=blue green", "each of your dice"),
        ("blue+green=red red red", "same symbol"),
    ):
        with pytest.raises(IllegalMoveError, match=words):
            game.apply(move)
    assert game.full_state() == before


def test_order_of_dice_matters_under_the_area_restriction() -> None:
    """Raising the last row at 0 first opens 4-6 for the next die's points."""
    dice = [colours("green", "red", "blue", "blue"), colours("red", "red", "red", "green")]
    late = arranged(2, dice, rows=[3, 0, 1, 1, 1, 1])
    late.apply("red green blue blue")
    assert late.rows[0][:2] == [3, 1]
    early = arranged(2, dice, rows=[3, 0, 1, 1, 1, 1])
    early.apply("green red blue blue")
    assert early.rows[0][:2] == [6, 1]


def test_reroll_all_dice_at_most_twice() -> None:
    game = new_challenge("dice", players=2, seed=4)
    assert "reroll" in game.legal_moves()
    first = game.view(0)["dice"][0]
    game.apply("reroll")
    game.apply("reroll")
    assert game.view(0)["rerolls_left"] == 0 and "reroll" not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="twice"):
        game.apply("reroll")
    assert len(game.view(0)["dice"][0]) == len(first) == 4


def test_reroll_changes_only_the_current_players_dice() -> None:
    game = new_challenge("dice", players=3, seed=9)
    before = game.view(0)["dice"]
    game.apply("reroll")
    after = game.view(0)["dice"]
    assert after[1:] == before[1:]


def test_reaching_10_gives_one_bonus_turn_once_per_colour() -> None:
    dice = [colours("red", "red", "blue", "green"), colours("red", "red", "red", "red")]
    game = arranged(2, dice, rows=[7, 4, 6, 6, 6, 6])
    game.apply("red red blue green")
    assert game.rows[0][0] == 10 and game.current == 0 and game.view(0)["bonus_used"][0] == ["red"]
    used = arranged(2, dice, rows=[7, 4, 6, 6, 6, 6])
    used._state.bonus_used[0][0] = True
    used.apply("red red blue green")
    assert used.rows[0][0] == 10 and used.current == 1


def test_optional_start_rule_nobody_rolls_at_setup() -> None:
    """With the start rule the first player sees no other dice and can only score wilds."""
    game = new_challenge("dice", players=3, seed=2, options={"start_rule": True})
    view = game.view(0)
    assert all(v is None for v in view["dice"][1]) and all(v is None for v in view["dice"][2])
    assert all(v is not None for v in view["dice"][0])
    for move in game.legal_moves():
        if move == "reroll":
            continue
        trial = game.copy()
        trial.apply(move)
        assert sum(trial.rows[0]) <= 2  # wilds only: at most a double wild
    assert game.to_save()["options"] == {"start_rule": True}


def test_unknown_dice_option_is_refused() -> None:
    with pytest.raises(ValueError, match="start_rule"):
        new_challenge("dice", players=2, seed=1, options={"fast": True})
