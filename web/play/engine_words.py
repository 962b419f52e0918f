"""The engine's own sentences in the player's language (pure).

The engine speaks English only (it imports nothing from web/): the reasons it refuses a
placement and its explanation of a result (tie-breaks, the duel, the solo result). Each
sentence it can say is matched here and said again through the catalogue, its names,
colours and numbers kept; a sentence this table does not know is shown as it is.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable

from web.i18n import N_, _, fmt, fmt_n
from web.ui.scoreboard import side_words as side

#: The engine's ordinals (engine.ranking.ORDINALS): which colour decides a tie.
ORDINALS = {
    "lowest": N_("the lowest colour decides"),
    "second lowest": N_("the second lowest colour decides"),
    "third lowest": N_("the third lowest colour decides"),
    "fourth lowest": N_("the fourth lowest colour decides"),
    "fifth lowest": N_("the fifth lowest colour decides"),
    "highest": N_("the highest colour decides"),
}


def _colour(name: str) -> str:
    from web.board.symbols import colour_name

    return colour_name(name)


def _tie(m: re.Match[str]) -> str:
    a, b = side(m["a"]), side(m["b"])
    tied = int(m["tied"] or 1)
    decides = _(ORDINALS.get(m["ordinal"], m["ordinal"]))
    return fmt_n(
        "{a} and {b} tie on their lowest colour ({values}); {decides}: {x} against {y}.",
        "{a} and {b} tie on their {n} lowest colours ({values}); {decides}: {x} against {y}.",
        "n",
        n=tied,
        a=a,
        b=b,
        values=m["values"],
        decides=decides,
        x=int(m["x"]),
        y=int(m["y"]),
    )


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]

RULES: list[Rule] = [
    (re.compile(r"the two cells of a tile must be adjacent"),
     lambda m: _("the two cells of a tile must be adjacent")),
    (re.compile(r"this cell is not empty"), lambda m: _("this cell is not empty")),
    (re.compile(r"the neighbouring cell is not empty"),
     lambda m: _("the neighbouring cell is not empty")),
    (re.compile(r"(?P<name>.+) has no (?P<a>[a-z]+)/(?P<b>[a-z]+) tile on the rack"),
     lambda m: fmt("{name} has no {first}/{second} tile on the rack", name=m["name"],
                   first=_colour(m["a"]), second=_colour(m["b"]))),
    (re.compile(r"the drawn tile is not (?P<a>[a-z]+)/(?P<b>[a-z]+)"),
     lambda m: fmt("the drawn tile is not {first}/{second}", first=_colour(m["a"]),
                   second=_colour(m["b"]))),
    (re.compile(r"first placement: the tile must touch a printed symbol that no tile touches yet"),
     lambda m: _("first placement: the tile must touch a printed symbol that no tile "
                 "touches yet")),
    (re.compile(r"the game is over"), lambda m: _("the game is over")),
    (re.compile(r"this game was tried from a chain of (?P<n>\d+) games, the most a save can "
                r"hold: try from an earlier game of the chain instead"),
     lambda m: fmt("This game was tried from a chain of {n} games, the most a save can hold: "
                   "try from an earlier game of the chain instead.", n=int(m["n"]))),
    (re.compile(r"decide on the swap first: 'swap' or 'pass'"),
     lambda m: _("decide on the swap first")),
    (re.compile(r"a tile must be placed now; a swap is offered only after the placements of "
                r"a turn"),
     lambda m: _("a tile must be placed now; a swap is offered only after the placements "
                 "of a turn")),
    (re.compile(r"(?P<name>.+) filled every track and wins at once\."),
     lambda m: fmt("{name} filled every track and wins at once.", name=side(m["name"]))),
    (re.compile(r"The result of a solo game is its lowest colour: (?P<n>-?\d+)\."),
     lambda m: fmt("The result of a solo game is its lowest colour: {n}.", n=int(m["n"]))),
    (re.compile(r"(?P<name>.+) pulled all six colours over and wins at once\."),
     lambda m: fmt("{name} pulled all six colours over and wins at once.", name=m["name"])),
    (re.compile(r"(?P<name>.+) has (?P<n>\d+) colours on their side against (?P<m>\d+)\."),
     lambda m: fmt_n("{name} has {n} colour on their side against {m}.",
                     "{name} has {n} colours on their side against {m}.", "n",
                     name=m["name"], n=int(m["n"]), m=int(m["m"]))),
    (re.compile(r"Same number of colours and the same distances: a draw\."),
     lambda m: _("Same number of colours and the same distances: a draw.")),
    (re.compile(r"Both have (?P<n>\d+) colours on their side; (?P<rest>.+)"),
     lambda m: fmt_n("Both have {n} colour on their side; {rest}",
                     "Both have {n} colours on their side; {rest}", "n",
                     n=int(m["n"]), rest=engine_text(m["rest"]))),
    (re.compile(r"(?P<a>.+?) and (?P<b>.+?) have the same counts and share the place\."),
     lambda m: fmt(
        "{a} and {b} have the same counts and share the place.", a=side(m["a"]),
        b=side(m["b"]))),
    (re.compile(r"(?P<a>.+?) is ahead of (?P<b>.+?): lowest colour (?P<x>\d+) against "
                r"(?P<y>\d+)\."),
     lambda m: fmt("{a} is ahead of {b}: lowest colour {x} against {y}.", a=side(m["a"]),
                   b=side(m["b"]), x=int(m["x"]), y=int(m["y"]))),
    (re.compile(r"(?P<a>.+?) and (?P<b>.+?) tie on their (?:(?P<tied>\d+) )?lowest colours? "
                r"\((?P<values>[^)]*)\); the (?P<ordinal>[a-z ]+?) colour decides: "
                r"(?P<x>\d+) against (?P<y>\d+)\."), _tie),
]  # fmt: skip


def engine_text(text: str) -> str:
    """``text`` (a sentence of the engine) in the player's language."""
    for pattern, say in RULES:
        match = pattern.fullmatch(text)
        if match:
            return say(match)
    return text


# --- the review's and the hint's reasons (engine.review.TEXT) ---------------------------

#: The review's sentences (keys of ``engine.review.TEXT``) as message ids; a number's
#: format (percent, one decimal) is kept as the engine wrote it.
REVIEW = {
    "raises": N_("raises {colour} by {n} (to {to})"),
    "raises_lowest": N_("raises {colour}, your lowest, by {n} (to {to})"),
    "pulls": N_("pulls {colour} {n} your way (to {to})"),
    "nothing": N_("scores nothing"),
    "bonus": N_("reaches {mark} in {colour}: a bonus turn"),
    "blocks": N_("blocks {name}'s {colour} line (worth {n} to them)"),
    "leaves_open": N_("leaves {name}'s {colour} line open (worth {n} to them)"),
    "opens": N_("opens a {colour} line for {name} (worth {n} to them)"),
    "sets_swap": N_("sets up a swap (no tile of your lowest colour left)"),
    "swap": N_("swaps the rack for six new tiles"),
    "pass": N_("keeps the rack"),
    "better": N_("Better: {best}: {why}."),
    "played": N_("Played: {move}: {why}."),
    "same": N_("The move played is as good as any the analysis found."),
    "worth_win": N_("chance of winning {played} instead of {best}"),
    "worth_lowest": N_("expected lowest colour at the end {played} instead of {best}"),
    "chart_line": N_("Move {number} ({mover}): {values}."),
    "chart_value_win": N_("{name} {value}"),
    "chart_value_lowest": N_("{name} {value}"),
    "chart_end": N_("End: {values}."),
}

#: What each of the engine's placeholders matches.
_FIELD = {"colour": r"[a-z]+", "n": r"-?\d+", "to": r"-?\d+", "mark": r"\d+",
          "number": r"\d+"}  # fmt: skip


def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching what ``template`` (an engine text) writes."""
    out = []
    for literal, name, spec, _conv in string.Formatter().parse(template):
        out.append(re.escape(literal))
        if name is None:
            continue
        spec = spec or ""
        if spec.endswith("%"):
            body = r"-?\d+%"
        elif spec.endswith("f"):
            body = r"-?\d+(?:\.\d+)?"
        else:
            body = _FIELD.get(name, r".+?")
        out.append(f"(?P<{name}>{body})")
    return re.compile("".join(out))


def _review_patterns() -> list[tuple[str, re.Pattern[str]]]:
    from engine.review import TEXT

    return [(key, _pattern(TEXT[key])) for key in REVIEW]


_PATTERNS: list[tuple[str, re.Pattern[str]]] = []


def _argument(key: str, name: str, value: str) -> object:
    if name == "colour":
        return _colour(value)
    if name in ("name", "mover"):
        return side(value)
    if name in ("why",):
        return "; ".join(review_text(part) for part in value.split("; "))
    if name == "values":
        return ", ".join(review_text(part) for part in value.split(", "))
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    return value


def review_text(text: str) -> str:
    """A sentence of the review or a hint (``engine.review``) in the player's language:
    a fact, a comparison of two moves (``Better: … Played: …``) or a chart line."""
    if not _PATTERNS:
        _PATTERNS.extend(_review_patterns())
    if ". Played: " in text and text.startswith("Better: "):
        first, second = text.split(". Played: ", 1)
        return f"{review_text(first + '.')} {review_text('Played: ' + second)}"
    for key, pattern in _PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            args = {k: _argument(key, k, v) for k, v in match.groupdict().items()}
            return fmt(REVIEW[key], **args)
    return text


def review_facts(facts: list[str] | tuple[str, ...]) -> str:
    """Facts of a move (a review's or a hint's), in the player's language, joined."""
    return "; ".join(review_text(f) for f in facts)
