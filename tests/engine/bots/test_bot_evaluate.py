"""The searching bots' fast scorer agrees with the engine's scoring and tracks."""

from __future__ import annotations

import math

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.bots.evaluate import (
    MAX_POINTS,
    PHASE_BONUS,
    PHASE_T_END,
    PHASE_T_START,
    ROWS_CACHE,
    PhaseValue,
    cell_points,
    evaluation,
    row_width,
    scored_placements,
    tables,
)
from engine.rules.board import zone
from engine.rules.game import Game
from engine.rules.scoring import EMPTY, symbol_points


@pytest.mark.parametrize(("variant", "players"), [("standard", 2), ("standard", 4), ("duel", 2)])
def test_cell_points_equal_the_engines_symbol_points(variant: str, players: int) -> None:
    """An empty partner cell scores nothing, so a symbol's points depend on its own cell alone."""
    game = new_game(variant, players=players, seed=12)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    for _ in range(14):
        game.apply(bots[game.current].choose(game.view(game.current)))
    zone, board = game.zone, game.board
    for k in game.free:
        a, b = zone.pairs[k]
        for cell, partner in ((a, b), (b, a)):
            fast = cell_points(board, zone.rays[cell])
            for colour in range(6):
                assert fast[colour] == symbol_points(board, zone, cell, partner, colour)
    assert board.count(EMPTY) < zone.size


def test_scored_placements_cover_exactly_the_legal_placements() -> None:
    game = new_game("standard", players=2, seed=2)
    for _ in range(5):
        game.apply(make_bot("casual", seed=1).choose(game.view(game.current)))
    fast = sorted(p for _, p in scored_placements(game, game.current))
    assert fast == sorted(game.placements())


def test_value_tables_favour_low_colours_and_count_bonuses() -> None:
    """A point on a low colour outweighs one on a high colour; reaching 18 earns a bonus."""
    t = tables("standard")
    assert t.worth[1] - t.worth[0] > t.worth[11] - t.worth[10] > 0
    assert t.reaches[15][3] and not t.reaches[15][2] and not t.reaches[18][5]
    team = tables("team")
    assert team.after[16][5] == 18  # the stop at 18 on a double track
    assert team.reaches[34][2]  # and 36 earns another bonus
    duel = tables("duel")
    assert duel.after[9 - 2][20] == 9  # from -2, points stop at the scorer's 9


def played(moves: int, seed: int = 5) -> Game:
    """A two-player standard game after ``moves`` casual moves."""
    game = new_game("standard", players=2, seed=seed)
    bots = [make_bot("casual", seed=s) for s in range(2)]
    for _ in range(moves):
        game.apply(bots[game.current].choose(game.view(game.current)))
    return game


def with_track(game: Game, track: list[int]) -> Game:
    """The same position with seat 0's track set to ``track``."""
    twin = game.copy()
    twin.scores[0] = track[:]
    return twin


def test_phase_value_is_a_soft_minimum_that_narrows_as_the_board_fills() -> None:
    """The value is -t log sum exp(-v/t), t from about 4 on an empty board to 1.2 on a full one."""
    ev = PhaseValue()
    assert ev.temperature(0.0) == pytest.approx(PHASE_T_START)
    assert ev.temperature(1.0) == pytest.approx(PHASE_T_END)
    assert PHASE_T_START > ev.temperature(0.5) > PHASE_T_END
    game = with_track(played(0), [3, 8, 9, 12, 15, 17])
    t, _ = ev.phase(game)
    expected = -t * math.log(sum(math.exp(-v / t) for v in game.scores[0]))
    assert ev.value(game, game.scores[0]) == pytest.approx(expected)
    assert 3 - t * math.log(6) < expected < 3  # below the lowest colour, by at most t log 6


def test_phase_value_raising_the_lowest_colour_beats_raising_a_high_one() -> None:
    """Early and late, two points on the lowest colour are worth more than on a high one, and
    the gains in the rows are the changes of the value."""
    track = [4, 9, 10, 12, 14, 16]
    ev = PhaseValue()
    for moves in (0, 30):
        game = with_track(played(moves), track)
        rows = ev.rows(game, 0)
        assert rows[0][2] > rows[3][2] > 0
        raised = track[:]
        raised[3] += 2
        gain = ev.value(game, raised) - ev.value(game, track)
        assert rows[3][2] == pytest.approx(gain, abs=1e-3)


def test_phase_value_weighs_the_lowest_colour_more_as_the_game_goes_on() -> None:
    """The same track, an empty board and a filled one: late, the point on the lowest colour
    counts many times more than one on the second colour; early, the colours count more alike
    (balanced growth)."""
    track = [5, 7, 9, 9, 10, 11]
    ev = PhaseValue()
    early, late = with_track(played(0), track), with_track(played(34), track)
    assert ev.phase(early)[0] > ev.phase(late)[0]
    ratio = {}
    for name, game in (("early", early), ("late", late)):
        rows = ev.rows(game, 0)
        ratio[name] = rows[0][1] / rows[1][1]
    assert ratio["late"] > 1.5 * ratio["early"] > 1.5


def test_phase_value_follows_the_tie_break_order() -> None:
    """With the same lowest colour, the side whose second lowest is higher is worth more
    (the rules' sorted ranking), and a point on the second lowest is worth more than one on
    the highest."""
    ev = PhaseValue()
    game = played(34)
    assert ev.value(game, [6, 8, 12, 12, 13, 14]) > ev.value(game, [6, 7, 12, 12, 13, 14])
    rows = ev.rows(with_track(game, [6, 7, 12, 12, 13, 14]), 0)
    assert rows[1][1] > rows[5][1]


def test_phase_value_counts_the_bonus_at_18() -> None:
    """Points that take a colour to 18 add a bonus placement's worth; beyond 18 they add
    nothing more, and a colour already at 18 earns no second bonus."""
    game = with_track(played(20), [5, 8, 10, 12, 16, 18])
    rows = PhaseValue().rows(game, 0)
    plain = PhaseValue(bonus=0.0).rows(game, 0)
    assert rows[4][2] - plain[4][2] == pytest.approx(PHASE_BONUS)
    assert rows[4][1] == pytest.approx(plain[4][1])
    assert rows[4][5] - rows[4][2] == pytest.approx(3e-4)  # only the hair per raw point
    assert rows[5][3] == pytest.approx(plain[5][3]) == pytest.approx(3e-4)


def test_phase_value_rows_keep_their_values_and_the_cache_stays_bounded() -> None:
    """Every row runs to the most points one placement can bring on its board: the head
    follows the value, the flat part above 18 only adds the hair per point. However many
    tracks are met, the cache of rows holds at most ROWS_CACHE of them, and a row made
    after the cache was emptied is the same row."""
    ev = PhaseValue()
    game = played(20)
    first = ev.rows(with_track(game, [5, 8, 10, 12, 16, 18]), 0)
    last = row_width(game.zone.radius) - 1
    assert all(len(row) == last + 1 for row in first) and last < MAX_POINTS
    assert first[0][last] - first[0][13] == pytest.approx((last - 13) * 1e-4)
    for n in range(ROWS_CACHE + 50):
        ev.rows(with_track(game, [n % 19, n // 19 % 19, n // 361 % 19, 1, 2, 3]), 0)
        assert len(ev._rows) <= ROWS_CACHE
    assert ev.rows(with_track(game, [5, 8, 10, 12, 16, 18]), 0) == first


@pytest.mark.parametrize("radius", [5, 6, 7])
def test_a_gain_row_reaches_the_most_one_placement_can_score(radius: int) -> None:
    """The worst case on each board: every cell but two neighbours holds one colour, and a
    tile of that colour goes on the two. Its points in that colour, for every such pair
    (each symbol's lines, the partner's direction empty), stay within the rows' width."""
    board_zone = zone(radius)
    most = 0
    for a, b in board_zone.pairs:
        board = [0] * board_zone.size
        board[a] = board[b] = EMPTY
        points = (
            cell_points(board, board_zone.rays[a])[0] + cell_points(board, board_zone.rays[b])[0]
        )
        most = max(most, points)
    assert most < row_width(radius) <= MAX_POINTS + 1
    assert most > row_width(radius) // 2  # a bound, not a guess far above it


def test_searching_levels_use_the_phase_value_and_the_old_table_stays_reachable() -> None:
    """Strong and expert value sides by the phase value; ``evaluation="table"`` gives the
    fixed table (for the arena's comparisons); the simple levels take no evaluation."""
    assert make_bot("strong").evaluation == make_bot("expert").evaluation == "phase"
    assert isinstance(evaluation(), PhaseValue)
    old = make_bot("strong", evaluation="table")
    assert old.evaluation == "table" and not isinstance(evaluation("table"), PhaseValue)
    with pytest.raises(ValueError, match="unknown evaluation 'wizard'"):
        make_bot("strong", evaluation="wizard")
    with pytest.raises(ValueError, match="does not search"):
        make_bot("casual", evaluation="table")


def test_phase_and_table_values_choose_differently_and_each_repeats_itself() -> None:
    """The evaluation changes the search's choice somewhere along a game; each evaluation, with
    the same seed and budget and no clock, chooses the same move again."""
    game = new_game("standard", players=2, seed=8)
    bots = [make_bot("casual", seed=s) for s in range(2)]
    differ = 0
    for _ in range(24):
        view = game.view(game.current)
        if game.phase == "place":
            moves = {
                ev: {make_bot("strong", seed=4, budget_ms=5, evaluation=ev).choose(view)}
                | {make_bot("strong", seed=4, budget_ms=5, evaluation=ev).choose(view)}
                for ev in ("phase", "table")
            }
            assert all(len(m) == 1 for m in moves.values())
            differ += moves["phase"] != moves["table"]
        game.apply(bots[game.current].choose(view))
    assert differ > 0


@pytest.mark.parametrize(("variant", "players"), [("duel", 2), ("team", 4), ("solo", 1)])
def test_phase_value_leaves_the_other_variants_their_tables(variant: str, players: int) -> None:
    """Only the standard game is valued by the soft minimum: the duel's tug of war, the team's
    double tracks and solo's lowest colour keep their own tables, so there the two
    evaluations give the same rows and values (and the bots the same moves)."""
    game = new_game(variant, players=players, seed=4)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    for _ in range(10):
        if game.phase == "swap":
            game.apply("pass")
        game.apply(bots[game.current].choose(game.view(game.current)))
    phase, table = evaluation("phase"), evaluation("table")
    seat = game.current
    assert phase.rows(game, seat) == table.rows(game, seat)
    track = game.scores[0]
    assert phase.value(game, track) == table.value(game, track)
