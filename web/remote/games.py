"""The remote games kept on this device, and the steps of one (pure: any `web.store.Store`).

Each game is one key, ``ingenious.remote.<game id>``, holding the engine's store text
(`engine.remote.api`: it holds this device's secret for the game). It is read through
`web.store.storage.read_stored` like every stored value: a damaged entry is set aside with
the reason, never used half read.

Every step returns an :class:`Outcome`: the game it concerns, what to say, what to send.
A step that fails (a damaged, repeated, early or foreign message, an illegal turn, a full
storage) names the problem and leaves the stored game exactly as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.remote import api
from engine.remote.wire import MessageError
from engine.rules.errors import IngeniousError
from web.i18n import N_, _, fmt
from web.i18n import join as join_words
from web.play.engine_words import engine_text
from web.store.storage import PREFIX, problem_text, read_stored, store_keys

REMOTE_PREFIX = PREFIX + "remote."
#: The parts of a split message opened so far (a QR code each), by game and message number:
#: ``ingenious.remote-parts.<game id>.<number>``, a list of the parts' texts.
PARTS_PREFIX = PREFIX + "remote-parts."
MAX_PARTS = 100
VARIANT_SEATS = {"standard": (2, 3, 4), "team": (4,), "duel": (2,)}


@dataclass
class Outcome:
    """What a step did: ``game`` (its id, or None), ``problem`` (nothing changed: why),
    ``since`` (the engine's events since this seat's last move), ``send`` (a message this
    device made, to send to every other seat) and ``note`` (what else to say)."""

    game: str | None = None
    problem: str = ""
    since: list[dict[str, Any]] = field(default_factory=list)
    send: str | None = None
    note: str = ""


def key_of(game: str) -> str:
    return REMOTE_PREFIX + game


def _checked(text: Any) -> str:
    if not isinstance(text, str):
        raise ValueError("a stored remote game is text")
    api.status(text)  # replays every message and checks every field
    return text


def read(store: Any, game: str, problems: list[str] | None = None) -> str | None:
    """The stored game ``game`` (its store text), None if this device has none."""
    found = read_stored(store, key_of(game), _checked, [] if problems is None else problems,
                        None, text=True, max_text=api.MAX_STORE)  # fmt: skip
    return found if isinstance(found, str) else None


def listed(store: Any, problems: list[str] | None = None) -> list[str]:
    """Every remote game kept here (their store texts), the most recent message first."""
    found = []
    for key in sorted(store_keys(store)):
        if key.startswith(REMOTE_PREFIX):
            text = read(store, key[len(REMOTE_PREFIX) :], problems)
            if text is not None:
                found.append(text)
    return found


def _keep(store: Any, text: str) -> str:
    """Write a game's new store; '' or the problem (the browser refused: nothing kept)."""
    try:
        store.setItem(key_of(str(api.status(text)["game"])), text)
    except Exception as exc:
        return problem_text(exc, N_("Could not keep this remote game"))
    return ""


def _said(exc: IngeniousError) -> str:
    return engine_text(str(exc))


def create(store: Any, variant: str, players: int, name: str) -> Outcome:
    """A new game with this device at seat 0; the invitation to send to every friend."""
    if players not in VARIANT_SEATS.get(variant, ()):
        return Outcome(problem=_("Choose the standard game (2 to 4 players), the team game or"
                                 " the duel."))  # fmt: skip
    names = [name.strip()[:24] or _("Player 1")] + [""] * (players - 1)
    try:
        made = api.create_game(variant, players, names)
    except IngeniousError as exc:
        return Outcome(problem=fmt("The game could not be made: {problem}", problem=_said(exc)))
    game = str(api.status(made["store"])["game"])
    problem = _keep(store, made["store"])
    if problem:
        return Outcome(problem=problem)
    return Outcome(game, send=made["message"],
                   note=_("Send this invitation to every friend who plays."))  # fmt: skip


def open_text(store: Any, text: str) -> Outcome:
    """Open a message (a link, its fragment or the text): applied to its game kept here,
    or, an invitation, kept as a new game to join. When the game then waits on this device
    for something other than a turn, that message is made at once (`respond`)."""
    text = text.strip()
    if not text:
        return Outcome(problem=_("Paste a message first, or open its file."))
    if text.startswith("{"):
        return bring(store, text)
    part = part_of(text)
    if part is not None:
        return collect(store, part)
    try:
        info = api.message_info(text)
    except MessageError as exc:
        return Outcome(problem=fmt("This message was not opened: {problem}", problem=_said(exc)))
    game = str(info["game"])
    problems: list[str] = []
    kept = read(store, game, problems)
    if problems:
        return Outcome(game, problem=" ".join(problems))
    try:
        opened = api.open_message(kept, text)
    except IngeniousError as exc:
        said = fmt("This message was not opened: {problem}", problem=_said(exc))
        return Outcome(game if kept is not None else None, problem=said)
    problem = _keep(store, opened["store"])
    if problem:
        return Outcome(game if kept is not None else None, problem=problem)
    out = Outcome(game, since=list(opened["since"]), note=_("The message was opened."))
    return _answer(store, opened["store"], out)


def part_of(text: str) -> str | None:
    """The part of a message a text gives (the part, or a link or fragment carrying it),
    None when it is no part (`engine.remote.api.split_message`)."""
    text = "".join(text.split("#", 1)[-1].split())
    text = text[2:] if text.startswith("m=") else text
    return text if text.startswith(api.PART_PREFIX + ":") else None


def _checked_parts(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_PARTS:
        raise ValueError("the parts of a message are a list")
    if not all(isinstance(p, str) and part_of(p) == p and p.count(":") == 5 for p in value):
        raise ValueError("a kept part of a message is no part")
    return list(value)


def collect(store: Any, part: str) -> Outcome:
    """One part of a split message (a QR code's link): kept until every part is here,
    then the whole message is opened (`open_text`) and the parts forgotten."""
    fields = part.split(":")
    try:
        k, n = int(fields[3]), int(fields[4])
        game, number = fields[1], int(fields[2])
        if len(fields) != 6 or not 1 <= k <= n <= MAX_PARTS or not game.isalnum():
            raise ValueError(part)
    except (IndexError, ValueError):
        return Outcome(problem=fmt("This message was not opened: {problem}",
                                   problem=_("this part of a message is damaged")))  # fmt: skip
    key = f"{PARTS_PREFIX}{game}.{number}"
    problems: list[str] = []
    kept = read_stored(store, key, _checked_parts, problems, None) or []
    same = [p for p in kept if p.split(":")[4] == str(n) and p.split(":")[3] != str(k)]
    parts = same + [part]
    have = {int(p.split(":")[3]) for p in parts}
    missing = [str(i) for i in range(1, n + 1) if i not in have]
    if missing:
        try:
            store.setItem(key, json.dumps(parts))
        except Exception as exc:
            return Outcome(problem=problem_text(exc, N_("Could not keep this part")))
        note = fmt("Part {k} of {n} is kept. Open the other parts too: {missing}.", k=k, n=n,
                   missing=join_words(missing))  # fmt: skip
        return Outcome(problem=" ".join(problems), note=note)
    try:
        message = api.join_parts(parts)
    except MessageError as exc:
        store.removeItem(key)
        return Outcome(problem=fmt("This message was not opened: {problem}", problem=_said(exc)))
    store.removeItem(key)
    return open_text(store, message)


def _answer(store: Any, text: str, out: Outcome) -> Outcome:
    """The game waits on this device for shares, a remixed bag or its keys: made now."""
    if not api.status(text)["respond"]:
        return out
    try:
        made = api.respond(text)
    except IngeniousError as exc:
        out.problem = fmt(
            "The answer to this message could not be made: {problem}", problem=_said(exc)
        )
        return out
    problem = _keep(store, made["store"])
    if problem:
        out.problem = problem
        return out
    out.send = made["message"]
    out.note = _("The message was opened. Send the answer below to the others.")
    return out


def join(store: Any, game: str, seat: int, name: str) -> Outcome:
    """Join the seat the invitation offers, under ``name``."""
    named = name.strip()[:24] or fmt("Player {n}", n=seat + 1)
    return _send(store, game, lambda kept: api.join_game(kept, seat, named),
                 N_("You could not join: {problem}"),
                 _("You joined. Send this message to the others."))  # fmt: skip


def turn(store: Any, game: str, moves: list[str]) -> Outcome:
    """Send this device's turn (the moves played on the game screen)."""
    return _send(store, game, lambda kept: api.play_turn(kept, moves),
                 N_("Your turn was not sent: {problem}"),
                 _("Your turn is played. Send this message to the others."))  # fmt: skip


def _send(store: Any, game: str, make: Callable[[str], dict[str, str]], failed: str,
          done: str) -> Outcome:  # fmt: skip
    """A step that makes a message to send: `make` it from the kept game, keep the new
    store, and say `done`; a refusal says `failed` (a message id with ``{problem}``) and
    changes nothing."""
    kept = read(store, game)
    if kept is None:
        return Outcome(problem=_("This game is no longer on this device."))
    try:
        made = make(kept)
    except IngeniousError as exc:
        return Outcome(game, problem=fmt(failed, problem=_said(exc)))
    problem = _keep(store, made["store"])
    if problem:
        return Outcome(game, problem=problem)
    return Outcome(game, send=made["message"], note=done)


def again(store: Any, game: str) -> Outcome:
    """The last message this device made for ``game``, to send again."""
    kept = read(store, game)
    if kept is None:
        return Outcome(problem=_("This game is no longer on this device."))
    last = api.status(kept)["last_sent"]
    if last is None:
        return Outcome(game, problem=_("This device has sent nothing in this game yet."))
    return Outcome(game, send=str(last), note=_("The last message this device sent."))


def bring(store: Any, text: str) -> Outcome:
    """A game exported on another device (`api.export_game`), kept here to go on with it.
    A game this device has already is not replaced."""
    try:
        kept_text = api.import_game(text)
    except IngeniousError as exc:
        return Outcome(problem=fmt("This game could not be read: {problem}", problem=_said(exc)))
    game = str(api.status(kept_text)["game"])
    if read(store, game) is not None:
        return Outcome(game, problem=_("This game is already on this device; nothing changed."))
    problem = _keep(store, kept_text)
    if problem:
        return Outcome(problem=problem)
    return Outcome(game, note=_("The game was brought to this device."))
