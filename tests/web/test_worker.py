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


def test_a_stored_review_resumes_with_the_settings_it_was_made_with() -> None:
    """`review_start` with a stored review's settings judges the next moves exactly as
    `engine.review.Review` with those settings, and says which it used."""
    from engine.review import Review

    game = new_game("standard", players=2, seed=4)
    for _ in range(4):
        game.apply(choose(json.dumps(game.view(game.current)), "casual", 1))
    settings = {"worlds": 3, "width": 2, "seed": 7}
    answer = worker.review_start(json.dumps(game.to_save()), "null", 2, json.dumps(settings))
    assert json.loads(answer) == {"total": 4, "settings": settings}
    expected = [m.to_json() for m in Review(game.to_save(), **settings).moves(skip=2)]
    assert [json.loads(worker.review_next()) for _ in expected] == expected
    assert worker.review_next() == ""
