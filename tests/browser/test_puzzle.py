"""The daily puzzle in the browser: opened from the start screen, answered, explained,
kept in local storage (solved count and streak), earlier puzzles listed; axe on it."""

from __future__ import annotations

import datetime

from playwright.sync_api import Page, expect

from engine.puzzles import puzzle_for
from tests.browser.a11y import assert_no_violations
from tests.browser.test_saves import stored
from web.coach.puzzle_model import PUZZLES_KEY, PuzzleState, puzzle_model


def test_the_daily_puzzle_is_solved_and_remembered(ready_page: Page) -> None:
    page = ready_page
    day = datetime.date.fromisoformat(
        page.evaluate(
            "(() => { const d = new Date(); return d.getFullYear() + '-' +"
            " String(d.getMonth() + 1).padStart(2, '0') + '-' +"
            " String(d.getDate()).padStart(2, '0'); })()"
        )
    )
    puzzle = puzzle_for(day)
    expected = puzzle_model(PuzzleState(day), day, {})
    page.get_by_role("button", name="Daily puzzle").click()
    dialog = page.locator("#puzzle")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#puzzle-title")).to_have_text(expected.title)
    expect(dialog.locator("#puzzle-check")).to_be_disabled()
    expect(dialog.locator("input[name=puzzle-answer]")).to_have_count(4)
    assert_no_violations(page, "the daily puzzle", "#puzzle")
    greedy = next(o.words for o in expected.options if o.move == puzzle["greedy"])
    dialog.get_by_label(greedy).check()
    dialog.get_by_role("button", name="Check my answer").click()
    expect(dialog.locator("#puzzle-result")).to_contain_text("Not this one.")
    best = next(o.words for o in expected.options if o.move == puzzle["best"])
    dialog.get_by_label(best).check()
    dialog.get_by_role("button", name="Check my answer").click()
    expect(dialog.locator("#puzzle-result")).to_contain_text("Solved!")
    solved = puzzle_model(PuzzleState(day, choice=puzzle["best"], checked=True), day, {})
    expect(dialog.locator("#puzzle-result")).to_contain_text(solved.result[-1])
    expect(dialog.locator("#puzzle-record")).to_have_text("Solved 1 puzzle; streak 1 day.")
    expect(dialog.locator("#puzzle-earlier button").first).to_contain_text("solved")
    page.mouse.move(0, 0)  # no hover colour on the button just clicked, once it has faded:
    page.wait_for_function(  # the accent colour (#b5541c) of a primary button at rest
        "getComputedStyle(document.getElementById('puzzle-check')).backgroundColor"
        " === 'rgb(181, 84, 28)'"
    )
    assert_no_violations(page, "the daily puzzle, answered", "#puzzle")
    dialog.locator("#puzzle-earlier button").nth(1).click()
    yesterday = puzzle_model(PuzzleState(day - datetime.timedelta(days=1)), day, {})
    expect(dialog.locator("#puzzle-title")).to_have_text(yesterday.title)
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_have_count(0)
    assert stored(page, PUZZLES_KEY)["solved"] == [day.isoformat()]
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    page.get_by_role("button", name="Daily puzzle").click()
    expect(page.locator("#puzzle-record")).to_have_text("Solved 1 puzzle; streak 1 day.")
