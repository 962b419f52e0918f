"""A game's review as it is stored with the game (pure, CPython-tested).

A review is kept inside the record of the game it judges (a finished game,
`web.store.kept`, or a named save), and travels with the game in exports and links
(`web.saves.share`). It holds what is needed to show it again at once and to go on
where it stopped:

```json
{"format": 1, "settings": {"worlds": 48, "width": 6, "seed": 1}, "seats": [0],
 "total": 22, "complete": true, "results": [{"index": 1, "seat": 0, ...}, ...]}
```

``settings`` are those of `engine.coach.review.Review`; ``seats`` the reviewed seats (``null``:
every seat); ``total`` how many moves of theirs the game has; ``results`` the moves judged
so far, as the worker sent them (`engine.coach.review.MoveReview.to_json`), always the first
``len(results)`` reviewed moves in order, so a review that stopped resumes with the
worker's ``skip``.

Everything is checked against the game before it is shown (`check_review`): the fields
the page reads, every move index and move played against the game, every better move
against the position. A result's other fields are the engine's (its facts and reason),
shown only through `web.play.engine_words`. A review that fails is dropped with the
reason (`drop_broken`), never the game.
"""

from __future__ import annotations

import math
from typing import Any

from engine import IngeniousError, load_game
from engine.rules.game import Game
from web.store.store import MAX_COUNTER, StoredDataError

REVIEW_FORMAT = 1
#: What `engine.coach.review.Review` takes besides the save and the seats, and its limits here
#: (the engine's are 48 worlds, 6 candidates: a review from a link that asked for far more
#: would keep the worker busy for hours when it resumes).
SETTINGS = {"worlds": (1, 200), "width": (1, 20), "seed": (0, MAX_COUNTER)}
#: The result fields the page reads, and what each must be.
NUMBERS = ("played_win", "best_win", "played_lowest", "best_lowest", "cost")
MAX_FIGURE = 1000.0  # a chance (0-1) or an expected lowest colour (0-36): far below
MAX_WORDS = 2000  # the longest text of a result (a fact, the reason, a name)


def review_data(
    settings: dict[str, int],
    seats: list[int] | None,
    total: int,
    results: list[dict[str, Any]],
    complete: bool,
) -> dict[str, Any]:
    """A review in its stored form."""
    return {
        "format": REVIEW_FORMAT,
        "settings": dict(settings),
        "seats": None if seats is None else list(seats),
        "total": total,
        "complete": complete,
        "results": list(results),
    }


def reviewed_moves(game: Game, seats: list[int] | None) -> list[int]:
    """The indices of the moves a review of ``seats`` (None: all) judges, in order."""
    start = load_game({**game.to_save(), "moves": []})
    out = []
    for index, move in enumerate(game.moves):
        if seats is None or start.current in seats:
            out.append(index)
        start.apply(move)
    return out


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StoredDataError(f"the review's {what} is not a whole number from {low} to {high}")
    return value


def _figure(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise StoredDataError(f"the review's {what} is not a number")
    if not math.isfinite(value) or abs(value) > MAX_FIGURE:
        raise StoredDataError(f"the review's {what} is out of range")
    return float(value)


def _words(value: object, what: str) -> None:
    if not isinstance(value, str) or len(value) > MAX_WORDS:
        raise StoredDataError(f"the review's {what} is not a short text")


def _facts(value: object, what: str) -> None:
    """Facts are the engine's: sentences, or (newer engines) objects naming their kind."""
    if not isinstance(value, list) or len(value) > 40:
        raise StoredDataError(f"the review's {what} are not a short list")
    for fact in value:
        if isinstance(fact, dict):
            _words(fact.get("kind"), what)
        else:
            _words(fact, what)


def _move_key(position: Game, move: str) -> object:
    """A legal move of the position, the same for both ways of writing one placement."""
    parsed = position.parse(move)
    if isinstance(parsed, str):
        return parsed
    a, b, ca, cb = parsed
    return frozenset(((a, ca), (b, cb)))


def _result(data: object, position: Game, played: str, index: int) -> dict[str, Any]:
    """One stored result checked against the position before move ``index`` (``played``)."""
    if not isinstance(data, dict):
        raise StoredDataError("a result of the review is not an object")
    if data.get("index") != index:
        raise StoredDataError(f"the review's results do not follow the game at move {index + 1}")
    if data.get("seat") != position.current:
        raise StoredDataError(f"the review names the wrong player for move {index + 1}")
    _words(data.get("played"), "move played")
    _words(data.get("best"), "better move")
    try:
        same = _move_key(position, str(data["played"])) == _move_key(position, played)
        _move_key(position, str(data["best"]))
    except IngeniousError:
        raise StoredDataError(f"the review's move {index + 1} is not legal there") from None
    if not same:
        raise StoredDataError(f"the review's move {index + 1} is not the move played")
    _words(data.get("name"), "player name")
    for key in NUMBERS:
        _figure(data.get(key), key)
    if data["cost"] < 0:
        raise StoredDataError("the review's cost of a move is negative")
    for key in ("chances", "lowest"):
        row = data.get(key, [])
        if not isinstance(row, list) or len(row) not in (0, position.players):
            raise StoredDataError(f"the review's {key} do not list every player")
        for value in row:
            _figure(value, key)
    if not data.get("chances"):
        raise StoredDataError("the review's chances are missing")
    for key in ("played_facts", "best_facts"):
        _facts(data.get(key, []), key.replace("_", " "))
    if "reason" in data:
        _words(data["reason"], "reason")
    return data


def check_review(value: object, game: Game) -> dict[str, Any]:
    """The stored review of ``game``, checked; `StoredDataError` says what is wrong."""
    if not isinstance(value, dict) or value.get("format") != REVIEW_FORMAT:
        raise StoredDataError("the review is not of a known format")
    settings = value.get("settings")
    if not isinstance(settings, dict) or set(settings) != set(SETTINGS):
        raise StoredDataError("the review's settings are not those of a review")
    clean = {k: _int(settings[k], k, *SETTINGS[k]) for k in SETTINGS}
    seats = value.get("seats")
    if seats is not None:
        if not isinstance(seats, list) or not seats or len(set(map(repr, seats))) != len(seats):
            raise StoredDataError("the review's seats are not a list of seats")
        seats = sorted(_int(s, "seat", 0, game.players - 1) for s in seats)
    moves = reviewed_moves(game, seats)
    if value.get("total") != len(moves):
        raise StoredDataError("the review's number of moves is not the game's")
    results = value.get("results")
    if not isinstance(results, list) or len(results) > len(moves):
        raise StoredDataError("the review's results are not a list of the game's moves")
    complete = value.get("complete")
    if not isinstance(complete, bool) or (complete and len(results) != len(moves)):
        raise StoredDataError("the review says it is complete but is not")
    position = load_game({**game.to_save(), "moves": []})
    checked = []
    for data, index in zip(results, moves, strict=False):
        while len(position.moves) < index:
            position.apply(game.moves[len(position.moves)])
        checked.append(_result(data, position, game.moves[index], index))
    return review_data(clean, seats, len(moves), checked, complete)


def drop_broken(value: object, game: Game) -> tuple[dict[str, Any] | None, str]:
    """The checked review (None when there is none) and, when it failed, why: a broken
    review is dropped, the game kept."""
    if value is None:
        return None, ""
    try:
        return check_review(value, game), ""
    except StoredDataError as exc:
        return None, str(exc)
    except (IngeniousError, RecursionError, MemoryError, OverflowError) as exc:
        return None, f"the review is not a real review ({type(exc).__name__})"


__all__ = [
    "REVIEW_FORMAT",
    "SETTINGS",
    "check_review",
    "drop_broken",
    "review_data",
    "reviewed_moves",
]
