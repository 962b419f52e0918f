"""Write a `GameModel` into the game screen's elements (browser only).

One call, `GameView.draw(model)`, after every event. Regions whose part of the model did
not change are left alone; the move list only appends what is new (a full rebuild after
an undo or a load), and the score tracks are updated in place so their markers slide.
Nothing here decides what to show, and nothing is read back from the page. Text goes in
with `textContent`, markup only through `web.ui.markup`.
"""

from __future__ import annotations

from typing import Any

from web.board.symbols import colour_name, svg_symbol, svg_tile
from web.game.model import GameModel, PreviewModel, RackModel
from web.game.over import OverModel, PassModel, SideLow
from web.game.strip import strip_html
from web.game.words import MoveWords
from web.i18n import _, fmt
from web.ui.dom import el, missing, show_dialog
from web.ui.markup import Markup, join, tag
from web.ui.scoreboard import board_html, label_text, token_html, value_text


def move_item(move: MoveWords, last: bool) -> Markup:
    """One entry of the move list: its words, and its cells for the board to highlight."""
    return tag(
        "li",
        {"class": "bonus" if move.bonus else None, "data-index": move.index,
         "tabindex": 0 if last else -1, "aria-label": move.speech},
        move.text,
    )  # fmt: skip


def rack_html(rack: RackModel) -> Markup:
    if not rack.tiles:
        return join(
            tag("div", {"class": "rack-tile hidden-tile", "aria-hidden": "true"})
            for _ in range(rack.hidden)
        )
    return join(
        tag("button", {"type": "button", "class": "rack-tile", "data-slot": t.slot,
                       "aria-pressed": "true" if t.pressed else "false",
                       "disabled": t.disabled, "aria-label": t.label},
            tag("span", {"class": "key", "aria-hidden": "true"}, t.slot + 1),
            Markup(svg_tile(t.colours[0], t.colours[1], 68)))
        for t in rack.tiles
    )  # fmt: skip


def partners_html(rack: RackModel) -> Markup:
    return join(
        [tag("p", {"class": "partner-name"}, p.title),
         tag("div", {"class": "partner-tiles"}, [
             tag("span", {"class": "partner-tile", "role": "img", "aria-label": label},
                 Markup(svg_tile(a, b, 44)))
             for (a, b), label in p.tiles])]
        for p in rack.partners
    )  # fmt: skip


def preview_html(preview: PreviewModel) -> Markup:
    if preview.message:
        return tag("span", {"class": "none"}, preview.message)
    if not preview.gains and not preview.spoken:
        return Markup("")
    parts: list[object] = [tag("span", {"class": "sr-only"}, _("This placement scores") + " ")]
    if preview.gains:
        parts += [
            tag("span", {"class": "gain"}, f"+{n} ", Markup(svg_symbol(c, 16)))
            for c, n in preview.gains
        ]
    else:
        parts.append(tag("span", {"class": "none"}, _("No points")))
    if preview.bonus:
        times = f" ×{preview.bonus}" if preview.bonus > 1 else ""
        parts += [" ", tag("span", {"class": "bonus"}, _("Ingenious!") + times)]
    if preview.capped:
        lost = ", ".join(colour_name(c) for c in preview.capped)
        said = fmt("(some {colours} points lost at the cap)", colours=lost)
        parts += [" ", tag("span", {"class": "none"}, said)]
    return join(parts)


def ranking_html(over: OverModel) -> Markup:
    return join(
        tag("li", {"class": "rank first" if row.first else "rank"},
            tag("span", {"class": "rank-place"}, f"{row.place}."), " ",
            tag("span", {"class": "rank-name"}, row.name), " ",
            tag("span", {"class": "counts"}, row.detail))
        for row in over.rows
    )  # fmt: skip


def pass_html(pass_screen: PassModel) -> Markup:
    if not pass_screen.since:
        return tag("li", {"class": "muted"}, pass_screen.empty or _("Nothing new since your turn."))
    return join(
        tag("li", {"data-index": m.index, "aria-label": m.speech}, m.text)
        for m in pass_screen.since
    )


def lows_html(lows: tuple[SideLow, ...]) -> Markup:
    """Every side's lowest value and its symbols, a short line each ("Ann 0 ✹ ● ✶"): the
    standing for the eye (the sentence beside it is for screen readers)."""
    return join(
        tag("li", None,
            tag("span", {"class": "low-name"}, side.name), " ",
            tag("span", {"class": "low-value"}, str(side.low)), " ",
            tag("span", {"class": "low-symbols"},
                [Markup(svg_symbol(c, 16, label=False)) for c in side.colours]))
        for side in lows
    )  # fmt: skip


class GameView:
    """The game screen's elements; `draw` writes a model into them."""

    def __init__(self) -> None:
        self.shown: GameModel | None = None
        self.later: GameModel | None = None  # what the last move, moves and scores show
        self.score_key: Any = None
        self.moves: tuple[MoveWords, ...] = ()
        self.shown_tracks: dict[tuple[int, str], Any] = {}
        self.nodes: dict[str, Any] = {}

    def el(self, id_: str) -> Any:
        """An element of the game screen (looked up once: each lookup crosses into JS)."""
        node = self.nodes.get(id_)
        if node is None:
            node = self.nodes[id_] = el(id_)
        return node

    def reset(self) -> None:
        """A new page content is coming (another game): draw every region afresh."""
        self.shown = None
        self.later = None
        self.score_key = None
        self.moves = ()
        self.shown_tracks = {}

    def draw(
        self, m: GameModel, view: dict[str, Any], keyboard: bool = False, defer: bool = False
    ) -> None:
        """Write `m`; `view` is the player view it was made from (for the score boards'
        structure), `keyboard`: the player uses keys, so a new offer takes the focus.
        `defer`: the last move, the move list and the score boards wait for `draw_later`
        (after a move they are not what the tap must show at once)."""
        old = self.shown
        self.shown = m
        if old is None or old.status != m.status:
            self.el("status").textContent = m.status
        if old is None or old.announce != m.announce:
            self.el("announce").textContent = m.announce
        if not defer:
            self.draw_later(m, view)
        if old is None or old.rack != m.rack:
            self.draw_rack(m.rack, old.rack if old else None)
        if old is None or old.offer != m.offer:
            self.draw_offer(m, old, keyboard)
        if old is None or old.preview != m.preview:
            self.el("preview").innerHTML = preview_html(m.preview)
        if old is None or old.note != m.note:
            self.el("hint-note").textContent = m.note
            self.el("hint-note").hidden = not m.note
        if old is None or old.buttons != m.buttons:
            b = m.buttons
            self.el("undo-button").disabled = not b.undo
            self.el("redo-button").disabled = not b.redo
            self.el("hint-button").disabled = not b.hint
            for name in ("undo-button", "redo-button", "hint-button"):
                self.el(name).hidden = b.question  # a question on the board offers none
            self.el("turn-button").disabled = not b.turn
            self.el("place-button").disabled = not b.place
            self.el("confirm-wrap").hidden = not b.confirm_shown
            self.el("confirm-place").checked = b.confirm_on
        if old is None or old.pass_screen != m.pass_screen:
            self.draw_pass(m.pass_screen, old.pass_screen if old else None)
        if old is None or old.welcome != m.welcome:
            self.draw_welcome(m.welcome)
        if old is None or old.over != m.over:
            self.draw_over(m.over, old.over if old else None)
        if old is None or old.board.label != m.board.label:
            self.el("board-canvas").setAttribute("aria-description", m.board.label)

    def draw_later(self, m: GameModel, view: dict[str, Any]) -> None:
        """The last move, the move list and the score boards as `m` says (what `draw`
        with `defer` left for later)."""
        old = self.later
        self.later = m
        if old is None or old.last_move != m.last_move:
            self.draw_last(m.last_move)
        if old is None or old.moves != m.moves:
            self.draw_moves(m.moves)
        if old is None or old.scores != m.scores:
            self.draw_scores(m, view)

    def draw_last(self, last: MoveWords | None) -> None:
        node = self.el("last-move")
        node.textContent = last.text if last else ""
        if last is None:
            node.removeAttribute("data-index")
            node.removeAttribute("tabindex")
            node.removeAttribute("aria-label")
            return
        node.setAttribute("data-index", str(last.index))
        node.setAttribute("tabindex", "0")
        node.setAttribute("aria-label", fmt("Last move: {move}", move=last.speech))

    def draw_moves(self, moves: tuple[MoveWords, ...]) -> None:
        box = self.el("move-list")
        shown = self.moves
        if len(moves) >= len(shown) and moves[: len(shown)] == shown and shown:
            new = moves[len(shown) :]
            if new:
                previous = box.lastElementChild
                if not missing(previous):
                    previous.setAttribute("tabindex", "-1")
                box.insertAdjacentHTML(
                    "beforeend", join(move_item(m, i == len(new) - 1) for i, m in enumerate(new))
                )
        else:
            box.innerHTML = join(move_item(m, i == len(moves) - 1) for i, m in enumerate(moves))
        if moves != shown:
            box.scrollTop = box.scrollHeight
        self.moves = moves

    def draw_rack(self, rack: RackModel, old: RackModel | None) -> None:
        box = self.el("rack")
        self.el("rack-title").textContent = rack.title
        self.el("bag-count").textContent = rack.bag
        box.setAttribute("aria-label", rack.label)
        same_tiles = (
            old is not None
            and old.hidden == rack.hidden
            and [(t.slot, t.colours, t.disabled) for t in old.tiles]
            == [(t.slot, t.colours, t.disabled) for t in rack.tiles]
        )
        if same_tiles:
            # Only the pressed tile changed: keep the buttons (and the keyboard focus).
            for t in rack.tiles:
                node = box.querySelector(f'.rack-tile[data-slot="{t.slot}"]')
                if not missing(node):
                    node.setAttribute("aria-pressed", "true" if t.pressed else "false")
        else:
            box.innerHTML = rack_html(rack)
        partner = self.el("partner-rack")
        if old is None or old.partners != rack.partners:
            partner.innerHTML = partners_html(rack)
        partner.hidden = not rack.partners

    def draw_offer(self, m: GameModel, old: GameModel | None, keyboard: bool) -> None:
        offer = m.offer
        box = self.el("swap-offer")
        box.hidden = not offer.visible
        if not offer.visible:
            return
        self.el("swap-reason").textContent = offer.reason
        self.el("swap-yes").textContent = offer.take
        self.el("swap-no").textContent = offer.keep
        box.setAttribute("aria-label", offer.label)
        if keyboard and (old is None or not old.offer.visible):
            self.el("swap-yes").focus()  # keyboard players answer the offer with Enter or Tab

    def draw_scores(self, m: GameModel, view: dict[str, Any]) -> None:
        board = self.el("scoreboard")
        names = list(view["names"])
        key = (view["variant"], view["players"], tuple(names), tuple(view["side_names"]))
        old = self.shown_tracks
        if key != self.score_key:
            board.innerHTML = board_html(view)
            self.score_key = key
            # Written with the view's values (the model's tracks are made from the same view):
            # no track needs its own update now.
            old = {(s.side, s.colour): s for s in m.scores.tracks}
        tracks = {}
        for state in m.scores.tracks:
            tracks[(state.side, state.colour)] = state
            if old.get((state.side, state.colour)) == state:
                continue
            node = board.querySelector(
                f'.track[data-side="{state.side}"][data-colour="{state.colour}"]'
            )
            if missing(node):
                continue
            node.setAttribute("data-value", str(state.value))
            node.classList.toggle("lowest", state.lowest)
            node.setAttribute("aria-label", label_text(state, names))
            node.querySelector(".val").textContent = value_text(state)
            node.querySelector(".mark").style.setProperty("--pos", f"{state.position:.4f}")
            if state.low < 0:
                node.querySelector(".tok.left").innerHTML = token_html(state, names, 0)
                node.querySelector(".tok.right").innerHTML = token_html(state, names, 1)
        self.shown_tracks = tracks
        self.el("score-strip").innerHTML = strip_html(
            m.scores.tracks, list(view["side_names"]), m.scores.current_side
        )
        self.el("game").setAttribute("data-sides", str(len(view["side_names"])))
        for card in board.querySelectorAll(".score-card"):
            side = int(card.getAttribute("data-side"))
            card.classList.toggle("current", side == m.scores.current_side)

    def draw_pass(self, pass_screen: PassModel, old: PassModel | None) -> None:
        if pass_screen.visible:
            self.el("pass-title").textContent = pass_screen.title
            self.el("pass-ready").textContent = pass_screen.ready
            self.el("pass-last").innerHTML = pass_html(pass_screen)
            self.draw_standing("pass", pass_screen)
        show_dialog(self.el("pass-screen"), pass_screen.visible)
        if pass_screen.visible and (old is None or not old.visible):
            self.el("pass-ready").focus()

    def draw_welcome(self, welcome: PassModel) -> None:
        """On resume: the moves since this person's last turn, in the panel."""
        box = self.el("welcome")
        if welcome.visible:
            self.el("welcome-title").textContent = welcome.title
            self.el("welcome-done").textContent = welcome.ready
            self.el("welcome-moves").innerHTML = pass_html(welcome)
            self.draw_standing("welcome", welcome)
        box.hidden = not welcome.visible

    def draw_standing(self, where: str, model: PassModel) -> None:
        """The standing of a pass screen or resume panel: a line per side, the sentence for
        screen readers (shown itself in the duel, which has no lines)."""
        standing = self.el(f"{where}-standing")
        standing.textContent = model.standing
        standing.className = "sr-only" if model.lows else "muted"
        lows = self.el(f"{where}-lows")
        lows.innerHTML = lows_html(model.lows)
        lows.hidden = not model.lows

    def draw_over(self, over: OverModel, old: OverModel | None) -> None:
        if over.visible:
            self.el("over-title").textContent = over.title
            self.el("ranking").innerHTML = ranking_html(over)
            self.el("tiebreak").innerHTML = join(tag("p", None, r) for r in over.reasons)
        show_dialog(self.el("over-screen"), over.visible)
        if over.visible and (old is None or not old.visible):
            self.el("over-again").focus()

    def sync_dialogs(self) -> None:
        """Open or close the dialogs as the last model says (after the browser closed one)."""
        m = self.shown
        show_dialog(self.el("pass-screen"), m is not None and m.pass_screen.visible)
        show_dialog(self.el("over-screen"), m is not None and m.over.visible)
