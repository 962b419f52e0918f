"""Which deals may be tuned on, and which are held out for the figures (issue 54).

Figures measured on the deals a bot was tuned on flatter it (the start screen's four-player
figure fell from 2.15 to 2.43 on new deals). So the arena seeds in
:data:`HELD_OUT_ARENA_SEEDS` are held out: no tuning, fitting or choosing of settings ever
plays their deals, and every figure the start screen or docs/bots.md quotes comes from them.

An arena run with ``--seed S`` deals game ``d`` (its deal number) from the game seed
``S * 1_000_003 + d`` (``engine.tools.arena.game_seed``; a test holds the two to the same
rule), so the held-out deals are the game seeds of :func:`is_held_out_game_seed`: the
first :data:`HELD_OUT_DEALS` deals of each held-out seed (a run of 200 games plays 100
deals or fewer). The
tuning tools (``tools/train_value.py``, ``tools/learn_value.py``) refuse a held-out arena
seed, and the training's self-play deals come from :data:`TRAINING_GAME_SEEDS`, a range
that no arena seed below 3,000 reaches (``tests/engine/bots/test_bot_seeds.py``).
"""

from __future__ import annotations

#: Arena ``--seed`` values whose deals are held out from every tuning.
HELD_OUT_ARENA_SEEDS = range(1000, 2000)
#: The arena's step between seeds (``engine.tools.arena.game_seed``): deals per seed.
ARENA_SEED_STEP = 1_000_003
#: Deals of each held-out seed that the figures may play (and no tuning may).
HELD_OUT_DEALS = 1000
#: Game seeds of the self-play deals the training plays (``tools/train_value.py``).
TRAINING_GAME_SEEDS = range(4_000_000_000, 5_000_000_000)


def is_held_out_arena_seed(seed: int) -> bool:
    """Whether an arena seed's deals are held out."""
    return seed in HELD_OUT_ARENA_SEEDS


def is_held_out_game_seed(game_seed: int) -> bool:
    """Whether a game seed is one of the held-out arena seeds' deals."""
    seed, deal = divmod(game_seed, ARENA_SEED_STEP)
    return seed in HELD_OUT_ARENA_SEEDS and deal < HELD_OUT_DEALS


def check_tuning_seed(seed: int) -> int:
    """An arena seed a tuning tool may play: a held-out one is refused, by name."""
    if is_held_out_arena_seed(seed):
        raise ValueError(
            f"seed {seed} is held out for the figures (arena seeds"
            f" {HELD_OUT_ARENA_SEEDS.start}-{HELD_OUT_ARENA_SEEDS.stop - 1}): tune on another"
        )
    return seed


def check_tuning_game_seed(game_seed: int) -> int:
    """A game seed a tuning tool may deal from: a held-out deal is refused."""
    if is_held_out_game_seed(game_seed):
        raise ValueError(f"game seed {game_seed} is a held-out deal of the figures")
    return game_seed
