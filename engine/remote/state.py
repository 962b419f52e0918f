"""The parts of a remote game's public state: its decks, draws and remixes, and the
questions every device can answer from them (what a seat owes, whose turn it is).

See :mod:`engine.remote.table` for the whole table and docs/remote.md for the protocol.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.rules.game import Game

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


class State:
    """The fields of a table and the questions asked of them."""

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
