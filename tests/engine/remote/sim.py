"""Remote games simulated device by device, for the tests: every device its own
:class:`~engine.remote.device.Device`, every message passed to every other device."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.remote.device import Device
from engine.remote.wire import parse
from engine.rules.game import Game
from engine.rules.rng import Rng
from engine.rules.scoring import placement_points
from engine.rules.tiles import HIDDEN


def seeded(seed: object) -> Callable[[int], bytes]:
    """Reproducible "random" bytes for a device (tests only)."""
    rng = random.Random(str(seed))
    return lambda n: rng.randbytes(n)


class _Trial:
    def draw(self, game: Game, seat: int) -> tuple[int, int]:
        game.bag.pop()
        return HIDDEN

    def returned(self, game: Game, seat: int, tiles: list[tuple[int, int]]) -> None:
        return None

    def swap_offer(self, game: Game, seat: int) -> str | None:
        return game.variant.swap_offer(game, seat)


def turn_moves(device: Device, rng: Rng, swap: bool, greedy: bool = False) -> list[str]:
    """A whole turn for the device's seat, played on what the device sees: random legal
    placements (``greedy``: the one that scores most), then "swap" (if ``swap``) or
    "pass" when a swap is offered."""
    assert device.table.game is not None and device.seat is not None
    game = device.table.game.copy()
    game.source = _Trial()
    moves: list[str] = []
    while not game.over and game.current == device.seat:
        if game.phase == "swap":
            move = "swap" if swap else "pass"
        elif greedy:
            options = game.placements()
            best = max(
                options,
                key=lambda p: (sum(placement_points(game.board, game.zone, *p)), -options.index(p)),
            )
            move = game.placement_text(best)
        else:
            legal = game.legal_moves()
            move = legal[rng.below(len(legal))]
        moves.append(move)
        game.apply(move)
    return moves


class Party:
    """The devices of one remote game."""

    def __init__(
        self, variant: str, players: int, seed: int = 1, swaps: bool = True, greedy: bool = False
    ) -> None:
        names = [f"P{s}" for s in range(players)]
        self.devices = [Device.create(variant, players, names, random=seeded((seed, 0)))]
        self.devices += [Device(random=seeded((seed, s))) for s in range(1, players)]
        self.rng = Rng(seed)
        self.swaps = swaps
        self.greedy = greedy
        self.sizes: list[int] = [len(self.devices[0].log[0])]
        self.broadcast(0, self.devices[0].log[0])
        for s in range(1, players):
            self.broadcast(s, self.devices[s].join(s, names[s]))

    @property
    def table(self):  # type: ignore[no-untyped-def]
        return self.devices[0].table

    def broadcast(self, sender: int, raw: bytes) -> None:
        if parse(raw).header.seq:
            self.sizes.append(len(raw))
        for seat, device in enumerate(self.devices):
            if seat != sender:
                device.receive(raw)

    def step(self) -> bytes | None:
        """The awaited device makes its message and every other device opens it."""
        seat = self.table.awaited()
        if seat is None:
            return None
        device = self.devices[seat]
        moves = None
        if device.table.owed(seat)["turn"]:
            moves = turn_moves(device, self.rng, self.swaps, self.greedy)
        raw = device.compose(moves)
        self.broadcast(seat, raw)
        return raw

    def run(self, limit: int = 2000) -> None:
        for _ in range(limit):
            if self.step() is None:
                return
        raise AssertionError("the game did not end")


def resign(raw: bytes, body: bytes, signing: bytes, prev: bytes, seat: int | None = None) -> bytes:
    """``raw`` with another body (and sender), signed again with ``signing``: the message a
    cheat who holds that key could make."""
    from engine.remote import schnorr
    from engine.remote.wire import finish, pack_header, signed_bytes

    h = parse(raw).header
    head = pack_header(h.game_id, h.seat if seat is None else seat, h.seq, prev, len(body))
    return finish(head + body, schnorr.sign(signed_bytes(head + body, prev), signing, bytes(32)))
