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

from engine import IngeniousError
from engine.formats.jsontext import decode
from engine.rules.game import Game
from web.i18n import (
    N_,
    MessageTooLong,
    Msg,
    check_msg,
    fits_everywhere,
    is_msg,
    language,
    msg,
    msg_n,
    render,
    use,
)

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
    """Which game was played last (`BOARD` or `CHALLENGE`), from the stored summary's
    text; None when there is none or it is not one. A summary from before challenges
    wrote one is the board game's."""
    data = parse(raw)
    return None if data is None else game_of(data)


def game_of(data: dict[str, Any]) -> str:
    """Which game a checked summary (`check`) is of: `BOARD` or `CHALLENGE`."""
    return CHALLENGE if data.get("game") == CHALLENGE else BOARD


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
    data = parse(raw)
    return None if data is None else text_of(data)


def text_of(data: dict[str, Any]) -> str:
    """The line under Continue of a checked summary (`check`), in the current language."""
    kept = data.get("msg")
    plain = str(data["text"])
    if not is_msg(kept):
        return plain
    shown = render(kept, limit=MAX_RENDERED, fallback=plain)
    return shorten(shown) if shown.strip() else plain  # a message of no words: the text


#: The most characters the kept message of a summary may fill to, in any language: a
#: line under Continue shows `MAX_TEXT`, and a real summary fills to under 500.
MAX_RENDERED = 1000


#: The longest stored summary read (a real one is under 1 kB).
MAX_STORED = 8 * 1024


def parse(raw: str | None) -> dict[str, Any] | None:
    """The checked summary (`check`) of a stored text; None for none or a bad one."""
    if not raw:
        return None
    try:
        return check(decode(str(raw), "the summary", max_text=MAX_STORED))
    except (IngeniousError, ValueError):
        return None


def check(data: object) -> dict[str, Any]:
    """A stored summary, checked field by field and rebuilt from the known fields (the
    rest dropped); ``ValueError`` says what is wrong. Any page of the site can write the
    key, so its words are never formatted as they stand: a kept message is checked
    (`web.i18n.check_msg`), filled only with the fields it names, and filled here in every
    language within `MAX_RENDERED` characters (a message whose fields repeat an argument
    that repeats its own would fill to gigabytes: it is refused, so set aside)."""
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise ValueError("not a summary of a known version")
    text = data.get("text")
    if not (isinstance(text, str) and 0 < len(text) <= MAX_TEXT):
        raise ValueError(f"the summary's text must be 1 to {MAX_TEXT} characters")
    out: dict[str, Any] = {"v": VERSION, "text": text}
    game = data.get("game", BOARD)
    if game not in (BOARD, CHALLENGE):
        raise ValueError("the summary names an unknown game")
    out["game"] = game
    if "msg" in data:
        out["msg"] = check_msg(data["msg"])
        try:  # what the start screen will show: filled in every language, within a budget
            fits_everywhere(out["msg"], MAX_RENDERED)
        except MessageTooLong:
            raise ValueError("the summary's words fill to more than a line can show") from None
    for name, kinds in (("variant", (str,)), ("moves", (int,)), ("over", (bool,)),
                        ("savedAt", (int, float))):  # fmt: skip
        if name not in data:
            continue
        value = data[name]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise ValueError(f"the summary's {name!r} has the wrong type")
        if isinstance(value, str) and len(value) > 40:
            raise ValueError(f"the summary's {name!r} is too long")
        out[name] = value
    return out
