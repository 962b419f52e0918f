"""The screen state's steps: picking, turning, tapping, hints, and what a reload keeps."""

from __future__ import annotations

from engine import new_game
from engine.rules.game import Game
from tests.web.game.games import best_move, show
from web.board.hexgrid import DIRECTIONS as HEX
from web.board.hexgrid import add
from web.board.placing import parse_placement
from web.game import state as st
from web.game.facts import facts_for
from web.play.session import HUMAN
from web.store.storage import UiState


def fresh() -> tuple[st.Screen, Game]:
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    return st.screen_for(game, [HUMAN, "casual"]), game


def test_a_reload_shows_a_revealed_rack_only_to_the_player_still_to_move() -> None:
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    assert st.screen_for(game, [HUMAN, HUMAN], UiState(0)).revealed == 0
    assert st.screen_for(game, [HUMAN, HUMAN], UiState(1)).revealed is None
    assert st.screen_for(game, ["casual", HUMAN], UiState(0)).revealed is None
    assert st.screen_for(game, [HUMAN, HUMAN]).ui() == UiState(None, "game")


def test_picking_a_tile_twice_puts_it_back_and_clears_a_hint() -> None:
    screen, game = fresh()
    facts = facts_for(game, screen)
    rack = list(facts.rack)
    screen.hint = st.Keyed(best_move(game), st.position_of(game))
    assert st.select_slot(screen, facts.index, rack, 2) == (
        f"Tile 3: {rack[2][0]} and {rack[2][1]} selected."
    )
    assert screen.aim.slot == 2 and screen.hint is None
    assert st.select_slot(screen, facts.index, rack, 2) == "Tile 3 put back."
    assert screen.aim.slot is None
    assert st.select_slot(screen, facts.index, rack, 9) is None


def test_turning_on_a_cell_goes_to_the_next_legal_turn_there() -> None:
    screen, game = fresh()
    facts = facts_for(game, screen)
    move = best_move(game)
    halves = parse_placement(move)
    assert halves is not None
    (a, ca), (b, cb) = halves
    slot = next(i for i, t in enumerate(facts.rack) if sorted(t) == sorted((ca, cb)))
    tile = facts.rack[slot]
    anchor = a if tile[0] == ca else b
    st.select_slot(screen, facts.index, list(facts.rack), slot)
    st.point_at(screen, anchor)
    legal = facts.index.directions(tile, anchor)
    seen = set()
    for _ in range(len(legal)):
        eff = st.effective(screen, facts.index, tile)
        assert eff is not None and eff[1] in legal
        seen.add(eff[1])
        st.rotate(screen, facts.index, tile, 1)
    assert seen == set(legal)
    assert st.candidate(screen, facts.index, tile) in facts.index.moves


def test_touch_takes_two_taps_and_says_what_to_do_between_them() -> None:
    screen, game = fresh()
    facts = facts_for(game, screen)
    position = st.position_of(game)
    assert st.tap(screen, facts.index, None, (0, 0), position) is None
    assert screen.notice is not None and screen.notice.text.startswith("Pick a tile first")
    tile = facts.rack[0]
    anchor = sorted(facts.index.anchors(tile))[0]
    direction = facts.index.directions(tile, anchor)[0]
    assert st.tap(screen, facts.index, tile, anchor, position) is None
    assert screen.aim.touch_anchor == anchor and screen.notice.text.startswith("Now tap")
    move = st.tap(screen, facts.index, tile, add(anchor, HEX[direction]), position)
    assert move == facts.index.move_for(tile, anchor, direction)


def test_a_hint_aims_the_hinted_placement() -> None:
    screen, game = fresh()
    facts = facts_for(game, screen)
    move = best_move(game)
    st.set_hint(screen, facts.index, list(facts.rack), move, st.position_of(game))
    assert show(game, screen).candidate == move
    assert screen.hint is not None and screen.asking is None
