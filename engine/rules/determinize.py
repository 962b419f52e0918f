"""A playable game from a player view: the unseen tiles dealt at random.

This is how bots search without peeking: they only ever see a view
(:func:`engine.rules.view.player_view`), and sample the part they cannot see.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.rules.errors import IngeniousError
from engine.rules.game import Game
from engine.rules.rng import Rng
from engine.rules.tiles import COLOURS, Tile, full_tile_set, make_tile


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
