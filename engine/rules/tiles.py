"""Colours, tiles and the bag.

A tile is a pair of colour indices ``(low, high)`` with ``low <= high``; either
symbol may go on either cell, so the pair is unordered.

>>> len(full_tile_set()), full_tile_set().count((0, 0)), full_tile_set().count((0, 1))
(120, 5, 6)
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("red", "green", "blue", "orange", "yellow", "purple")
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}

#: The shape printed for each colour, so the symbols differ for colour-blind players too.
SHAPES: tuple[str, ...] = (
    "12-pointed star",
    "disc",
    "6-pointed star",
    "hexagon",
    "24-pointed sun",
    "ring",
)

Tile = tuple[int, int]

RACK_SIZE = 6
TILE_COUNT = 120

#: A tile on a rack that this device cannot see (remote play: another player's tile, or
#: one of the device's own still being dealt). It shows no colour: no rule ever matches
#: it, and a player view leaves it out of the racks it shows (the rack sizes count it).
HIDDEN: Tile = (-1, -1)


def make_tile(a: int, b: int) -> Tile:
    return (a, b) if a <= b else (b, a)


def full_tile_set() -> list[Tile]:
    """The 120 tiles: 6 of each two-colour pair and 5 of each double."""
    tiles: list[Tile] = []
    for a in range(6):
        for b in range(a, 6):
            tiles.extend([(a, b)] * (5 if a == b else 6))
    return tiles


def colour_index(name: object) -> int:
    """The index of a colour name; ``ValueError`` names the accepted colours."""
    if isinstance(name, str) and name in COLOUR_INDEX:
        return COLOUR_INDEX[name]
    raise ValueError(f"unknown colour {name!r}; colours are {', '.join(COLOURS)}")


def tile_name(tile: Tile) -> str:
    return f"{COLOURS[tile[0]]}/{COLOURS[tile[1]]}"
