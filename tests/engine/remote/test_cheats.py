"""Each kind of cheat is caught: at arrival (the message is refused and nothing changes) or
by the final verification, which names the message and the seat.

The simulation is deterministic, so a cheating game replays its honest twin up to the
cheat: the tests pick tiles the honest game never draws, so that the cheating game can be
played to the end and verified.
"""

from __future__ import annotations

from functools import cache

import pytest

from engine.remote.cards import lock, permutation, scalar
from engine.remote.curve import GX
from engine.remote.device import Device
from engine.remote.verify import verify
from engine.remote.wire import MessageError, finish, parse
from engine.rules.tiles import make_tile

from .sim import Party, resign, turn_moves

GAME = ("standard", 2, 2)


@cache
def honest() -> Party:
    party = Party(*GAME[:2], seed=GAME[2])
    party.run()
    return party


def never_drawn() -> list[int]:
    """Cards no draw of the honest game gave (they stay in the bag all game)."""
    drawn = set()
    for device in honest().devices:
        drawn |= set(device.known.values())
    return [c for c in range(120) if c not in drawn]


def steps(party: Party, count: int) -> None:
    for _ in range(count):
        assert party.step() is not None


def test_a_doubled_tile_in_a_shuffle_is_refused_on_arrival(monkeypatch: pytest.MonkeyPatch) -> None:
    honest_pass = Device._pass

    def doubled(self: Device, t):  # type: ignore[no-untyped-def]
        payload = honest_pass(self, t)
        return payload[:2] + payload[2:34] * 2 + payload[66:]

    monkeypatch.setattr(Device, "_pass", doubled)
    with pytest.raises(MessageError, match="holds a tile twice"):
        Party(*GAME[:2], seed=GAME[2])


def test_a_dropped_tile_in_a_shuffle_is_named_by_the_verification(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1 swaps a tile no one will draw for a point that is no tile: every device
    accepts the shuffle, the game is played to the end, and the verification names the
    invitation (message 0) and seat 1."""
    lost = never_drawn()[0]
    master = honest().devices[0].master
    order = permutation(master, 120, "pass-perm")
    at = order.index(lost)
    honest_pass = Device._pass

    def dropping(self: Device, t):  # type: ignore[no-untyped-def]
        payload = honest_pass(self, t)
        fake = lock(scalar(self.master, "pass"), GX).to_bytes(32, "big")
        start = 2 + 32 * at
        return payload[:start] + fake + payload[start + 32 :]

    monkeypatch.setattr(Device, "_pass", dropping)
    party = Party(*GAME[:2], seed=GAME[2])
    monkeypatch.setattr(Device, "_pass", honest_pass)
    party.run()
    report = verify(party.devices[1].log)
    assert not report["verified"]
    assert report["problems"][0]["message"] == 0 and report["problems"][0]["seat"] == 0
    assert "shuffle" in report["problems"][0]["problem"]


def test_a_tile_played_that_was_not_held_is_named_by_the_verification() -> None:
    """At its turn, seat 2 names in its message a tile of the same colours that lies in
    the bag (no device can tell: it is on no rack it sees); the verification, which knows
    every draw, names the message and the seat."""
    party = Party(*GAME[:2], seed=GAME[2])
    steps(party, 6)
    seat = party.table.awaited()
    assert seat is not None and party.table.owed(seat)["turn"]
    cheat = party.devices[seat]
    moves = turn_moves(cheat, party.rng, party.swaps)
    game = cheat.table.game
    assert game is not None
    a, b, ca, cb = game.parse_placement(moves[0])
    tile = make_tile(ca, cb)
    fake = next(c for c in never_drawn() if make_tile(*_tile(c)) == tile)
    real = next(c for c in cheat.cards if make_tile(*_tile(c)) == tile)
    cheat.cards = [fake] + [c for c in cheat.cards if c != real]
    raw = cheat.compose(moves)
    party.broadcast(seat, raw)
    party.run()
    report = verify(party.devices[0].log)
    assert not report["verified"]
    problem = report["problems"][0]
    assert problem["seat"] == seat and problem["message"] == parse(raw).header.seq
    assert "did not" in problem["problem"] and "hold" in problem["problem"]


def _tile(card: int) -> tuple[int, int]:
    from engine.remote.cards import card_tiles

    return card_tiles()[card]


def _next_message(party: Party) -> tuple[int, bytes, Device]:
    """The awaited seat's next message, made on a copy of its device (nobody opened it)."""
    import copy

    seat = party.table.awaited()
    assert seat is not None
    device = copy.deepcopy(party.devices[seat])
    moves = turn_moves(device, party.rng, party.swaps) if device.table.owed(seat)["turn"] else None
    return seat, device.compose(moves), party.devices[seat]


def test_an_altered_move_is_refused_as_forged() -> None:
    party = Party(*GAME[:2], seed=GAME[2])
    steps(party, 3)
    seat, raw, _ = _next_message(party)
    body_at = 20
    altered = raw[: body_at + 3] + bytes([raw[body_at + 3] ^ 1]) + raw[body_at + 4 : -4]
    altered = finish(altered[:-64], altered[-64:])  # the check bytes made right again
    other = party.devices[1 - seat]
    before = other.table.hashes[:]
    with pytest.raises(MessageError) as caught:
        other.receive(altered)
    assert caught.value.kind == "forged"
    assert other.table.hashes == before


def test_a_message_signed_by_another_seat_is_refused() -> None:
    """Seat B writes the message the game waits for from seat A and signs it with its own
    key (the only one it has): refused as forged; under its own seat number, as unexpected."""
    party = Party(*GAME[:2], seed=GAME[2])
    steps(party, 4)
    seat, raw, _ = _next_message(party)
    intruder = party.devices[1 - seat]
    msg = parse(raw)
    prev = intruder.table.hashes[-1]
    forged = resign(raw, msg.body, intruder.signing, prev)
    with pytest.raises(MessageError) as caught:
        party.devices[seat].receive(forged)
    assert caught.value.kind == "forged"
    as_itself = resign(raw, msg.body, intruder.signing, prev, seat=1 - seat)
    with pytest.raises(MessageError) as caught:
        party.devices[seat].receive(as_itself)
    assert caught.value.kind == "unexpected"


def test_a_replayed_message_is_refused() -> None:
    party = Party(*GAME[:2], seed=GAME[2])
    steps(party, 5)
    device = party.devices[0]
    before = device.table.hashes[:]
    for old in device.log[1:4]:
        with pytest.raises(MessageError) as caught:
            device.receive(old)
        assert caught.value.kind == "repeated"
    assert device.table.hashes == before


def test_a_wrong_share_is_refused_by_the_drawer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A share that does not take its seat's lock off gives the drawer no tile: the drawer's
    device refuses the message (nothing changes there) and says the game cannot go on."""
    party = Party(*GAME[:2], seed=GAME[2])
    honest_strips = Device._strips

    def wrong(self: Device, t, due):  # type: ignore[no-untyped-def]
        payload = honest_strips(self, t, due)
        value = int.from_bytes(payload[2:34], "big")
        return payload[:2] + lock(7, value).to_bytes(32, "big") + payload[34:]

    for _ in range(20):
        seat = party.table.awaited()
        assert seat is not None
        if party.devices[seat].table.owed(seat)["strips"]:
            break
        party.step()
    monkeypatch.setattr(Device, "_strips", wrong)
    device = party.devices[seat]
    moves = turn_moves(device, party.rng, party.swaps) if device.table.owed(seat)["turn"] else None
    raw = device.compose(moves)
    drawer = party.devices[1 - seat]
    before = drawer.table.hashes[:]
    with pytest.raises(MessageError, match="give no valid tile"):
        drawer.receive(raw)
    assert drawer.table.hashes == before


def test_a_verification_names_a_changed_message() -> None:
    """A log whose message 7 was changed (its check bytes made right) fails its
    verification at message 7, as not signed by its seat."""
    log = honest().devices[0].log[:]
    raw = log[7]
    changed = raw[:24] + bytes([raw[24] ^ 1]) + raw[25:-4]
    log[7] = finish(changed[:-64], changed[-64:])
    report = verify(log)
    assert not report["verified"]
    assert "message 7 " in report["problems"][0]["problem"]
    assert "not signed" in report["problems"][0]["problem"]


def test_keys_other_than_the_promised_ones_are_refused() -> None:
    """At the end a seat shows its master secret; other keys than the ones it committed to
    when it joined are refused on arrival."""
    from engine.remote.state import REVEAL

    party = Party(*GAME[:2], seed=GAME[2])
    while not party.table.over:
        party.step()
    seat = party.table.awaited()
    assert seat is not None and party.table.owed(seat)["reveal"]
    liar = party.devices[seat]
    body = bytes([REVEAL]) + bytes(32)
    raw = resign(liar.log[-1], body, liar.signing, liar.table.hashes[-1])
    raw = _renumber(raw, liar)
    other = party.devices[1 - seat]
    with pytest.raises(MessageError, match="not the ones this seat promised"):
        other.receive(raw)


def _renumber(raw: bytes, device: Device) -> bytes:
    """``raw`` as the next message of ``device``'s game (header fields of the next one)."""
    from engine.remote import schnorr
    from engine.remote.wire import pack_header, signed_bytes

    msg = parse(raw)
    t = device.table
    head = pack_header(t.game_id, device.seat or 0, t.seq, t.hashes[-1], len(msg.body))
    data = head + msg.body
    return finish(data, schnorr.sign(signed_bytes(data, t.hashes[-1]), device.signing, bytes(32)))
