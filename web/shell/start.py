"""The start screen's board-game part (browser only): the setup form, Continue, the best
solo results. (The saved-games panel is `web.saves`; the Challenges card is
`web.challenges.ui`.)

The form is plain HTML, usable before Python runs (`web/scripts/start-form.js` keeps the choices
made meanwhile). `take_over` reads those choices from the JS object, never from the
page, into a `web.shell.start_form.BoardForm`; from then on input events change that state and
`draw` shows it.

The Continue card says what Continue would resume: the game played last, a challenge or
the board game (for the board game, the game still in memory if there is one, after
☰ Menu, else the autosaved game); it is enabled exactly when one of them exists. When a
challenge was played last, "Continue the board game" resumes the board game.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import js  # type: ignore[import-not-found]

from engine import IngeniousError, new_game
from web.i18n import _
from web.play import summary
from web.play.session import SetupError, continue_text, solo_best_html
from web.saves import stored
from web.shell.start_form import BoardForm, EarlyChoices, board_form_model, choices_from
from web.store import storage
from web.ui.dom import document, el, missing, on


def early_choices() -> EarlyChoices:
    """What the page's JS kept before Python was ready; it stops listening now."""
    early: Any = getattr(js.window, "ingeniousStart", None)
    raw = None if early is None or missing(early) else early.take()
    try:
        data = json.loads(str(raw)) if not missing(raw) else None
    except ValueError:
        data = None
    return choices_from(data)


class StartScreen:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.form = BoardForm()
        self.rows_drawn: tuple[int, bool] | None = None

    def prepare(self) -> None:
        """What needs no choice of the player's: the (hidden) button that resumes the board
        game when a challenge was played last. (The title's tiles are in the page.)"""
        board = document.createElement("button")
        board.id, board.type, board.hidden = "continue-board", "button", True
        board.textContent = _("Continue the board game")
        info = el("continue-info")
        info.parentNode.insertBefore(board, info.nextSibling)
        on(board, "click", lambda e: self.app.continue_board_game())

    def bind(self, early: EarlyChoices) -> None:
        self.form = early.board
        # The JS drew the seat rows for these choices: they stay (a name being typed keeps
        # its caret), and are drawn again when the number of seats changes.
        self.rows_drawn = board_form_model(self.form).rows_key
        form = el("setup-form")
        on(form, "input", self.on_input)
        on(form, "change", self.on_input)
        on(form, "submit", self.on_submit)
        on(el("continue-game"), "click", lambda e: self.app.continue_game())
        self.draw()

    def relanguage(self) -> None:
        """Another language was chosen: every text of the card again in it."""
        self.rows_drawn = None
        el("continue-board").textContent = _("Continue the board game")
        self.draw()
        self.refresh()

    def on_input(self, event: Any) -> None:
        node = event.target
        field_id = "variant" if str(node.name or "") == "variant" else str(node.id or "")
        checked = bool(getattr(node, "checked", False))
        before = self.form
        self.form = self.form.changed(field_id, str(node.value), checked)
        if self.form != before:
            self.draw()

    def draw(self) -> None:
        model = board_form_model(self.form)
        for radio in document.querySelectorAll('input[name="variant"]'):
            radio.checked = str(radio.value) == model.variant
        el("players").value = model.players
        el("players-row").hidden = model.players_hidden
        el("open-row").hidden = model.open_hidden
        el("open-play").checked = model.open_play
        el("level-help").dataset.table = model.table
        seed = el("seed")
        if str(seed.value) != model.seed:
            seed.value = model.seed
        if self.rows_drawn != model.rows_key:
            el("seats").innerHTML = model.seat_rows
            self.rows_drawn = model.rows_key
        problem = el("setup-problem")
        problem.textContent = model.problem
        problem.hidden = not model.problem

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.start()

    def start(self) -> None:
        """Start a game with the form's choices, or say what is wrong with them."""
        try:
            setup = self.form.setup(random.getrandbits(40))
            game = new_game(setup.variant, setup.players, setup.seed, setup.names, setup.options)
        except (SetupError, IngeniousError) as exc:
            self.form = replace(self.form, problem=str(exc))
            self.draw()
            return
        self.form = replace(self.form, problem="")
        self.draw()
        self.app.begin_new(game, setup.seats)

    def refresh(self) -> None:
        """The Continue card and the best solo results, from memory and storage. Continue
        resumes the game played last (`web.play.summary.continue_target`)."""
        store = self.app.store
        game = self.app.table.game
        loaded = storage.read_autosave(store)
        board = game is not None or loaded.save is not None
        challenge = self.app.continue_target() == summary.CHALLENGE
        el("continue-board").hidden = not (challenge and board)
        table = storage.read_json(store, storage.SOLO_BEST_KEY, [], stored.check_solo)
        el("solo-best").innerHTML = solo_best_html(storage.clean_solo_table(table))
        if challenge:
            el("continue-game").disabled = el("continue-game").hidden = False
            said = self.app.saves.stored_summary()
            el("continue-info").textContent = (
                summary.text_of(said) if said is not None else _("A saved challenge.")
            )
            return
        # Nothing to continue: no button at all (a disabled one said nothing but "not yet").
        el("continue-game").disabled = el("continue-game").hidden = not board
        unsaved = self.app.saves.messages.write_problem is not None
        if game is not None and not unsaved:
            text = summary.summary_text(game)
        elif game is None and loaded.save is not None:
            said = self.app.saves.stored_summary()
            text = (
                summary.text_of(said)
                if said is not None
                else continue_text(None, loaded.save, loaded.problem)
            )
        else:
            text = continue_text(game, loaded.save, loaded.problem, unsaved)
        el("continue-info").textContent = text
