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
  the race to the target (see :class:`TileSearch`).

Bots are deterministic: the choice depends only on the view, the bot's seed and
its budget.  ``budget_ms`` sets how many samples the Card bot uses (a fixed
count, not a clock, so results replay).
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations_with_replacement
from math import factorial
from typing import Any, Protocol, TypeVar

from engine.challenges import new_challenge
from engine.challenges.cards import COPIES_PER_PAIR, DECK_SIZE, PAIRS, CardChallenge, CardState
from engine.challenges.common import COLOURS, GOAL, ROW_CAP
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
from engine.challenges.tiles import CENTRE_SIZE, TileChallenge, TileState
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


#: The race model, per player count: the chance that a player wins, a logistic of its rows
#: against its closest rival's. Terms: constant, the rival's points still needed minus the
#: player's, the player's lowest row minus the rival's, the rival's rows short of the target
#: minus the player's, the first difference over the points both still need (the same gap
#: counts more near the end), and whether the player moves next. Fitted on the outcomes of
#: self-play games (docs/challenges.md).
RACE_WEIGHTS: dict[int, tuple[float, float, float, float, float, float]] = {
    2: (-0.108, 0.0592, 0.4088, -0.1848, 3.1192, 0.216),
    3: (-0.5138, 0.1863, 0.3116, -0.2196, 2.1851, 0.276),
    4: (-0.8252, 0.1906, 0.4507, -0.2887, 1.832, 0.2949),
}

Counts = tuple[int, int, int, int, int, int]
Rows = tuple[tuple[int, ...], ...]


def race_chance(
    row: tuple[int, ...], rival: tuple[int, ...], target: int, moves_next: bool, players: int
) -> float:
    """The chance that the player with ``row`` wins the race against ``rival`` (see above)."""
    w = RACE_WEIGHTS[players]
    need = 6 * target - sum(row)
    rival_need = 6 * target - sum(rival)
    short = sum(1 for v in row if v < target)
    rival_short = sum(1 for v in rival if v < target)
    z = (
        w[0]
        + w[1] * (rival_need - need)
        + w[2] * (min(row) - min(rival))
        + w[3] * (rival_short - short)
        + w[4] * (rival_need - need) / (need + rival_need + 2)
        + (w[5] if moves_next else 0.0)
    )
    return 1.0 / (1.0 + math.exp(-z))


class TileSearch:
    """The strong Tile Challenge bot's search, valued as the bot's chance of winning.

    * **This turn**, exactly: every draw from the pool's known colour counts, stopping or
      drawing on at each step, a free score when offered.
    * **The next player's turn**, for every way the turn can end: the centre refilled in
      every possible way (with its exact chance), then that player's best reply (free
      score, or draws with the best stopping rule), taken to be the one worst for the bot.
      The colour counts of the pool at the start of the bot's turn give the chances here.
    * **Then** the position is valued by :func:`race_chance`: the bot's rows against its
      closest rival's, and who moves next. A win inside the search is worth 1.

    A turn that earns a bonus keeps the same player to move. Values are memoised, so the
    many endings that lead to the same centre and rows are searched once.
    """

    def __init__(
        self, seat: int, rows: Rows, centre: Counts, pool: Counts, target: int, pending: bool
    ) -> None:
        self.seat = seat
        self.players = len(rows)
        self.rows = rows
        self.centre = centre
        self.pool = pool
        self.target = target
        self.pending = pending
        self.memo: dict[tuple[Any, ...], float] = {}
        self.static_memo: dict[tuple[Rows, int], float] = {}
        self.refill_memo: dict[Counts, list[tuple[Counts, float]]] = {}

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> TileSearch:
        centre = [0] * 6
        for name in view["centre"]:
            centre[COLOURS.index(name)] += 1
        pool = tuple(view["pool_colours"][c] for c in COLOURS)
        return cls(
            view["seat"],
            tuple(tuple(row) for row in view["rows"]),
            counts(centre),
            counts(list(pool)),
            view["target"],
            view["pending_bonus"] > 0,
        )

    # ---- the bot's decision
    def choose(self, moves: list[str], phase: str, drawn: list[str]) -> str:
        if phase == "drawing":
            mask = 0
            for name in drawn:
                mask |= 1 << COLOURS.index(name)
            score = self.score_value(mask)
            if "draw" in moves and self.draw_value(self.pool, mask) > score:
                return "draw"
            return "score"
        best, best_value = moves[0], -1.0
        for move in moves:
            value = self.move_value(move)
            if value > best_value:
                best, best_value = move, value
        return best

    def move_value(self, move: str) -> float:
        """The bot's chance of winning after ``move`` at the start of its turn."""
        if move == "draw":
            return self.draw_value(self.pool, 0)
        colour = COLOURS.index(move[len("free:") :])
        gains = [0] * 6
        gains[colour] = self.centre[colour]
        left = list(self.centre)
        left[colour] = 0
        return self.after_scoring(gains, counts(left))

    # ---- endings of the bot's turn
    def after_scoring(self, gains: list[int], centre: Counts) -> float:
        seat = self.seat
        rows, bonus, won = scored(self.rows, seat, gains, self.target)
        if won:
            return 1.0
        mover = seat if bonus or self.pending else (seat + 1) % self.players
        return self.reply(mover, rows, centre)

    def score_value(self, drawn: int) -> float:
        gains = [0] * 6
        left = list(self.centre)
        for c in range(6):
            if drawn >> c & 1:
                gains[c] = 1 + self.centre[c]
                left[c] = 0
        return self.after_scoring(gains, counts(left))

    def draw_value(self, pool: Counts, drawn: int) -> float:
        """Drawing now with ``drawn`` already in front of the bot, the pool at ``pool``."""
        key = ("draw", pool, drawn)
        if key in self.memo:
            return self.memo[key]
        total = sum(pool)
        seat = self.seat
        value = 0.0
        for c in range(6):
            n = pool[c]
            if not n:
                continue
            rest = list(pool)
            rest[c] -= 1
            after = counts(rest)
            if drawn >> c & 1 or not self.centre[c]:
                # A bust: the drawn tiles join the centre.
                grown = list(self.centre)
                for d in range(6):
                    if drawn >> d & 1:
                        grown[d] += 1
                grown[c] += 1
                mover = seat if self.pending else (seat + 1) % self.players
                value += n * self.reply(mover, self.rows, counts(grown))
                continue
            more = drawn | 1 << c
            best = self.score_value(more)
            if total > 1:
                best = max(best, self.draw_value(after, more))
            value += n * best
        value /= total
        self.memo[key] = value
        return value

    # ---- the next turn: every refill, the mover's best reply, then the race
    def reply(self, mover: int, rows: Rows, centre: Counts) -> float:
        key = ("reply", mover, rows, centre)
        if key in self.memo:
            return self.memo[key]
        value = 0.0
        for refilled, chance in self.refills(centre):
            value += chance * self.decide(mover, rows, refilled)
        self.memo[key] = value
        return value

    def refills(self, centre: Counts) -> list[tuple[Counts, float]]:
        """Every centre the refill to three can give, with its chance (pool counts known)."""
        if centre in self.refill_memo:
            return self.refill_memo[centre]
        found: dict[Counts, float] = {}

        def draw(now: list[int], pool: list[int], chance: float, left: int) -> None:
            total = sum(pool)
            if left <= 0 or total == 0:
                key = counts(now)
                found[key] = found.get(key, 0.0) + chance
                return
            for c in range(6):
                if pool[c]:
                    n = pool[c]
                    now[c] += 1
                    pool[c] -= 1
                    draw(now, pool, chance * n / total, left - 1)
                    now[c] -= 1
                    pool[c] += 1

        draw(list(centre), list(self.pool), 1.0, CENTRE_SIZE - sum(centre))
        out = list(found.items())
        self.refill_memo[centre] = out
        return out

    def decide(self, mover: int, rows: Rows, centre: Counts) -> float:
        """The bot's chance after ``mover`` plays its turn from this centre as well as it can.

        The mover takes the move best for itself: for the bot that is the highest value,
        for a rival the lowest (the race is the bot's against its closest rival).
        """
        key = ("decide", mover, rows, centre)
        if key in self.memo:
            return self.memo[key]
        mine = mover == self.seat
        target, players = self.target, self.players
        row = rows[mover]
        nxt = (mover + 1) % players

        def ending(gains: list[tuple[int, int]]) -> float:
            new = list(row)
            bonus = False
            for c, n in gains:
                take = min(n, target - new[c])
                if take > 0:
                    new[c] += take
                    bonus = bonus or new[c] == target
            if min(new) >= target:
                return 1.0 if mine else 0.0
            after = rows[:mover] + (tuple(new),) + rows[mover + 1 :]
            return self.static(after, mover if bonus else nxt)

        options: list[float] = []
        low = min(row)
        for c in range(6):
            if centre[c] and row[c] == low:
                options.append(ending([(c, centre[c])]))
        pool = self.pool
        total = sum(pool)
        if total:
            # Draws with the best stopping rule, over the subsets of centre colours drawn.
            colours = [c for c in range(6) if centre[c]]
            k = len(colours)
            bust = self.static(rows, nxt)
            not_shown = total - sum(pool[c] for c in colours)
            values: list[float | None] = [None] * (1 << k)
            for mask in sorted(range(1 << k), key=lambda m: -bin(m).count("1")):
                size = bin(mask).count("1")
                left = total - size
                if left <= 0:
                    continue
                busts = not_shown
                acc = 0.0
                for i, c in enumerate(colours):
                    if mask >> i & 1:
                        busts += pool[c] - 1
                    elif pool[c]:
                        more = mask | 1 << i
                        stop = ending(
                            [
                                (colours[j], 1 + centre[colours[j]])
                                for j in range(k)
                                if more >> j & 1
                            ]
                        )
                        on = values[more]
                        if on is not None and left > 1:
                            stop = max(stop, on) if mine else min(stop, on)
                        acc += pool[c] * stop
                values[mask] = (acc + busts * bust) / left
            first = values[0]
            if first is not None:
                options.append(first)
        value = (max(options) if mine else min(options)) if options else self.static(rows, nxt)
        self.memo[key] = value
        return value

    def static(self, rows: Rows, mover: int) -> float:
        """The bot's chance in the race against its closest rival, ``mover`` to play next."""
        key = (rows, mover)
        if key in self.static_memo:
            return self.static_memo[key]
        seat, target = self.seat, self.target
        own = rows[seat]
        rival = min(
            (rows[s] for s in range(self.players) if s != seat),
            key=lambda r: (6 * target - sum(r), -min(r)),
        )
        value = race_chance(own, rival, target, mover == seat, self.players)
        self.static_memo[key] = value
        return value


def counts(values: list[int]) -> Counts:
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def scored(rows: Rows, seat: int, gains: list[int], target: int) -> tuple[Rows, bool, bool]:
    """Rows after ``seat`` scores ``gains``, points above the target lost: (rows, bonus, won)."""
    row = list(rows[seat])
    bonus = False
    for c in range(6):
        take = min(gains[c], target - row[c])
        if take > 0:
            row[c] += take
            bonus = bonus or row[c] == target
    won = min(row) >= target
    return rows[:seat] + (tuple(row),) + rows[seat + 1 :], bonus, won


__all__ = ["LEVELS", "ChallengeBot", "make_challenge_bot", "ROW_CAP"]
