"""The browser's ceiling on a bot's thinking time (``time_limit_ms``).

The budget is a rollout count, so a slow device would think for longer than the level's
budget; with a time limit the search stops at the limit and plays its best candidate so
far. Without one no clock is read and the move depends on the seed and view alone. A
fake clock stands in for time, so these tests do not depend on the machine's speed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.bots.scan import Position
from engine.bots.search import Search
from engine.rules.game import Game


def mid_game(players: int, seed: int, turns: int) -> Game:
    game = new_game("standard", players=players, seed=seed)
    casual = make_bot("casual", seed=seed)
    for _ in range(turns):
        game.apply(casual.choose(game.view(game.current)))
    return game


def counting(bot: Search) -> list[int]:
    """Count the bot's rollouts (a one-item list, updated in place)."""
    count = [0]
    inner = bot.rollout

    def rollout(*args: Any) -> float:
        count[0] += 1
        return inner(*args)

    bot.rollout = rollout  # type: ignore[method-assign]
    return count


def ticking(step_s: float) -> Callable[[], float]:
    """A clock that moves on ``step_s`` seconds each time it is read."""
    now = [0.0]

    def clock() -> float:
        now[0] += step_s
        return now[0]

    return clock


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_past_the_limit_the_search_stops_after_one_world(level: str) -> None:
    """Each read of the clock here is a second: the 500 ms limit is past after the first
    world, so every candidate has one rollout and the best of them is played."""
    game = mid_game(2, seed=5, turns=6)
    view = game.view(game.current)
    full = make_bot(level, seed=3, budget_ms=200)
    assert isinstance(full, Search)
    full_count = counting(full)
    full.choose(view)

    bot = make_bot(level, seed=3, budget_ms=200, time_limit_ms=500)
    assert isinstance(bot, Search)
    bot.clock = ticking(1.0)  # type: ignore[method-assign]
    count = counting(bot)
    move = bot.choose(view)
    assert move in game.legal_moves()
    candidates = len(bot.candidates(Position(game), game.current))
    assert count[0] == candidates
    assert full_count[0] > 4 * candidates
    assert bot.stopped_on_clock and not full.stopped_on_clock


def test_the_search_stops_before_a_world_that_would_end_past_the_limit() -> None:
    """Each world takes 70 ms on this clock: the search stops while another world still
    fits, so the move is answered inside the 1 s limit, not one world after it."""
    game = mid_game(2, seed=9, turns=5)
    reads: list[float] = []
    tick = ticking(0.07)

    def clock() -> float:
        reads.append(tick())
        return reads[-1]

    bot = make_bot("strong", seed=4, budget_ms=5000, time_limit_ms=1000)
    assert isinstance(bot, Search)
    bot.clock = clock  # type: ignore[method-assign]
    assert bot.choose(game.view(game.current)) in game.legal_moves()
    deadline = reads[0] + 1.0
    assert reads[-1] <= deadline
    assert reads[-1] + 0.07 >= deadline - 1e-9  # and it used the time it had


def test_within_the_limit_the_move_is_the_one_without_a_clock() -> None:
    """A machine fast enough for the budget never reaches the limit: same move, same work."""
    game = mid_game(3, seed=8, turns=7)
    view = game.view(game.current)
    plain = make_bot("expert", seed=2, budget_ms=150)
    assert isinstance(plain, Search)
    plain_count = counting(plain)
    limited = make_bot("expert", seed=2, budget_ms=150, time_limit_ms=2000)
    assert isinstance(limited, Search)
    limited.clock = ticking(0.0)  # type: ignore[method-assign]
    limited_count = counting(limited)
    assert limited.choose(view) == plain.choose(view)
    assert limited_count[0] == plain_count[0]
    assert not limited.stopped_on_clock


def test_without_a_limit_no_clock_is_read() -> None:
    """The arena and the tests stay reproducible on any machine: the clock is never read."""

    def no_clock() -> float:
        raise AssertionError("the clock was read without a time limit")

    game = mid_game(2, seed=1, turns=4)
    bot = make_bot("strong", seed=1, budget_ms=50)
    assert isinstance(bot, Search)
    bot.clock = no_clock  # type: ignore[method-assign]
    assert bot.choose(game.view(game.current)) in game.legal_moves()


@pytest.mark.parametrize("limit", [0, -5, float("nan")])
def test_a_time_limit_must_be_a_positive_number(limit: float) -> None:
    with pytest.raises(ValueError, match="time limit"):
        make_bot("strong", time_limit_ms=limit)
