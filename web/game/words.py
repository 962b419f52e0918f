"""Moves and decisions in the players' language: symbols and points, never coordinates.

One place for the wording of the board game, so every line that describes a move (last
move, move list, pass screen, replay, hints, screen-reader announcements) says it the
same way: ``"Bob: blue ✶ + green ●, +3 blue, +1 green"``. Each colour is named with the
character closest to its printed symbol (`web.board.symbols.GLYPH`); screen readers get
the same line without those characters (`MoveWords.speech`). The duel's offer is an
*exchange*, every other game's a *swap*: one word per idea (`offer_words`).

Pure: only the engine's plain data goes in (the log, names, tracks), so CPython tests
cover every line.

>>> points_text({"blue": 3, "green": 1, "red": 0})
'+3 blue, +1 green'
>>> symbol("purple")
'purple ○'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.rules.variants import VARIANTS
from web.board.board_words import cell_words
from web.board.hexgrid import Cell
from web.board.placing import parse_placement
from web.board.symbols import GLYPH as GLYPH
from web.board.symbols import colour_name
from web.i18n import N_, _, fmt, fmt_n, join, language

COLOUR_ORDER = ("red", "green", "blue", "orange", "yellow", "purple")
DUEL_END = 9
RACK = 6  # tiles on a full rack; a swap draws this many and needs them in the bag


def symbol(colour: str) -> str:
    """A colour with its symbol character, e.g. ``"blue ✶"``."""
    return f"{colour_name(colour)} {GLYPH[colour]}"


def and_list(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (in the language's words)."""
    if len(parts) <= 1:
        return "".join(parts)
    if language() != "en":
        return join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def points_text(points: Mapping[str, int], first: Sequence[str] = ()) -> str:
    """Points per colour as shown: ``+3 blue, +1 green``, or ``no points``; the colours
    in `first` (a tile's, as placed) lead."""
    parts = [fmt("+{n} {colour}", n=n, colour=colour_name(c))
             for c, n in _ordered(points, first) if n]  # fmt: skip
    return ", ".join(parts) if parts else _("no points")


def points_speech(points: Mapping[str, int], first: Sequence[str] = ()) -> str:
    parts = [fmt("{n} {colour}", n=n, colour=colour_name(c))
             for c, n in _ordered(points, first) if n]  # fmt: skip
    return and_list(parts) if parts else _("no points")


def _ordered(points: Mapping[str, int], first: Sequence[str] = ()) -> list[tuple[str, int]]:
    order = [*first, *COLOUR_ORDER]
    return sorted(points.items(), key=lambda item: order.index(item[0]))


# --- the swap offer (the exchange in the duel) -------------------------------------------
@dataclass(frozen=True)
class OfferWords:
    noun: str  # "swap" or "exchange"
    past: str  # "swapped" or "exchanged"
    take: str  # the button that takes the offer
    keep: str  # the button that declines it
    region: str  # accessible name of the offer's box


SWAP = OfferWords(
    N_("swap"), N_("swapped"), N_("Swap all six tiles"), N_("Keep my tiles"), N_("Swap offer")
)
EXCHANGE = OfferWords(
    N_("exchange"),
    N_("exchanged"),
    N_("Exchange those tiles"),
    N_("Keep my tiles"),
    N_("Exchange offer"),
)


def offer_words(variant: str) -> OfferWords:
    """The offer's words in the player's language (the duel's is an exchange)."""
    words = EXCHANGE if variant == "duel" else SWAP
    return OfferWords(_(words.noun), _(words.past), _(words.take), _(words.keep), _(words.region))


def offer_colours(variant: str, scores: Sequence[Sequence[int]], seat: int) -> list[str]:
    """The colours that open the offer: the side's lowest colours (swap), or in the duel
    the colours standing at 9 on the seat's side (exchange)."""
    if variant == "duel":
        sign = 1 if seat == 0 else -1
        return [c for i, c in enumerate(COLOUR_ORDER) if scores[0][i] * sign == DUEL_END]
    track = scores[VARIANTS[variant].side_of(seat)]
    low = min(track)
    return [c for i, c in enumerate(COLOUR_ORDER) if track[i] == low]


def offer_reason(variant: str, names: Sequence[str], scores: Sequence[Sequence[int]],
                 seat: int) -> str:  # fmt: skip
    """Why the offer is made, as a clause: the same words before and after the choice."""
    colours = offer_colours(variant, scores, seat)
    shown = and_list([symbol(c) for c in colours])
    if variant == "duel":
        return fmt_n(
            "{colours} is at 9 on {name}'s side",
            "{colours} are at 9 on {name}'s side",
            "n",
            n=len(colours),
            colours=shown,
            name=names[seat],
        )
    if len(colours) == 1:
        return fmt("no tile on the rack shows {colour}, the lowest colour", colour=shown)
    return fmt("no tile on the rack shows any of the lowest colours, {colours}", colours=shown)


def offer_prompt(variant: str, names: Sequence[str], scores: Sequence[Sequence[int]],
                 seat: int, rack_size: int = 6) -> str:  # fmt: skip
    """The offer in the status line and its box: who may do what, and why (a rack of
    fewer than six tiles is returned whole, and six are drawn)."""
    who = names[seat]
    reason = offer_reason(variant, names, scores, seat)
    if variant == "duel":
        colours = and_list([symbol(c) for c in offer_colours(variant, scores, seat)])
        return fmt(
            "{name} may exchange every tile showing {colours}: {reason}.",
            name=who,
            colours=colours,
            reason=reason,
        )
    if rack_size < RACK:
        return fmt_n(
            "{name} may return {n} tile and draw six: {reason}.",
            "{name} may return {n} tiles and draw six: {reason}.",
            "n",
            n=rack_size,
            name=who,
            reason=reason,
        )
    return fmt("{name} may swap all six tiles: {reason}.", name=who, reason=reason)


def offer_take(variant: str, rack_size: int) -> str:
    """The button that takes the offer: a short rack is returned whole and six are drawn."""
    if variant != "duel" and rack_size < RACK:
        return fmt_n(
            "Return your tile and draw six", "Return your {n} tiles and draw six", "n", n=rack_size
        )
    return offer_words(variant).take


def tile_count(n: int) -> str:
    """``1 tile``, ``4 tiles``."""
    return fmt_n("{n} tile", "{n} tiles", "n", n=n)


def tiles_text(tiles: Sequence[Sequence[str]]) -> str:
    """Tiles as shown: ``red ✹ + green ●, blue ✶ + blue ✶``."""
    return ", ".join(f"{symbol(a)} + {symbol(b)}" for a, b in tiles)


def bag_words(variant: str, bag: int) -> str:
    """The tiles left in the bag, beside the rack; below six the swap is no longer possible
    (the duel's exchange draws what there is, solo has no offer)."""
    left = (
        fmt_n("{n} tile in the bag", "{n} tiles in the bag", "n", n=bag)
        if bag
        else _("The bag is empty")
    )
    if variant in ("standard", "team") and bag < RACK:
        return fmt("{left}: too few for a swap (it needs {n}).", left=left, n=RACK)
    return f"{left}."


# --- moves ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveWords:
    """One move in words, with the cells it covered (for highlighting on the board)."""

    index: int  # position in the game's log
    seat: int
    text: str  # as shown: symbols and points
    speech: str  # the same for screen readers, without symbol characters
    cells: tuple[Cell, ...] = ()  # the two cells of a placement; none for a decision
    bonus: bool = False


def describe(log: Sequence[Mapping[str, Any]], index: int, names: Sequence[str],
             variant: str, radius: int | None = None) -> MoveWords:  # fmt: skip
    """The move ``log[index]`` in words; with the zone's `radius`, a placement also says
    where each half went, as the keyboard cursor counts (a bot's move: nobody saw it aimed).

    A swap or exchange is explained with the tracks of the placement just before it (the
    offer always follows the placements of the same turn).
    """
    event = log[index]
    seat = int(event["seat"])
    who = names[seat]
    move = str(event.get("move", ""))
    if move in ("swap", "pass"):
        before = log[index - 1].get("scores") if index > 0 else None
        reason = offer_reason(variant, names, before, seat) if before else ""
        because = f" ({reason})" if reason else ""
        returned = event.get("returned")
        if move == "pass":
            text = (
                fmt("{name} kept the tiles (no exchange).", name=who)
                if variant == "duel"
                else fmt("{name} kept the tiles (no swap).", name=who)
            )
        elif variant == "duel" and before:
            shown = and_list([symbol(c) for c in offer_colours(variant, before, seat)])
            text = fmt(
                "{name} exchanged every tile showing {colours} (at 9 on {name}'s side).",
                name=who,
                colours=shown,
            )
        elif variant == "duel":
            text = fmt("{name} exchanged tiles.", name=who)
        elif returned is not None and len(returned) < RACK:
            text = fmt_n(
                "{name} returned {n} tile and drew six{reason}.",
                "{name} returned {n} tiles and drew six{reason}.",
                "n",
                n=len(returned),
                name=who,
                reason=because,
            )
        else:
            text = fmt("{name} swapped all six tiles{reason}.", name=who, reason=because)
        if returned and move == "swap":  # the rack is shown to the table
            text += " " + fmt("Returned: {tiles}.", tiles=tiles_text(returned))
        return MoveWords(index, seat, text, plain(text), ())
    halves = parse_placement(move)
    if halves is None:
        said = fmt("{name}: {move}", name=who, move=move)
        return MoveWords(index, seat, said, said, ())
    (a, colour_a), (b, colour_b) = halves
    points = event.get("points", {})
    tile = (colour_a, colour_b)
    text = fmt(  # a sentence of its own: French puts a no-break space before the colon
        "{name}: {first} + {second}, {points}",
        name=who,
        first=symbol(colour_a),
        second=symbol(colour_b),
        points=points_text(points, tile),
    )
    speech = fmt(
        "{name} placed {first} and {second}, scoring {points}",
        name=who,
        first=colour_name(colour_a),
        second=colour_name(colour_b),
        points=points_speech(points, tile),
    )
    extra = _aftermath(event, names)
    if radius is not None:
        where = ". " + fmt(
            "{First} on {cell}; {second} on {other}",
            First=_capital(colour_name(colour_a)),
            cell=cell_words(radius, a, short=True),
            second=colour_name(colour_b),
            other=cell_words(radius, b, short=True),
        )
        text, speech = text + where, speech + where
    return MoveWords(
        index, seat, f"{text}.{extra}", f"{speech}.{extra}", (a, b), bool(event.get("bonus"))
    )


def _aftermath(event: Mapping[str, Any], names: Sequence[str]) -> str:
    out = ""
    bonus = int(event.get("bonus", 0) or 0)
    if bonus == 1:
        out += " " + _("Ingenious! A bonus tile.")
    elif bonus > 1:
        out += " " + fmt("Ingenious! ×{n}: {n} bonus tiles.", n=bonus)
    lost = int(event.get("lost_bonus", 0) or 0)
    if lost:
        out += " " + fmt_n(
            "{n} bonus tile lost: the rack is empty.",
            "{n} bonus tiles lost: the rack is empty.",
            "n",
            n=lost,
        )
    end = event.get("end")
    if end == "instant win":
        out += " " + fmt("{name} wins at once.", name=names[int(event["seat"])])
    elif end:
        out += " " + _("The board is full: game over.")
    return out


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe_log(log: Sequence[Mapping[str, Any]], names: Sequence[str],
                 variant: str) -> tuple[MoveWords, ...]:  # fmt: skip
    return tuple(describe(log, i, names, variant) for i in range(len(log)))


def placement_words(colours: tuple[str, str], points: Mapping[str, int]) -> str:
    """A placement not yet played (a hint, the aimed tile): ``blue ✶ + green ●, +3 blue``."""
    return f"{symbol(colours[0])} + {symbol(colours[1])}, {points_text(points, colours)}"


def tile_label(slot: int, tile: tuple[str, str]) -> str:
    """A rack tile's accessible name: ``Tile 1: red and blue``."""
    return fmt(
        "Tile {n}: {first} and {second}",
        n=slot + 1,
        first=colour_name(tile[0]),
        second=colour_name(tile[1]),
    )


def plain(text: str) -> str:
    """A shown line without its symbol characters (for screen readers)."""
    for glyph in GLYPH.values():
        text = text.replace(f" {glyph}", "")
    return text


def pick_a_tile(rack_size: int, touch: bool, first: bool = False) -> str:
    """Asking for a tile: a finger taps one of the rack; keys name the tiles there are."""
    if touch:
        return _("Tap a tile on your rack first.") if first else _("Tap a tile on your rack.")
    if first:
        return fmt_n("Pick a tile first (key 1).", "Pick a tile first (keys 1–{n}).", "n",
                     n=rack_size)  # fmt: skip
    return fmt_n("Pick a tile (key 1).", "Pick a tile (keys 1–{n}).", "n", n=rack_size)
