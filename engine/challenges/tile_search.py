"""The strong Tile Challenge bot's search (:class:`TileSearch`): an exact expectimax over
its own draws and the next player's best reply, each ending valued by the race model
(:func:`race_chance`), the chance of winning the race to the target.
"""

from __future__ import annotations

import math
from typing import Any

from engine.challenges.common import COLOURS
from engine.challenges.tiles import CENTRE_SIZE

#: The race model, per player count: the chance that a player wins, a logistic of its rows
#: against its closest rival's. Terms: constant, the rival's points still needed minus the
#: player's, the player's lowest row minus the rival's, the rival's rows short of the target
#: minus the player's, the first difference over the points both still need (the same gap
#: counts more near the end), and whether the player moves next. Fitted on the outcomes of
#: self-play games (docs/challenges.md).
RACE_WEIGHTS: dict[int, tuple[float, float, float, float, float, float]] = {
    2: (-0.108, 0.0592, 0.4088, -0.1848, 3.1192, 0.216),
    3: (-0.5138, 0.1863, 0.3116, -0.2196, 2.1851, 0.276),
    4: (-0.8252, 0.1906, 0.4507, -0.2887, 1.832, 0.2949),
}

Counts = tuple[int, int, int, int, int, int]
Rows = tuple[tuple[int, ...], ...]


def race_chance(
    row: tuple[int, ...], rival: tuple[int, ...], target: int, moves_next: bool, players: int
) -> float:
    """The chance that the player with ``row`` wins the race against ``rival`` (see above)."""
    w = RACE_WEIGHTS[players]
    need = 6 * target - sum(row)
    rival_need = 6 * target - sum(rival)
    short = sum(1 for v in row if v < target)
    rival_short = sum(1 for v in rival if v < target)
    z = (
        w[0]
        + w[1] * (rival_need - need)
        + w[2] * (min(row) - min(rival))
        + w[3] * (rival_short - short)
        + w[4] * (rival_need - need) / (need + rival_need + 2)
        + (w[5] if moves_next else 0.0)
    )
    return 1.0 / (1.0 + math.exp(-z))


class TileSearch:
    """The strong Tile Challenge bot's search, valued as the bot's chance of winning.

    * **This turn**, exactly: every draw from the pool's known colour counts, stopping or
      drawing on at each step, a free score when offered.
    * **The next player's turn**, for every way the turn can end: the centre refilled in
      every possible way (with its exact chance), then that player's best reply (free
      score, or draws with the best stopping rule), taken to be the one worst for the bot.
      The colour counts of the pool at the start of the bot's turn give the chances here.
    * **Then** the position is valued by :func:`race_chance`: the bot's rows against its
      closest rival's, and who moves next. A win inside the search is worth 1.

    A turn that earns a bonus keeps the same player to move. Values are memoised, so the
    many endings that lead to the same centre and rows are searched once.
    """

    def __init__(
        self, seat: int, rows: Rows, centre: Counts, pool: Counts, target: int, pending: bool
    ) -> None:
        self.seat = seat
        self.players = len(rows)
        self.rows = rows
        self.centre = centre
        self.pool = pool
        self.target = target
        self.pending = pending
        self.memo: dict[tuple[Any, ...], float] = {}
        self.static_memo: dict[tuple[Rows, int], float] = {}
        self.refill_memo: dict[Counts, list[tuple[Counts, float]]] = {}

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> TileSearch:
        centre = [0] * 6
        for name in view["centre"]:
            centre[COLOURS.index(name)] += 1
        pool = tuple(view["pool_colours"][c] for c in COLOURS)
        return cls(
            view["seat"],
            tuple(tuple(row) for row in view["rows"]),
            counts(centre),
            counts(list(pool)),
            view["target"],
            view["pending_bonus"] > 0,
        )

    # ---- the bot's decision
    def choose(self, moves: list[str], phase: str, drawn: list[str]) -> str:
        if phase == "drawing":
            mask = 0
            for name in drawn:
                mask |= 1 << COLOURS.index(name)
            score = self.score_value(mask)
            if "draw" in moves and self.draw_value(self.pool, mask) > score:
                return "draw"
            return "score"
        best, best_value = moves[0], -1.0
        for move in moves:
            value = self.move_value(move)
            if value > best_value:
                best, best_value = move, value
        return best

    def move_value(self, move: str) -> float:
        """The bot's chance of winning after ``move`` at the start of its turn."""
        if move == "draw":
            return self.draw_value(self.pool, 0)
        colour = COLOURS.index(move[len("free:") :])
        gains = [0] * 6
        gains[colour] = self.centre[colour]
        left = list(self.centre)
        left[colour] = 0
        return self.after_scoring(gains, counts(left))

    # ---- endings of the bot's turn
    def after_scoring(self, gains: list[int], centre: Counts) -> float:
        seat = self.seat
        rows, bonus, won = scored(self.rows, seat, gains, self.target)
        if won:
            return 1.0
        mover = seat if bonus or self.pending else (seat + 1) % self.players
        return self.reply(mover, rows, centre)

    def score_value(self, drawn: int) -> float:
        gains = [0] * 6
        left = list(self.centre)
        for c in range(6):
            if drawn >> c & 1:
                gains[c] = 1 + self.centre[c]
                left[c] = 0
        return self.after_scoring(gains, counts(left))

    def draw_value(self, pool: Counts, drawn: int) -> float:
        """Drawing now with ``drawn`` already in front of the bot, the pool at ``pool``."""
        key = ("draw", pool, drawn)
        if key in self.memo:
            return self.memo[key]
        total = sum(pool)
        seat = self.seat
        value = 0.0
        for c in range(6):
            n = pool[c]
            if not n:
                continue
            rest = list(pool)
            rest[c] -= 1
            after = counts(rest)
            if drawn >> c & 1 or not self.centre[c]:
                # A bust: the drawn tiles join the centre.
                grown = list(self.centre)
                for d in range(6):
                    if drawn >> d & 1:
                        grown[d] += 1
                grown[c] += 1
                mover = seat if self.pending else (seat + 1) % self.players
                value += n * self.reply(mover, self.rows, counts(grown))
                continue
            more = drawn | 1 << c
            best = self.score_value(more)
            if total > 1:
                best = max(best, self.draw_value(after, more))
            value += n * best
        value /= total
        self.memo[key] = value
        return value

    # ---- the next turn: every refill, the mover's best reply, then the race
    def reply(self, mover: int, rows: Rows, centre: Counts) -> float:
        key = ("reply", mover, rows, centre)
        if key in self.memo:
            return self.memo[key]
        value = 0.0
        for refilled, chance in self.refills(centre):
            value += chance * self.decide(mover, rows, refilled)
        self.memo[key] = value
        return value

    def refills(self, centre: Counts) -> list[tuple[Counts, float]]:
        """Every centre the refill to three can give, with its chance (pool counts known)."""
        if centre in self.refill_memo:
            return self.refill_memo[centre]
        found: dict[Counts, float] = {}

        def draw(now: list[int], pool: list[int], chance: float, left: int) -> None:
            total = sum(pool)
            if left <= 0 or total == 0:
                key = counts(now)
                found[key] = found.get(key, 0.0) + chance
                return
            for c in range(6):
                if pool[c]:
                    n = pool[c]
                    now[c] += 1
                    pool[c] -= 1
                    draw(now, pool, chance * n / total, left - 1)
                    now[c] -= 1
                    pool[c] += 1

        draw(list(centre), list(self.pool), 1.0, CENTRE_SIZE - sum(centre))
        out = list(found.items())
        self.refill_memo[centre] = out
        return out

    def decide(self, mover: int, rows: Rows, centre: Counts) -> float:
        """The bot's chance after ``mover`` plays its turn from this centre as well as it can.

        The mover takes the move best for itself: for the bot that is the highest value,
        for a rival the lowest (the race is the bot's against its closest rival).
        """
        key = ("decide", mover, rows, centre)
        if key in self.memo:
            return self.memo[key]
        mine = mover == self.seat
        target, players = self.target, self.players
        row = rows[mover]
        nxt = (mover + 1) % players

        def ending(gains: list[tuple[int, int]]) -> float:
            new = list(row)
            bonus = False
            for c, n in gains:
                take = min(n, target - new[c])
                if take > 0:
                    new[c] += take
                    bonus = bonus or new[c] == target
            if min(new) >= target:
                return 1.0 if mine else 0.0
            after = rows[:mover] + (tuple(new),) + rows[mover + 1 :]
            return self.static(after, mover if bonus else nxt)

        options: list[float] = []
        low = min(row)
        for c in range(6):
            if centre[c] and row[c] == low:
                options.append(ending([(c, centre[c])]))
        pool = self.pool
        total = sum(pool)
        if total:
            # Draws with the best stopping rule, over the subsets of centre colours drawn.
            colours = [c for c in range(6) if centre[c]]
            k = len(colours)
            bust = self.static(rows, nxt)
            not_shown = total - sum(pool[c] for c in colours)
            values: list[float | None] = [None] * (1 << k)
            for mask in sorted(range(1 << k), key=lambda m: -bin(m).count("1")):
                size = bin(mask).count("1")
                left = total - size
                if left <= 0:
                    continue
                busts = not_shown
                acc = 0.0
                for i, c in enumerate(colours):
                    if mask >> i & 1:
                        busts += pool[c] - 1
                    elif pool[c]:
                        more = mask | 1 << i
                        stop = ending(
                            [
                                (colours[j], 1 + centre[colours[j]])
                                for j in range(k)
                                if more >> j & 1
                            ]
                        )
                        on = values[more]
                        if on is not None and left > 1:
                            stop = max(stop, on) if mine else min(stop, on)
                        acc += pool[c] * stop
                values[mask] = (acc + busts * bust) / left
            first = values[0]
            if first is not None:
                options.append(first)
        value = (max(options) if mine else min(options)) if options else self.static(rows, nxt)
        self.memo[key] = value
        return value

    def static(self, rows: Rows, mover: int) -> float:
        """The bot's chance in the race against its closest rival, ``mover`` to play next."""
        key = (rows, mover)
        if key in self.static_memo:
            return self.static_memo[key]
        seat, target = self.seat, self.target
        own = rows[seat]
        rival = min(
            (rows[s] for s in range(self.players) if s != seat),
            key=lambda r: (6 * target - sum(r), -min(r)),
        )
        value = race_chance(own, rival, target, mover == seat, self.players)
        self.static_memo[key] = value
        return value


def counts(values: list[int]) -> Counts:
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def scored(rows: Rows, seat: int, gains: list[int], target: int) -> tuple[Rows, bool, bool]:
    """Rows after ``seat`` scores ``gains``, points above the target lost: (rows, bonus, won)."""
    row = list(rows[seat])
    bonus = False
    for c in range(6):
        take = min(gains[c], target - row[c])
        if take > 0:
            row[c] += take
            bonus = bonus or row[c] == target
    won = min(row) >= target
    return rows[:seat] + (tuple(row),) + rows[seat + 1 :], bonus, won
