"""Reading JSON from untrusted text (saves, positions, URLs) without crashing.

A deeply nested document makes CPython raise ``RecursionError`` but overflows the
JavaScript stack in Pyodide and takes the page down, so nesting and size are
checked before ``json.loads`` ever sees the text.

The check runs in time linear in the text (one pass of a regular expression whose
every alternative consumes what it matches, then a running sum in C), so a hostile
text of the largest allowed size is refused in milliseconds; see
``tests/engine/test_jsontext.py`` for the figures it is held to.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from engine.rules.errors import SaveFormatError

MAX_TEXT = 512 * 1024  # a long finished game saves to a few kilobytes
MAX_DEPTH = 32  # saves and positions nest four levels deep

# A JSON string, closed or not: an unclosed one runs to the end of the text (json.loads
# then refuses it). Never backtracks: after the opening quote nothing can fail. The
# former pattern demanded the closing quote, so on text like {"\"\"\"... every quote
# started a scan to the end: quadratic time (a 107,000-character link froze the tab).
_STRING = re.compile(r'"(?:[^"\\]+|\\.)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """The deepest nesting of brackets outside strings (linear time).

    >>> nesting('{"a": [1, {"b": "]]]"}]}')
    3
    """
    brackets = _BRACKETS.findall(_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def decode(text: str, what: str, max_text: int = MAX_TEXT) -> Any:
    """Decode ``text`` as JSON, refusing oversized or deeply nested documents.

    ``max_text`` raises the size limit for the rare caller that must read back large
    texts it stored itself (the set-aside entries), never for text from outside.

    >>> decode('{"a": [1, 2]}', "a save")
    {'a': [1, 2]}
    """
    if len(text) > max_text:
        raise SaveFormatError(f"{what} is too large ({len(text)} characters)")
    if nesting(text) > MAX_DEPTH:
        raise SaveFormatError(f"{what} is nested too deeply to be real")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveFormatError(f"{what} is not valid JSON ({exc})") from None
