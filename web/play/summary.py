"""A few words on the game played last, kept beside its save so the page can show
"Continue: …" before Python runs (pure: CPython-tested).

The board game and the Challenges both write it (``game`` says which), so it also tells
which game Continue and a reload resume (`last_game`).

The game writes :func:`summary` under `SUMMARY_KEY` whenever it writes the autosave;
`web/scripts/start-form.js` reads it at first paint (from the same site-scoped storage key,
computed the same way as `web.store.storage`) and shows its ``text`` under Continue. The text
is built here only, so the page says the same before and after Python is ready.
"""

from __future__ import annotations

import json
from typing import Any

from engine.game import Game

SUMMARY_KEY = "ingenious.autosave-summary"
VERSION = 1
MAX_TEXT = 300  # the JS refuses longer texts
# Which game the summary is of: the one played last, which Continue and a reload resume.
BOARD, CHALLENGE = "board", "challenge"


def moves_played(count: int) -> str:
    """ "1 move played", "28 moves played"."""
    return f"{count} move{'' if count == 1 else 's'} played"


def lowest_text(game: Game) -> str:
    """Each side's lowest colour ("lowest: Ann 5, Bob 4"); the duel has one shared track."""
    variant = game.variant
    if variant.name == "duel":
        return ""
    sides = variant.sides(game.players)
    parts = [f"{variant.side_name(game, s)} {min(game.scores[s])}" for s in range(sides)]
    return "lowest: " + ", ".join(parts)


def summary_text(game: Game) -> str:
    """The line under Continue for a game: kind, players, moves, lowest colours."""
    state = "finished" if game.phase == "over" else moves_played(len(game.moves))
    lowest = lowest_text(game)
    text = f"{game.variant.title}: {', '.join(game.names)} — {state}"
    text = f"{text}; {lowest}." if lowest else f"{text}."
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def summary(game: Game, saved_at_ms: float) -> dict[str, Any]:
    return {
        "v": VERSION,
        "game": BOARD,
        "text": summary_text(game),
        "variant": game.variant.name,
        "moves": len(game.moves),
        "over": game.phase == "over",
        "savedAt": int(saved_at_ms),
    }


def summary_json(game: Game, saved_at_ms: float) -> str:
    return json.dumps(summary(game, saved_at_ms), ensure_ascii=False, separators=(",", ":"))


def challenge_summary_json(text: str, saved_at_ms: float) -> str:
    """The summary of a challenge in progress (its text: `web.challenges.session`)."""
    text = text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"
    data = {"v": VERSION, "game": CHALLENGE, "text": text, "savedAt": int(saved_at_ms)}
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
    return text if isinstance(text, str) and 0 < len(text) <= MAX_TEXT else None
