"""The page shell (PyScript main thread): it owns the parts and moves between screens.

- `web.shell.start.StartScreen`: the setup form, Continue, the best solo results;
- `web.game.screen.GameScreen`: the board game, drawn from its screen model, with its
  input (`web.game.input`);
- `web.saves.SaveManager`: autosave, saved games, files, links, replays, statistics;
- `web.challenges.ui`: the Challenges card and screen, mounted with this shell
  (`mount(app)`; the shell is its `web.challenges.host.ChallengeHost`);
- `web.play.botworker.Workers`: the bot worker with its watchdog, shared by all games;
- `web.coach.puzzle_screen.PuzzleScreen`: the daily puzzle, put on the game screen's board
  as a question (`GameScreen.pose`): the shell wires the two features together;
- `web.remote.screen.RemoteScreen`: play with friends on their devices (`remote_play`);
- the automation hook `window.ingenious` (docs/automation.md).
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from engine import new_game
from engine.rules.game import Game
from web.board import motion, render
from web.game.input import GameInput
from web.game.screen import GameScreen
from web.game.state import Question
from web.game.turns import SPEEDS
from web.i18n import _, fmt
from web.i18n import browser as i18n_browser
from web.play import summary
from web.play.botworker import Workers, limit_from_url
from web.play.session import HUMAN, default_name
from web.play.sound import ICON_OFF, ICON_ON, Sounds
from web.remote import entry as remote_entry
from web.saves import stored
from web.saves.manager import SaveManager
from web.shell.hooks import expose_automation
from web.shell.remote_play import RemotePlay
from web.shell.start import StartScreen, early_choices
from web.shell.warming import warm_up
from web.store import storage
from web.store.storage import UiState
from web.teach import guide
from web.ui.dom import document, el, guard_dialog, missing, on, show_dialog


class App(RemotePlay):
    def __init__(self) -> None:
        self.saves = SaveManager(self)  # checks stored data before anything reads it
        self.store = self.saves.store
        self.settings: dict[str, Any] = storage.read_json(
            self.store, storage.SETTINGS_KEY, {}, stored.check_settings
        )
        self.pace = motion.starting_speed(self.settings.get("speed"), self.reduced_motion())
        self.workers = Workers(limit_from_url(str(js.location.search)))
        self.table = GameScreen(self)
        self.input = GameInput(self.table, self.modal_open)
        self.start_screen = StartScreen(self)
        self.guide: str | None = None  # "rules" or "tutorial" while that overlay is open
        self.review: Any = None  # web.coach.review_screen.ReviewScreen while it is open
        self.puzzle: Any = None  # web.coach.puzzle_screen.PuzzleScreen, once opened
        self.challenges: Any = None  # web.challenges.ui.ChallengeUI, mounted in boot()
        self.warming: Any = None  # the warm-up task (web/shell/warming.py)
        self.sounds = Sounds(muted=self.settings.get("muted") == "1")
        self.remote: Any = None  # web.remote.screen.RemoteScreen, made on first use

    # --- web.challenges.host.ChallengeHost, and the speed for every game ---------------------
    def speed(self) -> str:
        """The pace setting (how long a bot's move shows, how long rays animate)."""
        return self.pace

    def set_speed(self, speed: str) -> None:
        if speed not in SPEEDS:
            return
        self.pace = speed
        self.settings["speed"] = speed
        storage.write_json(self.store, storage.SETTINGS_KEY, self.settings)
        el("speed").value = speed
        self.apply_speed_class()

    def confirm_placement(self) -> bool:
        """Hot seat: a click or tap on the board only aims a placement; again, or Place."""
        return self.settings.get("confirm") in ("1", True)

    def set_confirm_placement(self, on: bool) -> None:
        self.settings["confirm"] = "1" if on else ""  # settings are text (web/saves/manager.py)
        storage.write_json(self.store, storage.SETTINGS_KEY, self.settings)
        self.table.set_confirm(on)

    async def bots(self) -> Any:
        return await self.workers.get()

    # --- sound (web/play/sound.py) ---------------------------------------------------------------
    def play_sounds(self, sounds: list[tuple[str, float]]) -> None:
        self.sounds.play(sounds)

    def toggle_sound(self) -> None:
        """The Sound button (the board game's and the Challenges'): on or off, remembered."""
        self.sounds.muted = not self.sounds.muted
        self.settings["muted"] = "1" if self.sounds.muted else ""  # settings are text
        storage.write_json(self.store, storage.SETTINGS_KEY, self.settings)
        self.draw_sound_buttons()
        self.sounds.prepare()

    def draw_sound_buttons(self) -> None:
        for node in document.querySelectorAll(".sound-button"):
            node.setAttribute("aria-pressed", "false" if self.sounds.muted else "true")
            node.querySelector(".sound-icon").outerHTML = ICON_OFF if self.sounds.muted else ICON_ON

    def leave_board_game(self) -> None:
        """A challenge takes the screen: the board game's bots stop, its screens hide."""
        self.table.leave()
        el("start").hidden = True

    def apply_speed_class(self) -> None:
        body = document.body.classList
        body.toggle("no-anim", self.pace == "instant")
        body.toggle("fast-anim", self.pace == "fast")

    def reduced_motion(self) -> bool:
        """The system asks for reduced motion (read each time: it may change mid-game)."""
        return bool(js.window.matchMedia(motion.QUERY).matches)

    # --- what the game screen uses (web.game.turns.Host) ----------------------------------------
    def game_changed(self) -> None:
        self.saves.on_autosave()
        self.write_summary()

    def screen_changed(self) -> None:
        self.saves.on_ui_change()
        self.write_summary()

    def game_finished(self) -> None:
        self.saves.keep_finished()  # beside the autosave: a new game never takes it away
        self.saves.on_game_over()

    # --- what the saves use --------------------------------------------------------------------
    @property
    def game(self) -> Game | None:
        """The player's game (also while the daily puzzle is on the board)."""
        return self.table.held[0]

    @property
    def seats(self) -> list[str]:
        screen = self.table.held[1]
        return list(screen.seats) if screen is not None else []

    def ui_state(self, screen: str = "game") -> UiState:
        held = self.table.held[1]
        revealed = held.revealed if held is not None else None
        hints = held.hints if held is not None else 0
        return UiState(revealed, screen, hints)

    def write_summary(self) -> None:
        """The few words the start page shows under Continue before Python runs
        (web/play/summary.py), kept beside the autosave whenever the autosave is this game
        and was stored (on a full storage it waits for the autosave)."""
        game = None if self.remote_on_board() else self.game
        if game is None or self.saves.bound is not None or self.saves.conflict:
            return
        if self.saves.messages.write_problem is not None:
            return  # the autosave failed (full storage): the line would take its room
        try:
            self.store.setItem(summary.SUMMARY_KEY, summary.summary_json(game, js.Date.now()))
        except Exception as exc:  # full or refused storage: the autosave reports that
            js.console.warn(f"summary not stored: {exc}")

    # --- start-up --------------------------------------------------------------------------------
    def relanguage(self, code: str) -> None:
        """A language menu chose another language: every screen is drawn again in it."""
        del code
        self.start_screen.relanguage()
        self.relanguage_remote()
        self.saves.relanguage()
        if self.table.game is not None:
            self.table.page.reset()
            self.table.render()
        if self.challenges is not None:
            self.challenges.relanguage()
        if self.puzzle is not None:
            self.puzzle.relanguage()
        if self.guide is not None:
            self.show_guide(self.guide)
        self.write_summary()

    def prepare(self) -> None:
        """The parts nobody can use before the boot: the hidden screens' controls and the
        start screen's pictures. A task of its own, before `boot`, so that neither is long
        (a first start runs many of Python's paths for the first time: each costs more
        then). web/scripts/start-form.js still keeps what the player does meanwhile."""
        render.PATH2D = js.Path2D.new
        self.start_screen.prepare()
        self.add_review_button()
        self.input.bind()
        remote_entry.add_entry(self.open_remote, self.open_message)

    def boot(self) -> None:
        i18n_browser.on_change(self.relanguage)
        early = early_choices()  # what the player did before Python was ready
        self.start_screen.bind(early)
        self.bind_shell()
        from web.challenges.ui import mount  # the Challenges card and screen

        challenges = mount(self)
        self.challenges = challenges
        challenges.adopt(early.challenge)
        for node in document.querySelectorAll(".sound-button"):
            on(node, "click", lambda e: self.toggle_sound())
        self.draw_sound_buttons()
        self.sounds.listen()
        expose_automation(self.table, self.input, self.sounds)
        speed_param = js.URLSearchParams.new(js.location.search).get("speed")
        if speed_param in SPEEDS:
            self.pace = str(speed_param)
        el("speed").value = self.pace
        self.apply_speed_class()
        self.show_start()
        # With no game on screen, the status line reports the engine (the smoke test reads it).
        el("status").textContent = fmt(
            "Engine loaded on Python {version}.", version=sys.version.split()[0]
        )
        # Opens a shared link, or resumes the game played last (the board game or a
        # challenge) if it was on screen, unless the player has used the start screen
        # meanwhile.
        message = remote_entry.has_message(str(js.location.hash))  # it shows, not the autosave
        resume = early.pending is None and not early.touched and not message
        challenge_last = self.last_played() == summary.CHALLENGE
        linked = self.saves.boot(resume=resume and not challenge_last)
        if resume and challenge_last and not linked:
            challenges.resume_on_screen()
        if message:
            self.open_message(str(js.location.hash))
        if early.pending == "board":
            self.start_screen.start()
        elif early.pending == "challenge":
            challenges.start()
        elif early.pending == "continue":
            self.continue_game()
        elif early.pending == "tutorial":
            self.show_guide("tutorial")
        js.window.ingeniousBoot.done()
        document.body.setAttribute("data-ready", "1")
        js.performance.mark("ingenious:ready")
        self.saves.ready()  # the saves list checks the entries it shows from now on
        # The bots' worker starts now, once the first screen is drawn, not with the page:
        # its start would take the cores while this interpreter is restored.
        self.workers.start()
        self.warming = asyncio.ensure_future(warm_up(self.table))

    def bind_shell(self) -> None:
        on(el("menu-button"), "click", lambda e: self.show_start())
        on(el("rules-button"), "click", lambda e: self.show_guide("rules"))
        on(el("open-rules"), "click", lambda e: self.show_guide("rules"))
        on(el("open-tutorial"), "click", lambda e: self.show_guide("tutorial"))
        on(el("guide-close"), "click", lambda e: self.close_guide())
        guard_dialog(el("guide-screen"), self.close_guide,
                     lambda: show_dialog(el("guide-screen"), self.guide is not None))  # fmt: skip
        # The pass screen is modal: it offers the bar's Menu, Rules and Save itself.
        on(el("pass-menu"), "click", lambda e: self.show_start())
        on(el("pass-rules"), "click", lambda e: self.show_guide("rules"))
        on(el("pass-save"), "click", lambda e: self.saves.panel.save_current(None))
        on(el("guide-body"), "click", self.on_guide_click)
        on(el("over-again"), "click", lambda e: self.play_again())
        on(el("over-menu"), "click", lambda e: self.show_start())
        from web.coach.puzzle_screen import add_entry  # the Daily puzzle on the start screen

        add_entry(self.open_puzzle)
        on(el("speed"), "change", self.on_speed)
        on(el("confirm-place"), "change",
           lambda e: self.set_confirm_placement(bool(e.target.checked)))  # fmt: skip
        on(document, "keydown", self.on_key)
        # A move's autosave waits for the paint after it: written at once when the page
        # is hidden or closed (`GameScreen.flush`).
        on(js.window, "pagehide", lambda e: self.table.flush())
        on(document, "visibilitychange", self.on_visibility)

    def on_visibility(self, event: Any) -> None:
        if str(document.visibilityState) == "hidden":
            self.table.flush()

    # --- screens -------------------------------------------------------------------------------
    def begin(self, game: Game, seats: list[str], ui: UiState | None = None) -> None:
        """Show a game (new, loaded, resumed) on the game screen."""
        self.table.begin(game, seats, ui)
        self.saves.on_begin()
        self.write_summary()
        if game.phase == "over":
            self.saves.on_game_over()  # counted once per game, whenever it is shown

    def begin_new(self, game: Game, seats: list[str], button: str = "start-game") -> None:
        """Show a new game (Start game, Again): the tap's answer is painted first (its
        `button` busy), then the game's screen, which becomes the autosave just after
        its own paint (`game_changed`, as after a move)."""

        def answered(waiting: bool) -> None:
            node = el(button)
            if waiting:
                node.setAttribute("aria-busy", "true")
            else:
                node.removeAttribute("aria-busy")

        self.table.begin_soon(game, seats, answered)

    def last_played(self) -> str | None:
        """The game played last, which Continue means: `summary.BOARD` or `CHALLENGE`."""
        found = self.saves.stored_summary()
        return None if found is None else summary.game_of(found)

    def board_to_continue(self) -> bool:
        """A board game to continue: in memory (after ☰ Menu) or autosaved."""
        return self.game is not None or storage.read_autosave(self.store).save is not None

    def continue_target(self) -> str | None:
        """What Continue resumes: the game played last (`summary.continue_target`)."""
        return summary.continue_target(
            self.last_played(),
            self.board_to_continue(),
            self.challenges is not None and self.challenges.saved(),
        )

    def continue_game(self) -> None:
        """Continue: the game played last. For the board game, the game in memory (after
        ☰ Menu), else the autosaved one."""
        if self.continue_target() == summary.CHALLENGE:
            self.challenges.continue_saved()
            return
        self.continue_board_game()

    def continue_board_game(self) -> None:
        self.close_puzzle()
        game, screen = self.table.held
        if game is not None and screen is not None and not self.saves.conflict:
            self.table.begin(game, list(screen.seats), screen.ui())
            self.write_summary()
            return
        self.saves.continue_game()

    def show_start(self) -> None:
        self.leave_remote()  # web.remote keeps it: Continue means the player's own game
        self.table.leave()
        self.close_puzzle()
        el("start").hidden = False
        self.saves.on_start_screen()
        if self.last_played() != summary.CHALLENGE:
            self.write_summary()  # coming back from a challenge: it stays the last played
        self.start_screen.refresh()

    def play_again(self) -> None:
        game, seats = self.table.game, self.seats
        if game is None or self.remote_on_board():
            self.show_start()
            return
        fresh = new_game(game.variant.name, game.players, random.getrandbits(40),
                         list(game.names), dict(game.options))  # fmt: skip
        self.begin_new(fresh, seats, "over-again")

    # --- the daily puzzle (web/coach/puzzle_*), on the game screen's board ---------------------
    def open_puzzle(self) -> None:
        from web.coach.puzzle_screen import PuzzleScreen

        if self.puzzle is None:
            panel = document.querySelector("#game .panel")
            self.puzzle = PuzzleScreen(self.store, self.workers, panel, self, self.show_start,
                                       self.saves.messages.say)  # fmt: skip
        self.show_save(False)  # the game on the board is the puzzle's, not one to keep
        self.puzzle.open()

    def pose(self, game: Game, status: str, answered: bool, answer: str | None,
             best: str | None, on_answer: Callable[[str], None]) -> None:  # fmt: skip
        """The puzzle's position on the board (web.coach.puzzle_screen.Board)."""
        self.table.pose(game, Question(status, answered, answer, best), on_answer)

    def close_puzzle(self) -> None:
        """The board goes back to the player's own game (it waited in memory)."""
        if self.puzzle is not None and self.puzzle.showing:
            self.puzzle.leave()
        self.table.unpose()
        self.show_save(True)

    def show_save(self, shown: bool) -> None:
        save = document.getElementById("save-button")
        if not missing(save):
            save.hidden = not shown

    def show_guide(self, which: str) -> None:
        self.guide = which
        el("guide-title").textContent = _("Rules") if which == "rules" else _("Tutorial")
        el("guide-body").innerHTML = (
            guide.rules_html() if which == "rules" else guide.tutorial_html()
        )
        show_dialog(el("guide-screen"), True)
        el("guide-close").focus()
        guide.mount(which, el("guide-body"))

    def on_guide_click(self, event: Any) -> None:
        """The tutorial's last screen: a first game against a beginner bot."""
        if str(getattr(event.target, "id", "") or "") == "tut-play":
            self.close_guide()
            seats = [HUMAN, "beginner"]
            names = [default_name(seat, kind) for seat, kind in enumerate(seats)]
            self.begin(new_game("standard", 2, random.getrandbits(40), names), seats)

    def close_guide(self) -> None:
        self.guide = None
        show_dialog(el("guide-screen"), False)

    def modal_open(self) -> bool:
        """A dialog over the game has the keys: the rules or tutorial, a replay, a review."""
        return self.guide is not None or self.saves.viewer is not None or self.review is not None

    # --- the review (web/teach/review_*) ---------------------------------------------------
    def add_review_button(self) -> None:
        """A Review button on the game-over card, first after Play again."""
        again = el("over-again")
        review = document.createElement("button")
        review.type = "button"
        review.id = "over-review"
        review.textContent = _("Review")
        review.title = _("Which moves cost most, and what was better")
        on(review, "click", lambda e: self.review_current())
        again.parentNode.insertBefore(review, again.nextSibling)

    def review_current(self) -> None:
        if self.table.game is not None:
            self.open_review(self.table.game)

    def open_review(
        self, game: Game, kinds: list[str] | None = None, everyone: bool = False
    ) -> None:
        """Review a game: the people's moves (``kinds`` says who played each seat; the
        game on screen knows), or with ``everyone`` (the replay viewer) every seat's. A
        review stored with the game shows at once instead, and goes on where it stopped;
        each new result is stored with the game."""
        from web.coach.review_screen import ReviewScreen

        if self.review is not None:
            self.review.close()
        if game is self.table.game and self.seats:
            kinds = list(self.seats)
        seats = None
        if kinds and len(kinds) == game.players and not everyone:
            people = [i for i, kind in enumerate(kinds) if kind == HUMAN]
            seats = people or None
        home = self.saves.review_home(game, kinds or [HUMAN] * game.players)
        self.review = ReviewScreen(
            document.body, game, seats, self.workers, self.try_from_here, self.review_closed,
            stored=home.review, keep=home.keep,
        )  # fmt: skip

    def review_closed(self) -> None:
        self.review = None

    def try_from_here(self, game: Game, index: int) -> None:
        """A game from a reviewed position: the same seats (people and bot levels) when the
        reviewed game is the one on screen, else the mover a person against strong bots."""
        self.saves.viewer_close()
        seats = list(self.seats) if len(self.seats) == game.players else []
        if not seats or HUMAN not in seats:
            seats = ["strong"] * game.players
            seats[game.current] = HUMAN
        self.begin(game, seats)

    def on_key(self, event: Any) -> None:
        if event.key == "Escape" and self.guide is not None:
            self.close_guide()

    def on_speed(self, event: Any) -> None:
        self.set_speed(str(event.target.value))


_app: App | None = None


def start() -> None:
    """Start the game in four main-thread tasks, so the page can paint and answer input in
    between: the language, the app's parts, the hidden screens' controls, then the boot,
    which takes the start screen over from web/scripts/start-form.js (until then that
    script keeps what the player does, and the boot does it)."""
    asyncio.ensure_future(_start_in_steps())


async def _start_in_steps() -> None:
    global _app
    try:
        i18n_browser.start()
        js.window.ingeniousBoot.stage(_("Starting the game…"), 0.9)
        await asyncio.sleep(0)  # the next task
        _app = App()
        await asyncio.sleep(0)
        _app.prepare()
        await asyncio.sleep(0)
        _app.boot()
    except Exception as exc:
        js.window.ingeniousBoot.problem(fmt("The game could not start: {problem}", problem=exc))
        raise
