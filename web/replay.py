"""Replay viewer: step through a game from its seed and moves, with the scores at each step.

`frames` is pure (the engine replays the game from scratch, so a replay shows exactly
what the rules produce, whatever the save claims). `ReplayViewer` draws a frame with
the game's own renderer into an overlay built from Python; names and move lines are
set as text, never markup.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import new_game
from engine.game import Game
from engine.tiles import COLOURS
from web import render
from web.hexgrid import fit_layout
from web.session import describe_event


@dataclass(frozen=True)
class Frame:
    step: int  # moves applied so far
    view: dict[str, Any]  # the public view (no rack shown)
    line: str  # the move that led here, in words
    scores: list[tuple[str, list[int]]]  # (side label, one value per colour)


def side_labels(game: Game) -> list[str]:
    if game.variant.name == "duel":
        return [f"{game.names[0]} (+) / {game.names[1]} (−)"]
    sides: dict[int, list[str]] = {}
    for seat, name in enumerate(game.names):
        sides.setdefault(game.side_of(seat), []).append(name)
    return [" & ".join(sides[s]) for s in sorted(sides)]


def frames(game: Game) -> list[Frame]:
    """One frame per step, from the empty board to the last move of `game`."""
    fresh = new_game(game.variant.name, game.players, game.seed, list(game.names), game.options)
    labels = side_labels(fresh)

    def frame(line: str) -> Frame:
        scores = [(labels[i], list(track)) for i, track in enumerate(fresh.scores)]
        return Frame(len(fresh.moves), fresh.view(None), line, scores)

    out = [frame("The start: tiles dealt, nothing placed yet.")]
    for move in game.moves:
        event = fresh.apply(move)
        out.append(frame(describe_event(event, fresh.names, fresh.variant.name)))
    return out


def draw_view(canvas: Any, view: dict[str, Any], width: float, height: float, dpr: float) -> None:
    """Draw a position (board, symbols, tiles, last move) with the game's renderer."""
    canvas.width = round(width * dpr)
    canvas.height = round(height * dpr)
    ctx = canvas.getContext("2d")
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    scene = render.scene_from_view(view)
    layout = fit_layout(min(scene.radius + 1, 7) + 0.35, width, height, margin=1)
    render.draw_board(ctx, layout, scene, width, height)
    render.draw_tiles(ctx, layout, scene.tiles)
    if scene.last is not None:
        render.draw_last(ctx, layout, scene.last)


class ReplayViewer:
    """An overlay with the board, a step counter, the move in words and a score table."""

    SIZE = 420.0

    def __init__(self, document: Any, parent: Any, title: str, game: Game, dpr: float) -> None:
        self.document = document
        self.frames = frames(game)
        self.step = len(self.frames) - 1
        self.dpr = dpr
        make = document.createElement
        self.root = make("div")
        self.root.className = "replay overlay"
        self.root.id = "replay"
        self.root.setAttribute("role", "dialog")
        self.root.setAttribute("aria-modal", "true")
        self.root.setAttribute("aria-label", "Replay")
        card = make("div")
        card.className = "card dialog replay-card"
        head = make("h2")
        head.textContent = f"Replay: {title}"
        self.canvas = make("canvas")
        self.canvas.className = "replay-board"
        self.canvas.setAttribute("role", "img")
        self.counter = make("p")
        self.counter.className = "replay-step"
        self.counter.setAttribute("aria-live", "polite")
        self.line = make("p")
        self.line.className = "replay-line"
        self.table = make("table")
        self.table.className = "replay-scores"
        controls = make("div")
        controls.className = "row-buttons replay-controls"
        self.buttons: dict[str, Any] = {}
        for name, text, label in (
            ("first", "«", "First step"),
            ("back", "◀", "Step back"),
            ("forward", "▶", "Step forward"),
            ("last", "»", "Last step"),
            ("close", "Close", "Close the replay"),
        ):
            button = make("button")
            button.type = "button"
            button.textContent = text
            button.setAttribute("aria-label", label)
            button.setAttribute("data-replay", name)
            controls.appendChild(button)
            self.buttons[name] = button
        for node in (head, self.canvas, self.counter, self.line, self.table, controls):
            card.appendChild(node)
        self.root.appendChild(card)
        parent.appendChild(self.root)

    def go(self, step: int) -> None:
        self.step = max(0, min(step, len(self.frames) - 1))
        self.show()

    def act(self, name: str) -> bool:
        """A control by name; False for 'close' (the caller removes the viewer)."""
        targets = {"first": 0, "back": self.step - 1, "forward": self.step + 1}
        if name == "close":
            return False
        self.go(targets.get(name, len(self.frames) - 1))
        return True

    def show(self) -> None:
        frame = self.frames[self.step]
        last = len(self.frames) - 1
        size = self.SIZE
        draw_view(self.canvas, frame.view, size, size, self.dpr)
        self.canvas.style.width = f"{size:.0f}px"
        self.canvas.style.maxWidth = "100%"
        self.canvas.setAttribute("aria-label", f"The board after {frame.step} moves")
        self.counter.textContent = f"Move {frame.step} of {last}"
        self.line.textContent = frame.line
        self.buttons["first"].disabled = self.buttons["back"].disabled = self.step == 0
        self.buttons["forward"].disabled = self.buttons["last"].disabled = self.step == last
        self.fill_table(frame)

    def fill_table(self, frame: Frame) -> None:
        make = self.document.createElement
        self.table.replaceChildren()
        head = make("tr")
        for text in ("", *COLOURS):
            cell = make("th")
            cell.textContent = text
            head.appendChild(cell)
        self.table.appendChild(head)
        for label, values in frame.scores:
            row = make("tr")
            name = make("th")
            name.textContent = label
            row.appendChild(name)
            for value in values:
                cell = make("td")
                cell.textContent = str(value)
                row.appendChild(cell)
            self.table.appendChild(row)

    def remove(self) -> None:
        self.root.remove()
