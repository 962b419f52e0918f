"""The move list's lines and the other words of a match (pure): what a move scored, what
it lost, what ended a challenge, who won, what a bot is about to do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.challenges.common import COLOURS, lowest_colours
from web.challenges.previews import (
    LOST_ABOVE_CAP,
    LOST_ABOVE_TARGET,
    LOST_TO_AREAS,
    Gain,
    PlanItem,
    card_colours,
    faceup_count,
    others_showing,
    simulate_gains,
)
from web.challenges.words.phrases import (
    LOST_WORDS,
    Line,
    Phrase,
    phrase,
    show,
    sym,
    then,
)
from web.i18n import N_, Msg, _, fmt, fmt_n, msg, msg_n
from web.i18n import join as join_words


def points(n: int) -> str:
    return fmt_n("{n} point", "{n} points", "n", n=n)


LOST_PLAIN = N_("({lost} lost)")
LOST_CHIP = N_("{lost} lost")
#: The lost points beside a preview's gain.
LOST_CHIPS = {
    LOST_ABOVE_CAP: N_("{lost} lost above 10"),
    LOST_TO_AREAS: N_("{lost} lost to the area rule"),
    LOST_ABOVE_TARGET: N_("{lost} lost above the target, back to the pool"),
}


def lost_text(gain: Gain) -> str:
    return fmt(LOST_CHIPS.get(gain.why_lost, LOST_CHIP), lost=gain.lost)


def lost_words(gain: Gain) -> Msg:
    return msg(LOST_WORDS.get(gain.why_lost, LOST_PLAIN), lost=gain.lost)


def kept_gain(gain: Gain) -> Msg:
    """``+2 <symbol>``, with the lost points and why: ``+1 <symbol> (2 lost above 10)``."""
    if gain.lost:
        return msg(
            "+{points} {symbol} {lost}",
            points=gain.gained,
            symbol=sym(gain.colour),
            lost=lost_words(gain),
        )
    return msg("+{points} {symbol}", points=gain.gained, symbol=sym(gain.colour))


def kept_gains(gains: Sequence[Gain]) -> Any:
    return [kept_gain(g) for g in gains] if gains else msg("no points")


def gain_phrase(gain: Gain) -> Phrase:
    return show(kept_gain(gain))


def gains_phrase(gains: Sequence[Gain]) -> Phrase:
    return show(kept_gains(gains))


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
        if variant == "tiles":
            said = msg(
                "{name} has every row at the target {target}: {name} wins!",
                name=winner,
                target=int(after["target"]),
            )
        else:
            said = msg("{name} has every row at 7 or more: {name} wins!", name=winner)
        return [Line(said)]
    if ended_by == "pool empty":
        return [Line(msg("Nobody can draw or score: the game ends."))]
    return []


def bonus_lines(
    name: str, colours: list[str], reached: Msg, keeps_turn: bool, what: Msg
) -> list[Line]:
    lines = []
    for colour in colours:
        if keeps_turn:
            said = msg(
                "Ingenious! {symbol} reached {reached}: {name} plays a bonus turn.",
                symbol=sym(colour),
                reached=reached,
                name=name,
            )
        else:
            said = msg(
                "Ingenious! {symbol} reached {reached}, but {what}.",
                symbol=sym(colour),
                reached=reached,
                what=what,
            )
        lines.append(Line(said, True))
    return lines


def new_bonus_colours(before: dict[str, Any], after: dict[str, Any], seat: int) -> list[str]:
    had = set(before["bonus_used"][seat])
    return [c for c in COLOURS if c in after["bonus_used"][seat] and c not in had]


def card_lines(
    move: str, before: dict[str, Any], after: dict[str, Any], seat: int, name: str
) -> list[Line]:
    if move in ("discard", "keep"):
        if move == "keep":
            return [Line(msg("{name} kept the hand.", name=name))]
        count = before["hand_sizes"][seat]
        return [
            Line(
                msg_n(
                    "{name} showed and discarded the whole hand ({n} card).",
                    "{name} showed and discarded the whole hand ({n} cards).",
                    "n",
                    name=name,
                    n=count,
                )
            )
        ]
    first, second = card_colours(move)
    row = before["rows"][seat]
    offered = Counter({c: faceup_count(before, c) for c in (first, second)})
    gains = {g.colour: g for g in row_gains(row, after["rows"][seat], offered)}
    order = [with_reason(gains.get(c, Gain(c, 0, 0)), row) for c in (first, second)]
    won = after["phase"] == "over"
    if won:  # scoring stopped at the winning point: nothing after it was offered
        last = max(i for i, g in enumerate(order) if g.gained)
        order = order[:last] + [Gain(order[last].colour, order[last].gained, order[last].gained)]
    said = msg(
        "{name} played the {card} card, {symbol} first: {gains}.",
        name=name,
        card=kept_card(first, second),
        symbol=sym(first),
        gains=kept_gains(order),
    )
    lines = [Line(said)]
    if not won:
        keeps = after["current"] == seat and after["phase"] == "play"
        lines += bonus_lines(
            name,
            new_bonus_colours(before, after, seat),
            msg("10"),
            keeps,
            msg("no card is left for it"),
        )
        if after["deck_size"] > before["deck_size"]:
            lines.append(Line(msg("The discard pile was shuffled into a new deck.")))
    return lines


def kept_card(first: str, second: str) -> Msg:
    return msg("{first} and {second}", first=sym(first), second=sym(second))


def card_phrase(first: str, second: str) -> Phrase:
    """A card by its two symbols."""
    return show(kept_card(first, second))


def with_reason(gain: Gain, row_before: list[int]) -> Gain:
    """A kept-and-lost gain from the rows, with why the rest was lost (cards, dice)."""
    if not gain.lost:
        return gain
    value = row_before[COLOURS.index(gain.colour)] + gain.gained
    why = LOST_ABOVE_CAP if value >= 10 else LOST_TO_AREAS
    return Gain(gain.colour, gain.offered, gain.gained, why)


def parse_items(move: str) -> list[PlanItem]:
    """The scoring steps of a dice move (``red green+green=blue``)."""
    items = []
    for token in move.split():
        group, _sep, colour = token.partition("=")
        parts = group.split("+")
        if colour:
            items.append(PlanItem("wild", parts[0], len(parts), colour))
        else:
            items.append(PlanItem("match", parts[0], 1, parts[0]))
    return items


def kept_wild(item: PlanItem) -> Msg:
    return msg(
        "wild of {size} {die} as {colour}",
        size=item.size,
        die=sym(item.symbol),
        colour=sym(item.colour),
    )


def kept_item(item: PlanItem) -> Msg:
    """``<die>`` for a matched die; ``wild of 2 <die> as <colour>`` for a wild."""
    if item.kind == "match":
        return msg("{die} die", die=sym(item.symbol))
    return kept_wild(item)


def item_phrase(item: PlanItem) -> Phrase:
    return show(kept_item(item))


def kept_step(item: PlanItem, gain: Gain) -> Msg:
    """What one die or wild scored: ``<die> +2`` or ``wild of 2 <die> as <colour> +1``."""
    head: Any = sym(item.symbol) if item.kind != "wild" else kept_wild(item)
    if gain.lost:
        return msg("{what} +{points} {lost}", what=head, points=gain.gained, lost=lost_words(gain))
    return msg("{what} +{points}", what=head, points=gain.gained)


def step_phrase(item: PlanItem, gain: Gain) -> Phrase:
    return show(kept_step(item, gain))


def dice_lines(
    move: str, before: dict[str, Any], after: dict[str, Any], seat: int, name: str
) -> list[Line]:
    if move == "reroll":
        left = after["rerolls_left"]
        dice = [sym(d) for d in after["dice"][seat] if d]
        said = msg_n(
            "{name} re-rolled: {dice} ({n} re-roll left).",
            "{name} re-rolled: {dice} ({n} re-rolls left).",
            "n",
            name=name,
            dice=dice,
            n=left,
        )
        return [Line(said)]
    items = parse_items(move)
    others = others_showing(before, seat)
    row = list(before["rows"][seat])
    gains, _rest = simulate_gains(row, [(item.colour, item.points(others)) for item in items])
    steps = [kept_step(item, gain) for item, gain in zip(items, gains, strict=False)]
    rolled = [sym(d) for d in before["dice"][seat] if d]
    lines = [Line(msg("{name} scored {dice}: {steps}.", name=name, dice=rolled, steps=steps))]
    if after["phase"] != "over":
        keeps = after["current"] == seat
        lines += bonus_lines(
            name,
            new_bonus_colours(before, after, seat),
            msg("10"),
            keeps,
            msg("the turn is over"),
        )
    return lines


def tile_lines(
    move: str, before: dict[str, Any], after: dict[str, Any], seat: int, name: str
) -> list[Line]:
    row_before, row_after = before["rows"][seat], after["rows"][seat]
    target = int(before["target"])
    if move == "draw":
        if after["phase"] == "drawing" and after["current"] == seat and after["drawn"]:
            return [Line(msg("{name} drew {symbol}.", name=name, symbol=sym(after["drawn"][-1])))]
        # A bust: the drawn tile left the pool (the centre, four or more now, needs no
        # refill) and joined the centre with the tiles drawn before it.
        pool_before, pool_after = before["pool_colours"], after["pool_colours"]
        tile = next(c for c in COLOURS if pool_after[c] < pool_before[c])
        joined = len(before["drawn"]) + 1
        if tile in before["drawn"]:
            said = msg_n(
                "{name} drew {symbol} again: the turn ends and it joins the centre.",
                "{name} drew {symbol} again: the turn ends and {n} tiles join the centre.",
                "n",
                name=name,
                symbol=sym(tile),
                n=joined,
            )
        else:
            said = msg_n(
                "{name} drew {symbol}, which no centre tile shows: the turn ends and it joins "
                "the centre.",
                "{name} drew {symbol}, which no centre tile shows: the turn ends and {n} tiles "
                "join the centre.",
                "n",
                name=name,
                symbol=sym(tile),
                n=joined,
            )
        return [Line(said)] + pass_lines(before, after, seat, int(before["pending_bonus"]) > 0)
    if move.startswith("free:"):
        colour = move.partition(":")[2]
        offered = Counter({colour: before["centre"].count(colour)})
        head = N_("{name} took a free score: {gains}.")
    else:
        drawn = list(before["drawn"])
        offered = Counter(drawn + [t for t in before["centre"] if t in set(drawn)])
        head = N_("{name} stopped and scored: {gains}.")
    gains = [
        Gain(g.colour, g.offered, g.gained, LOST_ABOVE_TARGET if g.lost else "")
        for g in row_gains(row_before, row_after, offered)
    ]
    lines = [Line(msg(head, name=name, gains=kept_gains(gains)))]
    if after["phase"] != "over":
        reached = [c for i, c in enumerate(COLOURS) if row_before[i] < target <= row_after[i]]
        keeps = after["current"] == seat
        lines += bonus_lines(
            name,
            reached,
            msg("the target {target}", target=target),
            keeps,
            msg("{name} cannot draw or score any more", name=name),
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
    return [
        Line(msg("{name} cannot draw or score and passes.", name=before["names"][s]))
        for s in skipped
    ]


# --------------------------------------------------------------------------- a bot's intent


def intent(variant: str, move: str, view: dict[str, Any], name: str) -> Phrase:
    """What a bot is about to do (shown for a moment before it happens)."""
    if variant == "cards":
        if move == "discard":
            return phrase(N_("{name} discards the whole hand."), name=name)
        if move == "keep":
            return phrase(N_("{name} keeps the hand."), name=name)
        first, second = card_colours(move)
        return phrase(
            N_("{name} plays the {card} card, {symbol} first."),
            name=name,
            card=kept_card(first, second),
            symbol=sym(first),
        )
    if variant == "dice":
        if move == "reroll":
            return phrase(N_("{name} re-rolls all dice."), name=name)
        steps = [kept_item(item) for item in parse_items(move)]
        return phrase(N_("{name} scores {steps}."), name=name, steps=then(steps))
    if move == "draw":
        return phrase(N_("{name} draws a tile."), name=name)
    if move == "score":
        return phrase(N_("{name} stops and scores."), name=name)
    return phrase(
        N_("{name} takes a free score in {symbol}."), name=name, symbol=sym(move.partition(":")[2])
    )


# --------------------------------------------------------------------------- other words


def split_label(count: int, split: tuple[int, ...], symbol: str) -> str:
    """One way to use ``count`` equal dice, e.g. "a wild of 2 (1 point) + 1 matched die"."""
    if not split:
        return fmt("match each {symbol} die on its own", symbol=symbol)
    parts = [
        fmt("a wild of {size} ({points})", size=size, points=points(size - 1)) for size in split
    ]
    singles = count - sum(split)
    if singles:
        parts.append(fmt_n("{n} matched die", "{n} matched dice", "n", n=singles))
    return " + ".join(parts)


def discard_reason(view: dict[str, Any], seat: int) -> Phrase:
    low = [sym(COLOURS[c]) for c in lowest_colours(view["rows"][seat])]
    return show(
        msg_n(
            "No card in your hand shows your lowest row ({symbols}): you may show and discard "
            "the whole hand before drawing six new cards.",
            "No card in your hand shows your lowest rows ({symbols}): you may show and discard "
            "the whole hand before drawing six new cards.",
            "n",
            symbols=low,
            n=len(low),
        )
    )


def ended_reason(result: dict[str, Any], variant: str, names: list[str], target: int) -> str:
    if result["ended_by"] == "goal" and result["winner"] is not None:
        name = names[result["winner"]]
        if variant == "tiles":
            return fmt("{name} brought every row to the target {target}.", name=name, target=target)
        return fmt("{name} brought every row to {target} or more.", name=name, target=target)
    if result["ended_by"] == "pool empty":
        return _("The pool ran dry and nobody could move: the lowest rows decide.")
    return _("The game ended.")


def winners_title(names: list[str], winners: list[int], match: bool) -> str:
    """ "Ann wins!" / "Ann wins the match!" or a shared first place."""
    shown = [names[s] for s in winners]
    if len(shown) == 1:
        if match:
            return fmt("{name} wins the match!", name=shown[0])
        return fmt("{name} wins!", name=shown[0])
    if match:
        return fmt("Shared first place in the match: {names}", names=join_words(shown))
    return fmt("Shared first place: {names}", names=join_words(shown))
