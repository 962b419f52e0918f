"""Score boards as on the table, as HTML built from a player view (pure, no browser).

Standard: six tracks 0-18 per player. Solo and team: double tracks 0-36 (a stop at 18).
Duel: one tug-of-war track per colour from 9 (seat 0, left) through 0 to 9 (seat 1,
right), with the colour's token shown beside the side that holds it.
The markers are positioned by a CSS variable so moving them animates with a transition.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from web.symbols import COLOURS, FILL, svg_symbol

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
            return f"{state.colour}: 0, on nobody's side"
        owner = names[0] if state.value > 0 else names[1]
        return f"{state.colour}: {abs(state.value)} on {owner}'s side"
    return f"{state.colour}: {state.value}" + (" (lowest)" if state.lowest else "")


def _rail(state: TrackState) -> str:
    span = state.high - state.low
    classes = "rail duel" if state.low < 0 else ("rail double" if state.high == 36 else "rail")
    return (
        f'<div class="{classes}" style="--steps:{span}">'
        f'<span class="mark" style="--pos:{state.position:.4f};--c:{FILL[state.colour]}"></span>'
        "</div>"
    )


def board_html(view: dict[str, Any]) -> str:
    """The whole score area for this game (built once per game, then updated in place)."""
    states = track_states(view)
    names = list(view["names"])
    if view["variant"] == "duel":
        return _duel_html(states, names)
    out: list[str] = []
    for side, side_name in enumerate(view["side_names"]):
        rows = "".join(_row(s, names) for s in states if s.side == side)
        out.append(
            f'<section class="score-card" data-side="{side}" '
            f'aria-label="Scores of {escape(side_name)}">'
            f'<h3 class="score-name">{escape(side_name)}</h3>{rows}</section>'
        )
    return "".join(out)


def _row(state: TrackState, names: list[str]) -> str:
    low = " lowest" if state.lowest else ""
    label = label_text(state, names)
    return (
        f'<div class="track{low}" data-side="{state.side}" data-colour="{state.colour}" '
        f'data-value="{state.value}" role="group" aria-label="{escape(label)}">'
        f"{svg_symbol(state.colour, 18)}{_rail(state)}"
        f'<output class="val">{escape(value_text(state))}</output></div>'
    )


def _duel_html(states: list[TrackState], names: list[str]) -> str:
    rows: list[str] = []
    for s in states:
        left = _token(s, 0)
        right = _token(s, 1)
        label = label_text(s, names)
        rows.append(
            f'<div class="track duel-row" data-side="0" data-colour="{s.colour}" '
            f'data-value="{s.value}" role="group" aria-label="{escape(label)}">'
            f'<span class="tok left">{left}</span>{svg_symbol(s.colour, 18)}{_rail(s)}'
            f'<span class="tok right">{right}</span>'
            f'<output class="val">{escape(value_text(s))}</output></div>'
        )
    head = (
        f'<div class="duel-head"><span>◀ {escape(names[0])}</span>'
        f"<span>{escape(names[1])} ▶</span></div>"
    )
    return (
        f'<section class="score-card duel" data-side="0" aria-label="Tug-of-war tracks">'
        f"{head}{''.join(rows)}</section>"
    )


def _token(state: TrackState, seat: int) -> str:
    if state.token != seat:
        return ""
    return (
        f'<span class="token" title="{state.colour} token" '
        f'aria-label="holds the {state.colour} token">●</span>'
    )
