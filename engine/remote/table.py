"""The public state of a remote game, replayed from its messages (docs/remote.md).

Every device holds a :class:`Table` built from the same chain of messages. It knows the
seats and their keys, the public lists of locked cards (the passes and the merged decks),
which deck position each draw took, how far each draw has been unlocked, the remixes a
swap started, whom the game waits on, and the engine game as this device sees it (the
tiles of the seats in :attr:`Table.visible` are real, the others' are
:data:`engine.tiles.HIDDEN` until played or shown). It holds no secret.

A message is a list of items (a tag byte and its payload). :meth:`Table.apply` checks a
whole message (its place in the chain, its sender, its signature, every item against the
state, and that it carries everything its sender owed) on a copy and returns the new
table; a message that fails leaves the table as it was.
"""

from __future__ import annotations

from engine.remote import schnorr
from engine.remote.items import Items, TableSource
from engine.remote.state import (
    BASES,
    INVITE,
    ITEM_NAMES,
    JOIN,
    MERGE,
    PARTS,
    PASS,
    STRIPS,
    TURN,
    WINDOW,
    Draw,
)
from engine.remote.wire import Message, MessageError, Reader, describe, signed_bytes
from engine.rules.errors import IllegalMoveError


class Table(Items):
    """The public state of one remote game (see the module docstring)."""

    # --- copies ------------------------------------------------------------------------------
    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.__dict__.update(self.__dict__)
        t.visible = set(self.visible)
        t.names, t.keys, t.commits = self.names[:], self.keys[:], self.commits[:]
        t.passes, t.pass_seqs = self.passes[:], self.pass_seqs[:]
        t.epochs = [e.copy() for e in self.epochs]
        t.draws = [d.copy() for d in self.draws]
        t.remixes = [r.copy() for r in self.remixes]
        t.hashes, t.senders = self.hashes[:], self.senders[:]
        t.reveals = dict(self.reveals)
        t.turns = self.turns[:]
        t.placed = set(self.placed)
        if self.game is not None:
            t.game = self.game.copy()
            t.game.source = TableSource(t)
        return t

    def awaited(self) -> int | None:
        """The seat the game waits on: the only seat whose message can come next (None: the
        game is over and verified, nothing more to send)."""
        if self.seq == 0:
            return 0
        if self.joined < self.players:
            if self.joined - 1 >= 0 and self._pass_due(self.joined - 1):
                return self.joined - 1
            return self.joined
        g = self.game
        assert g is not None
        if g.over:
            return next((s for s in range(self.players) if s not in self.reveals), None)
        mover = g.current
        for d in self.draws:
            if d.seat != mover or d.ready:
                continue
            return self._blocker(d, mover)
        return mover

    def _blocker(self, d: Draw, mover: int) -> int:
        e = self.epochs[d.epoch]
        if e.pub is None:
            return self._epoch_blocker(d.epoch, mover)
        if d.base is None:
            return e.holder
        order = [(mover + k) % self.players for k in range(1, self.players + 1)]
        return next(s for s in order if s in d.needed and s not in d.stripped)

    def _epoch_blocker(self, epoch: int, mover: int) -> int:
        r = next(r for r in self.remixes if r.target == epoch)
        given = {s for s, _ in r.parts}
        missing = [s for s in r.owners if s not in given]
        if missing:
            return missing[0]
        if self.epochs[r.epoch].pub is None:
            return self._epoch_blocker(r.epoch, mover)
        return r.merger

    def waiting_reason(self) -> str:
        """Why the game waits on :meth:`awaited`, in words."""
        seat = self.awaited()
        if seat is None:
            return "the game is over and every seat has shown its keys"
        if self.seq == 0 or self.joined < self.players:
            if self.joined and self._pass_due(self.joined - 1):
                return "its shuffle of the tiles"
            return "joining the game"
        if self.over:
            return "showing its keys, so that every device can check the whole game"
        owed = self.owed(seat)
        if owed["turn"]:
            return "its turn"
        if owed["merge"]:
            return "mixing the returned tiles into the bag"
        if owed["parts"]:
            return "locking the returned tiles"
        return "its share of the dealing"

    # --- messages --------------------------------------------------------------------------------
    def apply(self, msg: Message, check_signature: bool = True) -> Table:
        """The table after ``msg``; ``MessageError`` (and this table unchanged) if it does not
        fit. The check of the signature can be left out for messages this device has
        stored after checking them once."""
        h = msg.header
        if self.seq and h.game_id != self.game_id:
            raise MessageError("foreign", f"this {describe(h)} belongs to another game")
        if h.seq < self.seq:
            if h.seq < len(self.hashes) and self.hashes[h.seq] == msg.digest:
                raise MessageError("repeated", f"{describe(h)} was already opened here")
            raise MessageError(
                "late",
                f"{describe(h)} does not belong to this game's chain of"
                " messages (it replaces one already opened here)",
            )
        if h.seq > self.seq:
            raise MessageError(
                "early",
                f"{describe(h)} came too early: message {self.seq} is missing here"
                " (open the messages in order)",
            )
        if self.seq and h.prev != self.hashes[-1][:4]:
            raise MessageError(
                "late",
                f"{describe(h)} does not follow the last message opened"
                " here (it belongs to another branch of the game)",
            )
        expected = self.awaited()
        if h.seat != expected:
            who = "nobody" if expected is None else f"seat {expected + 1}"
            raise MessageError(
                "unexpected", f"{describe(h)} was not expected: the game waits on {who}"
            )
        t = self.copy()
        if t.seq == 0:
            t.game_id = h.game_id
        prev = self.hashes[-1] if self.hashes else bytes(32)
        known = h.seat < len(self.keys)  # a join brings its seat's key in its body
        if check_signature and known:
            self._check_signature(msg, prev, self.keys[h.seat])
        try:
            t._apply_body(h.seat, msg.body)
        except IllegalMoveError as exc:
            raise MessageError("broken", f"{describe(h)} breaks the rules: {exc}") from None
        except MessageError as exc:
            raise MessageError(exc.kind, f"{describe(h)}: {exc}") from None
        if check_signature and not known:
            t._check_signature(msg, prev, t.keys[h.seat])
        t.hashes.append(msg.digest)
        t.senders.append(h.seat)
        return t

    @staticmethod
    def _check_signature(msg: Message, prev: bytes, key: bytes) -> None:
        h = msg.header
        if not schnorr.verify(signed_bytes(msg.signed, prev), key, msg.signature):
            raise MessageError(
                "forged",
                f"{describe(h)} is not signed by seat {h.seat + 1}'s"
                " key: it was changed, or made by someone else",
            )

    def _apply_body(self, seat: int, body: bytes) -> None:
        reader = Reader(body, "the message")
        count = 0
        while not reader.done():
            tag = reader.byte()
            if tag not in ITEM_NAMES:
                raise MessageError("broken", f"unknown item {tag}")
            self.apply_item(seat, tag, reader)
            count += 1
        if not count:
            raise MessageError("broken", "the message is empty")
        owed = self.owed(seat)
        missing = [k for k, v in owed.items() if v]
        if missing:
            raise MessageError(
                "broken", f"the message leaves out what seat {seat + 1} owes ({', '.join(missing)})"
            )

    def apply_item(self, seat: int, tag: int, r: Reader) -> None:
        """Check one item against the state and apply it (``MessageError`` if it does not fit)."""
        if tag == INVITE:
            self._invite(seat, r)
        elif tag == JOIN:
            self._join(seat, r)
        elif tag == PASS:
            self._pass(seat, r)
        elif tag == STRIPS:
            self._strips(seat, r)
        elif tag == BASES:
            self._bases(seat, r)
        elif tag == PARTS:
            self._parts(seat, r)
        elif tag == MERGE:
            self._merge(seat, r)
        elif tag == TURN:
            self._turn(seat, r)
        elif tag == WINDOW:
            self._window(seat, r)
        else:
            self._reveal(seat, r)

    # --- sizes, for the page ----------------------------------------------------------------
    def rack_tiles(self, seat: int) -> int:
        return 0 if self.game is None else len(self.game.racks[seat])


__all__ = ["MessageError", "Table"]
