"""The start screen's board-game part (browser only): the setup form, Continue, the best
solo results. (The saved-games panel is `web.saves`; the Challenges card is
`web.challenges.ui`.)

The Continue card says what Continue would resume: the game still in memory if there is
one (after ☰ Menu), else the autosaved game; it is enabled exactly when one of them exists.
"""

from __future__ import annotations

import random
from typing import Any

from engine import IngeniousError, new_game
from web import storage
from web.dom import document, el, missing, on, read_seat_inputs
from web.markup import Markup, join, tag
from web.session import (
    BOT_LEVELS,
    VARIANT_PLAYERS,
    SetupError,
    continue_text,
    make_setup,
    seat_rows_html,
    solo_best_html,
)
from web.symbols import COLOURS, svg_symbol


class StartScreen:
    def __init__(self, app: Any) -> None:
        self.app = app

    def bind(self) -> None:
        el("brand-symbols").innerHTML = join(
            tag("span", {"class": "brand-tile"}, Markup(svg_symbol(c, 30, label=False)))
            for c in COLOURS
        )
        for radio in document.querySelectorAll('input[name="variant"]'):
            on(radio, "change", lambda e: self.update_form())
        on(el("players"), "change", lambda e: self.update_form())
        on(el("setup-form"), "submit", self.on_submit)
        on(el("continue-game"), "click", lambda e: self.app.continue_game())
        self.update_form()

    def variant(self) -> str:
        checked = document.querySelector('input[name="variant"]:checked')
        return "standard" if missing(checked) else str(checked.value)

    def update_form(self) -> None:
        variant = self.variant()
        counts = VARIANT_PLAYERS[variant]
        el("players-row").hidden = len(counts) == 1
        players = int(el("players").value) if variant == "standard" else counts[0]
        el("open-row").hidden = variant != "team"
        team = [f"Team {'AB'[seat % 2]}" for seat in range(players)]
        el("seats").innerHTML = seat_rows_html(
            "", players, BOT_LEVELS, read_seat_inputs(""), team if variant == "team" else None
        )

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        variant = self.variant()
        players = int(el("players").value) if variant == "standard" else VARIANT_PLAYERS[variant][0]
        inputs = read_seat_inputs("")
        problem = el("setup-problem")
        try:
            setup = make_setup(
                variant,
                players,
                [n for n, _ in inputs],
                [k for _, k in inputs],
                str(el("seed").value),
                bool(el("open-play").checked),
                random.getrandbits(40),
            )
            game = new_game(setup.variant, setup.players, setup.seed, setup.names, setup.options)
        except (SetupError, IngeniousError) as exc:
            problem.textContent = str(exc)
            problem.hidden = False
            return
        problem.hidden = True
        self.app.begin(game, setup.seats)

    def refresh(self) -> None:
        """The Continue card and the best solo results, from memory and storage."""
        store = self.app.store
        game = self.app.table.game
        loaded = storage.read_autosave(store)
        el("continue-game").disabled = game is None and loaded.save is None
        unsaved = self.app.saves.messages.write_problem is not None
        el("continue-info").textContent = continue_text(game, loaded.save, loaded.problem, unsaved)
        table = storage.read_json(store, storage.SOLO_BEST_KEY, [])
        el("solo-best").innerHTML = solo_best_html(storage.clean_solo_table(table))
