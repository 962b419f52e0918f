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
from engine.rules.scoring import placement_points
from engine.rules.tiles import make_tile


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


#: Sampled games to the end a hint plays out to say concretely what the look-ahead sees
#: when the position alone shows no difference; placements tried as the alternative.
HINT_WORLDS = 6
ALTERNATIVES = 4
#: Where no alternative is behind in those, the hint looks again in this many times more.
AGAIN = 3
#: And where still none is, among this many alternatives (the hint's own move being the
#: bot's pick, some placement further down is behind it in the sampled games).
WIDER = 10


def twins(game: Game, seat: int, a: Placement, b: Placement) -> bool:
    """Whether two placements are twins: the same tile, the same points, the same facts
    (nothing a player could tell them apart by but the cells)."""
    if make_tile(a[2], a[3]) != make_tile(b[2], b[3]):
        return False
    if placement_points(game.board, game.zone, *a) != placement_points(game.board, game.zone, *b):
        return False
    return lessons.facts(game, seat, a) == lessons.facts(game, seat, b)


def alternatives(
    game: Game, seat: int, move: Placement | str, count: int = ALTERNATIVES
) -> list[Placement | str]:
    """The moves a hint may be weighed against, best first: the other answer of a swap
    offer, else the placements best one move deep (by the bots' value) that are neither
    ``move`` nor its twin (:func:`twins`)."""
    if isinstance(move, str):
        return ["pass" if move == "swap" else "swap"]
    scored = scored_placements(game, seat)
    scored.sort(key=lambda vp: (-vp[0], vp[1]))
    chosen = text(game, move)
    out: list[Placement | str] = []
    for _, p in scored:
        if game.placement_text(p) != chosen and not twins(game, seat, move, p):
            out.append(p)
            if len(out) == count:
                break
    return out


def next_best(game: Game, seat: int, move: Placement | str) -> Placement | str | None:
    """The move a hint is weighed against: the first of :func:`alternatives`."""
    found = alternatives(game, seat, move)
    return found[0] if found else None


def sampled(
    view: dict[str, Any], seat: int, moves: list[Placement | str], seed: int, count: int
) -> list[tuple[float, float]]:
    """Each move's (chance of winning, expected lowest colour; the duel: colours on the
    side) over the same ``count`` sampled games to the end (the review's rollouts)."""
    from engine.bots.scan import Position
    from engine.coach.review import rollout, worlds_for

    sums = [[0.0, 0.0] for _ in moves]
    worlds = worlds_for(view, count, Rng(seed * 7919 + count))
    for world in worlds:
        root = Position(world)
        for i, m in enumerate(moves):
            win, low, _ = rollout(root, m)[seat]
            sums[i][0] += win
            sums[i][1] += low
    return [(w / len(worlds), low / len(worlds)) for w, low in sums]


def _futures_clause(
    game: Game, mine: tuple[float, float], other: tuple[float, float]
) -> Fact | None:
    """The look-ahead's reason in figures, where the hint is ahead as the figures are said:
    the lowest colour (the duel: colours on the side) each move ends with in the sampled
    games, else their chance of winning; None where the alternative is not behind."""
    kind = "vs_futures_duel" if game.variant.name == "duel" else "vs_futures"
    if round(mine[1], 1) > round(other[1], 1):
        return {"kind": kind, "better": round(mine[1], 2), "played": round(other[1], 2)}
    if (
        game.players > 1
        and round(mine[0], 2) > round(other[0], 2)
        and (round(mine[1], 1) == round(other[1], 1))
    ):
        return {"kind": "vs_futures_wins", "better": round(mine[0], 4),
                "played": round(other[0], 4)}  # fmt: skip
    return None


def versus_clause(
    view: dict[str, Any], game: Game, seat: int, move: Placement | str, seed: int
) -> tuple[Placement | str | None, Fact | None]:
    """The alternative a hint is weighed against and what it does worse: a difference of the
    position where one shows, else what the sampled games to the end show, in figures."""
    found = alternatives(game, seat, move)
    for other in found:
        lesson, _ = lessons.contrast(game, seat, move, other)
        clause = lessons.versus(lesson)
        if clause["kind"] != "vs_search":
            return other, clause
    if not found:
        return None, None
    for worlds in (HINT_WORLDS, AGAIN * HINT_WORLDS):
        figures = sampled(view, seat, [move, *found], seed, worlds)
        for other, theirs in zip(found, figures[1:], strict=True):
            said = _futures_clause(game, figures[0], theirs)
            if said is not None:
                return other, said
    wider = alternatives(game, seat, move, WIDER)[len(found) :]
    for other in wider:
        clause = lessons.versus(lessons.contrast(game, seat, move, other)[0])
        if clause["kind"] != "vs_search":
            return other, clause
    if wider:
        figures = sampled(view, seat, [move, *wider], seed, AGAIN * HINT_WORLDS)
        for other, theirs in zip(wider, figures[1:], strict=True):
            said = _futures_clause(game, figures[0], theirs)
            if said is not None:
                return other, said
    return found[0], {"kind": "vs_search"}


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
    other, clause = versus_clause(view, game, seat, parsed, seed)
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
