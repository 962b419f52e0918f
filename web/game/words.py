"""Moves and decisions in the players' language: symbols and points, never coordinates.

One place for the wording of the board game, so every line that describes a move (last
move, move list, pass screen, replay, hints, screen-reader announcements) says it the
same way: ``"Bob: blue ✶ + green ●, +3 blue, +1 green"``. Each colour is named with the
character closest to its printed symbol (`GLYPH`); screen readers get the same line
without those characters (`MoveWords.speech`). The duel's offer is an *exchange*, every
other game's a *swap*: one word per idea (`offer_words`).

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

from engine.variants import VARIANTS
from web.board.board_words import cell_words
from web.board.hexgrid import Cell
from web.board.placing import parse_placement

#: One character per colour, shaped like its printed symbol (see `web.board.symbols`):
#: red 12-pointed star, green disc, blue 6-pointed star, orange hexagon, yellow sun, purple ring.
GLYPH: dict[str, str] = {
    "red": "✹",
    "green": "●",
    "blue": "✶",
    "orange": "⬢",
    "yellow": "☀",
    "purple": "○",
}
COLOUR_ORDER = ("red", "green", "blue", "orange", "yellow", "purple")
DUEL_END = 9
RACK = 6  # tiles on a full rack; a swap draws this many and needs them in the bag


def symbol(colour: str) -> str:
    """A colour with its symbol character, e.g. ``"blue ✶"``."""
    return f"{colour} {GLYPH[colour]}"


def and_list(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def points_text(points: Mapping[str, int], first: Sequence[str] = ()) -> str:
    """Points per colour as shown: ``+3 blue, +1 green``, or ``no points``; the colours
    in `first` (a tile's, as placed) lead."""
    parts = [f"+{n} {c}" for c, n in _ordered(points, first) if n]
    return ", ".join(parts) if parts else "no points"


def points_speech(points: Mapping[str, int], first: Sequence[str] = ()) -> str:
    parts = [f"{n} {c}" for c, n in _ordered(points, first) if n]
    return and_list(parts) if parts else "no points"


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


SWAP = OfferWords("swap", "swapped", "Swap all six tiles", "Keep my tiles", "Swap offer")
EXCHANGE = OfferWords(
    "exchange", "exchanged", "Exchange those tiles", "Keep my tiles", "Exchange offer"
)


def offer_words(variant: str) -> OfferWords:
    return EXCHANGE if variant == "duel" else SWAP


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
        where = f"at 9 on {names[seat]}'s side"
        return f"{shown} {'is' if len(colours) == 1 else 'are'} {where}"
    if len(colours) == 1:
        return f"no tile on the rack shows {shown}, the lowest colour"
    return f"no tile on the rack shows any of the lowest colours, {shown}"


def offer_prompt(variant: str, names: Sequence[str], scores: Sequence[Sequence[int]],
                 seat: int, rack_size: int = 6) -> str:  # fmt: skip
    """The offer in the status line and its box: who may do what, and why (a rack of
    fewer than six tiles is returned whole, and six are drawn)."""
    who = names[seat]
    reason = offer_reason(variant, names, scores, seat)
    if variant == "duel":
        colours = and_list([symbol(c) for c in offer_colours(variant, scores, seat)])
        return f"{who} may exchange every tile showing {colours}: {reason}."
    if rack_size < RACK:
        return f"{who} may return {count(rack_size, 'tile')} and draw six: {reason}."
    return f"{who} may swap all six tiles: {reason}."


def offer_take(variant: str, rack_size: int) -> str:
    """The button that takes the offer: a short rack is returned whole and six are drawn."""
    if variant != "duel" and rack_size < RACK:
        tiles = "your tile" if rack_size == 1 else f"your {rack_size} tiles"
        return f"Return {tiles} and draw six"
    return offer_words(variant).take


def count(n: int, noun: str) -> str:
    """``1 tile``, ``4 tiles``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def tiles_text(tiles: Sequence[Sequence[str]]) -> str:
    """Tiles as shown: ``red ✹ + green ●, blue ✶ + blue ✶``."""
    return ", ".join(f"{symbol(a)} + {symbol(b)}" for a, b in tiles)


def bag_words(variant: str, bag: int) -> str:
    """The tiles left in the bag, beside the rack; below six the swap is no longer possible
    (the duel's exchange draws what there is, solo has no offer)."""
    left = f"{count(bag, 'tile')} in the bag" if bag else "The bag is empty"
    if variant in ("standard", "team") and bag < RACK:
        return f"{left}: too few for a swap (it needs {RACK})."
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
        words = offer_words(variant)
        before = log[index - 1].get("scores") if index > 0 else None
        reason = offer_reason(variant, names, before, seat) if before else ""
        because = f" ({reason})" if reason else ""
        returned = event.get("returned")
        if move == "pass":
            text = f"{who} kept the tiles (no {words.noun})."
        elif variant == "duel" and before:
            shown = and_list([symbol(c) for c in offer_colours(variant, before, seat)])
            text = f"{who} exchanged every tile showing {shown} (at 9 on {who}'s side)."
        elif variant == "duel":
            text = f"{who} exchanged tiles."
        elif returned is not None and len(returned) < RACK:
            text = f"{who} returned {count(len(returned), 'tile')} and drew six{because}."
        else:
            text = f"{who} swapped all six tiles{because}."
        if returned and move == "swap":  # the rack is shown to the table
            text += f" Returned: {tiles_text(returned)}."
        return MoveWords(index, seat, text, plain(text), ())
    halves = parse_placement(move)
    if halves is None:
        return MoveWords(index, seat, f"{who}: {move}", f"{who}: {move}", ())
    (a, colour_a), (b, colour_b) = halves
    points = event.get("points", {})
    tile = (colour_a, colour_b)
    text = f"{who}: {symbol(colour_a)} + {symbol(colour_b)}, {points_text(points, tile)}"
    speech = f"{who} placed {colour_a} and {colour_b}, scoring {points_speech(points, tile)}"
    extra = _aftermath(event, names)
    if radius is not None:
        where = (f". {colour_a.capitalize()} on {cell_words(radius, a, short=True)}; "
                 f"{colour_b} on {cell_words(radius, b, short=True)}")  # fmt: skip
        text, speech = text + where, speech + where
    return MoveWords(
        index, seat, f"{text}.{extra}", f"{speech}.{extra}", (a, b), bool(event.get("bonus"))
    )


def _aftermath(event: Mapping[str, Any], names: Sequence[str]) -> str:
    out = ""
    bonus = int(event.get("bonus", 0) or 0)
    if bonus == 1:
        out += " Ingenious! A bonus tile."
    elif bonus > 1:
        out += f" Ingenious! ×{bonus}: {bonus} bonus tiles."
    lost = int(event.get("lost_bonus", 0) or 0)
    if lost:
        out += f" {lost} bonus {'tile' if lost == 1 else 'tiles'} lost: the rack is empty."
    end = event.get("end")
    if end == "instant win":
        out += f" {names[int(event['seat'])]} wins at once."
    elif end:
        out += " The board is full: game over."
    return out


def describe_log(log: Sequence[Mapping[str, Any]], names: Sequence[str],
                 variant: str) -> tuple[MoveWords, ...]:  # fmt: skip
    return tuple(describe(log, i, names, variant) for i in range(len(log)))


def placement_words(colours: tuple[str, str], points: Mapping[str, int]) -> str:
    """A placement not yet played (a hint, the aimed tile): ``blue ✶ + green ●, +3 blue``."""
    return f"{symbol(colours[0])} + {symbol(colours[1])}, {points_text(points, colours)}"


def tile_label(slot: int, tile: tuple[str, str]) -> str:
    """A rack tile's accessible name: ``Tile 1: red and blue``."""
    return f"Tile {slot + 1}: {tile[0]} and {tile[1]}"


def plain(text: str) -> str:
    """A shown line without its symbol characters (for screen readers)."""
    for glyph in GLYPH.values():
        text = text.replace(f" {glyph}", "")
    return text


def pick_a_tile(rack_size: int, touch: bool, first: bool = False) -> str:
    """Asking for a tile: a finger taps one of the rack; keys name the tiles there are."""
    pick = "Pick a tile first" if first else "Pick a tile"
    if touch:
        return "Tap a tile on your rack first." if first else "Tap a tile on your rack."
    keys = "key 1" if rack_size == 1 else f"keys 1–{rack_size}"
    return f"{pick} ({keys})."
