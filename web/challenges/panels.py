"""The table and the action panel of each challenge, as screen-model parts (pure).

One function per challenge for each: ``*_table`` shows what lies on the table for
everyone; ``*_panel`` is what the person on turn can do, with every control's action,
its keyboard shortcut and what the current choice would score (for the score rows).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from web.challenges.parts import (
    Action,
    Block,
    Buttons,
    CardSeat,
    CardsTable,
    Control,
    DiceSeat,
    DiceTable,
    Die,
    FaceUp,
    Hand,
    HandCard,
    Note,
    Offer,
    OrderChoice,
    OrderOption,
    OwnDice,
    Plan,
    PlanRow,
    SplitGroup,
    Splits,
    Tile,
    TilesTable,
    WildColour,
    WithGains,
)
from web.challenges.previews import (
    DicePlan,
    Gain,
    best_order,
    bust_chance,
    bust_colours,
    card_colours,
    card_preview,
    faceup_count,
    free_score_preview,
    others_showing,
    tile_score_preview,
)
from web.challenges.state import Choice
from web.challenges.words import (
    Phrase,
    Sym,
    card_phrase,
    discard_reason,
    item_phrase,
    join,
    split_label,
    symbol_name,
    syms,
    text,
)


@dataclass
class PanelParts:
    """A panel's blocks with the actions of its controls, its shortcuts (key -> control
    id) and the gains its current choice would bring (None: nothing chosen)."""

    blocks: list[Block] = field(default_factory=list)
    actions: dict[str, Action] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    # Enter on a control (by id) acts as another: on the chosen card, it plays the card.
    enter: dict[str, str] = field(default_factory=dict)
    preview: list[Gain] | None = None
    primary: str = ""

    def control(
        self,
        id_: str,
        label: Phrase,
        action: Action | None,
        *,
        primary: bool = False,
        aria_label: str = "",
        pressed: bool | None = None,
        keys: tuple[str, ...] = (),
    ) -> Control:
        """A control; with an action it is enabled, its keys lead to it and, if primary,
        it is where the focus goes."""
        if action is not None:
            self.actions[id_] = action
            for key in keys:
                self.keys[key] = id_
            if primary and not self.primary:
                self.primary = id_
        return Control(id_, label, action is not None, primary, aria_label, pressed)


# --------------------------------------------------------------------------- tables


def card_pair(card: str) -> str:
    first, second = card_colours(card)
    return f"{symbol_name(first)} and {symbol_name(second)}"


def cards_table(view: dict[str, Any]) -> CardsTable:
    seats = []
    for seat, cards in enumerate(view["faceup"]):
        name = view["names"][seat]
        if len(cards) == 2:
            wheres = ["near the centre", f"near {name}"]
        else:
            wheres = ["face up"] * len(cards)
        faceup = tuple(
            FaceUp(card, where, f"{where}: {card_pair(card)}")
            for card, where in zip(cards, wheres, strict=True)
        )
        size = view["hand_sizes"][seat]
        seats.append(
            CardSeat(
                seat,
                name,
                seat == view["current"],
                faceup,
                f"{size} card{'' if size == 1 else 's'} in hand",
            )
        )
    return CardsTable(
        tuple(seats),
        f"Deck: {view['deck_size']} cards · discard pile: {view['discard_size']} cards",
    )


def dice_table(view: dict[str, Any], unrolled: int | None) -> DiceTable:
    """Every player's dice; ``unrolled``: the seat whose roll is not shown yet."""
    seats = []
    for seat, dice in enumerate(view["dice"]):
        name = view["names"][seat]
        shown = tuple(die(None if seat == unrolled else colour) for colour in dice)
        seats.append(DiceSeat(seat, name, seat == view["current"], f"{name}'s dice", shown))
    return DiceTable(tuple(seats))


def die(colour: str | None, points: int | None = None) -> Die:
    if colour is None:
        return Die(None, "not rolled")
    if points is None:
        return Die(colour, symbol_name(colour))
    return Die(colour, f"{symbol_name(colour)}: matches {points} of the others' dice", points)


def tile(colour: str, drawn: bool = False) -> Tile:
    return Tile(colour, f"{symbol_name(colour)} tile", drawn)


def tiles_table(view: dict[str, Any]) -> TilesTable:
    name = view["names"][view["current"]]
    pool = int(view["pool_size"])
    return TilesTable(
        tuple(tile(c) for c in view["centre"]),
        "Centre tiles",
        pool,
        f"{pool} tile{'' if pool == 1 else 's'} face down",
        tuple(tile(c, drawn=True) for c in view["drawn"]),
        f"Drawn this turn by {name}",
    )


# --------------------------------------------------------------------------- cards


def hand_block(
    view: dict[str, Any], seat: int, parts: PanelParts | None, chosen: int | None
) -> Hand:
    """The hand of ``seat``; with ``parts`` its cards are controls (keys 1-6)."""
    cards = []
    for slot, card in enumerate(view["hand"]):
        a, b = card_colours(card)
        counts = (faceup_count(view, a), faceup_count(view, b))
        control = None
        if parts is not None:
            control = parts.control(
                f"ch-card-{slot}",
                (f"{slot + 1}",),
                Action("card", index=slot),
                aria_label=(
                    f"Card {slot + 1}: {card_pair(card)} (face-up matches: "
                    f"{a} {counts[0]}, {b} {counts[1]})"
                ),
                pressed=slot == chosen,
                keys=(str(slot + 1),),
            )
        cards.append(HandCard(slot, card, card_pair(card), counts, control))
    return Hand(f"{view['names'][seat]}'s hand", tuple(cards))


def cards_panel(view: dict[str, Any], choice: Choice) -> PanelParts:
    parts = PanelParts()
    seat = view["current"]
    if view["phase"] == "discard":
        discard = parts.control(
            "ch-discard", ("Discard my hand",), Action("move", "discard"), primary=True
        )
        keep = parts.control("ch-keep", ("Keep my hand",), Action("move", "keep"))
        parts.blocks.append(
            Offer("Hand discard offer", discard_reason(view, seat), (discard, keep))
        )
        parts.blocks.append(hand_block(view, seat, None, None))
        return parts
    hand = view["hand"]
    slot = (
        choice.card_slot if choice.card_slot is not None and choice.card_slot < len(hand) else None
    )
    parts.blocks.append(hand_block(view, seat, parts, slot))
    if slot is None:
        parts.primary = "ch-card-0"
        parts.blocks.append(
            Note(
                (
                    "Pick a card (keys 1–6). Each symbol scores one point per face-up card "
                    "showing it.",
                )
            )
        )
        return parts
    card = hand[slot]
    a, b = card_colours(card)
    order = choice.order if choice.order in ((a, b), (b, a)) else best_order(view, seat, card)
    assert order is not None
    options = []
    for first, second in ((a, b), (b, a)):
        gains = card_preview(view, seat, first, second)
        parts.actions[f"ch-order-{first}"] = Action("order", name=first)
        options.append(
            OrderOption(f"ch-order-{first}", first, second, (first, second) == order, tuple(gains))
        )
    parts.actions["ch-swap-order"] = Action("order", name=order[1])
    parts.keys["o"] = parts.keys["O"] = "ch-swap-order"
    parts.blocks.append(OrderChoice("Which symbol scores first? (key O swaps)", tuple(options)))
    play = parts.control(
        "ch-play",
        ("Play ",) + card_phrase(a, b) + (", ", Sym(order[0]), " first"),
        Action("move", f"{order[0]}-{order[1]}"),
        primary=True,
    )
    parts.blocks.append(Buttons((play,)))
    parts.enter[f"ch-card-{slot}"] = play.id
    parts.preview = card_preview(view, seat, *order)
    return parts


# --------------------------------------------------------------------------- dice


def needs_roll(view: dict[str, Any], rolled: bool) -> bool:
    """The person on turn has not pressed Roll yet (the engine rolled at the turn's start)."""
    return bool(view["rerolls_left"] == 2 and not rolled)


def current_plan(view: dict[str, Any], choice: Choice) -> DicePlan:
    seat = view["current"]
    dice = [d for d in view["dice"][seat] if d]
    plan = choice.plan
    if plan is not None and list(plan.dice) == dice:
        return plan
    return DicePlan.best(dice, view, seat)  # the person starts from the best plan


def dice_panel(view: dict[str, Any], choice: Choice, rolled: bool) -> PanelParts:
    parts = PanelParts()
    seat = view["current"]
    if needs_roll(view, rolled):
        parts.blocks.append(
            Note(("Roll all your dice; you may re-roll all of them up to two more times.",))
        )
        roll = parts.control(
            "ch-roll", ("Roll the dice (R)",), Action("roll"), primary=True, keys=("r", "R")
        )
        parts.blocks.append(Buttons((roll,)))
        return parts
    plan = current_plan(view, choice)
    others = others_showing(view, seat)
    parts.blocks.append(OwnDice("Your roll", tuple(die(d, others[d]) for d in plan.dice)))
    parts.blocks.append(
        Note(("Each die scores one point per die of the others showing its symbol (the +number).",))
    )
    left = int(view["rerolls_left"])
    reroll = parts.control(
        "ch-reroll",
        (f"Re-roll all dice (R) — {left} left",),
        Action("move", "reroll") if left > 0 else None,
        keys=("r", "R"),
    )
    parts.blocks.append(Buttons((reroll,)))
    groups = []
    for symbol in plan.groupable():
        count = plan.counts[symbol]
        gid = f"ch-split-{symbol}"
        parts.actions[gid] = Action("split", name=symbol)
        groups.append(
            SplitGroup(
                gid,
                symbol,
                f"{count} {symbol_name(symbol)} dice:",
                tuple(split_label(count, split, symbol) for split in plan.split_choices(symbol)),
                plan.split_of(symbol),
            )
        )
    if groups:
        parts.blocks.append(Splits("Equal dice as wilds", tuple(groups)))
    gains = plan.preview(view, seat)
    rows = []
    last = len(plan.items) - 1
    for index, item in enumerate(plan.items):
        phrase = item_phrase(item)
        wild = None
        if item.kind == "wild":
            wid = f"ch-wild-{index}"
            parts.actions[wid] = Action("wild", index=index)
            wild = WildColour(
                wid,
                f"Colour of the wild of {item.size} {symbol_name(item.symbol)} dice",
                item.colour,
            )
        said = text(phrase)
        up = parts.control(
            f"ch-up-{index}",
            ("↑",),
            Action("shift", index=index, name="up") if index > 0 else None,
            aria_label=f"Score the {said} earlier",
        )
        down = parts.control(
            f"ch-down-{index}",
            ("↓",),
            Action("shift", index=index, name="down") if index < last else None,
            aria_label=f"Score the {said} later",
        )
        rows.append(
            PlanRow(
                item.symbol, phrase, wild, gains[index] if index < len(gains) else None, up, down
            )
        )
    parts.blocks.append(Plan("Scoring order", tuple(rows)))
    total = sum(g.gained for g in gains)
    resolve = parts.control(
        "ch-resolve",
        (f"Score these dice (+{total})",),
        Action("move", plan.move_text()),
        primary=True,
    )
    parts.blocks.append(Buttons((resolve,)))
    parts.preview = gains
    return parts


# --------------------------------------------------------------------------- tiles


def bust_words(view: dict[str, Any]) -> Phrase:
    """Which draws would end the turn, in symbols."""
    drawn = list(dict.fromkeys(view["drawn"]))
    absent = [c for c in bust_colours(view) if c not in drawn]
    parts: list[Phrase] = []
    if drawn:
        parts.append(("a symbol you drew this turn (",) + syms(drawn) + (")",))
    if absent:
        parts.append(("a symbol no centre tile shows (",) + syms(absent) + (")",))
    return join(parts, " or ") if parts else ("nothing (every draw is safe)",)


def tiles_panel(view: dict[str, Any]) -> PanelParts:
    parts = PanelParts()
    seat = view["current"]
    legal = list(view["legal_moves"])
    if "draw" in legal:
        label = "Draw another tile (D)" if view["phase"] == "drawing" else "Draw a tile (D)"
        draw = parts.control(
            "ch-draw", (label,), Action("move", "draw"), primary=True, keys=("d", "D")
        )
        parts.blocks.append(Buttons((draw,)))
        chance = round(bust_chance(view) * 100)
        parts.blocks.append(
            Note(
                ("A draw ends your turn if it shows ",)
                + bust_words(view)
                + (f" — about {chance}% of the pool.",)
            )
        )
    if "score" in legal:
        stop = parts.control(
            "ch-stop",
            ("Stop and score (S)",),
            Action("move", "score"),
            primary=True,
            keys=("s", "S"),
        )
        parts.preview = tile_score_preview(view, seat)
        parts.blocks.append(WithGains(stop, tuple(parts.preview)))
    free = [m.partition(":")[2] for m in legal if m.startswith("free:")]
    for colour in free:
        control = parts.control(
            f"ch-free-{colour}",
            ("Free score: take the centre ", Sym(colour), " tiles"),
            Action("move", f"free:{colour}"),
        )
        parts.blocks.append(WithGains(control, tuple(free_score_preview(view, seat, colour))))
    if view["phase"] == "turn" and not free:
        parts.blocks.append(
            Note(("No free score: no centre tile shows one of your lowest rows.",), muted=True)
        )
    return parts
