"""The Review screen's model (pure): what the screen shows at any moment of a review.

The review itself runs in the bot worker (`web/shell/worker.py`: `review_start`, `review_next`,
`review_stop`), one move at a time; the screen keeps the results that have arrived in a
small `ReviewState` and draws `review_model(state, game)`: the progress, the three
costliest moves first, every reviewed move, the chosen move in detail (the move played
and the better one, in words, each on a board of its own), and the chart of each
player's chance of winning with its text equivalent.

All words are in `TEXT` (one place, ready to be marked for translation).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine import load_game
from engine.game import Game
from engine.review import MoveReview, chart_data, chart_text, costliest
from web.board.hexgrid import Cell
from web.board.placing import parse_placement
from web.board.symbols import GLYPH, colour_name
from web.i18n import N_, Texts, _, fmt, fmt_n
from web.play.engine_words import lesson_sentences, review_facts, review_text

TEXT = Texts(
    {
        "title": N_("Review"),
        "starting": N_("Starting the review…"),
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
        "chart_win": N_("Chance of winning after each reviewed move"),
        "chart_lowest": N_("Expected lowest colour after each reviewed move"),
        "chart_empty": N_("The chart fills in as moves are analysed."),
        "board_played": N_("The board after the move played"),
        "board_better": N_("The board after the better move"),
        "try": N_("Try from here"),
        "try_help": N_(
            "A new game from just before this move: the same board, scores and tiles "
            "on your rack; the other tiles dealt afresh."
        ),
        "stop": N_("Stop"),
        "close": N_("Close"),
        "select": N_("Show move {number}"),
    }
)

CHART_W, CHART_H = 320.0, 120.0


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
    """The screen's own state: the results so far and which move is shown."""

    total: int = 0
    results: list[dict[str, Any]] = field(default_factory=list)
    running: bool = False
    started: bool = False
    stopped: bool = False
    error: str = ""
    #: The review stopped because the worker did not answer within this many seconds.
    timeout_s: float = 0.0
    selected: int | None = None  # a move index (the game's move list)


@dataclass(frozen=True)
class Row:
    index: int
    label: str
    summary: str
    mistake: bool
    selected: bool


@dataclass(frozen=True)
class Detail:
    index: int
    heading: str
    worth: str
    played_line: str
    better_line: str  # "" when the move played stands
    why_played: str
    why_better: str
    #: Why the better move is better: what it does that the move played does not, what
    #: the move played did better, and what the sampled futures show.
    lesson: str
    played_cells: tuple[Cell, ...]
    better_cells: tuple[Cell, ...]
    can_try: bool


@dataclass(frozen=True)
class Chart:
    title: str
    names: tuple[str, ...]
    lines: tuple[str, ...]  # one polyline per player: "x,y x,y ..."
    text: tuple[str, ...]  # the same data in words (screen readers, the table)


@dataclass(frozen=True)
class ReviewModel:
    title: str
    status: str
    done: int
    total: int
    running: bool
    costliest_title: str
    costliest: tuple[Row, ...]
    no_mistakes: str
    rows: tuple[Row, ...]
    detail: Detail | None
    chart: Chart


def move_review(data: dict[str, Any]) -> MoveReview:
    """A result as the worker sent it (JSON) back into the engine's record."""
    names = {f.name for f in fields(MoveReview)}
    return MoveReview(**{k: v for k, v in data.items() if k in names})


def worth_text(r: MoveReview, solo: bool) -> str:
    if not r.mistake:
        return TEXT["good"]
    if solo:
        return TEXT["worth_lowest"].format(played=r.played_lowest, best=r.best_lowest)
    return TEXT["worth_win"].format(played=r.played_win, best=r.best_win)


def _row(r: MoveReview, solo: bool, selected: int | None) -> Row:
    return Row(
        r.index,
        TEXT["move"].format(number=r.index + 1, name=r.name),
        worth_text(r, solo),
        r.mistake,
        r.index == selected,
    )


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


def move_words(game: Game, index: int, move: str) -> str:
    """A move of the position before ``index`` in the players' words (colours, points)."""
    before = load_game({**game.to_save(), "moves": game.moves[:index]})
    if move in ("swap", "pass"):
        return _("swap the tiles") if move == "swap" else _("keep the tiles")
    preview = before.preview(move)
    halves = parse_placement(move)
    colours = (halves[0][1], halves[1][1]) if halves else ("", "")
    return placement_words(colours, preview["points"])


def cells_of(move: str) -> tuple[Cell, ...]:
    halves = parse_placement(move) if move not in ("swap", "pass") else None
    return (halves[0][0], halves[1][0]) if halves else ()


def chart_model(results: list[MoveReview], game: Game) -> Chart:
    data = chart_data(results, game)
    solo = data["measure"] == "lowest"
    top = 18.0 if solo else 1.0
    points = data["points"]
    series: list[list[float]] = [[p["values"][s] for p in points] for s in range(game.players)]
    if data["end"] is not None:
        for s in range(game.players):
            series[s].append(data["end"][s])
    n = max(1, max((len(v) for v in series), default=1) - 1)
    lines = tuple(
        " ".join(
            f"{CHART_W * i / n:.1f},{CHART_H * (1 - min(top, v) / top):.1f}"
            for i, v in enumerate(values)
        )
        for values in series
    )
    return Chart(
        TEXT["chart_lowest" if solo else "chart_win"],
        tuple(game.names),
        lines if points else (),
        tuple(review_text(line) for line in chart_text(data)) if points else (TEXT["chart_empty"],),
    )


def lesson_words(r: MoveReview) -> str:
    """Why the better move is better, in sentences: the lesson's points, the merits of the
    move played, and (where the position alone shows no difference) the sampled futures."""
    points = [*r.lesson, *r.merits]
    if not r.lesson:
        points.append({"kind": "same_now"})
    return lesson_sentences([*points, *r.futures])


def detail_model(r: MoveReview, game: Game, solo: bool) -> Detail:
    stands = not r.mistake
    return Detail(
        r.index,
        TEXT["move"].format(number=r.index + 1, name=r.name),
        worth_text(r, solo),
        TEXT["played"].format(move=move_words(game, r.index, r.played)),
        "" if stands else TEXT["better"].format(move=move_words(game, r.index, r.best)),
        TEXT["why_both" if r.same_facts else "why_played"].format(
            facts=review_facts(r.played_facts)
        ),
        ""
        if stands or r.same_facts
        else TEXT["why_better"].format(facts=review_facts(r.best_facts)),
        "" if stands else lesson_words(r),
        cells_of(r.played),
        () if stands else cells_of(r.best),
        True,
    )


def review_model(state: ReviewState, game: Game) -> ReviewModel:
    """What the Review screen shows for `game` (the game reviewed) and the results so far."""
    solo = game.players == 1
    results = [move_review(d) for d in state.results]
    worst = costliest(results)
    chosen = state.selected
    if chosen is None and worst:
        chosen = worst[0].index
    shown = next((r for r in results if r.index == chosen), None)
    finished = state.started and not state.running
    return ReviewModel(
        TEXT["title"],
        status_line(state),
        len(results),
        state.total,
        state.running,
        TEXT["costliest"],
        tuple(_row(r, solo, chosen) for r in worst),
        "" if worst or not results else TEXT["no_mistakes" if finished else "no_mistakes_yet"],
        tuple(_row(r, solo, chosen) for r in results),
        detail_model(shown, game, solo) if shown is not None else None,
        chart_model(results, game),
    )


def board_after(game: Game, index: int, move: str) -> dict[str, Any]:
    """The public view after ``move`` is played in the position before move ``index``."""
    before = load_game({**game.to_save(), "moves": game.moves[:index]})
    before.apply(move)
    return before.view(None)


__all__ = ["TEXT", "ReviewModel", "ReviewState", "board_after", "review_model"]
