"""The four board games: standard (2-4 players), solo, team and duel.

A variant is a small class: a few attributes and the rules that differ (how points
move the score tracks, when a bonus is earned, the swap offer, the instant win and
the final result). Everything else lives in ``engine.rules.game``.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, ClassVar, Protocol

from engine.rules.ranking import explain_pair, places, ranking_key
from engine.rules.tiles import COLOURS, RACK_SIZE, Tile


class Table(Protocol):
    """What a variant reads and changes of a game (:class:`engine.rules.game.Game` is one)."""

    players: int
    names: list[str]
    racks: list[list[Tile]]
    bag: list[Tile]
    scores: list[list[int]]
    tokens: list[int]
    instant_winner: int | None

    def draw_into(self, seat: int, count: int) -> None: ...

    def return_tiles(self, seat: int, tiles: list[Tile]) -> None: ...


STOP = 18  # the end of a single track, and the stop on a double track
DOUBLE_END = 36
DUEL_END = 9


class Variant:
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    player_counts: ClassVar[tuple[int, ...]] = ()
    has_rack: ClassVar[bool] = True
    option_names: ClassVar[tuple[str, ...]] = ()
    #: Highest value a score track can hold (lowest is 0, or -9 in the duel).
    track_max: ClassVar[int] = STOP
    track_min: ClassVar[int] = 0

    def zone_radius(self, players: int) -> int:
        return {1: 5, 2: 5, 3: 6, 4: 7}[players]

    def sides(self, players: int) -> int:
        """How many score boards (one per player, per team, or one shared)."""
        return players

    def side_of(self, seat: int) -> int:
        return seat

    def side_name(self, game: Table, side: int) -> str:
        return game.names[side]

    # --- scoring -------------------------------------------------------------------
    def gain(self, track: list[int], tokens: list[int], seat: int, points: list[int]) -> int:
        """Move the seat's ``track`` by ``points`` (raw, per colour); return the bonus placements.

        ``track`` is ``game.scores[side_of(seat)]``, changed in place; only the duel uses
        ``tokens``.
        """
        bonus = 0
        for colour in range(6):
            if points[colour]:
                before = track[colour]
                track[colour] = after = min(STOP, before + points[colour])
                if before < STOP <= after:
                    bonus += 1
        return bonus

    def preview_gain(self, game: Table, seat: int, points: list[int]) -> tuple[list[int], int]:
        """What ``gain`` would do, without changing the game: (new track values, bonus)."""
        track = game.scores[self.side_of(seat)][:]
        bonus = self.gain(track, game.tokens[:], seat, points)
        return track, bonus

    # --- swap ------------------------------------------------------------------------
    def swap_offer(self, game: Table, seat: int) -> str | None:
        """Why the player may swap now, or ``None`` if the rule does not allow it."""
        rack = game.racks[seat]
        if not rack or len(game.bag) < RACK_SIZE:
            return None
        track = game.scores[self.side_of(seat)]
        low = min(track)
        for a, b in rack:
            if track[a] == low or track[b] == low:
                return None
        lowest = [c for c in range(6) if track[c] == low]
        names = " and ".join(COLOURS[c] for c in sorted(lowest))
        return f"no tile on the rack shows the lowest colour ({names})"

    def swap(self, game: Table, seat: int) -> list[Tile]:
        """Show the rack, draw six new tiles, then return the old ones to the bag.
        Returns the tiles shown and returned."""
        old = game.racks[seat]
        game.racks[seat] = []
        game.draw_into(seat, RACK_SIZE)
        game.return_tiles(seat, old)
        return old

    # --- end -------------------------------------------------------------------------
    def instant_win(self, game: Table, seat: int) -> bool:
        return min(game.scores[self.side_of(seat)]) >= STOP

    def result(self, game: Table) -> dict[str, Any]:
        """Final standings: sorted counts compared from the lowest colour up."""
        sides = self.sides(game.players)
        names = [self.side_name(game, s) for s in range(sides)]
        keys = [ranking_key(game.scores[s]) for s in range(sides)]
        winner = None if game.instant_winner is None else self.side_of(game.instant_winner)
        place = places(keys, winner)
        order = sorted(range(sides), key=lambda s: (place[s], s))
        standings = [
            {
                "side": s,
                "name": names[s],
                "place": place[s],
                "scores": dict(zip(COLOURS, game.scores[s], strict=True)),
                "lowest": keys[s][0],
                "sorted": list(keys[s]),
            }
            for s in order
        ]
        reasons = []
        if winner is not None:
            # The winner stands apart; the others are ranked among themselves.
            reasons.append(f"{names[order[0]]} filled every track and wins at once.")
            order_rest = order[1:]
        else:
            order_rest = order
        for above, below in pairwise(order_rest):
            reasons.append(explain_pair(names[above], keys[above], names[below], keys[below]))
        return {"standings": standings, "explanation": reasons, "instant": game.instant_winner}


class Standard(Variant):
    name = "standard"
    title = "Standard game"
    player_counts = (2, 3, 4)


class Solo(Variant):
    name = "solo"
    title = "Solo"
    player_counts = (1,)
    has_rack = False
    track_max = DOUBLE_END

    def gain(self, track: list[int], tokens: list[int], seat: int, points: list[int]) -> int:
        for colour in range(6):
            if points[colour]:
                before = track[colour]
                end = STOP if before < STOP else DOUBLE_END
                track[colour] = min(end, before + points[colour])
        return 0

    def swap_offer(self, game: Table, seat: int) -> str | None:
        return None

    def instant_win(self, game: Table, seat: int) -> bool:
        return False

    def result(self, game: Table) -> dict[str, Any]:
        track = game.scores[0]
        return {
            "standings": [
                {
                    "side": 0,
                    "name": game.names[0],
                    "place": 1,
                    "scores": dict(zip(COLOURS, track, strict=True)),
                    "lowest": min(track),
                    "sorted": sorted(track),
                }
            ],
            "explanation": [f"The result of a solo game is its lowest colour: {min(track)}."],
            "instant": None,
            "solo_result": min(track),
        }


class Team(Variant):
    name = "team"
    title = "Team game"
    player_counts = (4,)
    option_names = ("open",)
    track_max = DOUBLE_END

    def sides(self, players: int) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat % 2

    def side_name(self, game: Table, side: int) -> str:
        members = " & ".join(game.names[s] for s in range(game.players) if s % 2 == side)
        return f"Team {'AB'[side]} ({members})"

    def gain(self, track: list[int], tokens: list[int], seat: int, points: list[int]) -> int:
        bonus = 0
        for colour in range(6):
            if points[colour]:
                before = track[colour]
                end = STOP if before < STOP else DOUBLE_END
                track[colour] = after = min(end, before + points[colour])
                if after == end > before:
                    bonus += 1
        return bonus

    def instant_win(self, game: Table, seat: int) -> bool:
        return min(game.scores[seat % 2]) >= DOUBLE_END


class Duel(Variant):
    """One shared tug-of-war track per colour: positive values lie on seat 0's side."""

    name = "duel"
    title = "Duel"
    player_counts = (2,)
    track_max = DUEL_END
    track_min = -DUEL_END

    def sides(self, players: int) -> int:
        return 1

    def side_of(self, seat: int) -> int:
        return 0

    def gain(self, track: list[int], tokens: list[int], seat: int, points: list[int]) -> int:
        sign = 1 if seat == 0 else -1
        bonus = 0
        for colour in range(6):
            if points[colour]:
                before = track[colour] * sign
                after = min(DUEL_END, before + points[colour])
                track[colour] = after * sign
                if before < DUEL_END == after and tokens[colour] != seat:
                    tokens[colour] = seat
                    bonus += 1
        return bonus

    def own_nines(self, game: Table, seat: int) -> list[int]:
        sign = 1 if seat == 0 else -1
        return [c for c in range(6) if game.scores[0][c] * sign == DUEL_END]

    def swap_offer(self, game: Table, seat: int) -> str | None:
        nines = set(self.own_nines(game, seat))
        if not nines or not any(a in nines or b in nines for a, b in game.racks[seat]):
            return None
        names = " and ".join(COLOURS[c] for c in sorted(nines))
        return f"{names} stand(s) on your 9: you may exchange every tile showing it"

    def swap(self, game: Table, seat: int) -> list[Tile]:
        """Return every rack tile showing a colour on your 9, refill, then bag the old tiles.
        Returns the tiles returned."""
        nines = set(self.own_nines(game, seat))
        rack = game.racks[seat]
        returned = [t for t in rack if t[0] in nines or t[1] in nines]
        game.racks[seat] = [t for t in rack if not (t[0] in nines or t[1] in nines)]
        game.draw_into(seat, RACK_SIZE - len(game.racks[seat]))
        game.return_tiles(seat, returned)
        return returned

    def instant_win(self, game: Table, seat: int) -> bool:
        sign = 1 if seat == 0 else -1
        return all(v * sign > 0 for v in game.scores[0])

    def result(self, game: Table) -> dict[str, Any]:
        track = game.scores[0]
        sides = [
            sorted(v for v in track if v > 0),
            sorted(-v for v in track if v < 0),
        ]
        counts = [len(sides[0]), len(sides[1])]
        if game.instant_winner is not None:
            winner: int | None = game.instant_winner
            reason = (
                f"{game.names[game.instant_winner]} pulled all six colours over and wins at once."
            )
        elif counts[0] != counts[1]:
            winner = 0 if counts[0] > counts[1] else 1
            reason = (
                f"{game.names[winner]} has {counts[winner]} colours on their side against "
                f"{counts[1 - winner]}."
            )
        else:
            a, b = tuple(sides[0]), tuple(sides[1])
            if a == b:
                winner = None
                reason = "Same number of colours and the same distances: a draw."
            else:
                winner = 0 if a > b else 1
                reason = f"Both have {counts[0]} colours on their side; " + explain_pair(
                    game.names[winner], sides[winner], game.names[1 - winner], sides[1 - winner]
                )
        standings = [
            {
                "side": s,
                "name": game.names[s],
                "place": 1 if winner is None or winner == s else 2,
                "colours_on_side": counts[s],
                "sorted": sides[s],
            }
            for s in ((0, 1) if winner != 1 else (1, 0))
        ]
        return {
            "standings": standings,
            "explanation": [reason],
            "instant": game.instant_winner,
            "winner": winner,
            "track": dict(zip(COLOURS, track, strict=True)),
            "tokens": [None if t < 0 else t for t in game.tokens],
        }


VARIANTS: dict[str, Variant] = {v.name: v for v in (Standard(), Solo(), Team(), Duel())}


def table_of(variant: str, players: int, open_play: bool = False) -> str:
    """The table a game is played at, as the figures name it: ``2p``, ``3p``, ``4p`` (the
    standard game), ``team``, ``team-open`` (the team game in open play), ``duel`` or
    ``solo``. The start form marks the bot levels' figures of its table by this name
    (``engine.bots.levels``), and ``tools/level_figures.py`` checks that a kept run was
    played at the table its file names.

    >>> table_of("standard", 3), table_of("team", 4, open_play=True), table_of("duel", 2)
    ('3p', 'team-open', 'duel')
    """
    if variant == "standard":
        return f"{players}p"
    if variant == "team" and open_play:
        return "team-open"
    return variant
