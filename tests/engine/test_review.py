"""The review of a game, "try from here" and hints (engine/coach/review.py, docs/review.md)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine import SaveFormatError, load_game, loads, new_game
from engine.bots import make_bot
from engine.coach.hints import hint, try_from_here
from engine.coach.lessons import COSTS
from engine.coach.review import Review, analyse, chart_data, chart_text, facts
from engine.rules.game import Game
from engine.rules.tiles import COLOURS
from tests.reviewed_game import THROW_AT, play_out, thrown_game, thrown_review


@pytest.fixture(scope="module")
def thrown() -> tuple[Game, Review]:
    return thrown_game(), thrown_review()


def test_the_move_that_throws_away_a_colour_is_listed_first(thrown: tuple[Game, Review]) -> None:
    """A crafted game: one of seat 0's placements scores nothing when placements raising its
    colours were on offer. The review names it as the costliest move, with a better move
    and a reason built from both moves' facts."""
    game, review = thrown
    thrown_at = next(i for i, e in enumerate(game.log) if i >= THROW_AT and e["seat"] == 0)
    assert not game.log[thrown_at]["points"]
    worst = review.costliest()
    assert worst and worst[0].index == thrown_at
    first = worst[0]
    assert first.played == game.moves[thrown_at] and first.best != first.played
    assert first.best_win > first.played_win
    assert {"kind": "nothing"} in first.played_facts
    assert any(f["kind"].startswith("gain") for f in first.best_facts)
    assert first.lesson and first.lesson != first.merits
    assert first.reason.startswith(f"Better: {first.best}. ")
    assert len(worst) <= 3 and all(a.cost >= b.cost for a, b in zip(worst, worst[1:], strict=False))


def test_every_move_of_the_reviewed_seat_is_reviewed_in_order(thrown: tuple[Game, Review]) -> None:
    """One result per move of seat 0, in the order played; the other seat's moves are not."""
    game, review = thrown
    mine = [e["turn"] for e in game.log if e["seat"] == 0]
    assert review.total == len(mine) == len(review.results)
    assert [r.seat for r in review.results] == [0] * len(mine)
    assert [r.played for r in review.results] == [game.moves[r.index] for r in review.results]


def test_the_review_is_a_generator_that_can_stop() -> None:
    """Results arrive one at a time; a review stopped after two moves has two results."""
    game = play_out(new_game("standard", 2, seed=5))
    review = Review(game.to_save(), seats=[0], worlds=2, width=1)
    steps = review.moves()
    next(steps)
    next(steps)
    steps.close()
    assert len(review.results) == 2


def test_a_resumed_review_gives_the_rest_as_the_whole_review_would() -> None:
    """A review resumed after its first two moves (the page's worker started again) judges
    the moves after them, and each result is the one the uninterrupted review gives."""
    game = play_out(new_game("standard", 2, seed=5))
    whole = Review(game.to_save(), seats=[1], worlds=2, width=1).run()
    rest = list(Review(game.to_save(), seats=[1], worlds=2, width=1).moves(skip=2))
    assert len(whole) > 3 and rest == whole[2:]
    assert list(Review(game.to_save(), seats=[1], worlds=2, width=1).moves(len(whole))) == []


def test_the_chart_text_says_what_the_chart_data_holds(thrown: tuple[Game, Review]) -> None:
    """One line per point (and the end), each naming the move and every player's value."""
    game, review = thrown
    chart = review.chart()
    lines = chart_text(chart)
    assert len(lines) == len(chart["points"]) + 1
    for line, point in zip(lines, chart["points"], strict=False):
        assert line.startswith(f"Move {point['number']} ({point['mover']}):")
        shown = [int(x) for x in re.findall(r"(\d+)%", line)]
        assert shown == [round(v * 100) for v in point["values"]]
    assert chart["end"] == [1.0, 0.0] or chart["end"] == [0.0, 1.0] or chart["end"] == [0.5, 0.5]
    assert [int(x) for x in re.findall(r"(\d+)%", lines[-1])] == [
        round(v * 100) for v in chart["end"]
    ]
    assert chart["names"] == ["Ann", "Bob"]


def test_solo_charts_the_expected_lowest_colour() -> None:
    """Solo has no one to beat: the chart shows the expected lowest colour."""
    game = new_game("solo", 1, seed=3)
    bot = make_bot("casual", seed=1)
    for _ in range(6):
        game.apply(bot.choose(game.view(0)))
    review = Review(game.to_save(), worlds=2, width=1)
    review.run()
    chart = chart_data(review.results, review.final)
    assert chart["measure"] == "lowest" and chart["end"] is None
    assert chart_text(chart)[0].startswith("Move 1 (")


@pytest.mark.parametrize(
    ("variant", "players"), [("standard", 3), ("team", 4), ("duel", 2), ("solo", 1)]
)
def test_every_variant_can_be_reviewed(variant: str, players: int) -> None:
    """Each result names a legal best move and has a reason, in every variant."""
    game = new_game(variant, players, seed=2)
    bots = [make_bot("casual", seed=s) for s in range(players)]
    for _ in range(5):
        game.apply(bots[game.current].choose(game.view(game.current)))
    for result in Review(game.to_save(), seats=[0], worlds=3, width=2).moves():
        assert result.reason and result.played_facts
        before = load_game({**game.to_save(), "moves": game.moves[: result.index]})
        assert result.best in before.legal_moves()


def test_try_from_here_keeps_board_scores_and_rack_and_deals_the_rest_anew() -> None:
    """The new game has the position's board, scores, turn and the mover's rack; the other
    rack and the bag are dealt again (same tiles in all), and its save replays it."""
    game = play_out(new_game("standard", 2, seed=11))
    save = game.to_save()
    at = load_game({**save, "moves": save["moves"][:20]})
    fresh = try_from_here(save, 20, deal=99)
    seat = at.current
    assert fresh.board == at.board and fresh.scores == at.scores and fresh.turn == at.turn
    assert fresh.current == seat and fresh.racks[seat] == at.racks[seat]
    other = 1 - seat
    assert sorted(fresh.racks[other] + fresh.bag) == sorted(at.racks[other] + at.bag)
    assert (fresh.racks[other], fresh.bag) != (at.racks[other], at.bag)
    assert fresh.moves == [] and fresh.to_save()["start"]["moves"] == save["moves"][:20]
    assert loads(json.dumps(fresh.to_save())) == fresh
    again = try_from_here(save, 20, deal=100)
    assert (again.racks[other], again.bag) != (fresh.racks[other], fresh.bag)


def test_a_game_from_a_game_from_here_nests_and_replays() -> None:
    """Try from a position of a game that itself started from another: its save replays."""
    game = play_out(new_game("standard", 2, seed=11))
    fresh = try_from_here(game.to_save(), 10, deal=1)
    bot = make_bot("casual", seed=3)
    for _ in range(4):
        fresh.apply(bot.choose(fresh.view(fresh.current)))
    second = try_from_here(fresh.to_save(), 2, deal=2)
    assert second.to_save()["start"]["start"]["deal"] == 1
    assert loads(json.dumps(second.to_save())) == second


@pytest.mark.parametrize(
    ("start", "message"),
    [
        ("x", "'start' must be an object"),
        ({"seat": 0, "deal": 1}, "no 'moves'"),
        ({"moves": [], "seat": 5, "deal": 1}, "seat 5"),
        ({"moves": [], "seat": 0, "deal": -1}, "deal"),
        ({"moves": ["nonsense"], "seat": 0, "deal": 1}, "move 1"),
    ],
)
def test_a_bad_start_is_refused_with_a_clear_message(start: Any, message: str) -> None:
    save = new_game("standard", 2, seed=1).to_save()
    with pytest.raises(SaveFormatError, match=re.escape(message)):
        load_game({**save, "start": start})


def test_a_hint_carries_the_move_and_its_reason() -> None:
    """A hint names a legal move and says why in words (colours it raises)."""
    game = new_game("standard", 2, seed=4)
    bot = make_bot("casual", seed=1)
    for _ in range(6):
        game.apply(bot.choose(game.view(game.current)))
    advice = hint(game.view(game.current), budget_ms=10)
    assert advice["move"] in game.legal_moves()
    parts = advice["gains"] + advice["costs"] + advice["notes"]
    assert sorted(map(json.dumps, advice["facts"])) == sorted(map(json.dumps, parts))
    assert not any(f["kind"] in COSTS for f in advice["gains"])
    assert any(c in advice["reason"] for c in COLOURS)
    assert advice["versus"] in game.legal_moves() and advice["versus"] != advice["move"]
    assert advice["versus_why"]["kind"].startswith("vs_")
    assert f"Better than {advice['versus']}, " in advice["reason"]


def test_a_hint_is_only_for_the_player_to_move() -> None:
    game = new_game("standard", 2, seed=4)
    with pytest.raises(ValueError, match="player to move"):
        hint(game.view(1))


def test_facts_name_the_lowest_colour_the_bonus_and_a_block() -> None:
    """Facts come from the position: points per colour, the lowest colour, 18, blocks."""
    game = new_game("standard", 2, seed=4, names=["Ann", "Bob"])
    game.scores[0] = [17, 3, 5, 5, 5, 5]
    game.scores[1] = [5, 5, 5, 5, 5, 2]
    # A red line beside the red printed symbol: a red symbol next to it scores.
    p = game.parse_placement("1,-5:red 2,-5:red")
    game.racks[0][0] = (0, 0)
    said = facts(game, 0, p)
    assert said[0]["kind"] == "gain" and said[0]["colour"] == "red"
    assert {"kind": "bonus", "colour": "red", "mark": 18} in said
    assert analyse(game, 0, "1,-5:red 2,-5:red", worlds=2, width=1).played_facts == said
