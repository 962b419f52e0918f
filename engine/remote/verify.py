"""The final verification of a remote game (docs/remote.md, "Final verification").

Once the game is over and every seat has shown its master secret, anyone holding the
chain of messages can check the whole game: :func:`verify` replays the chain from the
first message with every signature, then recomputes every seat's keys and orders from its
revealed secret and checks

* every deck: each public list (the last shuffle, every remixed bag), unlocked with the
  product of the keys on it, holds each tile it should exactly once (so no shuffle or
  remix dropped, doubled or changed a tile);
* every deal: each deck position the holder gave is the one its secret order names, and
  every value and share on the way to a drawn tile is right (checked one by one only for
  a draw whose end result disagrees, which names the message and the seat);
* every move: the game is replayed with the engine on the true tiles; each placed or
  returned tile was held by its player, each swap offer answered as the rules gave it,
  and the end and the result are those the devices reached.

It answers ``{"verified": True/False, "problems": [...], ...}``; a problem names the
message (its number) and the seat, in words a player can read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.remote.cards import card_of_point, card_points, card_tiles, lock, permutation, scalar
from engine.remote.curve import N
from engine.remote.state import DECISIONS, NO_OFFER
from engine.remote.table import Table
from engine.remote.wire import MessageError, parse
from engine.rules.errors import IllegalMoveError
from engine.rules.game import Game
from engine.rules.tiles import HIDDEN, Tile


class _Problems:
    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, seq: int, seat: int, text: str) -> None:
        self.items.append({"message": seq, "seat": seat, "problem": text})


def replay(log: list[bytes]) -> Table:
    """The public table of a chain of messages, every signature checked
    (``MessageError`` naming the first message that fails)."""
    table = Table()
    for raw in log:
        table = table.apply(parse(raw))
    return table


def verify(log: list[bytes]) -> dict[str, Any]:
    """Check a whole remote game (see the module docstring)."""
    problems = _Problems()
    try:
        table = replay(log)
    except MessageError as exc:
        return {
            "verified": False,
            "finished": False,
            "problems": [{"message": None, "seat": None, "problem": str(exc)}],
        }
    report: dict[str, Any] = {"messages": len(log), "finished": table.finished}
    if not table.finished:
        report.update(
            verified=False,
            problems=[],
            waiting=table.awaited(),
            why="the game is not over, or not every seat has shown its keys yet",
        )
        return report
    keys = _Keys(table)
    decks = _decks(table, keys, problems)
    truth = _draws(table, keys, decks, problems)
    result = _replay(table, truth, problems)
    report.update(verified=not problems.items, problems=problems.items, result=result)
    return report


class _Keys:
    """Every seat's keys and orders, from the secrets shown at the end."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.masters = table.reveals

    def key(self, seat: int, label: tuple[Any, ...]) -> int:
        return scalar(self.masters[seat], *label)

    def product(self, layers: dict[int, list[tuple[Any, ...]]], only: int | None = None) -> int:
        k = 1
        for seat, labels in layers.items():
            if only is not None and seat != only:
                continue
            for label in labels:
                k = k * self.key(seat, label) % N
        return k

    def order(self, epoch: int) -> list[int]:
        e = self.table.epochs[epoch]
        return permutation(self.masters[e.holder], e.size, "hold-perm", epoch)


def _decks(table: Table, keys: _Keys, problems: _Problems) -> dict[int, list[int | None]]:
    """The card at each public index of every published deck (None where a value is no card)."""
    decks: dict[int, list[int | None]] = {}
    points = card_of_point()
    for e in table.epochs:
        if e.pub is None:
            continue
        inverse = pow(keys.product(e.layers), -1, N)
        cards = [points.get(lock(inverse, x)) for x in e.pub]
        decks[e.index] = cards
        expected: Counter[int | None]
        if e.index == 0:
            expected = Counter(range(len(card_points())))
        else:
            r = next(r for r in table.remixes if r.target == e.index)
            before = table.epochs[r.epoch]
            order = keys.order(before.index)
            used = {order[p] for p in range(before.consumed)}
            prior = decks.get(before.index, [])
            expected = Counter(c for i, c in enumerate(prior) if i not in used)
            expected.update(Counter(r.cards))
        if Counter(cards) != expected:
            _blame_deck(table, keys, e.index, problems)
    return decks


def _blame_deck(table: Table, keys: _Keys, epoch: int, problems: _Problems) -> None:
    """Find the shuffle or remix that spoiled a deck, by recomputing it."""
    if epoch == 0:
        before = list(card_points())
        for seat, (entries, seq) in enumerate(zip(table.passes, table.pass_seqs, strict=True)):
            k = keys.key(seat, ("pass",))
            order = permutation(keys.masters[seat], len(before), "pass-perm")
            if entries != [lock(k, before[j]) for j in order]:
                problems.add(
                    seq,
                    seat,
                    f"seat {seat + 1}'s shuffle is not its locked tiles"
                    " in its order: a tile was dropped, doubled or changed",
                )
                return
            before = entries
    else:
        r = next(r for r in table.remixes if r.target == epoch)
        for (seat, values), seq in zip(r.parts, r.part_seqs, strict=True):
            if len(set(values)) != len(values):
                problems.add(seq, seat, f"seat {seat + 1}'s locks of the returned tiles repeat")
                return
        problems.add(
            r.merge_seq,
            r.merger,
            f"seat {r.merger + 1}'s remixed bag does not hold"
            " the tiles left in the bag and the returned ones, each once",
        )
        return
    problems.add(-1, -1, "a deck holds the wrong tiles")


def _draws(
    table: Table, keys: _Keys, decks: dict[int, list[int | None]], problems: _Problems
) -> list[int | None]:
    """The true card of every draw (None where its deck was never published), each dealt
    value and share checked where the drawer's result disagrees with it."""
    orders = {e.index: keys.order(e.index) for e in table.epochs if e.pub is not None}
    truth: list[int | None] = []
    points = card_of_point()
    for d in table.draws:
        e = table.epochs[d.epoch]
        if e.pub is None:
            truth.append(None)
            continue
        index = orders[d.epoch][d.position]
        card = decks[d.epoch][index]
        truth.append(card)
        if d.kind == "u" and d.u != index:
            problems.add(
                d.base_seq,
                e.holder,
                f"seat {e.holder + 1} gave a wrong deck position for draw no. {d.index + 1}",
            )
            continue
        if not d.ready or d.value is None or d.kind is None:
            continue
        own = keys.product(table.layers_of(d.epoch, d.kind), only=d.seat)
        if card is not None and points.get(lock(pow(own, -1, N), d.value)) == card:
            continue
        _blame_draw(table, keys, d.index, index, problems)
    return truth


def _blame_draw(table: Table, keys: _Keys, draw: int, index: int, problems: _Problems) -> None:
    d = table.draws[draw]
    e = table.epochs[d.epoch]
    assert e.pub is not None and d.kind is not None
    expected = e.pub[index]
    if d.kind == "v":
        expected = lock(keys.key(e.holder, ("hold", e.index)), expected)
        if d.base != expected:
            problems.add(
                d.base_seq,
                e.holder,
                f"seat {e.holder + 1}'s dealt value for draw"
                f" no. {d.index + 1} is not the tile at its deck position",
            )
            return
    layers = table.layers_of(d.epoch, d.kind)
    value = expected
    for (seat, got), seq in zip(d.strips, d.strip_seqs, strict=True):
        value = lock(pow(keys.product(layers, only=seat), -1, N), value)
        if got != value:
            problems.add(
                seq,
                seat,
                f"seat {seat + 1}'s share for draw no. {d.index + 1} is"
                " wrong: it would give another tile",
            )
            return
    problems.add(d.base_seq, d.seat, f"draw no. {d.index + 1} does not give its tile")


class _TrueSource:
    """The replay's tile source: every draw gives its true tile."""

    def __init__(self, table: Table, truth: list[int | None]) -> None:
        self.table = table
        self.truth = truth
        self.next = 0
        self.hands: list[list[int]] = [[] for _ in range(table.players)]
        self.returned_tiles: list[Tile] = []

    def draw(self, game: Game, seat: int) -> Tile:
        game.bag.pop()
        if self.next >= len(self.truth) or self.table.draws[self.next].seat != seat:
            raise _Stop("the replay draws a tile the game did not")
        card = self.truth[self.next]
        self.next += 1
        if card is None:
            return HIDDEN
        self.hands[seat].append(card)
        return card_tiles()[card]

    def returned(self, game: Game, seat: int, tiles: list[Tile]) -> None:
        self.returned_tiles = list(tiles)

    def swap_offer(self, game: Game, seat: int) -> str | None:
        return game.variant.swap_offer(game, seat)


class _Stop(Exception):
    pass


def _replay(table: Table, truth: list[int | None], problems: _Problems) -> dict[str, Any] | None:
    """Replay every turn with the engine on the true tiles; the result, or None."""
    g = Game.blank(table.variant, table.players, 0, table.names, table.options)
    source = _TrueSource(table, truth)
    g.source = source
    try:
        g.deal()
        for turn in table.turns:
            _replay_turn(g, source, turn, problems)
    except _Stop as exc:
        problems.add(-1, -1, f"the replay of the game stopped: {exc}")
        return None
    device = table.game
    assert device is not None
    if (g.scores, g.phase, g.tiles) != (device.scores, device.phase, device.tiles):
        problems.add(-1, -1, "the replay on the true tiles does not end as the game did")
    return g.result() if g.over else None


def _replay_turn(g: Game, source: _TrueSource, turn: dict[str, Any], problems: _Problems) -> None:
    seq, seat = turn["seq"], turn["seat"]
    hand = source.hands[seat]
    for (_, _, card, _), move in zip(turn["placements"], turn["moves"], strict=True):
        if card not in hand:
            problems.add(seq, seat, f"seat {seat + 1} placed {_tile(card)}, a tile it did not hold")
            raise _Stop(f"message {seq} places a tile its player did not hold")
        hand.remove(card)
        try:
            g.apply(move)
        except IllegalMoveError as exc:
            problems.add(seq, seat, f"seat {seat + 1}'s move {move} is not legal: {exc}")
            raise _Stop(f"message {seq} holds an illegal move") from None
    decision = turn["decision"]
    offered = g.phase == "swap" and g.current == seat
    if offered and decision == NO_OFFER:
        problems.add(seq, seat, f"seat {seat + 1} was offered a swap its message does not answer")
        g.apply("pass")
    elif not offered and decision != NO_OFFER:
        problems.add(seq, seat, f"seat {seat + 1} answered a swap offer the rules did not make")
        raise _Stop(f"message {seq} swaps without an offer")
    elif offered:
        g.apply(DECISIONS[decision] or "pass")
        if decision != NO_OFFER and DECISIONS[decision] == "swap":
            returned = turn["returned"]
            if Counter(card_tiles()[c] for c in returned) != Counter(source.returned_tiles) or any(
                c not in hand for c in returned
            ):
                problems.add(
                    seq,
                    seat,
                    f"seat {seat + 1} returned tiles it did not hold, or"
                    " kept some the rules return",
                )
                raise _Stop(f"message {seq} returns the wrong tiles")
            for c in returned:
                hand.remove(c)


def _tile(card: int) -> str:
    from engine.rules.tiles import tile_name

    return tile_name(card_tiles()[card])
