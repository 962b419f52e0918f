"""Reading JSON from untrusted text (saves, positions, URLs) without crashing.

A deeply nested document makes CPython raise ``RecursionError`` but overflows the
JavaScript stack in Pyodide and takes the page down, so nesting and size are
checked before ``json.loads`` ever sees the text.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import SaveFormatError

MAX_TEXT = 512 * 1024  # a long finished game saves to a few kilobytes
MAX_DEPTH = 32  # saves and positions nest four levels deep

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def decode(text: str, what: str) -> Any:
    """Decode ``text`` as JSON, refusing oversized or deeply nested documents.

    >>> decode('{"a": [1, 2]}', "a save")
    {'a': [1, 2]}
    """
    if len(text) > MAX_TEXT:
        raise SaveFormatError(f"{what} is too large ({len(text)} characters)")
    depth = 0
    for bracket in _BRACKETS.findall(_STRING.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise SaveFormatError(f"{what} is nested too deeply to be real")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveFormatError(f"{what} is not valid JSON ({exc})") from None
