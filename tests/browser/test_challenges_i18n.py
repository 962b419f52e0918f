"""The Challenges in the player's language (docs/translating.md, docs/challenges.md).

One page load per language (``?lang=``, the browser itself speaking English): the Card,
Dice and Tile Challenges are each started from the start screen and played for a few
turns against a bot; after every turn the whole Challenges screen (table, panel, score
rows, move list, status line and their accessible names) and the rules dialog hold no
English word (the allow-list approach of tests/browser/test_i18n.py). Then the
pseudo-language (``?lang=xx``: every text accented and 40% longer) on a phone: the
screen of a four-player challenge needs no sideways scrolling and cuts off no button.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_challenges import PLAYERS, over_shown, start_challenge, wait_idle
from tests.browser.test_i18n import LANGUAGES, english_left, tr
from tests.browser.test_layout import CUT_OFF_JS, OVERFLOW_JS, PHONE

TURNS = 3


@pytest.fixture
def english_browser(local_context: Callable[..., BrowserContext]) -> Iterator[Page]:
    """A page whose browser speaks English, reaching only the test server."""
    context = local_context(locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == []


def check_screen(page: Page, lang: str, where: str) -> None:
    left = english_left(page, lang, "#challenge-screen")
    assert left == [], (where, left)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_challenge_speaks_the_language_of_the_address(
    english_browser: Page, server_url: str, lang: str
) -> None:
    """?lang=xx beats the browser's English on the Challenges screens: each challenge's
    table, choices, previews, score rows, moves and rules are in that language."""
    page = english_browser
    page.goto(f"{server_url}?lang={lang}&speed=instant")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    expect(page.locator("#ch-start")).to_have_text(tr(lang, "Start challenge"))
    for variant in ("cards", "dice", "tiles"):
        start_challenge(page, variant, ["human", "casual"], names=["Ada", "Bea"], seed=3)
        for turn in range(TURNS):
            wait_idle(page)
            check_screen(page, lang, f"{variant}, turn {turn}")
            if over_shown(page):
                break
            if variant == "dice":  # the dice rolled, and a wild made when a pair allows one
                if page.locator("#ch-roll").count():
                    page.click("#ch-roll")
                    expect(page.locator("#ch-resolve")).to_be_visible()
                splits = page.locator("#ch-act select[id^=ch-split-]")
                if splits.count():
                    splits.first.select_option(str(len(splits.first.locator("option").all()) - 1))
                    expect(page.locator("#ch-act select[id^=ch-wild-]").first).to_be_visible()
                check_screen(page, lang, f"{variant}, turn {turn}, rolled")
            PLAYERS[variant](page, turn)
        wait_idle(page)
        check_screen(page, lang, f"{variant}, after the turns")
        expect(page.locator("#ch-log li").first).to_be_visible()
        page.click("#ch-rules")
        expect(page.locator("#ch-guide")).to_be_visible()
        expect(page.locator("#ch-guide-body h3").first).to_have_text(
            tr(lang, {"cards": "Card Challenge", "dice": "Dice Challenge"}.get(
                variant, "Tile Challenge"))
        )  # fmt: skip
        check_screen(page, lang, f"{variant}, rules")
        page.click("#ch-guide-close")
        page.click("#ch-menu")
        expect(page.locator("#start")).to_be_visible()


@pytest.mark.parametrize("variant", ["cards", "dice"])
def test_challenge_texts_40_percent_longer_fit_a_phone(
    local_context: Callable[..., BrowserContext], server_url: str, variant: str
) -> None:
    """In the pseudo-language on a phone (390x844), a four-player challenge with the
    person's choices open needs no sideways scrolling and cuts off no button or menu."""
    width, height = PHONE
    context = local_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.goto(server_url + "?speed=instant&lang=xx")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "xx"
    start_challenge(page, variant, ["human", "casual", "casual", "casual"], seed=5)
    wait_idle(page)
    if variant == "cards":
        page.click("#ch-card-0")
        expect(page.locator("#ch-play")).to_be_visible()
    else:
        page.click("#ch-roll")
        expect(page.locator("#ch-resolve")).to_be_visible()
    expect(page.locator("#ch-status")).to_contain_text("[")
    problems = {
        "sideways": page.evaluate(OVERFLOW_JS),
        "cut off": page.evaluate(
            CUT_OFF_JS, "#challenge-screen button:not([hidden]), #challenge-screen select"
        ),
    }
    context.close()
    assert problems == {"sideways": 0, "cut off": []}, problems
