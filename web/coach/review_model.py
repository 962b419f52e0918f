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
from engine.coach.review import MoveReview, costliest
from engine.rules.game import Game
from web.board.hexgrid import Cell
from web.board.placing import parse_placement
from web.board.render import Ghost
from web.coach.review_chart import Chart, chart_model
from web.coach.review_words import (
    ELAPSED,
    STEP_OF,
    TEXT,
    lesson_words,
    move_words,
    plan_line,
    worth_text,
)
from web.i18n import fmt, fmt_n
from web.play.engine_words import move_facts_words

PLAYED, BETTER = "played", "better"


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


def cells_of(move: str) -> tuple[Cell, ...]:
    halves = parse_placement(move) if move not in ("swap", "pass") else None
    return (halves[0][0], halves[1][0]) if halves else ()


def ghost_of(move: str) -> Ghost | None:
    halves = parse_placement(move) if move not in ("swap", "pass") else None
    if halves is None:
        return None
    return Ghost((halves[0][0], halves[1][0]), (halves[0][1], halves[1][1]))


# --- plans -------------------------------------------------------------------------------


def plans_of(plans: Sequence[dict[str, Any]], index: int, seat: int) -> list[dict[str, Any]]:
    """The plans of ``seat`` that move ``index`` lies inside (between their first and last
    move, not one of its exceptions: a move that raised a lowest colour is no part of a
    colour left behind): a move there is never said to be as good as any without the plan."""
    return [
        p
        for p in plans
        if int(p["seat"]) == seat
        and int(p["first"]) <= index <= int(p["last"])
        and index not in p.get("except", ())
    ]


# --- the list and the step --------------------------------------------------------------
def _row(r: MoveReview, solo: bool, selected: int | None, plans: Sequence[dict[str, Any]]) -> Row:
    mine = plans_of(plans, r.index, r.seat)
    return Row(
        r.index,
        TEXT["move"].format(number=r.index + 1, name=r.name),
        worth_text(r, solo, mine),
        r.mistake,
        r.index == selected,
    )


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
        worth_text(r, solo, mine),
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
    "PLAYED",
    "Positions",
    "ReviewModel",
    "ReviewState",
    "Step",
    "elapsed_line",
    "next_selection",
    "review_model",
]
