"""The board game screen model: what the page shows follows from the game and the screen
state alone, so a reload, Undo, Redo or a new game can never show a stale line."""

from __future__ import annotations

import dataclasses

from engine import load_game, new_game
from engine.rules.game import Game
from engine.rules.tiles import COLOURS
from tests.web.game.games import best_move, greedy, people, play, reloaded, show, to_end
from web.board.placing import parse_placement
from web.game import state as st
from web.game.facts import facts_for
from web.game.model import GameModel
from web.game.status import bonus_due, refusal
from web.game.words import describe
from web.play.session import HUMAN
from web.store.storage import UiState

BOT = "casual"


def screen(game: Game, seats: list[str], revealed: int | None = None) -> st.Screen:
    """The screen of a game being played here (not a resume: no "since your last turn")."""
    scr = st.screen_for(game, seats, UiState(revealed))
    scr.welcome = None
    return scr


def assert_same_after_reload(game: Game, scr: st.Screen) -> GameModel:
    """The model after a reload equals the model reached by play; returns it."""
    before = show(game, scr)
    again, again_screen = reloaded(game, scr)
    after = show(again, again_screen)
    assert after == before
    return after


# --- a new game -------------------------------------------------------------------------------
def test_a_new_game_has_no_last_move_and_asks_the_first_player() -> None:
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    m = show(game, screen(game, [HUMAN, BOT]))
    assert m.status == "Ann: place a tile."
    assert m.last_move is None and m.moves == ()
    assert len(m.rack.tiles) == 6 and m.rack.title == "Your tiles"
    assert not m.pass_screen.visible and not m.over.visible and not m.offer.visible
    assert m.buttons == dataclasses.replace(m.buttons, undo=False, redo=False, hint=True,
                                            turn=False, place=False)  # fmt: skip
    assert m.announce == "Ann: place a tile."
    assert m.preview.message == "Pick a tile (keys 1–6)."


def test_a_new_hot_seat_game_shows_the_pass_screen_with_nothing_to_tell() -> None:
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    m = show(game, screen(game, people(2)))
    assert m.pass_screen.visible and m.pass_screen.title == "Pass to Ann"
    assert m.pass_screen.since == () and m.pass_screen.empty
    assert m.rack.tiles == () and m.rack.hidden == 6
    assert m.board.marked == ()


def test_a_new_game_after_a_finished_one_shows_nothing_of_the_old_game() -> None:
    """Start, finish, start again: the new screen equals a never-played screen."""
    old = to_end("standard", 2)
    assert old.phase == "over"
    finished = show(old, screen(old, [HUMAN, BOT]))
    assert finished.over.visible and finished.last_move is not None
    fresh = new_game("standard", 2, seed=9, names=["Ann", "Bob"])
    scr = screen(fresh, [HUMAN, BOT])
    m = show(fresh, scr)
    assert m.last_move is None and m.moves == () and not m.over.visible
    assert m == show(new_game("standard", 2, seed=9, names=["Ann", "Bob"]), scr)


# --- reloads -----------------------------------------------------------------------------------
def test_reload_at_an_ordinary_turn_shows_the_turn_prompt_and_the_last_move() -> None:
    game = greedy("standard", 4, 6)
    m = assert_same_after_reload(game, screen(game, [HUMAN, BOT]))
    assert m.status == "Ann: place a tile."
    assert m.last_move == describe(game.log, 5, game.names, "standard", radius=5)
    assert m.announce.startswith(m.last_move.speech)
    assert len(m.moves) == 6 and m.moves[-1] == m.last_move


def test_reload_with_one_bonus_tile_due_asks_for_it() -> None:
    game = greedy("standard", 1, 17)
    move = best_move(game)
    assert game.preview(move)["bonus"] == 1
    scr = screen(game, people(2), revealed=game.current)
    play(game, scr, move)
    assert bonus_due(game) == 1
    m = assert_same_after_reload(game, scr)
    who = game.names[game.current]
    assert m.status == f"Ingenious! {who}: place your bonus tile."
    assert not m.pass_screen.visible and len(m.rack.tiles) == 5


def test_reload_with_two_bonus_tiles_due_says_how_many() -> None:
    game = greedy("standard", 26, 30)
    move = best_move(game)
    assert game.preview(move)["bonus"] == 2
    scr = screen(game, people(2), revealed=game.current)
    play(game, scr, move)
    m = assert_same_after_reload(game, scr)
    assert m.status.endswith("place your bonus tile (2 bonus tiles due).")
    # After the first of the two, one is still due: the prompt still asks for it.
    play(game, scr, best_move(game))
    assert bonus_due(game) == 1
    m = assert_same_after_reload(game, scr)
    assert m.status.startswith("Ingenious!") and "(2 bonus" not in m.status


def test_a_game_tried_from_a_bonus_placement_asks_for_the_bonus_tile() -> None:
    """ "Try from here" at a bonus placement: the new game has no log of its own, yet its
    first prompt is the bonus tile (not "place a tile"), and the same after a reload;
    a game tried from an ordinary turn asks for a tile."""
    from engine.coach.hints import try_from_here

    game = greedy("standard", 1, 17)
    move = best_move(game)
    game.apply(move)
    tried = try_from_here(game.to_save(), len(game.moves), deal=5)
    assert tried.log == [] and bonus_due(tried) == 1
    scr = screen(tried, people(2), revealed=tried.current)
    m = assert_same_after_reload(tried, scr)
    assert m.status == f"Ingenious! {tried.names[tried.current]}: place your bonus tile."
    ordinary = try_from_here(game.to_save(), len(game.moves) - 1, deal=5)
    assert bonus_due(ordinary) == 0
    m = show(ordinary, screen(ordinary, people(2), revealed=ordinary.current))
    assert m.status.endswith(": place a tile.")


def test_reload_at_a_swap_offer_shows_the_offer_with_its_reason() -> None:
    game = greedy("standard", 5, 28)
    assert game.phase == "swap" and game.current == 0
    m = assert_same_after_reload(game, screen(game, [HUMAN, BOT]))
    # A placement and its bonus tile left four on the rack: returned whole, six drawn.
    assert len(m.rack.tiles) == 4
    assert m.offer.visible and m.offer.take == "Return your 4 tiles and draw six"
    assert m.status == m.offer.reason and "lowest colour" in m.status
    assert m.rack.tiles and all(t.disabled for t in m.rack.tiles)
    assert m.buttons.hint and not m.buttons.place


def test_reload_at_a_duel_exchange_offers_the_exchange() -> None:
    game = greedy("duel", 2, 22)
    assert game.phase == "swap" and game.current == 0
    m = assert_same_after_reload(game, screen(game, [HUMAN, BOT]))
    assert m.offer.visible and m.offer.take == "Exchange those tiles"
    assert m.offer.label == "Exchange offer"
    assert "exchange" in m.status and "swap" not in m.status and "at 9 on Ann's side" in m.status


def test_reload_at_a_pass_screen_keeps_the_rack_hidden_and_tells_the_last_turn() -> None:
    game = greedy("standard", 4, 3)
    scr = screen(game, people(2))
    m = assert_same_after_reload(game, scr)
    assert m.pass_screen.visible and m.pass_screen.title == f"Pass to {game.names[game.current]}"
    assert m.rack.tiles == () and m.status.startswith("Pass the screen")
    since = m.pass_screen.since
    assert since and all(line.seat != game.current for line in since)
    assert m.board.marked == tuple(c for line in since for c in line.cells)
    # Confirmed before the reload: the same player sees the rack at once after it.
    scr.revealed = game.current
    m = assert_same_after_reload(game, scr)
    assert not m.pass_screen.visible and len(m.rack.tiles) == 6


def test_reload_with_a_bot_to_move_says_the_bot_moves_next() -> None:
    game = greedy("standard", 4, 1)
    scr = screen(game, [HUMAN, BOT])
    scr.bot = st.Bot("starting", st.position_of(game))
    before = show(game, scr)
    again, again_screen = reloaded(game, scr)
    again_screen.bot = st.Bot("starting", st.position_of(again))
    assert show(again, again_screen) == before
    assert before.status == "Starting the bots… (Bob moves next)"
    assert not before.buttons.hint and all(t.disabled for t in before.rack.tiles)
    scr.bot = st.Bot("thinking", st.position_of(game))
    assert show(game, scr).status == "Bob is thinking…"


def test_reload_at_game_over_shows_the_result() -> None:
    game = to_end("standard", 6)
    m = assert_same_after_reload(game, screen(game, [HUMAN, BOT]))
    result = game.result()
    assert m.over.visible
    assert [r.name for r in m.over.rows] == [r["name"] for r in result["standings"]]
    assert m.over.reasons == tuple(result["explanation"])
    assert m.status.startswith("Game over: ")
    assert not m.pass_screen.visible and not m.buttons.hint


# --- undo, redo, hints ----------------------------------------------------------------------------
def test_undo_rewrites_the_last_move_and_redo_brings_it_back() -> None:
    game = greedy("standard", 4, 4)
    scr = screen(game, [HUMAN, BOT])
    played = show(game, scr)
    assert played.buttons.undo and not played.buttons.redo
    game.undo()
    game.undo()
    st.after_undo(scr)
    undone = show(game, scr)
    assert undone.last_move == describe(game.log, 1, game.names, "standard", radius=5)
    assert len(undone.moves) == 2 and undone.buttons.redo
    # A reload shows the same (only Redo is gone: the redo stack is not saved).
    same = dataclasses.replace(undone, buttons=dataclasses.replace(undone.buttons, redo=False))
    assert show(*reloaded(game, scr)) == same
    game.redo()
    game.redo()
    assert show(game, scr) == played


def test_a_hint_is_dropped_by_undo() -> None:
    game = greedy("standard", 4, 2)
    scr = screen(game, [HUMAN, BOT])
    m = show(game, scr)
    hint = best_move(game)
    st.set_hint(scr, facts_index(game, scr), list(rack(m)), hint, st.position_of(game))
    hinted = show(game, scr)
    assert hinted.board.hint is not None and hinted.status.startswith("Hint: ")
    assert hinted.candidate == hint  # aimed, ready for Place
    game.undo()
    game.undo()
    st.after_undo(scr)
    undone = show(game, scr)
    assert undone.board.hint is None and not undone.status.startswith("Hint")
    # Redo to the very position the hint was for: it is the same position, so it shows.
    game.redo()
    game.redo()
    assert show(game, scr).board.hint == hinted.board.hint


def facts_index(game: Game, scr: st.Screen):  # type: ignore[no-untyped-def]
    from web.game.facts import facts_for

    return facts_for(game, scr).index


def rack(m: GameModel) -> list[tuple[str, str]]:
    return [t.colours for t in m.rack.tiles]


def test_a_refused_placement_says_the_engine_reason_without_coordinates() -> None:
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    tile = game.view(0)["racks"]["0"][0]
    # The centre is far from every printed symbol: the first-placement rule refuses it.
    move = f"0,0:{tile[0]} 1,0:{tile[1]}"
    assert refusal(game, move).startswith("First placement: the tile must touch a printed")
    game.apply(best_move(game))
    first, second = (half.split(":")[0] for half in game.log[-1]["move"].split())
    assert refusal(game, f"{second}:{tile[0]} {first}:{tile[1]}") == "This cell is not empty."
    assert "zone" in refusal(game, f"5,0:{tile[0]} 6,0:{tile[1]}")
    assert refusal(game, best_move(game)) == ""
    # After "Not here:" the reason goes on the sentence: no capital ("Pas ici : cette case").
    from web.i18n import use

    try:
        use("fr")
        said = refusal(game, f"{second}:{tile[0]} {first}:{tile[1]}", sentence=False)
    finally:
        use("en")
    assert said[:1].islower() and said.endswith("."), said


def test_a_notice_belongs_to_its_position() -> None:
    game = greedy("standard", 4, 2)
    scr = screen(game, [HUMAN, BOT])
    scr.notice = st.Keyed("Not here: this cell is not empty.", st.position_of(game))
    assert show(game, scr).status == "Not here: this cell is not empty."
    play(game, scr, best_move(game))
    assert show(game, scr).status != "Not here: this cell is not empty."


def test_hovering_a_move_marks_its_cells_until_the_position_changes() -> None:
    game = greedy("standard", 4, 4)
    scr = screen(game, [HUMAN, BOT])
    scr.marked = (1, st.position_of(game))
    m = show(game, scr)
    assert m.board.marked == m.moves[1].cells and len(m.board.marked) == 2
    play(game, scr, best_move(game))
    assert show(game, scr).board.marked == ()


def test_duel_tokens_are_named_with_their_holder() -> None:
    game = greedy("duel", 1, 7)
    tokens = [t for t in game.view(None)["tokens"] if t is not None]
    assert tokens, "a token was taken in this game"
    from web.ui.scoreboard import board_html, token_label

    m = show(game, screen(game, [HUMAN, BOT]))
    held = [s for s in m.scores.tracks if s.token is not None]
    label = token_label(held[0], game.names)
    assert label == f"{game.names[held[0].token]} holds the {held[0].colour} token"
    assert f'aria-label="{label}"' in board_html(game.view(None))


def test_the_rack_asks_for_a_tile_by_the_keys_there_are_or_by_a_tap() -> None:
    """Five tiles on the rack: keys 1-5; a touch screen: a tap, no keys."""
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    game.bag.append(game.racks[0].pop())
    scr = screen(game, [HUMAN, BOT])
    assert show(game, scr).preview.message == "Pick a tile (keys 1–5)."
    scr.touch = True
    assert show(game, scr).preview.message == "Tap a tile on your rack."


def test_a_table_of_bots_names_the_rack_it_shows_never_your_tiles() -> None:
    """With no person at the table the rack shown is the bot's, by name."""
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    m = show(game, screen(game, [BOT, BOT]))
    assert m.rack.title != "Your tiles"
    assert m.rack.title in ("Ann's tiles", "Ann's tiles (hidden)")


def test_the_rack_shows_the_tiles_left_in_the_bag_hidden_or_not() -> None:
    game = greedy("standard", 5, 10)
    bag = len(game.bag)
    m = show(game, screen(game, [HUMAN, BOT]))
    assert m.rack.bag == f"{bag} tiles in the bag."
    hidden = show(game, screen(game, people(2)))
    assert hidden.rack.tiles == () and hidden.rack.bag == m.rack.bag


def test_once_the_bag_holds_fewer_than_six_the_rack_says_no_swap_is_possible() -> None:
    game = greedy("standard", 5, 10)
    assert "swap" not in show(game, screen(game, [HUMAN, BOT])).rack.bag
    del game.bag[5:]  # a bag run down (by swaps, in a real game) to five tiles
    m = show(game, screen(game, [HUMAN, BOT]))
    assert m.rack.bag == "5 tiles in the bag: too few for a swap (it needs 6)."


def test_a_bots_move_is_announced_and_listed_with_where_it_went_a_persons_is_not() -> None:
    game = greedy("standard", 3, 2)
    m = show(game, screen(game, [HUMAN, BOT]))
    bot_line, own_line = m.moves[1], m.moves[0]
    assert bot_line.seat == 1 and "row " in bot_line.text and "cell" in bot_line.speech
    assert "row " not in own_line.text
    assert m.last_move == bot_line and m.announce.startswith(bot_line.speech)


def test_confirm_placement_on_the_hot_seat_a_click_aims_and_the_same_again_places() -> None:
    """With the setting on and two people at the screen, a click on a placement only aims
    it (the status line asks for a second click or Place); another placement is aimed
    instead; the same one again is played. With one person (Undo on) a click places."""
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    scr = screen(game, people(2), revealed=0)
    scr.confirm = True
    position = st.position_of(game)
    first, other = [m for m in game.legal_moves() if m not in ("swap", "pass")][:2]
    assert st.click_place(scr, first, position) is None
    m = show(game, scr)
    assert m.status == "Ann: click it again or press Place to place the tile there."
    assert m.buttons.confirm_shown and m.buttons.confirm_on
    scr.aim.cell = None  # the mouse went to the Place button: the aimed one stays, Place works
    m = show(game, scr)
    assert m.buttons.place and m.board.ghost is not None
    assert set(m.board.ghost.cells) == {c for c, _ in parse_placement(first)}
    assert st.click_place(scr, other, position) is None  # another one: aimed instead
    assert st.click_place(scr, other, position) == other
    assert scr.armed is None
    solo = screen(game, [HUMAN, BOT])
    solo.confirm = True
    assert st.click_place(solo, first, position) == first
    assert not show(game, solo).buttons.confirm_shown


def test_confirm_placement_by_touch_the_two_taps_aim_and_a_third_on_either_cell_places() -> None:
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    scr = screen(game, people(2), revealed=0)
    scr.confirm = True
    facts = facts_for(game, scr)
    rack = list(facts.rack)
    move = next(m for m in game.legal_moves() if m not in ("swap", "pass"))
    (a, ca), (b, cb) = parse_placement(move)
    slot = next(i for i, t in enumerate(rack) if sorted(t) == sorted((ca, cb)))
    scr.aim.slot, tile, position = slot, rack[slot], facts.position
    scr.touch = True
    anchor, partner = (a, b) if ca == tile[0] else (b, a)
    assert st.tap(scr, facts.index, tile, anchor, position) is None
    tapped = st.tap(scr, facts.index, tile, partner, position)
    assert tapped is not None
    assert st.arm_tapped(scr, tile, tapped, position) is None
    m = show(game, scr)
    assert m.candidate == tapped and m.buttons.place  # shown as the ghost, Place works
    assert m.status == "Ann: tap it again or press Place to place the tile there."
    again = st.tap(scr, facts.index, tile, partner, position)
    assert again == tapped and st.arm_tapped(scr, tile, again, position) == tapped


def test_a_hint_says_why_and_the_game_over_card_counts_the_hints() -> None:
    """The status line names the hinted move and the panel says why; each hinted position counts
    once, the count survives a reload, and the game-over card says how many were used."""
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    scr = screen(game, [HUMAN, BOT])
    m = show(game, scr)
    move = best_move(game)
    position = st.position_of(game)
    why = {"gains": [{"kind": "gain_lowest", "colour": "red", "n": 2, "to": 2}]}
    st.set_hint(scr, facts_index(game, scr), list(rack(m)), move, position, why)
    st.set_hint(scr, facts_index(game, scr), list(rack(m)), move, position, why)
    shown = show(game, scr)
    assert shown.status.startswith("Hint: ") and "Why" not in shown.status  # the move only
    assert shown.note == "Why: raises red, your lowest colour, by 2 (to 2)."
    assert shown.note in shown.announce  # the live region reads the reason too
    assert scr.hints == 1
    again, again_screen = reloaded(game, scr)
    assert again_screen.hints == 1
    done = to_end("standard", 4)
    over_screen = screen(done, [HUMAN, BOT])
    over_screen.hints = scr.hints
    assert show(done, over_screen).over.reasons[-1] == "1 hint used in this game."
    over_screen.hints = 0
    assert not any("hint" in r for r in show(done, over_screen).over.reasons)


def test_a_resume_shows_the_moves_since_the_persons_last_turn_until_closed() -> None:
    """After a reload, the person to move sees the moves made since their last turn, in
    words and outlined on the board, with every side's lowest colour; a move or closing it
    ends it. A new game, or a resume with nothing new, shows nothing."""
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    scr = screen(game, [HUMAN, BOT])
    assert not show(game, scr).welcome.visible
    play(game, scr, best_move(game))
    play(game, scr, best_move(game))
    again = load_game(game.to_save())
    resumed = st.screen_for(again, [HUMAN, BOT], scr.ui())
    m = show(again, resumed)
    assert m.welcome.visible and m.welcome.title == "Since your last turn"
    assert [w.seat for w in m.welcome.since] == [1]
    assert m.board.marked == m.welcome.since[0].cells
    assert m.welcome.standing.startswith("Lowest colours now: Ann ")
    play(again, resumed, best_move(again))
    assert not show(again, resumed).welcome.visible
    fresh = st.screen_for(again, [HUMAN, BOT], scr.ui())
    fresh.welcome = None
    assert not show(again, fresh).welcome.visible


def test_the_resume_panel_is_not_repeated_by_the_last_move_box() -> None:
    """While "Since your last turn" lists the moves, the last-move box above it is empty
    (it said the same move again, and pushed the rack down on a phone); once the panel
    is closed the box is back."""
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    scr = screen(game, [HUMAN, BOT])
    play(game, scr, best_move(game))
    play(game, scr, best_move(game))
    again = load_game(game.to_save())
    resumed = st.screen_for(again, [HUMAN, BOT], scr.ui())
    m = show(again, resumed)
    assert m.welcome.visible and m.last_move is None
    resumed.welcome = None
    assert show(again, resumed).last_move == m.moves[-1]


def test_the_pass_screen_says_each_sides_lowest_colours_in_a_short_line() -> None:
    """The standing for the eye is a line per side: its name, its lowest value and the
    colours at that value (not a sentence of six lines); the duel has none (its sentence
    counts colours on each side)."""
    game = new_game("standard", 3, seed=4, names=["Ann", "Bob", "Cid"])
    scr = screen(game, [HUMAN, HUMAN, HUMAN])
    scr.revealed = 0
    play(game, scr, best_move(game))
    m = show(game, scr)
    assert [side.name for side in m.pass_screen.lows] == ["Ann", "Bob", "Cid"]
    for side, track in zip(m.pass_screen.lows, game.scores, strict=True):
        assert side.low == min(track)
        assert side.colours == tuple(
            c for c, v in zip(COLOURS, track, strict=True) if v == side.low
        )
    duel = new_game("duel", 2, seed=4, names=["Ann", "Bob"])
    dscr = screen(duel, [HUMAN, HUMAN])
    dscr.revealed = 0
    play(duel, dscr, best_move(duel))
    assert show(duel, dscr).pass_screen.lows == ()


def test_the_pass_screen_tells_where_every_side_stands() -> None:
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    scr = screen(game, [HUMAN, HUMAN])
    scr.revealed = 0
    play(game, scr, best_move(game))
    m = show(game, scr)
    assert m.pass_screen.visible and m.pass_screen.standing.startswith("Lowest colours now: ")
    assert "Ann" in m.pass_screen.standing and "Bob" in m.pass_screen.standing


# --- a question on the board (the daily puzzle) ---------------------------------------------
def test_a_question_is_answered_on_the_board_then_locked_showing_answer_and_best() -> None:
    """A posed question: the status line is its task, Undo, Redo and Hint are off, and a
    click only aims the answer (a second click or Place gives it). Once answered, nothing
    can be placed: the rack is off, the answer is on the board as a tile with its rays,
    its points in the preview, and the best placement, another one, as the faded tile."""
    game = greedy("standard", 3, 6)
    scr = screen(game, [HUMAN, "strong"])
    scr.question = st.Question("Which placement is best?")
    position = st.position_of(game)
    answer, best = [m for m in game.legal_moves() if m not in ("swap", "pass")][:2]
    m = show(game, scr)
    assert m.status == "Which placement is best?"
    assert m.buttons.question and not (m.buttons.undo or m.buttons.redo or m.buttons.hint)
    assert not m.buttons.confirm_shown and not any(t.disabled for t in m.rack.tiles)
    assert st.click_place(scr, answer, position) is None  # aimed, not answered
    assert show(game, scr).status.endswith("click it again or press Place to place the tile there.")
    assert st.click_place(scr, answer, position) == answer
    scr.question = st.Question("Not this one.", True, answer, best)
    m = show(game, scr)
    assert m.status == "Not this one." and all(t.disabled for t in m.rack.tiles)
    assert m.board.legal == frozenset() and not m.buttons.place and m.candidate is None
    assert m.board.ghost is not None and m.board.hint is not None
    assert set(m.board.ghost.cells) == {c for c, _ in parse_placement(answer)}
    assert set(m.board.hint.cells) == {c for c, _ in parse_placement(best)}
    assert m.board.marked == m.board.hint.cells  # and outlined
    assert m.board.rays == tuple(game.preview(answer)["rays"])
    assert dict(m.preview.gains) == {c: n for c, n in game.preview(answer)["points"].items() if n}
    scr.question = st.Question("Solved!", True, best, best)
    m = show(game, scr)
    assert m.board.hint is None and m.board.marked == ()  # the best answer: one tile
    scr.question = st.Question("Solved!", True, None, best)  # an answer not kept
    m = show(game, scr)
    assert m.board.ghost is None and m.board.hint is not None and m.preview.gains == ()
