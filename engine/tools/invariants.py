"""Invariants that hold in every reachable state, for tests and long soak runs.

``python -m engine soak --games 10000`` plays random games of every variant and
checks them after every move.
"""

from __future__ import annotations

from collections import Counter

from engine.rules.game import Game
from engine.rules.rng import Rng
from engine.rules.scoring import EMPTY
from engine.rules.tiles import RACK_SIZE, full_tile_set, make_tile

FULL_SET = Counter(full_tile_set())


def check(game: Game, previous: list[list[int]] | None = None) -> None:
    """Raise ``AssertionError`` naming the first invariant the game breaks."""
    on_board = Counter(make_tile(ca, cb) for _, _, ca, cb, _ in game.tiles)
    in_racks = Counter(t for rack in game.racks for t in rack)
    if on_board + in_racks + Counter(game.bag) != FULL_SET:
        raise AssertionError("the 120 tiles are not conserved (board + racks + bag)")
    limit = RACK_SIZE if game.variant.has_rack else 1
    if any(len(rack) > limit for rack in game.racks):
        raise AssertionError("a rack holds too many tiles")
    rules = game.variant
    for side in game.scores:
        if any(not rules.track_min <= v <= rules.track_max for v in side):
            raise AssertionError(f"a track left its range {rules.track_min}..{rules.track_max}")
    if previous is not None and rules.name != "duel":
        for old, new in zip(previous, game.scores, strict=True):
            if any(n < o for o, n in zip(old, new, strict=True)):
                raise AssertionError("a count fell")
    free = {
        k for k, (a, b) in enumerate(game.zone.pairs) if game.board[a] == game.board[b] == EMPTY
    }
    if set(game.free) != free or len(game.free) != len(free):
        raise AssertionError("the list of free pairs is out of date")
    if game.phase != "over" and not free:
        raise AssertionError("no free pair is left but the game goes on")


def random_move(game: Game, rng: Rng) -> str:
    """A uniformly chosen pair, rack tile and orientation (or a random swap decision)."""
    if game.phase == "swap":
        return ("swap", "pass")[rng.below(2)]
    pairs = game.free_pairs()
    a, b = pairs[rng.below(len(pairs))]
    rack = game.racks[game.current]
    x, y = rack[rng.below(len(rack))]
    if rng.below(2):
        x, y = y, x
    return game.placement_text((a, b, x, y))


def soak(games: int, seed: int = 0, check_saves: bool = True) -> dict[str, int]:
    """Play random games of every variant and player count, checking every invariant."""
    from engine.formats.save import dumps, loads

    setups = [
        ("standard", 2),
        ("standard", 3),
        ("standard", 4),
        ("solo", 1),
        ("team", 4),
        ("duel", 2),
    ]
    rng = Rng(seed)
    counts: Counter[str] = Counter()
    for n in range(games):
        variant, players = setups[n % len(setups)]
        game = Game.blank(variant, players, rng.next64() >> 1, None, None)
        game.deal()
        for _ in range(500):
            if game.over:
                break
            before = [s[:] for s in game.scores]
            game.apply(random_move(game, rng))
            check(game, before)
        else:
            raise AssertionError(f"game {n} ({variant}) did not end in 500 moves")
        if check_saves and loads(dumps(game)) != game:
            raise AssertionError(f"game {n} ({variant}) does not replay from its save")
        counts[variant] += 1
    return dict(counts)
