"""Input on the game screen (browser only): mouse, touch, keys and buttons.

Each handler changes the screen state (`web.game.state`) or asks the game screen to play
a move, then the screen renders once. The only state kept here is the gesture in
progress (which fingers are down), which nothing on screen depends on.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]

from web.board import zoom
from web.board.hexgrid import Cell
from web.board.placing import Tile, tile_at
from web.game import state as st
from web.game.screen import GameScreen
from web.game.state import Keyed
from web.game.status import refusal
from web.i18n import _, fmt
from web.ui.dom import document, el, guard_dialog, js_value, keep, missing, on

MOVE_LISTS = ("move-list", "last-move", "pass-last")


class GameInput:
    def __init__(self, table: GameScreen, modal_open: Any) -> None:
        """`modal_open()` is true while a dialog above the game (rules, replay) has the keys."""
        self.table = table
        self.modal_open = modal_open
        self.touches: dict[int, tuple[float, float]] = {}  # fingers on the board
        self.gesture: dict[str, Any] | None = None  # tap, drag, pinch or done
        self.auto_zoom = False  # the board zoomed in by itself for a finger (finger_zoom)
        self.lifted = 0  # fingers lifted off the board and handled (the automation hook's)

    # --- helpers ---------------------------------------------------------------------------------
    @property
    def screen(self) -> st.Screen | None:
        return self.table.screen

    def tile(self) -> Tile | None:
        facts, screen = self.table.facts, self.table.screen
        if facts is None or screen is None or not facts.index.has_placements:
            return None
        return tile_at(list(facts.rack), screen.aim.slot)

    def position(self) -> st.Position:
        return self.table.facts.position if self.table.facts is not None else ()

    def cell_of(self, event: Any) -> Cell | None:
        return self.table.canvas.cell_at(self.table.canvas.point(event))

    # --- wiring ----------------------------------------------------------------------------------
    def bind(self) -> None:
        table = self.table
        canvas = table.canvas.canvas
        on(canvas, "pointermove", self.on_pointer_move)
        on(canvas, "pointerleave", self.on_pointer_leave)
        on(canvas, "pointerdown", self.on_pointer_down)
        on(canvas, "pointerup", self.on_pointer_up)
        on(canvas, "pointercancel", self.on_pointer_up)
        on(canvas, "contextmenu", self.on_context_menu)
        on(canvas, "wheel", self.on_wheel, js_value({"passive": False}))
        on(el("zoom-reset"), "click", lambda e: table.canvas.set_zoom(zoom.FITTED))
        on(document, "keydown", self.on_key)
        on(el("rack"), "click", self.on_rack_click)
        on(el("turn-button"), "click", lambda e: self.turn(1))
        on(el("place-button"), "click", lambda e: table.place_aimed())
        on(el("swap-yes"), "click", lambda e: table.decide("swap"))
        on(el("swap-no"), "click", lambda e: table.decide("pass"))
        on(el("undo-button"), "click", lambda e: table.undo())
        on(el("redo-button"), "click", lambda e: table.redo())
        on(el("hint-button"), "click", lambda e: asyncio.ensure_future(table.ask_hint()))
        on(el("describe-button"), "click", lambda e: self.describe())
        on(el("pass-ready"), "click", lambda e: table.reveal())
        on(el("welcome-done"), "click", lambda e: table.close_welcome())
        on(el("over-board"), "click", lambda e: table.close_over())
        # Escape: the game-over card closes (the board stays to look at); the pass screen
        # does not (it hides the next rack). Should the browser close one anyway, the
        # dialogs are drawn again from the model.
        guard_dialog(el("pass-screen"), lambda: None, table.page.sync_dialogs)
        guard_dialog(el("over-screen"), table.close_over, table.page.sync_dialogs)
        for list_id in MOVE_LISTS:
            box = el(list_id)
            on(box, "pointerover", self.on_move_point)
            on(box, "focusin", self.on_move_point)
            on(box, "click", self.on_move_point)
            on(box, "pointerleave", self.on_move_leave)
            on(box, "focusout", self.on_move_leave)
        on(el("move-list"), "keydown", self.on_move_list_key)
        observer = js.ResizeObserver.new(keep(lambda entries, obs: table.canvas.resize()))
        observer.observe(el("board-wrap"))
        self.observer = observer

    # --- moves in the lists: hover, focus or tap highlights their cells --------------------------
    def on_move_point(self, event: Any) -> None:
        screen = self.screen
        if screen is None or missing(event.target):
            return
        node = event.target.closest("[data-index]")
        if missing(node):
            return
        marked = (int(node.getAttribute("data-index")), self.position())
        if screen.marked != marked:
            screen.marked = marked
            self.table.render()

    def on_move_leave(self, event: Any) -> None:
        screen = self.screen
        if screen is None or screen.marked is None:
            return
        if event.type == "focusout" and not missing(event.relatedTarget):
            related = event.relatedTarget.closest("[data-index]")
            if not missing(related):
                return  # focus moves on to another move: focusin marks that one
        screen.marked = None
        self.table.render()

    def on_move_list_key(self, event: Any) -> None:
        """The move list is one stop for Tab; the arrow keys walk through its moves."""
        key = str(event.key)
        if key not in ("ArrowUp", "ArrowDown", "Home", "End"):
            return
        items = list(el("move-list").querySelectorAll("li"))
        if not items:
            return
        current = event.target.closest("li")
        at = next((i for i, n in enumerate(items) if not missing(current) and n == current), 0)
        step = {"ArrowUp": at - 1, "ArrowDown": at + 1, "Home": 0, "End": len(items) - 1}[key]
        target = items[max(0, min(len(items) - 1, step))]
        event.preventDefault()
        event.stopPropagation()
        for node in items:
            node.setAttribute("tabindex", "0" if node == target else "-1")
        target.focus()

    # --- mouse ---------------------------------------------------------------------------------
    def on_pointer_move(self, event: Any) -> None:
        if event.pointerType == "touch":
            self.on_touch_move(event)
            return
        screen = self.screen
        if screen is not None and st.point_at(screen, self.cell_of(event)):
            self.table.render()

    def on_pointer_leave(self, event: Any) -> None:
        screen = self.screen
        if screen is None or event.pointerType == "touch" or screen.keyboard:
            return
        if screen.aim.cell is not None:
            screen.aim.cell = None
            self.table.render()

    def on_pointer_down(self, event: Any) -> None:
        if self.screen is not None:
            self.screen.touch = event.pointerType == "touch"
        if event.pointerType == "touch":
            event.preventDefault()
            self.on_touch_down(event)
            return
        screen, facts = self.screen, self.table.facts
        if event.button == 2 or screen is None or facts is None or not facts.index.has_placements:
            return  # right button turns the tile; off-turn clicks do nothing
        screen.aim.cell = self.cell_of(event)
        self.table.place_aimed(confirmed=False)

    def on_context_menu(self, event: Any) -> None:
        event.preventDefault()
        self.turn(1)

    def on_wheel(self, event: Any) -> None:
        canvas = self.table.canvas
        if event.ctrlKey:  # a touchpad pinch (or ctrl + wheel): zoom at the pointer
            event.preventDefault()
            width, height = canvas.css_size
            factor = 0.99 ** float(event.deltaY)
            view = zoom.zoom_at(canvas.fit, canvas.view_zoom, canvas.point(event),
                                canvas.view_zoom.zoom * factor, width, height)  # fmt: skip
            canvas.set_zoom(zoom.settle(view))
            return
        if self.tile() is None:
            return
        event.preventDefault()
        self.turn(1 if event.deltaY > 0 else -1)

    def turn(self, step: int) -> None:
        screen, facts = self.screen, self.table.facts
        if screen is None or facts is None:
            return
        st.rotate(screen, facts.index, self.tile(), step)
        self.table.render()

    # --- touch: a tap counts when the finger lifts without having moved, so that the first
    # finger of a pinch, or a finger dragging a zoomed board, places nothing ----------------------
    def on_touch_down(self, event: Any) -> None:
        point = self.table.canvas.point(event)
        if event.isPrimary:
            self.touches.clear()  # a first finger: any finger we still track has gone
        self.touches[int(event.pointerId)] = point
        view = self.table.canvas.view_zoom
        if len(self.touches) == 1:
            self.gesture = {"kind": "tap", "id": int(event.pointerId), "start": point,
                            "view": view}  # fmt: skip
        elif len(self.touches) == 2:
            ids = list(self.touches)
            first = (self.touches[ids[0]], self.touches[ids[1]])
            self.gesture = {"kind": "pinch", "ids": ids, "first": first, "view": view}

    def on_touch_move(self, event: Any) -> None:
        pid = int(event.pointerId)
        gesture = self.gesture
        if pid not in self.touches or gesture is None:
            return
        canvas = self.table.canvas
        point = canvas.point(event)
        self.touches[pid] = point
        width, height = canvas.css_size
        if gesture["kind"] == "pinch":
            a, b = gesture["ids"]
            if a in self.touches and b in self.touches:
                now = (self.touches[a], self.touches[b])
                canvas.set_zoom(zoom.pinch(canvas.fit, gesture["view"], gesture["first"], now,
                                           width, height))  # fmt: skip
            return
        if gesture.get("id") != pid:
            return
        dx, dy = point[0] - gesture["start"][0], point[1] - gesture["start"][1]
        if gesture["kind"] == "tap" and (dx * dx + dy * dy) ** 0.5 > zoom.TAP_SLOP:
            gesture["kind"] = "done" if gesture["view"].fitted else "drag"
        if gesture["kind"] == "drag":
            canvas.set_zoom(zoom.drag(gesture["view"], dx, dy, width, height))

    def on_pointer_up(self, event: Any) -> None:
        if event.pointerType != "touch":
            return
        pid = int(event.pointerId)
        self.touches.pop(pid, None)
        gesture = self.gesture
        canvas = self.table.canvas
        if gesture is not None and gesture["kind"] == "pinch":
            gesture["kind"] = "done"  # the finger left behind does nothing until lifted
            canvas.set_zoom(zoom.settle(canvas.view_zoom))
        elif gesture is not None and gesture["kind"] == "tap" and gesture["id"] == pid:
            gesture["kind"] = "done"
            facts = self.table.facts
            if str(event.type) == "pointerup" and facts is not None and facts.index.has_placements:
                self.finger_zoom(gesture["start"])
                self.on_tap(canvas.cell_at(gesture["start"]))
        if not self.touches:
            self.gesture = None
        self.lifted += 1

    def finger_zoom(self, point: tuple[float, float]) -> None:
        """Placing with a finger on cells smaller than a fingertip: the board zooms in
        around the tap (the tapped cell stays under the finger) until the move is made."""
        canvas = self.table.canvas
        if self.tile() is None or canvas.cell_at(point) is None:
            return
        width, height = canvas.css_size
        view = zoom.finger_view(canvas.fit, canvas.view_zoom, point, width, height)
        if view is not None:
            canvas.set_zoom(view)
            self.auto_zoom = True

    def on_tap(self, cell: Cell | None) -> None:
        screen, facts, game = self.screen, self.table.facts, self.table.game
        if screen is None or facts is None or game is None:
            return
        tile = self.tile()
        move = st.tap(screen, facts.index, tile, cell, facts.position)
        if move is not None and tile is not None:
            move = st.arm_tapped(screen, tile, move, facts.position)
        if move is not None:
            screen.armed = None
            screen.aim.touch_anchor = None
            screen.aim.slot = None
            if self.auto_zoom:  # the whole board again, to watch what comes next
                self.auto_zoom = False
                self.table.canvas.set_zoom(zoom.FITTED)
            self.table.play(move)
            return
        if screen.armed is not None and screen.armed.at(facts.position):
            screen.notice = None  # the status line asks for the second tap
        elif tile is not None and cell is not None and screen.aim.touch_anchor is None:
            why = refusal(game, st.aimed_move(screen, tile), sentence=False)
            text = fmt("Not here: {why}", why=why) if why else _("This tile cannot start there.")
            screen.notice = Keyed(text, facts.position)
        self.table.render()

    # --- rack and keys ---------------------------------------------------------------------------
    def on_rack_click(self, event: Any) -> None:
        node = event.target.closest(".rack-tile[data-slot]")
        if missing(node) or self.screen is None:
            return
        self.screen.keyboard = event.detail == 0
        if str(getattr(event, "pointerType", "") or "") in ("touch", "mouse", "pen"):
            self.screen.touch = event.pointerType == "touch"
        self.select(int(node.getAttribute("data-slot")))

    def select(self, slot: int) -> None:
        screen, facts = self.screen, self.table.facts
        if screen is None or facts is None:
            return
        said = st.select_slot(screen, facts.index, list(facts.rack), slot)
        if said:
            screen.said = Keyed(said, facts.position)
        self.table.render()

    def on_key(self, event: Any) -> None:
        if not self.table.active or self.modal_open():
            return
        shown = self.table.shown
        if shown is not None and (shown.pass_screen.visible or shown.over.visible):
            return
        screen, facts, game = self.screen, self.table.facts, self.table.game
        if screen is None or facts is None or game is None:
            return
        target = event.target
        tag = "" if missing(target) or missing(target.tagName) else str(target.tagName).lower()
        if tag in ("input", "select", "textarea"):
            return
        key = str(event.key)
        on_control = tag in ("button", "a", "li") or (
            not missing(target) and str(target.id or "") == "last-move"
        )
        if key in "123456" and len(key) == 1:
            screen.keyboard = True
            self.select(int(key) - 1)
        elif key in ("r", "R"):
            st.rotate(screen, facts.index, self.tile(), -1 if event.shiftKey else 1)
            self.say_aim()
        elif key.startswith("Arrow") and not on_control:
            event.preventDefault()
            st.move_cursor(screen, key, game.zone_radius)
            self.say_aim()
        elif key in ("Enter", " ") and not on_control:
            event.preventDefault()
            self.table.place_aimed()
        elif key == "Escape":
            st.drop_tile(screen)
            self.table.render()
        elif key in ("d", "D") and not (event.ctrlKey or event.metaKey or event.altKey):
            self.describe()

    def say_aim(self) -> None:
        """After a key moved or turned the tile: the live region reads out the cursor."""
        screen = self.screen
        if screen is not None:
            st.speak(screen, "cursor", self.position())
        self.table.render()

    def describe(self) -> None:
        """Describe the board (button or D): the live region reads out a summary."""
        screen = self.screen
        if screen is not None:
            st.speak(screen, "board", self.position())
            self.table.render()
