"""Bots for the three challenges.

A bot sees only ``game.view(seat)``.  Where it needs to look ahead it rebuilds a
full game from the view, filling the hidden parts (other hands, deck order, the
random generator) with samples ("determinising") instead of peeking.

* ``casual``: greedy.  Picks the move whose immediate result raises its lowest
  row most, ties by total; re-rolls dice only when the roll scores nothing;
  in the Tile Challenge takes a free score when it can, else draws once and
  scores.
* ``strong``: Card Challenge: every card and symbol order is tried on sampled
  deals, followed by the other players' greedy turns and its own best next
  card.  Dice Challenge: resolutions are valued by a progress measure, re-rolls
  by the exact expected value over all rolls.  Tile Challenge: an exact
  expectimax over its own draws, then the next player's best reply over every
  way the centre can be refilled, each ending valued as a chance of winning
  the race to the target (see :class:`engine.challenges.tile_search.TileSearch`).

Bots are deterministic: the choice depends only on the view, the bot's seed and
its budget.  ``budget_ms`` sets how many samples the Card bot uses (a fixed
count, not a clock, so results replay).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from math import factorial
from typing import Any, Protocol, TypeVar

from engine.challenges import new_challenge
from engine.challenges.cards import COPIES_PER_PAIR, DECK_SIZE, PAIRS, CardChallenge, CardState
from engine.challenges.common import COLOURS, GOAL
from engine.challenges.dice import (
    DiceChallenge,
    DiceState,
    Item,
    coloured_groups,
    distinct_resolutions,
    item_text,
    others_showing,
    simulate,
)
from engine.challenges.tile_search import TileSearch
from engine.challenges.tiles import TileChallenge, TileState
from engine.rules.rng import Rng

LEVELS = ("casual", "strong")
WIN_VALUE = 1000.0


class ChallengeBot(Protocol):
    level: str

    def choose(self, view: dict[str, Any]) -> str: ...


def make_challenge_bot(level: str, seed: int = 0, budget_ms: int = 50) -> ChallengeBot:
    """A bot of ``level`` ("casual" or "strong")."""
    if level == "casual":
        return CasualBot(seed)
    if level == "strong":
        return StrongBot(seed, budget_ms)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}")


def decision_rng(seed: int, view: dict[str, Any]) -> Rng:
    """A generator that depends only on the bot seed and the position in the game."""
    return Rng(seed * 1_000_003 + int(view["move_number"]) * 8191 + int(view["seat"]) * 131 + 7)


# --------------------------------------------------------------------------- determinising


def colour_ids(names: list[str]) -> list[int]:
    return [COLOURS.index(name) for name in names]


def card_game_from_view(view: dict[str, Any], rng: Rng) -> tuple[CardChallenge, CardState]:
    """A Card Challenge consistent with ``view``: unseen cards dealt at random."""
    game = new_challenge("cards", view["players"], 0, view["names"])
    assert isinstance(game, CardChallenge)
    state = game.clone_state(game._state)
    copies = {
        pair: list(range(i * COPIES_PER_PAIR, (i + 1) * COPIES_PER_PAIR))
        for i, pair in enumerate(PAIRS)
    }

    def take(name: str) -> int:
        a, b = colour_ids(name.split("-"))
        return copies[(min(a, b), max(a, b))].pop()

    seat = view["seat"]
    hands: list[list[int]] = [[] for _ in range(view["players"])]
    hands[seat] = [take(name) for name in view["hand"]]
    state.faceup = [[take(name) for name in cards] for cards in view["faceup"]]
    unseen = [card for ids in copies.values() for card in ids]
    for i in range(len(unseen) - 1, 0, -1):
        j = rng.below(i + 1)
        unseen[i], unseen[j] = unseen[j], unseen[i]
    for other, size in enumerate(view["hand_sizes"]):
        if other != seat:
            hands[other] = [unseen.pop() for _ in range(size)]
    state.hands = hands
    state.deck = [unseen.pop() for _ in range(view["deck_size"])]
    state.discards = unseen
    assert len(state.discards) == view["discard_size"]
    fill_common(state, view, rng)
    state.bonus_used = [[COLOURS[c] in used for c in range(6)] for used in view["bonus_used"]]
    assert (
        sum(len(h) for h in hands)
        + sum(len(f) for f in state.faceup)
        + len(state.deck)
        + len(state.discards)
        == DECK_SIZE
    )
    return game, state


def fill_common(state: Any, view: dict[str, Any], rng: Rng) -> None:
    state.rows = [list(row) for row in view["rows"]]
    state.current = view["current"]
    state.phase = view["phase"]
    state.pending_bonus = view["pending_bonus"]
    state.winner = view["winner"]
    state.rng = Rng(rng.next64())


def dice_game_from_view(view: dict[str, Any], rng: Rng) -> tuple[DiceChallenge, DiceState]:
    game = new_challenge("dice", view["players"], 0, view["names"], view["options"])
    assert isinstance(game, DiceChallenge)
    state = game.clone_state(game._state)
    state.dice = [
        [COLOURS.index(d) if d is not None else None for d in values] for values in view["dice"]
    ]
    state.rerolls_left = view["rerolls_left"]
    state.bonus_used = [[COLOURS[c] in used for c in range(6)] for used in view["bonus_used"]]
    fill_common(state, view, rng)
    return game, state


def tile_game_from_view(view: dict[str, Any], rng: Rng) -> tuple[TileChallenge, TileState]:
    game = new_challenge("tiles", view["players"], 0, view["names"])
    assert isinstance(game, TileChallenge)
    state = game.clone_state(game._state)
    state.pool = [view["pool_colours"][c] for c in COLOURS]
    state.box = [view["box"][c] for c in COLOURS]
    state.centre = colour_ids(view["centre"])
    state.front = colour_ids(view["drawn"])
    fill_common(state, view, rng)
    return game, state


# --------------------------------------------------------------------------- values


def greedy_key(row: list[int]) -> tuple[int, int]:
    """Casual preference: the lowest row first, then the total."""
    return (min(row), sum(row))


def progress(row: list[int]) -> float:
    """How far a Card/Dice board is towards every row at 7.

    Points up to 7 are what the goal needs; low rows count extra because a row
    at 0 (or at 1-3) blocks the others from the next areas; points above 7 are
    worth a little as the way to a bonus turn at 10.
    """
    value = 0.0
    for r in row:
        value += min(r, GOAL) + 0.25 * max(0, r - GOAL)
    low = min(row)
    value += 1.5 * min(low, GOAL)
    value -= 1.5 * sum(1 for r in row if r == 0) + 0.75 * sum(1 for r in row if r <= 3)
    return value


# --------------------------------------------------------------------------- casual


class ChallengeBotBase:
    """What every challenge bot shares: a forced move is played at once, otherwise the
    view goes to the chooser for its game, with a random stream fixed by seed and view."""

    seed: int

    def choose(self, view: dict[str, Any]) -> str:
        moves: list[str] = view["legal_moves"]
        if not moves:
            raise ValueError("the bot was asked to move but the view offers no legal move")
        if len(moves) == 1:
            return moves[0]
        rng = decision_rng(self.seed, view)
        variant = view["variant"]
        if variant == "cards":
            return self.choose_card(view, rng)
        if variant == "dice":
            return self.choose_dice(view, rng)
        return self.choose_tile(view, rng)

    def choose_card(self, view: dict[str, Any], rng: Rng) -> str:
        raise NotImplementedError

    def choose_dice(self, view: dict[str, Any], rng: Rng) -> str:
        raise NotImplementedError

    def choose_tile(self, view: dict[str, Any], rng: Rng) -> str:
        raise NotImplementedError


class CasualBot(ChallengeBotBase):
    level = "casual"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose_card(self, view: dict[str, Any], rng: Rng) -> str:
        if view["phase"] == "discard":
            return "discard"
        game, state = card_game_from_view(view, rng)
        seat = view["seat"]
        return best_by(view["legal_moves"], lambda m: greedy_key(after(game, state, m).rows[seat]))

    def choose_dice(self, view: dict[str, Any], rng: Rng) -> str:
        game, state = dice_game_from_view(view, rng)
        seat = view["seat"]
        row = state.rows[seat]
        options = distinct_resolutions(row, own_dice(state), others_showing(state.dice, seat))
        best = max(options, key=lambda o: (o[3], greedy_key(o[1])))
        if sum(best[1]) == sum(row) and state.rerolls_left > 0:
            return "reroll"
        return " ".join(resolution_tokens(best[0]))

    def choose_tile(self, view: dict[str, Any], rng: Rng) -> str:
        moves: list[str] = view["legal_moves"]
        if "score" in moves:
            return "score"
        free = [m for m in moves if m.startswith("free:")]
        if free:
            game, state = tile_game_from_view(view, rng)
            seat = view["seat"]
            return best_by(free, lambda m: greedy_key(after(game, state, m).rows[seat]))
        return "draw"


def best_by(moves: list[str], key: Any) -> str:
    """The move with the highest key; the first listed wins ties (deterministic)."""
    best = moves[0]
    best_key = key(best)
    for move in moves[1:]:
        value = key(move)
        if value > best_key:
            best, best_key = move, value
    return best


StateT = TypeVar("StateT", CardState, DiceState, TileState)


def after(game: Any, state: StateT, move: str) -> StateT:
    """The state after ``move`` (the given state is left alone)."""
    twin: StateT = state.clone()
    game.play(twin, move)
    return twin


def own_dice(state: DiceState) -> list[int]:
    return [d for d in state.dice[state.current] if d is not None]


def resolution_tokens(items: Any) -> list[str]:
    return [item_text(item) for item in items]


# --------------------------------------------------------------------------- strong


class StrongBot(ChallengeBotBase):
    level = "strong"

    def __init__(self, seed: int, budget_ms: int) -> None:
        self.seed = seed
        self.budget_ms = max(1, int(budget_ms))
        self.roll_cache: dict[Any, dict[tuple[int, ...], float]] = {}

    # ---- cards: sampled deals, one round of look-ahead
    def card_samples(self) -> int:
        return max(2, min(64, self.budget_ms // 4))

    def choose_card(self, view: dict[str, Any], rng: Rng) -> str:
        seat = view["seat"]
        moves: list[str] = view["legal_moves"]
        samples = [card_game_from_view(view, rng) for _ in range(self.card_samples())]
        game0, state0 = samples[0]
        if view["phase"] == "play":
            moves = unique_card_moves(game0, state0, moves, seat)
            if len(moves) == 1:
                return moves[0]
        totals = {move: 0.0 for move in moves}
        for game, state in samples:
            for move in moves:
                totals[move] += card_lookahead(game, after(game, state, move), seat)
        return best_by(moves, lambda m: totals[m])

    # ---- dice: expected values over all rolls
    def choose_dice(self, view: dict[str, Any], rng: Rng) -> str:
        game, state = dice_game_from_view(view, rng)
        seat = view["seat"]
        row = state.rows[seat]
        others = others_showing(state.dice, seat)
        bonus_free = [not used for used in state.bonus_used[seat]]
        current = tuple(sorted(own_dice(state)))
        values = self.roll_values(row, others, bonus_free, len(current))
        now = values[current]
        if state.rerolls_left > 0:
            expected = expected_roll_value(values, len(current), state.rerolls_left - 1)
            if expected > now + 1e-9:
                return "reroll"
        best_items = ordered_resolutions(current, row)[0]
        best_value = -2 * WIN_VALUE
        for items in ordered_resolutions(current, row):
            after_row, capped, won = simulate(row, items, others)
            value = resolution_value(row, after_row, capped, won, bonus_free)
            if value > best_value:
                best_items, best_value = items, value
        return " ".join(resolution_tokens(best_items))

    def roll_values(
        self, row: list[int], others: Counter[int], bonus_free: list[bool], dice: int
    ) -> dict[tuple[int, ...], float]:
        key = (tuple(row), tuple(sorted(others.items())), tuple(bonus_free), dice)
        if key not in self.roll_cache:
            if len(self.roll_cache) > 256:
                self.roll_cache.clear()
            values: dict[tuple[int, ...], float] = {}
            base = progress(row)
            for roll in combinations_with_replacement(range(6), dice):
                best = -WIN_VALUE
                for items in ordered_resolutions(roll, row):
                    after_row, capped, won = simulate(row, items, others)
                    if won:
                        best = WIN_VALUE
                        break
                    bonus = sum(1 for c in set(capped) if bonus_free[c])
                    best = max(best, progress(after_row) - base + 3.0 * bonus)
                values[roll] = best
            self.roll_cache[key] = values
        return self.roll_cache[key]

    # ---- tiles: this turn exactly, the next player's reply over every refill
    def choose_tile(self, view: dict[str, Any], rng: Rng) -> str:
        search = TileSearch.from_view(view)
        return search.choose(view["legal_moves"], view["phase"], view["drawn"])


def unique_card_moves(
    game: CardChallenge, state: CardState, moves: list[str], seat: int
) -> list[str]:
    """Drop symbol orders that give the same rows as the other order."""
    seen: dict[tuple[str, tuple[int, ...]], str] = {}
    for move in moves:
        pair = "-".join(sorted(move.split("-")))
        outcome = tuple(after(game, state, move).rows[seat])
        seen.setdefault((pair, outcome), move)
    return list(seen.values())


def greedy_card_move(game: CardChallenge, state: CardState) -> str:
    """The casual choice for whoever is to move in a full (determinised) state."""
    mover = state.current
    return best_by(
        game.moves_in(state), lambda move: greedy_key(after(game, state, move).rows[mover])
    )


def card_lookahead(game: CardChallenge, state: CardState, seat: int) -> float:
    """Play greedily until ``seat`` is to play again, then value that position."""
    left_seat = False
    for _ in range(60):
        if state.phase == "over":
            break
        if state.current != seat:
            left_seat = True
        elif left_seat and state.phase == "play":
            break
        if state.phase == "discard":
            state = after(game, state, "discard")
            continue
        state = after(game, state, greedy_card_move(game, state))
    if state.phase == "over":
        return WIN_VALUE if state.winner == seat else -WIN_VALUE
    mine = progress(state.rows[seat])
    # What the next card could add, given the hand and the table now.
    best_next = max(
        (progress(after(game, state, m).rows[seat]) for m in game.moves_in(state)),
        default=mine,
    )
    opponents = max(progress(row) for other, row in enumerate(state.rows) if other != seat)
    return 0.5 * (mine + best_next) - opponents


def ordered_resolutions(roll: tuple[int, ...], row: list[int]) -> list[tuple[Item, ...]]:
    """Every split and wild colour, each scored lowest row first.

    Points only ever raise rows, and the area rule only looks at the lowest
    rows, so scoring into the lowest rows first never loses a point that
    another order would keep; the other orders need not be tried.
    """
    found: list[tuple[Item, ...]] = []
    for items in coloured_groups(list(roll)):
        items.sort(key=lambda item: (row[item[3]], item[3]))
        found.append(tuple(items))
    return found


def resolution_value(
    row: list[int], after_row: list[int], capped: list[int], won: bool, bonus_free: list[bool]
) -> float:
    if won:
        return WIN_VALUE
    bonus = sum(1 for c in set(capped) if bonus_free[c])
    return progress(after_row) - progress(row) + 3.0 * bonus


def roll_probability(roll: tuple[int, ...]) -> float:
    weight = factorial(len(roll))
    for count in Counter(roll).values():
        weight //= factorial(count)
    return weight / 6.0 ** len(roll)


def expected_roll_value(
    values: dict[tuple[int, ...], float], dice: int, rerolls_after: int
) -> float:
    """Value of rolling now with ``rerolls_after`` re-rolls still to come."""
    expected = sum(roll_probability(roll) * value for roll, value in values.items())
    for _ in range(rerolls_after):
        expected = sum(
            roll_probability(roll) * max(value, expected) for roll, value in values.items()
        )
    return expected
