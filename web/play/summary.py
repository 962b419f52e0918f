"""A few words on the game played last, kept beside its save so the page can show
"Continue: …" before Python runs (pure: CPython-tested).

The board game and the Challenges both write it (``game`` says which), so it also tells
which game Continue and a reload resume (`last_game`).

The game writes :func:`summary` under `SUMMARY_KEY` whenever it writes the autosave;
`web/scripts/start-form.js` reads it at first paint (from the same site-scoped storage key,
computed the same way as `web.store.storage`) and shows its ``text`` under Continue. The text
is built here only, so the page says the same before and after Python is ready.

The summary keeps its words as a message (``"msg"``: ids and arguments, `web.i18n.msg`)
beside the English ``text``: the page shows it in the reader's language, before Python
(``web/i18n/lang.js`` render, from the early texts) and after (`read_text`).
"""

from __future__ import annotations

import json
from typing import Any

from engine.game import Game
from web.i18n import N_, Msg, is_msg, language, msg, msg_n, render, use

SUMMARY_KEY = "ingenious.autosave-summary"
VERSION = 1
MAX_TEXT = 300  # the JS refuses longer texts
# Which game the summary is of: the one played last, which Continue and a reload resume.
BOARD, CHALLENGE = "board", "challenge"


#: Each game's kind as the texts name it (the engine's titles).
VARIANT_TITLE = {
    "standard": N_("Standard game"),
    "solo": N_("Solo"),
    "team": N_("Team game"),
    "duel": N_("Duel"),
}


def variant_title(name: str) -> Msg:
    return msg(VARIANT_TITLE.get(name, name))


def moves_msg(count: int) -> Msg:
    return msg_n("{n} move played", "{n} moves played", "n", n=count)


def moves_played(count: int) -> str:
    """ "1 move played", "28 moves played"."""
    return render(moves_msg(count))


def lowest_msg(game: Game) -> Msg | None:
    """Each side's lowest colour ("lowest: Ann 5, Bob 4"); the duel has one shared track."""
    variant = game.variant
    if variant.name == "duel":
        return None
    sides = variant.sides(game.players)
    parts = [
        msg("{name} {n}", name=_side(variant.side_name(game, s)), n=min(game.scores[s]))
        for s in range(sides)
    ]
    return msg("lowest: {sides}", sides=_rest(parts))


def _side(name: str) -> Msg | str:
    if name.startswith("Team ") and name[5:6] in ("A", "B") and name[6:8] == " (":
        return msg("Team {letter} ({members})", letter=name[5], members=name[8:-1])
    return name


def _rest(parts: list[Msg]) -> Msg:
    if len(parts) == 1:
        return parts[0]
    return msg("{a}, {b}", a=parts[0], b=_rest(parts[1:]))


def summary_msg(game: Game) -> Msg:
    """The line under Continue for a game, kept as a message: kind, players, moves,
    lowest colours."""
    state = msg(N_("finished")) if game.phase == "over" else moves_msg(len(game.moves))
    lowest = lowest_msg(game)
    names = ", ".join(game.names)
    kind = variant_title(game.variant.name)
    if lowest is None:
        return msg("{kind}: {names} — {state}.", kind=kind, names=names, state=state)
    return msg("{kind}: {names} — {state}; {lowest}.", kind=kind, names=names, state=state,
               lowest=lowest)  # fmt: skip


def shorten(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def summary_text(game: Game) -> str:
    """The line under Continue for a game, in the current language."""
    return shorten(render(summary_msg(game)))


def english(message: Msg) -> str:
    """A kept message in English (the summary's ``text``, for readers without the
    catalogues)."""
    was = language()
    use("en")
    try:
        return shorten(render(message))
    finally:
        use(was)


def summary(game: Game, saved_at_ms: float) -> dict[str, Any]:
    message = summary_msg(game)
    return {
        "v": VERSION,
        "game": BOARD,
        "text": english(message),
        "msg": message,
        "variant": game.variant.name,
        "moves": len(game.moves),
        "over": game.phase == "over",
        "savedAt": int(saved_at_ms),
    }


def summary_json(game: Game, saved_at_ms: float) -> str:
    return json.dumps(summary(game, saved_at_ms), ensure_ascii=False, separators=(",", ":"))


def challenge_summary_json(text: str | Msg, saved_at_ms: float) -> str:
    """The summary of a challenge in progress (its words: `web.challenges.session`)."""
    data: dict[str, Any] = {"v": VERSION, "game": CHALLENGE, "savedAt": int(saved_at_ms)}
    if isinstance(text, dict):
        data["text"], data["msg"] = english(text), text
    else:
        data["text"] = shorten(text)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def last_game(raw: str | None) -> str | None:
    """Which game was played last (`BOARD` or `CHALLENGE`), from the stored summary;
    None when there is none. A summary from before challenges wrote one is the board
    game's."""
    if read_text(raw) is None:
        return None
    game = json.loads(str(raw)).get("game", BOARD)
    return CHALLENGE if game == CHALLENGE else BOARD


def continue_target(last: str | None, board: bool, challenge: bool) -> str | None:
    """What Continue resumes: the game played last when it can be resumed, else the
    other one if it can; None when neither can. ``board`` and ``challenge`` say whether
    each has a game to resume (in memory or stored)."""
    if last == CHALLENGE and challenge:
        return CHALLENGE
    if board:
        return BOARD
    return CHALLENGE if challenge else None


def read_text(raw: str | None) -> str | None:
    """The summary's text, or None when there is none or it is not one (what the JS
    accepts: a version-1 object with a non-empty text of at most `MAX_TEXT`)."""
    if not raw:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        return None
    text = data.get("text")
    if not (isinstance(text, str) and 0 < len(text) <= MAX_TEXT):
        return None
    kept = data.get("msg")
    return shorten(render(kept)) if is_msg(kept) else text
