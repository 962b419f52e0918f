"""The app icons: valid PNGs of the sizes the manifest claims, drawn by tools/make_icons.py."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest

from tools import make_icons

ROOT = Path(__file__).resolve().parent.parent.parent
MANIFEST = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
PNG_ENTRIES = [i for i in MANIFEST["icons"] if i["type"] == "image/png"]


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from IHDR, after checking the signature and every chunk's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, size = 8, (0, 0)
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        tag, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(tag + body) & 0xFFFFFFFF == crc, f"bad CRC in {tag!r}"
        if tag == b"IHDR":
            size = struct.unpack(">II", body[:8])
        pos += 12 + length
    return size


@pytest.mark.parametrize("entry", PNG_ENTRIES, ids=lambda e: e["src"])
def test_each_png_icon_in_the_manifest_has_the_size_it_claims(entry: dict[str, str]) -> None:
    width, height = png_size((ROOT / entry["src"]).read_bytes())
    assert f"{width}x{height}" == entry["sizes"]


def test_installable_sizes_and_a_maskable_icon_are_offered() -> None:
    """Chromium wants 192 and 512 px icons; Android launchers crop a maskable one."""
    sizes = {e["sizes"] for e in PNG_ENTRIES}
    assert {"192x192", "512x512"} <= sizes
    assert any(e.get("purpose") == "maskable" for e in PNG_ENTRIES)


@pytest.mark.parametrize("name", sorted(make_icons.PNG_ICONS))
def test_the_committed_icons_are_what_the_script_draws(name: str) -> None:
    """Edit the design in tools/make_icons.py and rerun it; never the PNGs by hand."""
    assert (ROOT / "web" / "icons" / name).read_bytes() == make_icons.render(name)


def test_the_svg_icon_is_drawn_from_the_same_shapes() -> None:
    committed = (ROOT / "web" / "icons" / "icon.svg").read_text(encoding="utf-8")
    assert committed == make_icons.svg(make_icons.design(1.0))


def test_the_maskable_design_stays_inside_the_safe_circle() -> None:
    """Everything drawn on the maskable icon lies within 40 % of the size from the centre."""
    for kind, cx, cy, r, _ in make_icons.design(0.78):
        reach = ((cx - 0.5) ** 2 + (cy - 0.5) ** 2) ** 0.5 + r
        assert reach <= 0.40, (kind, reach)
