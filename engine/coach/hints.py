"""Hints and trying again: :func:`hint` (the best move found for the player to move, with why it
beats the next best), :func:`next_best`, and :func:`try_from_here` (a reviewed game set back
to one of its moves, the hidden tiles dealt again).
"""

from __future__ import annotations

from typing import Any

from engine.bots.evaluate import scored_placements
from engine.coach import lessons
from engine.coach.lessons import Fact
from engine.coach.review import text
from engine.formats.save import load_game
from engine.rules.determinize import determinize
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.rng import Rng


def try_from_here(save: dict[str, Any], index: int, deal: int, seat: int | None = None) -> Game:
    """A new game from the position before move ``index`` of ``save``: the board, the scores
    and the mover's rack kept; the tiles the mover could not see dealt afresh from ``deal``."""
    from engine.formats.save import start_from

    moves = save["moves"]
    if not 0 <= index < len(moves) + 1:
        raise ValueError(f"the game has no move {index + 1}")
    game = load_game({**save, "moves": moves[:index]})
    if game.over:
        raise ValueError("the game is over at that point")
    return start_from(game, game.current if seat is None else seat, deal)


def next_best(game: Game, seat: int, move: Placement | str) -> Placement | str | None:
    """The move a hint is weighed against: the other answer of a swap offer, else the
    placement best one move deep (by the bots' value) that is not ``move``."""
    if isinstance(move, str):
        return "pass" if move == "swap" else "swap"
    scored = scored_placements(game, seat)
    scored.sort(key=lambda vp: (-vp[0], vp[1]))
    chosen = text(game, move)
    return next((p for _, p in scored if game.placement_text(p) != chosen), None)


def hint(
    view: dict[str, Any],
    level: str = "strong",
    seed: int = 0,
    budget_ms: int | None = None,
    time_limit_ms: float | None = None,
) -> dict[str, Any]:
    """The move a bot would play in the view, and why, for the player to move: what it
    gains, what it costs, and what the next best move (:func:`next_best`) does worse."""
    from engine.bots import make_bot

    seat = view["seat"]
    if seat is None or view["current"] != seat:
        raise ValueError("a hint is for the player to move")
    bot = make_bot(level, seed=seed, budget_ms=budget_ms, time_limit_ms=time_limit_ms)
    move = bot.choose(view)
    game = determinize(view, Rng(seed))
    parsed = game.parse(move)
    found = lessons.facts(game, seat, parsed)
    gains, costs, notes = lessons.gains_and_costs(found)
    other = next_best(game, seat, parsed)
    clause: Fact | None = None
    if other is not None:
        lesson, _ = lessons.contrast(game, seat, parsed, other)
        clause = lessons.versus(lesson)
    reason = lessons.sentence(gains + notes)
    if costs:
        reason += "; but " + lessons.sentence(costs)
    if other is not None and clause is not None:
        reason += f". Better than {text(game, other)}, {lessons.say(clause)}"
    return {
        "move": move,
        "facts": found,
        "gains": gains,
        "costs": costs,
        "notes": notes,
        "versus": None if other is None else text(game, other),
        "versus_why": clause,
        "reason": reason,
    }
