"""The Challenges screen in the page (PyScript main thread): events in, one render out.

Event handlers only change state (the session, the screen state, the start form) or play
a move, then call :meth:`ChallengeUI.render`, which computes the screen model
(``screen.screen_model``) and draws it (the ``draw`` package). Nothing is read back from the page:
a control is found by its ``data-action`` key in the current model, and only the values
a person types or selects are taken from the event. Bots think in the page's bot worker
(``choose_challenge``, driven by ``bots.py``), so the page stays responsive.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from typing import Any

import js  # type: ignore[import-not-found]

from engine.rules.errors import IllegalMoveError, SaveFormatError
from web.challenges.actions import after_move, perform, prompt, refused
from web.challenges.draw.boards import log_html, pass_html, result_html, scores_html
from web.challenges.draw.controls import control
from web.challenges.draw.tables import panel_html, table_html
from web.challenges.host import SPEEDS, ChallengeHost
from web.challenges.parts import PassDialog, ResultDialog
from web.challenges.screen import Screen, screen_model, title
from web.challenges.session import (
    Session,
    describe_save,
    read_session,
    save_msg,
    write_session,
)
from web.challenges.setup import ChallengeSetup, SetupForm, form_model
from web.challenges.state import Keyed, ScreenState
from web.challenges.ui.bots import bot_turn
from web.challenges.ui.hooks import expose_automation
from web.challenges.ui.page import CONTINUE_HTML, SCREEN_HTML, fixed_texts, menu_html
from web.challenges.words.rules import rules_html
from web.i18n import N_, _, fmt
from web.play import sound, summary
from web.play.engine_words import engine_text
from web.play.session import SetupError
from web.ui.dom import (
    document,
    el,
    guard_dialog,
    js_value,
    missing,
    on,
    show_banner,
    show_dialog,
)

FLOW = ("ch-act", "ch-pass", "ch-over", "ch-guide")  # focus here follows the game


class ChallengeUI:
    def __init__(self, host: ChallengeHost) -> None:
        self.host = host
        self.form = SetupForm()
        self.seat_rows_for = 0  # the player count the seat rows were drawn for
        self.session: Session | None = None
        self.state = ScreenState()
        self.model: Screen | None = None
        self.generation = 0  # grows when a game starts or is undone: late bot answers drop
        self.busy = False  # a bot is thinking or showing its move
        self.drawn: dict[str, str] = {}
        self.focus_key: Any = None
        self.banner_key: Any = None
        self.build()

    # --- building ----------------------------------------------------------------------------
    def build(self) -> None:
        # The setup card is the page's own plain HTML (index.html, usable before Python):
        # its seat rows stay (see `adopt`).
        self.seat_rows_for = self.form.players
        slot = el("ch-continue-slot")
        if missing(slot):  # a page without the "Play on" card: keep it with the form
            slot = document.createElement("div")
            slot.id = "ch-continue-slot"
            el("challenge-setup").appendChild(slot)
        slot.className = "ch-continue"
        slot.innerHTML = CONTINUE_HTML
        el("challenge-screen").innerHTML = SCREEN_HTML
        self.write_fixed_texts()
        on(el("ch-form"), "change", self.on_form_input)
        on(el("ch-form"), "input", self.on_form_input)
        on(el("ch-form"), "submit", self.on_submit)
        on(el("ch-continue"), "click", lambda e: self.continue_saved())
        on(el("challenge-screen"), "click", self.on_click)
        on(el("challenge-screen"), "change", self.on_change)
        on(el("ch-speed"), "change", self.on_speed)
        on(document, "keydown", self.on_key)
        for dialog_id in ("ch-pass", "ch-over", "ch-guide"):
            guard_dialog(el(dialog_id), self.escape, self.sync_dialogs)
        self.render_form()
        self.render_continue()
        expose_automation(self)

    # --- the start form ----------------------------------------------------------------------
    def on_form_input(self, event: Any) -> None:
        node = event.target
        name = str(node.name or "")
        field_id = name if name == "ch-kind" else str(node.id or "")
        before = self.form
        checked = bool(getattr(node, "checked", False))  # only boxes and radios have it
        self.form = self.form.changed(field_id, str(node.value), checked)
        if (self.form.kind, self.form.players) != (before.kind, before.players):
            self.render_form()

    def render_form(self) -> None:
        model = form_model(self.form)
        for radio in document.querySelectorAll('input[name="ch-kind"]'):
            radio.checked = str(radio.value) == model.kind
        for game in ("cards", "dice", "tiles"):
            el(f"ch-match-{game}").checked = game in model.games
        el("ch-match-games").hidden = model.match_games_hidden
        el("ch-start-rule-row").hidden = model.start_rule_hidden
        el("ch-start-rule").checked = model.start_rule
        el("ch-players").value = str(model.players)
        if self.seat_rows_for != model.players:
            el("ch-seats").innerHTML = model.seat_rows
            self.seat_rows_for = model.players
        problem = el("ch-setup-problem")
        problem.textContent = model.problem
        problem.hidden = not model.problem

    def write_fixed_texts(self) -> None:
        for selector, attribute, said in fixed_texts():
            node = document.querySelector(selector)
            if missing(node):
                continue
            if attribute:
                node.setAttribute(attribute, said)
            else:
                node.textContent = said
        el("ch-menu").innerHTML = menu_html()

    def relanguage(self) -> None:
        """Another language was chosen: the card, the Continue line and the screen again."""
        self.write_fixed_texts()
        self.drawn.clear()
        self.seat_rows_for = 0
        self.render_form()
        self.render_continue()
        self.render()

    def adopt(self, form: SetupForm) -> None:
        """Take over the card as the page drew it before Python was ready
        (web/scripts/start-form.js): its choices, and the seat rows it drew for them."""
        self.form = form
        self.seat_rows_for = form.players
        self.render_form()

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.start()

    def start(self) -> None:
        """Start the challenge chosen on the card, or say what is wrong with the choices."""
        try:
            session = Session(self.form.setup(random.getrandbits(48)))
        except (SetupError, ValueError) as exc:
            self.form = replace(self.form, problem=str(exc))
            self.render_form()
            return
        self.form = replace(self.form, problem="")
        self.render_form()
        self.begin(session)

    def render_continue(self) -> None:
        session, problem = read_session(self.host.store)
        # Nothing to say until a challenge has been saved (or a saved one is damaged).
        el("ch-continue-slot").hidden = session is None and problem is None
        el("ch-continue").disabled = session is None
        el("ch-continue-info").textContent = (
            describe_save(session)
            if session is not None
            else problem or _("No saved challenge yet.")
        )

    def continue_saved(self) -> None:
        session, problem = read_session(self.host.store)
        if session is None:
            el("ch-continue-info").textContent = problem or _("No saved challenge yet.")
            return
        self.begin(session, resumed=True)

    def saved(self) -> bool:
        """A challenge can be continued (one is in memory or stored)."""
        return self.session is not None or read_session(self.host.store)[0] is not None

    def resume_on_screen(self) -> bool:
        """After a reload: return to the saved challenge if it was on screen."""
        session, _ = read_session(self.host.store)
        if session is None or session.screen != "game":
            return False
        self.begin(session, resumed=True)
        return True

    # --- lifecycle ---------------------------------------------------------------------------
    def begin(self, session: Session, resumed: bool = False) -> None:
        self.generation += 1
        self.busy = False
        self.host.leave_board_game()
        el("challenge-screen").hidden = False
        js.window.scrollTo(0, 0)  # the start screen may have been scrolled down
        self.session = session
        session.screen = "game"
        # The card says the challenge being played: after ☰ Menu it is the one on the form.
        self.form = SetupForm.of(session.setup, self.form)
        self.render_form()
        self.state = ScreenState()
        said = fmt(
            N_("Resumed {title}. {prompt}") if resumed else N_("New {title}. {prompt}"),
            title=title(session),
            prompt=prompt(session, self.state),
        )
        self.state = replace(self.state, announcement=said)
        self.drawn.clear()
        self.focus_key = None
        self.autosave()
        self.render(take_focus=True)

    def to_start(self) -> None:
        self.generation += 1
        self.busy = False
        if self.session is not None:
            self.session.screen = "start"  # a reload stays on the start screen
            self.autosave()
        el("challenge-screen").hidden = True
        self.sync_dialogs()
        self.render_continue()
        self.host.show_start()
        js.window.scrollTo(0, 0)  # the start screen from its top, as after the board game
        el("ch-start").focus(js_value({"preventScroll": True}))

    def play_again(self) -> None:
        if self.session is None:
            return
        old = self.session.setup
        fresh = ChallengeSetup(
            old.challenges,
            old.players,
            old.names,
            old.seats,
            random.getrandbits(48),
            old.start_rule,
        )
        self.begin(Session(fresh))

    def undo(self) -> None:
        """Take back the person's last turn and any bot turns after it."""
        session = self.session
        if session is None:
            return
        try:
            earlier = session.undone()
        except (IllegalMoveError, SaveFormatError) as exc:
            self.state = replace(
                self.state,
                problem=Keyed(
                    session.position, fmt("Cannot undo: {problem}", problem=engine_text(str(exc)))
                ),
            )
            self.render()
            return
        self.generation += 1  # an answer from a bot still thinking is dropped
        self.busy = False
        self.session = earlier
        fresh = ScreenState()
        self.state = replace(
            fresh,
            announcement=fmt("Took back your last turn. {prompt}", prompt=prompt(earlier, fresh)),
        )
        self.autosave()
        self.render(take_focus=True)

    def autosave(self) -> None:
        """Store the session, and its summary: the challenge is the game played last, the
        one Continue and a reload resume (`web.play.summary`)."""
        if self.session is None:
            return
        problem = write_session(self.host.store, self.session)
        if problem:
            self.state = replace(self.state, problem=Keyed(self.session.position, problem))
            return
        text = summary.challenge_summary_json(save_msg(self.session), js.Date.now())
        try:
            self.host.store.setItem(summary.SUMMARY_KEY, text)
        except Exception as exc:  # full storage: the session itself was stored
            js.console.warn(f"summary not stored: {exc}")

    # --- rendering ---------------------------------------------------------------------------
    def render(self, take_focus: bool = False) -> None:
        """Draw the screen model of the session and screen state, then start a bot's move
        if one is due. The focus follows the game while it is on the game's controls (or
        nowhere); ``take_focus`` moves it there in any case (a game begins)."""
        session = self.session
        if session is None or el("challenge-screen").hidden:
            return
        model = screen_model(session, self.state)
        before = self.model
        self.model = model
        # Only the rules closed: the dialog gives the focus back to what opened it.
        rules_closed = (
            before is not None
            and before.rules_open
            and not model.rules_open
            and before.position == model.position
            and not take_focus
        )
        active = document.activeElement
        active_id = "" if missing(active) else str(active.id or "")
        follows = (
            take_focus
            or missing(active)
            or active == document.body
            or any(bool(el(region).contains(active)) for region in FLOW)
        )
        self.draw(model)
        key = (model.position, type(model.dialog).__name__, model.rules_open, model.panel.title)
        moved_on = key != self.focus_key
        self.focus_key = key
        again: Any = el(active_id) if active_id else None
        usable = again is not None and not missing(again) and not again.disabled
        if rules_closed:
            pass
        elif follows and (moved_on or not usable) and model.focus:
            target = el(model.focus)
            if not missing(target):
                target.focus()
        elif usable and again is not None and again != document.activeElement:
            again.focus()  # the control was drawn anew: keep the focus on it
        if model.banner and self.banner_key != (model.position, model.banner):
            self.banner_key = (model.position, model.banner)
            show_banner("ch-banner", model.banner)
        elif not model.banner:
            el("ch-banner").hidden = True  # a dialog opened: no banner flashing behind it
        if model.bot_seat is not None and not self.busy:
            asyncio.ensure_future(bot_turn(self, self.generation))

    def put(self, region: str, html: str) -> None:
        if self.drawn.get(region) != html:
            el(region).innerHTML = html
            self.drawn[region] = html

    def draw(self, model: Screen) -> None:
        el("ch-status").textContent = model.status
        info = el("ch-match-info")
        info.textContent = model.match_info
        info.hidden = not model.match_info
        el("ch-table-title").textContent = model.table_title
        el("ch-act-title").textContent = model.panel.title
        self.put("ch-table", table_html(model.table))
        self.put("ch-act", panel_html(model.panel.blocks))
        self.put("ch-scores", scores_html(model.scores))
        if self.drawn.get("ch-log") != (log := log_html(model.log)):
            self.put("ch-log", log)
            box = el("ch-log")
            box.scrollTop = box.scrollHeight
        self.put("ch-undo-slot", control(model.undo))
        dialog = model.dialog
        if isinstance(dialog, PassDialog):
            self.put("ch-pass-card", pass_html(dialog))
        elif isinstance(dialog, ResultDialog):
            self.put("ch-over-card", result_html(dialog))
        guide = el("ch-guide")
        if model.rules_open and guide.hidden:
            el("ch-guide-body").innerHTML = rules_html(model.variant)
        self.sync_dialogs()
        el("ch-speed").value = self.host.speed()
        if model.announcement and self.drawn.get("announce") != model.announcement:
            el("announce").textContent = model.announcement
            self.drawn["announce"] = model.announcement

    def sync_dialogs(self) -> None:
        """Open (modal) or close each dialog as the model says; the rules go on top."""
        model = self.model
        shown = not el("challenge-screen").hidden and model is not None
        dialog = model.dialog if shown and model is not None else None
        rules = shown and model is not None and model.rules_open
        if rules:  # a modal opened later is on top: close the rules first, reopen last
            show_dialog(el("ch-guide"), False)
        show_dialog(el("ch-pass"), isinstance(dialog, PassDialog))
        show_dialog(el("ch-over"), isinstance(dialog, ResultDialog))
        show_dialog(el("ch-guide"), rules)

    def escape(self) -> None:
        """Escape in a dialog: the rules close; the pass screen and results stay."""
        if self.model is not None and self.model.rules_open:
            self.dispatch("ch-guide-close")

    # --- input -------------------------------------------------------------------------------
    def dispatch(self, control_id: str, value: str = "") -> None:
        """Do what the control ``control_id`` of the current screen model does."""
        session, model = self.session, self.model
        if session is None or model is None:
            return
        action = model.actions.get(control_id)
        if action is None:
            return
        outcome = perform(session, self.state, action, value)
        self.state = outcome.state
        if action.kind in ("order", "split", "wild"):
            self.drawn.pop("ch-act", None)  # the page changed the input itself: draw it again
        if outcome.command == "menu":
            self.to_start()
            return
        if outcome.command == "again":
            self.play_again()
            return
        if outcome.command == "undo":
            self.undo()
            return
        if outcome.save:
            self.autosave()
        if outcome.move is not None:
            self.commit(outcome.move)
            return
        self.render()

    def on_click(self, event: Any) -> None:
        node = event.target.closest("[data-action]")
        if missing(node) or str(node.tagName).lower() == "select" or node.disabled:
            return
        self.dispatch(str(node.getAttribute("data-action")))

    def on_change(self, event: Any) -> None:
        node = event.target
        if str(node.tagName).lower() != "select" or missing(node.getAttribute("data-action")):
            return
        self.dispatch(str(node.getAttribute("data-action")), str(node.value))

    def on_key(self, event: Any) -> None:
        if el("challenge-screen").hidden or self.model is None:
            return
        target = event.target
        tag = "" if missing(target) or missing(target.tagName) else str(target.tagName).lower()
        key = str(event.key)
        if tag in ("input", "select", "textarea") and key != "Escape":
            return
        target_id = "" if missing(target) or missing(target.id) else str(target.id)
        if key == "Enter" and target_id in self.model.enter:
            event.preventDefault()  # no click on the focused control: it acts as another
            self.dispatch(self.model.enter[target_id])
            return
        control_id = self.model.keys.get(key)
        if control_id is None:
            return
        event.preventDefault()
        self.dispatch(control_id)
        node = el(control_id)
        if not missing(node) and not node.disabled:
            node.focus()

    def on_speed(self, event: Any) -> None:
        value = str(el("ch-speed").value)
        if value in SPEEDS:
            self.host.set_speed(value)

    # --- moves -------------------------------------------------------------------------------
    def commit(self, move: str) -> bool:
        session = self.session
        if session is None:
            return False
        index, seat = session.match.index, session.game.current
        before = list(session.game.rows[seat])
        try:
            record = session.apply(move)
        except IllegalMoveError as exc:
            self.state = refused(session, self.state, str(exc))
            self.render()
            return False
        self.state = after_move(session, self.state, record)
        self.autosave()
        played = session.match.finished[index] if session.match.index != index else session.game
        gained = sum(1 for a, b in zip(played.rows[seat], before, strict=False) if a > b)
        bonus = any(line.bonus for line in record.lines)
        self.host.play_sounds(
            sound.move_sounds(gained, bonus, session.over or session.awaiting_tally)
        )
        self.render()
        return True
