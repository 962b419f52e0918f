"""Card Challenge rules."""

from collections import Counter

import pytest

from engine.challenges import COLOURS, new_challenge
from engine.challenges.cards import DECK_SIZE, PAIRS, CardChallenge, CardState, card_colours
from engine.rules.errors import IllegalMoveError

_next_copy: Counter[tuple[int, int]] = Counter()


def card(name: str) -> int:
    """A card id for 'red-green' (a different copy each call, up to four)."""
    a, b = (COLOURS.index(part) for part in name.split("-"))
    pair = (min(a, b), max(a, b))
    copy = _next_copy[pair] % 4
    _next_copy[pair] += 1
    return PAIRS.index(pair) * 4 + copy


# Five hand cards showing neither red, green nor purple.
FILLER = ["blue-orange", "blue-orange", "blue-orange", "blue-yellow", "orange-yellow"]


def arranged(
    players: int, hand: list[str], faceup: list[list[str]], rows: list[int]
) -> CardChallenge:
    """A game whose seat 0 holds ``hand`` with the given face-up cards and rows.

    Every other card goes to the deck, so the card count stays 60.
    """
    _next_copy.clear()
    game = new_challenge("cards", players=players, seed=7)
    assert isinstance(game, CardChallenge)
    state: CardState = game._state
    used = [card(c) for c in hand]
    state.faceup = [[card(c) for c in cards] for cards in faceup]
    used += [c for cards in state.faceup for c in cards]
    rest = [c for c in range(DECK_SIZE) if c not in used]
    state.hands = [used[: len(hand)]] + [[] for _ in range(players - 1)]
    for seat in range(1, players):
        state.hands[seat] = [rest.pop() for _ in range(6)]
    state.deck = rest
    assert len(set(used)) == len(used), "a card copy was used twice"
    state.discards = []
    state.rows[0] = list(rows)
    state.current = 0
    state.phase = "play"
    assert game.card_count() == DECK_SIZE
    return game


def test_deck_has_60_cards_four_of_each_pair_and_20_per_colour() -> None:
    per_colour = Counter(c for card_id in range(DECK_SIZE) for c in card_colours(card_id))
    assert len(PAIRS) == 15 and all(per_colour[c] == 20 for c in range(6))


def test_setup_deals_six_cards_and_face_up_cards_by_player_count() -> None:
    """Hands of 6; one face-up card each, two each with two players."""
    for players, faceup in ((2, 2), (3, 1), (4, 1)):
        game = new_challenge("cards", players=players, seed=3)
        view = game.view(0)
        assert view["hand_sizes"] == [6] * players
        assert [len(cards) for cards in view["faceup"]] == [faceup] * players
        assert view["deck_size"] == 60 - players * (6 + faceup)


def test_rulebook_example_red_then_purple_stops_at_6() -> None:
    """Red 2 -> 4 with two red face-up cards; purple 5 -> 6, the move to 7 is refused
    because a row is still in 1-3."""
    game = arranged(
        2,
        hand=[
            "red-purple",
            "green-blue",
            "green-orange",
            "blue-orange",
            "blue-yellow",
            "orange-yellow",
        ],
        faceup=[["red-green", "purple-orange"], ["red-blue", "purple-yellow"]],
        rows=[2, 1, 3, 4, 5, 5],
    )
    game.apply("red-purple")
    assert game.rows[0] == [4, 1, 3, 4, 5, 6]


def test_symbol_order_matters_under_the_area_restriction() -> None:
    """Scoring red first lifts the last row out of 1-3, so purple may then pass 6."""
    setup = dict(
        hand=[
            "red-purple",
            "green-blue",
            "green-orange",
            "blue-orange",
            "blue-yellow",
            "orange-yellow",
        ],
        faceup=[["red-green", "purple-orange"], ["purple-blue", "green-yellow"]],
        rows=[3, 5, 5, 5, 5, 6],
    )
    purple_first = arranged(2, **setup)  # type: ignore[arg-type]
    purple_first.apply("purple-red")
    assert purple_first.rows[0][0] == 4 and purple_first.rows[0][5] == 6
    red_first = arranged(2, **setup)  # type: ignore[arg-type]
    red_first.apply("red-purple")
    assert red_first.rows[0][0] == 4 and red_first.rows[0][5] == 8


def test_own_face_up_cards_count_for_matching() -> None:
    game = arranged(
        3,
        hand=["red-green"] + FILLER,
        faceup=[["red-yellow"], ["blue-yellow"], ["orange-yellow"]],
        rows=[1, 1, 1, 1, 1, 1],
    )
    game.apply("red-green")
    assert game.rows[0][:2] == [2, 1]


def test_played_card_replaces_face_up_card_three_players() -> None:
    game = arranged(
        3,
        hand=["red-green"] + FILLER,
        faceup=[["red-yellow"], ["blue-yellow"], ["orange-yellow"]],
        rows=[1, 1, 1, 1, 1, 1],
    )
    game.apply("red-green")
    view = game.view(0)
    assert view["faceup"][0] == ["red-green"]
    assert view["discard_size"] == 1


def test_two_player_layout_centre_card_discarded_near_card_moves_to_centre() -> None:
    game = arranged(
        2,
        hand=["red-green"] + FILLER,
        faceup=[["red-yellow", "blue-purple"], ["blue-yellow", "orange-yellow"]],
        rows=[1, 1, 1, 1, 1, 1],
    )
    game.apply("green-red")
    view = game.view(0)
    assert view["faceup"][0] == ["blue-purple", "red-green"]
    assert view["discard_size"] == 1 and view["faceup"][1] == ["blue-yellow", "orange-yellow"]


def test_reaching_10_gives_a_bonus_turn_without_refilling_the_hand() -> None:
    game = arranged(
        3,
        hand=["red-green"] + FILLER,
        faceup=[["red-yellow"], ["red-blue"], ["orange-yellow"]],
        rows=[8, 7, 7, 7, 7, 6],
    )
    game.apply("red-green")
    assert game.rows[0][0] == 10
    assert game.current == 0 and game.phase == "play"
    assert game.view(0)["hand_sizes"][0] == 5
    assert game.view(0)["bonus_used"][0] == ["red"]


def test_bonus_turn_only_once_per_colour() -> None:
    """A colour whose bonus was already used gives no second bonus turn."""
    game = arranged(
        3,
        hand=["red-green"] + FILLER,
        faceup=[["red-yellow"], ["red-blue"], ["orange-yellow"]],
        rows=[8, 7, 7, 7, 7, 6],
    )
    game._state.bonus_used[0][0] = True
    game.apply("red-green")
    assert game.rows[0][0] == 10
    # No bonus turn: the turn ends (with the hand-discard offer, as no card shows purple).
    assert game.phase == "discard" and game.view(0)["pending_bonus"] == 0
    game.apply("keep")
    assert game.current == 1


def test_two_colours_reaching_10_give_two_bonus_turns() -> None:
    game = arranged(
        3,
        hand=["red-green"] + FILLER,
        faceup=[["red-green"], ["red-green"], ["orange-yellow"]],
        rows=[8, 8, 7, 7, 7, 6],
    )
    game.apply("red-green")
    assert game.rows[0][:2] == [10, 10]
    assert game.current == 0 and game.view(0)["pending_bonus"] == 1
    game.apply("blue-orange")
    assert game.current == 0 and game.phase == "play" and game.view(0)["pending_bonus"] == 0
    game.apply("blue-yellow")
    assert game.phase == "discard" and game.view(0)["hand_sizes"][0] == 3
    game.apply("keep")
    assert game.current == 1 and game.view(0)["hand_sizes"][0] == 6


def test_hand_discard_offered_only_without_a_lowest_row_colour() -> None:
    """Lowest rows are green and blue (tied): no hand card may show either."""
    without = arranged(
        3,
        hand=[
            "red-orange",
            "red-yellow",
            "red-purple",
            "orange-yellow",
            "orange-purple",
            "yellow-purple",
        ],
        faceup=[["red-yellow"], ["red-blue"], ["orange-yellow"]],
        rows=[3, 1, 1, 3, 3, 3],
    )
    without.apply("red-orange")
    assert without.phase == "discard" and without.legal_moves() == ["discard", "keep"]
    old_hand = without.full_state()["hands"][0]
    without.apply("discard")
    after = without.view(0)
    assert after["hand_sizes"][0] == 6 and after["discard_size"] == 1 + 5
    assert set(old_hand) <= set(without.full_state()["discards"])
    assert without.current == 1

    with_blue = arranged(
        3,
        hand=[
            "red-orange",
            "red-blue",
            "red-purple",
            "orange-yellow",
            "orange-purple",
            "yellow-purple",
        ],
        faceup=[["red-yellow"], ["red-green"], ["orange-yellow"]],
        rows=[3, 1, 1, 3, 3, 3],
    )
    with_blue.apply("red-orange")
    assert with_blue.phase == "play" and with_blue.current == 1


def test_keep_refills_the_hand_without_discarding() -> None:
    game = arranged(
        3,
        hand=[
            "red-orange",
            "red-yellow",
            "red-purple",
            "orange-yellow",
            "orange-purple",
            "yellow-purple",
        ],
        faceup=[["red-yellow"], ["red-blue"], ["orange-yellow"]],
        rows=[3, 1, 3, 3, 3, 3],
    )
    game.apply("red-orange")
    kept = game.view(0)["hand"]
    game.apply("keep")
    view = game.view(0)
    assert view["hand_sizes"][0] == 6 and view["discard_size"] == 1
    assert all(name in view["hand"] for name in kept)


def test_empty_deck_is_rebuilt_from_the_shuffled_discards() -> None:
    game = arranged(
        3,
        hand=["red-green"] + FILLER,
        faceup=[["red-yellow"], ["blue-yellow"], ["orange-yellow"]],
        rows=[1, 1, 1, 1, 1, 1],
    )
    state = game._state
    state.discards = state.deck[1:]
    state.deck = state.deck[:1]
    before = len(state.discards)
    game.apply("red-green")
    state = game._state
    assert state.rebuilds == 1
    # One card came from the old deck, the face-up card joined the discards before drawing.
    assert len(state.hands[0]) == 6
    # The old face-up card was discarded before the refill, so the new deck holds it too.
    assert len(state.deck) == before + 1 and game.card_count() == DECK_SIZE
    assert state.discards == []


def test_card_moves_are_refused_with_the_rule_named() -> None:
    game = new_challenge("cards", players=2, seed=5)
    hand_pairs = {tuple(sorted(n.split("-"))) for n in game.view(0)["hand"]}
    missing = next(
        f"{COLOURS[a]}-{COLOURS[b]}" for a, b in PAIRS if (COLOURS[a], COLOURS[b]) not in hand_pairs
    )
    before = game.full_state()
    for move, words in (
        (missing, "no "),
        ("red-red", "two different"),
        ("pink-red", "unknown colour"),
        ("red", "scoring order"),
        ("discard", "end of the turn"),
    ):
        with pytest.raises(IllegalMoveError, match=words):
            game.apply(move)
    assert game.full_state() == before


def test_winner_is_first_with_every_row_at_7() -> None:
    game = arranged(
        3,
        hand=["red-green"] + FILLER,
        faceup=[["red-yellow"], ["blue-yellow"], ["orange-yellow"]],
        rows=[6, 7, 7, 7, 7, 7],
    )
    game.apply("red-green")
    assert game.phase == "over" and game.winner == 0
    assert game.result()["ranking"][0]["seat"] == 0 and game.legal_moves() == []
