"""QR codes (ISO/IEC 18004), written from the standard: byte mode, error correction level
L or M, versions 1 to 40, Reed-Solomon codes over GF(256), interleaved blocks, all eight
masks scored by the standard's four penalty rules, format and version information.

Pure Python (no browser), so CPython tests check it, against an independent encoder too
(`tests/web/test_qr.py` runs the npm ``qrcode-generator`` under Node). `encode` gives the
matrix (rows of booleans, True dark); `svg` draws one as a single path.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

Matrix = list[list[bool]]

#: The error correction codewords of a block, and the number of blocks, by version
#: (index 0 unused); the standard's table 9, levels L and M.
EC_PER_BLOCK = {
    "L": (0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
}  # fmt: skip
BLOCKS = {
    "L": (0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12,
          12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20,
          21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
}  # fmt: skip
LEVEL_BITS = {"L": 1, "M": 0}
QUIET = 4  # modules of light margin around a code (the standard's quiet zone)


class QRError(ValueError):
    """The data does not fit a QR code (of the version asked for)."""


# --- GF(256) and Reed-Solomon --------------------------------------------------------------

_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D  # x^8 + x^4 + x^3 + x^2 + 1
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def gf_mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def rs_generator(degree: int) -> list[int]:
    """The generator polynomial (x - a^0)(x - a^1)...(x - a^(degree-1)), highest first."""
    poly = [1]
    for i in range(degree):
        nxt = poly + [0]
        for j, c in enumerate(poly):
            nxt[j + 1] ^= gf_mul(c, _EXP[i])
        poly = nxt
    return poly


def rs_remainder(data: list[int], degree: int) -> list[int]:
    """The ``degree`` error correction codewords of ``data`` (the division's remainder)."""
    logs = [_LOG[c] for c in rs_generator(degree)[1:]]  # no coefficient is 0
    rest = [0] * degree
    for byte in data:
        factor = byte ^ rest[0]
        rest = rest[1:] + [0]
        if factor:
            lf = _LOG[factor]
            rest = [r ^ _EXP[g + lf] for r, g in zip(rest, logs, strict=True)]
    return rest


# --- the layout of a version ---------------------------------------------------------------


def size_of(version: int) -> int:
    return 17 + 4 * version


def alignment_centres(version: int) -> list[int]:
    """The rows (and columns) of the alignment patterns' centres (the standard's annex E)."""
    if version == 1:
        return []
    count = version // 7 + 2
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    last = size_of(version) - 7
    return [6] + [last - step * i for i in range(count - 2, -1, -1)]


def _bch(value: int, poly: int, bits: int) -> int:
    """``value`` followed by its BCH check bits (the remainder by ``poly``)."""
    top = poly.bit_length() - 1
    rest = value << top
    for shift in range(bits - 1, -1, -1):
        if rest >> (shift + top) & 1:
            rest ^= poly << shift
    return value << top | rest


def format_bits(level: str, mask: int) -> int:
    """The 15 format bits: level and mask, BCH(15,5), XOR 101010000010010."""
    return _bch(LEVEL_BITS[level] << 3 | mask, 0x537, 5) ^ 0x5412


def version_bits(version: int) -> int:
    """The 18 version bits (versions 7 and up): BCH(18,6)."""
    return _bch(version, 0x1F25, 6)


@dataclass
class _Grid:
    size: int
    dark: Matrix
    fixed: Matrix  # the function patterns' modules (no data, never masked)

    def set(self, row: int, col: int, dark: bool) -> None:
        self.dark[row][col] = dark
        self.fixed[row][col] = True


def _function_patterns(version: int) -> _Grid:
    n = size_of(version)
    grid = _Grid(n, [[False] * n for _ in range(n)], [[False] * n for _ in range(n)])
    for i in range(n):  # timing patterns
        grid.set(6, i, i % 2 == 0)
        grid.set(i, 6, i % 2 == 0)
    for top, left in ((0, 0), (0, n - 7), (n - 7, 0)):  # finders and their separators
        for r in range(-1, 8):
            for c in range(-1, 8):
                row, col = top + r, left + c
                if 0 <= row < n and 0 <= col < n:
                    ring = max(abs(r - 3), abs(c - 3))
                    grid.set(row, col, ring != 2 and ring != 4)
    centres = alignment_centres(version)
    last = centres[-1] if centres else 0
    for row in centres:
        for col in centres:
            if (row, col) in ((6, 6), (6, last), (last, 6)):
                continue  # the finders' corners
            for r in range(-2, 3):
                for c in range(-2, 3):
                    grid.set(row + r, col + c, max(abs(r), abs(c)) != 1)
    _place_format(grid, 0)  # reserved now, written with the mask's bits later
    if version >= 7:
        bits = version_bits(version)
        for i in range(18):
            dark = bits >> i & 1 == 1
            a, b = n - 11 + i % 3, i // 3
            grid.set(a, b, dark)
            grid.set(b, a, dark)
    return grid


def _place_format(grid: _Grid, bits: int) -> None:
    n = grid.size
    bit = [bits >> i & 1 == 1 for i in range(15)]
    for i in range(6):
        grid.set(i, 8, bit[i])
    grid.set(7, 8, bit[6])
    grid.set(8, 8, bit[7])
    grid.set(8, 7, bit[8])
    for i in range(9, 15):
        grid.set(8, 14 - i, bit[i])
    for i in range(8):
        grid.set(8, n - 1 - i, bit[i])
    for i in range(8, 15):
        grid.set(n - 15 + i, 8, bit[i])
    grid.set(n - 8, 8, True)  # the dark module


def total_codewords(version: int) -> int:
    """The codewords a version holds: its modules outside the function patterns, / 8."""
    fixed = _function_patterns(version).fixed
    return sum(row.count(False) for row in fixed) // 8


_TOTAL = [0] + [total_codewords(v) for v in range(1, 41)]


def data_capacity(version: int, level: str) -> int:
    """The data codewords of a version at a level."""
    return _TOTAL[version] - BLOCKS[level][version] * EC_PER_BLOCK[level][version]


def byte_capacity(version: int, level: str) -> int:
    """The most bytes a version holds at a level, in byte mode."""
    count_bits = 8 if version < 10 else 16
    return (data_capacity(version, level) * 8 - 4 - count_bits) // 8


def smallest_version(length: int, level: str) -> int:
    for version in range(1, 41):
        if byte_capacity(version, level) >= length:
            return version
    raise QRError(f"{length} bytes do not fit a QR code at level {level}")


# --- the codewords -------------------------------------------------------------------------


def data_codewords(data: bytes, version: int, level: str) -> list[int]:
    """Mode, count, the bytes, terminator and padding: the data codewords."""
    capacity = data_capacity(version, level)
    count_bits = 8 if version < 10 else 16
    bits: list[int] = []

    def put(value: int, width: int) -> None:
        bits.extend(value >> i & 1 for i in range(width - 1, -1, -1))

    put(0b0100, 4)
    put(len(data), count_bits)
    for byte in data:
        put(byte, 8)
    if len(bits) > capacity * 8:
        raise QRError(f"{len(data)} bytes do not fit version {version} at level {level}")
    put(0, min(4, capacity * 8 - len(bits)))
    put(0, -len(bits) % 8)
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0
    while len(words) < capacity:
        words.append((0xEC, 0x11)[pad % 2])
        pad += 1
    return words


def codewords(data: bytes, version: int, level: str) -> list[int]:
    """The final sequence: the blocks' data codewords, then their EC codewords, each
    interleaved a codeword of each block at a time (the short blocks first)."""
    words = data_codewords(data, version, level)
    count, ec = BLOCKS[level][version], EC_PER_BLOCK[level][version]
    short = len(words) // count
    longs = len(words) % count
    blocks, at = [], 0
    for b in range(count):
        length = short + (1 if b >= count - longs else 0)
        blocks.append(words[at : at + length])
        at += length
    out = [blk[i] for i in range(short + 1) for blk in blocks if i < len(blk)]
    checks = [rs_remainder(blk, ec) for blk in blocks]
    out += [chk[i] for i in range(ec) for chk in checks]
    return out


# --- masks and penalties -------------------------------------------------------------------

MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda i, j: (i + j) % 2 == 0,
    lambda i, j: i % 2 == 0,
    lambda i, j: j % 3 == 0,
    lambda i, j: (i + j) % 3 == 0,
    lambda i, j: (i // 2 + j // 3) % 2 == 0,
    lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
    lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
    lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
)  # (row i, column j): the module is inverted where true


_RUNS = re.compile("0{5,}|1{5,}")
_FINDER_LIKE = ("10111010000", "00001011101")  # neither overlaps itself: str.count is exact


def line_penalty(line: str) -> int:
    """Rules 1 and 3 on one row or column (1 dark, 0 light): 3 + (length - 5) for each run
    of 5 or more modules of one colour; 40 for each 1:1:3:1:1 dark pattern with 4 light
    modules on one side, within the symbol."""
    runs = sum(m.end() - m.start() - 2 for m in _RUNS.finditer(line))
    return runs + 40 * sum(line.count(p) for p in _FINDER_LIKE)


def penalty(matrix: Matrix) -> int:
    """The standard's four rules: runs (N1 = 3), 2x2 blocks of one colour (N2 = 3),
    finder-like patterns (N3 = 40), and 10 for each full 5 % the dark share is off 50 %
    (N4)."""
    return _penalty([_row_bits(row) for row in matrix], len(matrix))


def _row_bits(row: list[bool]) -> int:
    """A row as an integer, column 0 its highest bit."""
    return int("".join("1" if d else "0" for d in row) or "0", 2)


def _penalty(bits: list[int], n: int) -> int:
    rows = [format(r, f"0{n}b") for r in bits]
    cols = ["".join(col) for col in zip(*rows, strict=True)]
    score = sum(line_penalty(line) for line in rows + cols)
    ones = (1 << n) - 1
    for a, b in zip(bits, bits[1:], strict=False):
        dark, light = a & b, ~(a | b) & ones
        score += 3 * (bin(dark & dark >> 1).count("1") + bin(light & light >> 1).count("1"))
    dark_modules = sum(row.count("1") for row in rows)
    return score + 10 * (abs(dark_modules * 20 - n * n * 10) // (n * n))


# --- the symbol ----------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _layout(version: int) -> tuple[_Grid, list[tuple[int, int]], list[int]]:
    """A version's function patterns, the data modules in the order they are filled (the
    zigzag of two-module columns, upward first, from the right) and, by row, the bits
    where a mask applies (every data module)."""
    grid = _function_patterns(version)
    n, order = grid.size, []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5  # the vertical timing pattern's column is skipped
        upward = (right + 1) & 2 == 0
        for step in range(n):
            row = n - 1 - step if upward else step
            order += [(row, col) for col in (right, right - 1) if not grid.fixed[row][col]]
        right -= 2
    free = [_row_bits([not f for f in row]) for row in grid.fixed]
    return grid, order, free


@lru_cache(maxsize=64)
def _mask_rows(version: int, mask: int) -> list[int]:
    """The modules a mask inverts, by row (outside the function patterns)."""
    n, test = size_of(version), MASKS[mask]
    free = _layout(version)[2]
    return [_row_bits([test(r, c) for c in range(n)]) & free[r] for r in range(n)]


@lru_cache(maxsize=16)
def _format_rows(version: int, level: str, mask: int) -> tuple[list[int], list[int]]:
    """The format information's dark modules and all its places, by row."""
    n = size_of(version)
    grid = _Grid(n, [[False] * n for _ in range(n)], [[False] * n for _ in range(n)])
    _place_format(grid, format_bits(level, mask))
    return [_row_bits(row) for row in grid.dark], [_row_bits(row) for row in grid.fixed]


def _symbol(words: list[int], version: int, level: str, masks: range) -> dict[int, list[int]]:
    """The codewords placed, then the rows (as integers) under each of ``masks``."""
    grid, order, _free = _layout(version)
    dark = [row[:] for row in grid.dark]
    for at, (row, col) in enumerate(order[: len(words) * 8]):
        dark[row][col] = words[at >> 3] >> (7 - (at & 7)) & 1 == 1
    base = [_row_bits(row) for row in dark]
    out = {}
    for mask in masks:
        fmt_dark, fmt_at = _format_rows(version, level, mask)
        out[mask] = [
            (b ^ m) & ~f | d
            for b, m, f, d in zip(base, _mask_rows(version, mask), fmt_at, fmt_dark, strict=True)
        ]
    return out


@dataclass(frozen=True)
class Code:
    """A QR code: its matrix (rows, True dark), version, level and mask."""

    matrix: Matrix
    version: int
    level: str
    mask: int

    @property
    def size(self) -> int:
        return len(self.matrix)


def encode(data: bytes | str, level: str | None = None, version: int | None = None,
           mask: int | None = None) -> Code:  # fmt: skip
    """The QR code of ``data`` (a text is UTF-8) in byte mode: the smallest version that
    holds it (or ``version``); at ``level``, or, when None, at M if M fits the version
    that L needs, else L; with ``mask``, or the one of least penalty."""
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if level is None:
        version = version or smallest_version(len(raw), "L")
        level = "M" if byte_capacity(version, "M") >= len(raw) else "L"
    if level not in LEVEL_BITS:
        raise QRError(f"level {level!r}: only L and M are made")
    version = version or smallest_version(len(raw), level)
    if not 1 <= version <= 40:
        raise QRError(f"there is no QR version {version}")
    n = size_of(version)
    masks = range(8) if mask is None else range(mask, mask + 1)
    masked = _symbol(codewords(raw, version, level), version, level, masks)
    if mask is None:
        mask = min(range(8), key=lambda k: (_penalty(masked[k], n), k))
    matrix = [[c == "1" for c in format(r, f"0{n}b")] for r in masked[mask]]
    return Code(matrix, version, level, mask)


def matrix_text(matrix: Matrix) -> str:
    """A matrix as rows of 1 (dark) and 0, joined by commas (for a ``data-`` attribute)."""
    return ",".join("".join("1" if d else "0" for d in row) for row in matrix)


def svg_path(matrix: Matrix, quiet: int = QUIET) -> str:
    """The path data of the dark modules, a rectangle per horizontal run."""
    out = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                out.append(f"M{start + quiet} {r + quiet}h{c - start}v1h-{c - start}z")
            else:
                c += 1
    return "".join(out)
