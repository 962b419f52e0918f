"""The Ingenious Challenges in the browser, driven through the real page.

Each flow starts from the start screen, makes the person's moves with clicks and keys,
lets bots play in the worker and reaches the game-over screen. Moves are chosen with the
CPython engine from the page's own save (an independent copy of the rules); the page's
save is replayed by the CPython engine after every game, so a move the page played
wrongly would fail the replay.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.challenge_play import play_until
from web.challenges.previews import card_preview
from web.challenges.session import AUTOSAVE_KEY, Session
from web.challenges.setup import ChallengeSetup
from web.store.storage import site_key

Shot = Callable[[str], Path]

IDLE_JS = """() => {
  const api = window.ingeniousChallenges;
  if (document.body.dataset.ready !== "1" || !api || api.busy()) return false;
  const shown = (id) => !document.getElementById(id).hidden;
  return shown("ch-over") || shown("ch-pass")
      || document.querySelector("#ch-act button[data-action]:not([disabled])") !== null;
}"""
MAX_TURNS = 400

# Where the page keeps the challenge autosave (the test server serves the site at /).
STORED_KEY = site_key(AUTOSAVE_KEY, "/")


def open_page(page: Page, server_url: str) -> None:
    page.goto(server_url + "?speed=instant")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)


def start_challenge(
    page: Page,
    kind: str,
    seats: list[str],
    names: list[str] | None = None,
    seed: int = 1,
    games: list[str] | None = None,
) -> None:
    """Fill the Challenges card of the start screen like a person and start."""
    page.check(f'input[name="ch-kind"][value="{kind}"]')
    page.select_option("#ch-players", str(len(seats)))
    for seat, kind_of_seat in enumerate(seats):
        page.select_option(f"#ch-seat-kind-{seat}", kind_of_seat)
    for seat, name in enumerate(names or []):
        page.fill(f"#ch-seat-name-{seat}", name)
    if games is not None:
        for game in ("cards", "dice", "tiles"):
            page.set_checked(f"#ch-match-{game}", game in games)
    page.fill("#ch-seed", str(seed))
    page.click("#ch-start")
    expect(page.locator("#challenge-screen")).to_be_visible()


def session_of(page: Page) -> Session:
    """The page's session rebuilt (and every move re-checked) by the CPython engine."""
    return Session.from_save(page.evaluate("window.ingeniousChallenges.state()"))


def wait_idle(page: Page) -> None:
    page.wait_for_function(IDLE_JS, timeout=30_000)


def over_shown(page: Page) -> bool:
    return page.locator("#ch-over").is_visible()


def play_card_turn(page: Page, turn: int) -> None:
    view = page.evaluate("window.ingeniousChallenges.view()")
    if view["phase"] == "discard":
        page.click("#ch-discard" if turn % 2 else "#ch-keep")
        return
    seat = view["current"]
    # The card whose better order keeps the most points (ties: the first in the hand).
    options = [(slot, card) for slot, card in enumerate(view["hand"])]

    def kept(card: str) -> int:
        a, b = card.split("-")
        return max(
            sum(g.gained for g in card_preview(view, seat, a, b)),
            sum(g.gained for g in card_preview(view, seat, b, a)),
        )

    slot, card = max(options, key=lambda sc: (kept(sc[1]), -sc[0]))
    a, b = card.split("-")
    if turn % 2:
        page.keyboard.press(str(slot + 1))  # keys pick the card ...
    else:
        page.click(f"#ch-card-{slot}")
    expect(page.locator("#ch-play")).to_be_visible()
    # Only the chosen card is marked, even when the hand holds a twin of it.
    expect(page.locator('#ch-act button[aria-pressed="true"]')).to_have_count(1)
    expect(page.locator(f"#ch-card-{slot}")).to_have_attribute("aria-pressed", "true")
    # ... and the shown preview is what the engine would score in that order.
    first = page.locator('input[name="ch-order"]:checked').get_attribute("data-first")
    second = b if first == a else a
    if turn < 4:
        check_card_preview(page, seat, first, second)
    if turn % 3 == 0:
        page.keyboard.press("o")  # the other order, by key
        expect(page.locator(f"#ch-order-{second}")).to_be_checked()
    if turn % 2:  # by keyboard: Enter on the chosen card plays it (it does not unpick it)
        expect(page.locator(f"#ch-card-{slot}")).to_be_focused()
        moves = "() => window.ingeniousChallenges.state().match.moves.flat().length"
        played = page.evaluate(moves)
        page.keyboard.press("Enter")
        page.wait_for_function(f"n => ({moves})() > n", arg=played)
    else:
        page.click("#ch-play")


def check_card_preview(page: Page, seat: int, first: str, second: str) -> None:
    """The points shown for an order are what the engine scores for that order."""
    session = session_of(page)
    game = session.game.copy()
    before = list(game.rows[seat])
    game.apply(f"{first}-{second}")
    gained = sum(after - old for after, old in zip(game.rows[seat], before, strict=True))
    label = page.locator(f"#ch-order-{first}").locator("xpath=..").inner_text()
    shown = sum(int(part.split()[0]) for part in label.split("+")[1:])
    assert shown == gained or game.over, (label, gained)


def play_dice_turn(page: Page, turn: int) -> None:
    if page.locator("#ch-roll").count():
        if turn % 2:
            page.keyboard.press("r")
        else:
            page.click("#ch-roll")
    view = page.evaluate("window.ingeniousChallenges.view()")
    dice = [d for d in view["dice"][view["current"]] if d]
    if turn % 5 == 1 and view["rerolls_left"] > 0:
        page.click("#ch-reroll")
        return
    groupable = sorted({d for d in dice if dice.count(d) >= 2})
    if groupable and turn % 2 == 0:
        symbol = groupable[0]
        # The last way listed is the biggest wild (or two wilds with four equal dice).
        count = len(page.locator(f"#ch-split-{symbol} option").all())
        page.select_option(f"#ch-split-{symbol}", str(count - 1))
        wild = page.locator("#ch-act select[id^=ch-wild-]").first
        wild.select_option("purple")
    if page.locator("#ch-down-0").is_enabled():
        page.click("#ch-down-0")
    page.click("#ch-resolve")


def play_tile_turn(page: Page, turn: int) -> None:
    view = page.evaluate("window.ingeniousChallenges.view()")
    legal = view["legal_moves"]
    free = [m for m in legal if m.startswith("free:")]
    if free:
        page.click(f"#ch-free-{free[0].partition(':')[2]}")
    elif "score" in legal and len(view["drawn"]) >= 1 + turn % 2:
        page.keyboard.press("s") if turn % 2 else page.click("#ch-stop")
    elif turn % 2:
        page.keyboard.press("d")
    else:
        page.click("#ch-draw")


PLAYERS: dict[str, Callable[[Page, int], None]] = {
    "cards": play_card_turn,
    "dice": play_dice_turn,
    "tiles": play_tile_turn,
}


def play_to_the_end(page: Page, variant: str) -> int:
    """Play the person's turns until the game-over screen (or the tally between two
    challenges of a match); returns the person's moves."""
    turns = 0
    while True:
        wait_idle(page)
        if over_shown(page):
            return turns
        assert turns < MAX_TURNS, "the game did not end"
        PLAYERS[variant](page, turns)
        turns += 1


def continue_challenge(page: Page, session: Session) -> None:
    """Store `session` as the Challenges autosave and Continue it from the start screen
    (stored once the start screen is shown: leaving a Challenge saves it, screen and all)."""
    if page.locator("#ch-over").is_visible():
        page.click("#ch-over-menu")
    elif page.locator("#challenge-screen").is_visible():
        page.click("#ch-menu")
    expect(page.locator("#start")).to_be_visible()
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [STORED_KEY, json.dumps(session.to_save())],
    )
    page.click("#ch-continue")
    expect(page.locator("#challenge-screen")).to_be_visible()
    page.wait_for_function("!window.ingeniousChallenges.busy()")


def near_the_end(variant: str, seed: int, left: int = 6) -> Session:
    """A challenge of a person (Ada) against a casual bot, on the person's turn, ``left``
    moves before the end that casual bots playing both seats would reach (played by the
    CPython engine)."""
    setup = ChallengeSetup([variant], 2, ["Ada", "Bot"], ["human", "casual"], seed)
    whole = Session(setup)
    assert play_until(whole, lambda s: s.over)
    end = len(whole.game.moves)
    session = Session(setup)
    assert play_until(session, lambda s: len(s.game.moves) >= end - left and s.game.current == 0)
    assert not session.over
    return session


@pytest.mark.parametrize("variant", ["cards", "dice", "tiles"])
def test_each_challenge_is_played_to_its_end_against_a_bot(
    page: Page, server_url: str, variant: str, screenshot: Shot
) -> None:
    """A challenge autosaved a few moves before its end opens where it was; the person
    plays its last turns against a casual bot in the worker; the save replays in the
    CPython engine and the game-over screen names the winner and why the game ended.
    (Whole challenges from the start screen: the three-challenge match below.)"""
    open_page(page, server_url)
    start_challenge(page, variant, ["human", "casual"], ["Ada", ""], seed=7)
    continue_challenge(page, near_the_end(variant, seed=7))
    turns = play_to_the_end(page, variant)
    assert turns >= 1
    session = session_of(page)
    assert session.over
    result = session.game.result()
    winner = session.setup.names[result["winners"][0]]
    expect(page.locator("#ch-over-title")).to_contain_text(winner)
    expect(page.locator("#ch-over-why")).not_to_be_empty()
    expect(page.locator("#ch-ranking li")).to_have_count(2)
    screenshot(f"{variant}-over")
    # Bonus turns are called out in the move list (the last 80 lines are shown).
    shown = [line for record in session.log for line in record.lines][-80:]
    bonus = page.locator("#ch-log li.bonus")
    expect(bonus).to_have_count(sum(line.bonus for line in shown))
    expect(page.locator("#ch-log li").last).to_have_text(shown[-1].text)
    page.click("#ch-look")
    rows = page.locator(".ch-board").first.locator(".ch-row")
    expect(rows).to_have_count(6)
    assert all(
        int(rows.nth(i).get_attribute("data-value") or -1) == session.game.rows[0][i]
        for i in range(6)
    )


def test_card_hot_seat_hides_each_hand_until_its_owner_confirms(
    page: Page, server_url: str, screenshot: Shot
) -> None:
    """With two people, a pass screen hides the hand between turns; nothing of a hand is
    in the page until its owner says they are at the screen."""
    open_page(page, server_url)
    start_challenge(page, "cards", ["human", "human"], ["Ann", "Ben"], seed=3)
    expect(page.locator("#ch-pass")).to_be_visible()
    expect(page.locator("#ch-pass-title")).to_have_text("Pass to Ann")
    assert page.locator(".ch-hand").count() == 0
    screenshot("pass")
    page.click("#ch-pass-ready")
    expect(page.locator("#ch-act .ch-hand button[data-card]")).to_have_count(6)
    play_card_turn(page, 0)
    wait_idle(page)
    if session_of(page).game.current == 1:
        expect(page.locator("#ch-pass-title")).to_have_text("Pass to Ben")
        assert page.locator(".ch-hand").count() == 0
        # Undo would show Ann's choices to Ben: never offered with two people.
        expect(page.locator("#ch-undo")).to_be_disabled()
        page.keyboard.press("Enter")  # the ready button has the focus
        expect(page.locator("#ch-act-title")).to_have_text("Ben's turn")
        hand = page.locator("#ch-act .ch-hand button[data-card]")
        expect(hand).to_have_count(6)
        ben = session_of(page).game.view(1)["hand"]
        assert sorted(hand.nth(i).get_attribute("data-card") or "" for i in range(6)) == ben


def test_tiles_need_no_pass_screen_between_people(page: Page, server_url: str) -> None:
    """The tile centre is public: two people and two bots (one strong) share the screen
    without a pass screen; with four players the rows run to 5."""
    open_page(page, server_url)
    start_challenge(page, "tiles", ["human", "casual", "human", "strong"], ["Ann"], seed=4)
    expect(page.locator(".ch-board")).to_have_count(4)
    expect(
        page.locator(".ch-board").first.locator(".ch-row").first.locator(".ch-cell")
    ).to_have_count(6)
    movers = set()
    for turn in range(8):
        wait_idle(page)
        expect(page.locator("#ch-pass")).to_be_hidden()
        movers.add(page.evaluate("window.ingeniousChallenges.view()")["current"])
        play_tile_turn(page, turn)
    assert movers == {0, 2}
    names = session_of(page).setup.names
    assert {names[record.seat].split()[0] for record in session_of(page).log} >= {
        "Ann",
        "Casual",
        "Strong",
    }


def test_reload_resumes_a_challenge_where_it_was(page: Page, server_url: str) -> None:
    """Every move is autosaved; a reload in the middle of a challenge returns to it, as
    the board game does, and it can be played on. After ☰ Menu a reload stays on the
    start screen, where Continue means the game played last: the challenge, after a
    board game left for it (which "Continue the board game" resumes)."""
    open_page(page, server_url)
    expect(page.locator("#ch-continue")).to_be_hidden()  # nothing saved: nothing offered
    page.click("#start-game")  # a board game first, then left for the challenge
    expect(page.locator("#game")).to_be_visible()
    board = page.evaluate("window.ingenious.state()")
    page.click("#menu-button")
    start_challenge(page, "dice", ["human", "casual"], seed=11)
    for turn in range(3):
        wait_idle(page)
        play_dice_turn(page, turn * 2)
    wait_idle(page)
    saved = page.evaluate("window.ingeniousChallenges.state()")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    expect(page.locator("#challenge-screen")).to_be_visible()
    expect(page.locator("#start")).to_be_hidden()
    assert page.evaluate("window.ingeniousChallenges.state()") == saved
    wait_idle(page)
    play_dice_turn(page, 0)
    wait_idle(page)
    assert len(session_of(page).game.moves) > len(saved["match"]["moves"][0])
    # Undo takes back the person's whole turn and the bot's reply: the saved state again,
    # autosaved; replaying the turn meets the same roll.
    page.click("#ch-undo")
    wait_idle(page)
    assert page.evaluate("window.ingeniousChallenges.state()") == saved
    expect(page.locator("#announce")).to_contain_text("Took back your last turn")
    page.click("#ch-menu")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    expect(page.locator("#start")).to_be_visible()
    expect(page.locator("#continue-info")).to_contain_text("Dice Challenge")
    page.click("#continue-game")
    expect(page.locator("#challenge-screen")).to_be_visible()
    assert page.evaluate("window.ingeniousChallenges.state()") == saved
    page.click("#ch-menu")
    page.click("#continue-board")
    expect(page.locator("#game")).to_be_visible()
    assert page.evaluate("window.ingenious.state()") == board


@pytest.mark.slow
def test_a_match_shows_the_victory_point_tally_between_challenges(
    page: Page, server_url: str, screenshot: Shot
) -> None:
    """A match of two challenges between bots: after the first the tally (each player's
    lowest row) is shown before the next starts; the end names the match winner."""
    open_page(page, server_url)
    start_challenge(page, "match", ["casual", "casual"], seed=22, games=["dice", "cards"])
    expect(page.locator("#ch-next")).to_be_visible(timeout=60_000)
    session = session_of(page)
    first = session.match.finished[0]
    tally = page.locator(".ch-tally tbody tr")
    expect(tally).to_have_count(2)
    for seat in range(2):
        cells = tally.nth(seat).locator("td")
        expect(cells.nth(0)).to_have_text(str(min(first.rows[seat])))
        expect(cells.nth(2)).to_have_text(str(min(first.rows[seat])))
    screenshot("between")
    page.click("#ch-next")
    expect(page.locator("#ch-again")).to_be_visible(timeout=60_000)
    final = session_of(page)
    assert final.over
    winners = [final.setup.names[s] for s in final.match.result()["winners"]]
    expect(page.locator("#ch-over-title")).to_contain_text(winners[0])


def test_setup_mistakes_are_explained_then_controls_are_labelled_and_moves_announced(
    page: Page, server_url: str
) -> None:
    """A bad seed or a one-game match is refused with a message and the form keeps its
    values; once started, every control has a name and a move is read out."""
    open_page(page, server_url)
    page.check('input[name="ch-kind"][value="match"]')
    page.set_checked("#ch-match-dice", False)
    page.set_checked("#ch-match-tiles", False)
    page.fill("#ch-seat-name-0", "Zoe")
    page.click("#ch-start")
    expect(page.locator("#ch-setup-problem")).to_contain_text("at least two")
    page.set_checked("#ch-match-tiles", True)
    page.fill("#ch-seed", "12x")
    page.click("#ch-start")
    expect(page.locator("#ch-setup-problem")).to_contain_text("whole number")
    expect(page.locator("#ch-seat-name-0")).to_have_value("Zoe")
    expect(page.locator("#challenge-screen")).to_be_hidden()
    page.fill("#ch-seat-name-0", "")
    start_challenge(page, "tiles", ["human", "casual"], seed=5)
    wait_idle(page)
    unnamed: list[Any] = page.evaluate(
        """() => [...document.querySelectorAll(
                 ['#challenge-screen', '#challenge-setup']
                   .flatMap(root => ['button', 'select', 'input'].map(tag => root + ' ' + tag))
                   .join(', '))]
            .filter(n => !(n.getAttribute('aria-label') || n.labels?.length
                           || n.textContent.trim()))
            .map(n => n.outerHTML)"""
    )
    assert unnamed == []
    page.click("#ch-rules")  # the rules of the game being played come first
    expect(page.locator("#ch-guide-body h3").first).to_have_text("Tile Challenge")
    page.keyboard.press("Escape")
    expect(page.locator("#ch-guide")).to_be_hidden()
    page.click("#ch-draw")
    wait_idle(page)
    expect(page.locator("#ch-log")).to_contain_text("Player 1 drew")
    # The last move is told the same way in the move list and to screen readers.
    last = session_of(page).log[-1].lines[-1].text
    expect(page.locator("#ch-log li").last).to_have_text(last)
    expect(page.locator("#announce")).to_contain_text(last)


def screen_of(page: Page) -> dict[str, Any]:
    """The page's screen model, without the live-region message of the last event."""
    screen: dict[str, Any] = page.evaluate("window.ingeniousChallenges.screen()")
    screen.pop("announcement")
    return screen


def reload_and_continue(page: Page) -> None:
    """A reload in the middle of a challenge returns to it."""
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    expect(page.locator("#challenge-screen")).to_be_visible()
    wait_idle(page)


@pytest.mark.slow
def test_a_three_challenge_match_in_which_the_person_moves_first_goes_to_the_final_tally(
    page: Page, server_url: str, screenshot: Shot
) -> None:
    """A person (first seat, so first to move in every challenge) and a casual bot play
    cards, dice and tiles. After each challenge the tally is shown; "Start the ..." begins
    the next with the person's controls (the Match used to stop at "Waiting for Player
    1."). A reload with Continue at the tally and just after it shows the same screen.
    The final tally has all three challenges."""
    open_page(page, server_url)
    start_challenge(page, "match", ["human", "casual"], ["Ada", ""], seed=31, games=None)
    for variant, nxt, first in [
        ("cards", "Dice Challenge", "#ch-roll"),
        ("dice", "Tile Challenge", "#ch-draw"),
    ]:
        play_to_the_end(page, variant)
        expect(page.locator("#ch-next")).to_have_text(f"Start the {nxt}")
        expect(page.locator("#ch-next")).to_be_focused()
        at_tally = screen_of(page)
        reload_and_continue(page)
        assert screen_of(page) == at_tally
        expect(page.locator("#ch-next")).to_be_visible()
        page.click("#ch-next")
        expect(page.locator("#ch-over")).to_be_hidden()
        expect(page.locator(first)).to_be_enabled()
        expect(page.locator("#ch-act-title")).to_have_text("Your turn")
        expect(page.locator("#ch-status")).to_contain_text("Ada:")
        begun = screen_of(page)
        reload_and_continue(page)
        assert screen_of(page) == begun
        expect(page.locator(first)).to_be_enabled()
    play_to_the_end(page, "tiles")
    final = session_of(page)
    assert final.over and len(final.match.finished) == 3
    winners = [final.setup.names[s] for s in final.match.result()["winners"]]
    expect(page.locator("#ch-over-title")).to_contain_text(winners[0])
    expect(page.locator("#ch-again")).to_be_visible()
    rows = page.locator(".ch-tally tbody tr")
    expect(rows).to_have_count(2)
    for seat in range(2):
        cells = rows.nth(seat).locator("td")
        for index, game in enumerate(final.match.finished):
            expect(cells.nth(index)).to_have_text(str(min(game.rows[seat])))
        expect(cells.nth(3)).to_have_text(str(final.match.tally[seat]))
    screenshot("final-tally")


# Hostile names: the start form takes at most 24 characters, a stored save up to 40.
FORM_NAMES = ['"><svg onload=__pwned=1>', "<py-script>1</py-script>"]
SAVED_NAMES = ['"><img src=x onerror=window.__pwned=1>', '"><py-script>import js</py-script>']
INJECTED_JS = """() => ({
  pwned: window.__pwned === undefined ? null : window.__pwned,
  handlers: document.querySelectorAll('[onload], [onerror]').length,
  scripts: document.querySelectorAll('py-script, #challenge-screen img, #start img').length,
})"""


def assert_nothing_ran(page: Page) -> None:
    assert page.evaluate(INJECTED_JS) == {"pwned": None, "handlers": 0, "scripts": 0}


def test_hostile_names_show_as_text_on_every_challenge_screen(page: Page, server_url: str) -> None:
    """Names that look like markup, typed into the start form or found in a stored
    challenge save, show as text on the table, in the hands, on the pass screen, in the
    move list, the tally and the game-over dialog, and nothing of them runs."""
    open_page(page, server_url)
    start_challenge(page, "cards", ["human", "human"], FORM_NAMES, seed=3)
    ann, ben = FORM_NAMES
    expect(page.locator("#ch-pass-title")).to_have_text(f"Pass to {ann}")
    expect(page.locator("#ch-pass-ready")).to_have_text(f"I am {ann}: show my hand")
    expect(page.locator(".ch-seat h3").first).to_have_text(ann)
    assert_nothing_ran(page)
    page.click("#ch-pass-ready")
    expect(page.locator(".ch-hand h3")).to_have_text(f"{ann}'s hand")
    expect(page.locator(".ch-board h3").nth(1)).to_contain_text(ben)
    play_card_turn(page, 0)
    wait_idle(page)
    if page.locator("#ch-discard").is_visible():
        page.click("#ch-keep")
        wait_idle(page)
    expect(page.locator("#ch-log li").first).to_contain_text(f"{ann} played the ")
    expect(page.locator("#ch-pass-title")).to_have_text(f"Pass to {ben}")
    assert_nothing_ran(page)

    # A stored match at its tally, then one that is over.
    session = Session(
        ChallengeSetup(["tiles", "dice"], 2, list(SAVED_NAMES), ["human", "casual"], 5)
    )
    play_until(session, lambda s: s.awaiting_tally)
    session.screen = "start"  # stored after ☰ Menu: a reload shows the start screen
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [STORED_KEY, json.dumps(session.to_save())]
    )
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    expect(page.locator("#ch-continue-info")).to_contain_text(SAVED_NAMES[0])
    page.click("#ch-continue")
    expect(page.locator(".ch-tally tbody th").first).to_have_text(SAVED_NAMES[0])
    expect(page.locator("#ch-ranking")).to_contain_text(SAVED_NAMES[1])
    expect(page.locator("#ch-log")).to_contain_text(SAVED_NAMES[0])
    assert_nothing_ran(page)
    play_until(session, lambda s: s.over)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [STORED_KEY, json.dumps(session.to_save())]
    )
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    page.click("#ch-continue")
    winner = SAVED_NAMES[session.match.result()["winners"][0]]
    expect(page.locator("#ch-over-title")).to_contain_text(winner)
    expect(page.locator(".ch-dice").first).to_be_visible()
    expect(page.locator(".ch-seat h3").first).to_have_text(SAVED_NAMES[0])
    assert_nothing_ran(page)


HEXAGONS_JS = """() => [...document.querySelectorAll('.ch-centre .ch-tile')].map(tile => {
  const box = tile.getBoundingClientRect();
  const svg = tile.querySelector('svg.ch-hex');
  const drawn = svg.getBoundingClientRect();
  const polygon = svg.querySelector('polygon');
  const shape = polygon.getBBox();
  const view = svg.viewBox.baseVal;
  const line = Number(polygon.getAttribute('stroke-width'));
  return {
    width: box.width, height: box.height, svgWidth: drawn.width, svgHeight: drawn.height,
    inside: shape.x - line / 2 >= 0 && shape.y - line / 2 >= 0
      && shape.x + shape.width + line / 2 <= view.width + 0.01
      && shape.y + shape.height + line / 2 <= view.height + 0.01,
  };
})"""


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_tile_challenge_centre_hexagons_are_drawn_whole(
    page: Page, server_url: str, size: tuple[int, int], screenshot: Shot
) -> None:
    """The three centre tiles are whole hexagons on a phone and on a desktop: the outline
    lies inside each picture and the tile keeps its shape (it used to lose its sides)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_page(page, server_url)
    start_challenge(page, "tiles", ["human", "casual"], seed=5)
    expect(page.locator(".ch-centre .ch-tile")).to_have_count(3)
    for tile in page.evaluate(HEXAGONS_JS):
        assert tile["inside"], tile
        assert (tile["svgWidth"], tile["svgHeight"]) == (tile["width"], tile["height"])
        assert abs(tile["height"] / tile["width"] - 2 / 3**0.5) < 0.05, tile
    screenshot(f"tiles-{size[0]}")
