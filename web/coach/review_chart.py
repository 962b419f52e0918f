"""The Review screen's chart as a model: each player's chance of winning (solo: the expected
lowest colour) after each reviewed move, the marks on mistakes, the plans' shaded spans and
the move ticks, in the chart's own drawing box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.coach.review import MoveReview, chart_data, chart_text
from engine.rules.game import Game
from web.coach.review_words import (
    TEXT,
    plan_line,
    worth_text,
)
from web.play.engine_words import review_text

#: The chart's drawing box (SVG user units) and its plot area inside the axes.
CHART_W, CHART_H = 560.0, 220.0


PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 48.0, CHART_W - 14.0, 12.0, CHART_H - 38.0


@dataclass(frozen=True)
class Mark:
    """A mistake on the chart: a point on the mover's line that opens its move."""

    index: int
    x: float
    y: float
    label: str
    selected: bool


@dataclass(frozen=True)
class Span:
    """A plan on the chart: the moves it spans, in the colour of its player."""

    x0: float
    x1: float
    seat: int
    label: str


@dataclass(frozen=True)
class Chart:
    title: str
    names: tuple[str, ...]
    lines: tuple[str, ...]  # one polyline per player: "x,y x,y ..."
    text: tuple[str, ...]  # the same data in words (screen readers, the table)
    marks: tuple[Mark, ...] = ()
    spans: tuple[Span, ...] = ()
    y_ticks: tuple[tuple[float, str], ...] = ()  # (y, label)
    x_ticks: tuple[tuple[float, str], ...] = ()  # (x, move number)
    y_title: str = ""
    x_title: str = ""
    grid: tuple[float, ...] = ()  # the heights of the grid lines


def chart_x(number: float, moves: int) -> float:
    """The x of move ``number`` (after it; 0: the start) in a game of ``moves`` moves."""
    return PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * number / max(1, moves)


def chart_y(value: float, top: float) -> float:
    return PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * max(0.0, min(top, value)) / top


def chart_top(solo: bool, values: Sequence[float]) -> float:
    """The top of the scale: 100 % of winning, or the solo track (18, or 36 above it)."""
    if not solo:
        return 1.0
    return 18.0 if max(values, default=0.0) <= 18 else 36.0


def move_ticks(moves: int) -> list[int]:
    """Move numbers to label on the x axis: about six, at round steps, and the last."""
    step = next((s for s in (1, 2, 5, 10, 20, 50) if moves / s <= 7), 100)
    ticks = [n for n in range(step, moves + 1, step)]
    if not ticks or moves - ticks[-1] >= step / 2:
        ticks.append(moves)
    elif ticks[-1] != moves:
        ticks[-1] = moves
    return [1, *[n for n in ticks if n > 1]] if moves >= 1 else []


def chart_model(
    results: list[MoveReview],
    game: Game,
    complete: bool,
    selected: int | None = None,
    plans: Sequence[dict[str, Any]] = (),
) -> Chart:
    """The chart of the results so far: one line per player, from the first reviewed move;
    the actual result at the end only once the review is complete (a stopped review has no
    line to "End"). Its text is `engine.coach.review.chart_text` of the same data."""
    data = chart_data(results, game)
    if not complete:
        data = {**data, "end": None}
    solo = data["measure"] == "lowest"
    points = data["points"]
    moves = len(game.moves)
    values = [v for p in points for v in p["values"]] + list(data["end"] or [])
    top = chart_top(solo, values)
    names = tuple(game.names)
    if not points:
        return Chart(TEXT["chart_lowest" if solo else "chart_win"], names, (),
                     (TEXT["chart_empty"],))  # fmt: skip
    xs = [chart_x(p["number"], moves) for p in points]
    if data["end"] is not None:
        xs.append(chart_x(moves, moves))
    lines = []
    for seat in range(game.players):
        ys = [p["values"][seat] for p in points] + ([data["end"][seat]] if data["end"] else [])
        lines.append(
            " ".join(f"{x:.1f},{chart_y(v, top):.1f}" for x, v in zip(xs, ys, strict=True))
        )
    marks = tuple(
        Mark(r.index, chart_x(r.index + 1, moves), chart_y(r.chances[r.seat], top),
             TEXT["mark"].format(number=r.index + 1, name=r.name, worth=worth_text(r, solo)),
             r.index == selected)
        for r in results if r.mistake
    )  # fmt: skip
    spans = tuple(
        Span(chart_x(int(p["first"]), moves), chart_x(int(p["last"]) + 1, moves), int(p["seat"]),
             plan_line(p, game))
        for p in plans
    )  # fmt: skip
    if solo:
        ticks = [t for t in (0, 6, 12, 18, 24, 30, 36) if t <= top]
        y_ticks = tuple((chart_y(t, top), str(t)) for t in ticks)
    else:
        y_ticks = tuple((chart_y(t / 100, top), f"{t}%") for t in (0, 25, 50, 75, 100))
    text = [review_text(line) for line in chart_text(data)]
    text.extend(span.label for span in spans)
    return Chart(
        TEXT["chart_lowest" if solo else "chart_win"],
        names,
        tuple(lines),
        tuple(text),
        marks,
        spans,
        y_ticks,
        tuple((chart_x(n, moves), str(n)) for n in move_ticks(moves)),
        TEXT["axis_lowest" if solo else "axis_win"],
        TEXT["axis_move"],
        tuple(y for y, _label in y_ticks[1:-1]),
    )
