"""The Review screen's HTML, drawn from its model: the frame (:func:`frame_html`), the words of a
step, the rows of the move list and the chart as SVG with its text equivalent.
"""

from __future__ import annotations

from web.coach.review_chart import (
    CHART_H,
    CHART_W,
    PLOT_BOTTOM,
    PLOT_LEFT,
    PLOT_RIGHT,
    PLOT_TOP,
    Chart,
)
from web.coach.review_model import BETTER, PLAYED, Row, Step
from web.coach.review_words import TEXT
from web.ui.markup import Markup, join, tag


def frame_html() -> Markup:
    """The dialog's fixed parts; `ReviewScreen.render` fills them from the model."""
    nav = tag(
        "div",
        {"class": "row-buttons review-nav"},
        tag("button", {"type": "button", "id": "review-previous"}, "◀ ", TEXT["previous"]),
        tag("button", {"type": "button", "id": "review-next"}, TEXT["next"], " ▶"),
    )
    toggle = tag(
        "div",
        {"class": "row-buttons review-toggle", "role": "group", "aria-label": TEXT["show"]},
        [tag("button", {"type": "button", "id": f"review-show-{side}", "data-review-show": side,
                        "aria-pressed": "false"}, TEXT[f"show_{side}"])
         for side in (PLAYED, BETTER)],
    )  # fmt: skip
    step = tag(
        "section",
        {"id": "review-step", "class": "review-step", "aria-labelledby": "review-step-title"},
        tag("div", {"class": "review-board-side"},
            tag("h3", {"id": "review-step-title"}),
            tag("p", {"id": "review-counter", "class": "muted"}),
            nav, toggle,
            tag("canvas", {"id": "review-board", "class": "review-board", "role": "img"}),
            tag("p", {"id": "review-keys", "class": "muted review-keys"}, TEXT["keys"])),
        tag("div", {"class": "review-text-side"},
            tag("div", {"id": "review-words"}),
            tag("button", {"type": "button", "id": "review-try", "class": "primary",
                           "aria-describedby": "review-try-help"}, TEXT["try"]),
            tag("p", {"id": "review-try-help", "class": "muted"}, TEXT["try_help"]),
            tag("div", {"id": "review-scores", "class": "review-scores"})),
    )  # fmt: skip
    return tag(
        "div",
        {"class": "review-body"},
        tag("h2", {"id": "review-title"}, TEXT["title"]),
        tag("p", {"id": "review-status", "class": "review-status", "role": "status"}),
        tag("p", {"id": "review-elapsed", "class": "muted review-elapsed"}),
        tag(
            "progress", {"id": "review-progress", "max": "1", "aria-labelledby": "review-status"}
        ),  # fmt: skip
        tag(
            "div",
            {"class": "row-buttons"},
            tag("button", {"type": "button", "id": "review-stop"}, TEXT["stop"]),
            tag("button", {"type": "button", "id": "review-close"}, TEXT["close"]),
        ),
        step,
        tag("h3", None, TEXT["costliest"]),
        tag("ol", {"id": "review-worst", "class": "review-rows"}),
        tag("p", {"id": "review-none", "class": "muted"}),
        tag(
            "div",
            {"id": "review-plans", "class": "review-plans", "hidden": True},
            tag("h3", None, TEXT["plans"]),
            tag("ul", {"id": "review-plan-list"}),
        ),
        tag("h3", {"id": "review-chart-title"}),
        tag("div", {"id": "review-chart", "class": "review-chart"}),
        tag("h3", None, TEXT["all_moves"]),
        tag("ol", {"id": "review-all", "class": "review-rows"}),
    )


def words_html(step: Step) -> Markup:
    """The chosen move in words: its worth, both moves, their reasons, its plans."""
    return join(
        [
            tag("p", {"class": "review-worth"}, step.worth),
            tag("p", {"class": "review-played"}, step.played_line),
            tag("p", {"class": "review-better"}, step.better_line) if step.better_line else None,
            tag("p", None, step.why_played),
            tag("p", None, step.why_better) if step.why_better else None,
            tag("p", {"class": "review-lesson"}, step.lesson) if step.lesson else None,
            tag("ul", {"class": "review-plans"}, [tag("li", None, p) for p in step.plans])
            if step.plans
            else None,
        ]
    )


def rows_html(rows: tuple[Row, ...]) -> Markup:
    return join(
        tag(
            "li",
            {"class": "review-row mistake" if r.mistake else "review-row"},
            tag(
                "button",
                {
                    "type": "button",
                    "data-review-index": r.index,
                    "aria-pressed": "true" if r.selected else "false",
                },  # fmt: skip
                tag("strong", None, r.label),
                " ",
                r.summary,
            ),
        )
        for r in rows
    )


def chart_html(chart: Chart) -> Markup:
    """The chart as SVG: axes with their numbers, the plans' spans and the players' lines
    (hidden from screen readers: the text below says the same), and each mistake's mark,
    a button that shows its move; then the legend and the text equivalent."""
    svg: Markup | str = ""
    if chart.lines:
        axes = [
            tag("rect", {"x": PLOT_LEFT, "y": PLOT_TOP, "width": PLOT_RIGHT - PLOT_LEFT,
                         "height": PLOT_BOTTOM - PLOT_TOP, "class": "review-plot"}),
            [tag("line", {"x1": PLOT_LEFT, "x2": PLOT_RIGHT, "y1": y, "y2": y,
                          "class": "review-grid"}) for y in chart.grid],
            [tag("rect", {"x": s.x0, "y": PLOT_TOP, "width": max(1.0, s.x1 - s.x0),
                          "height": PLOT_BOTTOM - PLOT_TOP, "class": f"review-span seat-{s.seat}"})
             for s in chart.spans],
            [tag("text", {"x": PLOT_LEFT - 6, "y": y + 4, "class": "review-tick",
                          "text-anchor": "end"}, label) for y, label in chart.y_ticks],
            [tag("text", {"x": x, "y": PLOT_BOTTOM + 16, "class": "review-tick",
                          "text-anchor": "middle"}, label) for x, label in chart.x_ticks],
            tag("text", {"x": (PLOT_LEFT + PLOT_RIGHT) / 2, "y": CHART_H - 4,
                         "class": "review-axis", "text-anchor": "middle"}, chart.x_title),
            tag("text", {"x": 12, "y": (PLOT_TOP + PLOT_BOTTOM) / 2, "class": "review-axis",
                         "text-anchor": "middle",
                         "transform": f"rotate(-90 12 {(PLOT_TOP + PLOT_BOTTOM) / 2:.1f})"},
                chart.y_title),
            [tag("polyline", {"points": pts, "class": f"review-line seat-{i}", "fill": "none"})
             for i, pts in enumerate(chart.lines)],
        ]  # fmt: skip
        marks = [
            tag("g", {"class": "review-mark selected" if m.selected else "review-mark",
                      "role": "button", "tabindex": "0", "aria-label": m.label,
                      "data-review-index": m.index},
                tag("title", None, m.label),
                tag("circle", {"cx": f"{m.x:.1f}", "cy": f"{m.y:.1f}", "r": 11,
                               "class": "review-hit"}),
                tag("circle", {"cx": f"{m.x:.1f}", "cy": f"{m.y:.1f}", "r": 5.5}))
            for m in chart.marks
        ]  # fmt: skip
        svg = tag(
            "svg",
            {"viewBox": f"0 0 {CHART_W:.0f} {CHART_H:.0f}", "class": "review-svg",
             "role": "group", "aria-label": chart.title},
            tag("g", {"aria-hidden": "true"}, axes),
            marks,
        )  # fmt: skip
    legend = tag(
        "p",
        {"class": "review-legend", "aria-hidden": "true"},
        [tag("span", {"class": f"seat-{i}"}, name, " ") for i, name in enumerate(chart.names)],
    )
    text = tag(
        "ul",
        {"class": "review-chart-text", "tabindex": "0", "aria-label": chart.title},
        [tag("li", None, t) for t in chart.text],
    )
    return join([svg, legend if chart.lines else "", text])
