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
import re
from dataclasses import dataclass
from typing import Any

from engine import IngeniousError, load_game
from engine.coach.lessons import TEXT as FACT_TEXT
from engine.coach.lessons import side_name
from engine.rules.game import Game
from engine.rules.names import clean_name
from engine.rules.tiles import COLOURS
from web.store.store import MAX_COUNTER, StoredDataError

#: The kinds of fact, lesson point and plan this version says (`engine.coach.lessons`).
FACT_KINDS = frozenset(FACT_TEXT)

REVIEW_FORMAT = 1
#: What `engine.coach.review.Review` takes besides the save and the seats, and its limits here
#: (the engine's are 48 worlds, 6 candidates: a review from a link that asked for far more
#: would keep the worker busy for hours when it resumes).
SETTINGS = {"worlds": (1, 200), "width": (1, 20), "seed": (0, MAX_COUNTER)}
#: The result fields the page reads, and what each must be.
NUMBERS = ("played_win", "best_win", "played_lowest", "best_lowest", "cost")
MAX_FIGURE = 1000.0  # a chance (0-1) or an expected lowest colour (0-36): far below
MAX_WORDS = 2000  # the longest text of a result (its English reason)
MAX_MOVE = 40  # a move as text ("12,-3:orange 12,-2:purple")
MAX_FACTS = 40  # facts of one move, lesson points, merits, futures (real ones: a dozen)
#: The fact lists of a result (`engine.coach.review.MoveReview`).
FACT_LISTS = ("played_facts", "best_facts", "lesson", "merits", "futures")
_KIND = re.compile(r"^[a-z_]{1,40}$")


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
    # A whole number is compared as it is: one beyond a float would raise in isfinite.
    if (not isinstance(value, int) and not math.isfinite(value)) or abs(value) > MAX_FIGURE:
        raise StoredDataError(f"the review's {what} is out of range")
    return value


def _words(value: object, what: str, longest: int = MAX_WORDS) -> str:
    if not isinstance(value, str) or len(value) > longest:
        raise StoredDataError(f"the review's {what} is not a short text")
    return value


@dataclass(frozen=True)
class GameFacts:
    """What a review's facts must agree with: the game's sides, seats and moves."""

    sides: frozenset[str]  # the names facts give sides (`engine.coach.lessons.side_name`)
    players: int
    moves: int

    @staticmethod
    def of(game: Game) -> GameFacts:
        sides = frozenset(side_name(game, seat) for seat in range(game.players))
        return GameFacts(sides, game.players, len(game.moves))


def _colour(value: object, what: str) -> str:
    if value not in COLOURS:
        raise StoredDataError(f"the review's {what} names no colour")
    return str(value)


def _fact_field(key: str, value: object, game: GameFacts, what: str) -> object:
    """One field of a fact, checked against the game (None: a field facts do not have)."""
    if key == "colour":
        return _colour(value, what)
    if key == "colours":
        if not isinstance(value, list) or not 1 <= len(value) <= len(COLOURS):
            raise StoredDataError(f"the review's {what} list no colours")
        return [_colour(c, what) for c in value]
    if key in ("name", "rival"):
        if not isinstance(value, str) or value not in game.sides:
            raise StoredDataError(f"the review's {what} name a side the game does not have")
        return value
    if key in ("n", "to", "at", "mark", "turns", "offered", "count", "worth"):
        return _int(value, what, -1000, 1000)
    if key in ("better", "played", "win_start", "win_end"):
        return _figure(value, what)
    if key in ("first", "last", "started"):
        return _int(value, what, 0, max(0, game.moves - 1))
    if key == "moves":
        if not isinstance(value, list) or len(value) > game.moves:
            raise StoredDataError(f"the review's {what} list moves the game does not have")
        return [_int(i, what, 0, game.moves - 1) for i in value]
    if key == "seat":
        return _int(value, what, 0, game.players - 1)
    if key == "measure":
        if value not in ("win", "lowest"):
            raise StoredDataError(f"the review's {what} name an unknown measure")
        return value
    return None


def _facts(value: object, what: str, game: GameFacts) -> list[Any]:
    """A list of facts (`engine.coach.lessons`), each checked field by field and rebuilt
    from the fields facts have (anything else dropped). A fact of a kind this version
    does not know keeps its kind only (it is said as nothing); a sentence (what earlier
    engines wrote) stays a short text."""
    if not isinstance(value, list) or len(value) > MAX_FACTS:
        raise StoredDataError(f"the review's {what} are not a short list")
    out: list[Any] = []
    for fact in value:
        if not isinstance(fact, dict):
            out.append(_words(fact, what, 300))
            continue
        kind = fact.get("kind")
        if not isinstance(kind, str) or not _KIND.match(kind):
            raise StoredDataError(f"the review's {what} are not facts of a known form")
        clean: dict[str, Any] = {"kind": kind}
        if kind in FACT_KINDS:
            for key, item in fact.items():
                checked = _fact_field(str(key), item, game, what)
                if checked is not None:
                    clean[str(key)] = checked
        out.append(clean)
    return out


def _move_key(position: Game, move: str) -> object:
    """A legal move of the position, the same for both ways of writing one placement."""
    parsed = position.parse(move)
    if isinstance(parsed, str):
        return parsed
    a, b, ca, cb = parsed
    return frozenset(((a, ca), (b, cb)))


def _result(
    data: object, position: Game, played: str, index: int, game: GameFacts, name: str
) -> dict[str, Any]:
    """One stored result checked against the position before move ``index`` (``played``),
    rebuilt from the fields a result has (`engine.coach.review.MoveReview.to_json`), each
    of the type the page reads; the player is named as the game names them (``name``)."""
    if not isinstance(data, dict):
        raise StoredDataError("a result of the review is not an object")
    if data.get("index") != index:
        raise StoredDataError(f"the review's results do not follow the game at move {index + 1}")
    if data.get("seat") != position.current or isinstance(data.get("seat"), bool):
        raise StoredDataError(f"the review names the wrong player for move {index + 1}")
    told = _words(data.get("name"), "player name", 200)
    if clean_name(told, "", 40) != name:
        raise StoredDataError(
            f"the review names a player the game does not have at move {index + 1}"
        )
    moves = {key: _words(data.get(key), what, MAX_MOVE) for key, what in
             (("played", "move played"), ("best", "better move"))}  # fmt: skip
    try:
        same = _move_key(position, moves["played"]) == _move_key(position, played)
        _move_key(position, moves["best"])
    except IngeniousError:
        raise StoredDataError(f"the review's move {index + 1} is not legal there") from None
    if not same:
        raise StoredDataError(f"the review's move {index + 1} is not the move played")
    out: dict[str, Any] = {
        "index": index,
        "turn": _int(data.get("turn", 0), "turn", 0, MAX_COUNTER),
        "seat": position.current,
        "name": name,
        **moves,
    }
    for key in NUMBERS:
        out[key] = _figure(data.get(key), key)
    if out["cost"] < 0:
        raise StoredDataError("the review's cost of a move is negative")
    out["reason"] = _words(data.get("reason", ""), "reason")
    for key in FACT_LISTS:
        out[key] = _facts(data.get(key, []), key.replace("_", " "), game)
    for key in ("chances", "lowest"):
        row = data.get(key, [])
        if not isinstance(row, list) or len(row) not in (0, position.players):
            raise StoredDataError(f"the review's {key} do not list every player")
        out[key] = [_figure(value, key) for value in row]
    if not out["chances"]:
        raise StoredDataError("the review's chances are missing")
    out["mistake"] = out["cost"] > 0
    return out


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
    results = value.get("results")
    if not isinstance(results, list) or len(results) > len(game.moves):
        raise StoredDataError("the review's results are not a list of the game's moves")
    # One replay of the game: each reviewed move's result is checked in its position.
    position = load_game({**game.to_save(), "moves": []})
    facts = GameFacts.of(game)
    moves: list[int] = []
    checked = []
    for index, move in enumerate(game.moves):
        if seats is None or position.current in seats:
            if len(moves) < len(results):
                checked.append(_result(results[len(moves)], position, move, index, facts,
                                       game.names[position.current]))  # fmt: skip
            moves.append(index)
        position.apply(move)
    total = value.get("total")
    if isinstance(total, bool) or total != len(moves):
        raise StoredDataError("the review's number of moves is not the game's")
    if len(results) > len(moves):
        raise StoredDataError("the review's results are not a list of the game's moves")
    complete = value.get("complete")
    if not isinstance(complete, bool) or (complete and len(results) != len(moves)):
        raise StoredDataError("the review says it is complete but is not")
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
    except Exception as exc:  # noqa: BLE001 (a review never costs the game it came with)
        return None, f"the review is not a real review ({type(exc).__name__})"


__all__ = [
    "REVIEW_FORMAT",
    "SETTINGS",
    "check_review",
    "drop_broken",
    "review_data",
    "reviewed_moves",
]
