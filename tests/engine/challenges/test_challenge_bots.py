"""Challenge bots: legal, deterministic, blind to hidden information; the arena schema."""

import random

import pytest

from engine.challenges import new_challenge
from engine.challenges.bots import (
    card_game_from_view,
    expected_roll_value,
    make_challenge_bot,
    roll_probability,
)
from engine.challenges.tile_search import TileSearch
from engine.rules.rng import Rng
from engine.tools.challenges_arena import run_arena

LEVELS = ("casual", "strong")
VARIANTS = ("cards", "dice", "tiles")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_bot_plays_only_legal_moves_to_the_end(variant: str, level: str) -> None:
    game = new_challenge(variant, players=3, seed=21)
    bot = make_challenge_bot(level, seed=3, budget_ms=8)
    for _ in range(2000):
        if game.phase == "over":
            break
        move = bot.choose(game.view(game.current))
        assert move in game.legal_moves() or variant == "dice"
        game.apply(move)  # would raise if illegal
    assert game.phase == "over"


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_are_deterministic_for_a_seed(variant: str) -> None:
    game = new_challenge(variant, players=2, seed=4)
    view = game.view(game.current)
    for level in LEVELS:
        first = make_challenge_bot(level, seed=9, budget_ms=8).choose(view)
        again = make_challenge_bot(level, seed=9, budget_ms=8).choose(view)
        assert first == again


def test_card_bot_does_not_peek_at_other_hands_or_the_deck() -> None:
    """Same view, different hidden cards, same seed: the same move."""
    game = new_challenge("cards", players=2, seed=31)
    twin = new_challenge("cards", players=2, seed=31)
    state = twin._state
    # Swap the opponent's hand with the top of the deck, then reorder the deck.
    state.hands[1], state.deck[-6:] = state.deck[-6:], state.hands[1]
    random.Random(1).shuffle(state.deck)
    assert twin.full_state() != game.full_state()
    assert twin.view(0) == game.view(0)
    for level in LEVELS:
        a = make_challenge_bot(level, seed=5, budget_ms=12).choose(game.view(0))
        b = make_challenge_bot(level, seed=5, budget_ms=12).choose(twin.view(0))
        assert a == b


@pytest.mark.parametrize("variant", ("dice", "tiles"))
def test_dice_and_tile_bots_do_not_peek_at_the_random_generator(variant: str) -> None:
    """The generator state is hidden (it decides future rolls and draws)."""
    game = new_challenge(variant, players=2, seed=12)
    twin = game.copy()
    twin._state.rng = Rng(987654321)
    assert twin.view(0) == game.view(0)
    for level in LEVELS:
        a = make_challenge_bot(level, seed=2, budget_ms=12).choose(game.view(0))
        b = make_challenge_bot(level, seed=2, budget_ms=12).choose(twin.view(0))
        assert a == b


def test_determinised_card_game_matches_the_view() -> None:
    game = new_challenge("cards", players=3, seed=2)
    view = game.view(1)
    rebuilt, state = card_game_from_view(view, Rng(1))
    rebuilt._state = state
    assert rebuilt.view(1) | {"legal_moves": []} == view | {"legal_moves": []}
    assert rebuilt.card_count() == 60


def test_roll_probabilities_sum_to_one() -> None:
    from itertools import combinations_with_replacement

    for dice in (2, 3, 4):
        total = sum(roll_probability(r) for r in combinations_with_replacement(range(6), dice))
        assert total == pytest.approx(1.0)


def test_rerolls_raise_the_expected_value() -> None:
    """With a re-roll to come, a roll is worth at least as much as without."""
    values = {(a,): float(a) for a in range(6)}
    plain = expected_roll_value(values, 1, 0)
    assert plain == pytest.approx(2.5)
    assert expected_roll_value(values, 1, 1) == pytest.approx((3 * 2.5 + 3 + 4 + 5) / 6)


def test_strong_dice_bot_rerolls_a_worthless_roll() -> None:
    """No match and no wild: re-rolling is worth more than scoring nothing."""
    game = new_challenge("dice", players=2, seed=1)
    state = game._state
    state.dice = [[0, 1, 2, 3], [4, 4, 5, 5]]
    state.rows[0] = [1, 1, 1, 1, 1, 1]
    assert make_challenge_bot("strong", seed=1).choose(game.view(0)) == "reroll"
    state.rerolls_left = 0
    assert make_challenge_bot("strong", seed=1).choose(game.view(0)) != "reroll"


def test_tile_search_stops_when_the_next_draw_is_likely_to_bust() -> None:
    """Red and green in the centre, green drawn, one red tile left in a pool of 101: the
    next draw busts with a chance of 100/101, so banking the green is worth more."""
    search = TileSearch(
        seat=0,
        rows=((0,) * 6, (0,) * 6),
        centre=(1, 1, 0, 0, 0, 0),
        pool=(1, 20, 20, 20, 20, 20),
        target=7,
        pending=False,
    )
    green = 1 << 1
    assert search.score_value(green) > search.draw_value(search.pool, green)


def test_tile_search_values_are_chances_of_winning() -> None:
    """Every move's value is a probability, and a move that completes the rows is worth 1."""
    search = TileSearch(
        seat=0,
        rows=((7, 7, 7, 7, 7, 5), (3,) * 6),
        centre=(0, 0, 0, 0, 0, 2),
        pool=(10,) * 6,
        target=7,
        pending=False,
    )
    assert search.move_value("free:purple") == 1.0
    assert 0.0 <= search.move_value("draw") <= 1.0


@pytest.mark.parametrize(
    ("next_player_row", "expected"),
    [([3, 3, 0, 3, 3, 3], "draw"), ([0, 3, 3, 3, 3, 3], "score")],
)
def test_strong_tile_bot_pushes_on_rather_than_leave_a_free_score(
    next_player_row: list[int], expected: str
) -> None:
    """Drawn red with four blue tiles in the centre, and blue most of the pool. Stopping
    banks two red points but leaves the four blues: if blue is the next player's lowest
    row, that is a free score of four for them, so the strong bot draws on (likely a blue,
    which takes them); otherwise it stops."""
    game = new_challenge("tiles", players=2, seed=4)
    state = game._state
    state.centre, state.front, state.phase = [0, 2, 2, 2, 2], [0], "drawing"
    state.pool = [19, 3, 17, 3, 3, 3]
    state.rows = [[2, 3, 3, 3, 3, 3], next_player_row]
    view = game.view(0)
    assert make_challenge_bot("strong", seed=1).choose(view) == expected
    assert make_challenge_bot("casual", seed=1).choose(view) == "score"


def test_unknown_bot_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_challenge_bot("genius", seed=1)


def test_arena_report_has_the_board_game_arena_schema() -> None:
    """`python -m engine arena --variant tiles` reports exactly as for the board game, so
    one table and one JSON reader serve both."""
    from engine.tools.arena import run_arena as run_board_arena

    report = run_arena("tiles", 2, ["strong", "casual"], games=4, seed=3, budget_ms=5)
    board = run_board_arena("standard", 2, ["casual", "beginner"], games=1, seed=3)
    assert set(report) == set(board)
    assert set(report["bots"]["strong"]) == set(board["bots"]["casual"])
    assert report["variant"] == "tiles" and report["players"] == 2 and report["games"] == 4
    for name in ("strong", "casual"):
        entry = report["bots"][name]
        assert entry["games"] == 4 and entry["moves"] > 0
        lo, hi = entry["ci95"]
        assert 0.0 <= lo <= entry["win_rate"] <= hi <= 1.0
    assert report["bots"]["strong"]["wins"] + report["bots"]["casual"]["wins"] == pytest.approx(4)
    assert report["fair_share"] == 0.5 and report["result_measure"] == "lowest row"


def test_arena_is_reproducible() -> None:
    a = run_arena("dice", 2, ["casual", "casual"], games=2, seed=8, budget_ms=5)
    b = run_arena("dice", 2, ["casual", "casual"], games=2, seed=8, budget_ms=5)
    for report in (a, b):
        report.pop("seconds")
        for entry in report["bots"].values():
            entry.pop("ms_per_move")
            entry.pop("ms_longest_move")
    assert a == b
