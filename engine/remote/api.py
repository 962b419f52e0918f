"""What the page calls for remote play: plain text and JSON-ready dicts in, text out.

A *store* is the text the page keeps for one remote game on this device (in local storage,
under the same guarded reads as every key); it holds this device's secret, so an export of
it lets the player go on on another device, and must be said to hold the secret. A
*message* is text (base64url), or a link to the page with the message in its fragment
(``#m=...``), or that fragment alone: every function that takes a message takes any of
the three.

Every function either succeeds or raises ``IngeniousError`` (``MessageError`` for a
message, ``SaveFormatError`` for a store, ``IllegalMoveError`` for moves) whose text a
player can read; a store given in is never changed by a failed call. See docs/remote.md,
"The page's API", for the calls a whole game makes.
"""

from __future__ import annotations

import json
from typing import Any

from engine.formats.jsontext import decode
from engine.remote.device import Device
from engine.remote.store import from_json, to_json
from engine.remote.verify import verify
from engine.remote.wire import MessageError, from_text, parse, to_link, to_text
from engine.rules.errors import IngeniousError, SaveFormatError
from engine.rules.game import Game
from engine.rules.tiles import HIDDEN

MAX_STORE = 1024 * 1024  # a four-player game's store is about 60 KB


_LOADED: dict[str, Device] = {}  # the last stores read, by their text


def _load(store: str) -> Device:
    """The device of a store (a copy: a call may change it); reading a store replays its
    messages, so the last few read are kept."""
    if not isinstance(store, str):
        raise SaveFormatError("a stored remote game is text")
    device = _LOADED.get(store)
    if device is None:
        device = from_json(decode(store, "the stored remote game", max_text=MAX_STORE))
        if len(_LOADED) >= 16:
            del _LOADED[next(iter(_LOADED))]
        _LOADED[store] = device
    return device.copy()


def _dump(device: Device, verification: dict[str, Any] | None = None) -> str:
    data = to_json(device)
    if verification is not None:
        data["verification"] = verification
    return json.dumps(data, separators=(",", ":"))


def _verification(store: str) -> dict[str, Any] | None:
    value = decode(store, "the stored remote game", max_text=MAX_STORE).get("verification")
    return value if isinstance(value, dict) else None


def _finish(device: Device, before: dict[str, Any] | None) -> str:
    """The store after a change; the final verification runs once, when the last keys are in."""
    verification = before
    if device.table.finished and verification is None:
        verification = verify(device.log)
    return _dump(device, verification)


def create_game(variant: str, players: int, names: list[str]) -> dict[str, str]:
    """A new remote game with this device at seat 0 (the first to play).

    ``names``: one per seat (the other seats' may be empty: each friend gives a name when
    joining). Returns ``{"store": ..., "message": ...}``: the store to keep and the
    invitation to send to every friend (the largest message of the game, about 5,400
    characters as a link)."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise IngeniousError("the names are a list of text")
    device = Device.create(variant, players, names)
    return {"store": _dump(device), "message": to_text(device.log[0])}


def message_info(message: str) -> dict[str, Any]:
    """Which game, seat and number a message carries (to find its stored game), read
    without any stored game: ``{"game": id, "seat": s, "number": n, "invitation": bool}``."""
    msg = parse(from_text(message))
    h = msg.header
    return {"game": h.game_id.hex(), "seat": h.seat, "number": h.seq, "invitation": h.seq == 0}


def open_message(store: str | None, message: str) -> dict[str, Any]:
    """Open a message on this device: ``store`` is the stored game it belongs to, or None
    for an invitation opened here for the first time.

    Returns ``{"store": new store, "status": status(...), "since": [...]}``. A message
    that is damaged, cut, repeated, out of order, for another game or against the rules
    raises ``MessageError`` (its ``kind`` and text say which) and nothing changes."""
    raw = from_text(message)
    if store is None:
        msg = parse(raw)
        if msg.header.seq != 0:
            raise MessageError(
                "early",
                f"this is message {msg.header.seq} of a game this device does not have; open"
                " the invitation (message 0) first",
            )
        device = Device()
        before = None
    else:
        device = _load(store)
        before = _verification(store)
    seat = device.seat
    mark = _last_move_index(device, seat)
    device.receive(raw)
    new = _finish(device, before)
    return {"store": new, "status": status(new), "since": _since(device, mark)}


def join_game(store: str, seat: int, name: str) -> dict[str, str]:
    """Join ``seat`` (the one ``status`` gives as ``joinable``) under ``name``; returns
    ``{"store", "message"}``: the message to send to every other seat."""
    device = _load(store)
    raw = device.join(seat, name)
    return {"store": _finish(device, None), "message": to_text(raw)}


def play_turn(store: str, moves: list[str]) -> dict[str, str]:
    """Play this seat's turn: ``moves`` are the engine's moves of one whole turn (its
    placements, bonus placements included, then "swap" or "pass" if a swap was offered),
    as played on :func:`turn_game`. Returns ``{"store", "message"}``; ``IllegalMoveError``
    if the moves are not a legal, whole turn."""
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise IngeniousError("the moves are a list of text")
    device = _load(store)
    raw = device.compose(moves)
    return {"store": _finish(device, _verification(store)), "message": to_text(raw)}


def respond(store: str) -> dict[str, str]:
    """Make the message this device owes when the game waits on it without its turn
    (shares for the others' tiles, a remixed bag, its keys at the end): the page calls it
    as soon as ``status(...)["respond"]`` is true. Returns ``{"store", "message"}``."""
    device = _load(store)
    raw = device.compose()
    return {"store": _finish(device, _verification(store)), "message": to_text(raw)}


def turn_game(store: str) -> Game:
    """A copy of this device's game for playing its turn on (placements, previews, the
    swap offer, hints): the other seats' tiles are hidden. Send the moves played on it
    with :func:`play_turn`; changing the copy changes nothing stored."""
    device = _load(store)
    game = device.table.game
    if game is None:
        raise IngeniousError("the game has not started yet: not every seat has joined")
    copy = game.copy()
    copy.source = _Trial()
    return copy


class _Trial:
    def draw(self, game: Game, seat: int) -> tuple[int, int]:
        game.bag.pop()
        return HIDDEN

    def returned(self, game: Game, seat: int, tiles: list[tuple[int, int]]) -> None:
        return None

    def swap_offer(self, game: Game, seat: int) -> str | None:
        return game.variant.swap_offer(game, seat)


def status(store: str) -> dict[str, Any]:
    """Where the game stands on this device, for the screen and the Menu's list."""
    device = _load(store)
    t = device.table
    awaited = t.awaited()
    seat = device.seat
    owed = {} if seat is None or awaited != seat else t.owed(seat)
    game = t.game
    return {
        "game": t.game_id.hex(),
        "variant": t.variant,
        "players": t.players,
        "names": list(t.names),
        "seat": seat,
        "joined": t.joined,
        "joinable": awaited if seat is None and t.joined < t.players else None,
        "awaited": awaited,
        "awaited_name": None if awaited is None else t.names[awaited],
        "waiting_for": t.waiting_reason(),
        "my_turn": bool(owed.get("turn")),
        "respond": seat is not None
        and awaited == seat
        and not owed.get("turn")
        and t.joined == t.players,
        "messages": t.seq,
        "started": t.started,
        "over": t.over,
        "finished": t.finished,
        "pending_tiles": 0 if game is None or seat is None else game.racks[seat].count(HIDDEN),
        "last_sent": None if not device.sent else to_text(device.log[device.sent[-1]]),
        "verification": _verification(store),
    }


def view(store: str) -> dict[str, Any]:
    """The player view of this device's seat (``engine.rules.view.player_view``: its own
    tiles, the sizes of the hidden racks and of the bag), with ``"remote": status(...)``."""
    device = _load(store)
    game = device.table.game
    if game is None:
        raise IngeniousError("the game has not started yet: not every seat has joined")
    out = game.view(device.seat)
    out["remote"] = status(store)
    return out


def verify_game(text: str) -> dict[str, Any]:
    """The final verification of a stored or exported game (a store, or a JSON list of
    message texts): ``{"verified": bool, "problems": [{"message", "seat", "problem"}], ...}``."""
    data = decode(text, "the remote game", max_text=MAX_STORE)
    if isinstance(data, list):
        if not data or not all(isinstance(m, str) for m in data):
            raise SaveFormatError("a remote game to verify is a list of messages")
        log = [from_text(m) for m in data]
    else:
        log = from_json(data).log
    return verify(log)


def export_game(store: str) -> str:
    """The store as a file to carry the game to another device: it holds this seat's
    secret (whoever has it can play the seat), which the page says plainly."""
    return _dump(_load(store), _verification(store))


def import_game(text: str) -> str:
    """A store from an export (every field checked, every message replayed)."""
    return export_game(text)


def message_link(message: str, page: str) -> str:
    """The message as a link to ``page`` (this page's address), carried in the fragment."""
    return to_link(from_text(message), page)


def _last_move_index(device: Device, seat: int | None) -> int:
    game = device.table.game
    if game is None or seat is None:
        return 0
    moves = [i for i, e in enumerate(game.log) if e["seat"] == seat]
    return moves[-1] + 1 if moves else 0


def _since(device: Device, mark: int) -> list[dict[str, Any]]:
    """The engine's events since this seat's last move (``Game.apply``'s words)."""
    game = device.table.game
    return [] if game is None else list(game.log[mark:])


PART_PREFIX = "ingenious-part"


def split_message(message: str, size: int = 1000) -> list[str]:
    """A message in parts of at most ``size`` characters of it, each a text of its own
    (for QR codes: the big messages, an invitation or a remixed bag, do not fit one code).
    :func:`join_parts` puts them back together."""
    raw = from_text(message)
    h = parse(raw).header
    text = to_text(raw)
    size = max(100, size)
    chunks = [text[i : i + size] for i in range(0, len(text), size)]
    return [f"{PART_PREFIX}:{h.game_id.hex()}:{h.seq}:{k + 1}:{len(chunks)}:{c}"
            for k, c in enumerate(chunks)]  # fmt: skip


def join_parts(parts: list[str]) -> str:
    """The message of the parts :func:`split_message` made, in any order (each part once);
    ``MessageError`` if one is missing, repeated, damaged or of another message."""
    if not isinstance(parts, list) or not parts or len(parts) > 100:
        raise MessageError("unreadable", "give the parts of a message as a list")
    seen: dict[int, str] = {}
    whole: tuple[str, str, int] | None = None
    for part in parts:
        fields = part.strip().split(":") if isinstance(part, str) else []
        if len(fields) != 6 or fields[0] != PART_PREFIX:
            raise MessageError("unreadable", "this is not a part of an Ingenious message")
        try:
            k, n = int(fields[3]), int(fields[4])
        except ValueError:
            raise MessageError("damaged", "a part's number is damaged") from None
        key = (fields[1], fields[2], n)
        if whole is not None and key != whole:
            raise MessageError("foreign", "these parts belong to different messages")
        whole = key
        if not 1 <= k <= n or k in seen:
            raise MessageError("repeated", f"part {k} of {n} is given twice or does not exist")
        seen[k] = fields[5]
    assert whole is not None
    missing = [k for k in range(1, whole[2] + 1) if k not in seen]
    if missing:
        raise MessageError("cut", f"part {missing[0]} of {whole[2]} of this message is missing")
    message = "".join(seen[k] for k in range(1, whole[2] + 1))
    parse(from_text(message))  # its check bytes: the whole message arrived intact
    return message
