"""The bot loop of the Challenges screen (PyScript main thread): the bot worker chooses a
move, the page shows what it is about to do for a moment, then plays it.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from typing import Protocol

import js  # type: ignore[import-not-found]

from web.challenges.actions import bot_note
from web.challenges.host import ChallengeHost
from web.challenges.session import Session
from web.challenges.state import Keyed, ScreenState
from web.challenges.words.lines import intent
from web.i18n import fmt


class BotTable(Protocol):
    """What the bot loop reads and sets of the screen's controller
    (:class:`web.challenges.ui.controller.ChallengeUI` is one)."""

    host: ChallengeHost
    session: Session | None
    state: ScreenState
    generation: int
    busy: bool

    def render(self, take_focus: bool = False) -> None: ...

    def commit(self, move: str) -> bool: ...


# Seconds a bot's coming move stays on screen before it happens, per speed setting.
SPEED_DELAY = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "instant": 0.0}
BOT_BUDGET_MS = {"casual": 100, "strong": 400}


async def bot_turn(ui: BotTable, generation: int) -> None:
    session = ui.session
    assert session is not None
    ui.busy = True
    try:
        game = session.game
        seat = game.current
        level = session.setup.seats[seat]
        view = game.view(seat)
        seed = (session.setup.seed * 7919 + len(game.moves) * 31 + seat) % (2**31)
        started = float(js.performance.now())
        worker = await ui.host.bots()
        move = str(
            await worker.choose_challenge(json.dumps(view), level, seed, BOT_BUDGET_MS[level])
        )
        if generation != ui.generation:
            return
        delay = SPEED_DELAY.get(ui.host.speed(), 0.9)
        if delay > 0:
            ui.state = bot_note(
                session, ui.state, intent(session.variant, move, view, game.names[seat])
            )
            ui.render()
            elapsed = (float(js.performance.now()) - started) / 1000
            await asyncio.sleep(max(delay * 0.6, delay - elapsed))
            if generation != ui.generation:
                return
        ui.commit(move)
        if delay > 0:
            await asyncio.sleep(delay * 0.4)
    except Exception as exc:  # a bot failure must not freeze the page
        js.console.warn(f"challenge bot failed: {exc}")
        if generation == ui.generation:
            said = fmt(
                "The bot could not move ({problem}). The game is saved: reload to try again.",
                problem=str(exc),
            )
            ui.state = replace(
                ui.state, problem=Keyed(session.position, said), stalled=session.position
            )
    finally:
        if generation == ui.generation:
            ui.busy = False
    if generation == ui.generation:
        ui.render()
