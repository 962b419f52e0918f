"""Board geometry (RULINGS: Board)."""

from engine.rules.board import DIRECTIONS, OPPOSITE, START_SYMBOLS, ring, zone
from engine.rules.game import new_game
from engine.rules.scoring import EMPTY


def test_zone_sizes_follow_the_player_count() -> None:
    """Rule: the zone is d<=5 (91 cells), d<=6 (127) or d<=7 (169)."""
    assert [zone(r).size for r in (5, 6, 7)] == [91, 127, 169]
    assert [new_game("standard", p).zone.radius for p in (2, 3, 4)] == [5, 6, 7]
    assert new_game("solo", 1).zone.radius == 5
    assert new_game("duel", 2).zone.radius == 5
    assert new_game("team", 4).zone.radius == 7


def test_free_cells_after_the_printed_symbols() -> None:
    """Rule: six printed symbols leave 85 / 121 / 163 free cells."""
    for players, free in ((2, 85), (3, 121), (4, 163)):
        game = new_game("standard", players)
        assert sum(1 for v in game.board if v == EMPTY) == free


def test_printed_symbols_sit_on_the_corners_of_ring_five() -> None:
    """Rule: red, green, blue, orange, yellow, purple clockwise from the top-left corner."""
    assert [cell for cell, _ in START_SYMBOLS] == [
        (0, -5),
        (5, -5),
        (5, 0),
        (0, 5),
        (-5, 5),
        (-5, 0),
    ]
    assert all(ring(*cell) == 5 for cell, _ in START_SYMBOLS)
    assert [colour for _, colour in START_SYMBOLS] == [0, 1, 2, 3, 4, 5]


def test_directions_and_their_opposites() -> None:
    """Rule: E, W, NE, NW, SE, SW in axial coordinates; each has an opposite."""
    for d, (dq, dr) in enumerate(DIRECTIONS):
        oq, orr = DIRECTIONS[OPPOSITE[d]]
        assert (dq + oq, dr + orr) == (0, 0)
        assert ring(dq, dr) == 1


def test_rays_run_to_the_zone_edge() -> None:
    """Cells outside the zone behave as empty: a ray stops at the edge."""
    z = zone(5)
    centre = z.index[(0, 0)]
    east = [z.cells[c] for c in z.rays[centre][0]]
    assert east == [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    corner = z.index[(5, 0)]
    assert z.rays[corner][0] == ()


def test_adjacent_pairs_are_counted_once() -> None:
    """A zone of radius n has 3 * (3n^2 + n) adjacent pairs... checked against a brute count."""
    for radius in (5, 6, 7):
        z = zone(radius)
        brute = {
            frozenset((a, b))
            for a, (q, r) in enumerate(z.cells)
            for dq, dr in DIRECTIONS
            if (b := z.index.get((q + dq, r + dr), -1)) >= 0
        }
        assert len(z.pairs) == len(brute)
