"""What a choice would score before it is made: cards, dice plans and tiles.

Pure and checked against the engine by the tests: what a preview says a choice scores is
what the engine scores when that choice is played (area rule, cap and target included).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import permutations, product
from typing import Any

from engine.challenges.common import COLOURS, ROW_CAP, lowest_colours, score_batch
from engine.challenges.dice import WILD_SPLITS

LOST_ABOVE_CAP = "above 10"
LOST_TO_AREAS = "to the area rule"
LOST_ABOVE_TARGET = "above the target, back to the pool"


@dataclass(frozen=True)
class Gain:
    """What one symbol, die, wild or tile colour would score: offered, kept and why the
    rest is lost."""

    colour: str
    offered: int
    gained: int
    why_lost: str = ""

    @property
    def lost(self) -> int:
        return self.offered - self.gained


def allowed_max(row: list[int]) -> int:
    """The highest value any row may reach now under the area restriction."""
    low = min(row)
    if low == 0:
        return 3
    if low <= 3:
        return 6
    return ROW_CAP


def simulate_gains(row: list[int], steps: list[tuple[str, int]]) -> tuple[list[Gain], bool]:
    """Score ``(colour, points)`` steps in order under the area rule and the cap.

    Returns the gains and whether the goal (every row 7+) is reached; scoring stops
    there, as in the engine, so the steps after the winning one have no gain.
    """
    row = list(row)
    gains: list[Gain] = []
    for colour, points in steps:
        gained, _, won = score_batch(row, COLOURS.index(colour), points)
        offered = gained if won else points
        why = ""
        if offered > gained:
            why = LOST_ABOVE_CAP if row[COLOURS.index(colour)] >= ROW_CAP else LOST_TO_AREAS
        gains.append(Gain(colour, offered, gained, why))
        if won:
            return gains, True
    return gains, False


# --------------------------------------------------------------------------- cards


def card_colours(card: str) -> tuple[str, str]:
    first, second = card.split("-")
    return first, second


def faceup_count(view: dict[str, Any], colour: str) -> int:
    """Face-up cards on the whole table showing ``colour`` (the player's own included)."""
    return sum(1 for cards in view["faceup"] for card in cards if colour in card_colours(card))


def card_preview(view: dict[str, Any], seat: int, first: str, second: str) -> list[Gain]:
    """The points each symbol of a card would score, in this order, for ``seat``."""
    steps = [(c, faceup_count(view, c)) for c in (first, second)]
    gains, _ = simulate_gains(view["rows"][seat], steps)
    return gains


def best_order(view: dict[str, Any], seat: int, card: str) -> tuple[str, str]:
    a, b = card_colours(card)

    def kept(order: tuple[str, str]) -> int:
        return sum(g.gained for g in card_preview(view, seat, *order))

    return (b, a) if kept((b, a)) > kept((a, b)) else (a, b)


# --------------------------------------------------------------------------- dice


def others_showing(view: dict[str, Any], seat: int) -> Counter[str]:
    """How many of the other players' dice show each symbol (a die's points here)."""
    counter: Counter[str] = Counter()
    for other, dice in enumerate(view["dice"]):
        if other != seat:
            counter.update(d for d in dice if d is not None)
    return counter


@dataclass(frozen=True)
class PlanItem:
    """One scoring step of a roll: a matched die, or a wild of ``size`` equal dice."""

    kind: str  # "match" or "wild"
    symbol: str
    size: int
    colour: str

    def token(self) -> str:
        if self.kind == "match":
            return self.symbol
        return "+".join([self.symbol] * self.size) + "=" + self.colour

    def points(self, others: Counter[str]) -> int:
        return others[self.symbol] if self.kind == "match" else self.size - 1


@dataclass(frozen=True)
class DicePlan:
    """A person's choice for a roll: which equal dice form wilds, their colours, the order.

    Immutable: every change gives a new plan, so a screen state can hold it.
    """

    dice: tuple[str, ...]
    default_colour: str
    splits: tuple[tuple[str, int], ...] = ()  # (symbol, index into WILD_SPLITS[count])
    items: tuple[PlanItem, ...] = ()

    @classmethod
    def start(cls, dice: list[str], row: list[int]) -> DicePlan:
        """Every die matched on its own, in the order rolled; wilds default to the first
        lowest row's colour."""
        low = lowest_colours(row)
        return cls(
            tuple(dice),
            COLOURS[low[0]] if low else COLOURS[0],
            (),
            tuple(PlanItem("match", d, 1, d) for d in dice),
        )

    @classmethod
    def best(cls, dice: list[str], view: dict[str, Any], seat: int) -> DicePlan:
        """The plan that scores the most points (a win counts above everything): every
        way to form wilds, every colour for them and every order, tried in turn. On a
        tie the earlier one found stays, so plain matches in the order rolled come first."""
        start = cls.start(dice, view["rows"][seat])
        best, best_key = start, start.value(view, seat)
        ways = [
            [(symbol, i) for i in range(len(start.split_choices(symbol)))]
            for symbol in start.groupable()
        ]
        for chosen in product(*ways):
            shaped = start
            for symbol, index in chosen:
                shaped = shaped.with_split(symbol, index)
            wilds = [i for i, item in enumerate(shaped.items) if item.kind == "wild"]
            for colours in product(COLOURS, repeat=len(wilds)):
                coloured = shaped
                for i, colour in zip(wilds, colours, strict=True):
                    coloured = coloured.with_wild_colour(i, colour)
                for order in dict.fromkeys(permutations(coloured.items)):
                    plan = replace(coloured, items=order)
                    key = plan.value(view, seat)
                    if key > best_key:
                        best, best_key = plan, key
        return best

    def value(self, view: dict[str, Any], seat: int) -> tuple[bool, int]:
        """How good the plan is: whether it wins, then the points it keeps."""
        others = others_showing(view, seat)
        steps = [(item.colour, item.points(others)) for item in self.items]
        gains, won = simulate_gains(view["rows"][seat], steps)
        return won, sum(g.gained for g in gains)

    @property
    def counts(self) -> Counter[str]:
        return Counter(self.dice)

    def groupable(self) -> list[str]:
        """Symbols shown by two or more dice, in colour order."""
        counts = self.counts
        return [c for c in COLOURS if counts[c] >= 2]

    def split_of(self, symbol: str) -> int:
        return dict(self.splits).get(symbol, 0)

    def split_choices(self, symbol: str) -> tuple[tuple[int, ...], ...]:
        """The sizes of the wild groups each way of using the ``symbol`` dice makes."""
        return WILD_SPLITS.get(self.counts[symbol], ((),))

    def with_split(self, symbol: str, index: int) -> DicePlan:
        splits = self.split_choices(symbol)
        if symbol not in self.groupable() or not 0 <= index < len(splits):
            raise ValueError(f"no such way to use the {symbol} dice")
        old = [i for i, item in enumerate(self.items) if item.symbol == symbol]
        where = old[0] if old else len(self.items)
        kept = [it.colour for it in self.items if it.symbol == symbol and it.kind == "wild"]
        items = [item for item in self.items if item.symbol != symbol]
        split = splits[index]
        fresh = [
            PlanItem("wild", symbol, size, kept[k] if k < len(kept) else self.default_colour)
            for k, size in enumerate(split)
        ]
        fresh += [PlanItem("match", symbol, 1, symbol)] * (self.counts[symbol] - sum(split))
        items[where:where] = fresh
        chosen = dict(self.splits)
        chosen[symbol] = index
        return replace(self, splits=tuple(sorted(chosen.items())), items=tuple(items))

    def with_wild_colour(self, index: int, colour: str) -> DicePlan:
        if colour not in COLOURS or not 0 <= index < len(self.items):
            raise ValueError("no such wild or colour")
        if self.items[index].kind != "wild":
            raise ValueError("only a wild can take another colour")
        items = list(self.items)
        items[index] = replace(items[index], colour=colour)
        return replace(self, items=tuple(items))

    def moved(self, index: int, step: int) -> DicePlan:
        """The plan with item ``index`` scored ``step`` places later (earlier if negative)."""
        target = index + step
        if not (0 <= index < len(self.items) and 0 <= target < len(self.items)):
            return self
        items = list(self.items)
        items[index], items[target] = items[target], items[index]
        return replace(self, items=tuple(items))

    def move_text(self) -> str:
        """The engine move for this plan."""
        return " ".join(item.token() for item in self.items)

    def preview(self, view: dict[str, Any], seat: int) -> list[Gain]:
        """The gain of each item in order; items after a winning one score nothing and
        are left out."""
        others = others_showing(view, seat)
        steps = [(item.colour, item.points(others)) for item in self.items]
        gains, _ = simulate_gains(view["rows"][seat], steps)
        return gains


# --------------------------------------------------------------------------- tiles


def tile_gains(view: dict[str, Any], seat: int, tiles: list[str]) -> list[Gain]:
    """One point per tile, per colour; points above the target are lost (their tiles go
    back into the pool)."""
    row, target = view["rows"][seat], int(view["target"])
    counts = Counter(tiles)
    gains = []
    for colour in COLOURS:
        if counts[colour]:
            room = max(0, target - row[COLOURS.index(colour)])
            kept = min(room, counts[colour])
            why = LOST_ABOVE_TARGET if kept < counts[colour] else ""
            gains.append(Gain(colour, counts[colour], kept, why))
    return gains


def tile_score_preview(view: dict[str, Any], seat: int) -> list[Gain]:
    """Stopping now: the drawn tiles plus the centre tiles matching them."""
    drawn = list(view["drawn"])
    tiles = drawn + [t for t in view["centre"] if t in set(drawn)]
    return tile_gains(view, seat, tiles)


def free_score_preview(view: dict[str, Any], seat: int, colour: str) -> list[Gain]:
    return tile_gains(view, seat, [t for t in view["centre"] if t == colour])


def bust_colours(view: dict[str, Any]) -> list[str]:
    """Colours whose draw would end the turn: already drawn, or not in the centre."""
    drawn, centre = set(view["drawn"]), set(view["centre"])
    return [c for c in COLOURS if c in drawn or c not in centre]


def bust_chance(view: dict[str, Any]) -> float:
    pool: dict[str, int] = view["pool_colours"]
    total = sum(pool.values())
    if not total:
        return 0.0
    return float(sum(pool[c] for c in bust_colours(view)) / total)
