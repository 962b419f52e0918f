"""The daily puzzle in the browser, on the game's board: it opens at its board (on a
phone too), is answered by a placement made with the keyboard or the mouse, cannot be
answered again once revealed, explains the move played against the best one (measured
in the bot worker, with progress), keeps the record (a back-dated solve counts, but not
for the streak) across a reload; axe on it. One page load and one reload."""

from __future__ import annotations

import datetime

from playwright.sync_api import Page, expect

from engine.coach.puzzles import answer_steps, position, puzzle_for
from tests.browser.a11y import assert_no_violations
from tests.browser.game_helpers import (
    anchor_and_partner,
    centre,
    place_with_mouse,
    rack_slot,
    start_game,
)
from tests.browser.test_saves import stored
from tests.browser.test_tutorial import key_path
from web.coach.puzzle_model import PUZZLES_KEY, PuzzleState, judge, puzzle_model

ONE = datetime.timedelta(days=1)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

#: Every text the measurement's progress line showed (the line may come and go quickly).
WATCH_PROGRESS_JS = """() => {
  window.puzzleProgress = [];
  const line = document.getElementById('puzzle-measure-text');
  new MutationObserver(() => window.puzzleProgress.push(line.textContent))
    .observe(line, {childList: true, characterData: true, subtree: true});
}"""


def page_day(page: Page) -> datetime.date:
    return datetime.date.fromisoformat(
        page.evaluate(
            "(() => { const d = new Date(); return d.getFullYear() + '-' +"
            " String(d.getMonth() + 1).padStart(2, '0') + '-' +"
            " String(d.getDate()).padStart(2, '0'); })()"
        )
    )


def as_shown(day: datetime.date, move: str) -> str:
    """A placement written as the page's board writes it (its legal move strings)."""
    game = position(puzzle_for(day))
    return next(m for m in game.legal_moves() if judge(puzzle_for(day), game, m)[0] == move)


def answer_with_keys(page: Page, move: str) -> None:
    """Pick the tile by its key, walk the cursor there with the arrows, turn it with R,
    answer with Enter."""
    page.focus("#board-canvas")
    colours = tuple(half.partition(":")[2] for half in move.split())
    slot, tile = rack_slot(page, colours)
    page.keyboard.press(str(slot + 1))
    anchor, _ = anchor_and_partner(move, tile[0])
    start = tuple(page.evaluate("window.ingenious.cursor()"))
    for key in key_path(start, anchor, 5):
        page.keyboard.press(key)
    for _ in range(6):
        if page.evaluate("window.ingenious.aim()") == move:
            break
        page.keyboard.press("r")
    assert page.evaluate("window.ingenious.aim()") == move
    page.keyboard.press("Enter")


def answer_with_mouse(page: Page, move: str) -> None:
    """Aim and click (the placement is shown), then click it again to answer."""
    place_with_mouse(page, move)
    status = page.locator("#status")
    expect(status).to_contain_text("click it again or press Place")
    colours = tuple(half.partition(":")[2] for half in move.split())
    _, tile = rack_slot(page, colours)
    x, y = centre(page, anchor_and_partner(move, tile[0])[0])
    page.mouse.click(x, y)


def test_the_daily_puzzle_is_played_on_the_board_and_remembered(ready_page: Page) -> None:
    page = ready_page
    today = page_day(page)
    puzzle = puzzle_for(today)
    expected = puzzle_model(PuzzleState(today), today, {})
    # A game of the player's own waits while the puzzle is on the board.
    start_game(page, seats=["human", "beginner"], seed=41)
    own = page.evaluate("window.ingenious.state()")
    page.click("#menu-button")
    # On a phone, the Daily puzzle button lies below the fold: the puzzle opens at its
    # board all the same, the task and the rack in the dock below it.
    page.emulate_media(reduced_motion="reduce")  # the faded best tile holds still: no frames
    page.set_viewport_size(PHONE)
    page.get_by_role("button", name="Daily puzzle").click()
    panel = page.locator("#puzzle")
    expect(panel).to_be_visible()
    expect(page.locator("#status")).to_have_text(expected.status)
    assert page.evaluate("window.scrollY") == 0
    board = page.locator("#board-canvas").bounding_box()
    assert board is not None and board["y"] >= 0 and board["height"] > 250
    assert board["y"] + board["height"] <= PHONE["height"]
    expect(page.locator(".rack-tile[data-slot]")).to_have_count(6)
    expect(page.locator("#hint-button")).to_be_hidden()
    # On its side, the rack and Place come first in the panel beside the board, in view.
    page.set_viewport_size({"width": PHONE["height"], "height": PHONE["width"]})
    expect(page.locator("#place-button")).to_be_in_viewport(ratio=1)
    expect(page.locator('.rack-tile[data-slot="5"]')).to_be_in_viewport(ratio=1)
    page.set_viewport_size(DESKTOP)
    expect(panel.locator("#puzzle-title")).to_have_text(expected.title)
    expect(page.locator("#scoreboard .score-card")).to_have_count(2)  # both sides' tracks
    assert_no_violations(page, "the daily puzzle", "#game")

    # Today's puzzle, answered with the keyboard: solved, then locked.
    answer_with_keys(page, as_shown(today, puzzle["best"]))
    result = panel.locator("#puzzle-result")
    expect(result).to_contain_text("Solved! That is the best placement.")
    expect(result).to_contain_text("Your placement, ")
    record = panel.locator("#puzzle-record")
    expect(record).to_have_text("Solved 1 puzzle; streak 1 day.")
    expect(page.locator(".rack-tile[data-slot]:not([disabled])")).to_have_count(0)
    expect(page.locator("#place-button")).to_be_disabled()
    page.focus("#board-canvas")
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    page.mouse.click(*centre(page, (0, 0)))
    page.mouse.click(*centre(page, (0, 0)))
    answer = stored(page, PUZZLES_KEY)["answers"][today.isoformat()]
    assert answer == {"move": puzzle["best"], "solved": True, "on": today.isoformat()}

    # Yesterday's, solved today with the mouse: it counts as solved, not for the streak.
    yesterday = today - ONE
    page.locator(f'[data-puzzle-day="{yesterday.isoformat()}"]').click()
    expect(panel.locator("#puzzle-note")).to_contain_text("A puzzle of an earlier day")
    # Chosen at the panel's end, it opens at its top: its title and task in view.
    assert page.evaluate("document.querySelector('#game .panel').scrollTop") == 0
    expect(panel.locator("#puzzle-title")).to_be_in_viewport()
    answer_with_mouse(page, as_shown(yesterday, puzzle_for(yesterday)["best"]))
    expect(result).to_contain_text("Solved!")
    expect(record).to_have_text("Solved 2 puzzles; streak 1 day.")

    # The day before, answered wrongly: measured in the worker with progress, the
    # explanation names the move played against the best one, as the engine says.
    before = today - 2 * ONE
    earlier = puzzle_for(before)
    game = position(earlier)
    wrong = next(
        m
        for m in game.legal_moves()
        if judge(earlier, game, m)[0] not in (*earlier["accepted"], earlier["greedy"])
    )
    page.locator(f'[data-puzzle-day="{before.isoformat()}"]').click()
    page.evaluate(WATCH_PROGRESS_JS)
    answer_with_mouse(page, wrong)
    expect(result).to_contain_text("Chance of winning after your placement", timeout=60_000)
    assert any(t.startswith("Measuring your placement") for t in page.evaluate("puzzleProgress"))
    kept = stored(page, PUZZLES_KEY)
    figures = list(answer_steps(earlier, wrong, step=64))[-1]["figures"]
    assert kept["answers"][before.isoformat()]["figures"] == {
        "played_win": figures["played_win"],
        "best_win": figures["best_win"],
    }
    shown = puzzle_model(PuzzleState(before), today, kept)
    assert shown.result[0].startswith("Not this one.")
    expect(result.locator("p")).to_have_text(list(shown.result))
    expect(page.locator("#status")).to_have_text(shown.status)
    page.mouse.move(0, 0)
    assert_no_violations(page, "the daily puzzle, answered", "#game")
    panel.get_by_role("button", name="Close").click()
    expect(page.locator("#start")).to_be_visible()
    expect(panel).to_be_hidden()
    expect(page.locator("#puzzle-days")).to_be_hidden()
    page.click("#continue-game")  # the player's own game is back, as it was
    expect(page.locator("#hint-button")).to_be_visible()
    assert page.evaluate("window.ingenious.state()") == own
    autosaved = stored(page)["game"]
    assert {k: autosaved[k] for k in own} == own  # the puzzle never touched the autosave

    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    page.get_by_role("button", name="Daily puzzle").click()
    expect(page.locator("#puzzle-record")).to_have_text("Solved 2 puzzles; streak 1 day.")
    expect(page.locator("#puzzle-result")).to_contain_text("Solved! That is the best placement.")
    expect(page.locator(".rack-tile[data-slot]:not([disabled])")).to_have_count(0)
