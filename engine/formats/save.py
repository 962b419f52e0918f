"""Saves: a game as versioned JSON (the rules, the seed and the moves) and back.

Loading checks every field and replays every move; anything wrong raises
:class:`SaveFormatError` with a message a player can read, never a traceback.

Versions: a save of an earlier version is first brought up to :data:`VERSION` by
:func:`migrate`, one step per version (``MIGRATIONS[n]`` turns version ``n`` into
``n + 1``). A new version adds its step there and a fixture of the old version in
``tests/engine/fixtures/saves/``; the tests load every fixture.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from engine.formats.jsontext import decode
from engine.rules.errors import IngeniousError, SaveFormatError
from engine.rules.game import Game, new_game
from engine.rules.names import MAX_NAME as MAX_NAME  # longer names are cut, not refused
from engine.rules.record import FORMAT as FORMAT
from engine.rules.record import VERSION as VERSION
from engine.rules.record import game_to_save as game_to_save

#: How deep "try from here" games may nest (a new game from a position of a new game ...).
MAX_START_DEPTH = 8
MAX_MOVES = 1000  # far above any real game (about 85 placements and swaps at most)
MAX_SEED = 2**63

# MIGRATIONS[n] turns a version-n save into a version-(n + 1) save. Version 1 is the
# first format, so there is nothing to migrate yet; a version 2 adds `MIGRATIONS[1]`.
Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {
    # Version 2 added the optional "start" (a game begun from another game's position,
    # see :func:`start_from`); a version-1 save has none, so it reads unchanged.
    1: dict,
}


def dumps(game: Game) -> str:
    return json.dumps(game_to_save(game))


def loads(text: str) -> Game:
    """A game from save text; ``SaveFormatError`` if the text is not a valid save."""
    return load_game(decode(text, "the save"))


def save_version(data: object) -> int:
    """The version number of a decoded save; ``SaveFormatError`` if it has none we know."""
    if not isinstance(data, dict):
        raise SaveFormatError("not a save: expected a JSON object")
    if data.get("format") != FORMAT:
        raise SaveFormatError(f"not an Ingenious save (format is {str(data.get('format'))[:40]!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFormatError("the save has no version number")
    if version > VERSION:
        raise SaveFormatError(
            f"this save is version {version}, newer than this program understands ({VERSION})"
        )
    if version < 1:
        raise SaveFormatError(f"unknown save version {version}")
    return version


def migrate(data: object, migrations: dict[int, Migration] | None = None) -> dict[str, Any]:
    """The save brought up to the current version, one step per version (a new dict)."""
    steps = MIGRATIONS if migrations is None else migrations
    version = save_version(data)
    assert isinstance(data, dict)
    current = dict(data)
    while version < VERSION:
        step = steps.get(version)
        if step is None:
            raise SaveFormatError(f"no way to read a version {version} save")
        current = step(current)
        version += 1
        current["version"] = version
    return current


def load_game(data: object, depth: int = 0) -> Game:
    """A game from a decoded save, replayed move by move and checked field by field."""
    data = migrate(data)
    variant = _field(data, "variant", str)
    players = _field(data, "players", int)
    seed = _field(data, "seed", int)
    if not 0 <= seed < MAX_SEED:
        raise SaveFormatError(f"seed must be between 0 and 2**63-1, not {seed}")
    names = _field(data, "names", list)
    if not all(isinstance(n, str) for n in names):
        raise SaveFormatError("every player name must be text")
    # Names are cleaned, not refused (engine.rules.names): an old save still loads.
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, bool) for v in options.values()):
        raise SaveFormatError("options must be an object of true/false values")
    moves = _field(data, "moves", list)
    if len(moves) > MAX_MOVES:
        raise SaveFormatError(f"too many moves ({len(moves)}) for one game")
    start = data.get("start")
    if start is None:
        try:
            game = new_game(variant, players, seed, names, options)
        except IngeniousError as exc:
            raise SaveFormatError(f"bad game settings: {exc}") from None
    else:
        game = _started_game(data, start, depth)
    _replay(game, moves)
    return game


def _started_game(data: dict[str, Any], start: object, depth: int) -> Game:
    """The first position of a game begun from another game's position (see :func:`start_from`)."""
    if depth >= MAX_START_DEPTH:
        raise SaveFormatError(f"a save may start from at most {MAX_START_DEPTH} earlier games")
    if not isinstance(start, dict):
        raise SaveFormatError("'start' must be an object")
    seat = _field(start, "seat", int)
    deal = _field(start, "deal", int)
    if not 0 <= deal < MAX_SEED:
        raise SaveFormatError(f"the start's deal must be between 0 and 2**63-1, not {deal}")
    moves = _field(start, "moves", list)
    base = load_game({**data, "moves": moves, "start": start.get("start")}, depth + 1)
    if base.over:
        raise SaveFormatError("a save cannot start from a finished game")
    if not 0 <= seat < base.players:
        raise SaveFormatError(f"the start's seat {seat} is not in the game")
    # The start as the format has it, rebuilt from its known keys (anything else in the
    # stored one is dropped, not carried into every later save, file and link).
    clean: dict[str, Any] = {"moves": list(moves), "seat": seat, "deal": deal}
    if base.start is not None:
        clean["start"] = base.start
    return start_from(base, seat, deal, clean)


def start_depth(game: Game) -> int:
    """How many games deep ``game`` was begun from another game's position (0: from its
    seed; see :func:`start_from`)."""
    depth, start = 0, game.start
    while isinstance(start, dict):
        depth, start = depth + 1, start.get("start")
    return depth


def start_from(game: Game, seat: int, deal: int, start: dict[str, Any] | None = None) -> Game:
    """A new game from ``game``'s position: the same board, scores, turn and ``seat``'s rack
    (and the racks ``seat`` may see, in the open team game); every tile ``seat`` cannot see
    (the other racks and the bag) dealt afresh from ``deal``, and new draws from then on.

    The result records where it came from (``Game.start``), so its save replays it. A
    save holds at most :data:`MAX_START_DEPTH` such games one inside the other: a game
    already that deep is refused (``SaveFormatError``, saying so) rather than made into
    a save no program could load.
    """
    if start is None and start_depth(game) >= MAX_START_DEPTH:
        raise SaveFormatError(
            f"this game was tried from a chain of {MAX_START_DEPTH} games, the most a save "
            "can hold: try from an earlier game of the chain instead"
        )
    from engine.rules.rng import Rng
    from engine.rules.view import visible_racks

    g = game.copy()
    rng = Rng(deal)
    seen = visible_racks(g, seat)
    hidden = [s for s in range(g.players) if s not in seen]
    pool = list(g.bag)
    for s in hidden:
        pool.extend(g.racks[s])
    pool.sort()
    rng.shuffle(pool)
    for s in hidden:
        n = len(g.racks[s])
        g.racks[s], pool = pool[:n], pool[n:]
    g.bag = pool
    g.rng = Rng(rng.next64())
    g.moves = []
    g.log = []
    if start is None:
        start = {"moves": list(game.moves), "seat": seat, "deal": deal}
        if game.start is not None:
            start["start"] = game.start
    g.start = start
    return g


def _replay(game: Game, moves: list[Any]) -> None:
    for number, move in enumerate(moves, 1):
        if not isinstance(move, str):
            raise SaveFormatError(f"move {number} is not text")
        try:
            game.apply(move)
        except IngeniousError as exc:
            raise SaveFormatError(f"move {number} ({move[:40]!r}) is illegal: {exc}") from None


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise SaveFormatError(f"the save has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveFormatError(f"{key!r} must be {kind.__name__}, not {type(value).__name__}")
    return value
