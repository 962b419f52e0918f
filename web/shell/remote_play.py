"""The shell's part in remote play (`web.remote`): a remote game's turn is played on the
game screen, which is then no autosave, no save and no statistics (`web.remote` keeps the
game and sends each turn); leaving it drops it from memory. The remote screen is made on
first use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules.game import Game
from web.game.screen import GameScreen


class RemotePlay:
    """A part of `web.shell.app.App`."""

    table: GameScreen
    remote: Any  # web.remote.screen.RemoteScreen, once used
    store: Any

    def remote_screen(self) -> Any:
        if self.remote is None:
            from web.remote.screen import RemoteScreen

            self.remote = RemoteScreen(self)
            self.remote.build()
        return self.remote

    def relanguage_remote(self) -> None:
        from web.remote import entry

        entry.label()
        if self.remote is not None:
            self.remote.relanguage()

    def open_remote(self) -> None:
        self.remote_screen().open()

    def open_message(self, fragment: str) -> None:
        """A message in the address (at start, or arriving while the page runs)."""
        self.remote_screen().open_fragment(fragment)

    def close_puzzle(self) -> None:
        raise NotImplementedError

    def show_save(self, shown: bool) -> None:
        raise NotImplementedError

    def remote_on_board(self) -> bool:
        return self.table.on_turn is not None

    def play_remote(
        self, game: Game, seats: list[str], on_turn: Callable[[list[str]], None]
    ) -> None:
        """A remote game's position on the game screen; `on_turn` gets each whole turn."""
        self.close_puzzle()
        self.show_save(False)  # a save would hold the hidden tiles as unknown
        self.table.begin(game, seats, on_turn=on_turn)

    def leave_remote(self) -> None:
        """The start screen takes over: the remote game leaves memory (it is kept)."""
        if self.remote_on_board():
            self.table.drop()
            self.show_save(True)
