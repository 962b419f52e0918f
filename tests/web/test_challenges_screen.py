"""The Challenges screen model in every phase (web/challenges/screen.py, results.py, actions.py).

A small stand-in for the page (:class:`Table`) presses controls the way the page does:
it looks the control up in the current model and performs its action. In every phase a
reload (the session read back from its save, with a fresh screen state) gives the same
screen as reaching that position by play (the live-region announcement aside, which
says what just happened).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from engine.challenges import new_challenge
from tests.web.challenge_play import bot_move, play_until, setup_for
from web.challenges.actions import after_move, bot_note, perform, refused
from web.challenges.parts import (
    Buttons,
    Control,
    Hand,
    Note,
    Offer,
    OrderChoice,
    OwnDice,
    PassDialog,
    Plan,
    ResultDialog,
    Splits,
    WithGains,
)
from web.challenges.previews import DicePlan, card_preview, tile_score_preview
from web.challenges.screen import Screen, screen_model
from web.challenges.session import Session
from web.challenges.state import Keyed, ScreenState
from web.challenges.words.phrases import Sym, text
from web.play.session import HUMAN


class Table:
    """A session and its screen state, driven through the screen model like the page."""

    def __init__(self, session: Session, state: ScreenState | None = None) -> None:
        self.session = session
        self.state = state or ScreenState()

    @property
    def model(self) -> Screen:
        return screen_model(self.session, self.state)

    def press(self, control_id: str, value: str = "") -> Screen:
        action = self.model.actions.get(control_id)
        assert action is not None, f"{control_id} is not offered: {sorted(self.model.actions)}"
        outcome = perform(self.session, self.state, action, value)
        self.state = outcome.state
        if outcome.command == "undo":
            self.session = self.session.undone()
            self.state = ScreenState()
        if outcome.move is not None:
            record = self.session.apply(outcome.move)
            self.state = after_move(self.session, self.state, record)
        return self.model

    def key(self, key: str) -> Screen:
        return self.press(self.model.keys[key])

    def bots_play(self) -> None:
        """Let the bots move until a person may act (or the game waits or ends)."""
        while self.model.bot_seat is not None:
            record = self.session.apply(bot_move(self.session))
            self.state = after_move(self.session, self.state, record)


def reloaded(session: Session) -> Screen:
    """The screen after a reload: the stored JSON read back, a fresh screen state."""
    again = Session.from_save(json.loads(json.dumps(session.to_save())))
    return screen_model(again, ScreenState())


def same_screen(a: Screen, b: Screen) -> bool:
    return replace(a, announcement="") == replace(b, announcement="")


def blocks(model: Screen, kind: type) -> list:
    return [b for b in model.panel.blocks if isinstance(b, kind)]


def controls(model: Screen) -> list[Control]:
    """Every control of the panel and the dialog."""
    found: list[Control] = []
    for block in model.panel.blocks:
        if isinstance(block, Buttons | Offer):
            found += block.controls
        elif isinstance(block, WithGains):
            found.append(block.control)
        elif isinstance(block, Hand):
            found += [c.control for c in block.cards if c.control is not None]
        elif isinstance(block, Plan):
            found += [c for row in block.rows for c in (row.up, row.down)]
    dialog = model.dialog
    if isinstance(dialog, ResultDialog):
        found += dialog.controls
    elif isinstance(dialog, PassDialog):
        found.append(dialog.ready)
    return found


def person_turn(session: Session, seat: int = 0) -> bool:
    return not session.over and not session.awaiting_tally and session.game.current == seat


# --------------------------------------------------------------------------- cards


def test_cards_choose_a_card_then_its_order() -> None:
    """At the start the hand is the choice (keys 1-6); a picked card offers both orders
    with their points, the better one checked, and Play plays that order; key O swaps."""
    table = Table(Session(setup_for("cards", [HUMAN, "casual"])))
    start = table.model
    assert start.panel.title == "Your turn"
    assert start.status == "Player 1: choose a card and which symbol scores first."
    (hand,) = blocks(start, Hand)
    assert [c.control.id for c in hand.cards] == [f"ch-card-{i}" for i in range(6)]
    assert {k: start.keys[k] for k in "123456"} == {str(i + 1): f"ch-card-{i}" for i in range(6)}
    assert not blocks(start, OrderChoice) and start.focus == "ch-card-0"
    view = table.session.game.view(0)
    picked = table.press("ch-card-2")
    (order,) = blocks(picked, OrderChoice)
    checked = next(o for o in order.options if o.checked)
    first, second = checked.first, checked.second
    assert picked.actions["ch-play"].move == f"{first}-{second}"
    assert picked.actions["ch-play"].move in view["legal_moves"]
    assert list(checked.gains) == card_preview(view, 0, first, second)
    assert picked.focus == "ch-play"
    assert next(c for c in blocks(picked, Hand)[0].cards if c.slot == 2).control.pressed
    swapped = table.key("o")
    assert swapped.actions["ch-play"].move == f"{second}-{first}"
    assert "first" in table.state.announcement
    assert same_screen(reloaded(table.session), start)  # a half-made choice is not saved
    assert not blocks(table.press("ch-card-2"), OrderChoice)  # pressed again: unpicked
    table.press("ch-card-2")
    after = table.press("ch-play")
    assert after.position != start.position
    assert table.session.log[-1].move in (f"{first}-{second}", f"{second}-{first}")


def test_cards_enter_on_the_chosen_card_plays_it_and_nowhere_else() -> None:
    """By keyboard: key 3 picks the third card (the focus stays on it); Enter there plays
    the card as Play would, instead of picking it again (which unpicks it)."""
    table = Table(Session(setup_for("cards", [HUMAN, "casual"])))
    assert table.model.enter == {}  # no card chosen: Enter does what the focused control does
    picked = table.key("3")
    assert picked.enter == {"ch-card-2": "ch-play"}
    play = picked.actions["ch-play"].move
    table.press(picked.enter["ch-card-2"])
    assert table.session.log[-1].move == play


def test_cards_discard_offer() -> None:
    """When no card shows a lowest row, the person is asked to discard or keep the hand."""
    for seed in range(20):
        session = Session(setup_for("cards", [HUMAN, "casual"], seed=seed))
        if play_until(session, lambda s: person_turn(s) and s.game.phase == "discard", 300):
            break
    else:
        raise AssertionError("no discard offer in 20 games")
    model = Table(session).model
    (offer,) = blocks(model, Offer)
    assert [c.id for c in offer.controls] == ["ch-discard", "ch-keep"]
    assert model.actions["ch-discard"].move == "discard"
    assert model.actions["ch-keep"].move == "keep"
    assert "lowest row" in text(offer.phrase)
    (hand,) = blocks(model, Hand)
    assert all(c.control is None for c in hand.cards)  # shown, not playable
    assert model.status == "Player 1: discard your whole hand, or keep it?"
    assert same_screen(reloaded(session), model)


def test_cards_bonus_turn_is_said() -> None:
    for seed in range(30):
        session = Session(setup_for("cards", [HUMAN, "casual"], seed=seed))
        if play_until(session, lambda s: person_turn(s) and s.in_bonus_turn(), 300):
            break
    else:
        raise AssertionError("no bonus turn for the person in 30 games")
    model = Table(session).model
    assert model.status.endswith("(bonus turn).")
    assert any(item.line.bonus for item in model.log)
    assert same_screen(reloaded(session), model)


def test_cards_pass_screen_hides_each_hand_until_its_owner_is_ready() -> None:
    """Two people: nothing of a hand is in the model until its owner confirms; then the
    hand is theirs to play; the next person meets the pass screen again. A reload shows
    the pass screen again (the screen state is not saved, on purpose)."""
    table = Table(Session(setup_for("cards", [HUMAN, HUMAN])))
    model = table.model
    assert isinstance(model.dialog, PassDialog)
    assert model.dialog.title == "Pass to Player 1"
    assert model.status == "Pass the screen to Player 1."
    assert not blocks(model, Hand) and model.bot_seat is None
    assert set(model.actions) == {"ch-pass-ready", "ch-menu", "ch-rules"}
    assert model.focus == "ch-pass-ready"
    assert same_screen(reloaded(table.session), model)
    shown = table.press("ch-pass-ready")
    assert shown.dialog is None
    assert shown.panel.title == "Player 1's turn"
    (hand,) = blocks(shown, Hand)
    assert [c.card for c in hand.cards] == table.session.game.view(0)["hand"]
    assert isinstance(reloaded(table.session).dialog, PassDialog)
    while table.session.game.current == 0:
        table.press(next(iter(k for k in table.model.actions if k in ("ch-keep", "ch-card-0"))))
        if "ch-play" in table.model.actions:
            table.press("ch-play")
    nxt = table.model
    assert isinstance(nxt.dialog, PassDialog) and nxt.dialog.title == "Pass to Player 2"
    assert not blocks(nxt, Hand)
    assert nxt.undo.enabled is False  # undo would show one person's choices to the other


# --------------------------------------------------------------------------- dice


def test_dice_before_the_roll_and_the_rerolls() -> None:
    """The person's dice stay hidden until Roll; then re-rolls count down and stop at 0.
    A reload after Roll shows the rolled dice (the roll is saved)."""
    table = Table(Session(setup_for("dice", [HUMAN, "casual"])))
    before = table.model
    assert set(before.actions) - {"ch-menu", "ch-rules"} == {"ch-roll"}
    assert before.keys == {"r": "ch-roll", "R": "ch-roll"}
    assert before.status == "Player 1: roll your dice."
    own = before.table.seats[0].dice
    assert all(d.colour is None for d in own) and all(d.colour for d in before.table.seats[1].dice)
    assert same_screen(reloaded(table.session), before)
    rolled = table.key("r")
    assert table.state.announcement.startswith("You rolled ")
    (dice,) = blocks(rolled, OwnDice)
    assert [d.colour for d in dice.dice] == table.session.game.view(0)["dice"][0]
    table.session.game.copy().apply(rolled.actions["ch-resolve"].move)  # legal
    assert rolled.status == "Player 1: re-roll, or choose how your dice score."
    assert same_screen(reloaded(table.session), rolled)
    reroll = next(c for c in controls(rolled) if c.id == "ch-reroll")
    assert text(reroll.label) == "Re-roll all dice (R) — 2 left" and reroll.enabled
    once = table.key("r")
    assert text(next(c for c in controls(once) if c.id == "ch-reroll").label).endswith("1 left")
    assert same_screen(reloaded(table.session), once)
    twice = table.key("r")
    last = next(c for c in controls(twice) if c.id == "ch-reroll")
    assert not last.enabled and "ch-reroll" not in twice.actions and "r" not in twice.keys
    assert same_screen(reloaded(table.session), twice)


def test_dice_groups_become_wilds_in_a_chosen_colour_and_order() -> None:
    """Equal dice can be split into wilds; a wild's colour and the scoring order can be
    changed; the resolve button plays exactly that plan, which the engine accepts."""
    for seed in range(40):
        session = Session(setup_for("dice", [HUMAN, "casual"], seed=seed))
        view = session.game.view(0)
        dice = view["dice"][0]
        if any(dice.count(d) >= 2 for d in dice):
            break
    else:
        raise AssertionError("no pair in 40 first rolls")
    table = Table(session)
    table.press("ch-roll")
    (splits,) = blocks(table.model, Splits)
    group = splits.groups[0]
    assert group.options[0].startswith("match each")
    table.press(group.id, "1")
    (plan,) = blocks(table.model, Plan)
    wild_row = next(i for i, row in enumerate(plan.rows) if row.wild is not None)
    wild = plan.rows[wild_row].wild
    assert wild is not None and wild.label.startswith("Colour of the wild of 2 ")
    model = table.press(wild.id, "purple")
    move = model.actions["ch-resolve"].move
    assert f"={'purple'}" in move
    if wild_row > 0:
        model = table.press(f"ch-up-{wild_row}")
        assert model.actions["ch-resolve"].move.split()[wild_row - 1].endswith("=purple")
    assert "ch-up-0" not in model.actions  # the first item cannot move earlier
    twin = session.game.copy()
    twin.apply(model.actions["ch-resolve"].move)
    preview = {b.colour: b for b in model.scores.boards[0].rows}
    for i, colour in enumerate(["red", "green", "blue", "orange", "yellow", "purple"]):
        if not twin.over:
            assert preview[colour].gained == twin.rows[0][i] - session.game.rows[0][i]
    table.press("ch-resolve")
    assert session.log[-1].move == move or session.log[-1].seat == 0


def test_dice_bonus_turn_is_said() -> None:
    for seed in range(40):
        session = Session(setup_for("dice", [HUMAN, "casual"], seed=seed))
        if play_until(session, lambda s: person_turn(s) and s.in_bonus_turn(), 400):
            break
    else:
        raise AssertionError("no dice bonus turn for the person in 40 games")
    model = Table(session).model
    assert model.status == "Player 1: roll your dice (bonus turn)."
    assert same_screen(reloaded(session), model)


# --------------------------------------------------------------------------- tiles


def test_tiles_free_score_offer_and_its_absence() -> None:
    for seed in range(30):
        session = Session(setup_for("tiles", [HUMAN, "casual"], seed=seed))
        if play_until(
            session,
            lambda s: person_turn(s) and any(m.startswith("free:") for m in s.game.legal_moves()),
            300,
        ):
            break
    else:
        raise AssertionError("no free score offered in 30 games")
    model = Table(session).model
    free = [b for b in blocks(model, WithGains) if b.control.id.startswith("ch-free-")]
    offered = [m for m in session.game.legal_moves() if m.startswith("free:")]
    assert [model.actions[b.control.id].move for b in free] == offered
    assert all(Sym(b.control.id[len("ch-free-") :]) in b.control.label for b in free)
    assert not any("No free score" in text(n.phrase) for n in blocks(model, Note))
    assert same_screen(reloaded(session), model)
    plain = Table(Session(setup_for("tiles", [HUMAN, "casual"], seed=1)))
    if not any(m.startswith("free:") for m in plain.session.game.legal_moves()):
        assert any("No free score" in text(n.phrase) for n in blocks(plain.model, Note))


def test_tiles_drawing_stop_or_draw_and_a_bust() -> None:
    """After a safe draw: draw again or stop and score (with its points); a bust ends the
    turn, says so in the move list, and the bot's turn follows."""
    seen_drawing = seen_bust = False
    for seed in range(30):
        table = Table(Session(setup_for("tiles", [HUMAN, "casual"], seed=seed)))
        table.bots_play()
        for _ in range(6):
            if not person_turn(table.session):
                break
            model = table.press("ch-draw")
            session = table.session
            if person_turn(session) and session.game.phase == "drawing":
                seen_drawing = True
                labels = {c.id: text(c.label) for c in controls(model)}
                assert labels["ch-draw"] == "Draw another tile (D)"
                assert labels["ch-stop"] == "Stop and score (S)"
                assert model.keys["s"] == "ch-stop" and model.keys["d"] == "ch-draw"
                stop = next(b for b in blocks(model, WithGains) if b.control.id == "ch-stop")
                assert list(stop.gains) == tile_score_preview(session.game.view(0), 0)
                assert model.status == "Player 1: draw again or stop and score."
                assert same_screen(reloaded(session), model)
            elif session.log[-1].seat == 0 and "the turn ends" in session.log[-1].lines[0].text:
                seen_bust = True
                assert model.log[-1].line.text.startswith("Player 1 drew ")
                assert model.bot_seat == 1 and model.panel.title == "Casual bot 2's turn"
                assert same_screen(reloaded(session), model)
                break
        if seen_drawing and seen_bust:
            return
    raise AssertionError(f"drawing seen: {seen_drawing}, bust seen: {seen_bust}")


def test_tiles_with_the_pool_empty_only_free_scores_are_offered() -> None:
    """Once every tile has left the pool, no draw is offered; the free scores are."""
    table = Table(Session(setup_for("tiles", [HUMAN, HUMAN], seed=2)))
    session = table.session
    for _ in range(1000):
        if session.game.view(0)["pool_size"] == 0 and session.game.phase == "turn":
            break
        legal = session.game.legal_moves()
        record = session.apply("draw" if "draw" in legal else legal[0])
        table.state = after_move(session, table.state, record)
    model = table.model
    assert "ch-draw" not in model.actions and "d" not in model.keys
    free = [m for m in session.game.legal_moves() if m.startswith("free:")]
    assert free and all(f"ch-free-{m[5:]}" in model.actions for m in free)
    assert same_screen(reloaded(session), model)


# --------------------------------------------------------------------------- the end


def test_game_over_names_the_winner_and_the_table_can_be_looked_at() -> None:
    session = Session(setup_for("tiles", [HUMAN, "casual"]))
    play_until(session, lambda s: s.over)
    table = Table(session)
    model = table.model
    assert isinstance(model.dialog, ResultDialog) and not model.dialog.between
    winner = session.setup.names[session.game.result()["winners"][0]]
    assert model.dialog.title == f"{winner} wins!"
    assert [c.id for c in model.dialog.controls] == ["ch-again", "ch-look", "ch-over-menu"]
    assert model.dialog.tally is None and model.bot_seat is None and model.focus == "ch-again"
    assert model.status == "The game is over." and not model.undo.enabled
    assert same_screen(reloaded(session), model)
    looked = table.press("ch-look")
    assert looked.dialog is None and "ch-show-result" in looked.actions
    assert table.press("ch-show-result").dialog == model.dialog
    assert perform(session, table.state, model.actions["ch-again"]).command == "again"


@pytest.mark.parametrize("person", [0, 1])
def test_a_match_tally_between_challenges_then_the_next_begins(person: int) -> None:
    """After each challenge the tally waits; nobody moves until it is acknowledged; then
    the next challenge begins, also when the person moves first (the Match used to stop
    there). A reload at the tally and just after it shows the same screen."""
    seats = [HUMAN, "casual"] if person == 0 else ["casual", HUMAN]
    table = Table(Session(setup_for("match", seats, ["cards", "dice", "tiles"])))
    session = table.session
    firsts = {"dice": "ch-roll", "tiles": "ch-draw"}
    titles = {"dice": "Dice Challenge", "tiles": "Tile Challenge"}
    for index, nxt in [(1, "dice"), (2, "tiles")]:
        assert play_until(session, lambda s, i=index: s.match.index == i)
        model = table.model
        assert isinstance(model.dialog, ResultDialog) and model.dialog.between
        assert [c.id for c in model.dialog.controls] == ["ch-next", "ch-over-menu"]
        assert text(model.dialog.controls[0].label) == f"Start the {titles[nxt]}"
        tally = model.dialog.tally
        assert tally is not None and [r.total for r in tally.rows] == session.match.tally
        assert model.bot_seat is None and not model.undo.enabled
        assert model.panel.title == "Between two challenges"
        assert same_screen(reloaded(session), model)
        begun = table.press("ch-next")
        assert begun.dialog is None and same_screen(reloaded(session), begun)
        assert table.state.announcement.startswith(f"Next: Match, game {index + 1} of 3")
        if person == 0:  # the person moves first in every challenge
            assert firsts[nxt] in begun.actions and begun.bot_seat is None
            assert begun.focus == firsts[nxt]
        else:
            assert begun.bot_seat == 0
    play_until(session, lambda s: s.over)
    final = table.model
    assert isinstance(final.dialog, ResultDialog) and not final.dialog.between
    assert final.dialog.title.endswith("the match!") or final.dialog.title.startswith("Shared")
    assert final.dialog.tally is not None
    assert (
        len(final.dialog.tally.rows[0].cells) == 3 and "–" not in final.dialog.tally.rows[0].cells
    )


# --------------------------------------------------------------------------- undo and messages


@pytest.mark.parametrize("variant", ["cards", "dice", "tiles"])
def test_undo_brings_back_the_screen_of_the_turns_start(variant: str) -> None:
    table = Table(Session(setup_for(variant, [HUMAN, "casual"], seed=4)))
    start = table.model
    assert not start.undo.enabled and "ch-undo" not in start.actions
    rng = random.Random(1)
    while table.session.game.current == 0 and not table.session.over:
        model = table.model
        moves = [k for k, a in model.actions.items() if a.kind in ("move", "card", "roll")]
        table.press(rng.choice(sorted(moves)))
        if "ch-play" in table.model.actions:
            table.press("ch-play")
    table.bots_play()
    assert table.model.undo.enabled
    undone = table.press("ch-undo")
    assert same_screen(undone, start)


def test_a_refused_move_is_said_until_the_game_moves_on() -> None:
    session = Session(setup_for("tiles", [HUMAN, "casual"]))
    state = refused(session, ScreenState(), "no tile drawn yet")
    model = screen_model(session, state)
    assert model.status == "Not allowed: no tile drawn yet"
    record = session.apply("draw")
    assert not screen_model(session, after_move(session, state, record)).status.startswith("Not")


def test_a_bots_coming_move_shows_only_at_its_position() -> None:
    session = Session(setup_for("tiles", ["casual", HUMAN]))
    state = bot_note(session, ScreenState(), ("Casual bot 1 draws a tile.",))
    assert blocks(screen_model(session, state), Note)[0].phrase == ("Casual bot 1 draws a tile.",)
    session.apply("draw")
    assert blocks(screen_model(session, state), Note)[0].phrase != ("Casual bot 1 draws a tile.",)


def test_the_rules_dialog_takes_the_keys_and_escape_closes_it() -> None:
    table = Table(Session(setup_for("tiles", [HUMAN, "casual"])))
    opened = table.press("ch-rules")
    assert opened.rules_open and opened.keys == {"Escape": "ch-guide-close"}
    assert "ch-draw" not in opened.actions and opened.focus == "ch-guide-close"
    assert not table.key("Escape").rules_open


def test_a_bot_that_failed_is_not_asked_again_at_that_position() -> None:
    session = Session(setup_for("tiles", ["casual", HUMAN]))
    assert screen_model(session, ScreenState()).bot_seat == 0
    assert screen_model(session, ScreenState(stalled=session.position)).bot_seat is None


@pytest.mark.parametrize("variant", ["cards", "dice", "tiles"])
def test_every_offered_move_is_legal_and_every_control_shown_enabled_has_an_action(
    variant: str,
) -> None:
    """Through whole games in which the person presses random controls: every move a
    control offers is accepted by the engine, enabled controls have actions, disabled
    ones none, and the focus goes to a control that exists."""
    for players in (2, 3, 4):
        table = Table(
            Session(setup_for(variant, [HUMAN] + ["casual"] * (players - 1), seed=players))
        )
        rng = random.Random(players)
        for _ in range(400):
            table.bots_play()
            model = table.model
            if table.session.over:
                break
            for control in controls(model):
                assert (control.id in model.actions) == control.enabled, control.id
            for action in model.actions.values():
                if action.kind == "move":
                    game = table.session.game.copy()
                    game.apply(action.move)  # the engine refuses anything illegal
            assert model.focus == "" or model.focus in model.actions
            choices = [
                k for k, a in model.actions.items() if a.kind not in ("menu", "undo", "rules")
            ]
            table.press(rng.choice(sorted(choices)))
        assert table.session.over or len(table.session.log) > 30


def test_one_person_sees_their_hand_while_the_bot_plays() -> None:
    session = Session(setup_for("cards", ["casual", HUMAN]))
    model = screen_model(session, ScreenState())
    assert model.bot_seat == 0 and model.view_seat == 1
    (hand,) = blocks(model, Hand)
    assert hand.label == "Player 2's hand" and all(c.control is None for c in hand.cards)
    assert [c.card for c in hand.cards] == new_challenge(
        "cards", 2, session.match.seeds[0], session.setup.names
    ).view(1)["hand"]


def test_no_bonus_banner_flashes_behind_the_match_tally() -> None:
    """The last move of a challenge may be a bonus: its "Ingenious!" is not shown behind
    the tally the same move opens."""
    table = Table(Session(setup_for("match", [HUMAN, "casual"], ["cards", "dice"])))
    session = table.session
    assert play_until(session, lambda s: s.match.index == 1)
    table.state = replace(table.state, banner=Keyed(session.position, "Ingenious!"))
    assert table.model.dialog is not None and table.model.banner == ""
    begun = table.press("ch-next")
    assert begun.dialog is None


def test_a_roll_starts_from_the_best_plan_never_below_matching_each_die() -> None:
    """The plan offered first scores at least as much as every other way (matching each
    die on its own included), and more than matching each die in some rolls."""
    better = 0
    for seed in range(15):
        session = Session(setup_for("dice", [HUMAN, "casual"], seed=seed))
        table = Table(session)
        table.press("ch-roll")
        view = session.game.view(0)
        dice = [d for d in view["dice"][0] if d]
        offered = table.model.actions["ch-resolve"].move
        best = DicePlan.best(dice, view, 0)
        assert offered == best.move_text()
        plain = DicePlan.start(dice, view["rows"][0])
        assert best.value(view, 0) >= plain.value(view, 0)
        for symbol in plain.groupable():  # every other way of forming wilds
            for index in range(len(plain.split_choices(symbol))):
                other = plain.with_split(symbol, index)
                assert best.value(view, 0) >= other.value(view, 0)
        better += best.value(view, 0) > plain.value(view, 0)
    assert better > 0


def test_a_match_ends_with_its_own_ranking_and_a_tally_that_fits_a_phone() -> None:
    """The match's last dialog ranks the players by victory points (its winners first, a
    shared place where the points tie), not by the last challenge's rows, which read as
    the match's result under its heading; the tally heads its columns with the short
    names ("Cards", not "Card Challenge"), so four players' table fits a phone. Behind a
    tally the next challenge has not begun: the Dice Challenge shows no die's face."""
    seats = [HUMAN, "strong", "casual", "casual"]
    session = Session(setup_for("match", seats, ["cards", "dice"]))
    assert play_until(session, lambda s: s.awaiting_tally)
    between = screen_model(session, ScreenState())
    assert between.dialog is not None and between.dialog.tally is not None
    assert between.dialog.tally.titles == ("Cards", "Dice")
    assert all(d.colour is None for seat in between.table.seats for d in seat.dice)
    assert play_until(session, lambda s: s.over)
    final = screen_model(session, ScreenState())
    assert isinstance(final.dialog, ResultDialog) and final.dialog.tally is not None
    tally = session.match.tally
    places = final.dialog.ranking
    assert [p.name for p in places] == [
        session.setup.names[seat] for seat in sorted(range(4), key=lambda seat: -tally[seat])
    ]
    winners = {session.setup.names[s] for s in session.match.result()["winners"]}
    assert {p.name for p in places if p.first} == winners
    assert all(p.detail.endswith("victory points") or p.detail.endswith("victory point")
               for p in places)  # fmt: skip
    for place in places:
        assert place.place == 1 + sum(
            1 for t in tally if t > tally[session.setup.names.index(place.name)]
        )
