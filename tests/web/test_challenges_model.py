"""Pure session logic of the Challenges screen: setup checks, hiding, saves, previews.

Previews are checked against the engine: what the screen says a choice scores must be
what the engine scores when that choice is played.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.challenges import new_challenge
from engine.challenges.bots import make_challenge_bot
from engine.errors import IllegalMoveError
from web.challenges.model import (
    AUTOSAVE_KEY,
    HUMAN,
    DicePlan,
    Session,
    SetupError,
    allowed_max,
    best_order,
    bust_chance,
    bust_colours,
    card_preview,
    describe_move,
    free_score_preview,
    hand_owner,
    make_setup,
    needs_pass_screen,
    read_session,
    tile_score_preview,
    write_session,
)
from web.storage import MemoryStore


def setup_for(kind: str = "cards", seats: list[str] | None = None, games: list[str] | None = None):
    seats = seats or [HUMAN, "casual"]
    return make_setup(kind, games or [], len(seats), [""] * len(seats), seats, "9", False, 1)


# --------------------------------------------------------------------------- setup


def test_empty_names_become_seat_names_and_an_empty_seed_is_random() -> None:
    """Blank names are filled in by seat and kind; no seed means the fresh one."""
    setup = make_setup("dice", [], 2, ["", " Ann  "], [HUMAN, "strong"], "", True, 12345)
    assert setup.names == ["Player 1", "Ann"]
    assert setup.seed == 12345
    assert setup.options() == {"dice": {"start_rule": True}}


@pytest.mark.parametrize(
    ("kind", "games", "names", "seed", "message"),
    [
        ("match", ["dice"], ["", ""], "", "at least two"),
        ("cards", [], ["Bo", "bo"], "", "same name"),
        ("cards", [], ["", ""], "1e5", "whole number"),
        ("poker", [], ["", ""], "", "Choose cards"),
    ],
)
def test_bad_setup_choices_are_refused_with_a_reason(kind, games, names, seed, message) -> None:
    """Each start-screen mistake gets a message naming it."""
    with pytest.raises(SetupError, match=message):
        make_setup(kind, games, 2, names, [HUMAN, HUMAN], seed, False, 1)


def test_a_match_keeps_the_ticked_games_in_order() -> None:
    setup = make_setup("match", ["tiles", "cards"], 3, ["", "", ""], [HUMAN] * 3, "4", False, 1)
    assert setup.challenges == ["tiles", "cards"]
    assert setup.is_match


# --------------------------------------------------------------------------- hiding


def test_only_the_card_challenge_hides_between_people() -> None:
    """Hands are secret, dice and tiles are public: the pass screen is for cards only."""
    seats = [HUMAN, HUMAN, "casual"]
    assert needs_pass_screen("cards", seats, 1, revealed=0)
    assert not needs_pass_screen("cards", seats, 1, revealed=1)
    assert not needs_pass_screen("cards", seats, 2, revealed=0)  # a bot's turn
    assert not needs_pass_screen("dice", seats, 1, revealed=0)
    assert not needs_pass_screen("tiles", seats, 1, revealed=0)
    assert not needs_pass_screen("cards", [HUMAN, "casual"], 0, revealed=None)


def test_whose_hand_shows() -> None:
    """One person: always theirs; several: the current one after confirming; none: the bot's."""
    assert hand_owner([HUMAN, "casual"], 1, None) == 0
    assert hand_owner([HUMAN, HUMAN], 1, 0) is None
    assert hand_owner([HUMAN, HUMAN], 1, 1) == 1
    assert hand_owner(["casual", "strong"], 1, None) == 1


# --------------------------------------------------------------------------- saves


def play_some(session: Session, moves: int, seed: int = 3) -> None:
    bots = [make_challenge_bot("casual", seed + seat) for seat in range(session.setup.players)]
    for _ in range(moves):
        if session.over:
            return
        seat = session.game.current
        session.apply(bots[seat].choose(session.game.view(seat)))


def test_a_saved_match_resumes_with_its_seats_moves_and_log() -> None:
    """Autosave then read back: same moves in every challenge, same seats, same log."""
    session = Session(setup_for("match", [HUMAN, "strong"], ["tiles", "dice"]))
    play_some(session, 150)
    store = MemoryStore()
    assert write_session(store, session) is None
    again, problem = read_session(store)
    assert problem is None and again is not None
    assert again.to_save() == session.to_save()
    assert again.log == session.log
    assert again.setup.seats == [HUMAN, "strong"]


def test_a_damaged_save_is_reported_and_left_alone() -> None:
    """Broken JSON or a tampered move gives a message; the stored value is kept."""
    store = MemoryStore()
    store.setItem(AUTOSAVE_KEY, "{not json")
    session, problem = read_session(store)
    assert session is None and "damaged" in (problem or "")
    good = Session(setup_for("tiles"))
    play_some(good, 3)
    data = good.to_save()
    data["match"]["moves"][0][0] = "score"  # no tile drawn yet: illegal
    store.setItem(AUTOSAVE_KEY, json.dumps(data))
    session, problem = read_session(store)
    assert session is None and "cannot be continued" in (problem or "")
    assert store.getItem(AUTOSAVE_KEY) == json.dumps(data)


def test_between_two_challenges_is_detected() -> None:
    """After a challenge of a match ends, the next one waits with no move made."""
    session = Session(setup_for("match", ["casual", "casual"], ["tiles", "cards"]))
    while session.match.index == 0:
        play_some(session, 1)
    assert session.challenge_just_ended()
    play_some(session, 1)
    assert not session.challenge_just_ended()


# --------------------------------------------------------------------------- previews


def engine_gain(game, move: str) -> list[int]:
    seat = game.current
    twin = game.copy()
    before = twin.rows[seat]
    twin.apply(move)
    return [after - old for after, old in zip(twin.rows[seat], before, strict=True)]


def totals(gains) -> list[int]:
    out = [0] * 6
    order = ["red", "green", "blue", "orange", "yellow", "purple"]
    for gain in gains:
        out[order.index(gain.colour)] += gain.gained
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_previews_score_what_the_engine_scores(players: int) -> None:
    """For every card and order offered in random games, the preview's kept points per
    colour equal the engine's (area rule and cap included)."""
    checked = 0
    for seed in range(6):
        game = new_challenge("cards", players, seed)
        rng = random.Random(seed)
        while not game.over:
            seat = game.current
            view = game.view(seat)
            for move in view["legal_moves"]:
                if move in ("discard", "keep"):
                    continue
                first, second = move.split("-")
                twin = game.copy()
                twin.apply(move)
                if twin.over:
                    continue  # the engine stops at the winning point
                assert totals(card_preview(view, seat, first, second)) == engine_gain(game, move)
                checked += 1
            game.apply(rng.choice(view["legal_moves"]))
    assert checked > 500


def test_the_suggested_card_order_keeps_at_least_as_many_points() -> None:
    game = new_challenge("cards", 2, 5)
    view = game.view(0)
    for card in view["hand"]:
        a, b = card.split("-")
        best = best_order(view, 0, card)
        kept = sum(g.gained for g in card_preview(view, 0, *best))
        assert kept >= sum(g.gained for g in card_preview(view, 0, a, b))
        assert kept >= sum(g.gained for g in card_preview(view, 0, b, a))


@pytest.mark.parametrize(("count", "ways"), [(2, 2), (3, 3), (4, 5)])
def test_equal_dice_offer_every_wild_split(count: int, ways: int) -> None:
    """Two equal dice: matched or one wild; three: also a wild of 3 or 2 + 1 matched;
    four: also 4, 3 + 1, 2 + 2 matched and two wilds of 2."""
    plan = DicePlan(["blue"] * count, [0] * 6)
    assert plan.groupable() == ["blue"]
    assert len(plan.split_options("blue")) == ways
    texts = set()
    for index in range(ways):
        plan.set_split("blue", index)
        texts.add(plan.move_text())
        assert sum(item.size for item in plan.items) == count
    assert len(texts) == ways
    plan.set_split("blue", ways - 1)
    assert all(item.kind == "wild" for item in plan.items)


def test_dice_plans_are_legal_and_preview_what_the_engine_scores() -> None:
    """Every split, wild colour and order a person can set up is accepted by the engine
    and scores exactly what the preview showed."""
    checked = 0
    for seed in range(12):
        game = new_challenge("dice", 2 + seed % 3, seed)
        rng = random.Random(seed)
        while not game.over:
            seat = game.current
            view = game.view(seat)
            dice = [d for d in view["dice"][seat] if d]
            plan = DicePlan(dice, view["rows"][seat])
            for symbol in plan.groupable():
                plan.set_split(symbol, rng.randrange(len(plan.split_options(symbol))))
            for index, item in enumerate(plan.items):
                if item.kind == "wild":
                    plan.set_wild_colour(index, rng.choice(["red", "green", "blue", "yellow"]))
            if len(plan.items) > 1:
                plan.move(rng.randrange(len(plan.items) - 1), 1)
            twin = game.copy()
            twin.apply(plan.move_text())
            if not twin.over:
                assert totals(plan.preview(view, seat)) == engine_gain(game, plan.move_text())
                checked += 1
            game.apply(
                plan.move_text()
                if rng.random() < 0.8 or "reroll" not in view["legal_moves"]
                else "reroll"
            )
    assert checked > 200


def test_tile_previews_match_the_engine_and_name_the_busting_colours() -> None:
    """Stop-and-score and free-score previews equal the engine's gains (points above the
    target are lost); the bust colours are the drawn ones and those the centre lacks."""
    checked = 0
    for seed in range(10):
        game = new_challenge("tiles", 2 + seed % 3, seed)
        rng = random.Random(seed)
        while not game.over:
            view = game.view(game.current)
            seat = game.current
            for move in view["legal_moves"]:
                twin = game.copy()
                twin.apply(move)
                if twin.over or move == "draw":
                    continue
                preview = (
                    tile_score_preview(view, seat)
                    if move == "score"
                    else free_score_preview(view, seat, move.partition(":")[2])
                )
                assert totals(preview) == engine_gain(game, move)
                checked += 1
            busting = set(bust_colours(view))
            assert busting == {
                c for c in view["pool_colours"] if c in view["drawn"] or c not in view["centre"]
            }
            assert 0.0 <= bust_chance(view) <= 1.0
            game.apply(rng.choice(view["legal_moves"]))
    assert checked > 300


@pytest.mark.parametrize(
    ("row", "top"), [([0, 3, 3, 3, 3, 3], 3), ([1, 5, 6, 2, 3, 3], 6), ([4, 9, 7, 4, 5, 6], 10)]
)
def test_allowed_max_follows_the_areas(row: list[int], top: int) -> None:
    """4-6 opens when no row is at 0; 7-10 when every row is at 4 or more."""
    assert allowed_max(row) == top


def test_bot_moves_are_described_in_words() -> None:
    assert describe_move("cards", "red-blue", "Bo") == "Bo plays the red-blue card, red first."
    assert describe_move("dice", "reroll", "Bo") == "Bo re-rolls all dice."
    assert "free score in green" in describe_move("tiles", "free:green", "Bo")


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
            lines = session.apply(bots[mover].choose(session.game.view(mover)))
            if session.over:
                break
            if session.game.current != mover:
                assert not session.in_bonus_turn()
            elif any("Ingenious!" in line for line in lines):
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
        if session.over or session.challenge_just_ended():
            break
        game = session.game
        seat = game.current
        if seat == 0 and (not session.movers or session.movers[-1][1] != 0):
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
    bots = [make_challenge_bot("casual", s) for s in range(2)]
    while match.match.index == 0:
        match.apply(bots[match.game.current].choose(match.game.view(match.game.current)))
    assert match.challenge_just_ended() and match.undo_point() is None
    while not match.over:
        match.apply(bots[match.game.current].choose(match.game.view(match.game.current)))
    assert match.undo_point() is None
