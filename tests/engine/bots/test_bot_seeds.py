"""The held-out deals (engine.bots.seeds): the arena seeds whose deals no tuning plays,
and the training deals, which never meet them."""

from __future__ import annotations

import pytest

from engine.bots.seeds import (
    ARENA_SEED_STEP,
    HELD_OUT_ARENA_SEEDS,
    HELD_OUT_DEALS,
    TRAINING_GAME_SEEDS,
    check_tuning_game_seed,
    check_tuning_seed,
    is_held_out_arena_seed,
    is_held_out_game_seed,
)
from engine.tools.arena import game_seed


def test_the_held_out_game_seeds_are_the_arenas_deals_of_the_held_out_seeds() -> None:
    """The rule is the arena's own: deal d of arena seed S is game seed S * step + d, so
    every deal of a held-out seed is a held-out game seed and no deal of another seed is."""
    assert game_seed(1, 0) == ARENA_SEED_STEP
    for seed in (HELD_OUT_ARENA_SEEDS.start, 1500, HELD_OUT_ARENA_SEEDS.stop - 1):
        for deal in (0, 1, 99, HELD_OUT_DEALS - 1):
            assert is_held_out_game_seed(game_seed(seed, deal))
        assert not is_held_out_game_seed(game_seed(seed, HELD_OUT_DEALS))
    for seed in (1, 2, 3, 9, 999, HELD_OUT_ARENA_SEEDS.stop, 2999):
        assert not is_held_out_arena_seed(seed)
        for deal in (0, 1, 99, 5_000):
            assert not is_held_out_game_seed(game_seed(seed, deal))


def test_the_training_deals_never_meet_a_held_out_one() -> None:
    """The training range lies beyond every held-out deal, and beyond every deal of the
    arena seeds below 3,000 (those the docs and tuning use)."""
    held_high = HELD_OUT_ARENA_SEEDS.stop * ARENA_SEED_STEP
    assert TRAINING_GAME_SEEDS.start >= held_high
    assert TRAINING_GAME_SEEDS.start > game_seed(2999, ARENA_SEED_STEP - 1)
    assert not is_held_out_game_seed(TRAINING_GAME_SEEDS.start)
    assert not is_held_out_game_seed(TRAINING_GAME_SEEDS.stop - 1)


def test_a_tuning_tool_refuses_a_held_out_seed() -> None:
    assert check_tuning_seed(7) == 7
    with pytest.raises(ValueError, match="held out"):
        check_tuning_seed(1000)
    with pytest.raises(ValueError, match="held-out deal"):
        check_tuning_game_seed(game_seed(1234, 5))
    assert check_tuning_game_seed(TRAINING_GAME_SEEDS.start) == TRAINING_GAME_SEEDS.start
