"""The embedded board's try mode: a tile to aim, turn and place, with the score it would
make shown before it is placed (mouse, touch and keys). Mixed into `web.teach.embed.Embed`,
whose state it shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import COLOURS, Position, SaveFormatError
from web.board import render
from web.board.hexgrid import DIRECTIONS, Cell, add
from web.i18n import _, fmt
from web.teach.boardview import BoardView, Overlay
from web.teach.embed_view import ray_items
from web.teach.teach import (
    committed,
    points_text,
    position_from_object,
    score_or_none,
    with_placement,
)


class TryMode:
    """Try mode's steps. The state is the board's (`web.teach.embed.Embed.__init__`)."""

    mode: str
    position: Position | None
    initial: Position | None
    aim_cell: Cell | None
    cursor: Cell | None
    direction: int
    preview: dict[str, Any] | None
    preview_problem: str
    placed: list[str]

    if TYPE_CHECKING:  # the board's own, defined by Embed

        def el(self, id_: str) -> Any: ...

        @property
        def board(self) -> BoardView: ...

        def layout(self) -> None: ...

    # --- try mode -------------------------------------------------------------------------------
    def start_try(self, position: Position) -> None:
        self.board.zoom_to([])
        self.el("explain").hidden = True
        self.el("try").hidden = False
        if position.placement is not None:
            (a, ca), (b, cb) = position.placement
            self.el("colour-a").value = COLOURS[ca]
            self.el("colour-b").value = COLOURS[cb]
            self.aim_cell = a
            self.direction = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
            data = position.to_json()
            data.pop("placement", None)
            position, _ = position_from_object(data)
        self.position = position
        self.initial = position
        self.placed = []
        self.update_preview()

    def tile(self) -> tuple[str, str]:
        return (str(self.el("colour-a").value), str(self.el("colour-b").value))

    def update_preview(self) -> None:
        if self.position is None or self.mode != "try":
            return
        cell = self.cursor if self.cursor is not None else self.aim_cell
        overlay = Overlay(cursor=self.cursor)
        self.preview, self.preview_problem = None, ""
        if cell is not None:
            partner = add(cell, DIRECTIONS[self.direction])
            ca, cb = self.tile()
            try:
                self.preview = score_or_none(with_placement(self.position, cell, ca, partner, cb))
            except SaveFormatError as exc:
                self.preview_problem = str(exc)
            overlay.ghost = render.Ghost((cell, partner), (ca, cb), legal=self.preview is not None)
            if self.preview is not None:
                overlay.rays = self.preview["rays"]
        self.board.show(self.position, overlay)
        self.render_preview()

    def render_preview(self) -> None:
        result, rays = self.el("try-result"), self.el("try-rays")
        if self.preview is not None:
            result.textContent = fmt("This tile would score {points}.",
                                     points=points_text(self.preview["points"]))  # fmt: skip
            result.setAttribute("data-total", str(self.preview["total"]))
            zone = self.position.zone if self.position is not None else 5
            rays.innerHTML = ray_items(self.preview["rays"], hooks=False, radius=zone)
        else:
            text = (
                fmt("Not here: {why}.", why=self.preview_problem.removeprefix("placement: "))
                if self.preview_problem
                else _("Point at two empty cells to try the tile.")
            )
            result.textContent = text
            result.removeAttribute("data-total")
            rays.innerHTML = ""
        self.el("place").disabled = self.preview is None
        self.layout()

    def turn(self, step: int) -> None:
        self.direction = (self.direction + step) % 6
        self.update_preview()

    def place(self) -> None:
        if self.position is None or self.preview is None:
            return
        placement = self.preview["placement"]
        scored = points_text(self.preview["points"])
        cell = (placement[0][0], placement[0][1])
        partner = (placement[1][0], placement[1][1])
        placed = with_placement(self.position, cell, placement[0][2], partner, placement[1][2])
        self.position, _scored = committed(placed)
        self.placed.append(scored)
        self.update_preview()
        self.el("try-result").textContent = fmt("Placed: it scored {points}. Try the next tile.",
                                                points=scored)  # fmt: skip

    def reset(self) -> None:
        if self.initial is not None and self.mode == "try":
            self.position = self.initial
            self.placed = []
            self.update_preview()

    # --- input ------------------------------------------------------------------------------------
    def on_pointer_move(self, event: Any) -> None:
        if self.mode != "try" or self.position is None:
            return
        cell = self.board.cell_at(float(event.clientX), float(event.clientY))
        if cell != self.aim_cell or self.cursor is not None:
            self.aim_cell, self.cursor = cell, None
            self.update_preview()

    def on_pointer_down(self, event: Any) -> None:
        if self.mode != "try" or event.button == 2:
            return
        cell = self.board.cell_at(float(event.clientX), float(event.clientY))
        # A finger has no hover: the first tap shows what the tile would score, a second
        # tap on the same cell places it.
        first_tap = event.pointerType == "touch" and cell != self.aim_cell
        self.aim_cell, self.cursor = cell, None
        self.update_preview()
        if not first_tap:
            self.place()

    def on_context_menu(self, event: Any) -> None:
        if self.mode == "try":
            event.preventDefault()
            self.turn(1)
