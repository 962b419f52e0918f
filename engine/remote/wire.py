"""Messages of remote play as bytes and as text (docs/remote.md, "The message format").

A message is::

    0   1   0x52, the magic byte          13  4   the first 4 bytes of the previous
    1   1   format version (1)                    message's hash (zeros for message 0)
    2   8   game id                       17  3   body length L
    10  1   the sender's seat             20  L   body: items (tag byte, payload)
    11  2   sequence number               20+L 64 BIP-340 signature
                                          84+L 4  the first 4 bytes of the message's hash

The hash of a message is SHA-256 of its bytes up to the signature included; its first 4
bytes close the message (a damaged or cut message is told apart from a forged one) and
open the next one. The signature covers a domain tag, the header, the body and the whole
hash of the previous message, so a message belongs to one game, one seat, one place in
the chain. As text a message is base64url without padding; in a link it is the fragment
``#m=...`` of the page's address, which no server ever sees.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass

from engine.rules.errors import IngeniousError

MAGIC = 0x52
VERSION = 1
HEADER = 20
SIGNATURE = 64
CHECK = 4
OVERHEAD = HEADER + SIGNATURE + CHECK
MAX_BODY = 1 << 16  # a merged deck is under 4,000 bytes; a pass 3,842
MAX_TEXT = (OVERHEAD + MAX_BODY) * 4 // 3 + 2048  # base64 of the largest message, and a link
SIGN_TAG = b"ingenious/remote/v1/message"
LINK_KEY = "m="


class MessageError(IngeniousError):
    """A message that cannot be read or does not fit the game; the stored game is unchanged.

    ``kind`` names the trouble for the page: ``unreadable``, ``damaged``, ``cut``,
    ``foreign`` (another game), ``repeated``, ``early`` (one or more messages missing
    before it), ``late`` (it branches off the chain), ``unexpected`` (not this seat's turn
    to send), ``forged`` (the signature fails) or ``broken`` (it breaks the rules)."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(text)
        self.kind = kind


@dataclass(frozen=True)
class Header:
    game_id: bytes
    seat: int
    seq: int
    prev: bytes  # first 4 bytes of the previous message's hash
    length: int


@dataclass(frozen=True)
class Message:
    header: Header
    body: bytes
    signature: bytes
    raw: bytes  # the whole message

    @property
    def digest(self) -> bytes:
        return message_hash(self.raw)

    @property
    def signed(self) -> bytes:
        return self.raw[: HEADER + self.header.length]


def message_hash(raw: bytes) -> bytes:
    """The hash of a message: SHA-256 of everything before its check bytes."""
    return hashlib.sha256(raw[:-CHECK]).digest()


def signed_bytes(head_and_body: bytes, prev_hash: bytes) -> bytes:
    """What the signature covers: a domain tag, the header and body, the previous hash."""
    return SIGN_TAG + head_and_body + prev_hash


def pack_header(game_id: bytes, seat: int, seq: int, prev_hash: bytes, length: int) -> bytes:
    if len(game_id) != 8 or not 0 <= seat < 256 or not 0 <= seq < 65536:
        raise ValueError("bad header fields")
    if length >= MAX_BODY:
        raise ValueError("message body too large")
    return (
        bytes([MAGIC, VERSION])
        + game_id
        + bytes([seat])
        + seq.to_bytes(2, "big")
        + (prev_hash[:4] if seq else bytes(4))
        + length.to_bytes(3, "big")
    )


def finish(head_and_body: bytes, signature: bytes) -> bytes:
    """The message: header, body, signature and check bytes."""
    without_check = head_and_body + signature
    return without_check + hashlib.sha256(without_check).digest()[:CHECK]


def describe(header: Header) -> str:
    return f"message {header.seq} from seat {header.seat + 1} of game {header.game_id.hex()}"


def parse(raw: bytes) -> Message:
    """The message in ``raw``; :class:`MessageError` saying what is wrong with it."""
    if len(raw) < HEADER:
        raise MessageError("unreadable", "this is not an Ingenious message: it is too short")
    if raw[0] != MAGIC:
        raise MessageError("unreadable", "this is not an Ingenious message")
    if raw[1] != VERSION:
        raise MessageError(
            "unreadable",
            f"this message is of format {raw[1]}; this version of the game reads format"
            f" {VERSION} (update the game, or ask for the message again)",
        )
    header = Header(
        game_id=raw[2:10],
        seat=raw[10],
        seq=int.from_bytes(raw[11:13], "big"),
        prev=raw[13:17],
        length=int.from_bytes(raw[17:20], "big"),
    )
    total = HEADER + header.length + SIGNATURE + CHECK
    if len(raw) < total:
        raise MessageError(
            "cut",
            f"{describe(header)} is cut short: {len(raw)} of its {total} bytes arrived"
            " (send it again, as a file or a link that is not shortened)",
        )
    if len(raw) > total:
        raise MessageError("damaged", f"{describe(header)} has {len(raw) - total} bytes too many")
    if hashlib.sha256(raw[:-CHECK]).digest()[:CHECK] != raw[-CHECK:]:
        raise MessageError(
            "damaged", f"{describe(header)} was damaged on its way (ask for it again)"
        )
    body = raw[HEADER : HEADER + header.length]
    signature = raw[HEADER + header.length : HEADER + header.length + SIGNATURE]
    return Message(header, body, signature, raw)


def to_text(raw: bytes) -> str:
    """A message as text: base64url without padding."""
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def to_link(raw: bytes, page: str) -> str:
    """A message as a link to ``page`` (the game's address), carried in the fragment."""
    return f"{page.split('#', 1)[0]}#{LINK_KEY}{to_text(raw)}"


def from_text(text: str) -> bytes:
    """The bytes of a message given as text, a fragment or a whole link (white space, as
    chat programs insert it, is ignored)."""
    if not isinstance(text, str):
        raise MessageError("unreadable", "a message is text")
    if len(text) > MAX_TEXT:
        raise MessageError("unreadable", f"this text is too long to be a message ({len(text)})")
    if "#" in text:
        text = text.split("#", 1)[1]
    if LINK_KEY in text:
        text = text.split(LINK_KEY, 1)[1].split("&", 1)[0]
    text = "".join(text.split())
    if not text:
        raise MessageError("unreadable", "the message is empty")
    if any(c not in _ALPHABET for c in text):
        raise MessageError("unreadable", "this is not an Ingenious message (unexpected characters)")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise MessageError(
            "cut", "the message text is cut or damaged (its length is odd)"
        ) from None


_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class Reader:
    """Reads a body item by item; a short body raises ``MessageError`` ("broken")."""

    def __init__(self, data: bytes, what: str) -> None:
        self.data = data
        self.at = 0
        self.what = what

    def take(self, n: int) -> bytes:
        if n < 0 or self.at + n > len(self.data):
            raise MessageError("broken", f"{self.what} ends too soon")
        out = self.data[self.at : self.at + n]
        self.at += n
        return out

    def byte(self) -> int:
        return self.take(1)[0]

    def uint(self, n: int) -> int:
        return int.from_bytes(self.take(n), "big")

    def done(self) -> bool:
        return self.at >= len(self.data)


class Writer:
    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def byte(self, value: int) -> None:
        self.parts.append(bytes([value]))

    def uint(self, value: int, n: int) -> None:
        self.parts.append(value.to_bytes(n, "big"))

    def raw(self, data: bytes) -> None:
        self.parts.append(data)

    def point(self, x: int) -> None:
        self.parts.append(x.to_bytes(32, "big"))

    def bytes(self) -> bytes:
        return b"".join(self.parts)
