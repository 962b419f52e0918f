"""Whole remote games, simulated device by device (every device its own secrets, every
message passed to every other device), played to the end and verified: two, three and
four players, the team game and the duel, with a swap and a duel exchange inside."""

from __future__ import annotations

from functools import cache

import pytest

from engine.remote.cards import card_points
from engine.remote.verify import verify
from engine.rules.tiles import HIDDEN

from .sim import Party

#: (variant, players, seed): seeds whose games hold swaps (standard, team) and a duel
#: exchange, found once and fixed (the simulation is deterministic).
GAMES = [("standard", 2, 2), ("standard", 3, 3), ("standard", 4, 3), ("team", 4, 3),
         ("duel", 2, 21)]  # fmt: skip


@cache
def played(variant: str, players: int, seed: int) -> Party:
    party = Party(variant, players, seed=seed)
    for _ in range(2000):
        check_secrecy(party)
        if party.step() is None:
            return party
    raise AssertionError("the game did not end")


def check_secrecy(party: Party) -> None:
    """What each device holds: the other seats' tiles hidden, its own tiles real when it is
    its turn, the bag's count the deck's."""
    for device in party.devices:
        t = device.table
        if t.game is None:
            continue
        for seat, rack in enumerate(t.game.racks):
            if seat != device.seat:
                assert set(rack) <= {HIDDEN}, "a device sees another seat's tile"
        own = t.game.racks[device.seat]
        if t.game.current == device.seat and t.owed(device.seat)["turn"]:
            assert HIDDEN not in own
        assert len(own) - own.count(HIDDEN) == len(device.cards)
        deck = t.epochs[-1]
        assert len(t.game.bag) == deck.size - deck.consumed


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_a_whole_game_ends_verified_on_every_device(variant: str, players: int, seed: int) -> None:
    party = played(variant, players, seed)
    first = party.devices[0].table
    assert first.finished and first.game is not None and first.game.over
    for device in party.devices:
        assert device.table.hashes == first.hashes
        assert device.table.game is not None
        assert device.table.game.scores == first.game.scores
    report = verify(party.devices[1].log)
    assert report["verified"], report["problems"]
    assert report["result"] == first.game.result()


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_the_games_hold_swaps(variant: str, players: int, seed: int) -> None:
    """The standard 2p, 3p, the team game and the duel each return tiles to the bag at
    least once (a swap; in the duel the exchange), remixed into a new deck."""
    party = played(variant, players, seed)
    if (variant, players) != ("standard", 4):
        assert party.table.remixes and all(r.merged for r in party.table.remixes[:-1])
    moves = party.table.game.moves if party.table.game else []
    assert ("swap" in moves) == bool(party.table.remixes)


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_no_message_holds_a_tile_in_the_clear(variant: str, players: int, seed: int) -> None:
    """No message carries the point of a card unlocked; the only tiles named in the clear
    are those a player places or shows (its own), and every seat's keys at the very end."""
    party = played(variant, players, seed)
    points = [x.to_bytes(32, "big") for x in card_points()]
    for raw in party.devices[0].log:
        assert not any(p in raw for p in points)
    turns = party.table.turns
    for device in party.devices:
        seat = device.seat
        mine = {p[2] for t in turns if t["seat"] == seat for p in t["placements"]}
        shown = {c for t in turns if t["seat"] == seat for c in t["returned"]}
        drawn = set(device.known.values())
        assert mine | shown <= drawn


def test_every_draw_is_dealt_once_per_deck() -> None:
    """Each deck position goes to one draw, and each public index of a deck to at most one."""
    party = played("standard", 2, 2)
    t = party.table
    for e in t.epochs:
        draws = [d for d in t.draws if d.epoch == e.index]
        assert sorted(d.position for d in draws) == list(range(e.consumed))
        us = [d.u for d in draws if d.u is not None]
        assert len(us) == len(set(us))
