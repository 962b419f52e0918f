"""Local statistics: games played and won per variant and per bot level.

Stored as one small JSON value (``ingenious.stats``); every field is checked on load
and a damaged value is set aside by the caller (`web.store.storage.quarantine`). A game is
counted once, by its id, so resuming a finished game after a reload changes nothing.

"Won" is from the point of view of the people at this device: a game counts as won
when a person's side placed first and at least one other side is played only by
bots. Hot-seat games between people and solo games count as played only (the best
solo results have their own table).
"""

from __future__ import annotations

import math
from typing import Any

from engine.rules.game import Game
from web.i18n import N_, _
from web.play.session import BOT_LEVELS, HUMAN, VARIANT_PLAYERS
from web.store.storage import MAX_COUNTER, StoredDataError

STATS_VERSION = 1
MAX_COUNTED = 200


def empty() -> dict[str, Any]:
    return {"record": STATS_VERSION, "variants": {}, "bots": {}, "counted": []}


#: The statistics table's row for games in which hints were asked for.
HINTED_ROW = N_("Games with hints")


def _tally(value: object, what: str) -> dict[str, int]:
    if not isinstance(value, dict) or set(value) - {"played", "won"}:
        raise StoredDataError(f"{what} must have only 'played' and 'won'")
    out = {}
    for key in ("played", "won"):
        n = value.get(key, 0)
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COUNTER:
            raise StoredDataError(f"{what}: {key!r} must be a count")
        out[key] = n
    if out["won"] > out["played"]:
        raise StoredDataError(f"{what}: more games won than played")
    return out


def validate(data: object) -> dict[str, Any]:
    """A clean copy of stored statistics; `StoredDataError` if anything is off."""
    if not isinstance(data, dict) or data.get("record") != STATS_VERSION:
        raise StoredDataError("not statistics of a known version")
    clean = empty()
    for group, allowed in (("variants", VARIANT_PLAYERS), ("bots", BOT_LEVELS)):
        table = data.get(group, {})
        if not isinstance(table, dict):
            raise StoredDataError(f"{group!r} must be an object")
        for key, tally in table.items():
            if key not in allowed:
                raise StoredDataError(f"unknown entry {str(key)[:30]!r} in {group!r}")
            clean[group][key] = _tally(tally, f"{group}.{key}")
    if "hinted" in data:
        clean["hinted"] = _tally(data["hinted"], "hinted")
    counted = data.get("counted", [])
    if not isinstance(counted, list) or len(counted) > MAX_COUNTED:
        raise StoredDataError("'counted' must be a short list")
    if not all(isinstance(c, str) and 0 < len(c) <= 40 for c in counted):
        raise StoredDataError("'counted' must list game ids")
    clean["counted"] = list(counted)
    return clean


def people_won(game: Game, seats: list[str]) -> bool | None:
    """True/False for a game against bots; None when no bot-only side played (not a contest)."""
    human_sides = {game.side_of(s) for s, c in enumerate(seats) if c == HUMAN}
    all_sides = {game.side_of(s) for s in range(game.players)}
    if not human_sides or not (all_sides - human_sides):
        return None
    winners = {row["side"] for row in game.result()["standings"] if row["place"] == 1}
    return bool(winners & human_sides)


def record_game(
    data: dict[str, Any], game: Game, seats: list[str], game_id: str, hints: int = 0
) -> bool:
    """Count a finished game into `data` (in place); False if not counted (again). A game
    in which hints were shown (`hints`) is also counted among the games with hints."""
    if game.phase != "over" or not game_id or game_id in data["counted"]:
        return False
    if HUMAN not in seats:
        return False  # bots among themselves: nobody here played
    won = people_won(game, seats)
    _add(data["variants"], game.variant.name, bool(won))
    human_sides = {game.side_of(s) for s, c in enumerate(seats) if c == HUMAN}
    levels = {c for s, c in enumerate(seats) if c != HUMAN and game.side_of(s) not in human_sides}
    for level in levels:
        _add(data["bots"], level, bool(won))
    if hints:
        hinted = data.setdefault("hinted", {"played": 0, "won": 0})
        hinted["played"] += 1
        hinted["won"] += 1 if won else 0
    data["counted"] = (data["counted"] + [game_id])[-MAX_COUNTED:]
    return True


def _add(table: dict[str, dict[str, int]], key: str, won: bool) -> None:
    tally = table.setdefault(key, {"played": 0, "won": 0})
    tally["played"] += 1
    tally["won"] += 1 if won else 0


#: A row of each game's kind in the statistics.
VARIANT_LABEL = {"standard": N_("Standard"), "solo": N_("Solo"), "team": N_("Team"),
                 "duel": N_("Duel")}  # fmt: skip
#: A row of bot games in the statistics.
AGAINST = {
    "beginner": N_("Against beginner bots"),
    "casual": N_("Against casual bots"),
    "strong": N_("Against strong bots"),
    "expert": N_("Against expert bots"),
}


def rows(data: dict[str, Any]) -> list[tuple[str, int, int, str]]:
    """(label, played, won, win rate) for the statistics table, variants then bot levels."""
    out = []
    for name in VARIANT_PLAYERS:
        tally = data["variants"].get(name)
        if tally:
            label = _(VARIANT_LABEL[name]) if name in VARIANT_LABEL else name.capitalize()
            out.append((label, tally["played"], tally["won"], _rate(tally, name)))
    for level in BOT_LEVELS:
        tally = data["bots"].get(level)
        if tally:
            label = _(AGAINST[level]) if level in AGAINST else f"Against {level} bots"
            out.append((label, tally["played"], tally["won"], _rate(tally)))
    hinted = data.get("hinted")
    if hinted:
        out.append((_(HINTED_ROW), hinted["played"], hinted["won"], _rate(hinted)))
    return out


def _rate(tally: dict[str, int], variant: str = "") -> str:
    if variant == "solo" or not tally["played"]:
        return "–"
    return f"{math.floor(100 * tally['won'] / tally['played'] + 0.5)}%"
