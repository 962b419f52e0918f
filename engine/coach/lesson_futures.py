"""What the sampled futures show about two moves, in figures (:func:`futures`): the review says
them where the position alone shows little or no difference, always concretely (which figure
ends lower, by how much), never that the two moves are the same.
"""

from __future__ import annotations

from engine.coach.lesson_words import Fact
from engine.coach.lessons import rivals, side_name
from engine.rules.game import Game


def futures(
    game: Game,
    seat: int,
    better: list[list[float]],
    played: list[list[float]],
    concrete: bool = False,
) -> list[Fact]:
    """What the sampled futures show: ``better[s]`` and ``played[s]`` are each seat's
    (chance of winning, expected lowest colour, expected second lowest) at the end after
    each move (the duel: colours on the seat's side). Solo: the lowest colour, else the
    second lowest, which the result's worth also counts. ``concrete``: the position shows
    no difference, so every figure that differs is said (never "the same")."""
    out: list[Fact] = []
    mine_b, mine_p = better[seat][1], played[seat][1]
    if game.variant.name == "duel":
        if concrete or abs(mine_b - mine_p) >= 0.25:
            out.append({"kind": "futures_duel", "better": round(mine_b, 2),
                        "played": round(mine_p, 2)})  # fmt: skip
        if concrete or not out:
            out.append(_wins(better[seat][0], played[seat][0]))
        return _differing(out)
    swing = [(played[r][1] - better[r][1], r) for r in rivals(game, seat)]
    gap, rival = max(swing) if swing else (0.0, -1)
    if gap >= 0.25 and gap > mine_b - mine_p:
        figures = {"better": round(better[rival][1], 2), "played": round(played[rival][1], 2)}
        out.append({"kind": "futures_rival", "name": side_name(game, rival), **figures})
        if not concrete:
            return out
    elif mine_b - mine_p >= 0.25 or (game.players == 1 and mine_b > mine_p) or concrete:
        out.append({"kind": "futures_mine", "better": round(mine_b, 2), "played": round(mine_p, 2)})
    if game.players == 1 and (concrete or not out):
        out.append({"kind": "futures_second", "better": round(better[seat][2], 2),
                    "played": round(played[seat][2], 2)})  # fmt: skip
    if game.players > 1 and (concrete or not out):
        out.append(_wins(better[seat][0], played[seat][0]))
    return _differing(out)


def _wins(better: float, played: float) -> Fact:
    return {"kind": "futures_wins", "better": round(better, 4), "played": round(played, 4)}


def _differing(found: list[Fact]) -> list[Fact]:
    """The figures that differ as they are said (a share in whole percent, a mean to one
    decimal); one figure at least, so that the futures are never silent."""

    def shown(f: Fact, key: str) -> str:
        return f"{f[key]:.0%}" if f["kind"] == "futures_wins" else f"{f[key]:.1f}"

    kept = [f for f in found if shown(f, "better") != shown(f, "played")]
    return kept or found[-1:]
