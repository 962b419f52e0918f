"""The Review screen's words: its texts (:data:`TEXT`), what a move cost (:func:`worth_text`), a
move in the players' words, a plan's line and why the better move is better.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.coach.review import MoveReview, worth_figure
from engine.rules.game import Game
from web.board.board_words import cell_words
from web.board.placing import parse_placement
from web.board.symbols import GLYPH, colour_name
from web.i18n import N_, Texts, _, clauses, fmt, join
from web.play.engine_words import lesson_sentences, lesson_text

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
            "cost (see Plans that cost)."
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


def placement_words(colours: tuple[str, str], points: dict[str, int]) -> str:
    """A placement in words, as the game screen says it: ``blue ✶ + green ●, +3 blue``."""
    order = list(dict.fromkeys([*colours, *points]))
    gained = ", ".join(
        fmt("+{n} {colour}", n=points[c], colour=colour_name(c)) for c in order if points.get(c)
    )
    halves = " + ".join(f"{colour_name(c)} {GLYPH[c]}" for c in colours)
    return f"{halves}, {gained or _('no points')}"


def worth_text(r: MoveReview, solo: bool, plans: Sequence[object] = ()) -> str:
    """What a move cost, in the figure it lost (`engine.coach.review.worth_figure`: the chance
    of winning, or the expected lowest colour where both chances round alike); a move that
    stands but belongs to a plan that cost says so (the plans themselves are listed once,
    apart)."""
    if not r.mistake:
        return TEXT["good_in_plan"] if plans else TEXT["good"]
    if worth_figure(r, solo) == "lowest":
        return TEXT["worth_lowest"].format(played=r.played_lowest, best=r.best_lowest)
    return TEXT["worth_win"].format(played=r.played_win, best=r.best_win)


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
    return clauses([placement_words(colours, preview["points"]), where])


def plan_words(plan: dict[str, Any]) -> str:
    """A plan in the player's language (``engine.coach.lessons`` words it; with its cost on the
    chart once known)."""
    return lesson_text(plan)


def plan_line(plan: dict[str, Any], game: Game) -> str:
    """A plan as a line of the list of plans and of the chart's spans."""
    return plan_words(plan)


def lesson_words(r: MoveReview) -> str:
    """Why the better move is better, in sentences: the lesson's points, the merits of the
    move played, and (where the position alone shows no difference) the sampled futures."""
    points: list[dict[str, Any]] = [*r.lesson, *r.merits]
    return lesson_sentences([*points, *r.futures])
