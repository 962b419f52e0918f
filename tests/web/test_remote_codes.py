"""web/remote/codes.py: the QR codes of a message to send, and the parts they carry opened
on the other device in any order (`web.remote.games.collect`)."""

from __future__ import annotations

import json
import re

from engine.remote import api
from web.remote import codes, games
from web.remote.model import RemoteState, body_html
from web.store.store import MemoryStore, store_keys
from web.ui import qr

PAGE = "https://example.org/ingenious/index.html"


def figures(html: str) -> list[dict[str, str]]:
    """Each code's part, link, matrix, label and size, as drawn."""
    found = []
    for fig in re.findall(r"<figure .*?</figure>", html):
        opening = fig[: fig.index("<rect")]  # the figure's and the svg's attributes
        attrs = dict(re.findall(r'(data-[a-z]+|aria-label|viewBox|width)="([^"]*)"', opening))
        attrs["paths"] = str(fig.count("<path"))
        attrs["caption"] = "".join(re.findall(r"<figcaption>(.*?)</figcaption>", fig))
        found.append(attrs)
    return found


def test_a_short_message_is_one_code_of_its_link() -> None:
    store = MemoryStore()
    made = games.create(store, "standard", 2, "Ann")
    assert made.send is not None
    joiner = MemoryStore()
    link = api.message_link(made.send, PAGE)
    joined = games.open_text(joiner, link)
    assert joined.game is not None
    reply = games.join(joiner, joined.game, 1, "Bob").send
    assert reply is not None and len(reply) <= codes.PART_SIZE
    state = RemoteState()
    state.told(games.Outcome(joined.game, send=reply))
    [fig] = figures(body_html(state, {}, PAGE))
    assert fig["data-link"] == api.message_link(reply, PAGE)
    code = qr.encode(fig["data-link"])
    assert fig["data-qr"] == qr.matrix_text(code.matrix)
    assert fig["data-version"] == str(code.version)
    assert fig["aria-label"] == "QR code of the link" and fig["caption"] == ""
    assert fig["paths"] == "1"
    side = code.size + 2 * qr.QUIET
    assert fig["viewBox"] == f"0 0 {side} {side}" and int(fig["width"]) >= 2 * side


def test_an_invitation_is_parts_each_opened_by_its_link_in_any_order() -> None:
    host = MemoryStore()
    made = games.create(host, "standard", 3, "Ann")
    assert made.send is not None and len(made.send) > codes.PART_SIZE
    state = RemoteState()
    state.told(made)
    drawn = figures(body_html(state, {}, PAGE))
    n = len(drawn)
    assert n == len(api.split_message(made.send, codes.PART_SIZE)) > 1
    for k, fig in enumerate(drawn, 1):
        assert fig["aria-label"] == f"QR code of the link, part {k} of {n}"
        assert fig["caption"] == f"Part {k} of {n}"
        assert fig["data-qr"] == qr.matrix_text(qr.encode(fig["data-link"]).matrix)
        assert int(fig["data-version"]) <= 25
    guest = MemoryStore()
    order = list(range(n))[::-1]
    order = order[1:] + order[:1]  # not in order, not in reverse
    for i, k in enumerate(order):
        out = games.open_text(guest, drawn[k]["data-link"])
        assert out.problem == ""
        if i < n - 1:
            assert out.game is None and f"Part {k + 1} of {n} is kept" in out.note
            assert any(key.startswith(games.PARTS_PREFIX) for key in store_keys(guest))
        else:
            assert out.game == api.message_info(made.send)["game"]
    assert [k for k in store_keys(guest) if k.startswith(games.PARTS_PREFIX)] == []
    assert api.status(games.listed(guest)[0])["joinable"] == 1


def test_a_part_opened_twice_or_damaged_or_stored_badly() -> None:
    host = MemoryStore()
    made = games.create(host, "standard", 2, "Ann")
    assert made.send is not None
    parts = api.split_message(made.send, codes.PART_SIZE)
    guest = MemoryStore()
    first = games.open_text(guest, codes.link_of(parts[0], PAGE))
    again = games.open_text(guest, parts[0])  # the text of a part, pasted, counts too
    assert first.note == again.note and "Part 1 of" in again.note
    bad = parts[1].split(":")
    bad[3] = "99"
    assert games.open_text(guest, ":".join(bad)).problem
    damaged = parts[1][:-5] + "AAAAA"
    for part in parts[2:]:
        games.open_text(guest, part)
    out = games.open_text(guest, damaged)
    assert out.game is None and "not opened" in out.problem
    assert games.listed(guest) == []
    guest.setItem(f"{games.PARTS_PREFIX}{bad[1]}.{bad[2]}", json.dumps(["not a part"]))
    out = games.open_text(guest, parts[0])
    assert "set aside" in out.problem
