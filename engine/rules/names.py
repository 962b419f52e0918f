"""Names as players see them: one cleaning for every way a name comes in.

A name is typed in a start form, or arrives in a save, a shared link, an imported file
or a challenge save: all of them pass through :func:`clean_name` (the engine applies it
when a game is created, so every load path gets it; the web forms apply it too). It
never refuses a name, it repairs it:

- control characters (NUL, tabs, newlines, DEL and the C1 range) and the invisible
  characters that reorder or hide text (bidi embeddings, overrides, isolates and marks,
  zero-width space, byte-order mark, interlinear annotation) are removed, so a name
  cannot reverse the words around it or spread over several lines;
- runs of white space become one space, and the ends are trimmed;
- long stacks of combining accents are cut to three;
- the length is capped (after the cleaning);
- what is left empty becomes the ``fallback``.

>>> clean_name("  Ann\\u202e\\nBob\\x00  ")
'Ann Bob'
>>> clean_name("\\u2066\\u2069", fallback="Player 2")
'Player 2'
"""

from __future__ import annotations

import re

MAX_NAME = 40  # what a save or a link may carry; the start forms allow 24

# C0 and C1 controls, DEL, lone surrogates, and the format characters that reorder or
# hide text: ALM, zero-width space, LRM/RLM, LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI,
# word joiner and invisible operators, BOM, interlinear annotation. ZWJ and ZWNJ stay:
# emoji sequences and several scripts need them.
_HIDDEN = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064"
    "\u2066-\u206f\ud800-\udfff\ufeff\ufff9-\ufffb]"
)
_MARKS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_MARK_STACK = re.compile(f"([{_MARKS}]{{3}})[{_MARKS}]+")


def clean_name(value: str, fallback: str = "", limit: int = MAX_NAME) -> str:
    """``value`` made safe to show as a name (see the module text); never raises for text."""
    text = " ".join(str(value).split())  # every kind of white space and line break
    text = _HIDDEN.sub("", text)
    text = _MARK_STACK.sub(r"\1", text)
    text = " ".join(text.split())[:limit].rstrip()
    return text or fallback
