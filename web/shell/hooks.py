"""The page's automation hooks (docs/automation.md, "`window.ingenious`"), read from the
game screen's state, its input and the sounds."""

from __future__ import annotations

from typing import Any

from web.game.input import GameInput
from web.game.screen import GameScreen
from web.play.sound import Sounds
from web.ui.dom import expose, js_value


def expose_automation(table: GameScreen, board_input: GameInput, sounds: Sounds) -> None:
    """``window.ingenious`` and ``window.ingeniousSound``: what a test or a tool may ask
    the board game and the sounds, read from their state."""
    expose("ingeniousSound", {"played": lambda: js_value(dict(sounds.played)),
                              "refused": lambda: sounds.refused,
                              "muted": lambda: sounds.muted})  # fmt: skip

    def state() -> Any:
        return js_value(table.game.to_save()) if table.game is not None else None

    def view() -> Any:
        facts = table.facts if table.game is not None else None
        return js_value(table.game.view(facts.owner)) if table.game and facts else None

    def legal_moves() -> Any:
        return js_value(table.game.legal_moves() if table.game is not None else [])

    def cell_center(q: int, r: int) -> Any:
        x, y = table.canvas.centre((int(q), int(r)))
        return js_value({"x": x, "y": y})

    def busy() -> bool:
        return table.busy()

    def animating() -> bool:
        return table.canvas.busy()

    def saved() -> bool:
        return not table.unsaved

    def rack() -> Any:
        facts = table.facts
        return js_value([list(t) for t in facts.rack] if facts is not None else [])

    def aim() -> Any:
        return table.shown.candidate if table.shown is not None else None

    def cursor() -> Any:
        cell = table.screen.cursor if table.screen is not None else None
        return js_value(list(cell)) if cell is not None else None

    def pointed() -> Any:
        cell = table.screen.aim.cell if table.screen is not None else None
        return js_value(list(cell)) if cell is not None else None

    def marked() -> Any:
        board = table.shown.board if table.shown is not None else None
        return js_value([list(c) for c in board.marked] if board is not None else [])

    def fingers() -> Any:
        return js_value({"down": len(board_input.touches), "lifted": board_input.lifted})

    def play(move: str) -> bool:
        facts, game = table.facts, table.game
        if game is None or facts is None or not facts.my_turn:
            return False
        return str(move) in game.legal_moves() and table.play(str(move))

    def timings() -> Any:
        return js_value([[what, round(ms, 2)] for what, ms in table.timings])

    expose(
        "ingenious",
        {"state": state, "view": view, "legalMoves": legal_moves, "cellCenter": cell_center,
         "busy": busy, "rack": rack, "aim": aim, "cursor": cursor, "pointed": pointed,
         "marked": marked, "fingers": fingers, "timings": timings, "saved": saved,
         "animating": animating, "play": play},
    )  # fmt: skip
