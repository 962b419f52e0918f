"""The tile mix and the bag (RULINGS: Colours, symbols, tiles)."""

from collections import Counter

from engine.rules.game import new_game
from engine.rules.tiles import COLOURS, full_tile_set


def test_120_tiles_six_of_each_pair_five_of_each_double() -> None:
    """Rule: 6 of each of the 15 two-colour pairs and 5 of each of the 6 doubles."""
    counts = Counter(full_tile_set())
    assert sum(counts.values()) == 120
    assert len(counts) == 21
    for (a, b), n in counts.items():
        assert n == (5 if a == b else 6)


def test_every_colour_appears_on_40_hexes() -> None:
    """Consequence of the mix: each colour is printed on 40 of the 240 tile hexes."""
    per_colour = Counter(c for tile in full_tile_set() for c in tile)
    assert set(per_colour.values()) == {40}
    assert len(per_colour) == len(COLOURS)


def test_racks_of_six_are_dealt_from_a_seeded_bag() -> None:
    """Rule: racks of six; the same seed deals the same racks."""
    a, b = new_game("standard", 4, seed=42), new_game("standard", 4, seed=42)
    assert all(len(r) == 6 for r in a.racks)
    assert a.racks == b.racks and a.bag == b.bag
    assert new_game("standard", 4, seed=43).racks != a.racks
    assert len(a.bag) == 120 - 24


def test_solo_has_one_drawn_tile_and_no_rack() -> None:
    """Rule (solo): each turn draws one tile from the bag."""
    game = new_game("solo", 1, seed=3)
    assert len(game.racks[0]) == 1 and len(game.bag) == 119
