"""Scoring a placement.

Each of the two new symbols is scored on its own. From its cell, walk each of the
six directions except the one pointing at its partner cell, counting cells of the
same colour until an empty cell, another colour or the zone edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rules.board import DIRECTION_NAMES, Zone
from engine.rules.board import EMPTY as EMPTY
from engine.rules.tiles import COLOURS


@dataclass(frozen=True)
class Ray:
    """One direction that scored: the new symbol's cell, the direction and the counted cells."""

    start: int
    direction: int
    colour: int
    cells: tuple[int, ...]


def symbol_points(board: list[int], zone: Zone, cell: int, partner: int, colour: int) -> int:
    """Points for the symbol ``colour`` placed on ``cell`` next to ``partner``.

    This is the hot path of every search, so it walks the precomputed rays directly.
    """
    total = 0
    for ray in zone.rays[cell]:
        # Most rays stop at once: test the first cell before walking on.
        if ray and board[ray[0]] == colour and ray[0] != partner:
            for other in ray:
                if board[other] != colour:
                    break
                total += 1
    return total


def placement_points(
    board: list[int], zone: Zone, a: int, b: int, colour_a: int, colour_b: int
) -> list[int]:
    """Raw points per colour (six entries): ``colour_a`` placed on ``a``, ``colour_b`` on ``b``.

    The two cells may be empty or already hold the tile: the partner direction is
    skipped, so the result is the same either way.
    """
    points = [0, 0, 0, 0, 0, 0]
    points[colour_a] += symbol_points(board, zone, a, b, colour_a)
    points[colour_b] += symbol_points(board, zone, b, a, colour_b)
    return points


def scoring_rays(
    board: list[int], zone: Zone, a: int, b: int, colour_a: int, colour_b: int
) -> list[Ray]:
    """Every ray that scores at least one point, for drawing and explaining."""
    rays: list[Ray] = []
    for cell, partner, colour in ((a, b, colour_a), (b, a, colour_b)):
        neighbours = zone.neighbours[cell]
        for d, ray in enumerate(zone.rays[cell]):
            if neighbours[d] == partner:
                continue
            run: list[int] = []
            for other in ray:
                if board[other] != colour:
                    break
                run.append(other)
            if run:
                rays.append(Ray(cell, d, colour, tuple(run)))
    return rays


def ray_json(zone: Zone, ray: Ray) -> dict[str, Any]:
    """A ray as JSON: start cell, direction name, colour, counted cells and points."""
    return {
        "from": list(zone.cells[ray.start]),
        "direction": DIRECTION_NAMES[ray.direction],
        "colour": COLOURS[ray.colour],
        "cells": [list(zone.cells[c]) for c in ray.cells],
        "points": len(ray.cells),
    }
