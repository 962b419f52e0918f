"""Player views: what one seat may see, as plain JSON-ready data.

A view holds the board, the score tracks, the seat's own rack and the number of
tiles on the other racks and in the bag, never another player's tiles or the bag
order (in the open team game, partners see each other's racks). Bots and the
hot-seat screen work from views only; :func:`engine.rules.determinize.determinize` turns a
view back into a playable game by dealing the unseen tiles at random.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.rules.board import Zone
from engine.rules.errors import IngeniousError
from engine.rules.tiles import COLOURS, HIDDEN
from engine.rules.variants import Table, Variant


class Viewed(Table, Protocol):
    """What a view reads of a game (:class:`engine.rules.game.Game` is one)."""

    variant: Variant
    options: dict[str, Any]
    zone: Zone
    current: int
    phase: str
    pending: int
    turn: int
    tiles: list[tuple[int, int, int, int, int]]
    placed_first: list[bool]
    swap_reason: str | None
    moves: list[str]

    def first_placement_cells(self) -> set[int] | None: ...

    def result(self) -> dict[str, Any]: ...


def visible_racks(game: Viewed, seat: int | None) -> set[int]:
    if seat is None:
        return set()
    seen = {seat}
    if game.variant.name == "team" and game.options.get("open"):
        seen.update(s for s in range(game.players) if s % 2 == seat % 2)
    return seen


def player_view(game: Viewed, seat: int | None) -> dict[str, Any]:
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
            str(s): [[COLOURS[x], COLOURS[y]] for x, y in game.racks[s] if (x, y) != HIDDEN]
            for s in sorted(seen)
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
