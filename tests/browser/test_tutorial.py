"""The guided tutorial can be completed with the keyboard only, and the rules page draws
its diagrams. The moves are found by the CPython engine (web.teach.tutorial.solutions), then
typed in: Tab and Enter for buttons, digits for tiles, arrows, R and Enter on the board.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from playwright.sync_api import Page, expect

from web.board.hexgrid import DIRECTIONS, Cell
from web.board.placing import parse_placement, step_cursor
from web.teach.tutorial import LESSONS, solutions

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")


def key_path(start: Cell, goal: Cell, radius: int) -> list[str]:
    """The arrow keys that walk the board cursor from start to goal (breadth first)."""
    seen: dict[Cell, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            return seen[cell]
        for key in ARROWS:
            nxt = step_cursor(cell, key, radius)
            if nxt not in seen:
                seen[nxt] = seen[cell] + [key]
                queue.append(nxt)
    raise AssertionError(f"no key path from {start} to {goal}")


def active_id(page: Page) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


def tutorial_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("window.ingenious.tutorial()")
    return state


def type_placement(page: Page, move: str) -> None:
    halves = parse_placement(move)
    assert halves is not None
    state = tutorial_state(page)
    colours = sorted(h[1] for h in halves)
    slot = next(i for i, t in enumerate(state["rack"]) if sorted(t) == colours)
    page.keyboard.press(str(slot + 1))
    first = tutorial_state(page)["rack"][slot][0]
    (a, ca), (b, _) = halves if halves[0][1] == first else (halves[1], halves[0])
    assert ca == first
    for key in key_path(tuple(state["cursor"]), a, 5):
        page.keyboard.press(key)
    want = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
    for _ in range((want - tutorial_state(page)["direction"]) % 6):
        page.keyboard.press("r")
    aimed = tutorial_state(page)
    assert tuple(aimed["cursor"]) == a and aimed["direction"] == want
    page.keyboard.press("Enter")


def test_the_tutorial_can_be_completed_with_the_keyboard_only(ready_page: Page) -> None:
    """Every lesson's goal is reached by keys alone, the engine judges each one, and the
    last lesson leads to the 'complete' page."""
    page = ready_page
    for _ in range(60):
        if active_id(page) == "open-tutorial":
            break
        page.keyboard.press("Tab")
    assert active_id(page) == "open-tutorial"
    page.keyboard.press("Enter")
    expect(page.locator("#tut-title")).to_have_text(LESSONS[0].title)
    for index, lesson in enumerate(LESSONS):
        state = tutorial_state(page)
        assert state["lesson"] == lesson.key and state["verdict"] == ""
        expect(page.locator("#tut-goal")).to_have_text(lesson.goal)
        solution = solutions(lesson)[0]
        for move in solution:
            if move in ("swap", "pass"):
                assert active_id(page) == "tut-swap"
                page.keyboard.press("Enter")
            else:
                type_placement(page, move)
        assert tutorial_state(page)["verdict"] == "done", page.inner_text("#tut-feedback")
        assert active_id(page) == "tut-next"
        page.keyboard.press("Enter")
        if index + 1 < len(LESSONS):
            expect(page.locator("#tut-title")).to_have_text(LESSONS[index + 1].title)
    expect(page.locator("#tut-finished")).to_be_visible()
    # The last screen offers a first game against a beginner bot (focused: Enter starts it).
    expect(page.locator("#tut-play")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#guide-screen")).to_be_hidden()
    game = page.evaluate("window.ingenious.state()")
    assert (game["variant"], game["names"]) == ("standard", ["Player 1", "Beginner bot 2"])


def test_a_missed_goal_says_why_and_the_lesson_can_be_retried(ready_page: Page) -> None:
    """A placement that misses the goal is judged by the engine ('retry'), the board shows
    it, and 'Try again' (focused, so Enter works) restores the lesson."""
    page = ready_page
    page.click("#open-tutorial")
    lesson = LESSONS[0]
    good = {m for s in solutions(lesson) for m in s}
    state = tutorial_state(page)
    start_board = state["position"]
    # A legal first placement next to the printed green disc scores no blue.
    miss = "4,-5:red 4,-4:blue"
    assert miss not in good
    type_placement(page, miss)
    assert tutorial_state(page)["verdict"] == "retry"
    expect(page.locator("#tut-feedback")).to_contain_text("no points")
    assert active_id(page) == "tut-retry"
    page.keyboard.press("Enter")
    assert tutorial_state(page)["position"] == start_board
    # Far from any printed symbol: the engine's first-placement rule refuses it.
    type_placement(page, "0,0:red 1,0:blue")
    expect(page.locator("#tut-feedback")).to_contain_text("first placement")
    assert tutorial_state(page)["verdict"] == ""


def test_the_rules_page_draws_its_diagrams(ready_page: Page) -> None:
    """The rules page is our text with board diagrams drawn on canvases by the renderer,
    and it covers the solo, team and duel games."""
    page = ready_page
    # Reopening the tutorial starts afresh: one key moves the cursor one cell, not twice.
    page.click("#open-tutorial")
    page.keyboard.press("Escape")
    page.click("#open-tutorial")
    assert tutorial_state(page)["listeners"] == 1
    start = tutorial_state(page)["cursor"]
    page.locator("#tut-board").focus()
    page.keyboard.press("ArrowRight")
    assert tutorial_state(page)["cursor"] == [start[0] + 1, start[1]]
    page.keyboard.press("Escape")
    page.click("#open-rules")
    page.keyboard.press("ArrowDown")  # no stale tutorial listener may react (console guard)
    body = page.locator("#guide-body")
    for heading in ("Solo", "Team", "Duel", "Scoring", "End of the game"):
        expect(body.locator("h3", has_text=heading)).to_be_visible()
    canvases = body.locator("canvas.diagram")
    assert canvases.count() >= 5
    painted = page.evaluate(
        """() => [...document.querySelectorAll('canvas.diagram')].map(c => {
              const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
              const seen = new Set();
              for (let i = 0; i < d.length; i += 388)
                seen.add(d[i] + ',' + d[i+1] + ',' + d[i+2]);
              return c.width > 100 && seen.size > 5; })"""
    )
    assert all(painted), painted
