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
from typing import Any

from web.i18n import (
    N_,
    Nn_,
    _,
    clauses,
    decimal,
    elide,
    fmt,
    fmt_n,
    number,
    percent,
    placeholders,
)
from web.ui.scoreboard import side_words as side

#: The engine's ordinals (engine.rules.ranking.ORDINALS): which colour decides a tie.
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


# --- the review's own sentences (engine.coach.review.TEXT): the chart's lines, the verdict -----

#: The review's sentences (keys of ``engine.coach.review.TEXT``) as message ids; a number's
#: format (percent, one decimal) is kept as the engine wrote it.
REVIEW = {
    "better": N_("Better: {best}."),
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
    from engine.coach.review import TEXT

    return [(key, _pattern(TEXT[key])) for key in REVIEW]


_PATTERNS: list[tuple[str, re.Pattern[str]]] = []


def _argument(key: str, name: str, value: str) -> object:
    if name == "colour":
        return _colour(value)
    if name in ("name", "mover"):
        return side(value)
    if name == "values":
        return ", ".join(review_text(part) for part in value.split(", "))
    if re.fullmatch(r"-?\d+", value):
        return int(value)
    return value


def review_text(text: str) -> str:
    """A sentence of the review itself (``engine.coach.review.TEXT``: a chart line, the verdict)
    in the player's language; the reasons are facts (:func:`lesson_text`)."""
    if not _PATTERNS:
        _PATTERNS.extend(_review_patterns())
    for key, pattern in _PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            args = {k: _argument(key, k, v) for k, v in match.groupdict().items()}
            return fmt(REVIEW[key], **args)
    return text


def review_facts(facts: list[Any] | tuple[Any, ...]) -> str:
    """Facts of a move (``engine.coach.lessons`` dicts: a review's, a hint's or a puzzle's) in the
    player's language, joined."""
    return lesson_clauses(facts)


# --- the coach's facts, lessons and plans (engine.coach.lessons) ----------------------------------

#: Every kind of ``engine.coach.lessons`` fact, lesson point and plan as a message id (a plural
#: pair where a count decides the form: ``(singular, plural, the count's field)``). The
#: English ids say what the engine says (``engine.coach.lessons.TEXT``), numbers unformatted.
LESSONS: dict[str, str | tuple[str, str, str]] = {
    "gain": N_("raises {colour} by {n} (to {to})"),
    "gain_lowest": N_("raises {colour}, your lowest colour, by {n} (to {to})"),
    "gain_tied": N_("raises {colour}, one of your lowest colours, by {n} (to {to})"),
    "pull": N_("pulls {colour} {n} your way (to {to})"),
    "wasted": (*Nn_("wastes {n} point of {colour}: it was already at {at}",
                    "wastes {n} points of {colour}: it was already at {at}"), "n"),
    "wasted_past": (*Nn_("wastes {n} more point of {colour} past {at}",
                         "wastes {n} more points of {colour} past {at}"), "n"),
    "nothing": N_("scores nothing"),
    "bonus": N_("reaches {mark} in {colour}: a bonus turn"),
    "blocks": N_("blocks a line of {colour} worth {n} to {name}"),
    "opens": N_("opens a line of {colour} worth {n} to {name}"),
    "opens_bonus": N_("opens a line of {colour} worth {n} to {name}, enough for their bonus "
                      "turn"),
    "prepares": N_("prepares a line of {colour} worth {n} for your next turn"),
    "sets_swap": N_("leaves no tile of your lowest colour on the rack: you may swap"),
    "sets_exchange": N_("leaves a tile showing a colour at your 9 on the rack: you may "
                        "exchange such tiles"),
    "no_lowest": N_("no placement of your tiles can raise {colours} (your lowest, at {at})"),
    "swap": N_("swaps the rack for six new tiles"),
    "pass": N_("keeps the rack"),
    "more_lowest": N_("The better move raises {colour}, your lowest colour, by {better}; yours "
                      "by {played}."),
    "left_lowest": N_("The better move raises {colour}, your lowest colour, by {better}; yours "
                      "leaves it at {at}."),
    "more_lowest_tied": N_("The better move raises {colour}, one of your lowest colours, by "
                           "{better}; yours by {played}."),
    "left_lowest_tied": N_("The better move raises {colour}, one of your lowest colours, by "
                           "{better}; yours leaves it at {at}."),
    "tie_break": N_("Your colours from the lowest up, as the tie-break counts them: {better} "
                    "after the better move, {played} after yours."),
    "duel_over": N_("The better move pulls {colour} onto your side (to {to}); yours leaves it "
                    "at {at}."),
    "yours_over": N_("Yours pulls {colour} onto your side (to {to}); the better move leaves "
                     "it at {at}."),
    "more_wasted_past": (*Nn_("Yours wastes {n} more point of {colour} past {at}; the better "
                              "move wastes none.",
                              "Yours wastes {n} more points of {colour} past {at}; the better "
                              "move wastes none."), "n"),
    "exchange_setup": N_("The better move leaves a tile showing a colour at your 9 on the "
                         "rack, so you may exchange such tiles; yours does not."),
    "take_exchange": N_("Exchanging was better: your tiles showing {colours} cannot pull past "
                        "your 9."),
    "yours_lowest_tied": N_("Yours raises {colour}, one of your lowest colours, more now "
                            "({played} against {better})."),
    "lowest_after": N_("After the better move your lowest colour stands at {better}; after "
                       "yours at {played}."),
    "more_wasted": (*Nn_("Yours wastes {n} point of {colour}, which was already at {at}; the "
                         "better move wastes none.",
                         "Yours wastes {n} points of {colour}, which was already at {at}; the "
                         "better move wastes none."), "n"),
    "bonus_missed": N_("The better move reaches {mark} in {colour}: a bonus turn; yours earns "
                       "none."),
    "leaves_open": N_("The better move blocks a line of {colour} worth {n} to {name}; yours "
                      "leaves it open."),
    "opens_more": N_("Yours opens a line of {colour} worth {n} to {name}; the better move does "
                     "not."),
    "swap_setup": N_("The better move sets up a swap: no tile of your lowest colour stays on "
                     "the rack."),
    "take_swap": N_("Swapping was better: no tile on your rack showed {colours}, your lowest."),
    "more_points": (*Nn_("The better move scores {better} point that counts; yours {played}.",
                         "The better move scores {better} points that count; yours {played}."),
                    "better"),
    "yours_lowest": N_("Yours raises {colour}, your lowest colour, more now ({played} against "
                       "{better})."),
    "yours_bonus": N_("Yours reaches {mark} in {colour}: a bonus turn the better move does not "
                      "earn."),
    "yours_blocks": N_("Yours blocks a line of {colour} worth {n} to {name}, which the better "
                       "move leaves open."),
    "yours_points": N_("Yours scores more points that count now ({played} against {better})."),
    "better_opens": N_("The better move opens a line of {colour} worth {n} to {name}; yours "
                       "does not."),
    "prepares_more": N_("The better move prepares a line of {colour} worth {n} for your next "
                        "turn; yours does not."),
    "yours_prepares": N_("Yours prepares a line of {colour} worth {n} for your next turn; the "
                         "better move does not."),
    "same_now": N_("Both moves do the same now; the difference lies in what follows."),
    "futures_mine": N_("In the sampled games to the end, your lowest colour ends at {better} on "
                       "average after the better move and at {played} after yours."),
    "futures_rival": N_("In the sampled games to the end, the lowest colour of {name} ends at "
                        "{better} on average after the better move and at {played} after "
                        "yours."),
    "futures_second": N_("In the sampled games to the end, your second lowest colour ends at "
                         "{better} on average after the better move and at {played} after "
                         "yours."),
    "futures_wins": N_("In the sampled games to the end, the better move wins {better} of them "
                       "and yours {played}."),
    "futures_duel": N_("In the sampled games to the end, you have {better} colours on your "
                       "side on average after the better move and {played} after yours."),
    "plan_behind": N_("{name} left {colour} at {at} for {turns} turns (moves {first} to "
                      "{last}), though placements raising it were on offer in {offered} of "
                      "them."),
    "plan_wasted": (*Nn_("{name} wasted {n} point on colours already at their end (moves "
                         "{moves}).",
                         "{name} wasted {n} points on colours already at their end (moves "
                         "{moves})."), "n"),
    "plan_exchanges": N_("{name} declined {count} exchanges (moves {moves}) of tiles showing a "
                         "colour at their 9."),
    "plan_opened": N_("{name} opened {count} lines for {rival} (moves {moves}), worth {worth} "
                      "points to them."),
    "plan_swaps": N_("{name} declined {count} swaps (moves {moves}) while no tile showed their "
                     "lowest colour."),
    "plan_cost": N_("Chance of winning over these moves: {start} to {end}."),
    "plan_cost_solo": N_("Expected lowest colour at the end over these moves: {start} to "
                         "{end}."),
    "vs_left_lowest": N_("which leaves {colour} at {at}"),
    "vs_more_lowest": N_("which raises {colour} only by {played}"),
    "vs_lowest_after": N_("after which your lowest colour stands at {played}"),
    "vs_more_wasted": (*Nn_("which wastes {n} point of {colour}",
                            "which wastes {n} points of {colour}"), "n"),
    "vs_bonus_missed": N_("which earns no bonus turn"),
    "vs_leaves_open": N_("which leaves the line of {colour} open to {name}"),
    "vs_opens_more": N_("which opens a line of {colour} worth {n} to {name}"),
    "vs_swap_setup": N_("which sets up no swap"),
    "vs_prepares_more": N_("which prepares no line of {colour} for your next turn"),
    "vs_take_swap": N_("since no tile on your rack shows {colours}"),
    "vs_more_points": (*Nn_("which scores {played} point that counts",
                            "which scores {played} points that count"), "played"),
    "vs_search": N_("which the bot's look-ahead rates lower"),
    "vs_tie_break": N_("which leaves your colours, from the lowest up, at {played}"),
    "vs_duel_over": N_("which leaves {colour} at {at}"),
    "vs_more_wasted_past": (*Nn_("which wastes {n} more point of {colour} past {at}",
                                 "which wastes {n} more points of {colour} past {at}"), "n"),
    "vs_exchange_setup": N_("which sets up no exchange"),
    "vs_take_exchange": N_("since your tiles showing {colours} cannot pull past your 9"),
    "vs_futures": N_("after which your lowest colour ends at {played} on average in the "
                     "sampled games to the end, against {better}"),
    "vs_futures_wins": N_("which wins {played} of the sampled games to the end, against "
                          "{better}"),
    "vs_futures_duel": N_("after which you have {played} colours on your side on average in "
                          "the sampled games to the end, against {better}"),
}  # fmt: skip

#: Kinds whose figures (``better``, ``played``, ``start``, ``end``) are shares (said as
#: percentages) and those whose figures are means (said with one decimal).
_PERCENT = frozenset({"futures_wins", "plan_cost", "vs_futures_wins"})
_MEANS = frozenset({"futures_mine", "futures_rival", "futures_second", "plan_cost_solo",
                    "futures_duel", "vs_futures", "vs_futures_duel"})  # fmt: skip
_FIGURES = frozenset({"better", "played", "start", "end"})
#: Fields of a fact that are not said: who it is about, how its cost is measured.
_UNSAID = frozenset({"kind", "seat", "measure", "win_start", "win_end", "except"})


def _or(items: list[str]) -> str:
    """Colours as alternatives: ``red or green`` (one colour alone as it is)."""
    if len(items) < 2:
        return "".join(items)
    return fmt("{first} or {last}", first=", ".join(items[:-1]), last=items[-1])


def _lesson_argument(kind: str, key: str, value: object) -> object:
    if key == "colour" and isinstance(value, str):
        return _colour(value)
    if key == "colours" and isinstance(value, list):
        return _or([_colour(str(c)) for c in value])
    if key in ("name", "rival") and isinstance(value, str):
        return side(value)
    if key in ("first", "last", "started") and isinstance(value, int):
        return value + 1  # move indices are said as move numbers
    if key == "moves" and isinstance(value, list):
        return ", ".join(number(int(i) + 1) for i in value)
    if key in ("better", "played") and isinstance(value, list):
        return ", ".join(number(int(v)) for v in value)  # the tie-break order
    if key in _FIGURES and isinstance(value, (int, float)) and kind in _PERCENT | _MEANS:
        return percent(value) if kind in _PERCENT else decimal(value)
    return value


def lesson_text(fact: object) -> str:
    """A fact, lesson point or plan of ``engine.coach.lessons`` in the player's language ("" for
    anything that is not one: a record from another version shows nothing, not a wrong
    word)."""
    if not isinstance(fact, dict):
        return ""
    kind = fact.get("kind")
    if not isinstance(kind, str) or kind not in LESSONS:
        return ""
    entry = LESSONS[kind]
    args = {k: _lesson_argument(kind, k, v) for k, v in fact.items() if k not in _UNSAID}
    if placeholders(entry[1] if isinstance(entry, tuple) else entry) - set(args):
        return ""  # a field missing: say nothing rather than a template
    try:
        if isinstance(entry, tuple):
            singular, plural, count = entry
            text = fmt_n(singular, plural, count, **args)
        else:
            text = fmt(entry, **args)
    except (KeyError, IndexError, ValueError, TypeError):
        return ""
    text = elide(text)
    start, end = fact.get("win_start"), fact.get("win_end")
    if kind.startswith("plan_") and isinstance(start, float) and isinstance(end, float):
        key = "plan_cost_solo" if fact.get("measure") == "lowest" else "plan_cost"
        text += " " + lesson_text({"kind": key, "start": start, "end": end})
    return text


def lesson_clauses(facts: list[Any] | tuple[Any, ...]) -> str:
    """A move's facts in the player's language, joined as one list of clauses."""
    return clauses([lesson_text(f) for f in facts])


def move_facts_words(facts: list[Any] | tuple[Any, ...]) -> str:
    """What a move does in the player's language: its gains (and notes), then its costs
    after "but" (``engine.coach.lessons.gains_and_costs``), never a cost among the reasons."""
    from engine.coach.lessons import gains_and_costs

    gains, costs, notes = gains_and_costs([f for f in facts if isinstance(f, dict)])
    good, bad = lesson_clauses(gains + notes), lesson_clauses(costs)
    if good and bad:
        return fmt("{gains}; but {costs}", gains=good, costs=bad)
    return good or bad


def lesson_sentences(points: list[Any] | tuple[Any, ...]) -> str:
    """Lesson points (each a sentence) in the player's language, one after another."""
    return " ".join(t for t in (lesson_text(p) for p in points) if t)
