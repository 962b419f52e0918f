"""Score boards as on the table, as HTML built from a player view (pure, no browser).

Standard: six tracks 0-18 per player. Solo and team: double tracks 0-36 (a stop at 18).
Duel: one tug-of-war track per colour from 9 (seat 0, left) through 0 to 9 (seat 1,
right), with the colour's token (a coin with its symbol, named for screen readers and
on hover) beside the side that holds it. All text goes through `web.ui.markup`.
The markers are positioned by a CSS variable so moving them animates with a transition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from web.board.symbols import COLOURS, FILL, GLYPH, colour_name, svg_symbol
from web.i18n import N_, _, fmt
from web.ui.markup import Markup, join, tag


def side_words(name: str) -> str:
    """A side's name: a team's ("Team A (Ann & Bob)", the engine's) in the language's words."""
    match = re.fullmatch(r"Team ([AB]) \((.*)\)", name)
    if match:
        return fmt("Team {letter} ({members})", letter=match.group(1), members=match.group(2))
    return name


TRACK_MAX = {"standard": 18, "solo": 36, "team": 36, "duel": 9}


@dataclass(frozen=True)
class TrackState:
    side: int
    colour: str
    value: int
    low: int
    high: int
    lowest: bool
    token: int | None = None

    @property
    def position(self) -> float:
        """Marker position along the rail, 0.0 (left) to 1.0 (right)."""
        if self.low < 0:  # duel: seat 0's nine on the left
            return (self.high - self.value) / (self.high - self.low)
        return self.value / self.high


def track_states(view: dict[str, Any]) -> list[TrackState]:
    variant = view["variant"]
    high = TRACK_MAX[variant]
    states: list[TrackState] = []
    if variant == "duel":
        track = view["scores"][0]
        for i, colour in enumerate(COLOURS):
            states.append(TrackState(0, colour, track[i], -high, high, False, view["tokens"][i]))
        return states
    for side, track in enumerate(view["scores"]):
        low = min(track)
        # When all six tie nothing stands out, so nothing is marked.
        tied = all(v == low for v in track)
        for i, colour in enumerate(COLOURS):
            states.append(TrackState(side, colour, track[i], 0, high, track[i] == low and not tied))
    return states


def value_text(state: TrackState) -> str:
    """The number shown beside a track (duel: the distance with an arrow to its side)."""
    if state.low < 0 and state.value:
        return f"◀ {state.value}" if state.value > 0 else f"{-state.value} ▶"
    return str(state.value)


def label_text(state: TrackState, names: list[str]) -> str:
    """What a screen reader hears for a track."""
    if state.low < 0:
        if state.value == 0:
            return fmt("{colour}: 0, on nobody's side", colour=colour_name(state.colour))
        owner = names[0] if state.value > 0 else names[1]
        return fmt("{colour}: {n} on {name}'s side", colour=colour_name(state.colour),
                   n=abs(state.value), name=owner)  # fmt: skip
    if state.lowest:
        return fmt("{colour}: {n} (lowest)", colour=colour_name(state.colour), n=state.value)
    return fmt("{colour}: {n}", colour=colour_name(state.colour), n=state.value)


def token_label(state: TrackState, names: list[str]) -> str:
    """Who holds a duel colour's token, in words (empty while nobody does)."""
    if state.token is None:
        return ""
    return fmt("{name} holds the {colour} token", name=names[state.token],
               colour=colour_name(state.colour))  # fmt: skip


def token_html(state: TrackState, names: list[str], seat: int) -> Markup:
    """The token beside its holder's end of a duel track: a coin with the colour's symbol."""
    if state.token != seat:
        return Markup("")
    label = token_label(state, names)
    return tag("span", {"class": "token", "role": "img", "aria-label": label, "title": label},
               GLYPH[state.colour])  # fmt: skip


def _rail(state: TrackState) -> Markup:
    span = state.high - state.low
    classes = "rail duel" if state.low < 0 else ("rail double" if state.high == 36 else "rail")
    style = f"--pos:{state.position:.4f};--c:{FILL[state.colour]}"
    mark = tag("span", {"class": "mark", "style": style})
    return tag("div", {"class": classes, "style": f"--steps:{span}"}, mark)


def board_html(view: dict[str, Any]) -> Markup:
    """The whole score area for this game (built once per game, then updated in place)."""
    states = track_states(view)
    names = list(view["names"])
    if view["variant"] == "duel":
        return _duel_html(states, names)
    cards = []
    for side, side_name in enumerate(view["side_names"]):
        rows = [_row(s, names) for s in states if s.side == side]
        cards.append(tag(
            "section", {"class": "score-card", "data-side": side,
                        "aria-label": fmt("Scores of {name}", name=side_words(side_name))},
            tag("h3", {"class": "score-name"}, side_words(side_name)), rows,
        ))  # fmt: skip
    return join(cards)


def _track_attrs(state: TrackState, names: list[str], cls: str) -> dict[str, object]:
    return {"class": cls, "data-side": state.side, "data-colour": state.colour,
            "data-value": state.value, "role": "group",
            "aria-label": label_text(state, names)}  # fmt: skip


def _row(state: TrackState, names: list[str]) -> Markup:
    cls = "track lowest" if state.lowest else "track"
    return tag("div", _track_attrs(state, names, cls), Markup(svg_symbol(state.colour, 18)),
               _rail(state), tag("output", {"class": "val"}, value_text(state)))  # fmt: skip


def _duel_html(states: list[TrackState], names: list[str]) -> Markup:
    rows = [
        tag("div", _track_attrs(s, names, "track duel-row"),
            tag("span", {"class": "tok left"}, token_html(s, names, 0)),
            Markup(svg_symbol(s.colour, 18)), _rail(s),
            tag("span", {"class": "tok right"}, token_html(s, names, 1)),
            tag("output", {"class": "val"}, value_text(s)))
        for s in states
    ]  # fmt: skip
    head = tag("div", {"class": "duel-head"}, tag("span", None, f"◀ {names[0]}"),
               tag("span", None, f"{names[1]} ▶"))  # fmt: skip
    legend = tag("p", {"class": "duel-legend"},
                 tag("span", {"class": "token sample", "aria-hidden": "true"}, GLYPH["green"]),
                 " " + _(TOKEN_LEGEND))  # fmt: skip
    return tag("section", {"class": "score-card duel", "data-side": 0,
                           "aria-label": _("Tug-of-war tracks")}, head, rows, legend)  # fmt: skip


#: What a coin beside a duel track means (the legend under the tracks).
TOKEN_LEGEND = N_(
    "A coin at a track's end: that player holds the colour's token. It is taken by "
    "reaching 9 in the colour (with a bonus tile); while you hold it, that colour gives "
    "you no more bonus tiles."
)
