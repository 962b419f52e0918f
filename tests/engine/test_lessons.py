"""What a move does in the game's own terms (engine/coach/lessons.py): facts that the engine
confirms, reasons that contrast two moves, costs said as costs, and plans over a game."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.bots import make_bot
from engine.bots.evaluate import oriented
from engine.coach import lesson_futures, lessons
from engine.coach.lesson_checks import check_fact, check_point
from engine.coach.lesson_plans import plans
from engine.coach.lesson_suite import check_plan
from engine.coach.lessons import COSTS, contrast, facts, say
from engine.rules.game import Game
from engine.rules.tiles import COLOURS
from tests.reviewed_game import avoiding_red, greedy_move


def _placement_scoring(game: Game, colour: int) -> tuple[int, int, int, int]:
    """A legal placement of the player to move that scores in ``colour``."""
    for p in game.placements():
        if colour in (p[2], p[3]):
            e = lessons.effect(game, game.current, p)
            if e.points[colour]:
                return p
    raise AssertionError("no placement scores that colour")


def _midgame(variant: str = "standard", players: int = 2, seed: int = 4, moves: int = 16) -> Game:
    game = new_game(variant, players, seed=seed, names=[f"P{i}" for i in range(players)])
    bot = make_bot("casual", seed=seed)
    for _ in range(moves):
        game.apply(bot.choose(game.view(game.current)))
    return game


def test_points_poured_into_a_colour_at_18_are_called_wasted_not_a_gain() -> None:
    """The standard game: points above 18 are lost. A placement scoring in a colour that
    already stands at 18 is said to waste them (how many, and at what), never to raise it."""
    game = _midgame()
    seat = game.current
    p = _placement_scoring(game, 2)  # blue
    game.scores[game.variant.side_of(seat)][2] = 18
    said = facts(game, seat, p)
    blue = [f for f in said if f.get("colour") == "blue"]
    assert blue and all(f["kind"] == "wasted" for f in blue)
    points = lessons.effect(game, seat, p).points[2]
    assert blue[0] == {"kind": "wasted", "colour": "blue", "n": points, "at": 18}
    assert say(blue[0]).startswith(f"wastes {points} point")
    assert all(check_fact(game, seat, p, f) is None for f in said)


def test_points_past_the_end_of_a_track_are_wasted_and_the_rest_counts() -> None:
    """A colour at 16 given more than 2 points stops at 18: a gain of 2, the rest wasted,
    and a bonus turn (it reached 18)."""
    game = _midgame()
    seat = game.current
    p = _placement_scoring(game, 2)
    points = lessons.effect(game, seat, p).points[2]
    game.scores[game.variant.side_of(seat)][2] = 18 - 1
    said = facts(game, seat, p)
    kinds = {f["kind"]: f for f in said if f.get("colour") == "blue"}
    assert kinds["gain"]["n"] == 1 and kinds["gain"]["to"] == 18
    if points > 1:
        assert kinds["wasted_past"] == {"kind": "wasted_past", "colour": "blue", "n": points - 1,
                                        "at": 18}  # fmt: skip
    assert kinds["bonus"]["mark"] == 18


def test_a_bonus_is_claimed_only_where_the_variant_gives_one() -> None:
    """Team game: a team colour passing 18 stops there and earns a bonus; from 18 the next
    bonus is at 36. Duel: reaching 9 earns a bonus only once per colour (its token)."""
    team = _midgame("team", 4, seed=2, moves=8)
    seat = team.current
    p = _placement_scoring(team, 1)
    side = team.variant.side_of(seat)
    team.scores[side][1] = 17
    assert {"kind": "bonus", "colour": "green", "mark": 18} in facts(team, seat, p)
    team.scores[side][1] = 18
    gained = [f for f in facts(team, seat, p) if f.get("colour") == "green"]
    assert not any(f["kind"] == "bonus" for f in gained) or gained[-1]["mark"] == 36
    duel = _midgame("duel", 2, seed=3, moves=10)
    seat = duel.current
    p = _placement_scoring(duel, 0)
    sign = 1 if seat == 0 else -1
    duel.scores[0][0] = 8 * sign
    duel.tokens[0] = -1
    assert {"kind": "bonus", "colour": "red", "mark": 9} in facts(duel, seat, p)
    duel.tokens[0] = seat
    assert not any(f["kind"] == "bonus" for f in facts(duel, seat, p))


@pytest.mark.parametrize(
    ("variant", "players"),
    [("standard", 2), ("standard", 3), ("standard", 4), ("team", 4), ("duel", 2), ("solo", 1)],
)
def test_every_fact_and_lesson_point_holds_when_the_move_is_played(
    variant: str, players: int
) -> None:
    """Facts of random placements, and the points between two of them, in every variant:
    each is checked by really playing the move (the tracks, the bonus, the lines)."""
    rng = random.Random(players)
    game = new_game(variant, players, seed=11)
    checked = 0
    while not game.over:
        seat = game.current
        if game.phase == "place" and rng.random() < 0.5:
            a, b = rng.sample(game.placements(), 2)
            for f in facts(game, seat, a):
                assert check_fact(game, seat, a, f) is None, f
                checked += 1
            pro, con = contrast(game, seat, a, b)
            for f in pro + con:
                assert check_point(game, seat, a, b, f) is None, f
                checked += 1
        greedy_move(game)
    assert checked > 10


def test_a_cost_is_never_among_the_gains() -> None:
    """Wasted points, a line opened for a rival and scoring nothing are costs: the split
    into gains, costs and notes puts them with the costs."""
    game = _midgame(moves=24)
    seat = game.current
    for p in game.placements()[::5]:
        gains, costs, notes = lessons.gains_and_costs(facts(game, seat, p))
        assert not any(f["kind"] in COSTS for f in gains + notes)
        assert all(f["kind"] in COSTS for f in costs)


def test_the_lesson_favours_the_better_move_and_its_merits_favour_the_other() -> None:
    """Between a move raising the lowest colour and one that does not, the lesson names the
    lowest colour for the first; swapped, the same difference is the other move's merit."""
    game = _midgame()
    seat = game.current
    track = oriented(game, seat)
    low = track.index(min(track))
    up = [p for p in game.placements() if lessons.effect(game, seat, p).gained[low]]
    flat = [p for p in game.placements() if not lessons.effect(game, seat, p).gained[low]]
    assert up and flat
    tied = "_tied" if track.count(min(track)) > 1 else ""
    pro, _ = contrast(game, seat, up[0], flat[0])
    assert any(f["kind"] == "left_lowest" + tied and f["colour"] == COLOURS[low] for f in pro)
    pro, con = contrast(game, seat, flat[0], up[0])
    assert not any(f["kind"] in lessons.LOWEST_POINTS for f in pro)
    assert any(f["kind"] == "yours_lowest" + tied for f in con) or not con


def test_two_moves_with_the_same_facts_have_no_lesson_but_the_futures() -> None:
    """The same move against itself: nothing to contrast; the review then says what the
    sampled futures show (the better move's figures against the other's)."""
    game = _midgame()
    seat = game.current
    p = game.placements()[0]
    assert contrast(game, seat, p, p) == ([], [])

    def figures(mine: list[float], rival: list[float]) -> list[list[float]]:
        return [mine, rival] if seat == 0 else [rival, mine]

    better = figures([0.6, 7.0, 9.0], [0.4, 6.0, 8.0])
    said = lesson_futures.futures(game, seat, better, figures([0.5, 6.0, 9.0], [0.5, 6.5, 8.0]))
    assert said == [{"kind": "futures_mine", "better": 7.0, "played": 6.0}]
    said = lesson_futures.futures(game, seat, better, figures([0.5, 7.0, 9.0], [0.5, 7.5, 8.0]))
    assert said[0]["kind"] == "futures_rival" and said[0]["played"] == 7.5
    said = lesson_futures.futures(game, seat, better, figures([0.5, 7.0, 9.0], [0.5, 6.0, 8.0]))
    assert said[0]["kind"] == "futures_wins"


def test_a_colour_avoided_for_a_whole_game_is_named_as_a_plan() -> None:
    """Seat 0 never scores red when it can help it: the plans name red left behind, from
    the first move where a placement raising it was on offer, and each plan holds when the
    game is replayed."""
    save = avoiding_red()
    found = plans(save, [0])
    red = [p for p in found if p["kind"] == "plan_behind" and p["colour"] == "red"]
    assert red, [say(p) for p in found]
    assert red[0]["started"] in red[0]["moves"] and red[0]["first"] <= red[0]["started"]
    assert all(check_plan(save, p) is None for p in found)
    assert say(red[0]).startswith("Ann left red at ")


def test_plans_carry_their_cost_from_the_chart() -> None:
    """Given the chart's chances, a plan says the chance of winning at its start and end."""
    game = new_game("standard", 2, seed=6, names=["Ann", "Bob"])
    bot = make_bot("casual", seed=2)
    while not game.over:
        game.apply(bot.choose(game.view(game.current)))
    save = game.to_save()
    chances = {i: [0.9 - i / 100, 0.1 + i / 100] for i in range(len(save["moves"]))}
    for plan in plans(save, [0, 1], chances):
        assert plan["measure"] == "win"
        assert plan["win_end"] == round(chances[plan["last"]][plan["seat"]], 4)
        assert "Chance of winning over these moves" in say(plan)


def test_english_counts_agree_with_their_nouns() -> None:
    assert say({"kind": "wasted", "colour": "blue", "n": 1, "at": 18}) == (
        "wastes 1 point of blue: it was already at 18"
    )
    assert say({"kind": "wasted", "colour": "blue", "n": 2, "at": 18}) == (
        "wastes 2 points of blue: it was already at 18"
    )
    assert say({"kind": "no_lowest", "colours": ["red", "green"], "at": 0}) == (
        "no placement of your tiles can raise red or green (your lowest, at 0)"
    )


def test_a_plan_is_a_pattern_over_several_moves() -> None:
    """Waste or lines opened in one move are that move's facts; a plan names two or more
    of the side's moves (so its words "moves 12, 18" are never said of a single move). One
    of the suite's games of a colour left behind wastes 6 points in one move: no plan."""
    from engine.coach.lesson_suite import _save, cases

    saves = [(_save(c), c["seat"]) for c in cases() if c["lesson"] == "behind"]
    for seed in (3, 6, 11):
        game = new_game("standard", 2, seed=seed, names=["Ann", "Bob"])
        bots = [make_bot("beginner", seed=seed), make_bot("casual", seed=seed + 1)]
        while not game.over:
            game.apply(bots[game.current].choose(game.view(game.current)))
        saves.append((game.to_save(), 0))
    for save, _seat in saves:
        for plan in plans(save, [0, 1]):
            assert len(plan["moves"]) >= 2, say(plan)
            assert plan["first"] < plan["last"], say(plan)
