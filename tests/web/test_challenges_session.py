"""A challenge at the table: saves, the tally between challenges, the roll, bonus turns
and undo (web/challenges/session.py)."""

from __future__ import annotations

import json

import pytest

from engine.challenges.bots import make_challenge_bot
from engine.rules.errors import IllegalMoveError, SaveFormatError
from tests.web.challenge_play import bot_move, play_some, play_until, setup_for
from web.challenges.session import (
    AUTOSAVE_KEY,
    Session,
    describe_save,
    read_session,
    write_session,
)
from web.challenges.setup import make_setup
from web.play.session import HUMAN
from web.store.storage import MemoryStore, quarantined

# --------------------------------------------------------------------------- saves


def test_a_saved_match_resumes_with_its_seats_moves_log_and_table() -> None:
    """Autosave then read back: same moves in every challenge, same seats, same move
    list, same tally state."""
    session = Session(setup_for("match", [HUMAN, "strong"], ["tiles", "dice"]))
    play_some(session, 150)
    store = MemoryStore()
    assert write_session(store, session) is None
    again, problem = read_session(store)
    assert problem is None and again is not None
    assert again.to_save() == session.to_save()
    assert again.log == session.log
    assert again.setup.seats == [HUMAN, "strong"]
    assert again.tally_seen == session.tally_seen


def test_a_damaged_save_is_reported_and_set_aside() -> None:
    """Broken JSON, a tampered move or a damaged table state give a message; the stored
    value is set aside verbatim (`web.store.store.read_stored`), not lost."""
    store = MemoryStore()
    store.setItem(AUTOSAVE_KEY, "{not json")
    session, problem = read_session(store)
    assert session is None and "not valid JSON" in (problem or "")
    assert "set aside" in (problem or "") and store.getItem(AUTOSAVE_KEY) is None
    good = Session(setup_for("tiles"))
    play_some(good, 3)
    for damage, words in [
        (lambda d: d["match"]["moves"][0].__setitem__(0, "score"), "cannot be replayed"),
        (lambda d: d["table"].__setitem__("tally_seen", 5), "tally state is damaged"),
        (lambda d: d["table"].__setitem__("rolled", "yes"), "roll is damaged"),
        (lambda d: d.__setitem__("table", []), "table state is damaged"),
        (lambda d: d.__setitem__("seats", ["human"]), "seats are damaged"),
    ]:
        data = good.to_save()
        damage(data)
        store.setItem(AUTOSAVE_KEY, json.dumps(data))
        session, problem = read_session(store)
        assert session is None and words in (problem or ""), problem
        assert store.getItem(AUTOSAVE_KEY) is None
        assert json.dumps(data) in [item["raw"] for item in quarantined(store)]


def test_the_save_list_names_the_challenge_players_and_progress() -> None:
    session = Session(setup_for("match", [HUMAN, "casual"], ["dice", "tiles"]))
    play_some(session, 4)
    assert describe_save(session) == (
        "Match of dice, tiles: Player 1, Casual bot 2 — 4 moves played; "
        "now: Dice Challenge (1 of 2)."
    )
    single = Session(setup_for("cards", [HUMAN, "casual"]))
    assert describe_save(single).endswith("— 0 moves played.")
    play_some(single, 1)
    assert describe_save(single).endswith("— 1 move played."), "one move, not 'moves'"


def test_a_match_at_the_tally_counts_the_finished_challenges_moves() -> None:
    """After the Card Challenge of a match, at the tally, the line counts its moves (not
    the 0 of the next challenge) and names the challenge that comes next."""
    session = Session(setup_for("match", ["casual", "casual"], ["cards", "dice"]))
    while session.match.index == 0:
        session.apply(bot_move(session))
    played = len(session.match.to_save()["moves"][0])
    assert played > 1 and session.awaiting_tally
    assert describe_save(session) == (
        f"Match of cards, dice: Casual bot 1, Casual bot 2 — {played} moves played; "
        "next: Dice Challenge (2 of 2)."
    )


# --------------------------------------------------------------------------- between challenges


def test_the_next_challenge_waits_for_the_tally_and_no_move_is_taken_before() -> None:
    """Once a challenge of a match ends, the next waits until the tally has been seen;
    a move before that is refused; a reload keeps whether it was seen."""
    session = Session(setup_for("match", ["casual", "casual"], ["tiles", "cards"]))
    assert not session.awaiting_tally
    while session.match.index == 0:
        session.apply(bot_move(session))
    assert session.awaiting_tally and session.tally_seen == 0
    with pytest.raises(IllegalMoveError, match="tally"):
        session.apply(bot_move(session))
    assert Session.from_save(session.to_save()).awaiting_tally
    session.acknowledge_tally()
    assert not session.awaiting_tally
    assert not Session.from_save(session.to_save()).awaiting_tally
    session.apply(bot_move(session))
    assert not session.awaiting_tally


def test_a_save_from_before_the_table_state_knows_a_challenge_not_yet_begun() -> None:
    """Older saves have no table state: a challenge of a match without a move had not
    been started, one with moves had."""
    session = Session(setup_for("match", ["casual", "casual"], ["tiles", "cards"]))
    while session.match.index == 0:
        session.apply(bot_move(session))
    old = session.to_save()
    del old["table"]
    assert Session.from_save(old).awaiting_tally
    session.acknowledge_tally()
    session.apply(bot_move(session))
    old = session.to_save()
    del old["table"]
    assert not Session.from_save(old).awaiting_tally


def test_a_roll_belongs_to_its_position_and_is_saved_with_it() -> None:
    """Pressing Roll is remembered for this position only (the engine rolled already);
    the save keeps it; the next move leaves it behind."""
    session = Session(setup_for("dice", [HUMAN, "casual"]))
    assert not session.rolled
    session.roll()
    assert session.rolled
    assert Session.from_save(session.to_save()).rolled
    session.apply("reroll")
    assert not session.rolled
    assert session.to_save()["table"]["rolled"] is None


# --------------------------------------------------------------------------- bonus turns


@pytest.mark.parametrize("variant", ["cards", "dice", "tiles"])
def test_bonus_turns_are_known_and_survive_a_reload(variant: str) -> None:
    """An "Ingenious!" that keeps the turn starts a bonus turn; it lasts until the turn
    passes on, and a session read back from its save knows it too."""
    seen = 0
    for seed in range(4):
        session = Session(make_setup(variant, [], 2, ["", ""], ["casual"] * 2, str(seed), False, 1))
        bots = [make_challenge_bot("casual", seed + seat) for seat in range(2)]
        while not session.over:
            mover = session.game.current
            record = session.apply(bots[mover].choose(session.game.view(mover)))
            if session.over:
                break
            if session.game.current != mover:
                assert not session.in_bonus_turn()
            elif any(line.bonus for line in record.lines):
                assert session.in_bonus_turn()
                assert Session.from_save(session.to_save()).in_bonus_turn()
                seen += 1
    assert seen > 0


# --------------------------------------------------------------------------- undo


@pytest.mark.parametrize("variant", ["cards", "dice", "tiles"])
def test_undo_takes_back_the_persons_whole_last_turn_and_the_bots_after_it(
    variant: str,
) -> None:
    """With one person at the table, undo returns to the state before that person's last
    turn began (every move of it, bonus turns included, and the bot turns after it);
    the same moves played again meet the same draws and rolls."""
    session = Session(setup_for(variant, [HUMAN, "casual"]))
    person = make_challenge_bot("casual", 5)
    bot = make_challenge_bot("casual", 6)
    turn_starts: list[tuple[dict, list[str]]] = []
    seen_after_turn: dict = {}
    undone_checks = 0
    for _ in range(120):
        if session.over or session.awaiting_tally:
            break
        game = session.game
        seat = game.current
        if seat == 0 and (not session.log or session.log[-1].seat != 0):
            turn_starts.append((session.to_save(), []))
        move = (person if seat == 0 else bot).choose(game.view(seat))
        if seat == 0:
            turn_starts[-1][1].append(move)
        session.apply(move)
        if seat == 0:
            seen_after_turn = session.game.view(0)
        if turn_starts and seat == 1:
            saved, moves = turn_starts[-1]
            earlier = session.undone()
            assert earlier.to_save() == saved
            for again in moves:  # the same choices bring back the same draws and rolls
                earlier.apply(again)
            assert earlier.game.view(0) == seen_after_turn
            undone_checks += 1
    assert undone_checks >= 3


def test_undo_is_offered_only_to_a_lone_person_with_a_turn_to_take_back() -> None:
    """No undo before the person has played, with two people (it would show one player's
    choices to the other), between two challenges of a match, or once it is over."""
    alone = Session(setup_for("tiles", [HUMAN, "casual"]))
    assert alone.undo_point() is None
    with pytest.raises(IllegalMoveError, match="no turn of yours"):
        alone.undone()
    alone.apply("draw")
    assert alone.undo_point() == 0
    two = Session(setup_for("tiles", [HUMAN, HUMAN]))
    two.apply("draw")
    assert two.undo_point() is None
    match = Session(setup_for("match", [HUMAN, "casual"], ["tiles", "cards"]))
    assert play_until(match, lambda s: s.awaiting_tally)
    assert match.undo_point() is None
    play_until(match, lambda s: s.over)
    assert match.over and match.undo_point() is None


def test_a_refused_move_changes_nothing() -> None:
    session = Session(setup_for("tiles"))
    before = session.to_save()
    with pytest.raises(IllegalMoveError):
        session.apply("score")
    assert session.to_save() == before and session.log == []


def test_a_save_that_is_not_a_challenge_is_refused() -> None:
    with pytest.raises(SaveFormatError, match="not a saved challenge"):
        Session.from_save({"format": "something else"})


def test_the_save_says_whether_the_challenge_was_on_screen_for_a_reload() -> None:
    """A reload returns to a challenge that was on screen, and stays on the start screen
    after Menu; saves from before this was kept wait on the start screen."""
    session = Session(setup_for("cards", [HUMAN, "casual"]))
    assert Session.from_save(session.to_save()).screen == "game"
    session.screen = "start"
    assert Session.from_save(session.to_save()).screen == "start"
    old = session.to_save()
    del old["table"]["screen"]
    assert Session.from_save(old).screen == "start"
    old["table"]["screen"] = "elsewhere"
    with pytest.raises(SaveFormatError, match="screen"):
        Session.from_save(old)
