"""The page's API (engine.remote.api): a whole two-player game played through it, store to
store and message to message; a damaged, cut, repeated, early or foreign message gets a
clear message and changes nothing; stores are read back with every field checked."""

from __future__ import annotations

import json
from functools import cache

import pytest

from engine.remote import api
from engine.remote.wire import MessageError
from engine.rules.errors import IllegalMoveError, IngeniousError, SaveFormatError
from engine.rules.rng import Rng

PAGE = "https://example.org/ingenious/"


def a_turn(store: str, rng: Rng) -> list[str]:
    game = api.turn_game(store)
    seat = api.status(store)["seat"]
    moves = []
    while not game.over and game.current == seat:
        legal = game.legal_moves()
        move = "swap" if "swap" in legal else legal[rng.below(len(legal))]
        moves.append(move)
        game.apply(move)
    return moves


@cache
def game_via_api() -> dict[str, list[str]]:
    """Ann (seat 1) invites Bob; they play by links to the end. Returns each side's stores
    (one per message) and the messages."""
    created = api.create_game("standard", 2, ["Ann", ""])
    ann, messages = [created["store"]], [api.message_link(created["message"], PAGE)]
    bob = [api.open_message(None, messages[0])["store"]]
    assert api.status(bob[-1])["joinable"] == 1
    joined = api.join_game(bob[-1], 1, "Bob")
    bob.append(joined["store"])
    messages.append(joined["message"])
    ann.append(api.open_message(ann[-1], joined["message"])["store"])
    rng = Rng(3)
    stores = {0: ann, 1: bob}
    for _ in range(200):
        st = api.status(ann[-1])
        if st["finished"]:
            break
        seat = st["awaited"]
        mine = stores[seat]
        if api.status(mine[-1])["my_turn"]:
            made = api.play_turn(mine[-1], a_turn(mine[-1], rng))
        else:
            assert api.status(mine[-1])["respond"]
            made = api.respond(mine[-1])
        mine.append(made["store"])
        messages.append(made["message"])
        other = stores[1 - seat]
        opened = api.open_message(other[-1], made["message"])
        other.append(opened["store"])
    return {"ann": ann, "bob": bob, "messages": messages}


def test_a_whole_game_by_links_ends_verified_on_both_devices() -> None:
    played = game_via_api()
    ann, bob = api.status(played["ann"][-1]), api.status(played["bob"][-1])
    assert ann["finished"] and bob["finished"]
    assert ann["names"] == bob["names"] == ["Ann", "Bob"]
    for st in (ann, bob):
        assert st["verification"]["verified"], st["verification"]["problems"]
    assert ann["verification"]["result"] == bob["verification"]["result"]
    assert api.verify_game(played["bob"][-1])["verified"]
    assert api.verify_game(json.dumps(played["messages"]))["verified"]


def test_a_view_shows_only_the_device_own_tiles() -> None:
    played = game_via_api()
    for store, seat in ((played["ann"][6], 0), (played["bob"][6], 1)):
        view = api.view(store)
        assert list(view["racks"]) == [str(seat)]
        assert view["rack_sizes"][1 - seat] == 6
        assert view["remote"]["seat"] == seat


def test_status_says_whom_the_game_waits_on() -> None:
    played = game_via_api()
    st = api.status(played["ann"][1])
    assert st["awaited"] == 0 and st["my_turn"] and st["waiting_for"] == "its turn"
    bob = api.status(played["bob"][1])
    assert bob["awaited"] == 0 and not bob["my_turn"] and not bob["respond"]
    assert bob["last_sent"] == played["messages"][1]


def test_bad_messages_get_a_clear_message_and_change_nothing() -> None:
    played = game_via_api()
    store = played["bob"][1]  # Bob has messages 0 and 1 (his join); message 2 is next
    good = played["messages"][2]
    text = good.split("#m=")[-1]
    other = api.create_game("duel", 2, ["X", "Y"])["message"]
    cases = {
        "damaged": text[:60] + ("A" if text[60] != "A" else "B") + text[61:],
        "cut": text[: len(text) // 2],
        "repeated": played["messages"][1],
        "early": played["messages"][3],
        "foreign": other,
        "unreadable": "hello, here is my move",
    }
    for kind, message in cases.items():
        with pytest.raises(MessageError) as caught:
            api.open_message(store, message)
        assert caught.value.kind == kind, (kind, str(caught.value))
        assert str(caught.value)
    assert api.open_message(store, good)["status"]["messages"] == 3


def test_a_message_of_the_game_names_game_seat_and_number() -> None:
    played = game_via_api()
    info = api.message_info(played["messages"][4])
    assert info["number"] == 4 and info["game"] == api.status(played["ann"][0])["game"]
    with pytest.raises(MessageError):
        api.message_info("not a message")
    with pytest.raises(MessageError) as caught:
        api.open_message(None, played["messages"][4])
    assert caught.value.kind == "early"


def test_moves_that_are_no_whole_turn_are_refused() -> None:
    played = game_via_api()
    store = played["ann"][1]
    with pytest.raises(IllegalMoveError):
        api.play_turn(store, ["0,0:red 1,0:blue"])
    with pytest.raises(IllegalMoveError):
        api.play_turn(store, [])
    with pytest.raises(IngeniousError):
        api.respond(store)  # it is Ann's turn: her message needs her moves
    with pytest.raises(IngeniousError):
        api.play_turn(played["bob"][1], a_turn(played["ann"][1], Rng(1)))


def test_stores_are_read_back_with_every_field_checked() -> None:
    played = game_via_api()
    store = played["ann"][10]
    assert api.status(api.import_game(api.export_game(store))) == api.status(store)
    data = json.loads(store)
    bad = [
        "not json",
        json.dumps([]),
        json.dumps({**data, "format": "other"}),
        json.dumps({**data, "version": 9}),
        json.dumps({**data, "extra": 1}),
        json.dumps({**data, "seat": 5}),
        json.dumps({**data, "seat": 1}),
        json.dumps({**data, "log": data["log"][:1] + data["log"][2:]}),
        json.dumps({**data, "log": [x[:-3] for x in data["log"]]}),
        json.dumps({**data, "secret": {"master": "00" * 32, "signing": data["secret"]["signing"]}}),
        json.dumps({**data, "sent": [999]}),
        json.dumps({**data, "game": "00" * 8}),
    ]
    for text in bad:
        with pytest.raises(SaveFormatError):
            api.status(text)


def test_a_big_message_in_parts_for_qr_codes() -> None:
    """The invitation does not fit one QR code; its parts (1,000 characters at most, QR
    version 22 at error correction L) join back in any order; a missing or foreign part
    is refused."""
    invitation = game_via_api()["messages"][0].split("#m=")[-1]
    parts = api.split_message(invitation)
    assert len(parts) == 6 and all(len(p.split(":")[-1]) <= 1000 for p in parts)
    assert api.join_parts(parts[::-1]) == invitation
    with pytest.raises(MessageError) as caught:
        api.join_parts(parts[:-1])
    assert caught.value.kind == "cut"
    other = api.split_message(game_via_api()["messages"][5], 100)
    with pytest.raises(MessageError):
        api.join_parts(parts[:1] + other[:1])
    with pytest.raises(MessageError):
        api.join_parts(parts + parts[:1])
