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

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import IllegalMoveError
from ..game import Game
from ..names import clean_name
from ..tiles import HIDDEN, RACK_SIZE, TILE_COUNT, Tile, make_tile
from ..variants import VARIANTS
from . import schnorr
from .cards import card_points, card_tiles, commitment
from .curve import is_x, lift_x
from .wire import Message, MessageError, Reader, describe, signed_bytes

VARIANT_CODES = {"standard": 0, "team": 1, "duel": 2}
VARIANT_OF_CODE = {code: name for name, code in VARIANT_CODES.items()}
INVITE, JOIN, PASS, STRIPS, BASES, PARTS, MERGE, TURN, WINDOW, REVEAL = range(1, 11)
ITEM_NAMES = {
    INVITE: "invitation",
    JOIN: "join",
    PASS: "shuffle",
    STRIPS: "shares",
    BASES: "deck positions",
    PARTS: "returned tiles' locks",
    MERGE: "remixed bag",
    TURN: "turn",
    WINDOW: "dealt-ahead values",
    REVEAL: "keys",
}
NO_OFFER, DECLINE, SWAP = 0, 1, 2
DECISIONS = {NO_OFFER: None, DECLINE: "pass", SWAP: "swap"}
MAX_NAME_BYTES = 120


@dataclass
class Epoch:
    """One shuffled deck: a public list of locked cards and its holder's private order."""

    index: int
    size: int
    holder: int
    layers: dict[int, list[tuple[Any, ...]]]  # seat -> labels of its keys on the public list
    pub: list[int] | None = None  # None until the list is published (after a merge)
    consumed: int = 0  # deck positions drawn
    closed: bool = False  # a remix took its rest: no more draws from it
    ahead: dict[int, int] = field(default_factory=dict)  # position -> holder's value (V)
    ahead_seq: dict[int, int] = field(default_factory=dict)  # position -> message that gave it
    used: set[int] = field(default_factory=set)  # public indices revealed by the holder

    def copy(self) -> Epoch:
        return replace(
            self,
            layers={s: k[:] for s, k in self.layers.items()},
            ahead=dict(self.ahead),
            ahead_seq=dict(self.ahead_seq),
            used=set(self.used),
        )


@dataclass
class Draw:
    """A tile drawn: deck position ``position`` of epoch ``epoch`` for ``seat``."""

    index: int
    epoch: int
    position: int
    seat: int
    kind: str | None = None  # "u": a public index given; "v": the holder's value
    base: int | None = None  # the value the unlocking starts from
    u: int | None = None
    needed: list[int] = field(default_factory=list)  # seats whose locks must come off
    strips: list[tuple[int, int]] = field(default_factory=list)  # (seat, value) in order
    base_seq: int = -1  # the message that gave the base
    strip_seqs: list[int] = field(default_factory=list)

    @property
    def value(self) -> int | None:
        return self.strips[-1][1] if self.strips else self.base

    @property
    def stripped(self) -> set[int]:
        return {s for s, _ in self.strips}

    @property
    def ready(self) -> bool:
        """Whether only the drawer's own locks are left."""
        return self.base is not None and self.stripped >= set(self.needed)

    def copy(self) -> Draw:
        return replace(
            self, needed=self.needed[:], strips=self.strips[:], strip_seqs=self.strip_seqs[:]
        )


@dataclass
class Remix:
    """Tiles returned to the bag (swap, duel exchange), to be mixed into a new deck."""

    index: int
    epoch: int  # the deck they return into
    swapper: int
    cards: list[int]
    owners: list[int]  # seats that lock the returned cards before the merge
    merger: int
    target: int  # the new deck's epoch
    parts: list[tuple[int, list[int]]] = field(default_factory=list)
    merged: bool = False
    part_seqs: list[int] = field(default_factory=list)
    merge_seq: int = -1

    def copy(self) -> Remix:
        return replace(
            self,
            cards=self.cards[:],
            owners=self.owners[:],
            parts=self.parts[:],
            part_seqs=self.part_seqs[:],
        )


class TableSource:
    """The engine game's tile source: draws become deck positions, returns remixes."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def draw(self, game: Game, seat: int) -> Tile:
        self.table._record_draw(seat)
        game.bag.pop()
        return HIDDEN

    def returned(self, game: Game, seat: int, tiles: list[Tile]) -> None:
        self.table._record_return(seat, tiles)

    def swap_offer(self, game: Game, seat: int) -> str | None:
        return self.table._swap_offer(game, seat)


class Table:
    """The public state of one remote game (see the module docstring)."""

    def __init__(self, visible: set[int] | None = None) -> None:
        self.visible: set[int] = set(visible or ())
        self.game_id = b""
        self.variant = ""
        self.players = 0
        self.options: dict[str, Any] = {}
        self.names: list[str] = []
        self.keys: list[bytes] = []  # signing keys by seat (x-only)
        self.commits: list[bytes] = []
        self.passes: list[list[int]] = []
        self.pass_seqs: list[int] = []
        self.epochs: list[Epoch] = []
        self.draws: list[Draw] = []
        self.remixes: list[Remix] = []
        self.game: Game | None = None
        self.hashes: list[bytes] = []
        self.senders: list[int] = []
        self.reveals: dict[int, bytes] = {}
        self.turns: list[dict[str, Any]] = []  # each TURN item, for the verification
        self.placed: set[int] = set()  # cards on the board
        self._claim: tuple[int, list[int]] = (NO_OFFER, [])
        self._returning: list[int] | None = None

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

    # --- what everybody can ask ---------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The number of the next message."""
        return len(self.hashes)

    @property
    def joined(self) -> int:
        return len(self.keys)

    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.over

    @property
    def finished(self) -> bool:
        """Over, and every seat has revealed its keys."""
        return self.over and len(self.reveals) == self.players

    def layers_of(self, epoch: int, kind: str) -> dict[int, list[tuple[Any, ...]]]:
        """The keys on a draw's starting value: the public list's, and the holder's for "v"."""
        e = self.epochs[epoch]
        layers = {s: keys[:] for s, keys in e.layers.items() if keys}
        if kind == "v":
            layers.setdefault(e.holder, []).append(("hold", e.index))
        return layers

    def owed(self, seat: int) -> dict[str, list[Any]]:
        """What ``seat`` can give now: the shares, deck positions, locks and merges it owes
        whose prerequisites are met, the pass or join due, its turn, its keys."""
        out: dict[str, list[Any]] = {
            "join": [],
            "pass": [],
            "strips": [],
            "bases": [],
            "parts": [],
            "merge": [],
            "turn": [],
            "reveal": [],
        }
        if not self.keys:
            return out
        if self.joined < self.players:
            if seat == self.joined:
                out["join"].append(seat)
            elif seat == self.joined - 1 and self._pass_due(seat):
                out["pass"].append(seat)
            return out
        if self._pass_due(seat):
            out["pass"].append(seat)
            return out
        out["strips"] = [
            d.index
            for d in self.draws
            if d.base is not None and seat in d.needed and seat not in d.stripped
        ]
        out["bases"] = [
            d.index
            for d in self.draws
            if d.base is None
            and self.epochs[d.epoch].pub is not None
            and self.epochs[d.epoch].holder == seat
        ]
        for r in self.remixes:
            if not r.merged and seat in r.owners and seat not in {s for s, _ in r.parts}:
                out["parts"].append(r.index)
        nxt = next((r for r in self.remixes if not r.merged), None)
        if (
            nxt is not None
            and nxt.merger == seat
            and len(nxt.parts) == len(nxt.owners)
            and self.epochs[nxt.epoch].pub is not None
        ):
            out["merge"].append(nxt.index)
        if self.turn_due(seat):
            out["turn"].append(seat)
        if self.over and seat not in self.reveals:
            out["reveal"].append(seat)
        return out

    def _pass_due(self, seat: int) -> bool:
        return seat < self.players - 1 and seat < self.joined and len(self.passes) == seat

    def turn_due(self, seat: int) -> bool:
        g = self.game
        if g is None or g.over or g.current != seat:
            return False
        return all(d.ready for d in self.draws if d.seat == seat)

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
        try:
            t._apply_body(h.seat, msg.body)
        except IllegalMoveError as exc:
            raise MessageError("broken", f"{describe(h)} breaks the rules: {exc}") from None
        except MessageError as exc:
            raise MessageError(exc.kind, f"{describe(h)}: {exc}") from None
        if check_signature and not schnorr.verify(
            signed_bytes(msg.signed, prev), t.keys[h.seat], msg.signature
        ):
            raise MessageError(
                "forged",
                f"{describe(h)} is not signed by seat {h.seat + 1}'s"
                " key: it was changed, or made by someone else",
            )
        t.hashes.append(msg.digest)
        t.senders.append(h.seat)
        return t

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
            if not is_x(x):
                raise MessageError("broken", f"{what}: a value is not a point of the curve")
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

    # --- sizes, for the page ----------------------------------------------------------------
    def rack_tiles(self, seat: int) -> int:
        return 0 if self.game is None else len(self.game.racks[seat])


__all__ = ["RACK_SIZE", "Draw", "Epoch", "MessageError", "Remix", "Table"]
