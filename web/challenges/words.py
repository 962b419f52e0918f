"""Moves and results in the players' language: symbols and points, never move codes.

A :data:`Phrase` is a sequence of text and :class:`Sym` parts. The page draws a ``Sym``
as the symbol's picture (with its name for screen readers); :func:`text` spells it out
("red 12-pointed star") for announcements and labels. Everything here is pure.

A move is described from the public part of the game before and after it (any seat's
view holds it), so the words follow from the state and a reload tells the same story.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.challenges.common import COLOURS, lowest_colours
from web.challenges.previews import (
    Gain,
    PlanItem,
    card_colours,
    faceup_count,
    others_showing,
    simulate_gains,
)

TITLES = {"cards": "Card Challenge", "dice": "Dice Challenge", "tiles": "Tile Challenge"}
SHAPES = {
    "red": "12-pointed star",
    "green": "disc",
    "blue": "6-pointed star",
    "orange": "hexagon",
    "yellow": "sun",
    "purple": "ring",
}
BONUS_MARK = "Ingenious!"


@dataclass(frozen=True)
class Sym:
    """A symbol in a phrase: drawn as its picture, read as its name."""

    colour: str


Part = str | Sym
Phrase = tuple[Part, ...]


def symbol_name(colour: str) -> str:
    return f"{colour} {SHAPES[colour]}"


def text(phrase: Sequence[Part]) -> str:
    """The phrase in words only (announcements, labels, the save list)."""
    return "".join(symbol_name(p.colour) if isinstance(p, Sym) else p for p in phrase)


def join(phrases: Sequence[Phrase], between: str = ", ", last: str | None = None) -> Phrase:
    """Phrases in a row: "a, b and c" (with ``last=" and "``) or "a, b, c"."""
    out: list[Part] = []
    for i, phrase in enumerate(phrases):
        if i:
            out.append(last if last is not None and i == len(phrases) - 1 else between)
        out.extend(phrase)
    return tuple(out)


def syms(colours: Sequence[str]) -> Phrase:
    """Several symbols side by side ("red 12-pointed star, green disc" in words)."""
    return join([(Sym(c),) for c in colours])


@dataclass(frozen=True)
class Line:
    """One line of the move list; ``bonus`` lines (an "Ingenious!") stand out."""

    phrase: Phrase
    bonus: bool = False

    @property
    def text(self) -> str:
        return text(self.phrase)


# --------------------------------------------------------------------------- points


def points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def gain_phrase(gain: Gain) -> Phrase:
    """``+2 <symbol>``, with the lost points and why: ``+1 <symbol> (2 lost above 10)``."""
    phrase: Phrase = (f"+{gain.gained} ", Sym(gain.colour))
    if gain.lost:
        phrase += (f" ({gain.lost} lost {gain.why_lost})",)
    return phrase


def gains_phrase(gains: Sequence[Gain]) -> Phrase:
    return join([gain_phrase(g) for g in gains]) if gains else ("no points",)


def row_gains(before: list[int], after: list[int], offered: Counter[str]) -> list[Gain]:
    """Per colour in colour order: what the move offered and what the row kept."""
    out = []
    for i, colour in enumerate(COLOURS):
        gained = after[i] - before[i]
        if gained or offered[colour]:
            out.append(Gain(colour, max(offered[colour], gained), gained))
    return out


# --------------------------------------------------------------------------- moves


def describe(
    variant: str,
    move: str,
    before: dict[str, Any],
    after: dict[str, Any],
    ended_by: str,
) -> list[Line]:
    """The move-list lines of one move, from the public game before and after it.

    ``before`` and ``after`` are views of the same challenge (any seat's); ``ended_by``
    is the engine's reason once the challenge is over.
    """
    seat = int(before["current"])
    name = before["names"][seat]
    if variant == "cards":
        lines = card_lines(move, before, after, seat, name)
    elif variant == "dice":
        lines = dice_lines(move, before, after, seat, name)
    else:
        lines = tile_lines(move, before, after, seat, name)
    if after["phase"] == "over":
        lines += ending_lines(variant, after, ended_by)
    return lines


def ending_lines(variant: str, after: dict[str, Any], ended_by: str) -> list[Line]:
    if ended_by == "goal" and after["winner"] is not None:
        winner = after["names"][after["winner"]]
        return [Line((f"{winner} has every row at {goal_words(variant, after)}: {winner} wins!",))]
    if ended_by == "pool empty":
        return [Line(("Nobody can draw or score: the game ends.",))]
    return []


def goal_words(variant: str, view: dict[str, Any]) -> str:
    return f"the target {view['target']}" if variant == "tiles" else "7 or more"


def bonus_lines(
    name: str, colours: list[str], reached: str, keeps_turn: bool, what: str
) -> list[Line]:
    lines = []
    for colour in colours:
        follow = f"{name} plays a bonus turn." if keeps_turn else f"but {what}."
        lines.append(Line((f"{BONUS_MARK} ", Sym(colour), f" reached {reached}: {follow}"), True))
    return lines


def new_bonus_colours(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[str]:
    had = set(before["bonus_used"][seat])
    return [c for c in COLOURS if c in after["bonus_used"][seat] and c not in had]


def card_lines(
    move: str, before: dict[str, Any], after: dict[str, Any], seat: int, name: str
) -> list[Line]:
    if move in ("discard", "keep"):
        if move == "keep":
            return [Line((f"{name} kept the hand.",))]
        count = before["hand_sizes"][seat]
        return [Line((f"{name} showed and discarded the whole hand ({count} cards).",))]
    first, second = card_colours(move)
    row = before["rows"][seat]
    offered = Counter({c: faceup_count(before, c) for c in (first, second)})
    gains = {g.colour: g for g in row_gains(row, after["rows"][seat], offered)}
    order = [with_reason(gains.get(c, Gain(c, 0, 0)), row) for c in (first, second)]
    won = after["phase"] == "over"
    if won:  # scoring stopped at the winning point: nothing after it was offered
        last = max(i for i, g in enumerate(order) if g.gained)
        order = order[:last] + [Gain(order[last].colour, order[last].gained, order[last].gained)]
    phrase: Phrase = (f"{name} played the ",) + card_phrase(first, second) + (" card, ",)
    phrase += (Sym(first), " first: ")
    lines = [Line(phrase + gains_phrase(order) + (".",))]
    if not won:
        keeps = after["current"] == seat and after["phase"] == "play"
        lines += bonus_lines(
            name, new_bonus_colours(before, after, seat), "10", keeps, "no card is left for it"
        )
        if after["deck_size"] > before["deck_size"]:
            lines.append(Line(("The discard pile was shuffled into a new deck.",)))
    return lines


def card_phrase(first: str, second: str) -> Phrase:
    """A card by its two symbols."""
    return (Sym(first), " and ", Sym(second))


def with_reason(gain: Gain, row_before: list[int]) -> Gain:
    """A kept-and-lost gain from the rows, with why the rest was lost (cards, dice)."""
    if not gain.lost:
        return gain
    value = row_before[COLOURS.index(gain.colour)] + gain.gained
    why = "above 10" if value >= 10 else "to the area rule"
    return Gain(gain.colour, gain.offered, gain.gained, why)


def parse_items(move: str) -> list[PlanItem]:
    """The scoring steps of a dice move (``red green+green=blue``)."""
    items = []
    for token in move.split():
        group, _, colour = token.partition("=")
        parts = group.split("+")
        if colour:
            items.append(PlanItem("wild", parts[0], len(parts), colour))
        else:
            items.append(PlanItem("match", parts[0], 1, parts[0]))
    return items


def item_phrase(item: PlanItem) -> Phrase:
    """``<die>`` for a matched die; ``wild of 2 <die> as <colour>`` for a wild."""
    if item.kind == "match":
        return (Sym(item.symbol), " die")
    return (f"wild of {item.size} ", Sym(item.symbol), " as ", Sym(item.colour))


def step_phrase(item: PlanItem, gain: Gain) -> Phrase:
    """What one die or wild scored: ``<die> +2`` or ``wild of 2 <die> as <colour> +1``."""
    head: Phrase = (Sym(item.symbol),)
    if item.kind == "wild":
        head = (f"wild of {item.size} ", Sym(item.symbol), " as ", Sym(item.colour))
    lost = f" ({gain.lost} lost {gain.why_lost})" if gain.lost else ""
    return head + (f" +{gain.gained}{lost}",)


def dice_lines(
    move: str, before: dict[str, Any], after: dict[str, Any], seat: int, name: str
) -> list[Line]:
    if move == "reroll":
        left = after["rerolls_left"]
        dice = [d for d in after["dice"][seat] if d]
        return [
            Line(
                (f"{name} re-rolled: ",)
                + syms(dice)
                + (f" ({left} re-roll{'' if left == 1 else 's'} left).",)
            )
        ]
    items = parse_items(move)
    others = others_showing(before, seat)
    row = list(before["rows"][seat])
    gains, _ = simulate_gains(row, [(item.colour, item.points(others)) for item in items])
    steps = [step_phrase(item, gain) for item, gain in zip(items, gains, strict=False)]
    rolled = [d for d in before["dice"][seat] if d]
    lines = [Line((f"{name} scored ",) + syms(rolled) + (": ",) + join(steps) + (".",))]
    if after["phase"] != "over":
        keeps = after["current"] == seat
        lines += bonus_lines(name, new_bonus_colours(before, after, seat), "10", keeps, "")
    return lines


def tile_lines(
    move: str, before: dict[str, Any], after: dict[str, Any], seat: int, name: str
) -> list[Line]:
    row_before, row_after = before["rows"][seat], after["rows"][seat]
    target = int(before["target"])
    if move == "draw":
        if after["phase"] == "drawing" and after["current"] == seat and after["drawn"]:
            return [Line((f"{name} drew ", Sym(after["drawn"][-1]), "."))]
        # A bust: the drawn tile left the pool (the centre, four or more now, needs no
        # refill) and joined the centre with the tiles drawn before it.
        pool_before, pool_after = before["pool_colours"], after["pool_colours"]
        tile = next(c for c in COLOURS if pool_after[c] < pool_before[c])
        why = " again" if tile in before["drawn"] else ", which no centre tile shows"
        joined = len(before["drawn"]) + 1
        joins = f"{joined} tiles join the centre" if joined > 1 else "it joins the centre"
        line = Line((f"{name} drew ", Sym(tile), f"{why}: the turn ends and {joins}."))
        return [line] + pass_lines(before, after, seat, int(before["pending_bonus"]) > 0)
    if move.startswith("free:"):
        colour = move.partition(":")[2]
        offered = Counter({colour: before["centre"].count(colour)})
        head: Phrase = (f"{name} took a free score: ",)
    else:
        drawn = list(before["drawn"])
        offered = Counter(drawn + [t for t in before["centre"] if t in set(drawn)])
        head = (f"{name} stopped and scored: ",)
    gains = [
        Gain(g.colour, g.offered, g.gained, "above the target, back to the pool" if g.lost else "")
        for g in row_gains(row_before, row_after, offered)
    ]
    lines = [Line(head + gains_phrase(gains) + (".",))]
    if after["phase"] != "over":
        reached = [c for i, c in enumerate(COLOURS) if row_before[i] < target <= row_after[i]]
        keeps = after["current"] == seat
        lines += bonus_lines(
            name, reached, f"the target {target}", keeps, "cannot draw or score any more"
        )
        lines += pass_lines(before, after, seat, int(before["pending_bonus"]) + len(reached) > 0)
    return lines


def pass_lines(
    before: dict[str, Any], after: dict[str, Any], seat: int, bonus_due: bool
) -> list[Line]:
    """Players who could neither draw nor take a free score once the pool ran dry.

    The turn goes to ``seat`` again when a bonus turn is due, else to the next seat;
    every seat from there up to the one now playing passed. When the game ended that way,
    every seat passed once in turn.
    """
    players = len(before["rows"])
    start = seat if bonus_due else (seat + 1) % players
    if after["phase"] == "over":
        if after["winner"] is not None:
            return []
        skipped = [(start + k) % players for k in range(players)]
    else:
        skipped = []
        at = start
        while at != after["current"] and len(skipped) < players:
            skipped.append(at)
            at = (at + 1) % players
    return [Line((f"{before['names'][s]} cannot draw or score and passes.",)) for s in skipped]


# --------------------------------------------------------------------------- a bot's intent


def intent(variant: str, move: str, view: dict[str, Any], name: str) -> Phrase:
    """What a bot is about to do (shown for a moment before it happens)."""
    if variant == "cards":
        if move == "discard":
            return (f"{name} discards the whole hand.",)
        if move == "keep":
            return (f"{name} keeps the hand.",)
        first, second = card_colours(move)
        head: Phrase = (f"{name} plays the ",) + card_phrase(first, second)
        return head + (" card, ", Sym(first), " first.")
    if variant == "dice":
        if move == "reroll":
            return (f"{name} re-rolls all dice.",)
        steps = [item_phrase(item) for item in parse_items(move)]
        return (f"{name} scores ",) + join(steps, ", then ") + (".",)
    if move == "draw":
        return (f"{name} draws a tile.",)
    if move == "score":
        return (f"{name} stops and scores.",)
    return (f"{name} takes a free score in ", Sym(move.partition(":")[2]), ".")


# --------------------------------------------------------------------------- other words


def split_label(count: int, split: tuple[int, ...], symbol: str) -> str:
    """One way to use ``count`` equal dice, e.g. "a wild of 2 (1 point) + 1 matched die"."""
    if not split:
        return f"match each {symbol} die on its own"
    parts = [f"a wild of {size} ({points(size - 1)})" for size in split]
    singles = count - sum(split)
    if singles:
        parts.append(f"{singles} matched die" if singles == 1 else f"{singles} matched dice")
    return " + ".join(parts)


def discard_reason(view: dict[str, Any], seat: int) -> Phrase:
    low = [COLOURS[c] for c in lowest_colours(view["rows"][seat])]
    rows = "row" if len(low) == 1 else "rows"
    return (
        (f"No card in your hand shows your lowest {rows} (",)
        + syms(low)
        + ("): you may show and discard the whole hand before drawing six new cards.",)
    )


def ended_reason(result: dict[str, Any], variant: str, names: list[str], target: int) -> str:
    if result["ended_by"] == "goal" and result["winner"] is not None:
        goal = f"the target {target}" if variant == "tiles" else f"{target} or more"
        return f"{names[result['winner']]} brought every row to {goal}."
    if result["ended_by"] == "pool empty":
        return "The pool ran dry and nobody could move: the lowest rows decide."
    return "The game ended."


def winners_title(names: list[str], winners: list[int], what: str) -> str:
    """ "Ann wins!" / "Ann wins the match!" or a shared first place."""
    shown = [names[s] for s in winners]
    if len(shown) == 1:
        return f"{shown[0]} wins{what}!"
    return f"Shared first place{what.replace(' the', ' in the')}: " + " and ".join(shown)
