"""Turning rack tiles and aiming at cells yields exactly the engine's legal move strings."""

from web.board.hexgrid import ring
from web.board.placing import Aim, LegalIndex, format_placement, parse_placement, step_cursor

LEGAL = ["0,-4:red 1,-4:blue", "1,-5:blue 1,-4:red", "swap", "pass"]


def test_parse_and_format_round_trip() -> None:
    move = "-3,2:yellow -2,2:purple"
    halves = parse_placement(move)
    assert halves == (((-3, 2), "yellow"), ((-2, 2), "purple"))
    assert format_placement(halves[0][0], halves[0][1], halves[1][0], halves[1][1]) == move


def test_decisions_and_junk_are_not_placements() -> None:
    assert parse_placement("swap") is None
    assert parse_placement("1,x:red 2,2:blue") is None
    assert parse_placement("1,1 red") is None


def test_either_half_order_finds_the_engine_string() -> None:
    """Red on (0,-4) with blue east of it is the engine's first move, whatever the order."""
    index = LegalIndex(LEGAL)
    assert index.move_for(("red", "blue"), (0, -4), 0) == "0,-4:red 1,-4:blue"
    assert index.move_for(("blue", "red"), (1, -4), 3) == "0,-4:red 1,-4:blue"
    assert index.move_for(("red", "blue"), (0, -4), 1) is None
    assert index.decisions == ["swap", "pass"]


def test_turning_finds_the_next_legal_direction() -> None:
    index = LegalIndex(LEGAL)
    # Blue at (1,-4) has red to its west (direction 3) only in the first move; in the
    # second move red on (1,-4) has blue north-west of it (direction 4).
    assert index.directions(("blue", "red"), (1, -4)) == [3]
    assert index.first_direction(("red", "blue"), (1, -4), 0) == 4
    assert index.first_direction(("red", "blue"), (3, 3), 0) is None


def test_anchor_and_covered_cells_for_a_tile() -> None:
    index = LegalIndex(LEGAL)
    assert index.anchors(("red", "blue")) == {(0, -4), (1, -4)}
    assert index.covered_cells(("blue", "red")) == {(0, -4), (1, -4), (1, -5)}
    assert index.covered_cells(("green", "red")) == set()


def test_aim_rotation_wraps() -> None:
    aim = Aim(direction=5)
    aim.rotate()
    assert aim.direction == 0
    aim.rotate(-1)
    assert aim.direction == 5


def test_cursor_moves_stay_in_the_zone_and_up_down_are_inverse() -> None:
    cell = (0, 0)
    for _ in range(7):
        cell = step_cursor(cell, "ArrowUp", 5)
    assert ring(cell) <= 5 and cell[1] == -5
    back = step_cursor(step_cursor((2, 1), "ArrowUp", 5), "ArrowDown", 5)
    assert back == (2, 1)
    assert step_cursor((5, 0), "ArrowRight", 5) == (5, 0)


def test_the_index_built_from_the_engines_placements_answers_as_the_one_from_texts() -> None:
    """`LegalIndex.of_game` (the engine's placements, texts written only when asked for)
    gives every answer the index of `game.legal_moves()` texts gives, move texts included,
    over the positions of whole games and the swap decision."""
    from engine import new_game

    for seed, players in ((3, 2), (8, 4)):
        game = new_game("standard", players, seed=seed)
        while game.phase != "over":
            texts = LegalIndex(game.legal_moves())
            built = LegalIndex.of_game(game)
            assert sorted(built.moves) == sorted(game.legal_moves())
            assert built.decisions == texts.decisions
            assert built.has_placements == texts.has_placements
            for tile in {tuple(t) for t in game.view(game.current)["racks"][str(game.current)]}:
                assert built.covered_cells(tile) == texts.covered_cells(tile)
                assert built.anchors(tile) == texts.anchors(tile)
                for anchor in sorted(texts.anchors(tile))[:4]:
                    assert built.directions(tile, anchor) == texts.directions(tile, anchor)
                    for d in range(6):
                        assert built.move_for(tile, anchor, d) == texts.move_for(tile, anchor, d)
            moves = game.legal_moves()
            game.apply(moves[len(moves) // 3])
