"""Kept messages read from outside (a stored summary, a save): their form and limits,
checked before anything fills them (pure; imports nothing of ``web/``, so the package's
front door can import it).
"""

from __future__ import annotations

import re
from typing import Any

#: A kept message: {"m": msgid, "a": {name: value}} (plural: also "p" and "n", the
#: plural id and the name of the argument that counts). Plain JSON.
Msg = dict[str, Any]
#: How deep kept messages may nest (an argument that is a message, ...); real ones nest 3.
MAX_MSG_DEPTH = 8
#: The limits of a kept message read from outside (a stored summary, a save): its texts'
#: length and its arguments' count.
MAX_MSG_TEXT = 1000
MAX_MSG_ARGS = 24
_ARG_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,39}$")


def check_msg(value: object, depth: int = 0) -> Msg:
    """A kept message read from outside, checked and rebuilt from its known parts (the id,
    the plural id and counting argument, the arguments: text, whole numbers, true/false
    or messages, :data:`MAX_MSG_DEPTH` deep at most); anything else in it is dropped.
    ``ValueError`` says what is wrong with one that cannot be a message."""
    if depth >= MAX_MSG_DEPTH:
        raise ValueError("the message is nested too deeply")
    if not isinstance(value, dict):
        raise ValueError("a message must be an object")
    out: Msg = {"m": _msg_text(value.get("m"), "its id")}
    if "p" in value or "n" in value:
        out["p"] = _msg_text(value.get("p"), "its plural id")
        count = value.get("n")
        if not isinstance(count, str) or not _ARG_NAME.match(count):
            raise ValueError("the message's counting argument has no name")
        out["n"] = count
    raw = value.get("a", {})
    if not isinstance(raw, dict) or len(raw) > MAX_MSG_ARGS:
        raise ValueError("the message's arguments must be a short object")
    args: dict[str, Any] = {}
    for key, arg in raw.items():
        if not isinstance(key, str) or not _ARG_NAME.match(key):
            raise ValueError("a message argument has no proper name")
        if isinstance(arg, dict):
            args[key] = check_msg(arg, depth + 1)
        elif isinstance(arg, str):
            args[key] = _msg_text(arg, "an argument")
        elif isinstance(arg, bool) or (isinstance(arg, int) and abs(arg) <= 2**53):
            args[key] = arg
        else:
            raise ValueError("a message argument must be text, a whole number or a message")
    out["a"] = args
    return out


def _msg_text(value: object, what: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_MSG_TEXT:
        raise ValueError(f"the message's {what} must be text of at most {MAX_MSG_TEXT} characters")
    return value


__all__ = ["MAX_MSG_ARGS", "MAX_MSG_DEPTH", "MAX_MSG_TEXT", "Msg", "check_msg"]
