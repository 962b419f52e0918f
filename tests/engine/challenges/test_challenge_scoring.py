"""The shared score rows: area restriction, cap at 10, point-by-point order, ranking."""

from engine.challenges.common import (
    add_restricted_points,
    area_allows,
    ranking,
    score_batch,
)


def test_row_may_not_enter_4_to_6_while_any_row_is_at_0() -> None:
    row = [3, 0, 1, 1, 1, 1]
    assert not area_allows(row, 4)
    gained, capped = add_restricted_points(row, 0, 3)
    assert (gained, capped) == (0, False)
    assert row == [3, 0, 1, 1, 1, 1]


def test_row_may_not_enter_7_to_10_while_any_row_is_at_3_or_less() -> None:
    row = [6, 3, 4, 4, 4, 4]
    gained, _ = add_restricted_points(row, 0, 2)
    assert gained == 0 and row[0] == 6


def test_low_areas_are_always_open() -> None:
    """Points within 1-3 never depend on the other rows."""
    row = [0, 0, 0, 0, 0, 0]
    gained, _ = add_restricted_points(row, 2, 3)
    assert gained == 3 and row == [0, 0, 3, 0, 0, 0]


def test_lost_point_stops_the_rest_of_that_symbols_points() -> None:
    """Red 2 -> 3 is fine, 3 -> 4 is refused (green is at 0) and the last point is lost too."""
    row = [2, 0, 1, 1, 1, 1]
    gained, _ = add_restricted_points(row, 0, 3)
    assert gained == 1 and row[0] == 3


def test_points_above_10_are_lost_and_reaching_10_is_reported() -> None:
    row = [9, 7, 7, 7, 7, 7]
    gained, capped = add_restricted_points(row, 0, 4)
    assert gained == 1 and capped and row[0] == 10
    gained, capped = add_restricted_points(row, 0, 1)
    assert gained == 0 and not capped and row[0] == 10


def test_score_batch_stops_at_the_winning_point() -> None:
    """The challenge is won at once when the last row reaches 7."""
    row = [6, 7, 7, 7, 7, 7]
    gained, capped, won = score_batch(row, 0, 3)
    assert (gained, capped, won) == (1, False, True) and row[0] == 7


def test_ranking_puts_goal_winner_first_then_lowest_row_decides() -> None:
    rows = [[7, 7, 7, 7, 7, 7], [5, 9, 9, 9, 9, 9], [6, 6, 6, 6, 6, 6], [6, 6, 6, 6, 6, 6]]
    places = ranking(rows, ["A", "B", "C", "D"], winner=0)
    assert [(p["seat"], p["place"]) for p in places] == [(0, 1), (2, 2), (3, 2), (1, 4)]


def test_ranking_without_winner_compares_rows_from_the_lowest_up() -> None:
    rows = [[3, 4, 4, 4, 4, 4], [3, 3, 9, 9, 9, 9]]
    places = ranking(rows, ["A", "B"], winner=None)
    assert [(p["seat"], p["place"]) for p in places] == [(0, 1), (1, 2)]
