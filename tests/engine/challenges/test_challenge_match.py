"""The match tally: after each challenge every player gains their lowest row in victory points."""

import random

import pytest

from engine.challenges.match import load_match, new_match
from engine.rules.errors import IllegalMoveError, SaveFormatError


def play_match(challenges: list[str], players: int, seed: int) -> tuple[object, list[list[int]]]:
    match = new_match(challenges, players=players, seed=seed)
    chooser = random.Random(seed)
    lowest_per_game: list[list[int]] = []
    while not match.over:
        game = match.game
        match.apply(chooser.choice(match.legal_moves()))
        if game.phase == "over":
            lowest_per_game.append([min(row) for row in game.rows])
    return match, lowest_per_game


def test_tally_adds_each_players_lowest_row_after_each_challenge() -> None:
    match, lows = play_match(["cards", "dice", "tiles"], players=3, seed=4)
    assert len(lows) == 3
    assert match.tally == [sum(game[seat] for game in lows) for seat in range(3)]  # type: ignore[attr-defined]


def test_highest_total_wins_and_equal_totals_share() -> None:
    match, _ = play_match(["tiles", "tiles"], players=2, seed=8)
    result = match.result()  # type: ignore[attr-defined]
    best = max(result["tally"])
    assert result["over"]
    assert result["winners"] == [seat for seat in range(2) if result["tally"][seat] == best]


def test_match_save_round_trip_mid_match() -> None:
    match = new_match(["tiles", "cards"], players=2, seed=2)
    chooser = random.Random(1)
    while match.index == 0 or len(match.game.moves) < 5:
        match.apply(chooser.choice(match.legal_moves()))
    again = load_match(match.to_save())
    assert again.tally == match.tally and again.index == match.index
    assert again.game.full_state() == match.game.full_state()


def test_match_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown challenge"):
        new_match(["poker"], players=2)
    with pytest.raises(SaveFormatError, match="exactly the fields"):
        load_match({"format": "ingenious-challenge-match"})
    match, _ = play_match(["dice"], players=2, seed=1)
    with pytest.raises(IllegalMoveError, match="over"):
        match.apply("reroll")  # type: ignore[attr-defined]
