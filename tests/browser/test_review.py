"""The Review screen in the browser: opened from the game-over card and the replay
viewer, the analysis in the bot worker with progress, Stop, the costliest moves, the
chart's text, Try from here, and axe on the screen.

The finished game is prepared with the CPython engine and stored as the autosave before
the page starts; the page resumes it on its game-over card."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from engine import new_game
from engine.bots import make_bot
from engine.game import Game
from tests.browser.a11y import assert_no_violations
from tests.browser.test_saves import AUTOSAVE, Opener, record_text, seed_storage
from tests.reviewed_game import THROW_AT, thrown_game

# A whole review: 88-131 s beside the rest of `make test` (the target alone is 60 s).
REVIEW_DONE = 300_000


def finished_game() -> Game:
    """Ann (casual, once placing a tile that scores nothing) against Bob (strong)."""
    return thrown_game()


def open_finished(page: Page, server_url: str, open_ready: Opener) -> Game:
    game = finished_game()
    seed_storage(page, {AUTOSAVE: record_text(game, ["human", "strong"])})
    open_ready(page, server_url)
    expect(page.locator("#over-screen")).to_be_visible()
    return game


@pytest.mark.slow
def test_the_review_lists_the_costly_moves_and_tries_one_again(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Review from the game-over card: progress while the worker analyses Ann's moves, then
    the move that scored nothing first, two boards, the chart's text (one line per move and
    the end), no axe violations; Try from here starts a game from that position."""
    game = open_finished(page, server_url, open_ready)
    page.get_by_role("button", name="Review").click()
    review = page.locator("#review")
    expect(review).to_be_visible()
    ann_moves = sum(1 for e in game.log if e["seat"] == 0)
    expect(review.locator("#review-status")).to_have_text(
        f"Review complete: {ann_moves} moves analysed.", timeout=REVIEW_DONE
    )
    expect(review.locator("#review-progress")).to_have_attribute("value", str(ann_moves))
    thrown = next(i for i, e in enumerate(game.log) if i >= THROW_AT and e["seat"] == 0)
    worst = review.locator("#review-worst button")
    expect(worst.first).to_contain_text(f"Move {thrown + 1}, Ann")
    expect(review.locator("#review-all button")).to_have_count(ann_moves)
    expect(review.locator("#review-detail")).to_contain_text("scores nothing")
    expect(review.locator("#review-board-played")).to_be_visible()
    expect(review.locator("#review-board-better")).to_be_visible()
    expect(review.locator(".review-chart-text li")).to_have_count(ann_moves + 1)
    expect(review.locator(".review-chart-text li").last).to_contain_text("End: Ann")
    expect(review.locator("#review-stop")).to_be_disabled()
    assert_no_violations(page, "the Review screen", "#review")

    before = page.evaluate("window.ingenious.state()")
    review.get_by_role("button", name="Try from here").click()
    expect(review).to_have_count(0)
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#over-screen")).to_be_hidden()
    state = page.evaluate("window.ingenious.state()")
    assert state["start"]["moves"] == before["moves"][:thrown]
    assert state["start"]["seat"] == 0 and state["moves"] == []


@pytest.mark.slow
def test_stop_ends_the_review_and_keeps_what_arrived(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Stop after the first result: the status says how far it got, the list keeps it."""
    open_finished(page, server_url, open_ready)
    page.get_by_role("button", name="Review").click()
    review = page.locator("#review")
    expect(review.locator("#review-all button").first).to_be_visible(timeout=REVIEW_DONE)
    review.get_by_role("button", name="Stop").click()
    expect(review.locator("#review-status")).to_contain_text("Review stopped after")
    done = review.locator("#review-all button").count()
    assert done >= 1
    expect(review.locator("#review-status")).to_contain_text(f"after {done} of")
    review.get_by_role("button", name="Close").click()
    expect(review).to_have_count(0)


def test_the_replay_viewer_opens_the_review(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    open_finished(page, server_url, open_ready)
    page.locator("#over-replay").click()
    viewer = page.locator("#replay")
    expect(viewer).to_be_visible()
    viewer.get_by_role("button", name="Review").click()
    review = page.locator("#review")
    expect(review).to_be_visible()
    expect(review.locator("#review-status")).to_contain_text("Analysing move")
    review.get_by_role("button", name="Close").click()
    expect(review).to_have_count(0)


def test_a_resumed_game_shows_the_moves_since_the_last_turn(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """Reopened with Bob's reply not yet seen, Ann gets "Since your last turn": Bob's
    move in words, outlined on the board, every side's lowest colour; Got it closes it."""
    game = new_game("standard", 2, seed=3, names=["Ann", "Bob"])
    bots = [make_bot("casual", seed=1), make_bot("casual", seed=2)]
    while len(game.moves) < 4 or game.current != 0 or game.phase != "place":
        game.apply(bots[game.current].choose(game.view(game.current)))
    seed_storage(page, {AUTOSAVE: record_text(game, ["human", "strong"])})
    open_ready(page, server_url)
    welcome = page.locator("#welcome")
    expect(welcome).to_be_visible()
    last_ann = max(i for i, e in enumerate(game.log) if e["seat"] == 0)
    expect(welcome.locator("#welcome-moves li")).to_have_count(len(game.moves) - last_ann - 1)
    expect(welcome.locator("#welcome-moves li").first).to_contain_text("Bob: ")
    expect(welcome.locator("#welcome-standing")).to_contain_text("Lowest colours now: Ann ")
    marked = page.evaluate("window.ingenious.marked()")
    assert len(marked) >= 2
    assert_no_violations(page, "since your last turn", "#welcome")
    welcome.get_by_role("button", name="Got it").click()
    expect(welcome).to_be_hidden()
    assert page.evaluate("window.ingenious.marked()") == []
