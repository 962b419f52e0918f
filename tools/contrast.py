"""WCAG 2.2 contrast arithmetic on CSS colours (used by tests/web/test_contrast.py).

>>> round(contrast("#000", "#fff"), 2)
21.0
>>> round(contrast("#767676", "#ffffff"), 2)
4.54
>>> over("rgba(255, 255, 255, 0.5)", "#000000")
'#808080'
"""

from __future__ import annotations

import re

#: WCAG 2.2 minimum ratios: 1.4.3 (text, AA) and 1.4.11 (graphics and UI parts).
TEXT = 4.5
LARGE_TEXT = 3.0
GRAPHICS = 3.0

RGB = tuple[float, float, float]

_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\Z")
_RGBA = re.compile(r"rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)\Z")


def parse(colour: str) -> tuple[RGB, float]:
    """``#rgb``, ``#rrggbb``, ``rgb(...)`` or ``rgba(...)`` -> ((r, g, b) in 0..255, alpha)."""
    text = colour.strip()
    found = _HEX.match(text)
    if found:
        digits = found.group(1)
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        red, green, blue = (float(int(digits[i : i + 2], 16)) for i in (0, 2, 4))
        return (red, green, blue), 1.0
    found = _RGBA.match(text)
    if found:
        r, g, b = (float(found.group(i)) for i in (1, 2, 3))
        alpha = float(found.group(4)) if found.group(4) is not None else 1.0
        return (r, g, b), alpha
    raise ValueError(f"not a colour this module reads: {colour!r}")


def hex_of(rgb: RGB) -> str:
    return "#" + "".join(f"{round(max(0.0, min(255.0, c))):02x}" for c in rgb)


def over(colour: str, background: str) -> str:
    """The opaque colour seen when ``colour`` (maybe translucent) lies on ``background``."""
    front, alpha = parse(colour)
    back, back_alpha = parse(background)
    if back_alpha < 1.0:
        raise ValueError(f"the background must be opaque: {background!r}")
    f_r, f_g, f_b = front
    b_r, b_g, b_b = back
    return hex_of(
        (
            f_r * alpha + b_r * (1 - alpha),
            f_g * alpha + b_g * (1 - alpha),
            f_b * alpha + b_b * (1 - alpha),
        )
    )


def luminance(colour: str) -> float:
    """WCAG relative luminance of an opaque colour (0 black .. 1 white)."""
    rgb, alpha = parse(colour)
    if alpha < 1.0:
        raise ValueError(f"blend a translucent colour with over() first: {colour!r}")

    def channel(value: float) -> float:
        c = value / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two opaque colours, 1 .. 21 (order does not matter)."""
    a, b = luminance(first), luminance(second)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def grey(colour: str) -> str:
    """The colour as a greyscale printer or filter shows it (same luminance)."""
    y = luminance(colour)
    value = 12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
    return hex_of((value * 255.0,) * 3)
