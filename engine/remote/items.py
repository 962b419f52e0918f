"""The items of a remote game's messages, each checked against the state and applied:
the invitation and the joins, the shuffles, shares, deck positions, locks, merges, the
turn (checked and played with the engine), the keys shown at the end.
"""

from __future__ import annotations

from typing import Any

from engine.remote.cards import card_points, card_tiles, commitment
from engine.remote.curve import is_x, lift_x
from engine.remote.state import (
    DECISIONS,
    MAX_NAME_BYTES,
    NO_OFFER,
    SWAP,
    VARIANT_OF_CODE,
    Draw,
    Epoch,
    Remix,
    State,
)
from engine.remote.wire import MessageError, Reader
from engine.rules.game import Game
from engine.rules.names import clean_name
from engine.rules.tiles import HIDDEN, TILE_COUNT, Tile, make_tile
from engine.rules.variants import VARIANTS


class TableSource:
    """The engine game's tile source: draws become deck positions, returns remixes."""

    def __init__(self, table: Items) -> None:
        self.table = table

    def draw(self, game: Game, seat: int) -> Tile:
        self.table._record_draw(seat)
        game.bag.pop()
        return HIDDEN

    def returned(self, game: Game, seat: int, tiles: list[Tile]) -> None:
        self.table._record_return(seat, tiles)

    def swap_offer(self, game: Game, seat: int) -> str | None:
        return self.table._swap_offer(game, seat)


#: Values already found to be points of the curve: a device checks the values of the
#: message it makes when it makes it and again when it opens it.
_CHECKED: set[int] = set()


class Items(State):
    """The item handlers (see the module docstring)."""

    # --- items ----------------------------------------------------------------------------------
    def _name(self, r: Reader, seat: int) -> str:
        raw = r.take(r.byte())
        if len(raw) > MAX_NAME_BYTES:
            raise MessageError("broken", "the name is too long")
        return clean_name(raw.decode("utf-8", "replace"), f"Player {seat + 1}")

    def _invite(self, seat: int, r: Reader) -> None:
        if self.seq != 0 or self.keys or seat != 0:
            raise MessageError("broken", "an invitation can only open a game")
        code, players, flags = r.byte(), r.byte(), r.byte()
        variant = VARIANT_OF_CODE.get(code)
        if variant is None:
            raise MessageError("broken", f"unknown variant {code}")
        if players not in VARIANTS[variant].player_counts:
            raise MessageError("broken", f"the {variant} game is not for {players} players")
        if flags:
            raise MessageError("broken", "unknown options")
        self.variant, self.players = variant, players
        self.names = [self._name(r, s) for s in range(players)]
        self.keys.append(self._key(r))
        self.commits.append(r.take(32))

    def _key(self, r: Reader) -> bytes:
        key = r.take(32)
        if lift_x(int.from_bytes(key, "big")) is None:
            raise MessageError("broken", "the public key is not a point of the curve")
        return key

    def _join(self, seat: int, r: Reader) -> None:
        if self.joined >= self.players or seat != self.joined or self._pass_due(seat - 1):
            raise MessageError("broken", f"seat {seat + 1} cannot join now")
        name = r.take(r.byte())
        if len(name) > MAX_NAME_BYTES:
            raise MessageError("broken", "the name is too long")
        if name:
            self.names[seat] = clean_name(name.decode("utf-8", "replace"), self.names[seat])
        key = self._key(r)
        if key in self.keys:
            raise MessageError("broken", "this key already holds another seat")
        self.keys.append(key)
        self.commits.append(r.take(32))
        if self.joined == self.players:
            self._start()

    def _start(self) -> None:
        """Every seat has joined: the deck of epoch 0 is the last public pass, the last seat
        holds its private order; the engine game begins and deals."""
        n = self.players
        layers: dict[int, list[tuple[Any, ...]]] = {s: [("pass",)] for s in range(n - 1)}
        self.epochs.append(Epoch(0, TILE_COUNT, n - 1, layers, pub=self.passes[-1]))
        game = Game.blank(self.variant, n, 0, self.names, self.options)
        game.source = TableSource(self)
        self.game = game
        game.deal()

    def _points(self, r: Reader, count: int, what: str) -> list[int]:
        out = []
        for _ in range(count):
            x = int.from_bytes(r.take(32), "big")
            if x not in _CHECKED:
                if not is_x(x):
                    raise MessageError("broken", f"{what}: a value is not a point of the curve")
                if len(_CHECKED) > 8192:
                    _CHECKED.clear()
                _CHECKED.add(x)
            out.append(x)
        return out

    def _pass(self, seat: int, r: Reader) -> None:
        if not self._pass_due(seat):
            raise MessageError("broken", f"seat {seat + 1} owes no shuffle now")
        count = r.uint(2)
        if count != TILE_COUNT:
            raise MessageError("broken", f"the shuffle has {count} tiles, not {TILE_COUNT}")
        entries = self._points(r, count, "the shuffle")
        before = set(self.passes[-1]) if self.passes else set(card_points())
        if len(set(entries)) != count:
            raise MessageError("broken", "the shuffle holds a tile twice")
        if before & set(entries):
            raise MessageError("broken", "the shuffle leaves tiles unlocked")
        self.passes.append(entries)
        self.pass_seqs.append(self.seq)

    def _strips(self, seat: int, r: Reader) -> None:
        due = self.owed(seat)["strips"]
        count = r.uint(2)
        if count != len(due) or not due:
            raise MessageError("broken", f"{count} shares given, {len(due)} due")
        for index, value in zip(due, self._points(r, count, "a share"), strict=True):
            d = self.draws[index]
            if value == d.value:
                raise MessageError("broken", "a share leaves its lock on")
            d.strips.append((seat, value))
            d.strip_seqs.append(self.seq)

    def _bases(self, seat: int, r: Reader) -> None:
        due = self.owed(seat)["bases"]
        count = r.uint(2)
        if count != len(due) or not due:
            raise MessageError("broken", f"{count} deck positions given, {len(due)} due")
        for index in due:
            d = self.draws[index]
            e = self.epochs[d.epoch]
            assert e.pub is not None
            if d.seat == seat:
                (value,) = self._points(r, 1, "a dealt value")
                if value in e.ahead.values():
                    raise MessageError("broken", "the same value is dealt twice")
                e.ahead[d.position] = value
                e.ahead_seq[d.position] = self.seq
                self._set_base(d, "v", value)
            else:
                u = r.byte()
                if u >= len(e.pub) or u in e.used:
                    raise MessageError("broken", "a deck position is given twice or is outside")
                e.used.add(u)
                d.u = u
                self._set_base(d, "u", e.pub[u])

    def _set_base(self, d: Draw, kind: str, value: int, seq: int | None = None) -> None:
        d.kind, d.base, d.base_seq = kind, value, self.seq if seq is None else seq
        d.needed = sorted(s for s in self.layers_of(d.epoch, kind) if s != d.seat)

    def _window(self, seat: int, r: Reader) -> None:
        e = self.epochs[-1]
        if e.holder != seat or e.pub is None or e.closed:
            raise MessageError("broken", "no values can be dealt ahead now")
        count = r.byte()
        start = e.consumed
        while start in e.ahead:
            start += 1
        if not count or start + count > e.size:
            raise MessageError("broken", "values dealt ahead past the end of the deck")
        for k, value in enumerate(self._points(r, count, "a dealt value")):
            if value in e.ahead.values():
                raise MessageError("broken", "the same value is dealt twice")
            e.ahead[start + k] = value
            e.ahead_seq[start + k] = self.seq

    def _parts(self, seat: int, r: Reader) -> None:
        due = self.owed(seat)["parts"]
        count = r.byte()
        if count != len(due) or not due:
            raise MessageError("broken", f"locks for {count} returns given, {len(due)} due")
        for index in due:
            remix = self.remixes[index]
            remix.parts.append((seat, self._points(r, len(remix.cards), "a lock")))
            remix.part_seqs.append(self.seq)

    def _merge(self, seat: int, r: Reader) -> None:
        due = self.owed(seat)["merge"]
        if not due:
            raise MessageError("broken", f"seat {seat + 1} has no bag to remix now")
        remix = self.remixes[due[0]]
        target = self.epochs[remix.target]
        count = r.uint(2)
        if count != target.size:
            raise MessageError("broken", f"the remixed bag has {count} tiles, not {target.size}")
        entries = self._points(r, count, "the remixed bag")
        if len(set(entries)) != count:
            raise MessageError("broken", "the remixed bag holds a tile twice")
        target.pub = entries
        remix.merged = True
        remix.merge_seq = self.seq
        for d in self.draws:  # draws taken while the bag was being remixed
            if d.epoch == target.index and d.position in target.ahead:
                self._set_base(d, "v", target.ahead[d.position], target.ahead_seq[d.position])

    def _reveal(self, seat: int, r: Reader) -> None:
        if not self.over or seat in self.reveals:
            raise MessageError("broken", "no keys can be shown now")
        master = r.take(32)
        if commitment(master, self.game_id, seat) != self.commits[seat]:
            raise MessageError("broken", "the keys shown are not the ones this seat promised")
        self.reveals[seat] = master

    # --- the turn ---------------------------------------------------------------------------------
    def _turn(self, seat: int, r: Reader) -> None:
        if not self.turn_due(seat):
            raise MessageError("broken", f"it is not seat {seat + 1}'s turn to play now")
        g = self.game
        assert g is not None
        count = r.byte()
        placements = [(r.byte(), r.byte(), r.byte(), r.byte()) for _ in range(count)]
        decision = r.byte()
        if decision not in DECISIONS:
            raise MessageError("broken", f"unknown swap decision {decision}")
        returned = [r.byte() for _ in range(r.byte())] if decision == SWAP else []
        if any(c >= TILE_COUNT for c in returned) or len(set(returned)) != len(returned):
            raise MessageError("broken", "the returned tiles are not tiles of the game")
        self._claim = (decision, returned)
        moves = []
        for a, b, card, flip in placements:
            if g.current != seat or g.phase != "place":
                raise MessageError("broken", "more placements than the turn allows")
            moves.append(self._place(seat, a, b, card, flip))
        if not g.over and g.current == seat and g.phase == "place":
            raise MessageError("broken", "the turn stops before its placements are done")
        if decision != NO_OFFER:
            if g.phase != "swap" or g.current != seat:
                raise MessageError("broken", "a swap decision where no swap is offered")
            self._returning = returned
            g.apply(DECISIONS[decision] or "pass")
            self._returning = None
        elif g.phase == "swap" and g.current == seat:
            raise MessageError("broken", "the swap offer is left unanswered")
        self.turns.append(
            {
                "seq": self.seq,
                "seat": seat,
                "placements": placements,
                "decision": decision,
                "returned": returned,
                "moves": moves,
            }
        )
        self._claim = (NO_OFFER, [])

    def _place(self, seat: int, a: int, b: int, card: int, flip: int) -> str:
        g = self.game
        assert g is not None
        size = g.zone.size
        if a >= size or b >= size or card >= TILE_COUNT or flip > 1:
            raise MessageError("broken", "a placement outside the board or of no tile")
        if card in self.placed:
            raise MessageError("broken", "a tile already on the board is placed again")
        x, y = card_tiles()[card]
        ca, cb = (y, x) if flip else (x, y)
        rack = g.racks[seat]
        if seat not in self.visible:
            if HIDDEN not in rack:
                raise MessageError("broken", f"seat {seat + 1} has no tile left to place")
            rack[rack.index(HIDDEN)] = make_tile(x, y)
        move = g.placement_text((a, b, ca, cb))
        g.apply(move)
        self.placed.add(card)
        return move

    def _swap_offer(self, game: Game, seat: int) -> str | None:
        if seat in self.visible:
            return game.variant.swap_offer(game, seat)
        decision, returned = self._claim
        if decision == NO_OFFER:
            return None
        rack = game.racks[seat]
        if decision == SWAP:
            for card in returned:
                if HIDDEN not in rack:
                    raise MessageError("broken", "more tiles returned than the rack holds")
                rack[rack.index(HIDDEN)] = card_tiles()[card]
            reason = game.variant.swap_offer(game, seat)
            if reason is None:
                raise MessageError("broken", "a swap the rules do not offer for the rack shown")
            return reason
        # A declined offer: the rack stays hidden; the offer must be possible for some rack.
        shown = rack[:]
        try:
            for colour in range(6):
                game.racks[seat] = [(colour, colour)] * len(shown)
                reason = game.variant.swap_offer(game, seat)
                if reason is not None:
                    return reason
        finally:
            game.racks[seat] = shown
        raise MessageError("broken", "a swap offer declined where the rules can offer none")

    # --- draws and returns (from the engine) ----------------------------------------------
    def _record_draw(self, seat: int) -> None:
        e = self.epochs[-1]
        if e.consumed >= e.size:
            raise MessageError("broken", "a tile drawn from an empty deck")
        d = Draw(len(self.draws), e.index, e.consumed, seat)
        e.consumed += 1
        self.draws.append(d)
        if e.pub is not None and d.position in e.ahead:
            self._set_base(d, "v", e.ahead[d.position], e.ahead_seq[d.position])

    def _record_return(self, seat: int, tiles: list[Tile]) -> None:
        cards = self._returning
        if cards is None or sorted(tiles) != sorted(card_tiles()[c] for c in cards):
            raise MessageError("broken", "the tiles returned are not the ones the message names")
        e = self.epochs[-1]
        e.closed = True
        merger = e.holder
        n = self.players
        holder = 1 - merger if n == 2 else (merger + 1) % n
        layers = {s: k[:] for s, k in e.layers.items()}
        index = len(self.remixes)
        layers.setdefault(merger, []).append(("merge", index))
        size = e.size - e.consumed + len(cards)
        owners = [s for s in ((seat + k) % n for k in range(n)) if e.layers.get(s) and s != merger]
        self.remixes.append(Remix(index, e.index, seat, cards[:], owners, merger, len(self.epochs)))
        self.epochs.append(Epoch(len(self.epochs), size, holder, layers))
