"""Games leaving and entering the browser: JSON files and links with the game in the URL.

A shared game is the engine save plus ``seats`` (who plays each seat), the same dict
as in a stored record's ``game``. In a link it sits in the fragment, which browsers do
not send to any server: ``#game=<base64url of the compact JSON>`` (a URI-encoded JSON
fragment is read too). Everything coming in is validated like a stored save.

Pure (CPython-tested): the page's half, the buttons, the drop and the dialog a link
opens, is `web.saves.sharing`.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from engine.errors import IngeniousError
from engine.game import Game
from engine.jsontext import MAX_TEXT, decode
from web.store.storage import StoredDataError, game_dict, load_game_and_seats

FRAGMENT_KEY = "game="
MAX_FILE = 512 * 1024
_B64URL = re.compile(r"^[A-Za-z0-9_-]*={0,2}$")


def export_text(game: Game, seats: list[str]) -> str:
    """A readable JSON file for a game (indented, one key per line)."""
    return json.dumps(game_dict(game, seats), indent=1) + "\n"


def export_filename(game: Game, stamp: str) -> str:
    safe = re.sub(r"[^0-9A-Za-z-]+", "-", stamp).strip("-")
    return f"ingenious-{game.variant.name}-{safe or 'game'}.json"


def fragment_for(game: Game, seats: list[str]) -> str:
    """``game=...`` for a URL fragment (no leading '#')."""
    text = json.dumps(game_dict(game, seats), separators=(",", ":"))
    return FRAGMENT_KEY + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def link_for(page_url: str, game: Game, seats: list[str]) -> str:
    """A link to ``game`` on the page at ``page_url``, without that page's own query
    (the sharer's settings, such as ``?speed=instant``) or fragment."""
    parts = urlsplit(page_url)
    page = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    return f"{page}#{fragment_for(game, seats)}"


def fragment_payload(fragment: str) -> str | None:
    """The encoded game of a ``#game=...`` fragment, or None if the link carries no game."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    return text[len(FRAGMENT_KEY) :] if text.startswith(FRAGMENT_KEY) else None


def decode_payload(payload: str) -> str:
    """The JSON text of a link's game: base64url, or URI-encoded JSON."""
    if len(payload) > MAX_TEXT * 2:
        raise StoredDataError("the link is too long to hold a real game")
    if payload.startswith(("%7B", "%7b", "{")):
        return unquote(payload)
    if not _B64URL.match(payload):
        raise StoredDataError("the link's game is neither base64url nor JSON")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        return raw.decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise StoredDataError("the link's game is damaged (bad base64url)") from None


def parse_game_text(text: str) -> tuple[Game, list[str]]:
    """A game and its seats from imported text; `StoredDataError` with the reason.

    Accepts the export format, a bare engine save, and a whole stored record.
    """
    if len(text) > MAX_FILE:
        raise StoredDataError(f"the file is too large ({len(text)} characters) to be a game")
    try:
        data: Any = decode(text, "the file")
    except IngeniousError as exc:
        raise StoredDataError(str(exc)) from None
    if isinstance(data, dict) and isinstance(data.get("game"), dict) and "format" not in data:
        data = data["game"]
    return load_game_and_seats(data)


def parse_fragment(fragment: str) -> tuple[Game, list[str]] | None:
    """The game a link carries, None if it carries none; `StoredDataError` if it is bad."""
    payload = fragment_payload(fragment)
    if payload is None:
        return None
    return parse_game_text(decode_payload(payload))


def summary(game: Game) -> str:
    """One line about a game, e.g. 'Standard game · Ann, Bob · 12 moves · finished'."""
    names = ", ".join(game.names)
    state = "finished" if game.phase == "over" else "in progress"
    return f"{game.variant.title} · {names} · {len(game.moves)} moves · {state}"
