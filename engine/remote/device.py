"""One device's side of a remote game: its seat's secrets, its tiles, the messages it makes.

A :class:`Device` holds the game's chain of messages, the public :class:`~.table.Table`
replayed from it, and (once it has joined) its seat's master secret, signing key and
the cards it has unlocked. It opens messages (:meth:`Device.receive`), and makes the
message it owes when the game waits on it (:meth:`Device.compose`): every share,
deck position, lock and merge its seat owes, its turn when it is its turn, its keys once
the game is over. It is kept as JSON (:meth:`Device.to_json`, :func:`from_json`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from engine.remote import schnorr
from engine.remote.cards import (
    card_of_point,
    card_points,
    card_tiles,
    commitment,
    lock,
    permutation,
    scalar,
)
from engine.remote.curve import N
from engine.remote.state import (
    BASES,
    DECLINE,
    INVITE,
    JOIN,
    MERGE,
    NO_OFFER,
    PARTS,
    PASS,
    REVEAL,
    STRIPS,
    SWAP,
    TURN,
    VARIANT_CODES,
    WINDOW,
)
from engine.remote.table import Table
from engine.remote.wire import (
    Message,
    MessageError,
    Reader,
    Writer,
    finish,
    pack_header,
    parse,
    signed_bytes,
)
from engine.rules.errors import IllegalMoveError, IngeniousError
from engine.rules.game import Game
from engine.rules.tiles import HIDDEN, TILE_COUNT, Tile, make_tile

Random = Callable[[int], bytes]

#: Deck positions the holder of a deck unlocks ahead of the draws (3 and 4 players): the
#: seats that speak before it after a draw can then take off their locks at once.
WINDOW_AHEAD = {2: 0, 3: 6, 4: 9}


def _name_bytes(name: str) -> bytes:
    raw = name.encode("utf-8")[:120]
    return bytes([len(raw)]) + raw


class Device:
    """A device's view of one remote game (see the module docstring)."""

    def __init__(
        self,
        seat: int | None = None,
        master: bytes = b"",
        signing: bytes = b"",
        random: Random = secrets.token_bytes,
    ) -> None:
        self.seat = seat
        self.master = master
        self.signing = signing
        self.random = random
        self.table = Table(set() if seat is None else {seat})
        self.log: list[bytes] = []
        self.sent: list[int] = []  # indices in the log of the messages made here
        self.cards: list[int] = []  # this seat's cards in hand
        self.known: dict[int, int] = {}  # draw index -> card, for this seat's draws

    def copy(self) -> Device:
        """An independent copy (the table copied, the secrets shared: they never change)."""
        d = Device(self.seat, self.master, self.signing, self.random)
        d.table = self.table.copy()
        d.log, d.sent, d.cards, d.known = self.log[:], self.sent[:], self.cards[:], dict(self.known)
        return d

    # --- secrets -------------------------------------------------------------------------------
    def _key(self, *label: object) -> int:
        return scalar(self.master, *label)

    def _product(self, labels: list[tuple[Any, ...]]) -> int:
        k = 1
        for label in labels:
            k = k * self._key(*label) % N
        return k

    def _hold_order(self, epoch: int) -> list[int]:
        e = self.table.epochs[epoch]
        return permutation(self.master, e.size, "hold-perm", epoch)

    # --- creating and joining -------------------------------------------------------------------
    @classmethod
    def create(
        cls, variant: str, players: int, names: list[str], random: Random = secrets.token_bytes
    ) -> Device:
        """A new game at seat 0 and its invitation (the first message in :attr:`log`)."""
        if variant not in VARIANT_CODES:
            raise IngeniousError(
                f"remote play is for the standard game, the team game and the duel, not {variant!r}"
            )
        device = cls(0, random=random)
        device._new_secrets()
        game_id = random(8)
        w = Writer()
        w.byte(VARIANT_CODES[variant])
        w.byte(players)
        w.byte(0)
        if len(names) != players:
            raise IngeniousError(f"{players} names are needed, {len(names)} were given")
        for name in names:
            w.raw(_name_bytes(name))
        w.raw(schnorr.public_key(device.signing))
        w.raw(commitment(device.master, game_id, 0))
        device.table.game_id = game_id
        device.compose(first=[(INVITE, w.bytes())])
        return device

    def _new_secrets(self) -> None:
        self.master = self.random(32)
        while True:
            signing = self.random(32)
            if 0 < int.from_bytes(signing, "big") < N:
                self.signing = signing
                return

    def join(self, seat: int, name: str) -> bytes:
        """Join ``seat`` (the seat the game waits on to join) and return the join message."""
        t = self.table
        if self.seat is not None:
            raise IngeniousError("this device already holds a seat of this game")
        if not t.keys or t.joined >= t.players or t.awaited() != seat:
            raise IngeniousError(f"seat {seat + 1} cannot join now")
        self.seat = seat
        t.visible = {seat}
        self._new_secrets()
        w = Writer()
        w.raw(_name_bytes(name))
        w.raw(schnorr.public_key(self.signing))
        w.raw(commitment(self.master, t.game_id, seat))
        try:
            return self.compose(first=[(JOIN, w.bytes())])
        except Exception:
            self.seat, self.master, self.signing = None, b"", b""
            t.visible = set()
            raise

    # --- opening messages -----------------------------------------------------------------------
    def receive(self, raw: bytes, check_signature: bool = True) -> Message:
        """Open a message; ``MessageError`` and nothing changed if it does not fit."""
        msg = parse(raw)
        table = self.table.apply(msg, check_signature)
        known, cards = self._unlock(table, msg)
        self.table, self.known, self.cards = table, known, cards
        self.log.append(msg.raw)
        return msg

    def _unlock(self, table: Table, msg: Message) -> tuple[dict[int, int], list[int]]:
        """This seat's cards after ``msg``: the draws it can now unlock, the tiles it played
        or returned taken out; ``MessageError`` if a share gives no valid tile."""
        known, cards = dict(self.known), self.cards[:]
        seat = self.seat
        if seat is None:
            return known, cards
        if table.turns and table.turns[-1]["seq"] == msg.header.seq:
            turn = table.turns[-1]
            shown = [p[2] for p in turn["placements"]] + turn["returned"]
            for card in shown:
                if msg.header.seat == seat:
                    if card not in cards:
                        raise MessageError("broken", "a tile this device does not hold was played")
                    cards.remove(card)
                elif card in cards:
                    raise MessageError(
                        "broken",
                        f"seat {msg.header.seat + 1} shows a tile that is on this device's rack:"
                        " a tile it cannot hold (a cheat, or a damaged game)",
                    )
        for d in table.draws:
            if d.seat != seat or d.index in known or not d.ready:
                continue
            assert d.value is not None and d.kind is not None
            mine = table.layers_of(d.epoch, d.kind).get(seat, [])
            x = d.value if not mine else lock(pow(self._product(mine), -1, N), d.value)
            card = card_of_point().get(x)
            if card is None or card in cards or card in table.placed:
                raise MessageError(
                    "broken",
                    f"the shares for this device's tile no. {d.index + 1} give no valid tile:"
                    " a share in this message or an earlier one is wrong (a cheat, or a"
                    " damaged game); the game cannot go on",
                )
            known[d.index] = card
            cards.append(card)
            assert table.game is not None
            rack = table.game.racks[seat]
            rack[rack.index(HIDDEN)] = card_tiles()[card]
        return known, cards

    # --- making messages ------------------------------------------------------------------------
    def compose(
        self, moves: list[str] | None = None, first: list[tuple[int, bytes]] | None = None
    ) -> bytes:
        """The message this seat owes now, with its turn (``moves``: the engine's moves of
        one whole turn) when it is its turn; it is opened here at once and returned."""
        seat = self.seat
        if seat is None:
            raise IngeniousError("this device has not joined the game")
        if first is None and self.table.awaited() != seat:
            raise IngeniousError("the game does not wait on this device")
        t = self.table.copy()
        items: list[tuple[int, bytes]] = []
        for tag, payload in first or []:
            self._put(t, items, tag, payload)
        self._obligations(t, items)
        if t.owed(seat)["turn"]:
            if moves is None:
                raise IngeniousError("it is this seat's turn: the message needs its moves")
            self._put(t, items, TURN, self._turn(t, moves))
            self._obligations(t, items)
        elif moves:
            raise IngeniousError("it is not this seat's turn to play")
        window = self._window(t)
        if window:
            self._put(t, items, WINDOW, window)
        if t.owed(seat)["reveal"]:
            self._put(t, items, REVEAL, self.master)
        return self._send(items)

    def _put(self, t: Table, items: list[tuple[int, bytes]], tag: int, payload: bytes) -> None:
        assert self.seat is not None
        t.apply_item(self.seat, tag, Reader(payload, "the message made here"))
        items.append((tag, payload))

    def _send(self, items: list[tuple[int, bytes]]) -> bytes:
        assert self.seat is not None
        body = b"".join(bytes([tag]) + payload for tag, payload in items)
        t = self.table
        prev = t.hashes[-1] if t.hashes else bytes(32)
        head = pack_header(t.game_id, self.seat, t.seq, prev, len(body)) + body
        signature = schnorr.sign(signed_bytes(head, prev), self.signing, self.random(32))
        raw = finish(head, signature)
        self.receive(raw, check_signature=False)
        self.sent.append(len(self.log) - 1)
        return raw

    def _obligations(self, t: Table, items: list[tuple[int, bytes]]) -> None:
        """Every share, position, pass, lock and merge this seat owes, until none is left."""
        seat = self.seat
        assert seat is not None
        while True:
            owed = t.owed(seat)
            if owed["pass"]:
                self._put(t, items, PASS, self._pass(t))
            elif owed["strips"]:
                self._put(t, items, STRIPS, self._strips(t, owed["strips"]))
            elif owed["bases"]:
                self._put(t, items, BASES, self._bases(t, owed["bases"]))
            elif owed["parts"]:
                self._put(t, items, PARTS, self._parts(t, owed["parts"]))
            elif owed["merge"]:
                self._put(t, items, MERGE, self._merge(t, owed["merge"][0]))
            else:
                return

    def _pass(self, t: Table) -> bytes:
        assert self.seat is not None
        before = list(card_points()) if self.seat == 0 else t.passes[self.seat - 1]
        key = self._key("pass")
        order = permutation(self.master, TILE_COUNT, "pass-perm")
        w = Writer()
        w.uint(TILE_COUNT, 2)
        for j in order:
            w.point(lock(key, before[j]))
        return w.bytes()

    def _strips(self, t: Table, due: list[int]) -> bytes:
        assert self.seat is not None
        w = Writer()
        w.uint(len(due), 2)
        for index in due:
            d = t.draws[index]
            assert d.value is not None and d.kind is not None
            mine = t.layers_of(d.epoch, d.kind)[self.seat]
            w.point(lock(pow(self._product(mine), -1, N), d.value))
        return w.bytes()

    def _bases(self, t: Table, due: list[int]) -> bytes:
        w = Writer()
        w.uint(len(due), 2)
        for index in due:
            d = t.draws[index]
            e = t.epochs[d.epoch]
            assert e.pub is not None
            u = permutation(self.master, e.size, "hold-perm", e.index)[d.position]
            if d.seat == self.seat:
                w.point(lock(self._key("hold", e.index), e.pub[u]))
            else:
                w.byte(u)
        return w.bytes()

    def _window(self, t: Table) -> bytes:
        e = t.epochs[-1] if t.epochs else None
        ahead = WINDOW_AHEAD.get(t.players, 0)
        if e is None or e.holder != self.seat or e.pub is None or e.closed or not ahead or t.over:
            return b""
        start = e.consumed
        while start in e.ahead:
            start += 1
        stop = min(e.size, e.consumed + ahead)
        if start >= stop:
            return b""
        order = permutation(self.master, e.size, "hold-perm", e.index)
        key = self._key("hold", e.index)
        w = Writer()
        w.byte(stop - start)
        for position in range(start, stop):
            w.point(lock(key, e.pub[order[position]]))
        return w.bytes()

    def _parts(self, t: Table, due: list[int]) -> bytes:
        assert self.seat is not None
        w = Writer()
        w.byte(len(due))
        for index in due:
            r = t.remixes[index]
            values = r.parts[-1][1] if r.parts else [card_points()[c] for c in r.cards]
            k = self._product(t.epochs[r.epoch].layers[self.seat])
            for x in values:
                w.point(lock(k, x))
        return w.bytes()

    def _merge(self, t: Table, index: int) -> bytes:
        assert self.seat is not None
        r = t.remixes[index]
        e = t.epochs[r.epoch]
        assert e.pub is not None
        order = permutation(self.master, e.size, "hold-perm", e.index)
        unused = sorted(set(range(e.size)) - {order[p] for p in range(e.consumed)})
        g = self._key("merge", index)
        own = self._product(e.layers.get(self.seat, []))
        returned = r.parts[-1][1] if r.parts else [card_points()[c] for c in r.cards]
        items = [lock(g, e.pub[i]) for i in unused] + [lock(g * own % N, x) for x in returned]
        mix = permutation(self.master, len(items), "merge-perm", index)
        w = Writer()
        w.uint(len(items), 2)
        for j in mix:
            w.point(items[j])
        return w.bytes()

    def _turn(self, t: Table, moves: list[str]) -> bytes:
        """The TURN item of ``moves``: each placement with the card it reveals, the swap
        decision and the cards returned (checked on a copy of the game first)."""
        seat = self.seat
        assert seat is not None and t.game is not None
        capture = _Capture()
        g = t.game.copy()
        g.source = capture
        hand = self.cards[:]
        placements = []
        decision = NO_OFFER
        for move in moves:
            if g.over or g.current != seat:
                raise IllegalMoveError("the turn is over: no more moves belong to it")
            parsed = g.parse(move)
            if isinstance(parsed, str):
                decision = SWAP if parsed == "swap" else DECLINE
            else:
                a, b, ca, cb = parsed
                card = next(c for c in hand if card_tiles()[c] == make_tile(ca, cb))
                hand.remove(card)
                placements.append((a, b, card, 0 if card_tiles()[card][0] == ca else 1))
            g.apply(move)
        if not g.over and g.current == seat:
            raise IllegalMoveError("the turn is not finished: " + g._phase_message())
        w = Writer()
        w.byte(len(placements))
        for a, b, card, flip in placements:
            w.raw(bytes([a, b, card, flip]))
        w.byte(decision)
        if decision == SWAP:
            returned = []
            for tile in capture.tiles:
                card = next(c for c in hand if card_tiles()[c] == tile)
                hand.remove(card)
                returned.append(card)
            w.byte(len(returned))
            w.raw(bytes(returned))
        return w.bytes()


class _Capture:
    """The tile source of a trial copy of the game: the tiles its swap returns."""

    def __init__(self) -> None:
        self.tiles: list[Tile] = []

    def draw(self, game: Game, seat: int) -> Tile:
        game.bag.pop()
        return HIDDEN

    def returned(self, game: Game, seat: int, tiles: list[Tile]) -> None:
        self.tiles = list(tiles)

    def swap_offer(self, game: Game, seat: int) -> str | None:
        return game.variant.swap_offer(game, seat)
