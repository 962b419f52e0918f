"""Replays: a game step by step from its seed and moves, with the scores at each step.

`frames` is pure (the engine replays the game from scratch, so a replay shows exactly
what the rules produce, whatever the save claims), and so is `replay_model`, what the
viewer shows at one step; `web.board.render.draw_view` draws such a position on any
canvas (the viewer, the saved-games thumbnails, the review). The viewer itself is
`web.saves.viewer`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import load_game
from engine.rules.game import Game
from engine.rules.tiles import COLOURS
from web.board.hexgrid import Cell
from web.game.words import describe
from web.i18n import N_, _, fmt, fmt_n

START_LINE = N_("The start: tiles dealt, nothing placed yet.")


@dataclass(frozen=True)
class Frame:
    step: int  # moves applied so far
    view: dict[str, Any]  # the public view (no rack shown)
    line: str  # the move that led here, in words
    scores: list[tuple[str, list[int]]]  # (side label, one value per colour)
    cells: tuple[Cell, ...] = ()  # the cells that move covered
    speech: str = ""  # the line for screen readers


def side_labels(game: Game) -> list[str]:
    if game.variant.name == "duel":
        return [f"{game.names[0]} (+) / {game.names[1]} (−)"]
    sides: dict[int, list[str]] = {}
    for seat, name in enumerate(game.names):
        sides.setdefault(game.side_of(seat), []).append(name)
    return [" & ".join(sides[s]) for s in sorted(sides)]


def frames(game: Game) -> list[Frame]:
    """One frame per step, from the empty board to the last move of `game`."""
    # From the game's own start: its seed, or the position it was begun from (try from here).
    fresh = load_game({**game.to_save(), "moves": []})
    labels = side_labels(fresh)

    def frame(line: str, cells: tuple[Cell, ...] = (), speech: str = "") -> Frame:
        scores = [(labels[i], list(track)) for i, track in enumerate(fresh.scores)]
        return Frame(len(fresh.moves), fresh.view(None), line, scores, cells, speech or line)

    out = [frame(START_LINE)]
    for move in game.moves:
        fresh.apply(move)
        words = describe(fresh.log, len(fresh.log) - 1, fresh.names, fresh.variant.name)
        out.append(frame(words.text, words.cells, words.speech))
    return out


def opening_step(shown: list[Frame]) -> int:
    """Where a replay opens: on the empty board, to be watched from the first move (the
    last position is what the player has just seen; End jumps there)."""
    return 0


@dataclass(frozen=True)
class ReplayModel:
    title: str
    counter: str
    line: str
    line_label: str
    board_label: str
    cells: tuple[Cell, ...]  # the step's move, outlined on the board
    marked: tuple[Cell, ...]  # the same, highlighted while the line is pointed at
    header: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]
    can_back: bool
    can_forward: bool


def replay_model(title: str, shown: list[Frame], step: int, pointing: bool = False) -> ReplayModel:
    """The viewer at `step` (clamped); `pointing`: the move's line is hovered or focused."""
    last = len(shown) - 1
    step = max(0, min(step, last))
    frame = shown[step]
    return ReplayModel(
        fmt("Replay: {title}", title=_(title)),
        fmt("Move {n} of {total}", n=frame.step, total=last),
        _(frame.line) if frame.line == START_LINE else frame.line,
        _(frame.speech) if frame.speech == START_LINE else frame.speech,
        fmt_n("The board after {n} move", "The board after {n} moves", "n", n=frame.step),
        frame.cells,
        frame.cells if pointing else (),
        ("", *COLOURS),
        tuple((label, tuple(values)) for label, values in frame.scores),
        step > 0,
        step < last,
    )
