"""What a choice would score, checked against the engine: the preview of a choice is
what the engine scores when that choice is played (area rule, cap and target included)."""

from __future__ import annotations

import random

import pytest

from engine.challenges import new_challenge
from web.challenges.previews import (
    LOST_ABOVE_CAP,
    LOST_ABOVE_TARGET,
    LOST_TO_AREAS,
    DicePlan,
    Gain,
    allowed_max,
    best_order,
    bust_chance,
    bust_colours,
    card_preview,
    free_score_preview,
    simulate_gains,
    tile_score_preview,
)

ORDER = ["red", "green", "blue", "orange", "yellow", "purple"]


def engine_gain(game, move: str) -> list[int]:
    seat = game.current
    twin = game.copy()
    before = twin.rows[seat]
    twin.apply(move)
    return [after - old for after, old in zip(twin.rows[seat], before, strict=True)]


def totals(gains) -> list[int]:
    out = [0] * 6
    for gain in gains:
        out[ORDER.index(gain.colour)] += gain.gained
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


def test_lost_points_say_why_they_are_lost() -> None:
    """Past 10 is "above 10"; a closed area is "the area rule"; tiles over the target go
    back to the pool."""
    (capped,), _ = simulate_gains([9, 7, 7, 7, 7, 6], [("red", 3)])
    assert (capped.gained, capped.lost, capped.why_lost) == (1, 2, LOST_ABOVE_CAP)
    (area,), _ = simulate_gains([1, 0, 1, 1, 1, 1], [("red", 3)])
    assert (area.gained, area.lost, area.why_lost) == (2, 1, LOST_TO_AREAS)
    view = new_challenge("tiles", 2, 1).view(0)
    view["rows"][0] = [6, 0, 0, 0, 0, 0]
    view["centre"] = ["red", "red", "red"]
    (tile,) = free_score_preview(view, 0, "red")
    assert (tile.gained, tile.lost, tile.why_lost) == (1, 2, LOST_ABOVE_TARGET)


@pytest.mark.parametrize(("count", "ways"), [(2, 2), (3, 3), (4, 5)])
def test_equal_dice_offer_every_wild_split(count: int, ways: int) -> None:
    """Two equal dice: matched or one wild; three: also a wild of 3 or 2 + 1 matched;
    four: also 4, 3 + 1, 2 + 2 matched and two wilds of 2."""
    plan = DicePlan.start(["blue"] * count, [0] * 6)
    assert plan.groupable() == ["blue"]
    assert len(plan.split_choices("blue")) == ways
    texts = set()
    for index in range(ways):
        split = plan.with_split("blue", index)
        texts.add(split.move_text())
        assert sum(item.size for item in split.items) == count
        assert split.split_of("blue") == index
    assert len(texts) == ways
    assert all(item.kind == "wild" for item in plan.with_split("blue", ways - 1).items)
    with pytest.raises(ValueError):
        plan.with_split("blue", ways)
    with pytest.raises(ValueError):
        plan.with_split("red", 1)


def test_a_plan_is_never_changed_in_place() -> None:
    """Every change gives a new plan (a screen state holds plans)."""
    plan = DicePlan.start(["red", "red", "green"], [0, 1, 1, 1, 1, 1])
    wild = plan.with_split("red", 1).with_wild_colour(0, "blue")
    assert plan.move_text() == "red red green"
    assert wild.move_text() == "red+red=blue green"
    assert wild.moved(0, 1).move_text() == "green red+red=blue"
    assert wild.moved(1, 1) == wild  # nothing after the last item


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
            plan = DicePlan.start([d for d in view["dice"][seat] if d], view["rows"][seat])
            for symbol in plan.groupable():
                plan = plan.with_split(symbol, rng.randrange(len(plan.split_choices(symbol))))
            for index, item in enumerate(plan.items):
                if item.kind == "wild":
                    plan = plan.with_wild_colour(index, rng.choice(["red", "green", "yellow"]))
            if len(plan.items) > 1:
                plan = plan.moved(rng.randrange(len(plan.items) - 1), 1)
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


def test_a_gain_counts_its_lost_points() -> None:
    assert Gain("red", 5, 3).lost == 2
