"""The Tile Challenge.

Phase ``"turn"`` (start of a turn, the centre refilled to three): ``"draw"``
takes a random tile from the pool, ``"free:red"`` takes a free score in red (a
lowest row shown in the centre).  Phase ``"drawing"`` (the last draw matched the
centre and repeated nothing): ``"draw"`` again or ``"score"``.

A draw that repeats a symbol drawn this turn, or matches no centre tile, ends
the turn at once (a bust): the drawn tiles join the centre.

The rulebook does not say what happens when the pool runs dry.  Our ruling: a
player who can neither draw nor take a free score passes; when every player in
turn has had to pass, the game ends and the lowest rows decide (as in the match
tally).
"""

from __future__ import annotations

from typing import Any

from engine.challenges.common import (
    COLOURS,
    BaseState,
    Challenge,
    colour_index,
    lowest_colours,
)
from engine.rules.errors import IllegalMoveError

TILES_PER_COLOUR = 21
TOTAL_TILES = TILES_PER_COLOUR * 6
CENTRE_SIZE = 3


def target_for(players: int) -> int:
    """The row value to reach: 7 with two or three players, 5 with four."""
    return 5 if players == 4 else 7


class TileState(BaseState):
    __slots__ = ("pool", "centre", "front", "box", "passes")

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(players, seed)
        # The pool is face down and drawn at random, so only its counts matter.
        self.pool: list[int] = [TILES_PER_COLOUR] * 6
        self.centre: list[int] = []
        self.front: list[int] = []  # tiles drawn this turn, in order
        self.box: list[int] = [0] * 6  # scored tiles, out of the game
        self.passes = 0

    def clone(self) -> TileState:
        twin = TileState.__new__(TileState)
        self.copy_base_into(twin)
        twin.pool = list(self.pool)
        twin.centre = list(self.centre)
        twin.front = list(self.front)
        twin.box = list(self.box)
        twin.passes = self.passes
        return twin


def draw_tile(state: TileState) -> int:
    """A uniformly random tile of the pool (which must not be empty)."""
    pick = state.rng.below(sum(state.pool))
    for colour, count in enumerate(state.pool):
        if pick < count:
            state.pool[colour] -= 1
            return colour
        pick -= count
    raise AssertionError("pool counts are inconsistent")


def free_score_colours(state: TileState, seat: int) -> list[int]:
    """Lowest rows of ``seat`` that the centre shows."""
    return [c for c in lowest_colours(state.rows[seat]) if c in state.centre]


class TileChallenge(Challenge[TileState]):
    variant = "tiles"

    @property
    def target(self) -> int:
        return target_for(self.players)

    def setup(self) -> TileState:
        state = TileState(self.players, self.seed)
        self.refill_centre(state)
        state.events = []
        self.start_turn(state)
        return state

    def clone_state(self, state: TileState) -> TileState:
        return state.clone()

    def refill_centre(self, state: TileState) -> None:
        while len(state.centre) < CENTRE_SIZE and sum(state.pool) > 0:
            state.centre.append(draw_tile(state))

    def can_act(self, state: TileState, seat: int) -> bool:
        pool_size: int = sum(state.pool)
        return pool_size > 0 or bool(free_score_colours(state, seat))

    def start_turn(self, state: TileState) -> None:
        """Refill the centre; a player who can do nothing passes (see module doc)."""
        state.phase = "turn"
        state.front = []
        while True:
            self.refill_centre(state)
            if self.can_act(state, state.current):
                state.passes = 0
                return
            state.passes += 1
            state.pending_bonus = 0
            state.events.append(f"{self.names[state.current]} cannot draw or score and passes")
            if state.passes >= self.players:
                state.phase = "over"
                state.ended_by = "pool empty"
                state.events.append("nobody can draw or score: the game ends")
                return
            state.current = (state.current + 1) % self.players

    def next_turn(self, state: TileState) -> None:
        if state.pending_bonus:
            state.pending_bonus -= 1
        else:
            state.current = (state.current + 1) % self.players
        self.start_turn(state)

    # ---- moves
    def moves_in(self, state: TileState) -> list[str]:
        moves: list[str] = []
        if sum(state.pool):
            moves.append("draw")
        if state.phase == "turn":
            moves += [f"free:{COLOURS[c]}" for c in free_score_colours(state, state.current)]
        else:
            moves.append("score")
        return moves

    def play(self, state: TileState, move: str) -> None:
        if move == "draw":
            self.draw(state)
        elif move == "score":
            if state.phase != "drawing":
                raise IllegalMoveError(
                    "you may score only after drawing a tile that matches the centre"
                )
            self.score(state)
        elif move.startswith("free:"):
            self.free_score(state, move[len("free:") :])
        else:
            raise IllegalMoveError(
                f"unknown move {move!r}; moves are 'draw', 'score' and 'free:<colour>'"
            )

    def draw(self, state: TileState) -> None:
        if not sum(state.pool):
            raise IllegalMoveError("the pool is empty; nothing left to draw")
        name = self.names[state.current]
        tile = draw_tile(state)
        colour = COLOURS[tile]
        if tile in state.front:
            state.events.append(f"{name} drew {colour} again: the turn ends")
            self.bust(state, tile)
        elif tile not in state.centre:
            state.events.append(f"{name} drew {colour}, which no centre tile shows: the turn ends")
            self.bust(state, tile)
        else:
            state.front.append(tile)
            state.phase = "drawing"
            state.events.append(f"{name} drew {colour}")

    def bust(self, state: TileState, tile: int) -> None:
        state.centre.extend(state.front)
        state.centre.append(tile)
        state.front = []
        self.next_turn(state)

    def free_score(self, state: TileState, colour_text: str) -> None:
        if state.phase != "turn":
            raise IllegalMoveError(
                "a free score replaces drawing; you have already drawn this turn"
            )
        colour = colour_index(colour_text)
        seat = state.current
        if colour not in lowest_colours(state.rows[seat]):
            raise IllegalMoveError(
                f"a free score must be in one of your lowest rows, not {colour_text}"
            )
        if colour not in state.centre:
            raise IllegalMoveError(f"no centre tile shows {colour_text}")
        state.front = [t for t in state.centre if t == colour]
        state.centre = [t for t in state.centre if t != colour]
        state.events.append(f"{self.names[seat]} took a free score in {colour_text}")
        self.collect(state, seat)

    def score(self, state: TileState) -> None:
        seat = state.current
        drawn = set(state.front)
        state.front += [t for t in state.centre if t in drawn]
        state.centre = [t for t in state.centre if t not in drawn]
        self.collect(state, seat)

    def collect(self, state: TileState, seat: int) -> None:
        """One point per tile in front; a point above the target sends its tile back to the pool."""
        row = state.rows[seat]
        target = self.target
        gained = [0] * 6
        returned = [0] * 6
        reached: list[int] = []
        for tile in state.front:
            if row[tile] < target:
                row[tile] += 1
                gained[tile] += 1
                state.box[tile] += 1
                if row[tile] == target:
                    reached.append(tile)
            else:
                state.pool[tile] += 1
                returned[tile] += 1
        state.front = []
        name = self.names[seat]
        for colour in range(6):
            if gained[colour] or returned[colour]:
                text = f"{name} scored {gained[colour]} {COLOURS[colour]}"
                if returned[colour]:
                    text += f" ({returned[colour]} above the target, back to the pool)"
                state.events.append(text)
        if min(row) >= target:
            state.winner = seat
            state.phase = "over"
            state.ended_by = "goal"
            state.events.append(f"{name} has every row at {target} and wins")
            return
        for colour in reached:
            state.pending_bonus += 1
            state.events.append(f"{name}: Ingenious! in {COLOURS[colour]} (bonus turn)")
        self.next_turn(state)

    # ---- view
    def view_extra(self, state: TileState, seat: int) -> dict[str, Any]:
        return {
            "target": self.target,
            "centre": [COLOURS[t] for t in state.centre],
            "drawn": [COLOURS[t] for t in state.front],
            "pool_size": sum(state.pool),
            # Every tile's colour is seen before it goes (back) into the pool, so the
            # pool's make-up is public knowledge; only the draw order is hidden.
            "pool_colours": {COLOURS[c]: state.pool[c] for c in range(6)},
            "box": {COLOURS[c]: state.box[c] for c in range(6)},
        }

    # ---- for tests
    def tile_counts(self) -> list[int]:
        """Tiles of each colour across pool, centre, front and box (always 21)."""
        state = self._state
        return [
            state.pool[c] + state.centre.count(c) + state.front.count(c) + state.box[c]
            for c in range(6)
        ]
