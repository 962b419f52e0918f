"""Helpers for the game's browser tests: drive the page through its real controls.

Moves are chosen with the CPython engine (an independent copy of the rules) from the
page's own save; they are then played with the mouse, keyboard or touch, never by
calling into the page's game.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from engine import load_game
from engine.rules.game import Game

IDLE_JS = """() => {
  const shown = (id) => !document.getElementById(id).hidden;
  if (document.body.dataset.ready !== "1" || !window.ingenious) return false;
  if (window.ingenious.busy() || !window.ingenious.saved()) return false;
  return shown("over-screen") || shown("pass-screen") || shown("swap-offer")
      || document.querySelector(".rack-tile[data-slot]:not([disabled])") !== null;
}"""


def start_game(
    page: Page,
    variant: str = "standard",
    seats: list[str] | None = None,
    names: list[str] | None = None,
    players: int | None = None,
    seed: int | None = None,
    open_play: bool = False,
    speed: str = "instant",
) -> None:
    """Fill the start screen like a person would and start the game."""
    page.locator(f'input[name="variant"][value="{variant}"]').check()
    if players is not None:
        page.select_option("#players", str(players))
    for seat, kind in enumerate(seats or []):
        page.select_option(f"#seat-kind-{seat}", kind)
    for seat, name in enumerate(names or []):
        page.fill(f"#seat-name-{seat}", name)
    if seed is not None:
        page.fill("#seed", str(seed))
    if open_play:
        page.check("#open-play")
    page.click("#start-game")
    expect(page.locator("#game")).to_be_visible()
    set_speed(page, speed)


def set_speed(page: Page, speed: str) -> None:
    """Choose the speed in the game bar, or under More where the bar keeps it there
    (phones, narrow windows)."""
    if page.locator("#speed").is_visible():
        page.select_option("#speed", speed)
        return
    page.click("#more-button")
    expect(page.locator("#speed")).to_be_visible()
    page.select_option("#speed", speed)
    page.keyboard.press("Escape")
    expect(page.locator("#bar-more")).to_be_hidden()


def engine_game(page: Page) -> Game:
    """The page's game, rebuilt by the CPython engine from the page's save."""
    return load_game(page.evaluate("window.ingenious.state()"))


def wait_idle(page: Page, timeout: float = 60_000) -> None:
    page.wait_for_function(IDLE_JS, timeout=timeout)


WORKER_START_JS = "JSON.stringify(globalThis.ingeniousPython || null)"


def worker_starts(page: Page) -> list[dict[str, Any]]:
    """How each running worker's interpreter started (`ingeniousPython` of the workers
    that have one: the bot worker; the page's snapshot reader has none)."""
    found = []
    for worker in page.workers:
        try:
            start = json.loads(worker.evaluate(WORKER_START_JS))
        except Exception:  # a worker that ended meanwhile (a stopped one on its way out)
            continue
        if start:
            found.append(start)
    return found


def best_move(game: Game) -> str:
    """The placement that scores most now (a simple, deterministic choice)."""
    placements = [m for m in game.legal_moves() if m not in ("swap", "pass")]
    return max(placements, key=lambda m: (sum(game.preview(m)["points"].values()), m))


def split(move: str) -> list[tuple[tuple[int, int], str]]:
    out = []
    for half in move.split():
        where, _, colour = half.partition(":")
        q, r = where.split(",")
        out.append(((int(q), int(r)), colour))
    return out


def rack_slot(page: Page, colours: set[str] | tuple[str, str]) -> tuple[int, list[str]]:
    rack: list[list[str]] = page.evaluate("window.ingenious.rack()")
    for slot, tile in enumerate(rack):
        if sorted(tile) == sorted(colours):
            return slot, tile
    raise AssertionError(f"no tile {colours} on the shown rack {rack}")


def anchor_and_partner(move: str, first_colour: str) -> tuple[tuple[int, int], tuple[int, int]]:
    (a, ca), (b, _) = split(move)
    return (a, b) if ca == first_colour else (b, a)


def centre(page: Page, cell: tuple[int, int]) -> tuple[float, float]:
    point: dict[str, Any] = page.evaluate(f"window.ingenious.cellCenter({cell[0]}, {cell[1]})")
    return point["x"], point["y"]


def aim_with_mouse(page: Page, move: str) -> tuple[float, float]:
    """Pick the tile on the rack, hover its first half's cell and turn until the ghost is
    the wanted placement (right click); the point to click to place it."""
    colours = tuple(c for _, c in split(move))
    slot, tile = rack_slot(page, colours)
    page.click(f'.rack-tile[data-slot="{slot}"]')
    anchor, _ = anchor_and_partner(move, tile[0])
    for _ in range(5):  # until the board takes the mouse to be on the cell (a layout may
        x, y = centre(page, anchor)  # still settle after the last render)
        page.mouse.move(x, y)
        if page.evaluate("window.ingenious.pointed()") == list(anchor):
            break
    for _ in range(7):
        if page.evaluate("window.ingenious.aim()") == move:
            break
        page.mouse.click(x, y, button="right")
    assert page.evaluate("window.ingenious.aim()") == move
    return x, y


def place_with_mouse(page: Page, move: str) -> None:
    """Aim the placement with the mouse (`aim_with_mouse`), then click."""
    page.mouse.click(*aim_with_mouse(page, move))


def track_values(page: Page) -> dict[tuple[int, str], int]:
    """What the score boards show: (side, colour) -> value, read from the DOM."""
    rows: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll('#scoreboard .track')].map(t => ({
             side: +t.dataset.side, colour: t.dataset.colour, value: +t.dataset.value,
             text: t.querySelector('.val').textContent}))"""
    )
    return {(r["side"], r["colour"]): r["value"] for r in rows}


def focus_by_tab(page: Page, element_id: str, limit: int = 60) -> None:
    """Press Tab until the element has the keyboard focus (keyboard-only navigation)."""
    for _ in range(limit):
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"#{element_id} never got the focus by Tab")
