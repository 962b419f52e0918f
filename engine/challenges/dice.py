"""The Dice Challenge.

A turn starts with an automatic roll of all the player's dice.  Moves (phase
``"resolve"``):

* ``"reroll"`` rolls all the dice again (at most twice per turn);
* a resolution: one token per die or wild group, scored left to right, e.g.
  ``"red green green"`` (each die matched against the other players' dice) or
  ``"red green+green=blue"`` (the two green dice as a wild worth 1 in blue).
  A wild of k equal dice is worth k - 1 points in the colour after ``=``.

``legal_moves`` lists one canonical resolution per distinct outcome (rows after
scoring); ``apply`` accepts every valid resolution in any order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import permutations, product
from typing import Any

from engine.challenges.common import (
    COLOURS,
    BaseState,
    Challenge,
    colour_index,
    score_batch,
)
from engine.rules.errors import IllegalMoveError

DICE_PER_PLAYER = {2: 4, 3: 3, 4: 2}
REROLLS = 2

# An item of a resolution: ("match", symbol, 1, symbol) or ("wild", symbol, k, colour).
Item = tuple[str, int, int, int]

# Ways to use n equal dice: sizes of the wild groups; the other dice are matched.
WILD_SPLITS: dict[int, tuple[tuple[int, ...], ...]] = {
    1: ((),),
    2: ((), (2,)),
    3: ((), (2,), (3,)),
    4: ((), (2,), (3,), (4,), (2, 2)),
}


def item_text(item: Item) -> str:
    kind, symbol, size, colour = item
    if kind == "match":
        return COLOURS[symbol]
    return "+".join([COLOURS[symbol]] * size) + "=" + COLOURS[colour]


def resolution_text(items: tuple[Item, ...] | list[Item]) -> str:
    return " ".join(item_text(item) for item in items)


def parse_resolution(move: str, own_dice: list[int]) -> list[Item]:
    """Read a resolution and check it uses every die of the player exactly once."""
    items: list[Item] = []
    for token in move.split():
        if "=" in token:
            group_text, _, colour_text = token.partition("=")
            parts = group_text.split("+")
            symbols = {colour_index(part, "die symbol") for part in parts}
            if len(parts) < 2 or len(symbols) != 1:
                raise IllegalMoveError(
                    "a wild needs two or more dice with the same symbol, "
                    f"like 'red+red=blue' (got {token!r})"
                )
            colour = colour_index(colour_text, "wild colour")
            items.append(("wild", symbols.pop(), len(parts), colour))
        else:
            symbol = colour_index(token, "die symbol")
            items.append(("match", symbol, 1, symbol))
    used: Counter[int] = Counter()
    for _, symbol, size, _ in items:
        used[symbol] += size
    if used != Counter(own_dice):
        shown = ", ".join(COLOURS[d] for d in sorted(own_dice))
        raise IllegalMoveError(
            f"a resolution must use each of your dice exactly once (your dice: {shown})"
        )
    return items


def item_groups(own_dice: list[int]) -> list[list[tuple[str, int, int]]]:
    """Every way to split the dice into matched dice and wild groups (colours open)."""
    per_symbol: list[list[list[tuple[str, int, int]]]] = []
    for symbol, count in sorted(Counter(own_dice).items()):
        options: list[list[tuple[str, int, int]]] = []
        for split in WILD_SPLITS[count]:
            singles = count - sum(split)
            group = [("wild", symbol, size) for size in split]
            group += [("match", symbol, 1)] * singles
            options.append(group)
        per_symbol.append(options)
    return [sum(choice, []) for choice in product(*per_symbol)]


def all_resolutions(own_dice: list[int]) -> list[tuple[Item, ...]]:
    """Every resolution: splits x wild colours x scoring orders."""
    return list(resolutions_of(tuple(sorted(own_dice))))


def coloured_groups(own_dice: list[int]) -> Iterator[list[Item]]:
    """Every split of the dice with every colour for its wilds (scoring order open)."""
    for group in item_groups(own_dice):
        wild_count = sum(1 for kind, _, _ in group if kind == "wild")
        for colours in product(range(6), repeat=wild_count):
            chosen = iter(colours)
            yield [
                (kind, symbol, size, next(chosen) if kind == "wild" else symbol)
                for kind, symbol, size in group
            ]


@lru_cache(maxsize=512)
def resolutions_of(own_dice: tuple[int, ...]) -> tuple[tuple[Item, ...], ...]:
    found: list[tuple[Item, ...]] = []
    for items in coloured_groups(list(own_dice)):
        found.extend(sorted(set(permutations(items))))
    return tuple(found)


def item_points(item: Item, others: Counter[int]) -> int:
    kind, symbol, size, _ = item
    return others[symbol] if kind == "match" else size - 1


def others_showing(dice: list[list[int | None]], seat: int) -> Counter[int]:
    """Symbols on the other players' dice (unrolled dice show nothing)."""
    counter: Counter[int] = Counter()
    for other, values in enumerate(dice):
        if other != seat:
            counter.update(value for value in values if value is not None)
    return counter


def simulate(
    row: list[int], items: tuple[Item, ...] | list[Item], others: Counter[int]
) -> tuple[list[int], list[int], bool]:
    """Rows after the resolution, colours that reached 10, and whether it wins."""
    row = list(row)
    capped: list[int] = []
    for item in items:
        _, cap, won = score_batch(row, item[3], item_points(item, others))
        if cap:
            capped.append(item[3])
        if won:
            return row, capped, True
    return row, capped, False


def distinct_resolutions(
    row: list[int], own_dice: list[int], others: Counter[int]
) -> list[tuple[tuple[Item, ...], list[int], list[int], bool]]:
    """One resolution per distinct outcome: (items, rows after, capped, wins).

    The representative is the one with the fewest wilds, then the shortest text.
    """
    best: dict[
        tuple[tuple[int, ...], bool], tuple[tuple[int, str], tuple[Item, ...], list[int], list[int]]
    ] = {}
    for items in resolutions_of(tuple(sorted(own_dice))):
        after, capped, won = simulate(row, items, others)
        key = (tuple(after), won)
        if key in best and best[key][0][0] < sum(1 for item in items if item[0] == "wild"):
            continue
        rank = (sum(1 for item in items if item[0] == "wild"), resolution_text(items))
        if key not in best or rank < best[key][0]:
            best[key] = (rank, items, after, capped)
    return [(items, after, capped, key[1]) for key, (_, items, after, capped) in best.items()]


class DiceState(BaseState):
    __slots__ = ("dice", "rerolls_left", "bonus_used")

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        count = DICE_PER_PLAYER[players]
        self.dice: list[list[int | None]] = [[None] * count for _ in range(players)]
        self.rerolls_left = REROLLS
        self.bonus_used: list[list[bool]] = [[False] * 6 for _ in range(players)]

    def clone(self) -> DiceState:
        twin = DiceState.__new__(DiceState)
        self.copy_base_into(twin)
        twin.dice = [list(values) for values in self.dice]
        twin.rerolls_left = self.rerolls_left
        twin.bonus_used = [list(used) for used in self.bonus_used]
        return twin


class DiceChallenge(Challenge[DiceState]):
    variant = "dice"

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options) - {"start_rule"})
        if unknown:
            raise ValueError(f"unknown dice option(s) {unknown}; the only option is 'start_rule'")
        start_rule = options.get("start_rule", False)
        if not isinstance(start_rule, bool):
            raise ValueError("the dice option 'start_rule' must be true or false")
        return {"start_rule": True} if start_rule else {}

    def setup(self) -> DiceState:
        state = DiceState(self.players, self.seed)
        if not self.options.get("start_rule"):
            for seat in range(self.players):
                self.roll(state, seat)
        state.events = []
        state.phase = "resolve"
        self.start_turn(state)
        return state

    def clone_state(self, state: DiceState) -> DiceState:
        return state.clone()

    def roll(self, state: DiceState, seat: int) -> None:
        state.dice[seat] = [state.rng.below(6) for _ in state.dice[seat]]
        shown = ", ".join(COLOURS[d] for d in state.dice[seat] if d is not None)
        state.events.append(f"{self.names[seat]} rolled {shown}")

    def own_dice(self, state: DiceState) -> list[int]:
        return [d for d in state.dice[state.current] if d is not None]

    def start_turn(self, state: DiceState) -> None:
        state.rerolls_left = REROLLS
        self.roll(state, state.current)

    # ---- moves
    def moves_in(self, state: DiceState) -> list[str]:
        seat = state.current
        options = distinct_resolutions(
            state.rows[seat], self.own_dice(state), others_showing(state.dice, seat)
        )
        moves = sorted(resolution_text(items) for items, _, _, _ in options)
        if state.rerolls_left > 0:
            moves.append("reroll")
        return moves

    def play(self, state: DiceState, move: str) -> None:
        seat = state.current
        if move == "reroll":
            if state.rerolls_left <= 0:
                raise IllegalMoveError(
                    "the dice may be re-rolled only twice per turn; resolve this roll"
                )
            state.rerolls_left -= 1
            self.roll(state, seat)
            return
        items = parse_resolution(move, self.own_dice(state))
        self.resolve(state, seat, items)

    def resolve(self, state: DiceState, seat: int, items: list[Item]) -> None:
        others = others_showing(state.dice, seat)
        row = state.rows[seat]
        name = self.names[seat]
        for item in items:
            offered = item_points(item, others)
            gained, capped, won = score_batch(row, item[3], offered)
            text = f"{name}: {item_text(item)} scored {gained} {COLOURS[item[3]]}"
            if gained < offered and not won:
                text += f" ({offered - gained} lost to the area rule or the cap)"
            state.events.append(text)
            if capped and not state.bonus_used[seat][item[3]]:
                state.bonus_used[seat][item[3]] = True
                state.pending_bonus += 1
                state.events.append(f"{name}: Ingenious! in {COLOURS[item[3]]} (bonus turn)")
            if won:
                state.winner = seat
                state.phase = "over"
                state.ended_by = "goal"
                state.events.append(f"{name} has every row at 7 or more and wins")
                return
        if state.pending_bonus:
            state.pending_bonus -= 1
        else:
            state.current = (seat + 1) % self.players
        self.start_turn(state)

    # ---- view
    def view_extra(self, state: DiceState, seat: int) -> dict[str, Any]:
        return {
            "dice": [
                [COLOURS[d] if d is not None else None for d in values] for values in state.dice
            ],
            "rerolls_left": state.rerolls_left,
            "bonus_used": [[COLOURS[c] for c in range(6) if used[c]] for used in state.bonus_used],
        }
