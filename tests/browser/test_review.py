"""The Review screen in the browser: a review kept with its game reopens at once, steps
through the moves on the full board, survives a reload and an export/import, and Try from
here starts a game beside the finished one; a fresh review shows progress at once, stops,
is kept and resumes; "since your last turn" on resume; axe on each.

The finished game is prepared with the CPython engine and stored as the autosave before
the page starts (the page resumes it on its game-over card); the kept review is made by
the CPython engine too, with settings of its own (fewer sampled worlds, recorded with it),
so that most checks need no analysis in the page at all."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from engine import new_game
from engine.bots import make_bot
from engine.coach.review import Review, game_plans
from engine.rules.game import Game
from tests.browser.a11y import assert_no_violations
from tests.browser.test_saves import AUTOSAVE, Opener, record_text, seed_storage, stored
from tests.reviewed_game import thrown_game
from web.coach.review_chart import chart_model
from web.coach.review_model import move_review
from web.coach.review_words import lesson_words
from web.saves import share
from web.store.kept import FINISHED_KIND, finished_key
from web.store.records import Record, UiState
from web.store.reviews import review_data

# The settings of the kept review: 6 s of CPython, and it finds the thrown placement.
KEPT_SETTINGS = {"worlds": 32, "width": 2, "seed": 1}
SEATS = ["human", "strong"]
# A fresh move's analysis in the page's worker: a few seconds, far more beside other jobs.
FIRST_RESULT = 180_000


@cache
def kept_review() -> dict[str, Any]:
    """Ann's moves of the crafted game, reviewed by the CPython engine, as stored."""
    review = Review(thrown_game().to_save(), seats=[0], **KEPT_SETTINGS)
    results = [m.to_json() for m in review.run()]
    assert any(r["mistake"] for r in results), "the kept review must flag a mistake"
    return review_data(KEPT_SETTINGS, [0], review.total, results, True)


@cache
def kept_plans() -> tuple[dict[str, Any], ...]:
    """The plans the engine finds in the kept review (the screen asks the worker for them)."""
    results = [move_review(r) for r in kept_review()["results"]]
    return tuple(game_plans(thrown_game().to_save(), [0], results))


def finished_text(game: Game, review: dict[str, Any] | None) -> str:
    record = Record(FINISHED_KIND, game, SEATS, UiState(), game_id="gtest", saved_at=1.7e12)
    record.review = review
    return json.dumps(record.to_json())


def open_finished(page: Page, server_url: str, open_ready: Opener, kept: bool) -> Game:
    """The crafted game on its game-over card; with ``kept``, also kept as a finished game
    with its review."""
    game = thrown_game()
    items = {AUTOSAVE: record_text(game, SEATS)}
    if kept:
        items[finished_key(game)] = finished_text(game, kept_review())
    seed_storage(page, items)
    open_ready(page, server_url)
    expect(page.locator("#over-screen")).to_be_visible()
    return game


def expect_complete(page: Page, total: int) -> Any:
    """The Review screen with its whole review, shown at once (no analysis)."""
    review = page.locator("#review")
    expect(review).to_be_visible()
    expect(review.locator("#review-status")).to_have_text(
        f"Review complete: {total} moves analysed."
    )
    expect(review.locator("#review-progress")).to_have_attribute("value", str(total))
    expect(review.locator("#review-all button")).to_have_count(total)
    return review


def test_a_kept_review_reopens_at_once_and_survives_reload_export_and_import(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """A finished game's kept review opens complete from the game-over card: the costliest
    move on the full board with the move played in place, the better one with B (and its
    button), ←/→ step, the chart's mistake marks open their move (click and keyboard),
    its text has a line per move and the end; no axe violations. Try from here starts a
    game beside the finished one: the finished game is listed with its review, exported
    with it, reopened at once after a reload, and an imported copy joins Finished games
    with its review, which opens at once from the replay viewer."""
    game = open_finished(page, server_url, open_ready, kept=True)
    data = kept_review()
    results = data["results"]
    total = len(results)
    page.get_by_role("button", name="Review").click()
    review = expect_complete(page, total)
    worst = max(results, key=lambda r: (r["cost"], -r["index"]))
    step = review.locator("#review-step-title")
    expect(step).to_have_text(f"Move {worst['index'] + 1}, Ann")
    played, better = review.locator("#review-show-played"), review.locator("#review-show-better")
    expect(played).to_have_attribute("aria-pressed", "true")
    board = review.locator("#review-board")
    number = worst["index"] + 1
    expect(board).to_have_attribute(
        "aria-label",
        re.compile(f"^The board before move {number}, with the move played in place: "),
    )
    assert board.bounding_box()["width"] >= 400  # type: ignore[index]
    # Why, in the game's own terms: the lesson the CPython model gives for that move.
    expect(review.locator(".review-lesson")).to_have_text(lesson_words(move_review(worst)))
    page.keyboard.press("b")
    expect(better).to_have_attribute("aria-pressed", "true")
    expect(board).to_have_attribute(
        "aria-label",
        re.compile(f"^The board before move {number}, with the better move in place: "),
    )
    expect(review.locator("#review-scores h4")).to_have_text("Scores after the better move")
    played.click()
    expect(played).to_have_attribute("aria-pressed", "true")
    indices = [r["index"] for r in results]
    page.keyboard.press("ArrowRight")
    following = indices[indices.index(worst["index"]) + 1]
    expect(step).to_have_text(f"Move {following + 1}, Ann")
    marks = review.locator("g.review-mark")
    mistakes = [r["index"] for r in results if r["mistake"]]
    expect(marks).to_have_count(len(mistakes))
    marks.first.click()
    expect(step).to_have_text(f"Move {mistakes[0] + 1}, Ann")
    # The keys go on stepping right after a click on a mark (the redrawn chart keeps the
    # focus): End, then ← to the move before the last.
    page.keyboard.press("End")
    expect(step).to_have_text(f"Move {indices[-1] + 1}, Ann")
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_text(f"Move {indices[-2] + 1}, Ann")
    marks.last.focus()
    page.keyboard.press("Enter")
    expect(step).to_have_text(f"Move {mistakes[-1] + 1}, Ann")
    # The chart's text: a line per move, the end, then the plans the engine finds.
    chart = chart_model([move_review(r) for r in results], game, True, None, kept_plans())
    assert len(chart.text) == total + 1 + len(kept_plans())
    assert chart.text[total].startswith("End: Ann")
    expect(review.locator(".review-chart-text li")).to_have_text(list(chart.text))
    expect(review.locator("#review-stop")).to_be_hidden()
    assert_no_violations(page, "the Review screen", "#review")

    before = page.evaluate("window.ingenious.state()")
    review.get_by_role("button", name="Try from here").click()
    expect(review).to_have_count(0)
    expect(page.locator("#game")).to_be_visible()
    tried = page.evaluate("window.ingenious.state()")
    assert tried["start"]["moves"] == before["moves"][: mistakes[-1]] and tried["moves"] == []
    kept = stored(page, finished_key(game))
    assert kept["game"]["moves"] == game.moves and kept["review"] == data

    page.click("#menu-button")
    entry = page.locator("#finished-list .finished-entry")
    expect(entry).to_have_count(1)
    expect(entry.locator(".save-meta")).to_contain_text("reviewed")
    with page.expect_download() as download:
        entry.get_by_role("button", name="Export: Ann, Bob (strong bot)").click()
    exported = Path(download.value.path()).read_text()
    assert share.parse_shared(exported).review == data

    page.reload()  # on the start screen (☰ Menu was the last), the tried game to continue
    page.wait_for_selector("body[data-ready]")
    assert stored(page, AUTOSAVE)["game"]["start"]["moves"] == tried["start"]["moves"]
    entry.get_by_role("button", name="Review: Ann, Bob (strong bot)").click()
    review = expect_complete(page, total)
    review.get_by_role("button", name="Close").click()

    entry.get_by_role("button", name="Delete: Ann, Bob (strong bot)").click()
    expect(entry).to_have_count(0)
    file = {"name": "reviewed.json", "mimeType": "application/json", "buffer": exported.encode()}
    page.set_input_files("#import-file", files=[file])  # type: ignore[list-item]
    expect(entry).to_have_count(1)  # an imported finished game joins Finished games
    expect(entry.locator(".save-meta")).to_contain_text("reviewed")
    entry.get_by_role("button", name="Replay: Ann, Bob (strong bot)").click()
    page.locator("#replay").get_by_role("button", name="Review").click()
    expect_complete(page, total).get_by_role("button", name="Close").click()


# The Review dialog's scroll and the boxes of its board and its chart, in CSS pixels.
REVIEW_BOXES_JS = """() => {
  const box = (id) => { const r = document.getElementById(id).getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; };
  return {scrolled: document.getElementById('review').scrollTop, board: box('review-board'),
          chart: box('review-chart'), worst: box('review-worst'), words: box('review-words'),
          keys: box('review-keys')}; }"""


def test_the_review_opens_with_its_board_in_view_on_a_desktop_and_a_phone_either_way(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """At 1280x800, a phone on its side (844x390) and upright (390x844): the Review opens
    at its top with the whole board of the move shown in view; upright, the chart comes
    right under that board, before the move's words and the lists of moves."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_finished(page, server_url, open_ready, kept=True)
    page.get_by_role("button", name="Review").click()
    expect_complete(page, len(kept_review()["results"]))
    for width, height in ((1280, 800), (844, 390), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        boxes = page.evaluate(REVIEW_BOXES_JS)
        left, top, right, bottom = boxes["board"]
        assert boxes["scrolled"] == 0, (width, height, boxes)
        assert left >= 0 and top >= 0, (width, boxes)
        assert right <= width and bottom <= height, (width, boxes)
        assert bottom - top >= 250, (width, boxes)  # a board to read, not a thumbnail
    assert boxes["chart"][1] < boxes["worst"][1], boxes
    # the chart starts under the board's key line, and the move's words under the chart
    assert 0 <= boxes["chart"][1] - boxes["keys"][3] < 80, boxes
    assert boxes["words"][1] >= boxes["chart"][3], boxes
    assert_no_violations(page, "the Review screen upright on a phone", "#review")


@pytest.mark.slow
def test_a_fresh_review_shows_progress_at_once_stops_is_kept_and_resumes(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    """From the first moment the screen says what it does and its bar moves (no value);
    Stop after the first result says how far it got; the review is kept with the game
    (kept as a finished game on the way), and reopening it shows what was done and goes
    on with the next move."""
    game = open_finished(page, server_url, open_ready, kept=False)
    page.get_by_role("button", name="Review").click()
    review = page.locator("#review")
    expect(review.locator("#review-status")).to_have_text(
        re.compile("^(Starting the analysis…|Analysing move 1 of .*)$")
    )
    bar = review.locator("#review-progress")
    assert bar.get_attribute("value") is None  # indeterminate: moving, no value
    expect(review.locator("#review-all button").first).to_be_visible(timeout=FIRST_RESULT)
    review.get_by_role("button", name="Stop").click()
    expect(review.locator("#review-status")).to_contain_text("Review stopped after")
    done = review.locator("#review-all button").count()
    ann_moves = sum(1 for e in game.log if e["seat"] == 0)
    expect(review.locator("#review-status")).to_have_text(
        f"Review stopped after {done} of {ann_moves} moves."
    )
    kept = stored(page, finished_key(game))
    assert len(kept["review"]["results"]) == done and not kept["review"]["complete"]
    review.get_by_role("button", name="Close").click()
    expect(review).to_have_count(0)
    page.get_by_role("button", name="Review").click()
    expect(review.locator("#review-all button")).to_have_count(done)
    expect(review.locator("#review-status")).to_have_text(
        f"Analysing move {done + 1} of {ann_moves}…"
    )
    expect(review.locator("#review-all button")).to_have_count(done + 1, timeout=FIRST_RESULT)
    review.get_by_role("button", name="Close").click()
    assert len(stored(page, finished_key(game))["review"]["results"]) >= done + 1


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
