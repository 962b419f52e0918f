"""The start screen before Python is ready (web/scripts/start-form.js, docs/web.md).

The runtime's files are held back with Playwright routing, so these tests act on the page
while Python provably cannot run; then they release the runtime and check that Python
took over what was done: the choices, a Start or Continue clicked meanwhile, the stored
summary under the same site-scoped key.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, Route, expect

from web.store.storage import site_root, site_tag

READY = 'body[data-ready="1"]'
RUNTIME = "**/runtime/pyodide/**"
PROGRESS = "Starting… loading the game engine"


class Held:
    """The runtime's requests, held until `release` (then every later one goes through)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        self.released = False
        page.route(RUNTIME, self.hold)

    def hold(self, route: Route) -> None:
        if self.released:
            route.fallback()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.fallback()
        self.routes.clear()


@pytest.fixture
def held(page: Page) -> Iterator[Held]:
    holder = Held(page)
    yield holder
    holder.release()


def open_held(page: Page, url: str, held: Held) -> None:
    page.goto(url, wait_until="domcontentloaded")
    expect(page.locator("#start")).to_be_visible()
    page.wait_for_function("() => window.ingeniousStart !== undefined")
    # The runtime was asked for and is held: Python cannot be running.
    page.wait_for_timeout(0)
    assert page.locator(READY).count() == 0


def test_form_used_before_python_starts_that_game_once_python_is_ready(
    page: Page, server_url: str, held: Held
) -> None:
    """Choices made and Start clicked while the runtime cannot load are kept: progress is
    shown, and the game that starts once Python is ready is the one chosen."""
    open_held(page, server_url + "?speed=instant", held)
    page.check('input[name="variant"][value="duel"]')
    expect(page.locator("#players-row")).to_be_hidden()
    page.fill("#seat-name-0", "Ada")
    page.select_option("#seat-kind-1", "strong")
    page.fill("#seed", "12345")
    page.click("#start-game")
    expect(page.locator("#start-progress")).to_have_text(PROGRESS)
    expect(page.locator("#start-game")).to_be_enabled()
    page.wait_for_function("() => window.ingeniousStart.choices.pending === 'board'")
    assert page.locator(READY).count() == 0
    assert held.routes, "the runtime was never asked for"
    held.release()
    expect(page.locator("#game")).to_be_visible(timeout=90_000)
    page.wait_for_selector(READY, state="attached")
    state = page.evaluate("window.ingenious.state()")
    assert state["variant"] == "duel"
    assert state["names"] == ["Ada", "Strong bot 2"]
    assert state["seed"] == 12345


def test_choices_without_start_stay_on_the_form_python_draws(
    page: Page, server_url: str, held: Held
) -> None:
    """Choices made before Python, without Start, are still on the form after Python took
    it over, and the form then works from Python (a team game shows team seat labels).
    Python's arrival moves nothing on the first visit: the title's symbols are there
    before it, Continue is hidden both times (nothing to continue) and the Play on card
    keeps its size (room was kept for the Daily puzzle). After ☰ Menu from a challenge
    the start screen shows from its top, with the challenge's kind still on the card."""
    open_held(page, server_url, held)
    expect(page.locator("#brand-symbols svg")).to_have_count(6)
    expect(page.locator("#continue-game")).to_be_hidden()
    card = "document.querySelector('#more-title').parentElement.getBoundingClientRect().height"
    before = page.evaluate(card)
    page.select_option("#players", "3")
    page.fill("#seat-name-2", "Cy")
    page.check('input[name="ch-kind"][value="dice"]')
    expect(page.locator("#ch-start-rule-row")).to_be_visible()
    page.select_option("#ch-players", "3")
    page.fill("#ch-seat-name-2", "Dee")
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert page.evaluate("window.ingeniousStart.taken()")
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#open-puzzle")).to_be_visible()
    expect(page.locator("#continue-game")).to_be_hidden()
    assert page.evaluate(card) == pytest.approx(before, abs=1)
    expect(page.locator("#players")).to_have_value("3")
    expect(page.locator("#seat-name-2")).to_have_value("Cy")
    expect(page.locator('input[name="ch-kind"][value="dice"]')).to_be_checked()
    expect(page.locator("#ch-seat-name-2")).to_have_value("Dee")
    page.check('input[name="variant"][value="team"]')
    expect(page.locator("#open-row")).to_be_visible()
    expect(page.locator("#seats .seat-no").first).to_have_text("Team A")
    page.check('input[name="ch-kind"][value="tiles"]')
    page.click("#ch-start")
    expect(page.locator("#challenge-screen")).to_be_visible()
    state = page.evaluate("window.ingeniousChallenges.state()")
    assert "Dee" in str(state)
    page.wait_for_function("!window.ingeniousChallenges.busy()")
    page.click("#ch-menu")
    expect(page.locator("#start")).to_be_visible()
    assert page.evaluate("window.scrollY") == 0
    expect(page.locator('input[name="ch-kind"][value="tiles"]')).to_be_checked()


def test_challenge_started_before_python_starts_once_ready(
    page: Page, server_url: str, held: Held
) -> None:
    """Start challenge clicked before Python: progress, then that challenge."""
    open_held(page, server_url + "?speed=instant", held)
    page.check('input[name="ch-kind"][value="tiles"]')
    page.fill("#ch-seat-name-0", "Bea")
    page.click("#ch-start")
    expect(page.locator("#ch-start-progress")).to_have_text(PROGRESS)
    held.release()
    expect(page.locator("#challenge-screen")).to_be_visible(timeout=90_000)
    state = page.evaluate("window.ingeniousChallenges.state()")
    assert "Bea" in str(state)
    assert "tiles" in str(state)


def test_continue_shows_the_stored_summary_before_python_and_continues_once_ready(
    page: Page, server_url: str, held: Held
) -> None:
    """The game stores a summary beside its autosave; a reload shows it under Continue
    before Python runs (same site-scoped key in JS and Python), and Continue clicked then
    resumes that game once Python is ready."""
    held.release()  # first visit: the whole game
    page.goto(server_url + "?speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-kind-1", "beginner")
    page.click("#start-game")
    expect(page.locator("#game")).to_be_visible()
    page.wait_for_function("() => !window.ingenious.busy()")
    page.click("#menu-button")
    expect(page.locator("#start")).to_be_visible()
    said = page.locator("#continue-info").text_content()
    assert said and said.startswith("Standard game: Ann, Beginner bot 2 — ")
    assert "lowest: Ann 0, Beginner bot 2 0." in said

    again = Held(page)
    try:
        page.reload(wait_until="domcontentloaded")
        page.wait_for_function("() => window.ingeniousStart !== undefined")
        assert page.locator(READY).count() == 0
        expect(page.locator("#continue-game")).to_be_enabled()
        expect(page.locator("#continue-info")).to_have_text(said)
        page.click("#continue-game")
        expect(page.locator("#continue-progress")).to_have_text(PROGRESS)
        again.release()
        expect(page.locator("#game")).to_be_visible(timeout=90_000)
        assert page.evaluate("window.ingenious.state().names") == ["Ann", "Beginner bot 2"]
    finally:
        again.release()


def test_rules_dialog_before_python(page: Page, server_url: str, held: Held) -> None:
    """Rules opens a native modal dialog with the rules text before Python runs: focus
    inside, Escape closes it, focus returns to the Rules button."""
    open_held(page, server_url, held)
    page.focus("#open-rules")
    page.keyboard.press("Enter")
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.getElementById('rules-dialog').open")
    assert page.evaluate("document.getElementById('rules-dialog').contains(document.activeElement)")
    expect(page.locator("#rules-dialog-body #r-goal")).to_have_text("Goal")
    expect(page.locator("#rules-dialog-body")).to_contain_text("weakest colour")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "open-rules"
    assert page.locator(READY).count() == 0
    # A closed dialog keeps no copy: the section ids belong to the rules page Python shows.
    expect(page.locator("#rules-dialog-body #r-goal")).to_have_count(0)  # emptied on "close"


@pytest.mark.parametrize(
    "pathname",
    [
        "/",
        "/index.html",
        "/games/ingenious/",
        "/a/b/embed.html",
        "/%C3%A9t%C3%A9/",
        "/%c3%a9t%c3%a9/",
        "/%61/",
        "/a//index.html",
        "/%7e%2F/",
    ],
)
def test_the_pages_storage_tag_is_the_one_python_computes(
    page: Page, server_url: str, held: Held, pathname: str
) -> None:
    """web/scripts/start-form.js and web.store.storage agree on a folder's one spelling and its tag
    (FNV-1a of its path), so the summary the game stores is found before Python runs."""
    open_held(page, server_url, held)
    root = site_root(pathname)
    assert page.evaluate("p => window.ingeniousStart.siteRoot(p)", pathname) == root
    assert page.evaluate("root => window.ingeniousStart.siteTag(root)", root) == site_tag(root)
    key = page.evaluate(
        "p => window.ingeniousStart.siteKey('ingenious.autosave-summary', p)", pathname
    )
    assert key == f"ingenious@{site_tag(root)}.autosave-summary"


def test_the_level_list_marks_the_figures_of_the_table_chosen(
    page: Page, server_url: str, held: Held
) -> None:
    """The bot levels' figures are per table; the list shows and marks only those of the
    table the form has chosen, before Python (the page's script) and after (Python's
    form), as the choice changes."""
    open_held(page, server_url, held)
    page.click(".level-help summary")
    marked = "#level-help li[data-table]"

    def shown_tables() -> list[str]:
        """The tables of the lines shown, each checked to be marked (its bar drawn)."""
        return page.evaluate(
            f"""() => [...document.querySelectorAll('{marked}')]
                 .filter(li => li.checkVisibility())
                 .map(li => getComputedStyle(li).borderLeftColor !== 'rgba(0, 0, 0, 0)'
                      ? li.dataset.table : '')"""
        )

    assert set(shown_tables()) == {"2p"}  # the default: two players
    page.select_option("#players", "4")
    expect(page.locator("#level-help")).to_have_attribute("data-table", "4p")
    assert set(shown_tables()) == {"4p"}
    page.check('input[name="variant"][value="team"]')
    page.check("#open-play")  # the team game with open racks has figures of its own
    expect(page.locator("#level-help")).to_have_attribute("data-table", "team-open")
    assert set(shown_tables()) == {"team-open"}
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    expect(page.locator("#level-help")).to_have_attribute("data-table", "team-open")
    page.uncheck("#open-play")
    expect(page.locator("#level-help")).to_have_attribute("data-table", "team")
    assert set(shown_tables()) == {"team"}
    page.check('input[name="variant"][value="standard"]')
    expect(page.locator("#level-help")).to_have_attribute("data-table", "4p")
    assert set(shown_tables()) == {"4p"}
    page.check('input[name="variant"][value="solo"]')
    expect(page.locator("#level-help")).to_have_attribute("data-table", "solo")
    assert set(shown_tables()) == {"solo"}
    expect(page.locator(f"{marked}[data-table='4p']").last).to_contain_text("mean place")
