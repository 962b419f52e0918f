"""The Challenges screen (PyScript main thread): setup card, table, controls, overlays.

Everything is built from Python into two containers of index.html: ``#challenge-setup``
(a card on the start screen) and ``#challenge-screen``. The engine match is the only
game state; every render is rebuilt from a player view. Bots think in the page's bot
worker (``choose_challenge``), so the page stays responsive.
"""

from __future__ import annotations

import asyncio
import json
import random
from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from engine.errors import IllegalMoveError, SaveFormatError
from web.challenges import html as H
from web.challenges.model import (
    BOT_LEVELS,
    HUMAN,
    TITLES,
    ChallengeSetup,
    DicePlan,
    Session,
    SetupError,
    best_order,
    bust_chance,
    bust_colours,
    card_colours,
    card_preview,
    describe_move,
    describe_save,
    discard_reason,
    ended_reason,
    faceup_count,
    free_score_preview,
    hand_owner,
    humans,
    make_setup,
    needs_pass_screen,
    others_showing,
    read_session,
    tile_score_preview,
    write_session,
)
from web.challenges.rules import rules_html
from web.dom import document, el, expose, js_value, missing, on, read_seat_inputs, show_banner
from web.session import seat_rows_html
from web.symbols import COLOURS

# Seconds a bot's coming move stays on screen before it happens, per speed setting.
SPEED_DELAY = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "instant": 0.0}
BOT_BUDGET_MS = {"casual": 100, "strong": 400}

SETUP_HTML = """
<h2 id="ch-setup-title">Ingenious Challenges</h2>
<p class="muted">Three short games of matching symbols — cards, dice or tiles —
or a match of several.</p>
<form id="ch-form" novalidate>
  <fieldset class="variants">
    <legend>Challenge</legend>
    <label><input type="radio" name="ch-kind" value="cards" checked> Cards</label>
    <label><input type="radio" name="ch-kind" value="dice"> Dice</label>
    <label><input type="radio" name="ch-kind" value="tiles"> Tiles</label>
    <label><input type="radio" name="ch-kind" value="match"> Match</label>
  </fieldset>
  <fieldset id="ch-match-games" hidden>
    <legend>Games in the match (in this order)</legend>
    <label><input type="checkbox" id="ch-match-cards" value="cards" checked> Cards</label>
    <label><input type="checkbox" id="ch-match-dice" value="dice" checked> Dice</label>
    <label><input type="checkbox" id="ch-match-tiles" value="tiles" checked> Tiles</label>
  </fieldset>
  <div class="row">
    <label for="ch-players">Players</label>
    <select id="ch-players"><option>2</option><option>3</option><option>4</option></select>
  </div>
  <fieldset id="ch-seats" class="seats"><legend>Seats</legend></fieldset>
  <div class="row" id="ch-start-rule-row" hidden>
    <label><input type="checkbox" id="ch-start-rule">
      Dice start rule: nobody's dice show before the first turn</label>
  </div>
  <div class="row">
    <label for="ch-seed">Seed <small>(optional)</small></label>
    <input id="ch-seed" inputmode="numeric" autocomplete="off" placeholder="random">
  </div>
  <p id="ch-setup-problem" class="problem" role="alert" hidden></p>
  <button type="submit" id="ch-start" class="primary">Start challenge</button>
</form>
"""

# Shown in the start screen's "Play on" card, under the board game's Continue, so every
# game in progress is resumed from one place.
CONTINUE_HTML = """
<button id="ch-continue" type="button" disabled>Continue saved challenge</button>
<p id="ch-continue-info" class="muted">No saved challenge yet.</p>
"""

SCREEN_HTML = """
<header class="bar">
  <button id="ch-menu" type="button" aria-label="Back to the start screen">☰ Menu</button>
  <p id="ch-status" class="status" aria-hidden="true"></p>
  <div class="bar-tools">
    <label class="speed"><span class="speed-label">Speed</span>
      <select id="ch-speed" aria-label="Bot speed">
        <option value="slow">Slow</option><option value="normal">Normal</option>
        <option value="fast">Fast</option><option value="instant">Instant</option>
      </select>
    </label>
    <button id="ch-undo" type="button" disabled
            title="Take back your last turn (only with one person at the table)">Undo</button>
    <button id="ch-rules" type="button">How to play</button>
  </div>
</header>
<div class="ch-layout">
  <div class="ch-main">
    <p id="ch-match-info" class="ch-match-info" hidden></p>
    <section class="ch-panel" aria-labelledby="ch-table-title">
      <h2 id="ch-table-title" class="panel-title">Table</h2>
      <div id="ch-table"></div>
    </section>
    <section class="ch-panel ch-act" aria-labelledby="ch-act-title">
      <h2 id="ch-act-title" class="panel-title">Your turn</h2>
      <div id="ch-act"></div>
    </section>
    <div id="ch-banner" class="banner" aria-hidden="true" hidden></div>
  </div>
  <aside class="ch-side">
    <section class="ch-panel" aria-labelledby="ch-scores-title">
      <h2 id="ch-scores-title" class="panel-title">Score rows</h2>
      <div id="ch-scores"></div>
    </section>
    <section class="ch-panel" aria-labelledby="ch-log-title">
      <h2 id="ch-log-title" class="panel-title">Moves</h2>
      <ol id="ch-log" class="move-list"></ol>
    </section>
  </aside>
</div>
<div id="ch-pass" class="overlay pass" hidden>
  <div class="card dialog" role="dialog" aria-modal="true" aria-labelledby="ch-pass-title">
    <h2 id="ch-pass-title">Pass to …</h2>
    <p>The next player's hand stays hidden until they are ready.</p>
    <button id="ch-pass-ready" type="button" class="primary">Show my hand</button>
  </div>
</div>
<div id="ch-over" class="overlay" hidden>
  <div class="card dialog" role="dialog" aria-modal="true" aria-labelledby="ch-over-title">
    <h2 id="ch-over-title">Game over</h2>
    <p id="ch-over-why"></p>
    <ol id="ch-ranking" class="ranking"></ol>
    <div id="ch-over-tally"></div>
    <div class="row-buttons">
      <button id="ch-next" type="button" class="primary" hidden>Next challenge</button>
      <button id="ch-again" type="button" class="primary">Play again</button>
      <button id="ch-look" type="button">Look at the table</button>
      <button id="ch-over-menu" type="button">Start screen</button>
    </div>
  </div>
</div>
<div id="ch-guide" class="overlay guide" hidden>
  <div class="card dialog guide-card" role="dialog" aria-modal="true"
       aria-labelledby="ch-guide-title">
    <div class="guide-head">
      <h2 id="ch-guide-title">How to play</h2>
      <button id="ch-guide-close" type="button" aria-label="Close">✕</button>
    </div>
    <div id="ch-guide-body" class="guide-body"></div>
  </div>
</div>
"""


class ChallengeUI:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.store = app.store
        self.session: Session | None = None
        self.revealed: int | None = None
        self.generation = 0
        self.busy = False
        self.view: dict[str, Any] = {}
        self.view_seat = 0
        self.my_turn = False
        self.selected_card: str | None = None
        self.selected_slot: int | None = None
        self.order: tuple[str, str] | None = None
        self.plan: DicePlan | None = None
        self.plan_key: Any = None
        self.rolled_key: Any = None
        self.seen_between = -1
        self.bot_note = ""
        self.follow_focus = True
        self.build()

    # --- building ----------------------------------------------------------------------------
    def build(self) -> None:
        el("challenge-setup").innerHTML = SETUP_HTML
        slot = el("ch-continue-slot")
        if missing(slot):  # a page without the "Play on" card: keep it with the form
            slot = document.createElement("div")
            slot.id = "ch-continue-slot"
            el("challenge-setup").appendChild(slot)
        slot.className = "ch-continue"
        slot.innerHTML = CONTINUE_HTML
        el("challenge-screen").innerHTML = SCREEN_HTML
        for radio in document.querySelectorAll('input[name="ch-kind"]'):
            on(radio, "change", lambda e: self.update_form())
        on(el("ch-players"), "change", lambda e: self.update_form())
        on(el("ch-form"), "submit", self.on_submit)
        on(el("ch-continue"), "click", lambda e: self.continue_saved())
        on(el("ch-menu"), "click", lambda e: self.to_start())
        on(el("ch-over-menu"), "click", lambda e: self.to_start())
        on(el("ch-look"), "click", lambda e: self.close_over())
        on(el("ch-again"), "click", lambda e: self.play_again())
        on(el("ch-next"), "click", lambda e: self.next_challenge())
        on(el("ch-pass-ready"), "click", lambda e: self.on_pass_ready())
        on(el("ch-rules"), "click", lambda e: self.show_rules())
        on(el("ch-undo"), "click", lambda e: self.undo())
        on(el("ch-guide-close"), "click", lambda e: self.close_rules())
        on(el("ch-speed"), "change", self.on_speed)
        on(el("ch-act"), "click", self.on_act_click)
        on(el("ch-act"), "change", self.on_act_change)
        on(document, "keydown", self.on_key)
        self.update_form()
        self.update_continue()
        self.expose_automation()

    def update_form(self) -> None:
        kind = self.kind()
        el("ch-match-games").hidden = kind != "match"
        el("ch-start-rule-row").hidden = kind not in ("dice", "match")
        players = int(el("ch-players").value)
        old = read_seat_inputs("ch-")
        el("ch-seats").innerHTML = seat_rows_html("ch-", players, BOT_LEVELS, old)

    def kind(self) -> str:
        checked = document.querySelector('input[name="ch-kind"]:checked')
        return "cards" if missing(checked) else str(checked.value)

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        seats = read_seat_inputs("ch-")
        games = [v for v in ("cards", "dice", "tiles") if el(f"ch-match-{v}").checked]
        problem = el("ch-setup-problem")
        try:
            setup = make_setup(
                self.kind(),
                games,
                int(el("ch-players").value),
                [n for n, _ in seats],
                [k for _, k in seats],
                str(el("ch-seed").value),
                bool(el("ch-start-rule").checked),
                random.getrandbits(48),
            )
            session = Session(setup)
        except (SetupError, ValueError) as exc:
            problem.textContent = str(exc)
            problem.hidden = False
            return
        problem.hidden = True
        self.begin(session)

    def update_continue(self) -> None:
        session, problem = read_session(self.store)
        # Nothing to say until a challenge has been saved (or a saved one is damaged).
        el("ch-continue-slot").hidden = session is None and problem is None
        el("ch-continue").disabled = session is None
        el("ch-continue-info").textContent = (
            describe_save(session) if session is not None else problem or "No saved challenge yet."
        )

    def continue_saved(self) -> None:
        session, problem = read_session(self.store)
        if session is None:
            el("ch-continue-info").textContent = problem or "No saved challenge yet."
            return
        self.begin(session, resumed=True)

    # --- lifecycle ---------------------------------------------------------------------------
    def begin(self, session: Session, resumed: bool = False) -> None:
        self.generation += 1
        self.app.generation += 1  # stops any board-game bot still thinking
        self.session = session
        self.busy = False
        self.revealed = None
        self.reset_turn_state()
        self.seen_between = -1 if resumed else 0
        el("start").hidden = True
        el("game").hidden = True
        el("challenge-screen").hidden = False
        el("ch-over").hidden = True
        el("ch-pass").hidden = True
        el("ch-speed").value = self.app.speed
        self.autosave()
        title = self.title()
        self.announce(f"{'Resumed' if resumed else 'New'} {title}. {self.turn_prompt()}")
        self.refresh()
        if el("ch-pass").hidden and el("ch-over").hidden:
            self.focus_first()

    def title(self) -> str:
        assert self.session is not None
        setup = self.session.setup
        if setup.is_match:
            number = f"{self.session.match.index + 1} of {len(setup.challenges)}"
            return f"match, game {number}: {TITLES[self.session.variant]}"
        return TITLES[self.session.variant]

    def to_start(self) -> None:
        self.generation += 1
        self.busy = False
        el("challenge-screen").hidden = True
        self.update_continue()
        self.app.show_start()
        el("ch-start").focus()

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

    def next_challenge(self) -> None:
        if self.session is None:
            return
        self.seen_between = self.session.match.index
        el("ch-over").hidden = True
        self.announce(f"Next: {self.title()}. {self.turn_prompt()}")
        self.refresh()
        if el("ch-pass").hidden:
            self.focus_first()

    def close_over(self) -> None:
        el("ch-over").hidden = True
        el("ch-menu").focus()

    def reset_turn_state(self) -> None:
        self.selected_card = None
        self.selected_slot = None
        self.order = None
        self.plan = None
        self.plan_key = None
        self.bot_note = ""

    def autosave(self) -> None:
        if self.session is not None:
            problem = write_session(self.store, self.session)
            if problem:
                self.set_status(problem)

    # --- refresh -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild everything shown from the engine, then start whatever is due next."""
        if self.session is None or el("challenge-screen").hidden:
            return
        self.render_view()
        self.schedule()

    def render_view(self) -> None:
        session = self.session
        assert session is not None
        game = session.game
        seats = session.setup.seats
        variant = session.variant
        current = game.current
        owner = hand_owner(seats, current, self.revealed) if variant == "cards" else current
        self.view_seat = owner if owner is not None else current
        self.view = game.view(self.view_seat)
        self.my_turn = (
            not session.over
            and not session.challenge_just_ended()
            and seats[current] == HUMAN
            and owner == current
        )
        if self.my_turn and variant == "dice":
            key = (session.match.index, len(game.moves))
            if self.plan is None or self.plan_key != key:
                self.plan = DicePlan(
                    [d for d in self.view["dice"][current] if d], self.view["rows"][current]
                )
                self.plan_key = key
        self.render_all(owner)

    def render_all(self, owner: int | None) -> None:
        self.render_match_info()
        self.render_table(owner)
        self.render_act(owner)
        self.render_scores()
        self.render_log()
        self.set_status(self.turn_prompt())
        assert self.session is not None
        el("ch-undo").disabled = self.session.undo_point() is None

    def schedule(self) -> None:
        session = self.session
        assert session is not None
        if session.challenge_just_ended() and self.seen_between != session.match.index:
            self.show_between()
            return
        if session.over:
            self.show_over()
            return
        game = session.game
        seat = game.current
        if session.setup.seats[seat] != HUMAN:
            if not self.busy:
                asyncio.ensure_future(self.bot_turn(self.generation))
            return
        if needs_pass_screen(session.variant, session.setup.seats, seat, self.revealed):
            el("ch-pass-title").textContent = f"Pass to {game.names[seat]}"
            el("ch-pass-ready").textContent = f"I am {game.names[seat]}: show my hand"
            el("ch-pass").hidden = False
            el("ch-pass-ready").focus()

    def on_pass_ready(self) -> None:
        if self.session is None:
            return
        self.revealed = self.session.game.current
        el("ch-pass").hidden = True
        self.refresh()
        self.announce(self.turn_prompt())
        self.focus_first()

    def turn_prompt(self) -> str:
        session = self.session
        if session is None:
            return ""
        game = session.game
        if session.over:
            return "The game is over."
        name = game.names[game.current]
        bonus = " (bonus turn)" if self.bonus_turn() else ""
        if session.setup.seats[game.current] != HUMAN:
            return f"{name} is thinking{bonus}…"
        variant = session.variant
        if variant == "cards":
            if game.phase == "discard":
                return f"{name}: discard your whole hand, or keep it?"
            return f"{name}: choose a card and which symbol scores first{bonus}."
        if variant == "dice":
            return f"{name}: roll, re-roll or score your dice{bonus}."
        if game.phase == "drawing":
            return f"{name}: draw again or stop and score."
        return f"{name}: draw a tile or take a free score{bonus}."

    def bonus_turn(self) -> bool:
        return self.session is not None and self.session.in_bonus_turn()

    # --- rendering ---------------------------------------------------------------------------
    def render_match_info(self) -> None:
        session = self.session
        assert session is not None
        box = el("ch-match-info")
        setup = session.setup
        if not setup.is_match:
            box.hidden = True
            return
        index = min(session.match.index, len(setup.challenges) - 1)
        tally = ", ".join(
            f"{name} {points}"
            for name, points in zip(setup.names, session.match.tally, strict=True)
        )
        box.textContent = (
            f"Match: game {index + 1} of {len(setup.challenges)} ({TITLES[session.variant]}). "
            f"Victory points so far: {tally}."
        )
        box.hidden = False

    def render_table(self, owner: int | None) -> None:
        variant = self.session.variant if self.session else "cards"
        view = self.view
        if variant == "cards":
            html = self.cards_table(view)
        elif variant == "dice":
            html = self.dice_table(view)
        else:
            html = self.tiles_table(view)
        el("ch-table").innerHTML = html
        el("ch-table-title").textContent = f"{TITLES[variant]}: table"

    def cards_table(self, view: dict[str, Any]) -> str:
        names = view["names"]
        parts = []
        for seat, cards in enumerate(view["faceup"]):
            if len(cards) == 2:
                shown = H.faceup_card(cards[0], "near the centre") + H.faceup_card(
                    cards[1], f"near {names[seat]}"
                )
            else:
                shown = "".join(H.faceup_card(card, "face up") for card in cards)
            current = " current" if seat == view["current"] else ""
            parts.append(
                f'<div class="ch-seat{current}" data-seat="{seat}">'
                f'<h3>{escape(names[seat])}</h3><div class="ch-cards">{shown}</div>'
                f'<p class="muted">{view["hand_sizes"][seat]} cards in hand</p></div>'
            )
        return (
            f'<div class="ch-seats">{"".join(parts)}</div>'
            f'<p class="muted">Deck: {view["deck_size"]} cards · discard pile: '
            f"{view['discard_size']} cards</p>"
        )

    def dice_table(self, view: dict[str, Any]) -> str:
        names = view["names"]
        parts = []
        for seat, dice in enumerate(view["dice"]):
            hidden = seat == view["current"] and self.needs_roll()
            shown = "".join(H.die(None if hidden else d) for d in dice)
            current = " current" if seat == view["current"] else ""
            parts.append(
                f'<div class="ch-seat{current}" data-seat="{seat}" role="group" '
                f'aria-label="{escape(names[seat])}\'s dice">'
                f'<h3>{escape(names[seat])}</h3><div class="ch-dice">{shown}</div></div>'
            )
        return f'<div class="ch-seats">{"".join(parts)}</div>'

    def tiles_table(self, view: dict[str, Any]) -> str:
        centre = "".join(H.tile(c) for c in view["centre"]) or '<span class="muted">empty</span>'
        drawn = "".join(H.tile(c, extra="drawn") for c in view["drawn"]) or (
            '<span class="muted">none yet</span>'
        )
        name = escape(view["names"][view["current"]])
        return (
            '<div class="ch-tiles-table"><div class="ch-centre" role="group" aria-label="Centre '
            'tiles">'
            f"<h3>Centre</h3><div class='ch-tiles'>{centre}</div></div>"
            f'<div class="ch-pool"><h3>Pool</h3><span class="ch-pool-stack" role="img" '
            f'aria-label="{view["pool_size"]} tiles face down">{view["pool_size"]}</span>'
            f'<span class="muted">tiles face down</span></div>'
            f'<div class="ch-drawn" role="group" aria-label="Tiles {name} drew this turn">'
            f"<h3>Drawn this turn by {name}</h3><div class='ch-tiles'>{drawn}</div></div></div>"
        )

    def render_act(self, owner: int | None) -> None:
        session = self.session
        assert session is not None
        game = session.game
        variant = session.variant
        name = game.names[game.current]
        title = el("ch-act-title")
        previous = document.activeElement
        prev_id = "" if missing(previous) else str(previous.id or "")
        act = el("ch-act")
        if not missing(previous):
            # Focus follows the turn while it is on the controls (or lost with them);
            # a player who moved it elsewhere (speed, rules) keeps it there.
            self.follow_focus = previous == document.body or bool(act.contains(previous))
        if session.over:
            title.textContent = "Game over"
            html = '<p class="muted">The game is over.</p>'
        elif not self.my_turn:
            title.textContent = f"{name}'s turn"
            note = self.bot_note or (
                f"{escape(name)} is thinking…"
                if session.setup.seats[game.current] != HUMAN
                else f"Waiting for {escape(name)}."
            )
            html = f'<p class="ch-note">{note}</p>'
            if variant == "cards" and owner is not None and owner != game.current:
                html += self.hand_html(owner, playable=False)
        else:
            title.textContent = (
                f"{name}'s turn" if len(humans(session.setup.seats)) > 1 else "Your turn"
            )
            html = (
                self.cards_act()
                if variant == "cards"
                else self.dice_act()
                if variant == "dice"
                else self.tiles_act()
            )
        act.innerHTML = html
        again = el(prev_id) if prev_id else None
        if again is not None and not missing(again) and not again.disabled:
            again.focus()
        elif self.my_turn and self.follow_focus:
            self.focus_first()

    def hand_html(self, seat: int, playable: bool) -> str:
        view = self.view
        buttons = []
        for slot, card in enumerate(view["hand"]):
            a, b = card_colours(card)
            counts = f"{a} {faceup_count(view, a)}, {b} {faceup_count(view, b)}"
            pressed = "true" if slot == self.selected_slot else "false"
            if playable:
                buttons.append(
                    f'<button type="button" class="ch-card hand" id="ch-card-{slot}" '
                    f'data-action="card" data-card="{card}" data-slot="{slot}" '
                    f'aria-pressed="{pressed}" '
                    f'aria-label="Card {slot + 1}: {a} and {b} (face-up matches: {counts})">'
                    f'<span class="key" aria-hidden="true">{slot + 1}</span>{H.card_face(card)}'
                    f'<span class="ch-card-counts" aria-hidden="true">{faceup_count(view, a)} · '
                    f"{faceup_count(view, b)}</span></button>"
                )
            else:
                buttons.append(
                    f'<span class="ch-card hand" role="img" aria-label="{a} and {b}">'
                    f"{H.card_face(card)}</span>"
                )
        label = f"{escape(view['names'][seat])}'s hand"
        cards = "".join(buttons)
        return (
            f'<div class="ch-hand" role="group" aria-label="{label}"><h3>{label}</h3>{cards}</div>'
        )

    def cards_act(self) -> str:
        view = self.view
        seat = view["current"]
        if view["phase"] == "discard":
            return (
                f'<div class="ch-offer" role="region" aria-label="Hand discard offer">'
                f"<p>{escape(discard_reason(view, seat))}</p>"
                '<div class="row-buttons">'
                '<button type="button" id="ch-discard" class="primary" data-action="discard">'
                "Discard my hand</button>"
                '<button type="button" id="ch-keep" data-action="keep">Keep my hand</button>'
                "</div></div>" + self.hand_html(seat, playable=False)
            )
        html = self.hand_html(seat, playable=True)
        if self.selected_card is None:
            return (
                html
                + '<p class="ch-note">Pick a card (keys 1–6). Each symbol scores one point per '
                "face-up card showing it.</p>"
            )
        a, b = card_colours(self.selected_card)
        order = self.order or best_order(view, seat, self.selected_card)
        self.order = order
        row = view["rows"][seat]
        options = []
        for first, second in ((a, b), (b, a)):
            gains = card_preview(view, seat, first, second)
            checked = " checked" if (first, second) == order else ""
            options.append(
                '<label class="ch-order"><input type="radio" name="ch-order" '
                f'id="ch-order-{first}" '
                f'data-action="order" data-first="{first}" value="{first}-{second}"{checked}> '
                f"{H.sym(first, 18)} {first} first, then {H.sym(second, 18)} {second}: "
                f"{H.gains_html(gains, row)}</label>"
            )
        return (
            html + '<fieldset class="ch-orders"><legend>Which symbol scores first? (key O '
            f"swaps)</legend>{''.join(options)}</fieldset>"
            + '<button type="button" id="ch-play" class="primary" data-action="play">Play '
            f"{a}-{b}, {order[0]} first</button>"
        )

    def needs_roll(self) -> bool:
        session = self.session
        if session is None or session.variant != "dice" or not self.my_turn:
            return False
        game = session.game
        key = (session.match.index, len(game.moves))
        return bool(self.view["rerolls_left"] == 2 and self.rolled_key != key)

    def dice_act(self) -> str:
        view = self.view
        seat = view["current"]
        if self.needs_roll():
            return (
                '<p class="ch-note">Roll all your dice; you may re-roll all of them up to two '
                "more times.</p>"
                '<button type="button" id="ch-roll" class="primary" data-action="roll">Roll the '
                "dice (R)</button>"
            )
        plan = self.plan
        assert plan is not None
        others = others_showing(view, seat)
        dice = "".join(
            '<span class="ch-die-wrap">'
            f"{H.die(d, label=f'{H.named(d)}: matches {others[d]} of the others’ dice')}"
            f'<span class="ch-die-pts" aria-hidden="true">+{others[d]}</span></span>'
            for d in plan.dice
        )
        left = view["rerolls_left"]
        reroll = (
            '<button type="button" id="ch-reroll" '
            f'data-action="reroll"{"" if left else " disabled"}>'
            f"Re-roll all dice (R) — {left} left</button>"
        )
        groups = []
        for symbol in plan.groupable():
            chosen = plan.splits.get(symbol, 0)
            opts = "".join(
                f'<option value="{i}"{" selected" if i == chosen else ""}>{escape(text)}</option>'
                for i, text in enumerate(plan.split_options(symbol))
            )
            groups.append(
                f'<div class="row"><label for="ch-split-{symbol}">{H.sym(symbol, 18)} '
                f"{plan.counts[symbol]} {symbol} dice:</label>"
                f'<select id="ch-split-{symbol}" data-action="split" data-symbol="{symbol}">'
                f"{opts}</select></div>"
            )
        group_html = (
            '<fieldset class="ch-groups"><legend>Equal dice as wilds</legend>'
            f"{''.join(groups)}</fieldset>"
            if groups
            else ""
        )
        gains = plan.preview(view, seat)
        row = view["rows"][seat]
        items = []
        for index, (item, gain) in enumerate(
            zip(plan.items, gains + [None] * len(plan.items), strict=False)
        ):
            colour_select = ""
            if item.kind == "wild":
                opts = "".join(
                    f'<option value="{c}"{" selected" if c == item.colour else ""}>{c}</option>'
                    for c in COLOURS
                )
                colour_select = (
                    f' <select id="ch-wild-{index}" data-action="wild" data-index="{index}" '
                    f'aria-label="Colour of the wild of {item.size} {item.symbol} dice">'
                    f"{opts}</select>"
                )
            score = (
                H.gains_html([gain], row)
                if gain is not None
                else '<span class="ch-none">not scored: the game is won before</span>'
            )
            n = len(plan.items)
            items.append(
                f'<li class="ch-item">{H.sym(item.symbol, 18)} <span>'
                f"{escape(item.label())}</span>{colour_select}"
                f' <span class="ch-item-score">{score}</span>'
                f' <button type="button" id="ch-up-{index}" data-action="up" data-index="{index}" '
                f'aria-label="Score {escape(item.label())} '
                f'earlier"{" disabled" if index == 0 else ""}>↑</button>'
                f'<button type="button" id="ch-down-{index}" data-action="down" '
                f'data-index="{index}" '
                f'aria-label="Score {escape(item.label())} '
                f'later"{" disabled" if index == n - 1 else ""}>↓</button></li>'
            )
        total = sum(g.gained for g in gains)
        return (
            f'<div class="ch-dice ch-own" role="group" aria-label="Your roll">{dice}</div>'
            '<p class="ch-note">Each die scores one point per die of the others showing its '
            "symbol (the +number).</p>"
            f"{reroll}{group_html}"
            f'<h3>Scoring order</h3><ol class="ch-items">{"".join(items)}</ol>'
            '<button type="button" id="ch-resolve" class="primary" data-action="resolve">Score '
            f"these dice (+{total})</button>"
        )

    def tiles_act(self) -> str:
        view = self.view
        seat = view["current"]
        row = view["rows"][seat]
        legal = set(view["legal_moves"])
        parts = []
        if "draw" in legal:
            chance = round(bust_chance(view) * 100)
            label = "Draw another tile" if view["phase"] == "drawing" else "Draw a tile"
            parts.append(
                '<button type="button" id="ch-draw" class="primary" data-action="draw">'
                f"{label} (D)</button>"
                f'<p class="ch-note">A draw ends your turn if it shows '
                f"{self.bust_words(view)} — about {chance}% of the pool.</p>"
            )
        if "score" in legal:
            parts.append(
                '<button type="button" id="ch-stop" data-action="stop">Stop and score '
                "(S)</button> "
                '<span class="ch-preview">'
                f"{H.gains_html(tile_score_preview(view, seat), row)}</span>"
            )
        free = [m.partition(":")[2] for m in view["legal_moves"] if m.startswith("free:")]
        for colour in free:
            gains = free_score_preview(view, seat, colour)
            parts.append(
                f'<div class="ch-free"><button type="button" id="ch-free-{colour}" '
                'data-action="free" '
                f'data-colour="{colour}">Free score: take the centre {colour} tiles</button> '
                f'<span class="ch-preview">{H.gains_html(gains, row)}</span></div>'
            )
        if view["phase"] == "turn" and not free:
            parts.append(
                '<p class="muted">No free score: no centre tile shows one of your lowest rows.</p>'
            )
        return "".join(parts)

    def bust_words(self, view: dict[str, Any]) -> str:
        drawn = list(dict.fromkeys(view["drawn"]))
        missing = [c for c in bust_colours(view) if c not in drawn]
        parts = []
        if drawn:
            parts.append("a symbol you drew this turn (" + ", ".join(drawn) + ")")
        if missing:
            parts.append("a symbol no centre tile shows (" + ", ".join(missing) + ")")
        return " or ".join(parts) or "nothing (every draw is safe)"

    def current_preview(self) -> list[Any] | None:
        """The gains the current choice would bring (for the score rows)."""
        if not self.my_turn or self.session is None:
            return None
        view = self.view
        seat = view["current"]
        variant = self.session.variant
        if variant == "cards" and self.selected_card and self.order and view["phase"] == "play":
            return card_preview(view, seat, *self.order)
        if variant == "dice" and self.plan is not None and not self.needs_roll():
            return self.plan.preview(view, seat)
        if variant == "tiles" and view["phase"] == "drawing":
            return tile_score_preview(view, seat)
        return None

    def render_scores(self) -> None:
        session = self.session
        assert session is not None
        view = session.game.view(self.view_seat)
        preview = self.current_preview()
        el("ch-scores").innerHTML = H.score_rows(
            view, view["current"] if preview is not None else None, preview
        )

    def render_log(self) -> None:
        session = self.session
        assert session is not None
        items = []
        setup = session.setup
        for index, line in session.log[-80:]:
            prefix = f"Game {index + 1}: " if setup.is_match else ""
            cls = ' class="bonus"' if "Ingenious!" in line else ""
            items.append(f"<li{cls}>{escape(prefix + line)}</li>")
        box = el("ch-log")
        box.innerHTML = "".join(items)
        box.scrollTop = box.scrollHeight

    # --- input -------------------------------------------------------------------------------
    def on_act_click(self, event: Any) -> None:
        node = event.target.closest("button[data-action]")
        if missing(node) or node.disabled or not self.my_turn or self.busy:
            return
        action = str(node.getAttribute("data-action"))
        if action == "card":
            self.select_card(int(node.getAttribute("data-slot")))
        elif action == "play":
            self.play_card()
        elif action in ("discard", "keep"):
            self.commit(action)
        elif action == "roll":
            self.roll()
        elif action == "reroll":
            self.commit("reroll")
        elif action in ("up", "down") and self.plan is not None:
            self.plan.move(int(node.getAttribute("data-index")), -1 if action == "up" else 1)
            self.rerender()
        elif action == "resolve" and self.plan is not None:
            self.commit(self.plan.move_text())
        elif action == "draw":
            self.commit("draw")
        elif action == "stop":
            self.commit("score")
        elif action == "free":
            self.commit("free:" + str(node.getAttribute("data-colour")))

    def on_act_change(self, event: Any) -> None:
        node = event.target
        action = str(node.getAttribute("data-action") or "")
        if not self.my_turn:
            return
        if action == "order" and self.selected_card:
            a, b = card_colours(self.selected_card)
            first = str(node.getAttribute("data-first"))
            self.order = (first, b if first == a else a)
            self.rerender()
            self.announce(f"{first} scores first.")
        elif action == "split" and self.plan is not None:
            self.plan.set_split(str(node.getAttribute("data-symbol")), int(node.value))
            self.rerender()
        elif action == "wild" and self.plan is not None:
            self.plan.set_wild_colour(int(node.getAttribute("data-index")), str(node.value))
            self.rerender()

    def rerender(self) -> None:
        owner = self.view_seat
        self.render_act(owner)
        self.render_scores()

    def select_card(self, slot: int) -> None:
        hand = self.view.get("hand", [])
        if not 0 <= slot < len(hand):
            return
        card = hand[slot]
        if slot == self.selected_slot:
            self.selected_slot, self.selected_card = None, None
        else:
            self.selected_slot, self.selected_card = slot, card
        self.order = None
        self.rerender()
        if self.selected_card is not None:
            order = self.order or ("", "")
            gains = card_preview(self.view, self.view["current"], *order) if all(order) else []
            words = ", ".join(
                f"{g.colour} {g.gained}" + (f" ({g.lost} lost)" if g.lost else "") for g in gains
            )
            self.announce(f"{card} selected; {order[0]} first scores {words}.")

    def play_card(self) -> None:
        if self.selected_card and self.order:
            self.commit(f"{self.order[0]}-{self.order[1]}")

    def roll(self) -> None:
        session = self.session
        if session is None:
            return
        self.rolled_key = (session.match.index, len(session.game.moves))
        dice = ", ".join(d for d in self.view["dice"][self.view["current"]] if d)
        self.announce(f"You rolled {dice}.")
        self.rerender()
        self.render_table(self.view_seat)
        self.focus_first()

    def on_key(self, event: Any) -> None:
        if el("challenge-screen").hidden:
            return
        if event.key == "Escape" and not el("ch-guide").hidden:
            self.close_rules()
            return
        if not (el("ch-pass").hidden and el("ch-over").hidden and el("ch-guide").hidden):
            return
        target = event.target
        tag = (
            "" if missing(target) or missing(target.tagName) else str(target.tagName).lower()
        )
        if tag in ("input", "select", "textarea") or not self.my_turn or self.busy:
            return
        key = str(event.key)
        variant = self.session.variant if self.session else ""
        if variant == "cards" and key in "123456" and len(key) == 1:
            hand = self.view.get("hand", [])
            if int(key) <= len(hand) and self.view["phase"] == "play":
                self.select_card(int(key) - 1)
                node = el(f"ch-card-{int(key) - 1}")
                if not missing(node):
                    node.focus()
        elif variant == "cards" and key in ("o", "O") and self.selected_card and self.order:
            self.order = (self.order[1], self.order[0])
            self.rerender()
            self.announce(f"{self.order[0]} scores first.")
        elif variant == "dice" and key in ("r", "R"):
            if self.needs_roll():
                self.roll()
            elif self.view["rerolls_left"] > 0:
                self.commit("reroll")
        elif variant == "tiles" and key in ("d", "D") and "draw" in self.view["legal_moves"]:
            self.commit("draw")
        elif variant == "tiles" and key in ("s", "S") and "score" in self.view["legal_moves"]:
            self.commit("score")

    def on_speed(self, event: Any) -> None:
        value = str(el("ch-speed").value)
        if value in SPEED_DELAY:
            self.app.speed = value
            self.app.settings["speed"] = value
            from web import storage

            storage.write_json(self.store, storage.SETTINGS_KEY, self.app.settings)
            el("speed").value = value
            self.app.apply_speed_class()

    def show_rules(self) -> None:
        el("ch-guide-body").innerHTML = rules_html(self.session.variant if self.session else None)
        el("ch-guide").hidden = False
        el("ch-guide-close").focus()

    def close_rules(self) -> None:
        el("ch-guide").hidden = True
        el("ch-rules").focus()

    # --- moves -------------------------------------------------------------------------------
    def commit(self, move: str) -> bool:
        session = self.session
        if session is None:
            return False
        before = session.match.index
        mover = session.game.current
        try:
            lines = session.apply(move)
        except IllegalMoveError as exc:
            self.set_status(f"Not allowed: {exc}")
            self.announce(f"Not allowed: {exc}")
            return False
        self.reset_turn_state()
        self.autosave()
        bonus = [line for line in lines if "Ingenious!" in line]
        if bonus:
            self.show_banner("Ingenious! Bonus turn")
        text = " ".join(lines)
        if session.match.index == before and not session.over:
            text += " " + self.turn_prompt()
        self.announce(text)
        if session.game.current != mover:
            self.rolled_key = None
        if self.busy:
            # The bot loop refreshes and schedules what comes next; with a pause after
            # the move, show the move now.
            if SPEED_DELAY.get(self.app.speed, 0.9) > 0:
                self.render_view()
        else:
            self.refresh()
        return True

    def undo(self) -> None:
        """Take back the person's last turn and any bot turns after it."""
        session = self.session
        if session is None:
            return
        try:
            earlier = session.undone()
        except (IllegalMoveError, SaveFormatError) as exc:
            self.set_status(f"Cannot undo: {exc}")
            self.announce(f"Cannot undo: {exc}")
            return
        self.generation += 1  # an answer from a bot still thinking is dropped
        self.busy = False
        self.session = earlier
        self.revealed = None
        self.rolled_key = None
        self.reset_turn_state()
        self.autosave()
        self.refresh()
        self.announce(f"Took back your last turn. {self.turn_prompt()}")
        self.focus_first()

    async def bot_turn(self, generation: int) -> None:
        session = self.session
        assert session is not None
        self.busy = True
        try:
            game = session.game
            seat = game.current
            level = session.setup.seats[seat]
            view_json = json.dumps(game.view(seat))
            seed = (session.setup.seed * 7919 + len(game.moves) * 31 + seat) % (2**31)
            started = float(js.performance.now())
            worker = await self.app.bots()
            move = str(await worker.choose_challenge(view_json, level, seed, BOT_BUDGET_MS[level]))
            if generation != self.generation:
                return
            delay = SPEED_DELAY.get(self.app.speed, 0.9)
            if delay > 0:
                self.bot_note = escape(describe_move(session.variant, move, game.names[seat]))
                self.render_act(self.view_seat)
                elapsed = (float(js.performance.now()) - started) / 1000
                await asyncio.sleep(max(delay * 0.6, delay - elapsed))
                if generation != self.generation:
                    return
            self.commit(move)
            if delay > 0:
                await asyncio.sleep(delay * 0.4)
        except Exception as exc:  # a bot failure must not freeze the table
            self.set_status(f"The bot could not move: {exc}")
            js.console.warn(f"challenge bot failed: {exc}")
            return
        finally:
            if generation == self.generation:
                self.busy = False
        if generation == self.generation:
            self.refresh()

    # --- overlays ----------------------------------------------------------------------------
    def show_between(self) -> None:
        session = self.session
        assert session is not None
        finished = session.match.finished[-1]
        result = finished.result()
        view = finished.view(0)
        setup = session.setup
        el("ch-over-title").textContent = f"{TITLES[finished.variant]} over"
        why = ended_reason(result, finished.variant, finished.names, int(view.get("target", 7)))
        el("ch-over-why").textContent = why
        el("ch-ranking").innerHTML = H.ranking_html(result)
        el("ch-over-tally").innerHTML = H.tally_html(
            session.match.view(0)["match"], setup.names, [TITLES[v] for v in setup.challenges]
        )
        nxt = el("ch-next")
        nxt.textContent = f"Start the {TITLES[session.variant]}"
        nxt.hidden = False
        el("ch-again").hidden = True
        el("ch-look").hidden = True
        el("ch-over").hidden = False
        self.announce(
            f"{TITLES[finished.variant]} over. {why} Victory points: "
            + ", ".join(f"{n} {p}" for n, p in zip(setup.names, session.match.tally, strict=True))
        )
        nxt.focus()

    def show_over(self) -> None:
        session = self.session
        assert session is not None
        game = session.game
        result = game.result()
        setup = session.setup
        why = ended_reason(result, game.variant, game.names, int(self.view.get("target", 7)))
        if setup.is_match:
            final = session.match.result()
            winners = [setup.names[s] for s in final["winners"]]
            title = (
                f"{winners[0]} wins the match!"
                if len(winners) == 1
                else "Shared match win: " + " and ".join(winners)
            )
            why = f"Last game: {why} The most victory points win the match."
            el("ch-over-tally").innerHTML = H.tally_html(
                session.match.view(0)["match"], setup.names, [TITLES[v] for v in setup.challenges]
            )
        else:
            winners = [game.names[s] for s in result["winners"]]
            title = (
                f"{winners[0]} wins!"
                if len(winners) == 1
                else "Shared first place: " + " and ".join(winners)
            )
            el("ch-over-tally").innerHTML = ""
        el("ch-over-title").textContent = title
        el("ch-over-why").textContent = why
        el("ch-ranking").innerHTML = H.ranking_html(result)
        el("ch-next").hidden = True
        el("ch-again").hidden = False
        el("ch-look").hidden = False
        el("ch-over").hidden = False
        self.announce(f"Game over. {title} {why}")
        el("ch-again").focus()

    # --- small helpers -----------------------------------------------------------------------
    def focus_first(self) -> None:
        node = document.querySelector(
            "#ch-act button.primary:not([disabled]), #ch-act button:not([disabled]), #ch-act input"
        )
        if not missing(node):
            node.focus()

    def set_status(self, text: str) -> None:
        el("ch-status").textContent = text

    def announce(self, text: str) -> None:
        el("announce").textContent = text

    def show_banner(self, text: str) -> None:
        show_banner("ch-banner", text)

    def expose_automation(self) -> None:
        def state() -> Any:
            return js_value(self.session.to_save()) if self.session else None

        def view() -> Any:
            return js_value(self.view) if self.session else None

        def busy() -> bool:
            return bool(self.busy)

        expose("ingeniousChallenges", {"state": state, "view": view, "busy": busy})


_ui: ChallengeUI | None = None


def mount(app: Any) -> ChallengeUI:
    """Build the Challenges card and screen once; the board-game app passes itself in."""
    global _ui
    if _ui is None:
        _ui = ChallengeUI(app)
    return _ui
