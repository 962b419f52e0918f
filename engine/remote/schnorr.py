"""BIP-340 Schnorr signatures on secp256k1 (x-only public keys, 64-byte signatures).

Written from the specification (github.com/bitcoin/bips, bip-0340.mediawiki) and checked
against its published test vectors (tests/engine/remote/bip340_vectors.csv).
"""

from __future__ import annotations

import hashlib

from engine.remote.curve import GX, GY, N, P, add, lift_x, mul, mul_g, to_affine


def tagged_hash(tag: str, data: bytes) -> bytes:
    """SHA256(SHA256(tag) || SHA256(tag) || data)."""
    t = hashlib.sha256(tag.encode()).digest()
    return hashlib.sha256(t + t + data).digest()


def _int(b: bytes) -> int:
    return int.from_bytes(b, "big")


def _bytes(x: int) -> bytes:
    return x.to_bytes(32, "big")


def public_key(secret: bytes) -> bytes:
    """The 32-byte x-only public key of a 32-byte secret key (1 <= key < N)."""
    d = _int(secret)
    if not 0 < d < N:
        raise ValueError("the secret key must lie in 1..N-1")
    point = to_affine(mul_g(d))
    assert point is not None
    return _bytes(point[0])


def sign(message: bytes, secret: bytes, aux: bytes) -> bytes:
    """The BIP-340 signature of ``message`` (any length) with ``aux`` (32 random bytes)."""
    d0 = _int(secret)
    if not 0 < d0 < N:
        raise ValueError("the secret key must lie in 1..N-1")
    if len(aux) != 32:
        raise ValueError("aux must be 32 bytes")
    point = to_affine(mul_g(d0))
    assert point is not None
    d = d0 if point[1] % 2 == 0 else N - d0
    t = _bytes(d ^ _int(tagged_hash("BIP0340/aux", aux)))
    px = _bytes(point[0])
    k0 = _int(tagged_hash("BIP0340/nonce", t + px + message)) % N
    if k0 == 0:  # probability 2**-256
        raise ValueError("the nonce is zero; sign again with other aux bytes")
    r = to_affine(mul_g(k0))
    assert r is not None
    k = k0 if r[1] % 2 == 0 else N - k0
    rx = _bytes(r[0])
    e = _int(tagged_hash("BIP0340/challenge", rx + px + message)) % N
    return rx + _bytes((k + e * d) % N)


def verify(message: bytes, public: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is a valid BIP-340 signature of ``message`` by ``public``."""
    if len(public) != 32 or len(signature) != 64:
        return False
    point = lift_x(_int(public))
    if point is None:
        return False
    r = _int(signature[:32])
    s = _int(signature[32:])
    if r >= P or s >= N:
        return False
    e = _int(tagged_hash("BIP0340/challenge", signature[:32] + public + message)) % N
    total = to_affine(add(mul_g(s), mul(N - e, point)))
    return total is not None and total[1] % 2 == 0 and total[0] == r


__all__ = ["GX", "GY", "public_key", "sign", "tagged_hash", "verify"]
