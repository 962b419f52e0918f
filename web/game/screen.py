"""The board game screen (browser only): one engine game, its `Screen` state, one render.

Events change the state or play a move, then `render()` computes the model
(`web.game.model`) and draws it (`web.game.draw` for the page, `web.game.canvas` for the
board). After each render `schedule()` starts whatever is due: a bot's move. Input
events arrive from `web.game.input`; the app shell (`web.shell.app`) starts and leaves games.

`generation` grows whenever a game starts, loads or is undone and when the player leaves
for the start screen, so a late answer from the bot worker for an older position is
dropped.

A remote game (`web.remote`, wired in by the shell) is begun with `on_turn`: its other
seats are `REMOTE` (they never move here), and when this device's player has finished a
turn (placements, bonus placements, the swap decision) `on_turn` gets that turn's moves,
to be sent; the shell then shows the game as the remote feature keeps it.

A question can be put on the board instead of a game (`pose`: the daily puzzle, wired in
by the shell): the screen is the same, but a placement answers the question and is not
played. The player's own game waits meanwhile (`held`) and comes back with `unpose`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import js  # type: ignore[import-not-found]

from engine import IngeniousError
from engine.rules.game import Game
from web.board import motion, zoom
from web.board.placing import Aim, LegalIndex, parse_placement, tile_at
from web.game import state as st
from web.game import words
from web.game.canvas import BoardCanvas
from web.game.draw import GameView
from web.game.facts import Facts, facts_for
from web.game.model import GameModel, model
from web.game.state import Bot, Keyed, Landing, Question, Screen, position_of
from web.game.status import refusal
from web.game.turns import SPEEDS, Host, Turns
from web.i18n import _, fmt
from web.play import sound
from web.play.engine_words import engine_text
from web.play.session import HUMAN, humans, turn_start, undo_target
from web.store import storage
from web.store.storage import UiState
from web.ui.dom import el, show_banner


def once(work: Callable[..., None]) -> Any:
    """A JS function that calls `work` once (for a timer or a frame callback)."""
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    return create_once_callable(work)


class GameScreen(Turns):
    def __init__(self, host: Host) -> None:
        self.host = host
        self.game: Game | None = None
        self.screen: Screen | None = None
        self.facts: Facts | None = None
        self.shown: GameModel | None = None
        self.generation = 0
        self.bot_running: int | None = None  # the generation a bot task works for
        self.timings: list[tuple[str, float]] = []
        self.canvas = BoardCanvas(self.timings, host.reduced_motion)
        self.canvas.on_zoom = self.zoomed
        self.page = GameView()
        self.showing = False  # the game screen is on (not the start or another screen)
        #: While a question is on the board: the player's own game and its screen state.
        self.kept: tuple[Game | None, Screen | None] | None = None
        self.on_answer: Callable[[str], None] = lambda move: None
        #: A move was played whose autosave waits for the paint after it (`flush`).
        self.unsaved = False
        #: The last move, the move list and the score boards wait for the next paint.
        self.later_due = False
        #: A new game waits for the paint of the tap that started it (`begin_soon`).
        self.starting = False
        #: A remote game: told of each whole turn played here (`begin`), and where it began.
        self.on_turn: Callable[[list[str]], None] | None = None
        self.turn_from = 0

    # --- lifecycle -----------------------------------------------------------------------------
    def begin(self, game: Game, seats: list[str], ui: UiState | None = None,
              question: Question | None = None,
              on_turn: Callable[[list[str]], None] | None = None) -> None:  # fmt: skip
        """Show `game` (new, loaded, resumed or continued) from a fresh screen state;
        `on_turn`: a remote game's (see the module's words)."""
        self.flush()
        self.generation += 1
        self.on_turn, self.turn_from = on_turn, len(game.moves)
        self.game = game
        self.screen = st.screen_for(game, seats, ui)
        self.screen.question = question
        self.screen.touch = bool(js.matchMedia("(pointer: coarse)").matches)
        self.screen.confirm = self.host.confirm_placement()
        self.facts = None
        self.page.reset()
        self.showing = self.canvas.showing = True
        el("start").hidden = True
        el("game").hidden = False
        js.window.scrollTo(0, 0)  # the start screen may have been scrolled down
        self.canvas.after_paint()
        self.canvas.set_zoom(zoom.FITTED)
        # The page first, then the board's size read once (no second layout); the score
        # boards and the move list after the first paint, as after a move.
        self.render(defer=True)
        self.canvas.resize()
        shown = self.shown
        if shown is not None and not (shown.pass_screen.visible or shown.over.visible):
            self.canvas.canvas.focus()

    def begin_soon(self, game: Game, seats: list[str], answered: Callable[[bool], None]) -> None:
        """A new game from a tap (Start game, Again): the tap's own answer is painted
        first (`answered(True)`: the button says it is starting), then the game's screen
        is made in a task after that paint (`begin`). Anything else that takes the screen
        meanwhile (another game, the start screen) drops it; a second tap is ignored."""
        if self.starting:
            return
        self.starting = True
        answered(True)
        generation = self.generation

        def go() -> None:
            self.starting = False
            answered(False)
            if generation == self.generation:
                self.begin(game, seats)
                self.save_soon()

        self.after_paint(go)

    def leave(self) -> None:
        """The start screen takes over: bots stop, the game stays in memory."""
        self.flush()
        self.generation += 1
        self.showing = self.canvas.showing = False
        if self.screen is not None:
            self.screen.bot = Bot()
        el("game").hidden = True
        self.page.reset()
        self.page.sync_dialogs()

    def drop(self) -> None:
        """A remote game leaves the screen and the memory (`web.remote` keeps it): Continue
        means the player's own game again."""
        self.leave()
        self.game, self.screen, self.facts, self.shown = None, None, None, None
        self.on_turn = None

    # --- a question on the board ---------------------------------------------------------------
    def pose(self, game: Game, question: Question, on_answer: Callable[[str], None]) -> None:
        """Put a question on the board: `game`'s position, its player to move a person
        (the others bots that never move), `on_answer(move)` told of the placement made.
        Posed again with the same game, only the question changes (its words, or the
        answer: the board is then locked); the player's own game waits in `held`."""
        self.flush()
        self.on_answer = on_answer
        screen = self.screen
        if screen is not None and screen.question is not None and game is self.game:
            was = screen.question
            screen.question = question
            if question.locked and not was.locked:
                # Nothing aimed is left over on the locked board, and the whole board
                # shows the answer (a finger may have zoomed in to place it).
                screen.aim = Aim(direction=screen.aim.direction)
                screen.armed = screen.notice = None
                self.canvas.set_zoom(zoom.FITTED)
            self.render()
            return
        if self.kept is None:
            self.kept = (self.game, self.screen)
        seats = ["strong"] * game.players
        seats[game.current] = HUMAN
        self.begin(game, seats, question=question)

    def unpose(self) -> None:
        """The question leaves the board (after `leave`): the player's own game is back."""
        if self.kept is not None:
            self.game, self.screen = self.kept
            self.kept, self.facts, self.shown = None, None, None
            self.on_answer = lambda move: None

    @property
    def held(self) -> tuple[Game | None, Screen | None]:
        """The player's own game and its screen state, also while a question is posed."""
        return self.kept if self.kept is not None else (self.game, self.screen)

    @property
    def active(self) -> bool:
        return self.game is not None and self.showing

    def busy(self) -> bool:
        """A bot is thinking or showing its move, a move's animation runs, the move
        list and the score boards are still to be drawn after the last paint, or a new
        game waits for the paint of the tap that started it."""
        return (
            self.bot_running == self.generation
            or self.canvas.busy()
            or self.later_due
            or self.starting
        )

    # --- drawing -------------------------------------------------------------------------------
    @contextmanager
    def timed(self, what: str) -> Iterator[None]:
        """Main-thread time of a step, kept for `window.ingenious.timings()` (benchmarks)."""
        with self.canvas.timed(what):
            yield

    def model(self) -> GameModel | None:
        if self.game is None or self.screen is None:
            return None
        self.facts = facts_for(self.game, self.screen, self.facts)
        return model(self.game, self.screen, self.facts)

    def render(self, defer: bool = False) -> None:
        """Draw everything from the game and the screen state, then start what is due.
        `defer` (after a move): the last move, the move list and the score boards are
        drawn after the next paint, so the tap that played shows its tile first."""
        if self.game is None or self.screen is None or not self.showing:
            return
        with self.timed("render"):
            with self.timed("model"):
                shown = self.model()
            assert shown is not None and self.facts is not None
            self.shown = shown
            with self.timed("page"):
                self.page.draw(shown, self.facts.view, self.screen.keyboard, defer=defer)
            self.canvas.show(self.facts.view, shown.board)
        if defer:
            self.later_due = True
            self.after_paint(self.draw_later)
        index = self.facts.index
        if index.pending:  # a new position's legal moves: ready before the first pick
            self.after_paint(lambda: self.timed_build(index))
        self.schedule()

    def timed_build(self, index: LegalIndex) -> None:
        with self.timed("index"):
            index.build()
        # Then, in a task of its own, the board's layer with the cells a pick will light.
        js.setTimeout(once(lambda: self.prepare_lit(index)), 0)

    def prepare_lit(self, index: LegalIndex) -> None:
        """Draw ahead the lit cells the pick of a rack tile will show (most tiles of a
        rack cover the same cells), unless the position has changed meanwhile."""
        facts = self.facts
        if not self.showing or facts is None or facts.index is not index or not facts.rack:
            return
        sets = [index.covered_cells(tile) for tile in facts.rack]
        self.canvas.prepare_lit(max(sets, key=sets.count))

    def draw_later(self) -> None:
        """What `render(defer=True)` left: drawn as the last model says (unless the game
        screen has gone meanwhile)."""
        self.later_due = False
        if self.showing and self.shown is not None and self.facts is not None:
            with self.timed("later"):
                self.page.draw_later(self.shown, self.facts.view)

    def after_paint(self, work: Callable[[], None]) -> None:
        """`work` once the page has painted the next frame (a task after it)."""
        js.requestAnimationFrame(once(lambda now: js.setTimeout(once(work), 0)))

    def zoomed(self, view: zoom.View) -> None:
        if self.screen is not None:
            self.screen.zoom = view

    # --- moves ---------------------------------------------------------------------------------
    def play(self, move: str) -> bool:
        """Play a move through the engine; a refused move changes nothing and says why."""
        game, screen = self.game, self.screen
        if game is None or screen is None:
            return False
        if screen.question is not None:  # an answer, not a move: the game stays as it is
            if screen.question.locked or move not in game.legal_moves():
                return False
            self.on_answer(move)
            return True
        with self.timed("commit"):
            position = position_of(game)
            try:
                event = game.apply(move)
            except IngeniousError as exc:
                said = engine_text(str(exc))
                reason = refusal(game, move, sentence=False) or f"{said}."
                screen.notice = Keyed(fmt("Not allowed: {reason}", reason=reason), position)
                self.render()
                return False
            st.after_move(screen, game, int(event["seat"]))
            screen.landing = self.landing(event, position_of(game))
            if game.phase == "over" and self.on_turn is None:
                self.unsaved = True
                self.flush()  # before the statistics and the finished game are kept
            if game.phase == "over" and game.variant.name == "solo":
                # Only a game finished here counts for the table (not one reopened later).
                solo = int(game.result()["solo_result"])
                storage.record_solo_result(self.host.store, game.names[0], solo, game.seed)
            if event.get("bonus"):
                times = f" ×{event['bonus']}" if event["bonus"] > 1 else ""
                show_banner("banner", f"Ingenious!{times}")
            sounds: list[tuple[str, float]] = []
            if parse_placement(str(event.get("move", ""))) is not None:
                lines = len(event.get("rays", []))
                sounds = sound.move_sounds(lines, bool(event.get("bonus")), game.phase == "over")
            self.render(defer=True)
        # The tap shows its tile first; its sound, then the autosave, come right after
        # the next paint (the autosave sooner if the page is hidden or closed: `flush`).
        self.after_paint(lambda: self.timed_sounds(sounds))
        if self.on_turn is not None:
            self.turn_played(game, screen)
            return True
        if game.phase != "over":
            self.save_soon()
        if game.phase == "over":
            self.host.game_finished()
        return True

    def turn_played(self, game: Game, screen: Screen) -> None:
        """A remote game: once this device's player has finished the turn, its moves go to
        `on_turn` (after the paint that shows the last tile)."""
        local = screen.seats.index(HUMAN) if HUMAN in screen.seats else -1
        if game.phase != "over" and game.current == local:
            return  # a bonus placement or the swap decision is still to come
        moves, told = game.moves[self.turn_from :], self.on_turn
        self.turn_from = len(game.moves)
        if moves and told is not None:
            self.after_paint(lambda: told(moves))

    def timed_sounds(self, sounds: list[tuple[str, float]]) -> None:
        if sounds:
            with self.timed("sound"):
                self.host.play_sounds(sounds)

    def save_soon(self) -> None:
        """The game changed (a move, a new game): its autosave is written after the next
        paint, so that the tap shows first (`flush`)."""
        if not self.unsaved:
            self.unsaved = True
            self.after_paint(self.flush)

    def flush(self) -> None:
        """Write the autosave a move left for after its paint, now: before another game,
        an undo or a question takes the screen, and when the page is hidden or closed."""
        if self.unsaved:
            self.unsaved = False
            with self.timed("save"):
                self.host.game_changed()

    def landing(self, event: dict[str, Any], position: st.Position) -> Landing | None:
        speed = self.host.speed()
        _, length = SPEEDS.get(speed, SPEEDS["normal"])
        halves = parse_placement(str(event.get("move", "")))
        moving = motion.motion_allowed(speed, self.host.reduced_motion())
        if not moving or length <= 0 or halves is None:
            return None
        cells = (halves[0][0], halves[1][0])
        return Landing(position, cells, tuple(event.get("rays", [])),
                       float(js.performance.now()), length * 1000)  # fmt: skip

    def set_confirm(self, on: bool) -> None:
        """The "confirm placement" setting changed (the app keeps it with the settings)."""
        if self.screen is not None:
            self.screen.confirm = on
            self.screen.armed = None
            self.render()

    def place_aimed(self, confirmed: bool = True) -> None:
        """Place the aimed tile: from Place or Enter (`confirmed`), or from a click on the
        board, which the "confirm placement" setting asks for twice on the hot seat."""
        game, screen, facts = self.game, self.screen, self.facts
        if game is None or screen is None or facts is None or not facts.index.has_placements:
            return
        tile = tile_at(list(facts.rack), screen.aim.slot)
        move = st.candidate(screen, facts.index, tile)
        armed = st.armed_move(screen, facts.position)
        if confirmed and armed is not None:
            move = armed  # Place: the placement the first click aimed, wherever the mouse is
        if move is None:
            if tile is None:
                text = words.pick_a_tile(len(facts.rack), screen.touch, first=True)
            else:
                why = refusal(game, st.aimed_move(screen, tile), sentence=False)
                text = (
                    fmt("Not here: {why}", why=why)
                    if why
                    else _("The tile cannot go there. Turn it (R).")
                )
            screen.notice = Keyed(text, facts.position)
            self.render()
            return
        if not confirmed and st.click_place(screen, move, facts.position) is None:
            self.render()  # aimed: a second click on it, or Place, plays it
            return
        screen.armed = None
        screen.aim.slot = None
        screen.aim.touch_anchor = None
        self.play(move)

    def decide(self, move: str) -> None:
        if self.facts is not None and move in self.facts.index.decisions:
            self.play(move)
            self.canvas.canvas.focus()  # the offer's buttons are gone; keys go to the board

    def undo(self) -> None:
        game, screen = self.game, self.screen
        if game is None or screen is None:
            return
        target = undo_target(game.log, screen.seats, game.players)
        if target is None:
            return
        self.generation += 1
        screen.bot = Bot()
        while len(game.moves) > target and game.can_undo:
            game.undo()
        st.after_undo(screen)
        self.unsaved = False  # written now, with the undo
        self.host.game_changed()
        self.render()

    def redo(self) -> None:
        """Play again what Undo took back, up to the next turn of the person at the table."""
        game, screen = self.game, self.screen
        if game is None or screen is None or len(humans(screen.seats)) != 1:
            return
        if not game.can_redo:
            return
        self.generation += 1
        screen.bot = Bot()
        game.redo()
        while game.can_redo and not turn_start(game.log, screen.seats, game.current,
                                               game.phase, game.players):  # fmt: skip
            game.redo()
        st.after_undo(screen)
        self.unsaved = False  # written now, with the undo
        self.host.game_changed()
        self.render()

    def reveal(self) -> None:
        """The hot-seat player confirmed the pass screen: show their rack."""
        if self.game is None or self.screen is None:
            return
        self.screen.revealed = self.game.current
        self.unsaved = False  # the game is written with the screen state
        self.host.screen_changed()
        self.render()
        self.canvas.canvas.focus()

    def close_welcome(self) -> None:
        if self.screen is not None:
            self.screen.welcome = None
            self.render()
            self.canvas.canvas.focus()

    def close_over(self) -> None:
        if self.screen is not None:
            self.screen.over_closed = True
            self.render()
            self.canvas.canvas.focus()
