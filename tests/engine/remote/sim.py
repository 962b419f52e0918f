"""Remote games simulated device by device, for the tests: every device its own
:class:`~engine.remote.device.Device`, every message passed to every other device."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.remote.device import Device
from engine.remote.wire import parse
from engine.rules.game import Game
from engine.rules.rng import Rng
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


def turn_moves(device: Device, rng: Rng, swap: bool) -> list[str]:
    """A whole turn for the device's seat: random legal placements, a scoring one when
    there is one, then "swap" (if ``swap``) or "pass" when a swap is offered."""
    assert device.table.game is not None and device.seat is not None
    game = device.table.game.copy()
    game.source = _Trial()
    moves: list[str] = []
    while not game.over and game.current == device.seat:
        legal = game.legal_moves()
        if game.phase == "swap":
            move = "swap" if swap else "pass"
        else:
            move = legal[rng.below(len(legal))]
        moves.append(move)
        game.apply(move)
    return moves


class Party:
    """The devices of one remote game."""

    def __init__(self, variant: str, players: int, seed: int = 1, swaps: bool = True) -> None:
        names = [f"P{s}" for s in range(players)]
        self.devices = [Device.create(variant, players, names, random=seeded((seed, 0)))]
        self.devices += [Device(random=seeded((seed, s))) for s in range(1, players)]
        self.rng = Rng(seed)
        self.swaps = swaps
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
            moves = turn_moves(device, self.rng, self.swaps)
        raw = device.compose(moves)
        self.broadcast(seat, raw)
        return raw

    def run(self, limit: int = 2000) -> None:
        for _ in range(limit):
            if self.step() is None:
                return
        raise AssertionError("the game did not end")
