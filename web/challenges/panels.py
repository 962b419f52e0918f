"""The table and the action panel of each challenge, as screen-model parts (pure).

One function per challenge for each: ``*_table`` shows what lies on the table for
everyone; ``*_panel`` is what the person on turn can do, with every control's action,
its keyboard shortcut and what the current choice would score (for the score rows).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from web.board.symbols import colour_name
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
from web.challenges.words.lines import card_phrase, discard_reason, item_phrase, split_label
from web.challenges.words.phrases import Phrase, Sym, phrase, symbol_name, syms, text
from web.i18n import N_, _, fmt, fmt_n


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
    return text(card_phrase(first, second))


def cards_table(view: dict[str, Any]) -> CardsTable:
    seats = []
    for seat, cards in enumerate(view["faceup"]):
        name = view["names"][seat]
        if len(cards) == 2:
            wheres = [_("near the centre"), fmt("near {name}", name=name)]
        else:
            wheres = [_("face up")] * len(cards)
        faceup = tuple(
            FaceUp(card, where, fmt("{where}: {card}", where=where, card=card_pair(card)))
            for card, where in zip(cards, wheres, strict=True)
        )
        size = view["hand_sizes"][seat]
        seats.append(
            CardSeat(
                seat,
                name,
                seat == view["current"],
                faceup,
                fmt_n("{n} card in hand", "{n} cards in hand", "n", n=size),
            )
        )
    return CardsTable(
        tuple(seats),
        fmt(
            "Deck: {deck} · discard pile: {discard}",
            deck=fmt_n("{n} card", "{n} cards", "n", n=int(view["deck_size"])),
            discard=fmt_n("{n} card", "{n} cards", "n", n=int(view["discard_size"])),
        ),
    )


def dice_table(view: dict[str, Any], unrolled: int | None, blank: bool = False) -> DiceTable:
    """Every player's dice; ``unrolled``: the seat whose roll is not shown yet; ``blank``:
    no roll is shown (the challenge has not begun)."""
    seats = []
    for seat, dice in enumerate(view["dice"]):
        name = view["names"][seat]
        shown = tuple(die(None if blank or seat == unrolled else colour) for colour in dice)
        seats.append(
            DiceSeat(seat, name, seat == view["current"], fmt("{name}'s dice", name=name), shown)
        )
    return DiceTable(tuple(seats))


def die(colour: str | None, points: int | None = None) -> Die:
    if colour is None:
        return Die(None, _("not rolled"))
    if points is None:
        return Die(colour, symbol_name(colour))
    said = fmt("{symbol}: matches {n} of the others' dice", symbol=symbol_name(colour), n=points)
    return Die(colour, said, points)


def tile(colour: str, drawn: bool = False) -> Tile:
    return Tile(colour, fmt("{symbol} tile", symbol=symbol_name(colour)), drawn)


def tiles_table(view: dict[str, Any]) -> TilesTable:
    name = view["names"][view["current"]]
    pool = int(view["pool_size"])
    return TilesTable(
        tuple(tile(c) for c in view["centre"]),
        _("Centre tiles"),
        pool,
        fmt_n("{n} tile face down", "{n} tiles face down", "n", n=pool),
        tuple(tile(c, drawn=True) for c in view["drawn"]),
        fmt("Drawn this turn by {name}", name=name),
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
                    fmt(
                        "Card {n}: {card} (face-up matches: {first} {a}, {second} {b})",
                        n=slot + 1,
                        card=card_pair(card),
                        first=colour_name(a),
                        a=counts[0],
                        second=colour_name(b),
                        b=counts[1],
                    )
                ),
                pressed=slot == chosen,
                keys=(str(slot + 1),),
            )
        cards.append(HandCard(slot, card, card_pair(card), counts, control))
    return Hand(fmt("{name}'s hand", name=view["names"][seat]), tuple(cards))


def cards_panel(view: dict[str, Any], choice: Choice) -> PanelParts:
    parts = PanelParts()
    seat = view["current"]
    if view["phase"] == "discard":
        discard = parts.control(
            "ch-discard", (_("Discard my hand"),), Action("move", "discard"), primary=True
        )
        keep = parts.control("ch-keep", (_("Keep my hand"),), Action("move", "keep"))
        parts.blocks.append(
            Offer(_("Hand discard offer"), discard_reason(view, seat), (discard, keep))
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
                    _(
                        "Pick a card (keys 1–6). Each symbol scores one point per face-up "
                        "card showing it."
                    ),
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
    parts.blocks.append(OrderChoice(_("Which symbol scores first? (key O swaps)"), tuple(options)))
    play = parts.control(
        "ch-play",
        phrase(N_("Play {card}, {symbol} first"), card=card_phrase(a, b), symbol=Sym(order[0])),
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
            Note((_("Roll all your dice; you may re-roll all of them up to two more times."),))
        )
        roll = parts.control(
            "ch-roll", (_("Roll the dice (R)"),), Action("roll"), primary=True, keys=("r", "R")
        )
        parts.blocks.append(Buttons((roll,)))
        return parts
    plan = current_plan(view, choice)
    others = others_showing(view, seat)
    parts.blocks.append(OwnDice(_("Your roll"), tuple(die(d, others[d]) for d in plan.dice)))
    buttons_at = len(parts.blocks)  # Score and Re-roll come beside the dice (below)
    parts.blocks.append(
        Note(
            (
                _(
                    "Each die scores one point per die of the others showing its symbol "
                    "(the +number)."
                ),
            )
        )
    )
    left = int(view["rerolls_left"])
    reroll = parts.control(
        "ch-reroll",
        (fmt("Re-roll all dice (R) — {n} left", n=left),),
        Action("move", "reroll") if left > 0 else None,
        keys=("r", "R"),
    )
    groups = []
    for symbol in plan.groupable():
        count = plan.counts[symbol]
        gid = f"ch-split-{symbol}"
        parts.actions[gid] = Action("split", name=symbol)
        groups.append(
            SplitGroup(
                gid,
                symbol,
                fmt_n(
                    "{n} {symbol} die:",
                    "{n} {symbol} dice:",
                    "n",
                    n=count,
                    symbol=symbol_name(symbol),
                ),
                tuple(
                    split_label(count, split, symbol_name(symbol))
                    for split in plan.split_choices(symbol)
                ),
                plan.split_of(symbol),
            )
        )
    if groups:
        parts.blocks.append(Splits(_("Equal dice as wilds"), tuple(groups)))
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
                fmt(
                    "Colour of the wild of {n} {symbol} dice",
                    n=item.size,
                    symbol=symbol_name(item.symbol),
                ),
                item.colour,
            )
        said = text(phrase)
        up = parts.control(
            f"ch-up-{index}",
            ("↑",),
            Action("shift", index=index, name="up") if index > 0 else None,
            aria_label=fmt("Score the {step} earlier", step=said),
        )
        down = parts.control(
            f"ch-down-{index}",
            ("↓",),
            Action("shift", index=index, name="down") if index < last else None,
            aria_label=fmt("Score the {step} later", step=said),
        )
        rows.append(
            PlanRow(
                item.symbol, phrase, wild, gains[index] if index < len(gains) else None, up, down
            )
        )
    parts.blocks.append(Plan(_("Scoring order"), tuple(rows)))
    total = sum(g.gained for g in gains)
    resolve = parts.control(
        "ch-resolve",
        (fmt("Score these dice (+{points})", points=total),),
        Action("move", plan.move_text()),
        primary=True,
    )
    # Right under the dice, so the turn's button is in view before the scoring order
    # (which starts at the best plan and is changed only now and then).
    parts.blocks.insert(buttons_at, Buttons((resolve, reroll)))
    parts.preview = gains
    return parts


# --------------------------------------------------------------------------- tiles


def bust_words(view: dict[str, Any]) -> Phrase:
    """Which draws would end the turn, in symbols."""
    drawn = list(dict.fromkeys(view["drawn"]))
    absent = [c for c in bust_colours(view) if c not in drawn]
    said: dict[str, Phrase] = {}
    if drawn:
        said["drawn"] = phrase(N_("a symbol you drew this turn ({symbols})"), symbols=syms(drawn))
    if absent:
        said["absent"] = phrase(
            N_("a symbol no centre tile shows ({symbols})"), symbols=syms(absent)
        )
    if len(said) == 2:
        return phrase(N_("{drawn} or {absent}"), **said)
    return next(iter(said.values())) if said else (_("nothing (every draw is safe)"),)


def tiles_panel(view: dict[str, Any]) -> PanelParts:
    parts = PanelParts()
    seat = view["current"]
    legal = list(view["legal_moves"])
    if "draw" in legal:
        label = _("Draw another tile (D)") if view["phase"] == "drawing" else _("Draw a tile (D)")
        draw = parts.control(
            "ch-draw", (label,), Action("move", "draw"), primary=True, keys=("d", "D")
        )
        parts.blocks.append(Buttons((draw,)))
        chance = round(bust_chance(view) * 100)
        parts.blocks.append(
            Note(
                phrase(
                    N_("A draw ends your turn if it shows {what} — about {chance}% of the pool."),
                    what=bust_words(view),
                    chance=chance,
                )
            )
        )
    if "score" in legal:
        stop = parts.control(
            "ch-stop",
            (_("Stop and score (S)"),),
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
            phrase(N_("Free score: take the centre {symbol} tiles"), symbol=Sym(colour)),
            Action("move", f"free:{colour}"),
        )
        parts.blocks.append(WithGains(control, tuple(free_score_preview(view, seat, colour))))
    if view["phase"] == "turn" and not free:
        parts.blocks.append(
            Note((_("No free score: no centre tile shows one of your lowest rows."),), muted=True)
        )
    return parts
