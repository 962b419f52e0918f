"""Player views: what one seat may see, as plain JSON-ready data.

A view holds the board, the score tracks, the seat's own rack and the number of
tiles on the other racks and in the bag, never another player's tiles or the bag
order (in the open team game, partners see each other's racks). Bots and the
hot-seat screen work from views only; :func:`determinize` turns a view back into
a playable game by dealing the unseen tiles at random.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .errors import IngeniousError
from .game import Game
from .rng import Rng
from .tiles import COLOURS, Tile, full_tile_set, make_tile


def visible_racks(game: Game, seat: int | None) -> set[int]:
    if seat is None:
        return set()
    seen = {seat}
    if game.variant.name == "team" and game.options.get("open"):
        seen.update(s for s in range(game.players) if s % 2 == seat % 2)
    return seen


def player_view(game: Game, seat: int | None) -> dict[str, Any]:
    """The public state plus the racks ``seat`` may see (``None``: a spectator sees no rack)."""
    if seat is not None and not 0 <= seat < game.players:
        raise IngeniousError(f"no seat {seat} in a {game.players}-player game")
    cells = game.zone.cells
    seen = visible_racks(game, seat)
    view: dict[str, Any] = {
        "variant": game.variant.name,
        "players": game.players,
        "names": list(game.names),
        "options": dict(game.options),
        "zone": game.zone.radius,
        "seat": seat,
        "current": game.current,
        "phase": game.phase,
        "pending": game.pending,
        "turn": game.turn,
        "symbols": [[*cells[c], COLOURS[colour]] for c, colour in game.zone.symbols],
        "tiles": [
            [*cells[a], COLOURS[ca], *cells[b], COLOURS[cb], who]
            for a, b, ca, cb, who in game.tiles
        ],
        "scores": [s[:] for s in game.scores],
        "tokens": [None if t < 0 else t for t in game.tokens],
        "racks": {
            str(s): [[COLOURS[x], COLOURS[y]] for x, y in game.racks[s]] for s in sorted(seen)
        },
        "rack_sizes": [len(r) for r in game.racks],
        "bag": len(game.bag),
        "placed_first": game.placed_first[:],
        "swap_reason": game.swap_reason,
        "moves": list(game.moves),
        "sides": game.variant.sides(game.players),
        "side_names": [
            game.variant.side_name(game, s) for s in range(game.variant.sides(game.players))
        ],
    }
    if seat is not None and game.phase == "place" and game.current == seat:
        allowed = game.first_placement_cells()
        view["first_placement_cells"] = (
            None if allowed is None else sorted([*cells[c]] for c in allowed)
        )
    if game.phase == "over":
        view["result"] = game.result()
    return view


def unseen_tiles(view: dict[str, Any]) -> list[Tile]:
    """Tiles the viewer cannot see: the full set minus the board and the visible racks."""
    counts = Counter(full_tile_set())
    for t in view["tiles"]:
        counts[make_tile(COLOURS.index(t[2]), COLOURS.index(t[5]))] -= 1
    for rack in view["racks"].values():
        for x, y in rack:
            counts[make_tile(COLOURS.index(x), COLOURS.index(y))] -= 1
    if any(n < 0 for n in counts.values()):
        raise IngeniousError("the view shows more tiles than the game has")
    return sorted(counts.elements())


def determinize(view: dict[str, Any], rng: Rng) -> Game:
    """A full game consistent with ``view``: hidden racks and the bag dealt from the unseen tiles.

    This is how bots search without peeking: they only ever see a view, and sample
    the part they cannot see.
    """
    g = Game.blank(
        view["variant"], view["players"], rng.next64() >> 1, view["names"], view["options"]
    )
    index = g.zone.index
    for q1, r1, c1, q2, r2, c2, who in view["tiles"]:
        a, b = index[(q1, r1)], index[(q2, r2)]
        ca, cb = COLOURS.index(c1), COLOURS.index(c2)
        g.board[a], g.board[b] = ca, cb
        g._fill(a)
        g._fill(b)
        g.tiles.append((a, b, ca, cb, who))
    hidden = unseen_tiles(view)
    rng.shuffle(hidden)
    for seat in range(g.players):
        shown = view["racks"].get(str(seat))
        if shown is not None:
            g.racks[seat] = [make_tile(COLOURS.index(x), COLOURS.index(y)) for x, y in shown]
        else:
            n = view["rack_sizes"][seat]
            g.racks[seat] = hidden[:n]
            del hidden[:n]
    g.bag = hidden
    g.scores = [s[:] for s in view["scores"]]
    g.tokens = [-1 if t is None else t for t in view["tokens"]]
    g.current = view["current"]
    g.phase = view["phase"]
    g.pending = view["pending"]
    g.turn = view["turn"]
    g.placed_first = list(view["placed_first"])
    g.swap_reason = view["swap_reason"]
    g.moves = list(view["moves"])
    return g
