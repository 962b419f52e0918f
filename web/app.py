"""The game page controller (PyScript main thread).

Thin by design: input -> move string -> engine -> redraw. The engine game is the only
game state; everything shown is rebuilt from a player view. Bots run in a worker.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import js  # type: ignore[import-not-found]

from engine import IngeniousError, SaveFormatError, load_game, new_game
from engine.bots.levels import level_blurbs
from engine.game import Game
from web import guide, motion, render, saves, storage, zoom
from web.dom import (
    document,
    el,
    expose,
    js_value,
    keep,
    missing,
    on,
    read_seat_inputs,
    show_banner,
)
from web.hexgrid import DIRECTIONS, Cell, Layout, add, fit_layout, ring
from web.hexgrid import distance as hex_distance
from web.placing import Aim, LegalIndex, Tile, parse_placement, step_cursor, tile_at
from web.scoreboard import board_html, label_text, track_states, value_text
from web.session import (
    BOT_LEVELS,
    HUMAN,
    VARIANT_PLAYERS,
    Setup,
    SetupError,
    describe_event,
    humans,
    make_setup,
    needs_pass_screen,
    rack_owner,
    seat_rows_html,
    turn_prompt,
    undo_target,
)
from web.symbols import COLOURS, svg_symbol, svg_tile

# Seconds a bot move stays on screen, and ray animation length, per speed setting.
SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.6, 1.1),
    "normal": (0.8, 0.6),
    "fast": (0.3, 0.25),
    "instant": (0.0, 0.0),
}
BOT_BUDGET_MS = {"beginner": 200, "casual": 400, "strong": 1000, "expert": 2000}
HINT_LEVEL = "strong"

class BrowserStore:
    """localStorage behind the `storage.Store` protocol (null becomes None)."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        value = js.localStorage.getItem(key)
        return None if missing(value) else str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        js.localStorage.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        js.localStorage.removeItem(key)


class App:
    """Screen state around one engine game.

    Holds only what the screen needs: who sits where (`setup`), whose rack was revealed on
    the hot seat, what is being aimed, cached canvases and animation. `generation` grows
    whenever a game starts, loads or is undone, so late answers from the bot worker for
    an older position are dropped.
    """

    def __init__(self) -> None:
        self.store = BrowserStore()
        self.saves = saves.SaveManager(self)  # checks stored data before anything reads it
        self.game: Game | None = None
        self.setup: Setup | None = None
        self.revealed: int | None = None
        self.aim = Aim()
        self.index = LegalIndex([])
        self.view: dict[str, Any] = {}
        self.owner: int | None = None
        self.generation = 0
        self.busy = False
        self.hint: str | None = None
        self.cursor: Cell | None = None
        self.keyboard = False
        self.layout = Layout(10.0, 0.0, 0.0)  # what is drawn and hit-tested: `fit` zoomed
        self.fit = Layout(10.0, 0.0, 0.0)  # the whole zone in the canvas
        self.zoom_view = zoom.FITTED
        self.touches: dict[int, tuple[float, float]] = {}  # fingers on the board
        self.gesture: dict[str, Any] | None = None  # tap, drag, pinch or done
        self.css_size = (0.0, 0.0)
        self.dpr = 1.0
        self.public_stale = True
        self.frame_pending = False
        self.animation: dict[str, Any] | None = None
        self.worker_future: Any = None
        self.settings: dict[str, Any] = storage.read_json(self.store, storage.SETTINGS_KEY, {})
        self.speed = motion.starting_speed(self.settings.get("speed"), self.reduced_motion())
        self.canvas = el("board-canvas")
        self.ctx = self.canvas.getContext("2d")
        self.layer = document.createElement("canvas")
        self.layer_ctx = self.layer.getContext("2d")
        self.base = document.createElement("canvas")
        self.base_ctx = self.base.getContext("2d")
        self.base_key: Any = None
        self.drawn_tiles: list[Any] | None = None
        self.public: dict[str, Any] | None = None
        self.bot_ghost: render.Ghost | None = None
        self.timings: list[tuple[str, float]] = []
        self.moves_shown: tuple[Any, int, list[Any]] = (None, 0, [])
        self.frame_proxy = keep(self.on_frame)

    # --- start-up ------------------------------------------------------------------------------
    def boot(self) -> None:
        render.PATH2D = js.Path2D.new
        self.bind_start_screen()
        self.bind_game_screen()
        from web.challenges.ui import mount  # the Challenges card and screen

        mount(self)
        self.expose_automation()
        speed_param = js.URLSearchParams.new(js.location.search).get("speed")
        if speed_param in SPEEDS:
            self.speed = str(speed_param)
        el("speed").value = self.speed
        self.apply_speed_class()
        self.show_start()
        self.saves.boot()
        # The status bar starts with a load report (the smoke test reads it).
        self.set_status(f"Engine loaded on Python {sys.version.split()[0]}.")
        js.window.ingeniousBoot.done()
        document.body.setAttribute("data-ready", "1")
        js.performance.mark("ingenious:ready")
        # The worker starts after the page is usable, so it does not slow the first paint.
        self.worker_future = asyncio.ensure_future(self.start_worker())

    async def start_worker(self) -> Any:
        from pyscript import create_named_worker  # type: ignore[import-not-found]

        return await create_named_worker(
            src="./web/worker.py", name="bots", config="./pyscript.toml"
        )

    async def bots(self) -> Any:
        if self.worker_future is None:
            self.worker_future = asyncio.ensure_future(self.start_worker())
        return await self.worker_future

    # --- start screen --------------------------------------------------------------------------
    def bind_start_screen(self) -> None:
        el("brand-symbols").innerHTML = "".join(
            f'<span class="brand-tile">{svg_symbol(c, 30, label=False)}</span>' for c in COLOURS
        )
        for radio in document.querySelectorAll('input[name="variant"]'):
            on(radio, "change", lambda e: self.update_setup_form())
        on(el("players"), "change", lambda e: self.update_setup_form())
        on(el("setup-form"), "submit", self.on_start_submit)
        on(el("continue-game"), "click", lambda e: self.continue_game())
        on(el("open-rules"), "click", lambda e: self.show_guide("rules"))
        on(el("open-tutorial"), "click", lambda e: self.show_guide("tutorial"))
        on(el("guide-close"), "click", lambda e: self.close_guide())
        self.update_setup_form()

    def selected_variant(self) -> str:
        checked = document.querySelector('input[name="variant"]:checked')
        return "standard" if missing(checked) else str(checked.value)

    def update_setup_form(self) -> None:
        variant = self.selected_variant()
        counts = VARIANT_PLAYERS[variant]
        el("players-row").hidden = len(counts) == 1
        players = int(el("players").value) if variant == "standard" else counts[0]
        el("open-row").hidden = variant != "team"
        team = [f"Team {'AB'[seat % 2]}" for seat in range(players)]
        el("seats").innerHTML = seat_rows_html(
            "", players, BOT_LEVELS, read_seat_inputs(""), team if variant == "team" else None,
            level_blurbs(),
        )  # fmt: skip

    def on_start_submit(self, event: Any) -> None:
        event.preventDefault()
        variant = self.selected_variant()
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
        self.begin(game, setup)

    def continue_game(self) -> None:
        if self.saves.continue_game():
            return
        loaded = storage.read_autosave(self.store)
        info = el("continue-info")
        if loaded.save is None:
            info.textContent = loaded.problem or "No saved game yet."
            return
        try:
            game = load_game(loaded.save)
        except SaveFormatError as exc:
            info.textContent = f"The saved game cannot be continued: {exc}"
            return
        seats = loaded.save.get("seats")
        if not (
            isinstance(seats, list)
            and len(seats) == game.players
            and all(s == HUMAN or s in BOT_LEVELS for s in seats)
        ):
            seats = [HUMAN] * game.players
        setup = Setup(
            game.variant.name,
            game.players,
            list(game.names),
            list(seats),
            game.seed,
            dict(game.options),
        )
        self.begin(game, setup)

    def show_start(self) -> None:
        self.generation += 1
        self.busy = False
        el("game").hidden = True
        el("pass-screen").hidden = True
        el("over-screen").hidden = True
        el("start").hidden = False
        loaded = storage.read_autosave(self.store)
        button, info = el("continue-game"), el("continue-info")
        button.disabled = loaded.save is None
        if loaded.save is not None:
            save = loaded.save
            names = ", ".join(str(n) for n in save.get("names", []))
            kind = str(save.get("variant", "")).capitalize()
            played = len(save.get("moves", []))
            info.textContent = f"{kind} game: {names} — {played} moves played."
        else:
            info.textContent = loaded.problem or "No saved game yet."
        self.render_solo_best()
        self.saves.on_start_screen()

    def render_solo_best(self) -> None:
        table = storage.read_json(self.store, storage.SOLO_BEST_KEY, [])
        box = el("solo-best")
        if not isinstance(table, list) or not table:
            box.innerHTML = ""
            return
        rows = "".join(
            f"<tr><td>{i + 1}</td><td>{_html(str(r.get('name', '')))}</td>"
            f"<td>{int(r.get('score', 0))}</td></tr>"
            for i, r in enumerate(table[:5])
            if isinstance(r, dict)
        )
        head = "<tr><th>#</th><th>Name</th><th>Lowest</th></tr>"
        box.innerHTML = f"<h3>Best solo results</h3><table>{head}{rows}</table>"

    def show_guide(self, which: str) -> None:
        el("guide-title").textContent = "Rules" if which == "rules" else "Tutorial"
        el("guide-body").innerHTML = (
            guide.rules_html() if which == "rules" else guide.tutorial_html()
        )
        el("guide-screen").hidden = False
        el("guide-close").focus()
        guide.mount(which, el("guide-body"))

    def close_guide(self) -> None:
        el("guide-screen").hidden = True

    # --- game lifecycle ------------------------------------------------------------------------
    def begin(self, game: Game, setup: Setup) -> None:
        self.generation += 1
        self.busy = False  # a bot still thinking for the old game is ignored when it answers
        self.game, self.setup = game, setup
        self.revealed = None
        self.aim = Aim()
        self.hint = None
        self.cursor = None
        self.animation = None
        self.set_zoom(zoom.FITTED)
        el("start").hidden = True
        el("over-screen").hidden = True
        el("game").hidden = False
        el("scoreboard").innerHTML = board_html(game.view(None))
        self.autosave()
        self.resize()
        self.refresh()
        self.announce(f"New {game.variant.title.lower()}. " + turn_prompt(self.view, setup.seats))
        self.canvas.focus()

    def autosave(self) -> None:
        if self.saves.on_autosave():
            return
        if self.game is None or self.setup is None:
            return
        save = dict(self.game.to_save())
        save["seats"] = list(self.setup.seats)
        problem = storage.write_autosave(self.store, save)
        if problem:
            self.set_status(problem)

    def refresh(self) -> None:
        """Rebuild everything shown from the engine, then start whatever is due next."""
        with self.timed("refresh"):
            self._refresh()

    def _refresh(self) -> None:
        game, setup = self.game, self.setup
        if game is None or setup is None:
            return
        self.owner = rack_owner(setup.seats, game.current, self.revealed)
        self.view = game.view(self.owner)
        my_turn = (
            game.phase != "over"
            and setup.seats[game.current] == HUMAN
            and self.owner == game.current
        )
        self.index = LegalIndex(game.legal_moves() if my_turn else [])
        if not my_turn or tile_at(self.rack(), self.aim.slot) is None:
            self.aim.slot = None
        if my_turn and self.aim.slot is None and len(self.rack()) == 1 and game.phase == "place":
            self.aim.slot = 0  # solo: the one drawn tile is the only choice
        self.public_stale = True
        self.render_rack()
        self.render_scores()
        self.render_moves()
        self.render_swap_offer(my_turn)
        self.render_buttons()
        self.update_aim()
        self.set_status(self.prompt())
        self.schedule()

    def prompt(self) -> str:
        """The status line; after "Ingenious!" it asks for the bonus tile by name."""
        game, setup = self.game, self.setup
        assert game is not None and setup is not None
        text = turn_prompt(self.view, setup.seats)
        last = game.log[-1] if game.log else None
        if (
            last is not None
            and last.get("bonus")
            and game.phase == "place"
            and last["seat"] == game.current
            and setup.seats[game.current] == HUMAN
        ):
            due = f" ({game.pending} due)" if game.pending > 1 else ""
            text = f"Ingenious! {game.names[game.current]}: place your bonus tile{due}."
        return text

    def rack(self) -> list[Tile]:
        if self.owner is None:
            return []
        raw = self.view["racks"].get(str(self.owner), [])
        return [(str(a), str(b)) for a, b in raw]

    def schedule(self) -> None:
        game, setup = self.game, self.setup
        assert game is not None and setup is not None
        if game.phase == "over":
            self.show_game_over()
            return
        seat = game.current
        if setup.seats[seat] != HUMAN:
            if not self.busy:
                asyncio.ensure_future(self.bot_turn(self.generation))
            return
        if needs_pass_screen(setup.seats, seat, self.revealed):
            el("pass-title").textContent = f"Pass to {game.names[seat]}"
            el("pass-last").textContent = el("last-move").textContent
            el("pass-ready").textContent = f"I am {game.names[seat]}: show my tiles"
            el("pass-screen").hidden = False
            el("pass-ready").focus()

    def on_pass_ready(self) -> None:
        if self.game is None:
            return
        self.revealed = self.game.current
        el("pass-screen").hidden = True
        self.refresh()
        self.saves.on_ui_change()
        self.canvas.focus()

    async def bot_turn(self, generation: int) -> None:
        game, setup = self.game, self.setup
        assert game is not None and setup is not None
        self.busy = True
        try:
            seat = game.current
            level = setup.seats[seat]
            view_json = json.dumps(game.view(seat))
            seed = (game.seed * 7919 + len(game.moves) * 31 + seat) % (2**31)
            bot_delay, _ = SPEEDS[self.speed]
            started = js.performance.now()
            if self.worker_future is None or not self.worker_future.done():
                self.set_status(f"Starting the bots… ({game.names[seat]} moves next)")
            worker = await self.bots()
            self.set_status(turn_prompt(game.view(None), setup.seats))
            move = str(await worker.choose(view_json, level, seed, BOT_BUDGET_MS.get(level, 1000)))
            if generation != self.generation:
                return
            halves = parse_placement(move)
            if halves is not None and bot_delay > 0:
                # Show what the bot is about to place for a moment before it lands.
                (a, ca), (b, cb) = halves
                self.hint = None
                self.bot_ghost = render.Ghost((a, b), (ca, cb))
                self.request_frame()
                wait = max(bot_delay * 0.6, bot_delay - (js.performance.now() - started) / 1000)
                await asyncio.sleep(wait)
                if generation != self.generation:
                    return
            self.bot_ghost = None
            self.commit(move)
            if bot_delay > 0:
                await asyncio.sleep(bot_delay * 0.5)
        except Exception as exc:  # a bot failure must not freeze the table
            self.set_status(f"The bot could not move ({exc}); trying again…")
            js.console.warn(f"bot failed: {exc}")
            future = self.worker_future
            if future is not None and future.done() and future.exception() is not None:
                self.worker_future = None  # start a fresh worker next time
            asyncio.ensure_future(self.retry_bot(generation))
            return
        finally:
            if generation == self.generation:
                self.busy = False
        if generation == self.generation:
            self.refresh()

    async def retry_bot(self, generation: int) -> None:
        await asyncio.sleep(3.0)
        if generation == self.generation:
            self.busy = False
            self.refresh()

    def commit(self, move: str) -> None:
        """Play a move through the engine; a refused move changes nothing and says why."""
        with self.timed("commit"):
            self._commit(move)

    def _commit(self, move: str) -> None:
        game = self.game
        assert game is not None and self.setup is not None
        try:
            event = game.apply(move)
        except IngeniousError as exc:
            self.set_status(f"Not allowed: {exc}")
            return
        self.hint = None
        self.aim.touch_anchor = None
        self.autosave()
        if game.phase == "over" and game.variant.name == "solo":
            # Only a game finished here counts for the table (not one reopened later).
            solo = int(game.result()["solo_result"])
            storage.record_solo_result(self.store, game.names[0], solo, game.seed)
        line = describe_event(event, game.names, game.variant.name)
        el("last-move").textContent = line
        self.start_animation(event)
        if event.get("bonus"):
            self.show_banner("Ingenious!" + (f" ×{event['bonus']}" if event["bonus"] > 1 else ""))
        if game.phase == "place" and game.current == event["seat"] and event.get("bonus"):
            line += f" {game.names[event['seat']]} places a bonus tile."
        elif game.phase != "over":
            line += " " + turn_prompt(game.view(None), self.setup.seats)
        self.announce(line)
        if self.setup.seats[game.current] == HUMAN and game.current != event["seat"]:
            self.aim = Aim(direction=self.aim.direction)
        if not self.busy:
            self.refresh()
        else:
            self.public_stale = True
            self.render_scores()
            self.render_moves()
            self.request_frame()

    def undo(self) -> None:
        game, setup = self.game, self.setup
        if game is None or setup is None:
            return
        target = undo_target(game.log, setup.seats, game.players)
        if target is None:
            return
        self.generation += 1
        self.busy = False
        while len(game.moves) > target and game.can_undo:
            game.undo()
        self.autosave()
        self.aim = Aim(direction=self.aim.direction)
        el("over-screen").hidden = True
        self.announce(f"Undone. {turn_prompt(game.view(None), setup.seats)}")
        self.refresh()

    async def show_hint(self) -> None:
        game = self.game
        if game is None or not (self.index.has_placements or self.index.decisions):
            return
        self.set_status("Asking the strong bot…")
        generation, moves = self.generation, len(game.moves)
        worker = await self.bots()
        seed = (game.seed + len(game.moves)) % (2**31)
        move = str(await worker.choose(json.dumps(game.view(game.current)), HINT_LEVEL, seed, 800))
        if generation != self.generation or len(game.moves) != moves:
            return
        self.hint = move
        halves = parse_placement(move)
        if halves is None:
            advice = "take the offer" if move == "swap" else "keep your tiles"
            self.set_status(f"Hint: {advice}.")
            el("swap-yes" if move == "swap" else "swap-no").focus()
            return
        (a, ca), (b, cb) = halves
        rack = self.rack()
        for slot, tile in enumerate(rack):
            if tile == (ca, cb) or tile == (cb, ca):
                self.aim.slot = slot
                first = tile[0]
                anchor, partner = (a, b) if first == ca else (b, a)
                d = DIRECTIONS.index((partner[0] - anchor[0], partner[1] - anchor[1]))
                self.aim.direction = d
                self.cursor = anchor
                self.aim.cell = anchor
                break
        text = describe_event({"seat": game.current, "move": move, "points": {}}, game.names)
        self.set_status(
            "Hint: "
            + text.split(", scoring")[0].replace(game.names[game.current] + " placed", "place")
            + "."
        )
        self.render_rack()
        self.update_aim()

    def show_game_over(self) -> None:
        game = self.game
        if game is None or game.phase != "over":
            return
        result = game.result()
        items: list[str] = []
        for row in result["standings"]:
            first = " first" if row["place"] == 1 else ""
            if "colours_on_side" in row:
                detail = f"{row['colours_on_side']} colours on their side"
            else:
                detail = "lowest first: " + " · ".join(str(v) for v in row["sorted"])
            items.append(
                f'<li class="rank{first}"><span>{row["place"]}. {_html(str(row["name"]))}</span>'
                f'<span class="counts">{_html(detail)}</span></li>'
            )
        el("ranking").innerHTML = "".join(items)
        reasons = "".join(f"<p>{_html(str(r))}</p>" for r in result["explanation"])
        el("tiebreak").innerHTML = reasons
        title = "Game over"
        winners = [r["name"] for r in result["standings"] if r["place"] == 1]
        if game.variant.name == "solo":
            title = f"Your result: {result.get('solo_result')}"
        elif len(winners) == 1:
            title = f"{winners[0]} wins!"
        else:
            title = "Shared first place: " + " and ".join(str(w) for w in winners)
        el("over-title").textContent = title
        el("over-screen").hidden = False
        self.saves.on_game_over()
        self.announce(f"Game over. {title} " + " ".join(str(r) for r in result["explanation"]))
        el("over-again").focus()

    # --- game screen rendering -----------------------------------------------------------------
    def render_rack(self) -> None:
        game = self.game
        assert game is not None
        box = el("rack")
        rack = self.rack()
        title = el("rack-title")
        if self.owner is None:
            size = self.view["rack_sizes"][game.current] if self.view else 0
            title.textContent = f"{game.names[game.current]}'s tiles (hidden)"
            box.innerHTML = "".join(
                '<div class="rack-tile hidden-tile" aria-hidden="true"></div>' for _ in range(size)
            )
            box.setAttribute("aria-label", "Tiles are hidden")
            el("partner-rack").hidden = True
            return
        seats = self.setup.seats if self.setup is not None else []
        title.textContent = (
            "Your tiles" if len(humans(seats)) <= 1 else f"{game.names[self.owner]}'s tiles"
        )
        playable = self.index.has_placements
        parts = []
        for slot, (a, b) in enumerate(rack):
            pressed = "true" if slot == self.aim.slot else "false"
            disabled = "" if playable else " disabled"
            parts.append(
                f'<button type="button" class="rack-tile" data-slot="{slot}" '
                f'aria-pressed="{pressed}"{disabled} aria-label="Tile {slot + 1}: {a} and {b}">'
                f'<span class="key" aria-hidden="true">{slot + 1}</span>'
                f"{svg_tile(a, b, 68)}</button>"
            )
        box.innerHTML = "".join(parts)
        box.setAttribute("aria-label", "Rack")
        self.render_partner_racks()

    def render_partner_racks(self) -> None:
        """Open team play: the partner's tiles are shown too, for reading only."""
        game = self.game
        assert game is not None
        box = el("partner-rack")
        others = [
            (int(seat), tiles)
            for seat, tiles in self.view.get("racks", {}).items()
            if int(seat) != self.owner
        ]
        if not others:
            box.hidden = True
            box.innerHTML = ""
            return
        parts = []
        for seat, tiles in others:
            shown = "".join(
                f'<span class="partner-tile" role="img" aria-label="{a} and {b}">'
                f"{svg_tile(a, b, 44)}</span>"
                for a, b in tiles
            )
            parts.append(
                f'<p class="partner-name">{_html(game.names[seat])}\'s tiles (partner)</p>'
                f'<div class="partner-tiles">{shown}</div>'
            )
        box.innerHTML = "".join(parts)
        box.hidden = False

    def render_scores(self) -> None:
        game = self.game
        assert game is not None
        view = game.view(None)
        names = list(view["names"])
        board = el("scoreboard")
        for state in track_states(view):
            node = board.querySelector(
                f'.track[data-side="{state.side}"][data-colour="{state.colour}"]'
            )
            if missing(node):
                continue
            node.setAttribute("data-value", str(state.value))
            node.classList.toggle("lowest", state.lowest)
            text = value_text(state)
            node.setAttribute("aria-label", label_text(state, names))
            node.querySelector(".val").textContent = text
            node.querySelector(".mark").style.setProperty("--pos", f"{state.position:.4f}")
            if view["variant"] == "duel":
                for seat, cls in ((0, ".tok.left"), (1, ".tok.right")):
                    holder = node.querySelector(cls)
                    holder.innerHTML = (
                        f'<span class="token" role="img" '
                        f'aria-label="{names[seat]} holds the {state.colour} token">●</span>'
                        if state.token == seat
                        else ""
                    )
        current_side = game.side_of(game.current)
        for card in board.querySelectorAll(".score-card"):
            side = int(card.getAttribute("data-side"))
            card.classList.toggle(
                "current",
                view["variant"] != "duel" and side == current_side and game.phase != "over",
            )

    def render_moves(self) -> None:
        """The move list; new moves are appended (a full rebuild only after undo or load)."""
        game = self.game
        assert game is not None
        box = el("move-list")
        shown = self.moves_shown
        same_game = shown[0] is game and shown[1] <= len(game.log)
        start = shown[1] if same_game and game.log[: shown[1]] == shown[2] else 0
        items = []
        for event in game.log[start:]:
            cls = ' class="bonus"' if event.get("bonus") else ""
            items.append(
                f"<li{cls}>{_html(describe_event(event, game.names, game.variant.name))}</li>"
            )
        if start == 0:
            box.innerHTML = "".join(items)
        elif items:
            box.insertAdjacentHTML("beforeend", "".join(items))
        self.moves_shown = (game, len(game.log), list(game.log))
        if items:
            box.scrollTop = box.scrollHeight

    def render_swap_offer(self, my_turn: bool) -> None:
        game = self.game
        assert game is not None
        box = el("swap-offer")
        if my_turn and game.phase == "swap":
            word = "exchange" if game.variant.name == "duel" else "swap"
            el("swap-reason").textContent = f"You may {word} tiles: {game.swap_reason}."
            el("swap-yes").textContent = (
                "Exchange those tiles" if word == "exchange" else "Swap all six tiles"
            )
            newly_shown = bool(box.hidden)
            box.hidden = False
            if self.keyboard and newly_shown:
                el("swap-yes").focus()  # keyboard players answer the offer with Enter or Tab
        else:
            box.hidden = True

    def render_buttons(self) -> None:
        game, setup = self.game, self.setup
        assert game is not None and setup is not None
        target = undo_target(game.log, setup.seats, game.players)
        el("undo-button").disabled = target is None
        el("hint-button").disabled = not (self.index.has_placements or self.index.decisions)
        el("turn-button").disabled = not self.index.has_placements

    def reduced_motion(self) -> bool:
        """The system asks for reduced motion (read each time: it may change mid-game)."""
        return bool(js.window.matchMedia(motion.QUERY).matches)

    def set_status(self, text: str) -> None:
        el("status").textContent = text

    def announce(self, text: str) -> None:
        el("announce").textContent = text

    def show_banner(self, text: str) -> None:
        show_banner("banner", text)

    def apply_speed_class(self) -> None:
        body = document.body.classList
        body.toggle("no-anim", self.speed == "instant")
        body.toggle("fast-anim", self.speed == "fast")

    # --- aiming --------------------------------------------------------------------------------
    def current_tile(self) -> Tile | None:
        return tile_at(self.rack(), self.aim.slot)

    def effective(self) -> tuple[Cell, int] | None:
        """The aimed cell and a legal direction there (turning on from the chosen one)."""
        tile, cell = self.current_tile(), self.aim.cell
        if tile is None or cell is None:
            return None
        direction = self.index.first_direction(tile, cell, self.aim.direction)
        return None if direction is None else (cell, direction)

    def candidate(self) -> str | None:
        tile, eff = self.current_tile(), self.effective()
        if tile is None or eff is None:
            return None
        return self.index.move_for(tile, eff[0], eff[1])

    def update_aim(self) -> None:
        """Ghost, preview and Place button for what is aimed at now."""
        move = self.candidate()
        preview_box = el("preview")
        el("place-button").disabled = move is None
        self.preview_rays: list[dict[str, Any]] = []
        self.aim_text = ""
        if move is not None and self.game is not None:
            preview = self.game.preview(move)
            self.preview_rays = preview["rays"]
            gains = [
                f'<span class="gain">+{n} {svg_symbol(c, 16)}</span>'
                for c, n in preview["points"].items()
                if n
            ]
            body = "".join(gains) or '<span class="none">No points</span>'
            if preview["bonus"]:
                times = f" ×{preview['bonus']}" if preview["bonus"] > 1 else ""
                body += f' <span class="bonus">Ingenious!{times}</span>'
            lost = [
                c
                for c, n in preview["points"].items()
                if n and self.toward_me(preview["scores_after"][c]) - self.own_score(c) < n
            ]
            self.aim_text = f"{self.aim_where(move)}: scores " + (
                ", ".join(f"{n} {c}" for c, n in preview["points"].items() if n) or "nothing"
            )
            if lost:
                body += (
                    f' <span class="none">(some {", ".join(lost)} points lost at the cap)</span>'
                )
            preview_box.innerHTML = f"<span class='sr-only'>This placement scores </span>{body}"
        elif self.current_tile() is not None and self.aim.cell is not None:
            q, r = self.aim.cell
            self.aim_text = f"{q},{r}: the tile cannot go here"
            preview_box.innerHTML = (
                '<span class="none">The tile cannot go here. Try another cell or turn it.</span>'
            )
        elif self.current_tile() is not None:
            preview_box.innerHTML = (
                '<span class="none">Move over the board: '
                "highlighted cells can take this tile.</span>"
            )
        elif self.index.has_placements:
            preview_box.innerHTML = '<span class="none">Pick a tile (keys 1–6).</span>'
        else:
            preview_box.innerHTML = ""
        self.request_frame()

    def aim_where(self, move: str) -> str:
        halves = parse_placement(move)
        if halves is None:
            return move
        (a, ca), (b, cb) = halves
        return f"{ca} on {a[0]},{a[1]} and {cb} on {b[0]},{b[1]}"

    def toward_me(self, value: int) -> int:
        """A track value seen from the current player (the duel track is signed)."""
        game = self.game
        assert game is not None
        return -value if game.variant.name == "duel" and game.current == 1 else value

    def own_score(self, colour: str) -> int:
        game = self.game
        assert game is not None
        track = game.scores[game.side_of(game.current)]
        return self.toward_me(track[COLOURS.index(colour)])

    def select_slot(self, slot: int) -> None:
        if not self.index.has_placements or slot >= len(self.rack()):
            return
        self.aim.slot = None if self.aim.slot == slot else slot
        self.aim.touch_anchor = None
        self.hint = None
        tile = self.current_tile()
        if (
            tile is not None
            and self.keyboard
            and (self.cursor is None or not self.index.directions(tile, self.cursor))
        ):
            # Keyboard players start on the legal cell nearest the cursor, not on a dead spot.
            here = self.cursor or (0, 0)
            anchors = sorted(
                self.index.anchors(tile), key=lambda c: (hex_distance(c, here), c[1], c[0])
            )
            if anchors:
                self.cursor = anchors[0]
                self.aim.cell = anchors[0]
        for node in document.querySelectorAll(".rack-tile[data-slot]"):
            node.setAttribute(
                "aria-pressed",
                "true" if int(node.getAttribute("data-slot")) == self.aim.slot else "false",
            )
        if tile is not None:
            self.announce(f"Tile {slot + 1}: {tile[0]} and {tile[1]} selected.")
        self.update_aim()

    def rotate(self, step: int = 1) -> None:
        tile = self.current_tile()
        if tile is None:
            return
        eff = self.effective()
        if eff is not None:
            cell, current = eff
            nxt = self.index.first_direction(tile, cell, (current + step) % 6) if step > 0 else None
            if step < 0:
                for k in range(1, 7):
                    d = (current - k) % 6
                    if self.index.move_for(tile, cell, d) is not None:
                        nxt = d
                        break
            self.aim.direction = nxt if nxt is not None else (self.aim.direction + step) % 6
        else:
            self.aim.rotate(step)
        self.update_aim()

    def place_aimed(self) -> None:
        move = self.candidate()
        if move is None:
            if self.current_tile() is None:
                self.set_status("Pick a tile first (keys 1–6).")
            else:
                self.set_status("The tile cannot go there. Move it or turn it (R).")
            return
        self.aim.slot = None
        self.aim.touch_anchor = None
        self.commit(move)

    # --- input ---------------------------------------------------------------------------------
    def bind_game_screen(self) -> None:
        canvas = self.canvas
        on(canvas, "pointermove", self.on_pointer_move)
        on(canvas, "pointerleave", self.on_pointer_leave)
        on(canvas, "pointerdown", self.on_pointer_down)
        on(canvas, "pointerup", self.on_pointer_up)
        on(canvas, "pointercancel", self.on_pointer_up)
        on(el("zoom-reset"), "click", lambda e: self.set_zoom(zoom.FITTED))
        on(canvas, "contextmenu", self.on_context_menu)
        on(canvas, "wheel", self.on_wheel, js_value({"passive": False}))
        on(document, "keydown", self.on_key)
        on(el("rack"), "click", self.on_rack_click)
        on(el("turn-button"), "click", lambda e: self.rotate(1))
        on(el("place-button"), "click", lambda e: self.place_aimed())
        on(el("swap-yes"), "click", lambda e: self.decide("swap"))
        on(el("swap-no"), "click", lambda e: self.decide("pass"))
        on(el("undo-button"), "click", lambda e: self.undo())
        on(el("hint-button"), "click", lambda e: asyncio.ensure_future(self.show_hint()))
        on(el("rules-button"), "click", lambda e: self.show_guide("rules"))
        on(el("menu-button"), "click", lambda e: self.show_start())
        on(el("pass-ready"), "click", lambda e: self.on_pass_ready())
        on(el("over-again"), "click", lambda e: self.play_again())
        on(el("over-board"), "click", lambda e: self.hide_over())
        on(el("over-menu"), "click", lambda e: self.show_start())
        on(el("speed"), "change", self.on_speed)
        observer = js.ResizeObserver.new(keep(lambda entries, obs: self.resize()))
        observer.observe(el("board-wrap"))
        self._observer = observer

    def hide_over(self) -> None:
        el("over-screen").hidden = True
        self.canvas.focus()

    def play_again(self) -> None:
        setup = self.setup
        if setup is None:
            return
        fresh = Setup(
            setup.variant,
            setup.players,
            setup.names,
            setup.seats,
            random.getrandbits(40),
            setup.options,
        )
        self.begin(
            new_game(fresh.variant, fresh.players, fresh.seed, fresh.names, fresh.options), fresh
        )

    def on_speed(self, event: Any) -> None:
        value = str(el("speed").value)
        if value in SPEEDS:
            self.speed = value
            self.settings["speed"] = value
            storage.write_json(self.store, storage.SETTINGS_KEY, self.settings)
            self.apply_speed_class()

    def decide(self, move: str) -> None:
        if move in self.index.decisions:
            self.commit(move)
            self.canvas.focus()  # the offer's buttons are gone; keys go to the board again

    def event_point(self, event: Any) -> tuple[float, float]:
        rect = self.canvas.getBoundingClientRect()
        return (float(event.clientX - rect.left), float(event.clientY - rect.top))

    def cell_at(self, point: tuple[float, float]) -> Cell | None:
        cell = self.layout.to_cell(*point)
        return cell if self.game is not None and ring(cell) <= self.game.zone_radius else None

    def event_cell(self, event: Any) -> Cell | None:
        return self.cell_at(self.event_point(event))

    def on_pointer_move(self, event: Any) -> None:
        if event.pointerType == "touch":
            self.on_touch_move(event)
            return
        self.keyboard = False
        cell = self.event_cell(event)
        if cell != self.aim.cell:
            self.aim.cell = cell
            self.cursor = None
            self.update_aim()

    def on_pointer_leave(self, event: Any) -> None:
        if event.pointerType == "touch" or self.keyboard:
            return
        self.aim.cell = None
        self.update_aim()

    def on_pointer_down(self, event: Any) -> None:
        if event.pointerType == "touch":
            event.preventDefault()
            self.on_touch_down(event)
            return
        cell = self.event_cell(event)
        if event.button == 2 or not self.index.has_placements:
            return  # right button turns the tile; off-turn clicks do nothing
        self.aim.cell = cell
        self.place_aimed()

    # Touch: a tap counts when the finger lifts without having moved, so that the
    # first finger of a pinch, or a finger dragging a zoomed board, places nothing.
    def on_touch_down(self, event: Any) -> None:
        point = self.event_point(event)
        if event.isPrimary:
            self.touches.clear()  # a first finger: any finger we still track has gone
        self.touches[int(event.pointerId)] = point
        if len(self.touches) == 1:
            self.gesture = {"kind": "tap", "id": int(event.pointerId), "start": point,
                            "view": self.zoom_view}  # fmt: skip
        elif len(self.touches) == 2:
            ids = list(self.touches)
            first = (self.touches[ids[0]], self.touches[ids[1]])
            self.gesture = {"kind": "pinch", "ids": ids, "first": first, "view": self.zoom_view}

    def on_touch_move(self, event: Any) -> None:
        pid = int(event.pointerId)
        gesture = self.gesture
        if pid not in self.touches or gesture is None:
            return
        point = self.event_point(event)
        self.touches[pid] = point
        width, height = self.css_size
        if gesture["kind"] == "pinch":
            a, b = gesture["ids"]
            if a in self.touches and b in self.touches:
                now = (self.touches[a], self.touches[b])
                self.set_zoom(zoom.pinch(self.fit, gesture["view"], gesture["first"], now,
                                         width, height))  # fmt: skip
            return
        if gesture.get("id") != pid:
            return
        dx, dy = point[0] - gesture["start"][0], point[1] - gesture["start"][1]
        if gesture["kind"] == "tap" and (dx * dx + dy * dy) ** 0.5 > zoom.TAP_SLOP:
            gesture["kind"] = "done" if gesture["view"].fitted else "drag"
        if gesture["kind"] == "drag":
            self.set_zoom(zoom.drag(gesture["view"], dx, dy, width, height))

    def on_pointer_up(self, event: Any) -> None:
        if event.pointerType != "touch":
            return
        pid = int(event.pointerId)
        self.touches.pop(pid, None)
        gesture = self.gesture
        if gesture is not None and gesture["kind"] == "pinch":
            gesture["kind"] = "done"  # the finger left behind does nothing until lifted
            self.set_zoom(zoom.settle(self.zoom_view))
        elif gesture is not None and gesture["kind"] == "tap" and gesture["id"] == pid:
            gesture["kind"] = "done"
            if str(event.type) == "pointerup" and self.index.has_placements:
                self.on_tap(self.cell_at(gesture["start"]))
        if not self.touches:
            self.gesture = None

    def on_tap(self, cell: Cell | None) -> None:
        """Touch: tap a cell for the tile's first half, then a neighbour for the second."""
        tile = self.current_tile()
        if tile is None:
            self.set_status("Pick a tile first, then tap two neighbouring cells.")
            return
        if cell is None:
            return
        anchor = self.aim.touch_anchor
        if anchor is not None:
            if cell == anchor:
                self.place_aimed()
                return
            move = self.index.move_between(tile, anchor, cell)
            if move is not None:
                self.aim.touch_anchor = None
                self.aim.slot = None
                self.commit(move)
                return
        if self.index.directions(tile, cell):
            self.aim.touch_anchor = cell
            self.aim.cell = cell
            self.update_aim()
            self.set_status(
                "Now tap the neighbouring cell for the other half (or tap again to place as shown)."
            )
        else:
            self.set_status("This tile cannot start there.")

    def on_context_menu(self, event: Any) -> None:
        event.preventDefault()
        self.rotate(1)

    def on_wheel(self, event: Any) -> None:
        if event.ctrlKey:  # a touchpad pinch (or ctrl + wheel): zoom at the pointer
            event.preventDefault()
            width, height = self.css_size
            factor = 0.99 ** float(event.deltaY)
            view = zoom.zoom_at(self.fit, self.zoom_view, self.event_point(event),
                                self.zoom_view.zoom * factor, width, height)  # fmt: skip
            self.set_zoom(zoom.settle(view))
            return
        if self.current_tile() is None:
            return
        event.preventDefault()
        self.rotate(1 if event.deltaY > 0 else -1)

    def on_rack_click(self, event: Any) -> None:
        node = event.target.closest(".rack-tile[data-slot]")
        if not missing(node):
            self.keyboard = event.detail == 0
            self.select_slot(int(node.getAttribute("data-slot")))

    def on_key(self, event: Any) -> None:
        if event.key == "Escape" and not el("guide-screen").hidden:
            self.close_guide()
            return
        if el("game").hidden or not el("pass-screen").hidden or not el("guide-screen").hidden:
            return
        if self.saves.viewer is not None:
            return  # the replay viewer is a modal dialog: its keys are its own
        target = event.target
        tag = "" if missing(target) or missing(target.tagName) else str(target.tagName).lower()
        if tag in ("input", "select", "textarea"):
            return
        key = str(event.key)
        on_control = tag in ("button", "a")
        if key in "123456" and len(key) == 1:
            self.keyboard = True
            self.select_slot(int(key) - 1)
        elif key in ("r", "R"):
            self.rotate(-1 if event.shiftKey else 1)
            if self.aim_text:
                self.announce(self.aim_text)
        elif key.startswith("Arrow") and not on_control:
            event.preventDefault()
            self.keyboard = True
            if self.game is not None:
                self.cursor = step_cursor(
                    self.cursor or self.aim.cell or (0, 0), key, self.game.zone_radius
                )
                self.aim.cell = self.cursor
                self.update_aim()
                if self.aim_text:
                    self.announce(self.aim_text)
        elif key in ("Enter", " ") and not on_control:
            event.preventDefault()
            self.place_aimed()
        elif key == "Escape":
            self.aim.slot = None
            self.aim.touch_anchor = None
            self.render_rack()
            self.update_aim()

    # --- canvas --------------------------------------------------------------------------------
    def resize(self) -> None:
        wrap = el("board-wrap")
        rect = wrap.getBoundingClientRect()
        width, height = float(rect.width), float(rect.height)
        if width < 10 or height < 10:
            return
        dpr = float(js.window.devicePixelRatio or 1.0)
        self.css_size, self.dpr = (width, height), dpr
        for canvas in (self.canvas, self.layer, self.base):
            canvas.width = round(width * dpr)
            canvas.height = round(height * dpr)
        self.base_key = None  # resizing a canvas clears it
        radius = self.game.zone_radius if self.game is not None else 5
        # Phones get bigger cells: the dimmed ring and the frame may run off the edge.
        room = 0.6 if min(width, height) < 520 else min(radius + 1, 7) - radius + 0.35
        self.fit = fit_layout(radius + room, width, height, margin=2)
        self.set_zoom(zoom.clamp(self.zoom_view, width, height))

    def set_zoom(self, view: zoom.View) -> None:
        """Zoom and pan the board; the cached layers are redrawn for the new layout."""
        self.zoom_view = view
        self.layout = zoom.apply(self.fit, view)
        reset = el("zoom-reset")
        if not missing(reset):
            reset.hidden = view.fitted
        self.public_stale = True
        self.request_frame()

    def request_frame(self) -> None:
        if not self.frame_pending:
            self.frame_pending = True
            js.requestAnimationFrame(self.frame_proxy)

    def start_animation(self, event: dict[str, Any]) -> None:
        _, length = SPEEDS[self.speed]
        moving = motion.motion_allowed(self.speed, self.reduced_motion())
        if not moving or length <= 0 or not event.get("rays") and "points" not in event:
            self.animation = None
            return
        halves = parse_placement(str(event.get("move", "")))
        self.animation = {
            "start": float(js.performance.now()),
            "length": length * 1000,
            "rays": event.get("rays", []),
            "cells": [h[0] for h in halves] if halves else [],
        }
        self.request_frame()

    @contextmanager
    def timed(self, what: str) -> Iterator[None]:
        """Main-thread time of a step, kept for `window.ingenious.timings()` (benchmarks)."""
        started = float(js.performance.now())
        try:
            yield
        finally:
            self.timings.append((what, float(js.performance.now()) - started))
            del self.timings[:-300]

    def on_frame(self, now: float) -> None:
        self.frame_pending = False
        if self.game is None or el("game").hidden:
            return
        width, height = self.css_size
        if width <= 0:
            return
        public = self.game.view(None) if self.public_stale or self.public is None else self.public
        self.public = public
        scene = render.scene_from_view(public)
        if self.public_stale or self.base_key is None:
            with self.timed("layers"):
                self.update_layers(scene, width, height)
        ctx = self.ctx
        ctx.setTransform(1, 0, 0, 1, 0, 0)
        ctx.drawImage(self.layer, 0, 0)
        ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
        overlay = self.overlay_scene(scene)
        still = self.reduced_motion()
        render.draw_overlay(ctx, self.layout, overlay, now, still=still)
        anim = self.animation
        if anim is not None:
            t = (now - anim["start"]) / anim["length"]
            if t >= 1.6:
                self.animation = None
            else:
                render.draw_landing(ctx, self.layout, anim["cells"], min(1.0, t * 2.5))
                render.draw_rays(ctx, self.layout, anim["rays"], min(1.0, t * 1.4))
                self.request_frame()
        if self.hint is not None and not still:
            self.request_frame()

    def update_layers(self, scene: render.Scene, width: float, height: float) -> None:
        """Keep the cached layers current: the empty board only changes with the size,
        and tiles are only ever added between full redraws (undo and loads redraw all)."""
        key = (scene.radius, width, height, self.dpr, self.layout)
        if key != self.base_key:
            self.base_ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
            render.draw_board(self.base_ctx, self.layout, scene, width, height)
            self.base_key = key
            self.drawn_tiles = None
        drawn = self.drawn_tiles
        self.layer_ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
        if drawn is not None and scene.tiles[: len(drawn)] == drawn:
            render.draw_tiles(self.layer_ctx, self.layout, scene.tiles[len(drawn) :])
        else:
            self.layer_ctx.setTransform(1, 0, 0, 1, 0, 0)
            self.layer_ctx.clearRect(0, 0, self.layer.width, self.layer.height)
            self.layer_ctx.drawImage(self.base, 0, 0)
            self.layer_ctx.setTransform(self.dpr, 0, 0, self.dpr, 0, 0)
            render.draw_tiles(self.layer_ctx, self.layout, scene.tiles)
        self.drawn_tiles = list(scene.tiles)
        self.public_stale = False

    def overlay_scene(self, scene: render.Scene) -> render.Scene:
        tile = self.current_tile()
        if tile is not None:
            scene.highlight = self.index.covered_cells(tile)
            eff = self.effective()
            if eff is not None:
                cell, d = eff
                scene.ghost = render.Ghost((cell, add(cell, DIRECTIONS[d])), tile)
                scene.rays = list(getattr(self, "preview_rays", []))
            if self.aim.touch_anchor is not None:
                scene.partners = [
                    add(self.aim.touch_anchor, DIRECTIONS[d])
                    for d in self.index.directions(tile, self.aim.touch_anchor)
                ]
        if self.bot_ghost is not None:
            scene.ghost = self.bot_ghost
        if self.hint is not None:
            halves = parse_placement(self.hint)
            if halves is not None:
                scene.hint = render.Ghost(
                    (halves[0][0], halves[1][0]), (halves[0][1], halves[1][1])
                )
        if self.keyboard and self.cursor is not None:
            scene.cursor = self.cursor
        return scene

    # --- automation hook (documented in docs/automation.md) ---------------------------------
    def expose_automation(self) -> None:
        def state() -> Any:
            return js_value(self.game.to_save()) if self.game is not None else None

        def view() -> Any:
            return js_value(self.game.view(self.owner)) if self.game is not None else None

        def legal_moves() -> Any:
            return js_value(self.game.legal_moves()) if self.game is not None else js_value([])

        def cell_center(q: int, r: int) -> Any:
            rect = self.canvas.getBoundingClientRect()
            x, y = self.layout.to_pixel((int(q), int(r)))
            return js_value({"x": float(rect.left) + x, "y": float(rect.top) + y})

        def busy() -> bool:
            return bool(self.busy or self.animation is not None)

        def rack() -> Any:
            return js_value([list(t) for t in self.rack()])

        def aim() -> Any:
            return self.candidate()

        def timings() -> Any:
            return js_value([[what, round(ms, 2)] for what, ms in self.timings])

        expose(
            "ingenious",
            {"state": state, "view": view, "legalMoves": legal_moves, "cellCenter": cell_center,
             "busy": busy, "rack": rack, "aim": aim, "timings": timings},
        )  # fmt: skip


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_app: App | None = None


def start() -> None:
    global _app
    try:
        js.window.ingeniousBoot.stage("Starting the game…", 0.9)
        _app = App()
        _app.boot()
    except Exception as exc:
        js.window.ingeniousBoot.problem(f"The game could not start: {exc}")
        raise
