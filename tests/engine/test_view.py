"""Player views: a seat sees its own rack and the public state, never hidden tiles."""

import json

from engine import determinize, new_game
from engine.rules.rng import Rng

from .helpers import tile_count


def test_view_shows_only_the_own_rack() -> None:
    """Rule: other racks and the bag order are hidden; only their sizes are shown."""
    game = new_game("standard", 3, seed=9)
    view = game.view(1)
    assert set(view["racks"]) == {"1"}
    assert view["rack_sizes"] == [6, 6, 6] and view["bag"] == 120 - 18
    assert "bag_order" not in view and "seed" not in view
    text = json.dumps(view)
    assert "rng" not in text


def test_spectator_view_shows_no_rack() -> None:
    """A view for no seat (between hot-seat turns) shows no rack at all."""
    assert new_game("standard", 2, seed=1).view(None)["racks"] == {}


def test_view_does_not_depend_on_hidden_tiles() -> None:
    """Two games that differ only in hidden tiles give the same view to the seat."""
    a = new_game("standard", 2, seed=1)
    b = a.copy()
    b.racks[1], b.bag[:6] = b.bag[:6], b.racks[1]
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def test_determinize_keeps_what_the_seat_sees_and_conserves_tiles() -> None:
    """Determinising a view keeps the board, scores and own rack, and deals 120 tiles in all."""
    game = new_game("standard", 4, seed=3)
    for _ in range(10):
        game.apply(game.legal_moves()[0])
    seat = game.current
    sampled = determinize(game.view(seat), Rng(1))
    assert sampled.view(seat) == game.view(seat)
    assert tile_count(sampled) == 120
    assert sorted(sampled.legal_moves()) == sorted(game.legal_moves())
