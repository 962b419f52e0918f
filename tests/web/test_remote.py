"""Play with friends (web/remote): the steps of a game on two devices' storages, and the
screen model. A damaged, repeated, early or foreign message names its problem and leaves
the stored game exactly as it was; a finished game says it was verified."""

from __future__ import annotations

from engine.remote import api
from engine.rules.rng import Rng
from web.remote import games
from web.remote.model import RemoteState, body_html, since_lines, standing
from web.store.store import MemoryStore, store_keys

PAGE = "https://example.org/ingenious/"


def a_turn(text: str, rng: Rng) -> list[str]:
    game = api.turn_game(text)
    seat = api.status(text)["seat"]
    moves = []
    while not game.over and game.current == seat:
        legal = game.legal_moves()
        move = "pass" if "pass" in legal else legal[rng.below(len(legal))]
        moves.append(move)
        game.apply(move)
    return moves


def begun() -> tuple[MemoryStore, MemoryStore, str, list[str]]:
    """Ann makes a 2-player game on one device, Bob joins on another; the messages sent."""
    ann, bob = MemoryStore(), MemoryStore()
    made = games.create(ann, "standard", 2, "Ann")
    assert made.game is not None and made.send is not None and not made.problem
    link = api.message_link(made.send, PAGE)
    invited = games.open_text(bob, link)
    assert invited.game == made.game and not invited.problem
    assert standing(api.status(games.read(bob, made.game) or "")) == "An invitation: join seat 2."
    joined = games.join(bob, made.game, 1, "Bob")
    assert joined.send is not None and not joined.problem
    opened = games.open_text(ann, joined.send)
    assert not opened.problem
    return ann, bob, made.game, [made.send, joined.send]


def test_a_whole_game_between_two_storages_ends_verified() -> None:
    ann, bob, game, sent = begun()
    devices = {0: ann, 1: bob}
    rng = Rng(5)
    for _ in range(300):
        status = api.status(games.read(ann, game) or "")
        if status["finished"]:
            break
        seat = status["awaited"]
        mine = devices[seat]
        text = games.read(mine, game)
        assert text is not None and api.status(text)["my_turn"]
        out = games.turn(mine, game, a_turn(text, rng))
        assert out.send is not None and not out.problem
        sent.append(out.send)
        opened = games.open_text(devices[1 - seat], out.send)
        assert not opened.problem, opened.problem
        if opened.send is not None:  # an answer owed at once (keys, shares, a remixed bag)
            sent.append(opened.send)
            back = games.open_text(mine, opened.send)
            assert not back.problem, back.problem
    for store in (ann, bob):
        status = api.status(games.read(store, game) or "")
        assert status["finished"] and status["verification"]["verified"]
        assert standing(status) == "Game over: verified."
        html = body_html(RemoteState(view="game", game=game), {game: games.read(store, game) or ""},
                         PAGE)  # fmt: skip
        assert "Game over: verified." in html and "Winner:" in html


def test_damaged_repeated_and_foreign_messages_change_nothing() -> None:
    ann, bob, game, sent = begun()
    before = ann.getItem(games.key_of(game))
    repeated = games.open_text(ann, sent[1])
    assert repeated.problem.startswith("This message was not opened:")
    damaged_text = sent[1][:40] + ("A" if sent[1][40] != "A" else "B") + sent[1][41:]
    damaged = games.open_text(ann, damaged_text)
    assert damaged.problem.startswith("This message was not opened:")
    assert damaged.problem != repeated.problem
    cut = games.open_text(ann, sent[1][:-30])
    assert cut.problem.startswith("This message was not opened:")
    other = games.create(MemoryStore(), "duel", 2, "Cy")
    assert other.send is not None
    joined_elsewhere = games.open_text(MemoryStore(), other.send)
    assert joined_elsewhere.game == other.game
    assert games.open_text(ann, "not a message at all").problem
    assert games.open_text(ann, "").problem == "Paste a message first, or open its file."
    assert ann.getItem(games.key_of(game)) == before
    assert [k for k in store_keys(ann) if k.startswith(games.REMOTE_PREFIX)] == [games.key_of(game)]


def test_a_damaged_stored_game_is_set_aside_not_used() -> None:
    store = MemoryStore()
    made = games.create(store, "standard", 3, "Ann")
    assert made.game is not None
    store.setItem(games.key_of(made.game), '{"format": "nonsense"}')
    problems: list[str] = []
    assert games.listed(store, problems) == []
    assert problems and any(k.startswith("ingenious.quarantine.") for k in store_keys(store))


def test_send_again_gives_the_last_message_made_here() -> None:
    ann, bob, game, sent = begun()
    assert games.again(bob, game).send == sent[1]
    assert games.again(ann, game).send == sent[0]


def test_the_screen_shows_the_message_to_send_and_the_list() -> None:
    store = MemoryStore()
    made = games.create(store, "team", 4, "Ann")
    assert made.game is not None
    state = RemoteState()
    state.told(made)
    html = body_html(state, {made.game: games.read(store, made.game) or ""}, PAGE)
    assert 'id="remote-link"' in html and PAGE + "#m=" in html
    assert "Waiting for" in html and "Team game: Ann" in html
    state.view, state.send = "list", None
    listing = body_html(state, {made.game: games.read(store, made.game) or ""}, PAGE)
    assert 'data-act="again"' in listing and "No bots at such a table" in listing
    assert 'id="remote-paste"' in listing


def test_since_your_last_turn_in_words() -> None:
    events = [
        {"seat": 1, "move": "0,1:red 1,1:blue", "points": {"red": 2, "blue": 1}, "bonus": 0},
        {"seat": 1, "move": "swap", "returned": []},
        {"seat": 0, "move": "pass"},
    ]
    assert since_lines(events, ["Ann", "Bob"]) == [
        "Bob placed a tile: +2 red and +1 blue.",
        "Bob swapped their tiles.",
        "Ann kept their tiles.",
    ]


def test_an_exported_game_goes_on_on_another_device() -> None:
    ann, bob, game, sent = begun()
    text = games.read(bob, game)
    assert text is not None
    phone = MemoryStore()
    brought = games.open_text(phone, api.export_game(text))
    assert brought.game == game and not brought.problem
    assert games.read(phone, game) == api.export_game(text)
    again = games.open_text(phone, api.export_game(text))
    assert again.problem == "This game is already on this device; nothing changed."
    assert games.open_text(phone, '{"not": "a game"}').problem.startswith("This game could not")
