"""A device's remote game as stored JSON, and read back with every field checked.

The stored form holds the chain of messages, this device's seat and its secret (the
master secret and the signing key: whoever holds the store can play the seat), and the
numbers of the messages made here (for "send again"). Reading it back replays every
message, so a damaged store is refused with a clear message, never half read.
"""

from __future__ import annotations

from typing import Any

from engine.remote import schnorr
from engine.remote.cards import commitment
from engine.remote.device import Device
from engine.remote.wire import MessageError, from_text, to_text
from engine.rules.errors import SaveFormatError

STORE_FORMAT = "ingenious-remote"
STORE_VERSION = 1


def to_json(device: Device) -> dict[str, Any]:
    """The stored form of a device's game (its secret included)."""
    return {
        "format": STORE_FORMAT,
        "version": STORE_VERSION,
        "game": device.table.game_id.hex(),
        "seat": device.seat,
        "secret": None
        if device.seat is None
        else {"master": device.master.hex(), "signing": device.signing.hex()},
        "log": [to_text(raw) for raw in device.log],
        "sent": device.sent[:],
    }


MAX_LOG = 2000  # far above any game (a four-player game has about 100 messages)


def from_json(data: object) -> Device:
    """A device from its stored JSON (every field checked, every message replayed);
    ``SaveFormatError`` naming what is wrong, never another exception."""
    if not isinstance(data, dict):
        raise SaveFormatError("a stored remote game is a JSON object")
    if data.get("format") != STORE_FORMAT:
        raise SaveFormatError("this is not a stored remote game of Ingenious")
    if data.get("version") != STORE_VERSION:
        raise SaveFormatError(f"unknown version of a stored remote game: {data.get('version')!r}")
    unknown = set(data) - {
        "format",
        "version",
        "game",
        "seat",
        "secret",
        "log",
        "sent",
        "verification",
    }
    if unknown:
        raise SaveFormatError(f"unknown field {sorted(unknown)[0]!r} in the stored remote game")
    seat, secret, log, sent = (
        data.get("seat"),
        data.get("secret"),
        data.get("log"),
        data.get("sent"),
    )
    if not isinstance(log, list) or not log or len(log) > MAX_LOG:
        raise SaveFormatError("the stored remote game has no list of messages")
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4
    ):
        raise SaveFormatError("the stored remote game names no valid seat")
    if (seat is None) != (secret is None):
        raise SaveFormatError("the stored remote game's seat and secret do not go together")
    device = Device(seat)
    if secret is not None:
        if not isinstance(secret, dict) or set(secret) != {"master", "signing"}:
            raise SaveFormatError("the stored remote game's secret is not readable")
        device.master = _hex32(secret["master"])
        device.signing = _hex32(secret["signing"])
    if not isinstance(sent, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(log) for i in sent
    ):
        raise SaveFormatError("the stored remote game's list of sent messages is not readable")
    for number, text in enumerate(log):
        if not isinstance(text, str):
            raise SaveFormatError(f"message {number} of the stored remote game is not text")
        try:
            device.receive(from_text(text), check_signature=False)
        except MessageError as exc:
            raise SaveFormatError(f"the stored remote game is damaged: {exc}") from None
    t = device.table
    if data.get("game") != t.game_id.hex():
        raise SaveFormatError("the stored remote game's id does not match its messages")
    if seat is not None:
        if seat >= t.joined or t.keys[seat] != schnorr.public_key(device.signing):
            raise SaveFormatError("the stored secret is not this seat's key")
        if commitment(device.master, t.game_id, seat) != t.commits[seat]:
            raise SaveFormatError("the stored secret is not the one this seat promised")
    device.sent = sorted(set(sent))
    return device


def _hex32(value: object) -> bytes:
    if not isinstance(value, str) or len(value) != 64:
        raise SaveFormatError("a stored secret is not 32 bytes of hex")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise SaveFormatError("a stored secret is not 32 bytes of hex") from None
