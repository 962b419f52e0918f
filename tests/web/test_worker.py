"""The bot worker answers a JSON view with a legal move string, at any asked level."""

import json
from typing import Any

import pytest

from engine import new_game
from engine.bots import BOT_LEVELS, make_browser_bot
from engine.bots.base import Bot
from web.shell import worker
from web.shell.worker import available_level, choose


def test_every_level_the_menu_offers_maps_to_a_bot_the_engine_has() -> None:
    """Levels land in stages: a level the engine lacks falls back to its strongest one."""
    for level in ("beginner", "casual", "strong", "expert"):
        assert available_level(level) in BOT_LEVELS
    assert available_level("beginner") == "beginner"


def test_choose_returns_a_legal_move_from_a_json_view() -> None:
    game = new_game("standard", players=2, seed=4)
    move = choose(json.dumps(game.view(0)), "casual", 7, 100)
    assert isinstance(move, str) and move in game.legal_moves()


def test_the_page_bots_think_no_longer_than_their_budget_on_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In the browser a level's budget is also its ceiling on the clock (strong 1 s, expert
    2 s), so a slow device still gets its move in time."""
    made: list[dict[str, Any]] = []

    def spy(level: str, **kwargs: Any) -> Bot:
        bot = make_browser_bot(level, **kwargs)
        made.append({"level": level, **kwargs, "time_limit_ms": bot.time_limit_ms})
        return bot

    monkeypatch.setattr(worker, "make_browser_bot", spy)
    game = new_game("standard", players=2, seed=4)
    view = json.dumps(game.view(0))
    choose(view, "strong", 1, 5)
    choose(view, "expert", 1)
    assert made[0]["time_limit_ms"] == 5
    assert made[1]["budget_ms"] is None
    assert made[1]["time_limit_ms"] == BOT_LEVELS["expert"].default_budget_ms == 2000


def test_the_worker_hints_with_a_reason_and_reviews_one_move_per_call() -> None:
    """`hint` answers a legal move and its reason; `review_start` counts the moves to
    review, each `review_next` answers one, "" when done; a review resumed after a move
    starts at the next; `review_stop` ends it early."""
    game = new_game("standard", players=2, seed=4)
    for _ in range(3):
        game.apply(choose(json.dumps(game.view(game.current)), "casual", 1))
    answer = json.loads(worker.hint(json.dumps(game.view(game.current)), 3, "casual"))
    assert answer["move"] in game.legal_moves() and answer["reason"]
    started = json.loads(worker.review_start(json.dumps(game.to_save()), "[0]"))
    assert started["total"] == 2 and set(started["settings"]) == {"worlds", "width", "seed"}
    first = json.loads(worker.review_next())
    assert first["index"] == 0 and first["played"] == game.moves[0]
    assert json.loads(worker.review_next())["index"] == 2
    assert worker.review_next() == ""
    worker.review_start(json.dumps(game.to_save()), "[0]", 1)  # resumed after one move
    assert json.loads(worker.review_next())["index"] == 2
    worker.review_start(json.dumps(game.to_save()), "null")
    assert worker.review_stop() == "stopped" and worker.review_next() == ""


def test_the_worker_finds_a_games_plans_costed_by_the_chart() -> None:
    """`review_plans` answers the plans of the seats asked for, as the engine finds them,
    each with its cost from the chances given (move index -> chance per seat)."""
    from engine.coach.lesson_plans import plans

    game = new_game("standard", players=2, seed=4)
    while not game.over:
        game.apply(choose(json.dumps(game.view(game.current)), "casual", 1))
    save = game.to_save()
    chances = {str(i): [0.5, 0.5] for i in range(len(game.moves))}
    answer = json.loads(worker.review_plans(json.dumps(save), "[0]", json.dumps(chances)))
    expected = plans(save, [0], {int(k): v for k, v in chances.items()})
    assert answer == expected
    assert all(p["seat"] == 0 and p["win_start"] == 0.5 for p in answer)
    assert json.loads(worker.review_plans(json.dumps(save), "null", "{}")) == plans(save)


def test_the_worker_measures_a_puzzle_answer_a_few_worlds_per_call() -> None:
    """`puzzle_start` answers the number of sampled games; each `puzzle_next` reports the
    progress, the last one the figures (the best placement's as the puzzle states them);
    then "" ; `puzzle_stop` ends a measurement early."""
    import datetime

    from engine.coach.puzzles import STEP, WORLDS, puzzle_for

    puzzle = puzzle_for(datetime.date(2026, 11, 26))
    data = json.dumps(puzzle)
    assert json.loads(worker.puzzle_start(data, puzzle["greedy"])) == {"total": WORLDS}
    steps = []
    while text := worker.puzzle_next():
        steps.append(json.loads(text))
    assert [s["done"] for s in steps] == list(range(STEP, WORLDS + 1, STEP))
    figures = steps[-1]["figures"]
    assert (figures["best_win"], figures["played_win"]) == (
        puzzle["best_win"],
        puzzle["greedy_win"],
    )
    worker.puzzle_start(data, puzzle["best"])
    assert json.loads(worker.puzzle_next())["done"] == STEP
    assert worker.puzzle_stop() == "stopped" and worker.puzzle_next() == ""


def test_a_stored_review_resumes_with_the_settings_it_was_made_with() -> None:
    """`review_start` with a stored review's settings judges the next moves exactly as
    `engine.coach.review.Review` with those settings, and says which it used."""
    from engine.coach.review import Review

    game = new_game("standard", players=2, seed=4)
    for _ in range(4):
        game.apply(choose(json.dumps(game.view(game.current)), "casual", 1))
    settings = {"worlds": 3, "width": 2, "seed": 7}
    answer = worker.review_start(json.dumps(game.to_save()), "null", 2, json.dumps(settings))
    assert json.loads(answer) == {"total": 4, "settings": settings}
    expected = [m.to_json() for m in Review(game.to_save(), **settings).moves(skip=2)]
    assert [json.loads(worker.review_next()) for _ in expected] == expected
    assert worker.review_next() == ""
