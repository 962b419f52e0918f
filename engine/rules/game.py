"""A game of Ingenious: the state, the turn structure and the moves.

A game moves forward only through moves. A move is text:

* a placement ``"q1,r1:colour1 q2,r2:colour2"`` (two adjacent empty cells),
* ``"swap"`` to take the swap offer (in the duel: the exchange), ``"pass"`` to decline it.

An illegal move raises :class:`IllegalMoveError` naming the broken rule and leaves
the game unchanged. Randomness comes from a seed kept in the state, so a game
replays exactly from its seed and its moves.

>>> g = new_game("standard", players=2, seed=7)
>>> g.phase, g.current, len(g.racks[0]), len(g.bag)
('place', 0, 6, 108)
"""

from __future__ import annotations

from typing import Any

from engine.rules.board import Zone, start_tables, symbol_surroundings, zone
from engine.rules.errors import IllegalMoveError, IngeniousError
from engine.rules.names import clean_name
from engine.rules.notation import Placement, parse_placement, placement_text
from engine.rules.record import game_to_save
from engine.rules.rng import Rng
from engine.rules.scoring import EMPTY, placement_points, ray_json, scoring_rays
from engine.rules.source import TileSource
from engine.rules.tiles import COLOURS, RACK_SIZE, Tile, full_tile_set, make_tile
from engine.rules.variants import VARIANTS, Variant
from engine.rules.view import player_view

PLACE, SWAP, OVER = "place", "swap", "over"


class Game:
    """The whole state of one board game, with undo and redo."""

    # Everything a snapshot must copy; the rest is fixed for the life of the game.
    _MUTABLE = (
        "board", "free", "free_pos", "racks", "bag", "scores", "tokens", "current", "phase",
        "pending", "placed_first", "tiles", "instant_winner", "turn", "moves", "log", "swap_reason",
    )  # fmt: skip

    variant: Variant
    players: int
    names: list[str]
    options: dict[str, Any]
    seed: int
    zone: Zone
    rng: Rng
    board: list[int]
    free: list[int]
    free_pos: list[int]
    racks: list[list[Tile]]
    bag: list[Tile]
    scores: list[list[int]]
    tokens: list[int]
    current: int
    phase: str
    pending: int
    placed_first: list[bool]
    tiles: list[tuple[int, int, int, int, int]]
    instant_winner: int | None
    turn: int
    moves: list[str]
    log: list[dict[str, Any]]
    swap_reason: str | None
    #: Where a game begun from another game's position came from
    #: (``engine.formats.save.start_from``), as its save records it; None for a game dealt
    #: from its seed.
    start: dict[str, Any] | None
    #: Where the tiles come from (remote play); None: the seeded bag.
    source: TileSource | None

    # --- construction ------------------------------------------------------------------
    @classmethod
    def blank(
        cls, variant: str, players: int, seed: int, names: list[str] | None,
        options: dict[str, Any] | None,
    ) -> Game:  # fmt: skip
        """An empty board with printed symbols, a full bag and empty racks; no tiles drawn."""
        if variant not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise IngeniousError(f"unknown variant {variant!r}; choose one of {known}")
        rules = VARIANTS[variant]
        if players not in rules.player_counts:
            counts = " or ".join(map(str, rules.player_counts))
            raise IngeniousError(f"the {variant} game is for {counts} players, not {players}")
        options = dict(options or {})
        for key in options:
            if key not in rules.option_names:
                raise IngeniousError(f"unknown option {key!r} for the {variant} game")
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        if len(names) != players:
            raise IngeniousError(f"{players} names are needed, {len(names)} were given")
        g = cls.__new__(cls)
        g.variant = rules
        g.players = players
        g.names = [clean_name(str(n), f"Player {i + 1}") for i, n in enumerate(names)]
        g.options = options
        g.seed = seed
        g.zone = zone(rules.zone_radius(players))
        g.rng = Rng(seed)
        board, free, free_pos = start_tables(g.zone.radius)
        g.board, g.free, g.free_pos = board[:], free[:], free_pos[:]
        g.racks = [[] for _ in range(players)]
        g.bag = full_tile_set()
        sides = rules.sides(players)
        g.scores = [[0] * 6 for _ in range(sides)]
        g.tokens = [-1] * 6
        g.current = 0
        g.phase = PLACE
        g.pending = 1
        g.placed_first = [False] * players
        g.tiles = []
        g.instant_winner = None
        g.turn = 1
        g.moves = []
        g.log = []
        g.swap_reason = None
        g.start = None
        g.source = None
        g._undo = []
        g._redo = []
        return g

    _undo: list[Game]
    _redo: list[Game]

    def copy(self) -> Game:
        """An independent copy without undo history (cheap: a few list copies)."""
        g = Game.__new__(Game)
        g.variant, g.players, g.names = self.variant, self.players, self.names
        g.options, g.seed, g.zone = self.options, self.seed, self.zone
        g.rng = self.rng.copy()
        g.board = self.board[:]
        g.free = self.free[:]
        g.free_pos = self.free_pos[:]
        g.racks = [r[:] for r in self.racks]
        g.bag = self.bag[:]
        g.scores = [s[:] for s in self.scores]
        g.tokens = self.tokens[:]
        g.current, g.phase, g.pending = self.current, self.phase, self.pending
        g.placed_first = self.placed_first[:]
        g.tiles = self.tiles[:]
        g.instant_winner, g.turn, g.swap_reason = self.instant_winner, self.turn, self.swap_reason
        g.moves = self.moves[:]
        g.log = self.log[:]
        g.start = self.start
        g.source = self.source
        g._undo = []
        g._redo = []
        return g

    # --- bag and racks -----------------------------------------------------------------
    def draw(self) -> Tile:
        """Take a random tile out of the bag."""
        i = self.rng.below(len(self.bag))
        bag = self.bag
        tile = bag[i]
        bag[i] = bag[-1]
        bag.pop()
        return tile

    def draw_into(self, seat: int, count: int) -> None:
        rack = self.racks[seat]
        source = self.source
        for _ in range(min(count, len(self.bag))):
            rack.append(self.draw() if source is None else source.draw(self, seat))

    def return_tiles(self, seat: int, tiles: list[Tile]) -> None:
        """Put tiles a player gives back (swap, duel exchange) into the bag."""
        self.bag.extend(tiles)
        if self.source is not None:
            self.source.returned(self, seat, tiles)

    def deal(self) -> None:
        """Fill every rack (solo: draw the first tile)."""
        for seat in range(self.players):
            self.draw_into(seat, RACK_SIZE if self.variant.has_rack else 1)

    # --- public properties ---------------------------------------------------------------
    @property
    def variant_name(self) -> str:
        return self.variant.name

    @property
    def zone_radius(self) -> int:
        return self.zone.radius

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def side_of(self, seat: int) -> int:
        return self.variant.side_of(seat)

    # --- moves -----------------------------------------------------------------------------
    def parse_placement(self, text: str) -> Placement:
        """Read ``"q1,r1:colour q2,r2:colour"`` into zone cells and colour indices."""
        return parse_placement(self.zone, text)

    def placement_text(self, p: Placement) -> str:
        """Canonical text of a placement: cells in reading order (top row first, then left)."""
        return placement_text(self.zone, p)

    def first_placement_cells(self) -> set[int] | None:
        """Cells a first placement may use (next to an untouched printed symbol), or ``None``.

        ``None`` means the rule does not restrict this placement: the player has placed
        before, or no untouched printed symbol is left.
        """
        if self.placed_first[self.current]:
            return None
        board = self.board
        allowed: set[int] = set()
        for around in symbol_surroundings(self.zone.radius):
            if all(board[n] == EMPTY for n in around):
                allowed.update(around)
        return allowed or None

    def free_pairs(self) -> list[tuple[int, int]]:
        """Pairs of adjacent empty cells the current placement may cover."""
        pairs = self.zone.pairs
        allowed = self.first_placement_cells()
        out = [pairs[k] for k in self.free]
        if allowed is not None:
            restricted = [(a, b) for a, b in out if a in allowed or b in allowed]
            if restricted:
                return restricted
        return out

    def placements(self) -> list[Placement]:
        """Every legal placement for the current player (both turns of a two-colour tile)."""
        if self.phase != PLACE:
            return []
        tiles = sorted(set(self.racks[self.current]))
        out: list[Placement] = []
        for a, b in self.free_pairs():
            for x, y in tiles:
                out.append((a, b, x, y))
                if x != y:
                    out.append((a, b, y, x))
        return out

    def legal_moves(self) -> list[str]:
        if self.phase == PLACE:
            return [self.placement_text(p) for p in self.placements()]
        if self.phase == SWAP:
            return ["swap", "pass"]
        return []

    def check_placement(self, p: Placement) -> None:
        """Raise :class:`IllegalMoveError` naming the rule the placement breaks."""
        if self.phase != PLACE:
            raise IllegalMoveError(self._phase_message())
        a, b, ca, cb = p
        zone = self.zone
        if zone.direction(a, b) < 0:
            raise IllegalMoveError("the two cells of a tile must be adjacent")
        for cell in (a, b):
            if self.board[cell] != EMPTY:
                q, r = zone.cells[cell]
                raise IllegalMoveError(f"cell {q},{r} is not empty")
        if make_tile(ca, cb) not in self.racks[self.current]:
            who = self.names[self.current]
            raise IllegalMoveError(
                f"{who} has no {COLOURS[ca]}/{COLOURS[cb]} tile on the rack"
                if self.variant.has_rack
                else f"the drawn tile is not {COLOURS[ca]}/{COLOURS[cb]}"
            )
        allowed = self.first_placement_cells()
        if allowed is not None and a not in allowed and b not in allowed:
            raise IllegalMoveError(
                "first placement: the tile must touch a printed symbol that no tile touches yet"
            )

    def _phase_message(self) -> str:
        if self.phase == OVER:
            return "the game is over"
        if self.phase == SWAP:
            return "decide on the swap first: 'swap' or 'pass'"
        return "a tile must be placed now; a swap is offered only after the placements of a turn"

    def parse(self, move: str) -> Placement | str:
        """Parse and check a move; raise :class:`IllegalMoveError` if it is not legal now."""
        if not isinstance(move, str):
            raise IllegalMoveError(f"a move is text, not {type(move).__name__}")
        text = move.strip()
        if text in ("swap", "pass"):
            if self.phase != SWAP:
                raise IllegalMoveError(
                    "no swap is offered now" if self.phase == PLACE else self._phase_message()
                )
            return text
        p = self.parse_placement(text)
        self.check_placement(p)
        return p

    def apply(self, move: str) -> dict[str, Any]:
        """Play a move (text). Returns what happened (points, bonuses, swap, end)."""
        parsed = self.parse(move)
        before = self._snapshot()
        event = self.play(parsed, record=True)
        self._undo.append(before)
        self._redo.clear()
        return event

    def play(self, move: Placement | str, record: bool = False) -> dict[str, Any]:
        """Play an already checked move. Fast path for search when ``record`` is false."""
        seat = self.current
        event: dict[str, Any] = {"seat": seat, "turn": self.turn}
        if isinstance(move, str):
            if record:
                event["move"] = move
                event["reason"] = self.swap_reason
            if move == "swap":
                returned = self.variant.swap(self, seat)
                if record:  # the rack was shown to the table
                    event["returned"] = [[COLOURS[a], COLOURS[b]] for a, b in returned]
                self._next_turn(refill=False)
            else:
                self._next_turn(refill=True)
        else:
            self._place(move, event, record)
        if record:
            self.moves.append(event["move"])
            self.log.append(event)
        return event

    def _place(self, p: Placement, event: dict[str, Any], record: bool) -> None:
        a, b, ca, cb = p
        seat = self.current
        board = self.board
        self.racks[seat].remove(make_tile(ca, cb))
        points = placement_points(board, self.zone, a, b, ca, cb)
        if record:
            event["move"] = self.placement_text(p)
            event["points"] = {COLOURS[c]: n for c, n in enumerate(points) if n}
            rays = scoring_rays(board, self.zone, a, b, ca, cb)
            event["rays"] = [ray_json(self.zone, ray) for ray in rays]
        board[a] = ca
        board[b] = cb
        self._fill(a)
        self._fill(b)
        self.placed_first[seat] = True
        self.tiles.append((a, b, ca, cb, seat))
        track = self.scores[self.variant.side_of(seat)]
        bonus = self.variant.gain(track, self.tokens, seat, points)
        self.pending += bonus - 1
        if record:
            event["bonus"] = bonus
            event["scores"] = [s[:] for s in self.scores]
        if self.variant.instant_win(self, seat):
            self.instant_winner = seat
            self._end(event, "instant win")
        elif not self.free:
            self._end(event, "no two adjacent empty cells remain")
        elif self.pending > 0 and not self.racks[seat]:
            if record:
                event["lost_bonus"] = self.pending
            self.pending = 0
        if self.phase == PLACE and self.pending == 0:
            reason = (self.variant if self.source is None else self.source).swap_offer(self, seat)
            if reason is None:
                self._next_turn(refill=True)
            else:
                self.phase = SWAP
                self.swap_reason = reason

    def _fill(self, cell: int) -> None:
        free, pos = self.free, self.free_pos
        for k in self.zone.pairs_of[cell]:
            i = pos[k]
            if i >= 0:
                last = free.pop()
                if last != k:
                    free[i] = last
                    pos[last] = i
                pos[k] = -1

    def _next_turn(self, refill: bool) -> None:
        seat = self.current
        if refill:
            full = RACK_SIZE if self.variant.has_rack else 1
            self.draw_into(seat, full - len(self.racks[seat]))
        self.swap_reason = None
        self.current = nxt = (seat + 1) % self.players
        if nxt == 0:
            self.turn += 1
        self.phase = PLACE
        self.pending = 1
        if not self.racks[nxt]:
            self.draw_into(nxt, RACK_SIZE if self.variant.has_rack else 1)
            if not self.racks[nxt]:
                self.phase = OVER  # no tile left to place anywhere

    def _end(self, event: dict[str, Any], why: str) -> None:
        self.phase = OVER
        self.pending = 0
        event["end"] = why

    # --- scoring previews --------------------------------------------------------------------
    def preview(self, move: str) -> dict[str, Any]:
        """What a placement would score, without playing it: raw points, rays, new tracks, bonus."""
        p = self.parse(move)
        if isinstance(p, str):
            raise IllegalMoveError("only a placement can be previewed")
        a, b, ca, cb = p
        points = placement_points(self.board, self.zone, a, b, ca, cb)
        tracks, bonus = self.variant.preview_gain(self, self.current, points)
        return {
            "move": self.placement_text(p),
            "points": {c: points[i] for i, c in enumerate(COLOURS)},
            "rays": [ray_json(self.zone, r) for r in scoring_rays(self.board, self.zone, *p)],
            "scores_after": dict(zip(COLOURS, tracks, strict=True)),
            "bonus": bonus,
        }

    # --- results -------------------------------------------------------------------------------
    def result(self) -> dict[str, Any]:
        if self.phase != OVER:
            raise IngeniousError("the game is not over yet")
        return self.variant.result(self)

    # --- undo / redo ----------------------------------------------------------------------------
    def _snapshot(self) -> Game:
        return self.copy()

    def _restore(self, snap: Game) -> None:
        # ``snap`` has just left an undo/redo stack, so its lists can be taken over as they are.
        for name in self._MUTABLE:
            setattr(self, name, getattr(snap, name))
        self.rng = snap.rng

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        if not self._undo:
            raise IllegalMoveError("nothing to undo")
        self._redo.append(self._snapshot())
        self._restore(self._undo.pop())

    def redo(self) -> None:
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        self._undo.append(self._snapshot())
        self._restore(self._redo.pop())

    # --- saves and views (see engine.rules.record and engine.rules.view) -----------------
    def to_save(self) -> dict[str, Any]:
        return game_to_save(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return player_view(self, seat)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        same_rules = (self.variant.name, self.players, self.names, self.options, self.seed) == (
            other.variant.name, other.players, other.names, other.options, other.seed,
        )  # fmt: skip
        return (
            same_rules
            and self.rng.state == other.rng.state
            and all(getattr(self, n) == getattr(other, n) for n in self._MUTABLE)
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game {self.variant.name} players={self.players} seed={self.seed} "
            f"moves={len(self.moves)} phase={self.phase}>"
        )


def new_game(
    variant: str = "standard",
    players: int = 2,
    seed: int = 0,
    names: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> Game:
    """A new game with racks dealt, ready for the first move of seat 0."""
    g = Game.blank(variant, players, seed, names, options)
    g.deal()
    return g
