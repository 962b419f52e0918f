"""The crypto core of remote play: secp256k1, BIP-340 signatures, cards and the cipher.

The curve arithmetic is checked against the curve's published constants, the BIP-340
test vectors (bip340_vectors.csv, copied from github.com/bitcoin/bips, bip-0340) and a
second, naive implementation (affine double-and-add) written here.
"""

from __future__ import annotations

import csv
import random
from pathlib import Path

import pytest

from engine.remote import cards, curve, schnorr
from engine.rules.tiles import full_tile_set

VECTORS = Path(__file__).with_name("bip340_vectors.csv")
G = (curve.GX, curve.GY)


def naive_add(p1: tuple[int, int] | None, p2: tuple[int, int] | None) -> tuple[int, int] | None:
    P = curve.P
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2 and (y1 + y2) % P == 0:
        return None
    if p1 == p2:
        slope = 3 * x1 * x1 * pow(2 * y1, -1, P) % P
    else:
        slope = (y2 - y1) * pow(x2 - x1, -1, P) % P
    x3 = (slope * slope - x1 - x2) % P
    return (x3, (slope * (x1 - x3) - y1) % P)


def naive_mul(k: int, point: tuple[int, int]) -> tuple[int, int] | None:
    result = None
    for bit in bin(k)[2:]:
        result = naive_add(result, result)
        if bit == "1":
            result = naive_add(result, point)
    return result


def test_curve_constants() -> None:
    """The generator is on the curve, has order N, and the endomorphism is the one GLV uses."""
    assert curve.P == 2**256 - 2**32 - 977
    assert curve.on_curve(G)
    assert curve.mul(curve.N, G) == curve.INFINITY
    assert curve.to_affine(curve.mul(curve.N - 1, G)) == (curve.GX, curve.P - curve.GY)
    assert pow(curve.BETA, 3, curve.P) == 1 and pow(curve.LAMBDA, 3, curve.N) == 1
    assert curve.to_affine(curve.mul(curve.LAMBDA, G)) == (
        curve.BETA * curve.GX % curve.P,
        curve.GY,
    )


def test_small_multiples_of_g() -> None:
    """2G and 3G, as published (3G is BIP-340's public key of secret key 3)."""
    two = curve.to_affine(curve.mul_g(2))
    assert two is not None
    assert two[0] == 0xC6047F9441ED7D6D3045406E95C07CD85C778E4B8CEF3CA7ABAC09B95C709EE5
    assert curve.to_affine(curve.mul_g(3)) == naive_mul(3, G)
    three = curve.to_affine(curve.mul_g(3))
    assert three is not None
    assert three[0] == 0xF9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9


def test_multiplication_agrees_with_naive() -> None:
    """Windowed GLV multiplication, the generator's table and the x-only form give the
    naive double-and-add's answer for random scalars and points."""
    rng = random.Random(7)
    for _ in range(6):
        point = naive_mul(rng.randrange(1, curve.N), G)
        assert point is not None
        for k in (
            rng.randrange(1, curve.N),
            rng.randrange(1, 2**20),
            curve.N - rng.randrange(1, 99),
        ):
            expected = naive_mul(k, point)
            assert curve.to_affine(curve.mul(k, point)) == expected
            assert expected is not None and curve.mul_x(k, point[0]) == expected[0]
        k = rng.randrange(1, curve.N)
        assert curve.to_affine(curve.mul_g(k)) == naive_mul(k, G)


def test_split_is_short_and_exact() -> None:
    rng = random.Random(3)
    for k in [1, 2, curve.N - 1, curve.LAMBDA, *(rng.randrange(curve.N) for _ in range(200))]:
        k1, k2 = curve.split(k)
        assert (k1 + k2 * curve.LAMBDA - k) % curve.N == 0
        assert abs(k1) < 2**129 and abs(k2) < 2**129


def test_addition_special_cases() -> None:
    point = (curve.GX, curve.GY, 1)
    assert curve.add(point, curve.negate(point)) == curve.INFINITY
    assert curve.to_affine(curve.add(point, point)) == curve.to_affine(curve.double(point))
    assert curve.add_affine(curve.INFINITY, G) == (curve.GX, curve.GY, 1)
    assert curve.add_affine(curve.negate(point), G) == curve.INFINITY
    assert curve.mul(0, G) == curve.INFINITY


def test_x_coordinates() -> None:
    assert curve.is_x(curve.GX)
    assert not curve.is_x(curve.P) and not curve.is_x(-1)
    lifted = curve.lift_x(curve.GX)
    assert lifted is not None and curve.on_curve(lifted) and lifted[1] % 2 == 0
    # x = 5: 125 + 7 = 132 is not a square mod P (BIP-340 vector 5's key is not on the curve).
    assert curve.lift_x(0xEEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34) is None
    with pytest.raises(ValueError):
        curve.mul_x(5, 0xEEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34)
    with pytest.raises(ValueError):
        curve.mul_x(0, curve.GX)


def test_bip340_vectors() -> None:
    """Every published vector: public keys and signatures reproduced, verdicts agree."""
    rows = list(csv.DictReader(VECTORS.open(encoding="utf-8")))
    assert len(rows) == 19
    for row in rows:
        public = bytes.fromhex(row["public key"])
        message = bytes.fromhex(row["message"])
        signature = bytes.fromhex(row["signature"])
        if row["secret key"]:
            secret = bytes.fromhex(row["secret key"])
            assert schnorr.public_key(secret) == public, row["index"]
            assert schnorr.sign(message, secret, bytes.fromhex(row["aux_rand"])) == signature
        assert schnorr.verify(message, public, signature) == (
            row["verification result"] == "TRUE"
        ), (
            row["index"],
            row["comment"],
        )


def test_signature_binds_message_and_key() -> None:
    secret, other = bytes([1] * 32), bytes([2] * 32)
    signature = schnorr.sign(b"turn 3", secret, bytes(32))
    assert schnorr.verify(b"turn 3", schnorr.public_key(secret), signature)
    assert not schnorr.verify(b"turn 4", schnorr.public_key(secret), signature)
    assert not schnorr.verify(b"turn 3", schnorr.public_key(other), signature)
    assert not schnorr.verify(b"turn 3", schnorr.public_key(secret), signature[:63] + b"\x00")


def test_cards_are_distinct_points_for_the_tiles() -> None:
    points = cards.card_points()
    assert len(points) == len(set(points)) == 120
    assert all(curve.is_x(x) for x in points)
    assert cards.card_tiles() == tuple(full_tile_set())
    assert cards.card_of_point()[points[37]] == 37
    # The construction is fixed: the cards never change (stored games depend on them).
    assert f"{points[0]:064x}" == "7ef098c7dabfeb40568a8e4487508e3e8e94ba2669227886ece677cd81132bcc"
    assert (
        f"{points[119]:064x}" == "420dfa9a94dc496655c0c12be4ab99e0fcc890d76ce6d5155e29ddb82307a895"
    )


def test_card_construction_is_try_and_increment() -> None:
    """Card i is the first SHA-256(tag, i, counter) that is an x-coordinate."""
    import hashlib

    for i in (0, 1, 119):
        counter = 0
        while True:
            x = int.from_bytes(
                hashlib.sha256(cards.CARD_TAG + bytes([i]) + counter.to_bytes(4, "big")).digest(),
                "big",
            )
            if curve.is_x(x):
                break
            counter += 1
        assert cards.card_points()[i] == x


def test_locks_commute_and_unlock() -> None:
    rng = random.Random(11)
    a, b = rng.randrange(1, curve.N), rng.randrange(1, curve.N)
    x = cards.card_points()[5]
    both = cards.lock(b, cards.lock(a, x))
    assert both == cards.lock(a, cards.lock(b, x))
    assert cards.unlock(a, cards.unlock(b, both)) == x
    assert cards.unlock(b, cards.unlock(a, both)) == x
    assert cards.lock(a, x) != x


def test_derived_secrets() -> None:
    master = bytes(range(32))
    assert cards.scalar(master, "pass") == cards.scalar(master, "pass")
    assert cards.scalar(master, "pass") != cards.scalar(master, "hold", 0)
    assert 0 < cards.scalar(master, "x") < curve.N
    perm = cards.permutation(master, 120, "hold", 0)
    assert sorted(perm) == list(range(120))
    assert perm == cards.permutation(master, 120, "hold", 0)
    assert perm != cards.permutation(master, 120, "hold", 1)
    assert cards.permutation(master, 1, "x") == [0] and cards.permutation(master, 0, "x") == []


def test_permutations_are_uniform() -> None:
    """All 6 orders of 3 items come out about equally often (chi-square, 5 degrees of
    freedom, far below the 0.1% point 20.5)."""
    counts: dict[tuple[int, ...], int] = {}
    for n in range(1200):
        key = tuple(cards.permutation(n.to_bytes(4, "big"), 3, "u"))
        counts[key] = counts.get(key, 0) + 1
    assert len(counts) == 6
    chi2 = sum((c - 200) ** 2 / 200 for c in counts.values())
    assert chi2 < 20.5


def test_commitment_binds_game_and_seat() -> None:
    master = bytes(32)
    c = cards.commitment(master, b"g" * 8, 1)
    assert c != cards.commitment(master, b"g" * 8, 2)
    assert c != cards.commitment(master, b"h" * 8, 1)
    assert c != cards.commitment(bytes([1]) + bytes(31), b"g" * 8, 1)
