"""The game in the player's language (docs/translating.md).

One page load per language: the start form and the rules dialog before Python runs (the
runtime held back), then, once Python is ready, the start form Python draws, a game
screen, the rules page and the tutorial; then an embed. No English word is left (proper
names allowed). The browser's language is English (Playwright's ``locale``): ``?lang=``
wins over it. Then: the language a player picks in the menu is remembered and ``?lang=``
still wins over it; a game saved in one language reads in another.

"English left" is any word of the English message ids that the language's catalogue
never uses, found in the text a player sees or hears (visible text, accessible names,
placeholders, titles).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from engine.coach.puzzles import puzzle_for
from tests.browser.game_helpers import (
    best_move,
    engine_game,
    place_with_mouse,
    start_game,
    wait_idle,
)
from tests.browser.test_puzzle import answer_with_keys, as_shown, page_day
from tests.browser.test_review import SEATS, finished_text, kept_review
from tests.browser.test_saves import AUTOSAVE, Opener, record_text, seed_storage
from tests.browser.test_start_early import READY, Held
from tests.reviewed_game import thrown_game
from tools import i18n
from tools.serve import ROOT
from web.store.kept import finished_key

LANGUAGES = ("de", "fr", "nl", "es", "it")
#: A position for the embed (the rulebook's second example, without a title).
POSITION = quote(
    json.dumps({
        "zone": 5,
        "board": [[[4, 0, "blue"], [4, 1, "red"]], [[3, -1, "red"], [3, 0, "yellow"]]],
        "placement": [[4, -1, "red"], [5, -1, "blue"]],
    })
)  # fmt: skip
WORD = re.compile(r"[A-Za-zÀ-ÿ]{3,}")
#: Words that are the same in a language or a proper name: never counted as English.
PROPER = {"ingenious", "challenges", "knizia", "reiner", "kosmos", "ada", "bea", "bot", "bots"}

TEXTS_JS = """(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    if (!root.checkVisibility()) continue;
    out.push(root.innerText);
    for (const node of [root, ...root.querySelectorAll("*")]) {
      if (!node.checkVisibility || !node.checkVisibility()) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = node.getAttribute(name);
        if (value) out.push(value);
      }
    }
  }
  return out.join("\\n");
}"""


@cache
def catalogue(lang: str) -> dict[str, list[str]]:
    _, entries = i18n.read_po(i18n.po_path(ROOT, lang).read_text(encoding="utf-8"))
    return {e.msgid: e.msgstr for e in entries}


@cache
def english_only(lang: str) -> frozenset[str]:
    """Words of the English ids that no translation of ``lang`` uses."""
    table = catalogue(lang)
    english = {w.lower() for msgid in table for w in WORD.findall(msgid)}
    native = {w.lower() for forms in table.values() for f in forms for w in WORD.findall(f)}
    return frozenset(english - native - PROPER)


def english_left(page: Page, lang: str, selector: str) -> list[str]:
    text = page.evaluate(TEXTS_JS, selector)
    return sorted({w for w in WORD.findall(text) if w.lower() in english_only(lang)})


def tr(lang: str, msgid: str) -> str:
    return catalogue(lang)[msgid][0]


@pytest.fixture
def english_browser(local_context: Callable[..., BrowserContext]) -> Iterator[Page]:
    context = local_context(locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_speaks_the_language_of_the_address(
    english_browser: Page, server_url: str, lang: str
) -> None:
    """?lang=xx beats the browser's English: before Python the start form and the rules
    dialog, then the start form Python draws, a game screen, the rules page, the tutorial
    and an embed
    (explaining a position, and in try mode), all without English."""
    page = english_browser
    assert page.evaluate("navigator.language") == "en-US"
    held = Held(page)
    page.goto(f"{server_url}?lang={lang}&speed=instant", wait_until="domcontentloaded")
    expect(page.locator("#start-game")).to_have_text(tr(lang, "Start game"))
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(READY).count() == 0, "Python must not be running yet"
    assert (left := english_left(page, lang, "#start")) == [], left
    page.click("#open-rules")  # the rules before Python: the fragment in this language
    expect(page.locator("#rules-dialog-body #r-goal")).to_have_text(
        tr(lang, "Goal"), timeout=60_000
    )
    assert (left := english_left(page, lang, "#rules-dialog")) == [], left
    page.keyboard.press("Escape")
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert (left := english_left(page, lang, "#start")) == [], left
    assert page.title() == tr(lang, "Ingenious")

    # The daily puzzle: asked, then answered (the result and the review's reasons).
    page.get_by_role("button", name=tr(lang, "Daily puzzle"), exact=True).click()
    dialog = page.locator("#puzzle")
    expect(dialog).to_be_visible()
    assert (left := english_left(page, lang, "#puzzle")) == [], left
    today = page_day(page)
    answer_with_keys(page, as_shown(today, puzzle_for(today)["best"]))
    expect(dialog.locator("#puzzle-result p")).not_to_have_count(0)
    assert (left := english_left(page, lang, "#puzzle")) == [], left
    assert (left := english_left(page, lang, "#status")) == [], left
    dialog.locator("#puzzle-close").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#start")).to_be_visible()

    start_game(page, seats=["human", "casual"], names=["Ada", "Bea"], seed=7)
    wait_idle(page)
    expect(page.locator("#status")).not_to_be_empty()
    assert (left := english_left(page, lang, "#game")) == [], left
    page.click("#hint-button")  # a hint and its reasons
    why = tr(lang, "Why: {gains}.").split("{gains}")[0].strip()
    expect(page.locator("#hint-note")).to_contain_text(why, timeout=60_000)
    assert (left := english_left(page, lang, "#game")) == [], left
    page.click("#rules-button")  # the rules page Python draws
    expect(page.locator("#guide-body #r-goal")).to_have_text(tr(lang, "Goal"))
    assert (left := english_left(page, lang, "#guide-screen")) == [], left
    page.click("#guide-close")  # and the tutorial's first lesson
    page.click("#menu-button")
    page.click("#open-tutorial")
    expect(page.locator("#tut-goal")).not_to_be_empty()
    assert (left := english_left(page, lang, "#guide-screen")) == [], left
    # The last lesson: its scores name the player and the opponent in this language.
    page.evaluate("window.ingenious.tutorialLesson(window.ingenious.tutorial().count - 1)")
    expect(page.locator("#tut-scores .tut-track")).to_have_count(2)
    assert (left := english_left(page, lang, "#guide-screen")) == [], left

    # An embed explaining a position (its own title is the author's: none here), stepped
    # to its total, and one in try mode.
    page.goto(f"{server_url}embed.html?position={POSITION}&lang={lang}")
    page.wait_for_selector('[data-state="show"]', state="attached", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == lang
    for _step in range(page.locator("#rays li").count() + 1):
        assert (left := english_left(page, lang, "#embed")) == [], left
        page.keyboard.press("ArrowRight")
    expect(page.locator("#total")).not_to_be_empty()
    assert (left := english_left(page, lang, "#embed")) == [], left
    page.goto(f"{server_url}embed.html?position={POSITION}&mode=try&lang={lang}")
    page.wait_for_selector('[data-state="try"]', state="attached", timeout=60_000)
    assert (left := english_left(page, lang, "#embed")) == [], left


def test_a_chosen_language_is_remembered_and_the_address_still_wins(
    english_browser: Page, server_url: str
) -> None:
    """The start screen's language menu switches the page at once and is remembered for
    the next visit; ?lang= wins over the remembered choice."""
    page = english_browser
    page.goto(server_url)
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    expect(page.locator("#start-game")).to_have_text("Start game")
    page.select_option("#start-lang", "nl")
    expect(page.locator("#start-game")).to_have_text(tr("nl", "Start game"))
    assert page.evaluate("document.documentElement.lang") == "nl"
    page.reload()
    expect(page.locator("#start-game")).to_have_text(tr("nl", "Start game"))
    expect(page.locator("#start-lang")).to_have_value("nl")
    page.goto(server_url + "?lang=it")
    expect(page.locator("#start-game")).to_have_text(tr("it", "Start game"))
    assert page.evaluate("document.documentElement.lang") == "it"


def test_a_game_saved_in_one_language_reads_in_the_readers(
    english_browser: Page, server_url: str
) -> None:
    """A game played in German and opened with ?lang=fr: its moves, status and the line
    under Continue read in French (the save keeps moves and message ids, not words)."""
    page = english_browser
    page.goto(f"{server_url}?lang=de&speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    # A person at the table, so the game waits for them and cannot end while the test reads
    # it (two bots could finish it, and the game-over card would cover the Menu).
    start_game(page, seats=["human", "casual"], names=["Ada", "Bea"], seed=3)
    for moves in (2, 4):
        wait_idle(page)
        place_with_mouse(page, best_move(engine_game(page)))
        page.wait_for_function(f"window.ingenious.state().moves.length >= {moves}", timeout=60_000)
    wait_idle(page)
    german = page.locator("#move-list li").first.inner_text()
    page.goto(f"{server_url}?lang=fr&speed=instant")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    if page.locator("#game").is_hidden():
        expect(page.locator("#continue-info")).not_to_be_empty()
        assert (left := english_left(page, "fr", "#continue-info")) == [], left
        page.click("#continue-game")
    expect(page.locator("#game")).to_be_visible()
    french = page.locator("#move-list li").first.inner_text()
    assert french != german
    assert re.search(r"\b(rouge|vert|bleu|orange|jaune|violet)\b", french), french
    assert not re.search(r"\b(Rot|Grün|Blau|Gelb|Violett)\b", french), french
    assert (left := english_left(page, "fr", "#game")) == [], left
    # The game bar's language menu: the whole screen again in Spanish, at once.
    page.select_option("#game-lang", "es")
    expect(page.locator("#move-list li").first).to_contain_text(re.compile(
        r"\b(rojo|verde|azul|naranja|amarillo|morado)\b"))  # fmt: skip
    assert page.evaluate("document.documentElement.lang") == "es"
    assert (left := english_left(page, "es", "#game")) == [], left
    page.select_option("#game-lang", "fr")
    page.click("#menu-button")
    summary = page.locator("#continue-info").inner_text()
    assert "coup" in summary and "Zug" not in summary, summary


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_review_speaks_the_language_of_the_address(
    english_browser: Page, server_url: str, open_ready: Opener, lang: str
) -> None:
    """The review of a finished game (opened from the game-over card, kept with it): its
    status, the moves, the chosen move on the board with its words and reasons, the
    better move, the chart with its axes and marks and its text, without English."""
    page = english_browser
    game = thrown_game()
    seed_storage(page, {AUTOSAVE: record_text(game, SEATS),
                        finished_key(game): finished_text(game, kept_review())})  # fmt: skip
    open_ready(page, f"{server_url}?lang={lang}&speed=instant")
    expect(page.locator("#over-screen")).to_be_visible()
    page.get_by_role("button", name=tr(lang, "Review"), exact=True).click()
    review = page.locator("#review")
    expect(review.locator("#review-all button").first).to_be_visible()
    expect(review.locator("#review-words")).to_contain_text(tr(lang, "Your move: {facts}.")[:6])
    assert (left := english_left(page, lang, "#review")) == [], left
    page.keyboard.press("b")
    expect(review.locator("#review-words")).to_contain_text(
        tr(lang, "The better move: {facts}.")[:8]
    )
    assert (left := english_left(page, lang, "#review")) == [], left
