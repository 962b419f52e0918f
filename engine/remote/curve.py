"""The elliptic curve secp256k1 (SEC 2, section 2.4.1): the group that remote play uses.

Pure Python with the standard library: field inverses with ``pow(x, -1, P)``, square
roots with ``pow(x, (P + 1) // 4, P)`` (P is 3 mod 4). Points are kept in Jacobian
coordinates ``(X, Y, Z)`` standing for ``(X / Z**2, Y / Z**3)``; the point at infinity has
``Z == 0``. The curve is ``y**2 = x**3 + 7`` (a = 0, which the doubling formula uses).

Scalar multiplication of a variable point uses the curve's endomorphism (GLV: the scalar
is split into two halves of about 128 bits, ``k = k1 + k2 * LAMBDA``, and
``LAMBDA * (x, y) == (BETA * x, y)``) with interleaved width-5 NAF digits and a table of
odd multiples in affine coordinates (one batched inversion), so a multiplication costs
about 128 doublings and 50 mixed additions. Multiples of the generator use a table of
``j * 16**i * G`` built once: 64 additions and no doubling.

Nothing here is secret-dependent in timing terms beyond what Python itself does: remote
play runs on the players' own devices, where a timing side channel is no threat worth
its cost (see docs/remote.md).

Remote play uses the curve through x-coordinates only (:func:`mul_x`): the x-coordinate
of ``k * P`` is the same for both points ``P`` and ``-P`` with a given x, so a
multiplication of an x-coordinate is well defined.
"""

from __future__ import annotations

P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
GX = 0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798
GY = 0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8
B = 7

#: The endomorphism: LAMBDA * (x, y) == (BETA * x, y); LAMBDA**3 == 1 mod N, BETA**3 == 1 mod P.
LAMBDA = 0x5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72
BETA = 0x7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE
# A short basis of the lattice {(a, b): a + b * LAMBDA == 0 mod N} (Gallant, Lambert and
# Vanstone 2001; the values libsecp256k1 uses).
_A1 = 0x3086D221A7D46BCDE86C90E49284EB15
_B1 = -0xE4437ED6010E88286F547FA90ABFE4C3
_A2 = 0x114CA50F7A8E2F3F657C1108D9D44CFD8
_B2 = _A1

Affine = tuple[int, int]
Jacobian = tuple[int, int, int]
INFINITY: Jacobian = (1, 1, 0)

_SQRT_EXP = (P + 1) // 4
_WINDOW = 5
_HALF = 1 << (_WINDOW - 1)


def is_x(x: int) -> bool:
    """Whether ``x`` is the x-coordinate of a point of the curve (x**3 + 7 is a square)."""
    if not 0 <= x < P:
        return False
    return jacobi((x * x * x + B) % P) >= 0


def jacobi(a: int) -> int:
    """The Jacobi symbol (a / P): 1 for a square, -1 for a non-square, 0 for 0 (the binary
    algorithm: several times faster in Python than Euler's criterion with ``pow``)."""
    n = P
    result = 1
    while a:
        while not a & 1:
            a >>= 1
            if n & 7 in (3, 5):
                result = -result
        a, n = n, a
        if a & 3 == 3 and n & 3 == 3:
            result = -result
        a %= n
    return result if n == 1 else 0


def lift_x(x: int) -> Affine | None:
    """The point with x-coordinate ``x`` and an even y (BIP-340's lift_x), or None."""
    if not 0 <= x < P:
        return None
    c = (x * x * x + B) % P
    y = pow(c, _SQRT_EXP, P)
    if y * y % P != c:
        return None
    return (x, y if y & 1 == 0 else P - y)


def to_affine(point: Jacobian) -> Affine | None:
    """The affine point, None for the point at infinity."""
    x, y, z = point
    if z == 0:
        return None
    zi = pow(z, -1, P)
    zi2 = zi * zi % P
    return (x * zi2 % P, y * zi2 * zi % P)


def double(point: Jacobian) -> Jacobian:
    """2 * point (dbl-2009-l, a = 0)."""
    x1, y1, z1 = point
    if z1 == 0 or y1 == 0:
        return INFINITY
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = b * b % P
    d = 2 * ((x1 + b) * (x1 + b) - a - c) % P
    e = 3 * a
    x3 = (e * e - 2 * d) % P
    return (x3, (e * (d - x3) - 8 * c) % P, 2 * y1 * z1 % P)


def add_affine(point: Jacobian, other: Affine) -> Jacobian:
    """point + other, ``other`` affine (madd-2007-bl)."""
    x1, y1, z1 = point
    x2, y2 = other
    if z1 == 0:
        return (x2, y2, 1)
    zz = z1 * z1 % P
    h = (x2 * zz - x1) % P
    r = 2 * (y2 * z1 * zz - y1) % P
    if h == 0:
        return double(point) if r == 0 else INFINITY
    hh = h * h % P
    i = 4 * hh
    j = h * i
    v = x1 * i
    x3 = (r * r - j - 2 * v) % P
    return (x3, (r * (v - x3) - 2 * y1 * j) % P, ((z1 + h) * (z1 + h) - zz - hh) % P)


def add(point: Jacobian, other: Jacobian) -> Jacobian:
    """point + other, both Jacobian (add-2007-bl)."""
    x1, y1, z1 = point
    x2, y2, z2 = other
    if z1 == 0:
        return other
    if z2 == 0:
        return point
    z1z1 = z1 * z1 % P
    z2z2 = z2 * z2 % P
    u1 = x1 * z2z2 % P
    u2 = x2 * z1z1 % P
    s1 = y1 * z2 * z2z2 % P
    s2 = y2 * z1 * z1z1 % P
    h = (u2 - u1) % P
    r = 2 * (s2 - s1) % P
    if h == 0:
        return double(point) if r == 0 else INFINITY
    i = 4 * h * h % P
    j = h * i
    v = u1 * i
    x3 = (r * r - j - 2 * v) % P
    y3 = (r * (v - x3) - 2 * s1 * j) % P
    z3 = ((z1 + z2) * (z1 + z2) - z1z1 - z2z2) * h % P
    return (x3, y3, z3)


def negate(point: Jacobian) -> Jacobian:
    x, y, z = point
    return (x, (-y) % P, z)


def _batch_affine(points: list[Jacobian]) -> list[Affine]:
    """Affine forms of finite Jacobian points with one inversion (Montgomery's trick)."""
    prefix = []
    acc = 1
    for _, _, z in points:
        prefix.append(acc)
        acc = acc * z % P
    inv = pow(acc, -1, P)
    out: list[Affine] = [(0, 0)] * len(points)
    for k in range(len(points) - 1, -1, -1):
        x, y, z = points[k]
        zi = inv * prefix[k] % P
        inv = inv * z % P
        zi2 = zi * zi % P
        out[k] = (x * zi2 % P, y * zi2 * zi % P)
    return out


def _wnaf(k: int) -> list[int]:
    """Width-5 non-adjacent form of k >= 0, least significant digit first."""
    digits = []
    while k:
        if k & 1:
            d = k & (2 * _HALF - 1)
            if d >= _HALF:
                d -= 2 * _HALF
            k -= d
        else:
            d = 0
        digits.append(d)
        k >>= 1
    return digits


def split(k: int) -> tuple[int, int]:
    """(k1, k2) with k1 + k2 * LAMBDA == k mod N and |k1|, |k2| below about 2**128."""
    c1 = (_B2 * k + N // 2) // N
    c2 = (-_B1 * k + N // 2) // N
    k1 = k - c1 * _A1 - c2 * _A2
    k2 = -c1 * _B1 - c2 * _B2
    return k1, k2


def _odd_multiples(base: Affine) -> list[Affine]:
    """base, 3 base, 5 base, ..., (2 * _HALF - 1) base, affine."""
    point: Jacobian = (base[0], base[1], 1)
    twice = to_affine(double(point))
    if twice is None:  # base has order 2: impossible on a curve of prime order
        raise ValueError("a point of order 2 on secp256k1")
    out = [point]
    for _ in range(_HALF - 1):
        out.append(add_affine(out[-1], twice))
    if any(z == 0 for _, _, z in out):
        # A multiple of the base is infinite: only for a base of tiny order, which a curve
        # of prime order has none of; kept as a plain error rather than a wrong answer.
        raise ValueError("degenerate base point")
    return _batch_affine(out)


def mul(k: int, base: Affine) -> Jacobian:
    """k * base for an affine point ``base`` on the curve (any integer k)."""
    k %= N
    if k == 0:
        return INFINITY
    k1, k2 = split(k)
    table1 = _odd_multiples(base)
    table2 = [(BETA * x % P, y) for x, y in table1]
    if k1 < 0:
        k1 = -k1
        table1 = [(x, P - y) for x, y in table1]
    if k2 < 0:
        k2 = -k2
        table2 = [(x, P - y) for x, y in table2]
    neg1 = [(x, P - y) for x, y in table1]
    neg2 = [(x, P - y) for x, y in table2]
    n1, n2 = _wnaf(k1), _wnaf(k2)
    length = max(len(n1), len(n2))
    n1 += [0] * (length - len(n1))
    n2 += [0] * (length - len(n2))
    acc = INFINITY
    for i in range(length - 1, -1, -1):
        acc = double(acc)
        d = n1[i]
        if d > 0:
            acc = add_affine(acc, table1[d >> 1])
        elif d < 0:
            acc = add_affine(acc, neg1[(-d) >> 1])
        d = n2[i]
        if d > 0:
            acc = add_affine(acc, table2[d >> 1])
        elif d < 0:
            acc = add_affine(acc, neg2[(-d) >> 1])
    return acc


_G_TABLE: list[list[Affine]] = []


def _g_table() -> list[list[Affine]]:
    """``_G_TABLE[i][j - 1] == j * 16**i * G`` for i < 64 and 1 <= j <= 15 (built once)."""
    if not _G_TABLE:
        rows: list[Jacobian] = []
        base: Jacobian = (GX, GY, 1)
        for _ in range(64):
            row = [base]
            for _ in range(14):
                row.append(add(row[-1], base))
            rows.extend(row)
            base = double(double(double(double(base))))
        flat = _batch_affine(rows)
        _G_TABLE.extend(flat[i * 15 : i * 15 + 15] for i in range(64))
    return _G_TABLE


def mul_g(k: int) -> Jacobian:
    """k * G with the generator's table."""
    k %= N
    table = _g_table()
    acc = INFINITY
    i = 0
    while k:
        digit = k & 15
        if digit:
            acc = add_affine(acc, table[i][digit - 1])
        k >>= 4
        i += 1
    return acc


def mul_x(k: int, x: int) -> int:
    """The x-coordinate of k * (x, y), for an x-coordinate ``x`` of the curve and
    1 <= k < N (either y gives the same answer). ``ValueError`` if x is no x-coordinate."""
    point = lift_x(x)
    if point is None:
        raise ValueError("not an x-coordinate of secp256k1")
    if not 0 < k < N:
        raise ValueError("the scalar must lie in 1..N-1")
    result = to_affine(mul(k, point))
    if result is None:  # k * P is infinite only for k == 0 mod N: excluded above
        raise ValueError("the product is the point at infinity")
    return result[0]


def on_curve(point: Affine) -> bool:
    x, y = point
    return 0 <= x < P and 0 <= y < P and (y * y - x * x * x - B) % P == 0
