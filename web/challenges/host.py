"""What the Challenges screen needs from the page that mounts it: :class:`ChallengeHost`.

Six members, nothing else. ``ui.mount(host)`` accepts any object that has them; the board
game's ``App`` of today is wrapped by :class:`AppHost` until it provides them itself.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

SPEEDS = ("slow", "normal", "fast", "instant")


@runtime_checkable
class ChallengeHost(Protocol):
    @property
    def store(self) -> Any:
        """The page's storage (``getItem``/``setItem``/``removeItem``, like localStorage)."""

    def speed(self) -> str:
        """The bot speed setting: one of :data:`SPEEDS`."""

    def set_speed(self, speed: str) -> None:
        """Remember a new bot speed (the board game uses the same setting)."""

    async def bots(self) -> Any:
        """The bot worker; it answers ``choose_challenge(view_json, level, seed, budget_ms)``."""

    def leave_board_game(self) -> None:
        """A challenge takes the screen: stop the board game's bots, hide its screens."""

    def show_start(self) -> None:
        """Show the start screen (the challenge screen is hidden already)."""

    def play_sounds(self, sounds: list[tuple[str, float]]) -> None:
        """Play a move's sounds (`web.play.sound`), if the player allows sound."""


class AppHost:
    """:class:`ChallengeHost` over the board game's ``App`` as it is today."""

    def __init__(self, app: Any) -> None:
        self.app = app

    @property
    def store(self) -> Any:
        return self.app.store

    def speed(self) -> str:
        return str(self.app.speed)

    def set_speed(self, speed: str) -> None:
        from web.store import storage
        from web.ui.dom import el

        if speed not in SPEEDS:
            return
        self.app.speed = speed
        self.app.settings["speed"] = speed
        storage.write_json(self.app.store, storage.SETTINGS_KEY, self.app.settings)
        el("speed").value = speed
        self.app.apply_speed_class()

    async def bots(self) -> Any:
        return await self.app.bots()

    def leave_board_game(self) -> None:
        from web.ui.dom import el

        self.app.generation += 1  # an answer from a board-game bot still thinking is dropped
        el("start").hidden = True
        el("game").hidden = True

    def show_start(self) -> None:
        self.app.show_start()

    def play_sounds(self, sounds: list[tuple[str, float]]) -> None:
        self.app.play_sounds(sounds)


def host_of(app: Any) -> ChallengeHost:
    """``app`` itself when it is a :class:`ChallengeHost`, else wrapped by :class:`AppHost`."""
    if isinstance(app, ChallengeHost):
        return app
    return AppHost(app)
