"""Names are text on every board-game screen: hostile names from a link or a file run
nothing and show exactly as typed.

The names carry markup for an HTML attribute and for text (an image with an error
handler), and a PyScript element (`<py-script>`), which PyScript would run as Python if
it ever reached the page (its error would fail the test through the console guard).
They travel through a ``#game=`` link (the duel with a token held, hot seat: the shared
game's offer, the replay, the pass screen, the tracks), a second link in the same tab
(the open team game: score cards, the partner's rack), an imported file (the saved-games
list, then the game-over card) and the stored best solo table.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Page, expect

from engine import new_game
from engine.rules.game import Game
from tests.web.game.games import greedy, to_end
from web.saves import share

IMG = '"><img src=x onerror=window.__pwned=1>'
PYSCRIPT = "'><py-script>1/0</py-script>"
BOLD = "<b onmouseover=alert(1)>Cid</b>"
AMP = 'Dee & "Co" <x>'

Opener = Callable[..., float]


def renamed(game: Game, names: list[str], options: dict[str, bool] | None = None) -> Game:
    """The same game (same seed and moves) with other names (and options)."""
    again = new_game(game.variant.name, game.players, game.seed, names, options or game.options)
    for move in game.moves:
        again.apply(move)
    return again


def nothing_ran(page: Page) -> None:
    assert page.evaluate("window.__pwned") is None
    assert page.locator("img, py-script, b[onmouseover]").count() == 0


def test_hostile_names_show_as_text_on_every_board_game_screen(
    page: Page, server_url: str, open_ready: Opener
) -> None:
    page.set_default_timeout(60_000)
    page.add_init_script(
        "localStorage.setItem('ingenious.solo-best', "
        + json.dumps(json.dumps([{"name": IMG, "score": 7, "seed": 1}]))
        + ")"
    )
    duel = renamed(greedy("duel", 1, 9), [IMG, PYSCRIPT])
    assert any(t is not None for t in duel.view(None)["tokens"]), "a token is held"
    open_ready(page, f"{server_url}?speed=instant#{share.fragment_for(duel, ['human', 'human'])}")
    offer = page.locator("#shared-game")
    expect(offer.locator(".shared-summary")).to_contain_text(f"{IMG}, {PYSCRIPT}")
    expect(page.locator("#solo-best td").nth(1)).to_have_text(IMG)

    # The replay: the move line and the score table's side label.
    offer.get_by_role("button", name="Watch the replay").click()
    viewer = page.locator("#replay")
    viewer.get_by_role("button", name="Last step").click()  # it opens at the start
    expect(viewer.locator(".replay-line")).to_contain_text(duel.names[duel.log[-1]["seat"]])
    expect(viewer.locator(".replay-scores th").nth(7)).to_have_text(f"{IMG} (+) / {PYSCRIPT} (−)")
    viewer.get_by_role("button", name="Close the replay").click()
    nothing_ran(page)

    # Play from here: the hot-seat pass screen, then the tracks with the token.
    offer.get_by_role("button", name="Play from here").click()
    who = duel.names[duel.current]
    expect(page.locator("#pass-title")).to_have_text(f"Pass to {who}")
    expect(page.locator("#pass-ready")).to_have_text(f"I am {who}: show my tiles")
    expect(page.locator("#pass-last li").first).to_contain_text(":")
    page.click("#pass-ready")
    colour, holder = first_token(duel)
    expect(page.locator("#scoreboard .token").first).to_have_attribute(
        "aria-label", f"{holder} holds the {colour} token"
    )
    expect(page.locator(".duel-head")).to_contain_text(f"◀ {IMG}")
    # The moves since this side's last turn (the last-move box gives way to them).
    expect(page.locator("#welcome-moves li").last).to_contain_text(
        duel.names[duel.log[-1]["seat"]] + ":"
    )
    expect(page.locator("#rack-title")).to_have_text(f"{who}'s tiles")
    nothing_ran(page)

    # A second link in the same tab: the open team game, with the partner's rack.
    team = renamed(greedy("team", 2, 6, players=4), [IMG, PYSCRIPT, BOLD, AMP], {"open": True})
    fragment = share.fragment_for(team, ["human", "beginner", "beginner", "beginner"])
    page.evaluate(f"location.hash = {json.dumps(fragment)}")
    expect(offer.locator(".shared-summary")).to_contain_text(BOLD)
    offer.get_by_role("button", name="Play from here").click()
    expect(page.locator("#scoreboard .score-name").first).to_have_text(f"Team A ({IMG} & {BOLD})")
    expect(page.locator("#partner-rack .partner-name")).to_have_text(f"{BOLD}'s tiles (partner)")
    expect(page.locator("#move-list li").first).to_contain_text(IMG + ":")
    nothing_ran(page)

    # An imported file: the finished games' list (a finished game joins it), then, from a
    # link, the finished game's result.
    finished = renamed(to_end("standard", 2), [IMG, PYSCRIPT])
    page.click("#menu-button")
    page.set_input_files("#import-file", files=[{
        "name": "<img src=x onerror=window.__pwned=3>.json", "mimeType": "application/json",
        "buffer": share.export_text(finished, ["human", "human"]).encode(),
    }])  # fmt: skip
    toast = page.locator(".toast", has_text="into Finished games")
    expect(toast).to_contain_text("“<img src=x onerror=window.__pwned=3>.json”")
    entry = page.locator("#finished-list .finished-entry", has_text=PYSCRIPT)
    expect(entry.locator(".save-name")).to_have_text(f"{IMG}, {PYSCRIPT}")
    page.evaluate(f"location.hash = {json.dumps(share.fragment_for(finished, ['human'] * 2))}")
    offer.get_by_role("button", name="Play from here").click()
    expect(page.locator("#over-screen")).to_be_visible()
    result = finished.result()
    ranking = page.locator("#ranking li")
    expect(ranking).to_have_count(len(result["standings"]))
    expect(ranking.first).to_contain_text(str(result["standings"][0]["name"]))
    for line in result["explanation"]:
        expect(page.locator("#tiebreak")).to_contain_text(line)
    nothing_ran(page)


def first_token(game: Game) -> tuple[str, str]:
    """The first colour (in track order) whose token is held, and its holder's name."""
    colours = ("red", "green", "blue", "orange", "yellow", "purple")
    tokens = game.view(None)["tokens"]
    colour, seat = next((c, t) for c, t in zip(colours, tokens, strict=True) if t is not None)
    return colour, game.names[seat]
