"""The coach's facts, lesson points and plans in English words: :func:`say` words one,
:func:`sentence` joins a move's facts, :func:`versus` turns a lesson into what a hint says of
the next best move. The pages translate by kind (the keys of :data:`TEXT`).
"""

from __future__ import annotations

from typing import Any

#: A fact, lesson point or plan: ``{"kind": ...}`` and its arguments (JSON).
Fact = dict[str, Any]

#: English words for every fact, lesson point and plan (the pages translate by kind).
TEXT = {
    # facts of one move
    "gain": "raises {colour} by {n} (to {to})",
    "gain_lowest": "raises {colour}, your lowest colour, by {n} (to {to})",
    "gain_tied": "raises {colour}, one of your lowest colours, by {n} (to {to})",
    "pull": "pulls {colour} {n} your way (to {to})",
    "wasted": "wastes {n} points of {colour}: it was already at {at}",
    "wasted_past": "wastes {n} more points of {colour} past {at}",
    "nothing": "scores nothing",
    "bonus": "reaches {mark} in {colour}: a bonus turn",
    "blocks": "blocks a line of {colour} worth {n} to {name}",
    "opens": "opens a line of {colour} worth {n} to {name}",
    "opens_bonus": "opens a line of {colour} worth {n} to {name}, enough for their bonus turn",
    "prepares": "prepares a line of {colour} worth {n} for your next turn",
    "sets_swap": "leaves no tile of your lowest colour on the rack: you may swap",
    "sets_exchange": (
        "leaves a tile showing a colour at your 9 on the rack: you may exchange such tiles"
    ),
    "no_lowest": "no placement of your tiles can raise {colours} (your lowest, at {at})",
    "swap": "swaps the rack for six new tiles",
    "pass": "keeps the rack",
    # what the better move does that the one played does not (and the other way round)
    "more_lowest": (
        "The better move raises {colour}, your lowest colour, by {better}; yours by {played}."
    ),
    "left_lowest": (
        "The better move raises {colour}, your lowest colour, by {better}; yours leaves it at {at}."
    ),
    "more_lowest_tied": (
        "The better move raises {colour}, one of your lowest colours, by {better}; yours by "
        "{played}."
    ),
    "left_lowest_tied": (
        "The better move raises {colour}, one of your lowest colours, by {better}; yours "
        "leaves it at {at}."
    ),
    "tie_break": (
        "Your colours from the lowest up, as the tie-break counts them: {better} after the "
        "better move, {played} after yours."
    ),
    "duel_over": (
        "The better move pulls {colour} onto your side (to {to}); yours leaves it at {at}."
    ),
    "yours_over": (
        "Yours pulls {colour} onto your side (to {to}); the better move leaves it at {at}."
    ),
    "more_wasted_past": (
        "Yours wastes {n} more points of {colour} past {at}; the better move wastes none."
    ),
    "exchange_setup": (
        "The better move leaves a tile showing a colour at your 9 on the rack, so you may "
        "exchange such tiles; yours does not."
    ),
    "take_exchange": (
        "Exchanging was better: your tiles showing {colours} cannot pull past your 9."
    ),
    "yours_lowest_tied": (
        "Yours raises {colour}, one of your lowest colours, more now ({played} against {better})."
    ),
    "lowest_after": (
        "After the better move your lowest colour stands at {better}; after yours at {played}."
    ),
    "more_wasted": (
        "Yours wastes {n} points of {colour}, which was already at {at}; the better move "
        "wastes none."
    ),
    "bonus_missed": "The better move reaches {mark} in {colour}: a bonus turn; yours earns none.",
    "leaves_open": (
        "The better move blocks a line of {colour} worth {n} to {name}; yours leaves it open."
    ),
    "opens_more": "Yours opens a line of {colour} worth {n} to {name}; the better move does not.",
    "swap_setup": (
        "The better move sets up a swap: no tile of your lowest colour stays on the rack."
    ),
    "take_swap": "Swapping was better: no tile on your rack showed {colours}, your lowest.",
    "more_points": "The better move scores {better} points that count; yours {played}.",
    "yours_lowest": (
        "Yours raises {colour}, your lowest colour, more now ({played} against {better})."
    ),
    "yours_bonus": "Yours reaches {mark} in {colour}: a bonus turn the better move does not earn.",
    "yours_blocks": (
        "Yours blocks a line of {colour} worth {n} to {name}, which the better move leaves open."
    ),
    "yours_points": "Yours scores more points that count now ({played} against {better}).",
    "better_opens": (
        "The better move opens a line of {colour} worth {n} to {name}; yours does not."
    ),
    "prepares_more": (
        "The better move prepares a line of {colour} worth {n} for your next turn; yours does not."
    ),
    "yours_prepares": (
        "Yours prepares a line of {colour} worth {n} for your next turn; the better move does not."
    ),
    "same_now": "Both moves do the same now; the difference lies in what follows.",
    "futures_mine": (
        "In the sampled games to the end, your lowest colour ends at {better:.1f} on "
        "average after the better move and at {played:.1f} after yours."
    ),
    "futures_rival": (
        "In the sampled games to the end, the lowest colour of {name} ends at {better:.1f} on "
        "average after the better move and at {played:.1f} after yours."
    ),
    "futures_second": (
        "In the sampled games to the end, your second lowest colour ends at {better:.1f} on "
        "average after the better move and at {played:.1f} after yours."
    ),
    "futures_wins": (
        "In the sampled games to the end, the better move wins {better:.0%} of them and "
        "yours {played:.0%}."
    ),
    "futures_duel": (
        "In the sampled games to the end, you have {better:.1f} colours on your side on "
        "average after the better move and {played:.1f} after yours."
    ),
    # plans over a game
    "plan_behind": (
        "{name} left {colour} at {at} for {turns} turns (moves {first} to {last}), though "
        "placements raising it were on offer in {offered} of them."
    ),
    "plan_wasted": "{name} wasted {n} points on colours already at their end (moves {moves}).",
    "plan_exchanges": (
        "{name} declined {count} exchanges (moves {moves}) of tiles showing a colour at their 9."
    ),
    "plan_opened": (
        "{name} opened {count} lines for {rival} (moves {moves}), worth {worth} points to them."
    ),
    "plan_swaps": (
        "{name} declined {count} swaps (moves {moves}) while no tile showed their lowest colour."
    ),
    "plan_cost": "Chance of winning over these moves: {start:.0%} to {end:.0%}.",
    "plan_cost_solo": (
        "Expected lowest colour at the end over these moves: {start:.1f} to {end:.1f}."
    ),
    # a hint against the next best placement: what that one does worse
    "vs_left_lowest": "which leaves {colour} at {at}",
    "vs_more_lowest": "which raises {colour} only by {played}",
    "vs_lowest_after": "after which your lowest colour stands at {played}",
    "vs_more_wasted": "which wastes {n} points of {colour}",
    "vs_bonus_missed": "which earns no bonus turn",
    "vs_leaves_open": "which leaves the line of {colour} open to {name}",
    "vs_opens_more": "which opens a line of {colour} worth {n} to {name}",
    "vs_swap_setup": "which sets up no swap",
    "vs_prepares_more": "which prepares no line of {colour} for your next turn",
    "vs_take_swap": "since no tile on your rack shows {colours}",
    "vs_more_points": "which scores {played} points that count",
    "vs_search": "which the bot's look-ahead rates lower",
    "vs_tie_break": "which leaves your colours, from the lowest up, at {played}",
    "vs_duel_over": "which leaves {colour} at {at}",
    "vs_more_wasted_past": "which wastes {n} more points of {colour} past {at}",
    "vs_exchange_setup": "which sets up no exchange",
    "vs_take_exchange": "since your tiles showing {colours} cannot pull past your 9",
    "vs_futures": (
        "after which your lowest colour ends at {played:.1f} on average in the sampled games "
        "to the end, against {better:.1f}"
    ),
    "vs_futures_wins": (
        "which wins {played:.0%} of the sampled games to the end, against {better:.0%}"
    ),
    "vs_futures_duel": (
        "after which you have {played:.1f} colours on your side on average in the sampled "
        "games to the end, against {better:.1f}"
    ),
}
#: The English singular of the texts with a count: (kind, the count's field) -> text.
SINGULAR = {
    ("wasted", "n"): "wastes 1 point of {colour}: it was already at {at}",
    ("wasted_past", "n"): "wastes 1 more point of {colour} past {at}",
    ("more_wasted", "n"): (
        "Yours wastes 1 point of {colour}, which was already at {at}; the better move wastes none."
    ),
    ("more_points", "better"): "The better move scores 1 point that counts; yours {played}.",
    ("vs_more_wasted", "n"): "which wastes 1 point of {colour}",
    ("more_wasted_past", "n"): (
        "Yours wastes 1 more point of {colour} past {at}; the better move wastes none."
    ),
    ("vs_more_wasted_past", "n"): "which wastes 1 more point of {colour} past {at}",
    ("vs_more_points", "played"): "which scores 1 point that counts",
    ("plan_wasted", "n"): "{name} wasted 1 point on colours already at their end (moves {moves}).",
}
#: The clause a hint says of the next best move, by the lesson point it rests on.
VERSUS = {k: f"vs_{k}" for k in (
    "left_lowest", "more_lowest", "lowest_after", "more_wasted", "bonus_missed",
    "leaves_open", "opens_more", "swap_setup", "take_swap", "more_points", "prepares_more",
    "tie_break", "duel_over", "more_wasted_past", "exchange_setup", "take_exchange",
)} | {"more_lowest_tied": "vs_more_lowest", "left_lowest_tied": "vs_left_lowest"}  # fmt: skip


def _words(value: Any, key: str) -> Any:
    if key == "colours" and isinstance(value, list):
        return " or ".join(str(v) for v in value)
    if key in ("first", "last", "started"):
        return value + 1  # move indices are said as move numbers
    if key == "moves" and isinstance(value, list):
        return ", ".join(str(i + 1) for i in value)
    if key in ("better", "played") and isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return value


def say(fact: Fact) -> str:
    """A fact, lesson point or plan in English."""
    args = {k: _words(v, k) for k, v in fact.items() if k not in ("kind", "measure")}
    template = TEXT[fact["kind"]]
    for (kind, count), singular in SINGULAR.items():
        if kind == fact["kind"] and fact.get(count) == 1:
            template = singular
    text = template.format(**args)
    if fact["kind"].startswith("plan_") and "win_start" in fact:
        key = "plan_cost_solo" if fact.get("measure") == "lowest" else "plan_cost"
        text += " " + TEXT[key].format(start=fact["win_start"], end=fact["win_end"])
    return text


def versus(lesson: list[Fact]) -> Fact:
    """What a hint says of the next best move: the first point of the lesson, as a clause
    about that move (the look-ahead's verdict when the position alone shows none)."""
    for point in lesson:
        if point["kind"] in VERSUS:
            return {**point, "kind": VERSUS[point["kind"]]}
    return {"kind": "vs_search"}


def sentence(items: list[Fact]) -> str:
    """Facts of a move joined into one clause list (``a; b; c``)."""
    return "; ".join(say(f) for f in items)
