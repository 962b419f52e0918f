"""Whole-game behaviour shared by the three challenges: saves, replay, undo/redo,
refused moves, hidden information in views, and properties of random games."""

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.challenges import load_challenge, new_challenge
from engine.challenges.cards import DECK_SIZE, CardChallenge
from engine.challenges.dice import DICE_PER_PLAYER, DiceChallenge
from engine.challenges.tiles import TileChallenge, target_for
from engine.rules.errors import IllegalMoveError, SaveFormatError

VARIANTS = ("cards", "dice", "tiles")


def play_random(variant: str, players: int, seed: int, steps: int, pick_seed: int = 0) -> Any:
    game = new_challenge(variant, players=players, seed=seed)
    chooser = random.Random(pick_seed)
    for _ in range(steps):
        if game.phase == "over":
            break
        game.apply(chooser.choice(game.legal_moves()))
    return game


def check_invariants(game: Any) -> None:
    """Rows stay in range, no card, die or tile is created or lost, views are JSON."""
    json.dumps(game.view(game.current))
    for row in game.rows:
        assert len(row) == 6
        top = target_for(game.players) if isinstance(game, TileChallenge) else 10
        assert all(0 <= value <= top for value in row)
    if isinstance(game, CardChallenge):
        assert game.card_count() == DECK_SIZE
        state = game.full_state()
        ids = [c for hand in state["hands"] for c in hand] + [c for f in state["faceup"] for c in f]
        ids += state["deck"] + state["discards"]
        assert sorted(ids) == list(range(DECK_SIZE))
        assert all(len(f) == (2 if game.players == 2 else 1) for f in state["faceup"])
        if game.phase != "over":
            assert all(len(hand) <= 6 for hand in state["hands"])
    elif isinstance(game, DiceChallenge):
        assert all(len(d) == DICE_PER_PLAYER[game.players] for d in game.view(0)["dice"])
        assert 0 <= game.view(0)["rerolls_left"] <= 2
    else:
        assert game.tile_counts() == [21] * 6
        if game.phase != "over":
            assert len(game.view(0)["centre"]) >= 3 or game.view(0)["pool_size"] == 0


@settings(max_examples=200, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    pick_seed=st.integers(0, 2**16),
)
def test_random_games_end_and_keep_invariants(
    variant: str, players: int, seed: int, pick_seed: int
) -> None:
    """Any sequence of legal moves ends the game, and the invariants hold after every move."""
    game = new_challenge(variant, players=players, seed=seed)
    chooser = random.Random(pick_seed)
    for _ in range(3000):
        if game.phase == "over":
            break
        moves = game.legal_moves()
        assert moves, "a running game always offers a move"
        game.apply(chooser.choice(moves))
        check_invariants(game)
    assert game.phase == "over"
    result = game.result()
    assert result["over"] and result["winners"]
    if result["ended_by"] == "goal":
        assert result["ranking"][0]["seat"] == game.winner


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_save_load_round_trip_replays_the_same_state(variant: str, players: int, seed: int) -> None:
    """A save (through JSON) replays to exactly the same state, hidden parts included."""
    game = play_random(variant, players, seed, steps=40, pick_seed=seed)
    data = json.loads(json.dumps(game.to_save()))
    again = load_challenge(data)
    assert again.full_state() == game.full_state()
    assert again.legal_moves() == game.legal_moves()
    assert [again.view(s) for s in range(players)] == [game.view(s) for s in range(players)]


def test_same_seed_and_moves_give_the_same_game() -> None:
    for variant in VARIANTS:
        a = play_random(variant, 3, 42, steps=60, pick_seed=1)
        b = play_random(variant, 3, 42, steps=60, pick_seed=1)
        assert a.full_state() == b.full_state()
        c = new_challenge(variant, players=3, seed=43)
        assert c.full_state() != new_challenge(variant, players=3, seed=42).full_state()


def test_save_has_the_documented_fields() -> None:
    game = new_challenge(
        "dice", players=2, seed=3, names=["Ann", "Bob"], options={"start_rule": True}
    )
    game.apply("reroll")
    assert game.to_save() == {
        "format": "ingenious-challenge",
        "version": 1,
        "variant": "dice",
        "players": 2,
        "names": ["Ann", "Bob"],
        "options": {"start_rule": True},
        "seed": 3,
        "moves": ["reroll"],
    }


def good_save() -> dict[str, Any]:
    game = play_random("tiles", 2, 9, steps=5)
    data: dict[str, Any] = game.to_save()
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("seed"), "lacks the field"),
        (lambda d: d.update(extra=1), "unknown field"),
        (lambda d: d.update(format="ingenious"), "format"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(variant="chess"), "unknown challenge"),
        (lambda d: d.update(variant=["cards"]), "unknown challenge"),
        (lambda d: d.update(variant={"cards": 1}), "unknown challenge"),
        (lambda d: d.update(players=5), "2-4 players"),
        (lambda d: d.update(players="2"), "players"),
        (lambda d: d.update(names=["A"]), "names"),
        (lambda d: d.update(names=["A", 5]), "must be a string"),
        (lambda d: d.update(options={"start_rule": True}), "no options"),
        (lambda d: d.update(seed=-1), "seed"),
        (lambda d: d.update(seed=True), "seed"),
        (lambda d: d.update(moves="draw"), "moves"),
        (lambda d: d["moves"].append("fly"), "move 6"),
    ],
)
def test_bad_saves_are_refused_with_a_clear_message(change: Any, words: str) -> None:
    data = good_save()
    change(data)
    with pytest.raises(SaveFormatError, match=words):
        load_challenge(data)


def test_names_in_a_save_are_cleaned_not_refused() -> None:
    """Names pass through engine.rules.names.clean_name: an empty or hostile name still loads."""
    data = good_save()
    data["names"] = ["", "\u202eEve\nX" + "y" * 60]
    game = load_challenge(data)
    assert game.names == ["Player 1", "Eve X" + "y" * 35]


def test_load_refuses_non_objects() -> None:
    with pytest.raises(SaveFormatError, match="JSON object"):
        load_challenge([1, 2])


@pytest.mark.parametrize("variant", VARIANTS)
def test_undo_restores_the_previous_state_and_redo_repeats_the_same_draws(variant: str) -> None:
    game = play_random(variant, 2, 17, steps=12)
    states = [game.full_state()]
    moves = game.moves
    for _ in range(5):
        game.undo()
        states.append(game.full_state())
    assert game.moves == moves[:-5]
    for _ in range(5):
        game.redo()
    assert game.full_state() == states[0] and game.moves == moves
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()


def test_a_new_move_clears_redo_and_undo_of_nothing_is_refused() -> None:
    game = new_challenge("tiles", players=2, seed=1)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    game.apply(game.legal_moves()[0])
    game.undo()
    assert game.can_redo
    game.apply(game.legal_moves()[-1])
    assert not game.can_redo


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**6),
    junk=st.one_of(
        st.text(max_size=30),
        st.sampled_from(
            [
                "reroll",
                "score",
                "free:red",
                "red-green",
                "discard",
                "keep",
                "red red red red",
                "draw",
            ]
        ),
    ),
)
def test_refused_moves_change_nothing(variant: str, seed: int, junk: str) -> None:
    """An illegal move raises IllegalMoveError and leaves state and history untouched."""
    game = play_random(variant, 2, seed, steps=seed % 20)
    before = (game.full_state(), game.moves, game.legal_moves())
    normalised = " ".join(junk.split())
    if normalised in game.legal_moves() or game.phase == "over":
        return
    try:
        game.apply(junk)
    except IllegalMoveError:
        assert (game.full_state(), game.moves, game.legal_moves()) == before
    else:
        # Dice resolutions are accepted in every order, not only the listed one.
        assert variant == "dice"


def test_copy_is_independent() -> None:
    for variant in VARIANTS:
        game = play_random(variant, 2, 5, steps=3)
        twin = game.copy()
        twin.apply(twin.legal_moves()[0])
        assert twin.full_state() != game.full_state()
        assert len(twin.moves) == len(game.moves) + 1


def test_card_view_hides_other_hands_and_the_deck_order() -> None:
    game = new_challenge("cards", players=3, seed=8)
    view = game.view(1)
    state = game.full_state()
    text = json.dumps(view)
    assert view["hand_sizes"] == [6, 6, 6] and len(view["hand"]) == 6
    assert "deck" not in view and "hands" not in view and str(state["rng"]) not in text
    other = new_challenge("cards", players=3, seed=8)
    other._state.hands[0], other._state.deck[:6] = other._state.deck[:6], other._state.hands[0]
    other._state.deck.reverse()
    assert other.view(1) == view


def test_tile_view_hides_the_pool_order_only() -> None:
    game = new_challenge("tiles", players=2, seed=8)
    view = game.view(0)
    assert set(view) >= {"centre", "drawn", "pool_size", "pool_colours", "box", "target"}
    assert str(game.full_state()["rng"]) not in json.dumps(view)


def test_new_challenge_validates_arguments() -> None:
    with pytest.raises(ValueError, match="unknown challenge"):
        new_challenge("chess", players=2)
    with pytest.raises(ValueError, match="2-4 players"):
        new_challenge("cards", players=1)
    with pytest.raises(ValueError, match="names"):
        new_challenge("cards", players=2, names=["A", "B", "C"])
