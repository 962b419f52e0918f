"""Draw the app icons (SVG and PNG) from one shape list, with the standard library only.

Usage: ``python3 tools/make_icons.py [--out web/icons]``. The PNGs are committed; run
this after changing the design. tests/tools/test_icons.py checks that the committed
files are what this script draws.

The design: a wooden hexagon board with a cream centre cell holding a white tile and
the six game colours around it. ``icon-*.png`` and ``icon.svg`` have a transparent
background ("any" purpose); ``icon-maskable-*.png`` fills the square and keeps the
design inside the central safe circle (radius 40 %) that launchers may crop to.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "icons"

TABLE = "#3a2619"
BOARD_EDGE = "#6b4226"
BOARD_WOOD = "#8a5a34"
CELL = "#ecd9b0"
TILE = "#fffaf0"
COLOURS = ("#d7263d", "#f08a24", "#e8b400", "#2e9e44", "#1f6fd1", "#7d3cb5")

# (kind, centre x, centre y, radius, colour) in a unit square; "hex" is flat-topped.
Shape = tuple[str, float, float, float, str]


def design(scale: float) -> list[Shape]:
    """The icon's shapes, scaled about the centre (1.0 fills the square)."""
    c = 0.5
    shapes: list[Shape] = [
        ("hex", c, c, 0.49 * scale, BOARD_EDGE),
        ("hex", c, c, 0.44 * scale, BOARD_WOOD),
    ]
    cell = 0.125 * scale
    step = cell * math.sqrt(3)
    shapes.append(("hex", c, c, cell * 0.92, CELL))
    shapes.append(("hex", c, c, cell * 0.74, TILE))
    for i, colour in enumerate(COLOURS):
        angle = math.radians(-90 + 60 * i)
        x, y = c + step * math.cos(angle), c + step * math.sin(angle)
        shapes.append(("hex", x, y, cell * 0.92, CELL))
        shapes.append(("circle", x, y, cell * 0.55, colour))
    return shapes


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def svg(shapes: list[Shape], background: str | None = None) -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">']
    if background:
        parts.append(f'<rect width="512" height="512" fill="{background}"/>')
    for kind, cx, cy, r, colour in shapes:
        if kind == "hex":
            pts = " ".join(f"{x * 512:.1f},{y * 512:.1f}" for x, y in hex_points(cx, cy, r))
            parts.append(f'<polygon points="{pts}" fill="{colour}"/>')
        else:
            parts.append(
                f'<circle cx="{cx * 512:.1f}" cy="{cy * 512:.1f}" r="{r * 512:.1f}" '
                f'fill="{colour}"/>'
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def span(kind: str, cx: float, cy: float, r: float, y: float) -> tuple[float, float] | None:
    """The x interval a shape covers on the horizontal line at height y (unit units)."""
    dy = abs(y - cy)
    if kind == "circle":
        if dy >= r:
            return None
        half = math.sqrt(r * r - dy * dy)
        return cx - half, cx + half
    apothem = r * math.sqrt(3) / 2  # flat-topped: top and bottom edges at cy -/+ apothem
    if dy >= apothem:
        return None
    half = r - dy / math.sqrt(3)
    return cx - half, cx + half


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def raster(shapes: list[Shape], size: int, background: str | None, ss: int = 4) -> bytes:
    """RGBA rows (each with PNG filter byte 0), anti-aliased by ss x ss supersampling."""
    palette = [(0, 0, 0, 0) if background is None else (*rgb(background), 255)]
    palette += [(*rgb(colour), 255) for *_, colour in shapes]
    n = size * ss
    out = bytearray()
    for row in range(size):
        sample_rows = []
        for sub in range(ss):
            line = bytearray(n)
            y = (row * ss + sub + 0.5) / n
            for index, (kind, cx, cy, r, _) in enumerate(shapes, start=1):
                cover = span(kind, cx, cy, r, y)
                if cover is None:
                    continue
                a = max(0, math.ceil(cover[0] * n - 0.5))
                b = min(n, math.floor(cover[1] * n - 0.5) + 1)
                if b > a:
                    line[a:b] = bytes([index]) * (b - a)
            sample_rows.append(line)
        out.append(0)
        for col in range(size):
            block = [sr[col * ss + k] for sr in sample_rows for k in range(ss)]
            first = block[0]
            if block.count(first) == len(block):
                out += bytes(palette[first])
                continue
            total = [0, 0, 0, 0]
            for idx in block:
                red, green, blue, alpha = palette[idx]
                total[0] += red * alpha
                total[1] += green * alpha
                total[2] += blue * alpha
                total[3] += alpha
            alpha_sum = total[3]
            if alpha_sum == 0:
                out += b"\0\0\0\0"
            else:
                out += bytes(
                    [
                        round(total[0] / alpha_sum),
                        round(total[1] / alpha_sum),
                        round(total[2] / alpha_sum),
                        round(alpha_sum / len(block)),
                    ]
                )
    return bytes(out)


def png(size: int, rows: bytes) -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + tag
            + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


# file name -> (size in pixels, maskable)
PNG_ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
}


def render(name: str) -> bytes:
    size, maskable = PNG_ICONS[name]
    shapes = design(0.78 if maskable else 1.0)
    return png(size, raster(shapes, size, TABLE if maskable else None))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the app icons.")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    (out / "icon.svg").write_text(svg(design(1.0)), encoding="utf-8")
    for name in PNG_ICONS:
        (out / name).write_bytes(render(name))
    print(f"icons written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
