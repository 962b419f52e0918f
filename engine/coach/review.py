"""The review of a game: for each move of the reviewed seats, the move the analysis
prefers, what the difference is worth, and why, in words built from facts.

How a move is judged (see ``docs/review.md``):

* **Only what the mover could see.** The position before move ``k`` is turned into the
  mover's view (``Game.view``): the board, the tracks, the mover's own rack and the number
  of tiles elsewhere. The other racks and the bag are *sampled* from the tiles the mover
  has not seen (:func:`engine.rules.determinize.determinize`), never read from the game's
  later draws.
* **Candidates**: the played move, and the placements best one move deep for the mover's
  side (``engine.bots.evaluate.scored_placements``); in a swap offer, ``swap`` and ``pass``.
* **Rollouts to the end**: each candidate is played in the same sampled worlds, then
  every player plays greedily for their own side to the end of the game (the bots'
  points table, ``engine.bots.scan``). Each rollout gives every player a result: won
  (1), shared first place (0.5) or lost (0), and their lowest colour at the end.
* **Worth**: a candidate's *chance of winning* is its mean result; its *expected lowest
  colour* the mean of the mover's lowest colour. Candidates are ranked by the chance of
  winning plus ``LOWEST_WEIGHT`` per point of expected lowest colour (solo: the expected
  lowest colour, plus a little of the second lowest). A move is only called a mistake when
  its loss exceeds what sampling noise explains (``NOISE``).

Everything is a generator (:meth:`Review.moves`), one move's result at a time, so a page
can show progress, show results as they arrive and stop the analysis.

The words are plain English, all in :data:`TEXT` (one place, easy to translate).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.bots.evaluate import oriented, scored_placements
from engine.bots.scan import Position
from engine.coach import lesson_futures, lesson_plans, lessons
from engine.coach.lessons import Fact
from engine.formats.save import load_game
from engine.rules.determinize import determinize
from engine.rules.game import Game
from engine.rules.notation import Placement
from engine.rules.rng import Rng
from engine.rules.tiles import Tile
from engine.rules.view import visible_racks

#: The review's own English sentences (the facts' and lessons' are in ``engine.coach.lessons``).
TEXT = {
    "better": "Better: {best}.",
    "same": "The move played is as good as any the analysis found.",
    "worth_win": "chance of winning {played:.0%} instead of {best:.0%}",
    "worth_lowest": "expected lowest colour at the end {played:.1f} instead of {best:.1f}",
    "chart_line": "Move {number} ({mover}): {values}.",
    "chart_value_win": "{name} {value:.0%}",
    "chart_value_lowest": "{name} {value:.1f}",
    "chart_end": "End: {values}.",
}

#: What a point of expected lowest colour is worth against a chance of winning of 1.
LOWEST_WEIGHT = 0.03
#: A move is a mistake only when its loss (in worth units: a chance of winning of 1) is
#: above this and above twice its standard error over the paired worlds.
NOISE = 0.05
#: Smallest points a line must be worth to a rival to be named as blocked or opened.
LINE_POINTS = 3
#: The review's default effort: sampled worlds per move and placements besides the one played.
WORLDS = 48
WIDTH = 6


def move_worth(game: Game, seat: int, results: list[tuple[float, float, float]]) -> float:
    """The worth of a candidate from its rollouts: (win, lowest, second lowest) per world."""
    n = len(results)
    if game.players == 1:
        return sum(low + 0.1 * second for _, low, second in results) / n
    return sum(win + LOWEST_WEIGHT * low for win, low, _ in results) / n


# --- reasons -----------------------------------------------------------------------------


def text(game: Game, move: Placement | str) -> str:
    return move if isinstance(move, str) else game.placement_text(move)


def _same(game: Game, x: Placement | str, y: Placement | str) -> bool:
    return text(game, x) == text(game, y)


def facts(game: Game, seat: int, move: Placement | str) -> list[Fact]:
    """What ``move`` does for ``seat``'s side (:func:`engine.coach.lessons.facts`)."""
    return lessons.facts(game, seat, move)


def reason_text(best: str, lesson: list[Fact], merits: list[Fact], future: list[Fact]) -> str:
    """Why the better move is better, in English: what it does that the move played does
    not, what the move played did better, and what the sampled futures show."""
    parts = [TEXT["better"].format(best=best)]
    parts.extend(lessons.say(f) for f in lesson)
    parts.extend(lessons.say(f) for f in merits)
    parts.extend(lessons.say(f) for f in future)
    return " ".join(parts)


def compare(game: Game, seat: int, played: Placement | str, best: Placement | str) -> str:
    """Why ``best`` is better than ``played``, from the position alone (no sampled futures)."""
    if _same(game, played, best):
        return TEXT["same"]
    lesson, merits = lessons.contrast(game, seat, best, played)
    return reason_text(text(game, best), lesson, merits, [])


# --- the analysis ---------------------------------------------------------------------


def _deal_again(world: Game, hidden: list[int], rng: Rng) -> Game:
    """Another world for the same view: the hidden racks and the bag dealt again."""
    g = world.copy()
    pool: list[Tile] = list(g.bag)
    for s in hidden:
        pool.extend(g.racks[s])
    rng.shuffle(pool)
    for s in hidden:
        n = len(g.racks[s])
        g.racks[s], pool = pool[:n], pool[n:]
    g.bag = pool
    g.rng = Rng(rng.next64())
    return g


def worlds_for(view: dict[str, Any], count: int, rng: Rng) -> list[Game]:
    """``count`` games consistent with the view, hidden tiles sampled (never the real ones)."""
    first = determinize(view, rng)
    seat = view["seat"]
    hidden = [s for s in range(first.players) if s not in visible_racks(first, seat)]
    out = [first]
    while len(out) < count:
        out.append(_deal_again(first, hidden, rng))
    return out


def _results(g: Game) -> list[tuple[float, float, float]]:
    """Every seat's (won, lowest, second lowest) at the end of a game."""
    from engine.bots.evaluate import outcome

    out: list[tuple[float, float, float]] = []
    for s in range(g.players):
        track = sorted(oriented(g, s))
        if g.variant.name == "duel":
            track = sorted([sum(1 for v in track if v > 0)] * 2)
        win = 1.0 if g.players == 1 else (outcome(g, s) + 1) / 2
        out.append((win, float(track[0]), float(track[1])))
    return out


def rollout(world: Position, move: Placement | str) -> list[tuple[float, float, float]]:
    """Play ``move``, then everyone greedy for their own side to the end of the game."""
    pos = world.copy()
    g = pos.game
    pos.play(move)
    while g.phase != "over":
        if g.phase == "swap":
            pos.play("swap")
            continue
        _, p = pos.best(g.current)
        if p is None:
            break
        pos.play(p)
    return _results(g)


@dataclass
class MoveReview:
    """One reviewed move: what was played, what the analysis prefers, and why."""

    index: int  # the move's index in the game's move list
    turn: int
    seat: int
    name: str
    played: str
    best: str
    #: Chance of winning (solo: expected lowest colour) after each move.
    played_win: float
    best_win: float
    played_lowest: float
    best_lowest: float
    #: Worth lost by the move played (0: as good as the best found), see :func:`move_worth`.
    cost: float
    #: The reason in English (the pages build theirs from the facts below).
    reason: str
    #: What the move played does, and what the better move does (empty when the move
    #: played stands): facts of the position (``engine.coach.lessons.facts``).
    played_facts: list[Fact] = field(default_factory=list)
    best_facts: list[Fact] = field(default_factory=list)
    #: What the better move does that the move played does not, most important first, and
    #: what the move played did better (``engine.coach.lessons.contrast``).
    lesson: list[Fact] = field(default_factory=list)
    merits: list[Fact] = field(default_factory=list)
    #: What the sampled futures show about the two moves (``engine.coach.lesson_futures``).
    futures: list[Fact] = field(default_factory=list)
    #: After the move played: every seat's chance of winning (solo: expected lowest colour).
    chances: list[float] = field(default_factory=list)
    #: After the move played: every seat's expected lowest colour.
    lowest: list[float] = field(default_factory=list)

    @property
    def mistake(self) -> bool:
        return self.cost > 0

    @property
    def same_facts(self) -> bool:
        """The two moves do the same now (their facts are equal): only the futures differ."""
        return self.mistake and self.played_facts == self.best_facts

    def worth_text(self, solo: bool) -> str:
        if solo:
            return TEXT["worth_lowest"].format(played=self.played_lowest, best=self.best_lowest)
        return "; ".join(
            (
                TEXT["worth_win"].format(played=self.played_win, best=self.best_win),
                TEXT["worth_lowest"].format(played=self.played_lowest, best=self.best_lowest),
            )
        )

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["mistake"] = self.mistake
        return out


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean of ``a - b`` over paired worlds and its standard error."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, (var / n) ** 0.5


def analyse(
    game: Game,
    seat: int,
    played: str,
    index: int = 0,
    worlds: int = WORLDS,
    width: int = WIDTH,
    seed: int = 1,
) -> MoveReview:
    """Judge ``played`` in ``game`` (the position before it) from ``seat``'s view only.

    The candidates are ranked in one set of sampled worlds; the best of them and the move
    played are then measured again in a second, independent set, so that the figures
    shown are not inflated by picking the luckiest candidate.
    """
    view = game.view(seat)
    rng = Rng(seed * 1_000_003 + index)
    samples = worlds_for(view, worlds, rng)
    first = samples[0]
    played_move = first.parse(played)
    candidates: list[Placement | str]
    if first.phase == "swap":
        candidates = ["swap", "pass"]
    else:
        scored = scored_placements(first, seat)
        scored.sort(key=lambda vp: (-vp[0], vp[1]))
        candidates = [p for _, p in scored[:width]]
        if not any(_same(first, c, played_move) for c in candidates):
            candidates.append(played_move)
    played_i = next(i for i, c in enumerate(candidates) if _same(first, c, played_move))
    ranked = _measure(samples, candidates, seat)
    best_i = max(range(len(candidates)), key=lambda i: (ranked[i][0], i == played_i, -i))
    pair = [candidates[played_i], candidates[best_i]]
    if best_i == played_i:
        measured = [ranked[played_i], ranked[played_i]]
    else:
        measured = _measure(worlds_for(view, worlds, rng), pair, seat)
    (worth_p, res_p), (worth_b, res_b) = measured
    cost, noise = _paired(
        [move_worth(first, seat, [r[seat]]) for r in res_b],
        [move_worth(first, seat, [r[seat]]) for r in res_p],
    )
    if cost <= max(NOISE, 2 * noise):
        # Not clearly worse: the move played stands (its own figures on both sides).
        cost, res_b, pair[1] = 0.0, res_p, pair[0]

    def mean(rs: list[list[tuple[float, float, float]]], s: int, k: int) -> float:
        return sum(r[s][k] for r in rs) / len(rs)

    solo = game.players == 1
    best_move = pair[1]
    same = _same(first, played_move, best_move)
    played_facts = lessons.facts(first, seat, played_move)
    lesson: list[Fact] = []
    merits: list[Fact] = []
    future: list[Fact] = []
    if not same:
        lesson, merits = lessons.contrast(first, seat, best_move, played_move)
        future = lesson_futures.futures(
            first,
            seat,
            [[mean(res_b, s, k) for k in range(3)] for s in range(game.players)],
            [[mean(res_p, s, k) for k in range(3)] for s in range(game.players)],
            concrete=not lesson,
        )
    best_text = text(first, best_move)
    return MoveReview(
        index=index,
        turn=game.turn,
        seat=seat,
        name=game.names[seat],
        played=text(first, played_move),
        best=best_text,
        played_win=mean(res_p, seat, 0),
        best_win=mean(res_b, seat, 0),
        played_lowest=mean(res_p, seat, 1),
        best_lowest=mean(res_b, seat, 1),
        cost=round(cost, 6),
        reason=TEXT["same"] if same else reason_text(best_text, lesson, merits, future),
        played_facts=played_facts,
        best_facts=[] if same else lessons.facts(first, seat, best_move),
        lesson=lesson,
        merits=merits,
        futures=future,
        chances=[mean(res_p, s, 1 if solo else 0) for s in range(game.players)],
        lowest=[mean(res_p, s, 1) for s in range(game.players)],
    )


def _measure(
    samples: list[Game], candidates: list[Placement | str], seat: int
) -> list[tuple[float, list[list[tuple[float, float, float]]]]]:
    """Each candidate's worth and its rollouts' results, in the same worlds."""
    results: list[list[list[tuple[float, float, float]]]] = [[] for _ in candidates]
    for world in samples:
        root = Position(world)
        for i, move in enumerate(candidates):
            results[i].append(rollout(root, move))
    first = samples[0]
    return [(move_worth(first, seat, [r[seat] for r in rs]), rs) for rs in results]


class Review:
    """The review of a game (a save, finished or not): one :class:`MoveReview` at a time.

    >>> from engine import new_game
    >>> g = new_game("standard", players=2, seed=3)
    >>> _ = g.apply(g.legal_moves()[0])
    >>> review = Review(g.to_save(), seats=[0], worlds=2, width=1)
    >>> review.total
    1
    >>> [m.played == g.moves[0] for m in review.moves()]
    [True]
    """

    def __init__(
        self,
        save: dict[str, Any],
        seats: list[int] | None = None,
        worlds: int = WORLDS,
        width: int = WIDTH,
        seed: int = 1,
    ) -> None:
        self.save = save
        self.start = load_game({**save, "moves": []})
        self.final = load_game(save)
        players = self.start.players
        self.seats = list(range(players)) if seats is None else sorted(set(seats))
        self.worlds, self.width, self.seed = worlds, width, seed
        self.results: list[MoveReview] = []
        replay = self.start.copy()
        self.total = 0
        for move in save["moves"]:
            if replay.current in self.seats:
                self.total += 1
            replay.apply(move)

    def moves(self, skip: int = 0) -> Iterator[MoveReview]:
        """Each reviewed move's result as soon as it is known (the page may stop any time).

        ``skip``: the number of reviewed moves already judged (a review resumed after its
        worker was started again); each move's result depends only on the game and the
        settings, so the rest come out as they would have."""
        game = self.start.copy()
        for index, move in enumerate(self.save["moves"]):
            seat = game.current
            if seat in self.seats and skip > 0:
                skip -= 1
            elif seat in self.seats:
                result = analyse(game, seat, move, index, self.worlds, self.width, self.seed)
                self.results.append(result)
                yield result
            game.apply(move)

    def run(self) -> list[MoveReview]:
        for _ in self.moves():
            pass
        return self.results

    @property
    def solo(self) -> bool:
        return self.start.players == 1

    def costliest(self, count: int = 3) -> list[MoveReview]:
        """The moves that cost most (mistakes only), costliest first."""
        return costliest(self.results, count)

    def chart(self) -> dict[str, Any]:
        return chart_data(self.results, self.final)

    def plans(self) -> list[Fact]:
        """The plans of the reviewed seats over the game, each with its cost on the chart
        (``engine.coach.lesson_plans.plans``)."""
        return game_plans(self.save, self.seats, self.results)


def game_plans(save: dict[str, Any], seats: list[int], results: list[MoveReview]) -> list[Fact]:
    """The plans of ``seats`` in ``save``, costed by the chances of ``results`` so far."""
    chances = {r.index: list(r.chances) for r in results}
    return lesson_plans.plans(save, seats, chances)


def lost_shown(r: MoveReview, solo: bool) -> float:
    """What the move lost in the figure its worth is said in: the chance of winning in whole
    percent (several players), else the expected lowest colour to one decimal (solo, and a
    move whose chances of winning round alike: `worth_figure`)."""
    if worth_figure(r, solo) == "win":
        return round(r.best_win, 2) - round(r.played_win, 2)
    return round(r.best_lowest, 1) - round(r.played_lowest, 1)


def worth_figure(r: MoveReview, solo: bool) -> str:
    """The figure a mistake's worth is said in: "win" (the chance of winning) unless it is
    solo or both chances round to the same whole percent ("lowest")."""
    if solo or round(r.best_win, 2) == round(r.played_win, 2):
        return "lowest"
    return "win"


def costliest(results: list[MoveReview], count: int = 3) -> list[MoveReview]:
    """The mistakes that cost most, ranked by what they lost in the figure said: first those
    that lost some chance of winning (by how much), then by the expected lowest colour."""
    solo = bool(results) and len(results[0].chances) == 1
    mistakes = [r for r in results if r.mistake]
    mistakes.sort(
        key=lambda r: (worth_figure(r, solo) != "win", -lost_shown(r, solo), -r.cost, r.index)
    )
    return mistakes[:count]


def chart_data(results: list[MoveReview], final: Game | None = None) -> dict[str, Any]:
    """Each player's chance of winning (solo: expected lowest colour) after each reviewed
    move, and the actual result at the end when the game is over."""
    players = final.players if final is not None else len(results[0].chances) if results else 0
    names = list(final.names) if final is not None else []
    measure = "lowest" if players == 1 else "win"
    points = [
        {"index": r.index, "number": r.index + 1, "mover": r.name, "values": list(r.chances)}
        for r in results
    ]
    end = None
    if final is not None and final.over:
        end = [w if players > 1 else low for w, low, _ in _results(final)]
    return {"measure": measure, "names": names, "points": points, "end": end}


def chart_text(chart: dict[str, Any]) -> list[str]:
    """The chart as lines of text, one per point (for screen readers and the table)."""
    key = "chart_value_lowest" if chart["measure"] == "lowest" else "chart_value_win"
    names = chart["names"]

    def values(row: list[float]) -> str:
        return ", ".join(TEXT[key].format(name=n, value=v) for n, v in zip(names, row, strict=True))

    lines = [
        TEXT["chart_line"].format(number=p["number"], mover=p["mover"], values=values(p["values"]))
        for p in chart["points"]
    ]
    if chart["end"] is not None:
        lines.append(TEXT["chart_end"].format(values=values(chart["end"])))
    return lines


__all__ = [
    "TEXT",
    "MoveReview",
    "Review",
    "analyse",
    "chart_data",
    "chart_text",
    "costliest",
    "facts",
    "lost_shown",
    "worth_figure",
    "game_plans",
]
