"""A game begun from another game's position ("Try from here", the save's ``start``): a
chain of them stops at the depth every program can load, with a clear message, and what
the format does not know inside a start is dropped on load, the rest kept."""

from __future__ import annotations

import json

import pytest

from engine import SaveFormatError, load_game, new_game
from engine.formats.save import MAX_START_DEPTH, start_depth, start_from
from engine.rules.game import Game


def tried(game: Game, deal: int) -> Game:
    """A few moves of ``game``, then a game tried from that position (as the review does)."""
    for _ in range(2):
        game.apply(game.legal_moves()[0])
    return start_from(load_game(game.to_save()), game.current, deal)


def test_a_chain_of_tries_stops_at_the_depth_every_save_can_hold() -> None:
    """Eight tries, one from the other, each save loading again to the same game; the
    ninth is refused with a message saying what to do (it made a save that was set aside
    at the next start)."""
    game = new_game("standard", 2, seed=9, names=["Ann", "Bob"])
    for deal in range(1, MAX_START_DEPTH + 1):
        game = tried(game, deal)
        assert start_depth(game) == deal
        again = load_game(json.loads(json.dumps(game.to_save())))
        assert again.to_save() == game.to_save() and again.racks == game.racks
    for _ in range(2):
        game.apply(game.legal_moves()[0])
    with pytest.raises(SaveFormatError, match="try from an earlier game of the chain"):
        start_from(game, game.current, 99)
    assert load_game(game.to_save()).moves == game.moves


def test_unknown_keys_inside_a_start_are_dropped_on_load_and_the_rest_kept() -> None:
    """A 300 kB field beside a start's known keys (at any depth) does not ride along in
    every later save: the loaded game's save has the known keys only, and is the same
    game."""
    game = tried(tried(new_game("standard", 2, seed=4, names=["Ann", "Bob"]), 1), 2)
    save = game.to_save()
    padded = json.loads(json.dumps(save))
    padded["start"]["junk"] = "x" * 300_000
    padded["start"]["start"]["more"] = {"a": [1, 2]}
    padded["extra"] = "top-level keys were never kept"
    loaded = load_game(padded)
    assert loaded.to_save() == save
    assert "junk" not in json.dumps(loaded.to_save())
    assert loaded.racks == game.racks and loaded.bag == game.bag
