"""The Review screen's model (pure): what the screen shows at any moment of a review.

The review itself runs in the bot worker (`web/shell/worker.py`: `review_start`, `review_next`,
`review_stop`), one move at a time; the screen keeps the results that have arrived in a
small `ReviewState` and draws `review_model(state, game, plans)`:

* the progress: words from the first moment ("Starting the analysis…", then the move
  being analysed and for how long), the bar indeterminate until the first result;
* a step-through of the reviewed moves on the full board, like the replay viewer: the
  position before the chosen move, the move played or the better one (switchable) in
  place as a ghost tile with its scoring rays, the other one outlined, the score boards
  after the shown move, previous and next move, the words and reasons;
* the costliest moves first, then every reviewed move;
* the chart of each player's chance of winning (solo: the expected lowest colour) with
  axes and move numbers, a mark on each mistake that opens its move, the plans as spans,
  and its text equivalent, the same data as lines;
* Try from here.

A result is the worker's JSON (`engine.coach.review.MoveReview.to_json`): the page reads its
index, seat, name, moves, figures and chances, and says its facts only through
`web.play.engine_words`. Plans (patterns over a game, `engine.coach.review.plans`) are dicts
with at least ``kind``, ``seat``, ``first``, ``last`` and ``moves`` (move indices).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from engine import load_game
from engine.coach.review import MoveReview, chart_data, chart_text, costliest
from engine.rules.game import Game
from web.board.board_words import cell_words
from web.board.hexgrid import Cell
from web.board.placing import parse_placement
from web.board.render import Ghost
from web.board.symbols import GLYPH, colour_name
from web.i18n import N_, Texts, _, fmt, fmt_n, join
from web.play.engine_words import lesson_sentences, lesson_text, move_facts_words, review_text

TEXT = Texts(
    {
        "title": N_("Review"),
        "starting": N_("Starting the analysis…"),
        "progress": N_("Analysing move {done} of {total}…"),
        "done_none": N_("Nothing to review: no move of a person in this game."),
        "stopped": N_("Review stopped after {done} of {total} moves."),
        "error": N_("The review stopped: {reason}"),
        "timeout": N_("The review stopped: a move took more than {limit} s to analyse."),
        "costliest": N_("The moves that cost most"),
        "no_mistakes": N_("No move stood out as a clear mistake."),
        "no_mistakes_yet": N_("No clear mistake so far."),
        "all_moves": N_("Every move reviewed"),
        "move": N_("Move {number}, {name}"),
        "good": N_("As good as any move the analysis found."),
        "good_in_plan": N_(
            "No better move was found for this turn alone, but it belongs to a plan that "
            "cost: {plans}."
        ),
        "worth_win": N_(
            "Chance of winning {played:.0%} after this move; {best:.0%} after the better one."
        ),
        "worth_lowest": N_(
            "Expected lowest colour at the end {played:.1f}; {best:.1f} after the better one."
        ),
        "played": N_("Played: {move}"),
        "better": N_("Better: {move}"),
        "why_played": N_("Your move: {facts}."),
        "why_better": N_("The better move: {facts}."),
        "why_both": N_("Both moves: {facts}."),
        "show": N_("Show on the board"),
        "show_played": N_("Move played"),
        "show_better": N_("Better move"),
        "previous": N_("Previous move"),
        "next": N_("Next move"),
        "keys": N_(
            "Keys: ← and → step through the moves, P shows the move played, B the better one."
        ),
        "board_played": N_(
            "The board before move {number}, with the move played in place: {move}."
        ),
        "board_better": N_(
            "The board before move {number}, with the better move in place: {move}."
        ),
        "scores_played": N_("Scores after the move played"),
        "scores_better": N_("Scores after the better move"),
        "chart_win": N_("Chance of winning after each reviewed move"),
        "chart_lowest": N_("Expected lowest colour after each reviewed move"),
        "chart_empty": N_("The chart fills in as moves are analysed."),
        "axis_move": N_("Move"),
        "axis_win": N_("Chance of winning"),
        "axis_lowest": N_("Expected lowest colour"),
        "mark": N_("Move {number}, {name}: a mistake. {worth} Show it."),
        "plans": N_("Plans that cost"),
        "try": N_("Try from here"),
        "try_help": N_(
            "A new game from just before this move, beside this one (this game and its "
            "review stay): the same board, scores and tiles on your rack; the other tiles "
            "dealt afresh."
        ),
        "stop": N_("Stop"),
        "close": N_("Close"),
    }
)

#: How long the move being analysed has taken (beside the progress, not read out).
ELAPSED = N_("{seconds} s on this move")
#: Where the chosen move stands among the reviewed ones.
STEP_OF = N_("Reviewed move {n} of {total}")

#: The chart's drawing box (SVG user units) and its plot area inside the axes.
CHART_W, CHART_H = 560.0, 220.0
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 48.0, CHART_W - 14.0, 12.0, CHART_H - 38.0
PLAYED, BETTER = "played", "better"


def placement_words(colours: tuple[str, str], points: dict[str, int]) -> str:
    """A placement in words, as the game screen says it: ``blue ✶ + green ●, +3 blue``."""
    order = list(dict.fromkeys([*colours, *points]))
    gained = ", ".join(
        fmt("+{n} {colour}", n=points[c], colour=colour_name(c)) for c in order if points.get(c)
    )
    halves = " + ".join(f"{colour_name(c)} {GLYPH[c]}" for c in colours)
    return f"{halves}, {gained or _('no points')}"


@dataclass
class ReviewState:
    """The screen's own state: the results so far, which move is shown and how."""

    total: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)
    running: bool = False
    started: bool = False
    stopped: bool = False
    error: str = ""
    #: The review stopped because the worker did not answer within this many seconds.
    timeout_s: float = 0.0
    selected: int | None = None  # a move index (the game's move list)
    showing: str = PLAYED  # the move on the board: PLAYED or BETTER
    #: Seconds the move being analysed has taken so far (the page's clock, while running).
    elapsed_s: float = 0.0
    #: The review's settings (`engine.coach.review.Review`) and the reviewed seats (None: all).
    settings: dict[str, int] = field(default_factory=dict)
    seats: list[int] | None = None

    @property
    def complete(self) -> bool:
        """Every move judged (a review that stopped or failed is not complete)."""
        return self.started and not self.running and len(self.results) == self.total


@dataclass(frozen=True)
class Row:
    index: int
    label: str
    summary: str
    mistake: bool
    selected: bool


@dataclass(frozen=True)
class Progress:
    done: int
    total: int
    indeterminate: bool  # no result yet: the bar moves without a value
    running: bool


@dataclass(frozen=True)
class Step:
    """The chosen move on the board, with the move played or the better one in place."""

    index: int
    heading: str
    counter: str
    previous: int | None  # the move indices of the neighbouring reviewed moves
    next: int | None
    showing: str  # PLAYED or BETTER
    can_better: bool  # a mistake: there is a better move to show
    worth: str
    played_line: str
    better_line: str  # "" when the move played stands
    why_played: str
    why_better: str
    #: Why the better move is better: what it does that the move played does not, what
    #: the move played did better, and what the sampled futures show ("" if it stands).
    lesson: str
    plans: tuple[str, ...]  # the plans (that cost) this move belongs to, in words
    view: dict[str, Any]  # the board before the move
    ghost: Ghost | None  # the shown move's tile, in place
    rays: tuple[dict[str, Any], ...]  # its scoring rays
    other: tuple[Cell, ...]  # the other move's cells, outlined
    board_label: str
    scores_title: str
    scores_view: dict[str, Any]  # the position after the shown move (its score boards)


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


@dataclass(frozen=True)
class ReviewModel:
    title: str
    status: str
    progress: Progress
    costliest_title: str
    costliest: tuple[Row, ...]
    no_mistakes: str
    rows: tuple[Row, ...]
    step: Step | None
    chart: Chart
    plans: tuple[str, ...]  # every plan, in words

    @property
    def done(self) -> int:
        return self.progress.done

    @property
    def total(self) -> int:
        return self.progress.total

    @property
    def running(self) -> bool:
        return self.progress.running


class Positions:
    """The positions of a game before each of its moves, replayed once, kept as asked."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.kept = [load_game({**game.to_save(), "moves": []})]

    def before(self, index: int) -> Game:
        while len(self.kept) <= index:
            step = self.kept[-1].copy()
            step.apply(self.game.moves[len(self.kept) - 1])
            self.kept.append(step)
        return self.kept[index]


#: A neutral value for a field a stored result lacks, by the start of its type's name.
EMPTY: dict[str, Any] = {"list": [], "float": 0.0, "int": 0, "str": "", "bool": False, "dict": {}}


def move_review(data: dict[str, Any]) -> MoveReview:
    """A result as the worker sent it (JSON) back into the engine's record. A result kept
    by an earlier version of the engine may lack a field added since: it gets a neutral
    value (the page reads only the fields a kept review is checked for)."""
    known = {}
    for f in fields(MoveReview):
        if f.name in data:
            known[f.name] = data[f.name]
        elif f.default is MISSING and f.default_factory is MISSING:
            kind = str(f.type).split("[")[0].split(" ")[0]
            known[f.name] = copy.copy(EMPTY.get(kind, ""))
    return MoveReview(**known)


def worth_text(r: MoveReview, solo: bool, plans: Sequence[str] = ()) -> str:
    """What a move cost; a move that stands but belongs to a plan that cost says so."""
    if not r.mistake:
        if plans:
            return TEXT["good_in_plan"].format(plans="; ".join(plans))
        return TEXT["good"]
    if solo:
        return TEXT["worth_lowest"].format(played=r.played_lowest, best=r.best_lowest)
    return TEXT["worth_win"].format(played=r.played_win, best=r.best_win)


def status_line(state: ReviewState) -> str:
    done, total = len(state.results), state.total
    if state.timeout_s:
        return TEXT["timeout"].format(limit=f"{state.timeout_s:g}")
    if state.error:
        return TEXT["error"].format(reason=state.error)
    if not state.started:
        return TEXT["starting"]
    if state.running:
        return TEXT["progress"].format(done=min(done + 1, total), total=total)
    if state.stopped:
        return TEXT["stopped"].format(done=done, total=total)
    if not total:
        return TEXT["done_none"]
    return fmt_n(
        "Review complete: {total} move analysed.",
        "Review complete: {total} moves analysed.",
        "total",
        total=total,
    )


def elapsed_line(state: ReviewState) -> str:
    """For how long the move being analysed has been (from its first second)."""
    seconds = int(state.elapsed_s)
    return fmt(ELAPSED, seconds=seconds) if state.running and seconds >= 1 else ""


def move_words(position: Game, move: str) -> str:
    """A move of ``position`` in the players' words (colours, points, cells)."""
    if move in ("swap", "pass"):
        return _("swap the tiles") if move == "swap" else _("keep the tiles")
    preview = position.preview(move)
    halves = parse_placement(move)
    if halves is None:
        return move
    colours = (halves[0][1], halves[1][1])
    radius = int(position.zone.radius)
    where = join([cell_words(radius, halves[0][0], short=True),
                  cell_words(radius, halves[1][0], short=True)])  # fmt: skip
    return f"{placement_words(colours, preview['points'])}; {where}"


def cells_of(move: str) -> tuple[Cell, ...]:
    halves = parse_placement(move) if move not in ("swap", "pass") else None
    return (halves[0][0], halves[1][0]) if halves else ()


def ghost_of(move: str) -> Ghost | None:
    halves = parse_placement(move) if move not in ("swap", "pass") else None
    if halves is None:
        return None
    return Ghost((halves[0][0], halves[1][0]), (halves[0][1], halves[1][1]))


# --- plans -------------------------------------------------------------------------------
def plan_words(plan: dict[str, Any]) -> str:
    """A plan in the player's language (``engine.coach.lessons`` words it; with its cost on the
    chart once known)."""
    return lesson_text(plan)


def plan_line(plan: dict[str, Any], game: Game) -> str:
    """A plan as a line of the list of plans and of the chart's spans."""
    return plan_words(plan)


def plans_of(plans: Sequence[dict[str, Any]], index: int, seat: int) -> list[dict[str, Any]]:
    """The plans of ``seat`` that move ``index`` lies inside (between their first and last
    move): a move there is never said to be as good as any without the plan."""
    return [
        p for p in plans if int(p["seat"]) == seat and int(p["first"]) <= index <= int(p["last"])
    ]


# --- the list and the step --------------------------------------------------------------
def _row(r: MoveReview, solo: bool, selected: int | None, plans: Sequence[dict[str, Any]]) -> Row:
    mine = [plan_words(p) for p in plans_of(plans, r.index, r.seat)]
    return Row(
        r.index,
        TEXT["move"].format(number=r.index + 1, name=r.name),
        worth_text(r, solo, mine),
        r.mistake,
        r.index == selected,
    )


def lesson_words(r: MoveReview) -> str:
    """Why the better move is better, in sentences: the lesson's points, the merits of the
    move played, and (where the position alone shows no difference) the sampled futures."""
    points: list[dict[str, Any]] = [*r.lesson, *r.merits]
    if not r.lesson:
        points.append({"kind": "same_now"})
    return lesson_sentences([*points, *r.futures])


def step_model(
    results: list[MoveReview],
    at: int,
    showing: str,
    positions: Positions,
    plans: Sequence[dict[str, Any]],
) -> Step:
    """The reviewed move ``results[at]`` on the board (the move played or the better one)."""
    r = results[at]
    before = positions.before(r.index)
    solo = before.players == 1
    stands = not r.mistake
    shown = PLAYED if stands else showing
    move = r.played if shown == PLAYED else r.best
    other = () if stands else cells_of(r.best if shown == PLAYED else r.played)
    after = before.copy()
    after.apply(move)
    rays: tuple[dict[str, Any], ...] = ()
    if move not in ("swap", "pass"):
        rays = tuple(before.preview(move)["rays"])
    number = r.index + 1
    words = move_words(before, move)
    mine = plans_of(plans, r.index, r.seat)
    return Step(
        r.index,
        TEXT["move"].format(number=number, name=r.name),
        fmt(STEP_OF, n=at + 1, total=len(results)),
        results[at - 1].index if at > 0 else None,
        results[at + 1].index if at + 1 < len(results) else None,
        shown,
        not stands,
        worth_text(r, solo, [plan_words(p).rstrip(".") for p in mine]),
        TEXT["played"].format(move=move_words(before, r.played)),
        "" if stands else TEXT["better"].format(move=move_words(before, r.best)),
        TEXT["why_both" if r.same_facts else "why_played"].format(
            facts=move_facts_words(r.played_facts)
        ),
        ""
        if stands or r.same_facts
        else TEXT["why_better"].format(facts=move_facts_words(r.best_facts)),
        "" if stands else lesson_words(r),
        tuple(plan_line(p, before) for p in mine),
        before.view(None),
        ghost_of(move),
        rays,
        other,
        TEXT["board_played" if shown == PLAYED else "board_better"].format(
            number=number, move=words
        ),
        TEXT["scores_played" if shown == PLAYED else "scores_better"],
        after.view(None),
    )


# --- the chart ---------------------------------------------------------------------------
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


def review_model(
    state: ReviewState,
    game: Game,
    plans: Sequence[dict[str, Any]] = (),
    positions: Positions | None = None,
) -> ReviewModel:
    """What the Review screen shows for `game` (the game reviewed), the results so far
    and the plans found over the game (`engine.coach.review.plans`; none while it is running)."""
    solo = game.players == 1
    results = sorted((move_review(d) for d in state.results), key=lambda r: r.index)
    worst = costliest(results)
    chosen = state.selected
    if chosen is None or all(r.index != chosen for r in results):
        chosen = worst[0].index if worst else results[0].index if results else None
    at = next((i for i, r in enumerate(results) if r.index == chosen), None)
    step = None
    if at is not None:
        step = step_model(results, at, state.showing, positions or Positions(game), plans)
    cost_plans = tuple(plan_line(p, game) for p in plans)
    return ReviewModel(
        TEXT["title"],
        status_line(state),
        Progress(len(results), state.total, state.running and not results, state.running),
        TEXT["costliest"],
        tuple(_row(r, solo, chosen, plans) for r in worst),
        ""
        if worst or not results
        else TEXT["no_mistakes" if state.complete else "no_mistakes_yet"],
        tuple(_row(r, solo, chosen, plans) for r in results),
        step,
        chart_model(results, game, state.complete, chosen, plans),
        cost_plans,
    )


def next_selection(model: ReviewModel, key: str) -> tuple[int | None, str | None]:
    """What a key does on the step-through: (the move to show, the side to show), None
    for what stays. ←/→ the previous or next reviewed move, Home/End the first or last,
    P the move played, B the better one."""
    step = model.step
    if step is None:
        return None, None
    rows = model.rows
    target = {
        "ArrowLeft": step.previous,
        "ArrowRight": step.next,
        "Home": rows[0].index if rows else None,
        "End": rows[-1].index if rows else None,
    }.get(key)
    side = {"p": PLAYED, "P": PLAYED, "b": BETTER, "B": BETTER}.get(key)
    if side == BETTER and not step.can_better:
        side = None
    return target, side


__all__ = [
    "BETTER",
    "CHART_H",
    "CHART_W",
    "PLAYED",
    "TEXT",
    "Chart",
    "Positions",
    "ReviewModel",
    "ReviewState",
    "Step",
    "chart_model",
    "elapsed_line",
    "next_selection",
    "review_model",
]
