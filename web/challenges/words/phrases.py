"""Moves and results in the players' language: symbols and points, never move codes.

A :data:`Phrase` is a sequence of text and :class:`Sym` parts. The page draws a ``Sym``
as the symbol's picture (with its name for screen readers); :func:`text` spells it out
("red 12-pointed star") for announcements and labels. Everything here is pure.

A move is described from the public part of the game before and after it (any seat's
view holds it), so the words follow from the state and a reload tells the same story.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from web.challenges.previews import (
    LOST_ABOVE_CAP,
    LOST_ABOVE_TARGET,
    LOST_TO_AREAS,
)
from web.i18n import N_, Msg, _, is_msg, msg, ngettext, number, placeholders

TITLES = {
    "cards": N_("Card Challenge"),
    "dice": N_("Dice Challenge"),
    "tiles": N_("Tile Challenge"),
}
#: Each symbol by its colour and shape (the glossary's names, translated where shown).
SYMBOL_NAMES = {
    "red": N_("red 12-pointed star"),
    "green": N_("green disc"),
    "blue": N_("blue 6-pointed star"),
    "orange": N_("orange hexagon"),
    "yellow": N_("yellow sun"),
    "purple": N_("purple ring"),
}
BONUS_MARK = N_("Ingenious!")
#: Why points were lost, as a whole clause (the word order differs between languages).
LOST_WORDS = {
    LOST_ABOVE_CAP: N_("({lost} lost above 10)"),
    LOST_TO_AREAS: N_("({lost} lost to the area rule)"),
    LOST_ABOVE_TARGET: N_("({lost} lost above the target, back to the pool)"),
}


def title(variant: str) -> str:
    """A challenge's name in the player's language."""
    return _(TITLES[variant])


@dataclass(frozen=True)
class Sym:
    """A symbol in a phrase: drawn as its picture, read as its name."""

    colour: str


Part = str | Sym
Phrase = tuple[Part, ...]


def symbol_name(colour: str) -> str:
    return _(SYMBOL_NAMES[colour])


def text(phrase: Sequence[Part]) -> str:
    """The phrase in words only (announcements, labels, the save list)."""
    return "".join(symbol_name(p.colour) if isinstance(p, Sym) else p for p in phrase)


# A kept phrase is a message (``msg``: id and arguments) whose arguments may be a symbol
# (``sym``), another kept phrase, or a list of kept phrases said one after the other.
# ``show`` renders it in the current language as text and symbol parts, so the move list
# kept in memory reads in whatever language the player picks later.


def sym(colour: str) -> dict[str, str]:
    """A symbol as the argument of a kept phrase."""
    return {"s": colour}


def then(items: Sequence[Any]) -> dict[str, Any]:
    """Kept phrases one after the other: "a, then b, then c"."""
    return {"then": list(items)}


def show(value: Any) -> Phrase:
    """A kept phrase (or one of its arguments) as parts in the current language."""
    if isinstance(value, Sym):
        return (value,)
    if isinstance(value, tuple):
        return value
    if isinstance(value, list):
        return join([show(v) for v in value])
    if isinstance(value, dict) and "s" in value:
        return (Sym(str(value["s"])),)
    if isinstance(value, dict) and "then" in value:
        out: Phrase = ()
        for i, item in enumerate(value["then"]):
            out = show(item) if i == 0 else phrase(N_("{first}, then {next}"), first=out, next=item)
        return out
    if is_msg(value):
        return _split(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return (number(value),)
    return (str(value),)


def _split(kept: Msg) -> Phrase:
    args = kept.get("a") or {}
    plural, count = kept.get("p"), kept.get("n")
    if isinstance(plural, str) and isinstance(count, str):
        amount = args.get(count)
        template = ngettext(kept["m"], plural, amount if isinstance(amount, int) else 0)
    else:
        template = _(kept["m"])
    if not placeholders(template) <= set(args):
        template = kept["m"]
    out: list[Part] = []
    at = 0
    for found in _FIELD.finditer(template):
        out.append(template[at : found.start()])
        out.extend(show(args[found.group(1)]))
        at = found.end()
    out.append(template[at:])
    return _merged(out)


def _merged(parts: Sequence[Part]) -> Phrase:
    """Adjacent texts as one, empty texts dropped."""
    out: list[Part] = []
    for part in parts:
        if isinstance(part, str) and out and isinstance(out[-1], str):
            out[-1] = out[-1] + part
        elif part != "":
            out.append(part)
    return tuple(out)


_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def phrase(message: str, /, **args: Any) -> Phrase:
    """A phrase in the current language: ``message`` translated, its placeholders filled
    with symbols, phrases or words."""
    return show(msg(message, **args))


def join(phrases: Sequence[Phrase]) -> Phrase:
    """Phrases in a row: "a, b, c"."""
    out: list[Part] = []
    for i, item in enumerate(phrases):
        if i:
            out.append(", ")
        out.extend(item)
    return _merged(out)


def syms(colours: Sequence[str]) -> Phrase:
    """Several symbols side by side ("red 12-pointed star, green disc" in words)."""
    return join([(Sym(c),) for c in colours])


@dataclass(frozen=True)
class Line:
    """One line of the move list, kept as a message; ``bonus`` lines (an "Ingenious!")
    stand out."""

    kept: Msg
    bonus: bool = False

    def __hash__(self) -> int:
        return hash((json.dumps(self.kept, sort_keys=True), self.bonus))

    @property
    def phrase(self) -> Phrase:
        return show(self.kept)

    @property
    def text(self) -> str:
        return text(self.phrase)


# --------------------------------------------------------------------------- points
