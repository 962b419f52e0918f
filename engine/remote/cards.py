"""Cards, the commutative cipher and the secrets a seat derives from its master secret.

*Cards.* Each of the 120 tiles (``engine.tiles.full_tile_set()`` order) is a card: a point
of secp256k1, given by its x-coordinate, found by try-and-increment from a domain-separated
SHA-256 (the first counter whose hash is an x-coordinate). Nobody knows the discrete log of
a card relative to another, which is what keeps a locked card unlinkable to its plaintext
(the decisional Diffie-Hellman assumption on secp256k1).

*The cipher.* SRA / Pohlig-Hellman commutative encryption on the curve (Shamir, Rivest and
Adleman, "Mental Poker", 1979; on an elliptic curve group of prime order): a key is a
scalar ``k``; ``lock(k, x)`` is the x-coordinate of ``k * P`` for either point ``P`` with
x-coordinate ``x``, and ``unlock(k, x) == lock(k**-1 mod N, x)``. Locks by different keys
commute, so the seats can lock a deck one after another and remove their locks in any
order.

*Secrets.* A seat draws one 32-byte master secret when it joins and publishes only its
commitment (:func:`commitment`). Every key and permutation it uses in the game comes from
the master secret through HMAC-SHA256 with a label (:func:`scalar`, :func:`permutation`),
so revealing the master secret at the end lets every device recompute and check every step
of that seat. The signing key is drawn apart and never revealed.
"""

from __future__ import annotations

import hashlib
import hmac
from functools import cache

from engine.remote.curve import N, is_x, mul_x
from engine.rules.tiles import TILE_COUNT, Tile, full_tile_set

CARD_TAG = b"ingenious/remote/v1/card"
COMMIT_TAG = b"ingenious/remote/v1/commit"


@cache
def card_points() -> tuple[int, ...]:
    """The x-coordinates of the 120 cards, card i for tile ``full_tile_set()[i]``."""
    out = []
    for i in range(TILE_COUNT):
        counter = 0
        while True:
            digest = hashlib.sha256(CARD_TAG + bytes([i]) + counter.to_bytes(4, "big")).digest()
            x = int.from_bytes(digest, "big")
            if is_x(x):
                out.append(x)
                break
            counter += 1
    if len(set(out)) != TILE_COUNT:  # a SHA-256 collision: impossible in practice
        raise AssertionError("two cards share a point")
    return tuple(out)


@cache
def card_of_point() -> dict[int, int]:
    """Card number by x-coordinate."""
    return {x: i for i, x in enumerate(card_points())}


@cache
def card_tiles() -> tuple[Tile, ...]:
    """The tile each card shows."""
    return tuple(full_tile_set())


def lock(key: int, x: int) -> int:
    """``x`` locked with ``key`` (1 <= key < N)."""
    return mul_x(key, x)


def unlock(key: int, x: int) -> int:
    """The lock of ``key`` removed from ``x``."""
    return mul_x(pow(key, -1, N), x)


def _label(parts: tuple[object, ...]) -> bytes:
    return "/".join(str(p) for p in parts).encode()


def scalar(master: bytes, *label: object) -> int:
    """A key in 1..N-1 for ``label``, from 64 bytes of HMAC output (bias below 2**-250)."""
    name = _label(label)
    wide = hmac.new(master, b"k0/" + name, hashlib.sha256).digest()
    wide += hmac.new(master, b"k1/" + name, hashlib.sha256).digest()
    return int.from_bytes(wide, "big") % (N - 1) + 1


def permutation(master: bytes, size: int, *label: object) -> list[int]:
    """A permutation of ``range(size)`` for ``label`` (Fisher-Yates on an HMAC stream with
    rejection sampling, so every permutation is equally likely)."""
    name = _label(label)
    block = 0
    pool = b""

    def below(bound: int) -> int:
        nonlocal block, pool
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            if len(pool) < 4:
                pool += hmac.new(
                    master, b"p/" + name + b"/" + str(block).encode(), hashlib.sha256
                ).digest()
                block += 1
            value = int.from_bytes(pool[:4], "big")
            pool = pool[4:]
            if value < limit:
                return value % bound

    items = list(range(size))
    for i in range(size - 1, 0, -1):
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def commitment(master: bytes, game_id: bytes, seat: int) -> bytes:
    """The published commitment to a seat's master secret for one game."""
    return hashlib.sha256(COMMIT_TAG + game_id + bytes([seat]) + master).digest()
