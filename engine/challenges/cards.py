"""The Card Challenge.

Moves (phase ``"play"``): ``"red-green"`` plays a red/green card from the hand
and scores red first, ``"green-red"`` scores green first.  Phase ``"discard"``
(offered after the turn when no hand card shows a lowest row): ``"discard"``
throws the whole hand away before refilling, ``"keep"`` does not.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.challenges.common import (
    COLOURS,
    BaseState,
    Challenge,
    colour_index,
    lowest_colours,
    score_batch,
    shuffle,
)
from engine.rules.errors import IllegalMoveError

HAND_SIZE = 6
COPIES_PER_PAIR = 4
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(6), 2))
DECK_SIZE = len(PAIRS) * COPIES_PER_PAIR  # 60: every colour on 20 cards


def card_colours(card: int) -> tuple[int, int]:
    return PAIRS[card // COPIES_PER_PAIR]


def card_name(card: int) -> str:
    first, second = card_colours(card)
    return f"{COLOURS[first]}-{COLOURS[second]}"


def parse_card_move(move: str) -> tuple[int, int]:
    """``"red-green"`` -> (0, 1): the two symbols in scoring order."""
    parts = move.split("-")
    if len(parts) != 2:
        raise IllegalMoveError(
            f"a card move names the two symbols in scoring order, like 'red-green' (got {move!r})"
        )
    first, second = (colour_index(part.strip()) for part in parts)
    if first == second:
        raise IllegalMoveError("every card shows two different symbols")
    return first, second


class CardState(BaseState):
    __slots__ = ("hands", "faceup", "deck", "discards", "bonus_used", "rebuilds")

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        # Two-player layout: [card near the centre, card near the player].
        self.faceup: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []  # the top card is the last one
        self.discards: list[int] = []
        self.bonus_used: list[list[bool]] = [[False] * 6 for _ in range(players)]
        self.rebuilds = 0

    def clone(self) -> CardState:
        twin = CardState.__new__(CardState)
        self.copy_base_into(twin)
        twin.hands = [list(hand) for hand in self.hands]
        twin.faceup = [list(cards) for cards in self.faceup]
        twin.deck = list(self.deck)
        twin.discards = list(self.discards)
        twin.bonus_used = [list(used) for used in self.bonus_used]
        twin.rebuilds = self.rebuilds
        return twin


def rebuild_deck(state: CardState) -> None:
    """An empty deck is at once replaced by the shuffled discard pile."""
    if state.deck or not state.discards:
        return
    state.deck = state.discards
    state.discards = []
    shuffle(state.rng, state.deck)
    state.rebuilds += 1
    state.events.append("the discard pile was shuffled into a new deck")


def draw_card(state: CardState) -> int | None:
    rebuild_deck(state)
    if not state.deck:
        return None
    card = state.deck.pop()
    rebuild_deck(state)
    return card


def matching_faceup(state: CardState, colour: int) -> int:
    """Face-up cards on the whole table showing ``colour`` (own ones included)."""
    return sum(1 for cards in state.faceup for card in cards if colour in card_colours(card))


def may_discard_hand(state: CardState, seat: int) -> bool:
    """The whole hand may go when none of its cards shows a lowest row."""
    hand = state.hands[seat]
    if not hand:
        return False
    low = set(lowest_colours(state.rows[seat]))
    return not any(low.intersection(card_colours(card)) for card in hand)


class CardChallenge(Challenge[CardState]):
    variant = "cards"

    def setup(self) -> CardState:
        state = CardState(self.players, self.seed)
        state.deck = list(range(DECK_SIZE))
        shuffle(state.rng, state.deck)
        for _ in range(HAND_SIZE):
            for seat in range(self.players):
                state.hands[seat].append(state.deck.pop())
        per_player = 2 if self.players == 2 else 1
        for _ in range(per_player):
            for seat in range(self.players):
                state.faceup[seat].append(state.deck.pop())
        state.phase = "play"
        return state

    def clone_state(self, state: CardState) -> CardState:
        return state.clone()

    # ---- moves
    def moves_in(self, state: CardState) -> list[str]:
        if state.phase == "discard":
            return ["discard", "keep"]
        moves: set[str] = set()
        for card in state.hands[state.current]:
            first, second = card_colours(card)
            moves.add(f"{COLOURS[first]}-{COLOURS[second]}")
            moves.add(f"{COLOURS[second]}-{COLOURS[first]}")
        return sorted(moves)

    def play(self, state: CardState, move: str) -> None:
        if state.phase == "discard":
            self.decide_discard(state, move)
        else:
            self.play_card(state, move)

    def play_card(self, state: CardState, move: str) -> None:
        if move in ("discard", "keep"):
            raise IllegalMoveError("the hand may only be discarded at the end of the turn")
        first, second = parse_card_move(move)
        seat = state.current
        hand = state.hands[seat]
        pair = (min(first, second), max(first, second))
        card = next((c for c in hand if card_colours(c) == pair), None)
        if card is None:
            raise IllegalMoveError(
                f"there is no {COLOURS[pair[0]]}-{COLOURS[pair[1]]} card in your hand"
            )
        hand.remove(card)
        name = self.names[seat]
        state.events.append(f"{name} played {card_name(card)}")
        reached_cap: list[int] = []
        for colour in (first, second):
            if self.score_symbol(state, seat, colour, reached_cap):
                break
        self.place_played_card(state, seat, card)
        if state.phase == "over":
            return
        for colour in reached_cap:
            if not state.bonus_used[seat][colour]:
                state.bonus_used[seat][colour] = True
                state.pending_bonus += 1
                state.events.append(f"{name}: Ingenious! in {COLOURS[colour]} (bonus turn)")
        if state.pending_bonus and hand:
            state.pending_bonus -= 1
            return  # bonus turn: same player, hand not refilled
        if state.pending_bonus:
            state.events.append(f"{name} has no card left for the remaining bonus turns")
        state.pending_bonus = 0
        self.end_turn(state)

    def score_symbol(
        self, state: CardState, seat: int, colour: int, reached_cap: list[int]
    ) -> bool:
        """Score one symbol point by point; True when this wins the game."""
        offered = matching_faceup(state, colour)
        gained, capped, won = score_batch(state.rows[seat], colour, offered)
        if capped:
            reached_cap.append(colour)
        if won:
            state.events.append(f"{self.names[seat]} scored {gained} {COLOURS[colour]}")
            state.winner = seat
            state.phase = "over"
            state.ended_by = "goal"
            state.events.append(f"{self.names[seat]} has every row at 7 or more and wins")
            return True
        lost = offered - gained
        text = f"{self.names[seat]} scored {gained} {COLOURS[colour]}"
        if lost:
            text += f" ({lost} lost to the area rule or the cap)"
        state.events.append(text)
        return False

    def place_played_card(self, state: CardState, seat: int, card: int) -> None:
        """The played card replaces the player's face-up card (the centre one with two players)."""
        table = state.faceup[seat]
        state.discards.append(table.pop(0))
        table.append(card)

    def end_turn(self, state: CardState) -> None:
        if may_discard_hand(state, state.current):
            state.phase = "discard"
            return
        self.refill_and_pass(state)

    def decide_discard(self, state: CardState, move: str) -> None:
        seat = state.current
        if move == "discard":
            state.events.append(
                f"{self.names[seat]} showed and discarded {len(state.hands[seat])} cards"
            )
            state.discards.extend(state.hands[seat])
            state.hands[seat] = []
        elif move != "keep":
            raise IllegalMoveError("the turn is over: answer 'discard' (whole hand) or 'keep'")
        self.refill_and_pass(state)

    def refill_and_pass(self, state: CardState) -> None:
        hand = state.hands[state.current]
        while len(hand) < HAND_SIZE:
            card = draw_card(state)
            if card is None:
                break
            hand.append(card)
        state.current = (state.current + 1) % self.players
        state.phase = "play"

    # ---- view
    def view_extra(self, state: CardState, seat: int) -> dict[str, Any]:
        return {
            "hand": sorted(card_name(card) for card in state.hands[seat]),
            "hand_sizes": [len(hand) for hand in state.hands],
            "faceup": [[card_name(card) for card in cards] for cards in state.faceup],
            "deck_size": len(state.deck),
            "discard_size": len(state.discards),
            "bonus_used": [[COLOURS[c] for c in range(6) if used[c]] for used in state.bonus_used],
            "may_discard": state.phase == "discard" and seat == state.current,
        }

    # ---- for tests and bots
    def card_count(self) -> int:
        state = self._state
        return (
            sum(len(hand) for hand in state.hands)
            + sum(len(cards) for cards in state.faceup)
            + len(state.deck)
            + len(state.discards)
        )
