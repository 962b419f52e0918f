"""The turns the game screen waits for: a bot's move (`schedule` starts it after each
render; the bot worker answers; the move shows for a moment, then lands) and a hint (asked
of the worker, kept with the screen state). `Turns` is a part of `web.game.screen.GameScreen`,
which owns the state it reads; `Host` is what the screen needs from the app shell.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Protocol

import js  # type: ignore[import-not-found]

from engine.rules.game import Game
from web.board.placing import parse_placement
from web.game import state as st
from web.game.facts import Facts
from web.game.model import HINT_LEVEL
from web.game.state import Bot, Keyed, Screen, position_of
from web.i18n import _, fmt
from web.play.botworker import BotTimeout, Workers
from web.play.session import HUMAN, REMOTE
from web.ui.dom import el

# Seconds a bot move stays on screen before it lands, and ray animation length, per speed.
SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.6, 1.1),
    "normal": (0.8, 0.6),
    "fast": (0.3, 0.25),
    "instant": (0.0, 0.0),
}


class Host(Protocol):
    """What the game screen needs from the app shell."""

    workers: Workers
    store: Any

    def speed(self) -> str: ...  # slow, normal, fast or instant
    def confirm_placement(self) -> bool: ...  # the hot seat's "confirm placement" setting
    def reduced_motion(self) -> bool: ...  # the system asks for reduced motion

    def game_changed(self) -> None: ...  # a move, undo, redo or new game: autosave
    def screen_changed(self) -> None: ...  # the revealed seat changed: save the screen
    def game_finished(self) -> None: ...  # a move ended the game (statistics)
    def play_sounds(self, sounds: list[tuple[str, float]]) -> None: ...  # web.play.sound


class Turns:
    """The bots' and the hint's turns of the game screen (its state is the screen's)."""

    host: Host
    game: Game | None
    screen: Screen | None
    facts: Facts | None
    generation: int
    bot_running: int | None

    def render(self, defer: bool = False) -> None:
        raise NotImplementedError

    def play(self, move: str) -> bool:
        raise NotImplementedError

    async def ask_hint(self) -> None:
        game, screen, facts = self.game, self.screen, self.facts
        if game is None or screen is None or facts is None or not facts.my_turn:
            return
        position, generation = facts.position, self.generation
        screen.asking = position
        self.render()
        seed = (game.seed + len(game.moves)) % (2**31)
        why: dict[str, Any] = {}
        try:
            answer = json.loads(
                await self.host.workers.ask(
                    "hint", json.dumps(game.view(game.current)), seed, HINT_LEVEL
                )
            )
            move, why = str(answer["move"]), answer
        except BotTimeout:
            move = ""
            screen.notice = Keyed(
                _("The hint took too long; the bots were started again."), position
            )
        except Exception as exc:
            move = ""
            js.console.warn(f"hint failed: {exc}")
            screen.notice = Keyed(_("No hint this time: the bots could not answer."), position)
        if generation != self.generation or position_of(game) != position:
            return
        screen.asking = None
        if move:
            st.set_hint(screen, facts.index, list(facts.rack), move, position, why)
            self.host.screen_changed()  # the hint count is kept with the autosave
        self.render()
        if move in ("swap", "pass"):
            el("swap-yes" if move == "swap" else "swap-no").focus()

    # --- bots ----------------------------------------------------------------------------------
    def schedule(self) -> None:
        game, screen = self.game, self.screen
        if game is None or screen is None or game.phase == "over" or screen.question is not None:
            return
        if screen.seats[game.current] in (HUMAN, REMOTE):
            return  # a person's turn here, or a friend's that comes by message
        if self.bot_running != self.generation:
            self.bot_running = self.generation
            asyncio.ensure_future(self.bot_turn(self.generation))

    async def bot_turn(self, generation: int) -> None:
        try:
            await self._bot_turn(generation)
        finally:
            if self.bot_running == generation:
                self.bot_running = None
        if generation == self.generation:
            self.render()  # the next bot, if it is one's turn

    async def _bot_turn(self, generation: int) -> None:
        game, screen = self.game, self.screen
        assert game is not None and screen is not None
        workers = self.host.workers
        position = position_of(game)
        seat = game.current
        level = screen.seats[seat]
        view_json = json.dumps(game.view(seat))
        seed = (game.seed * 7919 + len(game.moves) * 31 + seat) % (2**31)
        started = float(js.performance.now())
        move = ""
        while not move:
            if generation != self.generation:
                return
            screen.bot = Bot("thinking" if workers.ready else "starting", position)
            self.render()
            try:
                await workers.get()
                if generation != self.generation:
                    return
                if screen.bot.phase != "thinking":
                    screen.bot = Bot("thinking", position)
                    self.render()
                move = await workers.ask("choose", view_json, level, seed)
            except BotTimeout as exc:
                who = game.names[seat]
                limit = f"{exc.limit_s:g}"
                screen.notice = Keyed(
                    fmt(
                        "{name} did not answer within {limit} s; the bots were started again.",
                        name=who,
                        limit=limit,
                    ),  # fmt: skip
                    position,
                )
                screen.bot = Bot("restarting", position)
            except Exception as exc:  # a bot failure must not freeze the table
                js.console.warn(f"bot failed: {exc}")
                screen.notice = Keyed(
                    fmt(
                        "The bot could not move ({problem}); the bots were started again.",
                        problem=str(exc)[:80],
                    ),  # fmt: skip
                    position,
                )
                screen.bot = Bot("restarting", position)
                self.render()
                await asyncio.sleep(1.0)
        if generation != self.generation or position_of(game) != position:
            return
        delay, _ = SPEEDS.get(self.host.speed(), SPEEDS["normal"])
        if parse_placement(move) is not None and delay > 0:
            # Show what the bot is about to place for a moment before it lands.
            screen.bot = Bot("showing", position, move)
            self.render()
            wait = max(delay * 0.6, delay - (float(js.performance.now()) - started) / 1000)
            await asyncio.sleep(wait)
            if generation != self.generation:
                return
        screen.bot = Bot()
        self.play(move)
        if delay > 0:
            await asyncio.sleep(delay * 0.5)
