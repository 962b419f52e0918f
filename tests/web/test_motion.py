"""Reduced motion: no animation, a steady hint and a calmer default speed (web/board/motion.py)."""

import pytest

from web.board.motion import (
    DEFAULT_SPEED,
    HINT_STEADY,
    REDUCED_MOTION_SPEED,
    SPEED_NAMES,
    hint_alpha,
    motion_allowed,
    starting_speed,
)


def test_a_player_without_a_choice_starts_at_normal_or_fast_with_reduced_motion() -> None:
    assert starting_speed(None, prefers_reduced=False) == DEFAULT_SPEED == "normal"
    assert starting_speed(None, prefers_reduced=True) == REDUCED_MOTION_SPEED == "fast"


@pytest.mark.parametrize("speed", SPEED_NAMES)
@pytest.mark.parametrize("reduced", [False, True])
def test_a_chosen_speed_is_kept(speed: str, reduced: bool) -> None:
    assert starting_speed(speed, prefers_reduced=reduced) == speed


@pytest.mark.parametrize("stored", ["warp", "", 3, ["fast"]])
def test_a_broken_stored_speed_counts_as_no_choice(stored: object) -> None:
    assert starting_speed(stored, prefers_reduced=True) == "fast"
    assert starting_speed(stored, prefers_reduced=False) == "normal"


@pytest.mark.parametrize("speed", SPEED_NAMES)
def test_reduced_motion_stops_every_animation_at_every_speed(speed: str) -> None:
    assert not motion_allowed(speed, prefers_reduced=True)


def test_without_reduced_motion_only_instant_skips_the_animation() -> None:
    assert [s for s in SPEED_NAMES if motion_allowed(s, prefers_reduced=False)] == [
        "slow",
        "normal",
        "fast",
    ]


def test_the_hint_pulses_only_without_reduced_motion() -> None:
    times = [0.0, 150.0, 345.0, 700.0, 1000.0]
    assert {hint_alpha(t, prefers_reduced=True) for t in times} == {HINT_STEADY}
    pulsing = [hint_alpha(t, prefers_reduced=False) for t in times]
    assert max(pulsing) - min(pulsing) > 0.3
    assert all(0.15 <= a <= 0.75 for a in pulsing)
