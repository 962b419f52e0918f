"""A challenge at the table: the engine match, who sits where, the move list, the save.

Pure (no browser). A single challenge is played as a match of one (the engine's
``Match``): one code path for saving, resuming and the game-over screen. Besides the
engine's moves the session keeps two steps of play that are no engine move, because a
reload must bring the table back exactly as it was:

* ``tally_seen``: the match tally after challenge N was shown and acknowledged, so the
  next challenge may begin (until then nobody moves);
* ``rolled_at``: the person whose Dice Challenge turn it is pressed Roll at this
  position (the engine rolled already; the screen shows the dice once they did);
* ``screen``: the challenge was on screen (``game``) or the player went back to the
  start screen (``start``): a reload lands there, as in the board game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.challenges.match import Match, load_match, new_match
from engine.rules.errors import IllegalMoveError, SaveFormatError
from web.challenges.setup import BOT_LEVELS, ChallengeSetup
from web.challenges.words.lines import describe
from web.challenges.words.phrases import TITLES, Line
from web.i18n import N_, Msg, fmt, msg, render
from web.play.engine_words import engine_text
from web.play.session import HUMAN, humans
from web.play.summary import moves_msg
from web.store.store import read_stored

#: The challenges as a match's list names them ("Match of cards, dice, tiles").
GAME_WORDS = {"cards": N_("cards"), "dice": N_("dice"), "tiles": N_("tiles")}
AUTOSAVE_KEY = "ingenious.challenge-autosave"
SAVE_FORMAT = "ingenious-challenge-session"
SAVE_VERSION = 1

Position = tuple[int, int]  # (challenge index in the match, moves played in it)


@dataclass(frozen=True)
class MoveRecord:
    """One move as the move list tells it."""

    index: int  # the challenge of the match it belongs to
    seat: int
    move: str
    lines: tuple[Line, ...]
    ends_turn: bool  # the last move of a turn (a bonus turn may follow)
    bonus_next: bool  # the same seat plays a bonus turn next


def public_view(game: Any) -> dict[str, Any]:
    """What every seat sees (a seat not on turn, so no legal moves are worked out)."""
    return dict(game.view((game.current + 1) % game.players))


def ends_turn(variant: str, move: str, before: dict[str, Any], after: dict[str, Any]) -> bool:
    seat = before["current"]
    if after["phase"] == "over" or after["current"] != seat:
        return True
    if variant == "cards":
        return move not in ("discard", "keep") and bool(after["phase"] == "play")
    if variant == "dice":
        return move != "reroll"
    return bool(after["phase"] == "turn")


class Session:
    """A match (one challenge or several) with its seats and a readable log."""

    def __init__(self, setup: ChallengeSetup, match: Match | None = None) -> None:
        self.setup = setup
        self.match = match or new_match(
            list(setup.challenges), setup.players, setup.seed, list(setup.names), setup.options()
        )
        self.log: list[MoveRecord] = []
        self.tally_seen = self.match.index
        self.rolled_at: Position | None = None
        self.screen = "game"  # "game" or "start": where a reload lands (as the board game)

    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def variant(self) -> str:
        return str(self.match.game.variant)

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def position(self) -> Position:
        return (self.match.index, len(self.match.game.moves))

    @property
    def awaiting_tally(self) -> bool:
        """Between two challenges of a match: the tally waits to be acknowledged."""
        return not self.over and self.match.index > self.tally_seen

    def acknowledge_tally(self) -> None:
        self.tally_seen = self.match.index

    @property
    def rolled(self) -> bool:
        """The person on turn in the Dice Challenge has pressed Roll at this position."""
        return self.rolled_at == self.position

    def roll(self) -> None:
        self.rolled_at = self.position

    def apply(self, move: str) -> MoveRecord:
        """Play a move for the seat on turn; refused moves raise and change nothing."""
        if self.awaiting_tally:
            raise IllegalMoveError("the next challenge begins once the tally has been seen")
        return self.record(move)

    def record(self, move: str) -> MoveRecord:
        """Play a move and add its words to the move list."""
        index = self.match.index
        game = self.match.game
        variant = self.variant
        seat = game.current
        before = public_view(game)
        self.match.apply(move)
        after_game = self.match.finished[index] if self.match.index != index else self.match.game
        after = public_view(after_game)
        lines = describe(variant, move, before, after, after_game.result()["ended_by"])
        turn_over = ends_turn(variant, move, before, after)
        record = MoveRecord(
            index,
            seat,
            move,
            tuple(lines),
            turn_over,
            turn_over and after["phase"] != "over" and after["current"] == seat,
        )
        self.log.append(record)
        return record

    def in_bonus_turn(self) -> bool:
        """The seat on turn plays a bonus turn (its last turn ended with an "Ingenious!")."""
        if self.over or self.awaiting_tally:
            return False
        index = self.match.index
        for record in reversed(self.log):
            if record.index != index:
                return False
            if record.ends_turn:
                return record.bonus_next and record.seat == self.game.current
        return False

    def undo_point(self) -> int | None:
        """Moves of the current challenge to keep when the person takes back their last
        turn (bonus turns included); None when undo is not offered.

        As in the board game, undo needs exactly one person at the table (with two, it
        would show one player's choices to the other). It stays inside the challenge
        being played and is not offered once the match is over. Random draws and rolls
        are part of the saved state, so a turn played again meets the same luck.
        """
        seats = self.setup.seats
        if len(humans(seats)) != 1 or self.over or self.awaiting_tally:
            return None
        index = self.match.index
        order = [r.seat for r in self.log if r.index == index]
        starts = [
            k
            for k, seat in enumerate(order)
            if seats[seat] == HUMAN and (k == 0 or order[k - 1] != seat)
        ]
        return starts[-1] if starts else None

    def undone(self) -> Session:
        """A new session with the person's last turn taken back (see ``undo_point``)."""
        keep = self.undo_point()
        if keep is None:
            raise IllegalMoveError("there is no turn of yours to take back")
        data = self.to_save()
        moves = data["match"]["moves"]
        moves[self.match.index] = moves[self.match.index][:keep]
        data["table"]["rolled"] = None
        return Session.from_save(data)

    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "kind": "challenge",
            "seats": list(self.setup.seats),
            "start_rule": self.setup.start_rule,
            "match": self.match.to_save(),
            "table": {
                "tally_seen": self.tally_seen,
                "rolled": list(self.position) if self.rolled else None,
                "screen": self.screen,
            },
        }

    @classmethod
    def from_save(cls, data: Any) -> Session:
        """Rebuild a session from ``to_save()``; raises SaveFormatError with a clear reason."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFormatError("this is not a saved challenge")
        if data.get("version") != SAVE_VERSION:
            raise SaveFormatError(f"unsupported challenge save version {data.get('version')!r}")
        match = load_match(data.get("match"))
        seats = data.get("seats")
        if not (
            isinstance(seats, list)
            and len(seats) == match.players
            and all(s == HUMAN or s in BOT_LEVELS for s in seats)
        ):
            raise SaveFormatError("the saved seats are damaged")
        setup = ChallengeSetup(
            list(match.challenges),
            match.players,
            list(match.names),
            list(seats),
            match.seed,
            bool(data.get("start_rule", False)),
        )
        # Replay on a fresh copy for the move list (its words are not saved).
        moves = match.to_save()["moves"]
        session = cls(setup, load_match({**match.to_save(), "moves": []}))
        for game_moves in moves:
            for move in game_moves:
                session.record(move)
        session.read_table(data.get("table"))
        return session

    def read_table(self, table: Any) -> None:
        """The steps of play kept beside the moves (older saves have none)."""
        index = self.match.index
        self.screen = "start"  # saves from before reloads returned to a challenge
        if table is None:
            # Before these were saved: a challenge of a match without a move had not begun.
            fresh = index > 0 and not self.over and not self.game.moves
            self.tally_seen = index - 1 if fresh else index
            return
        if not isinstance(table, dict):
            raise SaveFormatError("the saved table state is damaged")
        screen = table.get("screen", "start")
        if screen not in ("game", "start"):
            raise SaveFormatError("the saved screen is damaged")
        self.screen = str(screen)
        seen = table.get("tally_seen")
        if isinstance(seen, bool) or not isinstance(seen, int) or not 0 <= seen <= index:
            raise SaveFormatError("the saved tally state is damaged")
        if seen < index and self.game.moves and not self.over:
            raise SaveFormatError("the saved match went on before its tally was shown")
        self.tally_seen = seen
        rolled = table.get("rolled")
        if rolled is not None:
            if not (
                isinstance(rolled, list)
                and len(rolled) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in rolled)
            ):
                raise SaveFormatError("the saved roll is damaged")
            self.rolled_at = (rolled[0], rolled[1])


def read_session(store: Any) -> tuple[Session | None, str | None]:
    """The autosaved challenge, or (None, reason). Never raises: a damaged or hostile one
    is set aside (`web.store.store.read_stored`) and the reason says so."""
    problems: list[str] = []
    session = read_stored(store, AUTOSAVE_KEY, check_session, problems)
    return session, problems[0] if problems else None


def check_session(data: object) -> Session:
    """The saved challenge from its decoded text; raises what is wrong with it."""
    try:
        return Session.from_save(data)
    except (SaveFormatError, IllegalMoveError) as exc:
        raise SaveFormatError(engine_text(str(exc))) from None
    except (TypeError, KeyError, IndexError, AttributeError, ValueError) as exc:
        # A field of the wrong type or shape that the checks above did not name.
        raise SaveFormatError(f"the saved challenge is damaged ({type(exc).__name__})") from None


def write_session(store: Any, session: Session) -> str | None:
    """Store the session; returns a problem message instead of raising."""
    try:
        store.setItem(AUTOSAVE_KEY, json.dumps(session.to_save(), separators=(",", ":")))
    except Exception as exc:
        return fmt("Could not autosave this challenge: {problem}", problem=str(exc))
    return None


def save_msg(session: Session) -> Msg:
    """The line under Continue, kept as a message (the summary stores it): the challenge,
    its players and how far it is. A match counts the moves of all its challenges and
    names the one being played."""
    setup = session.setup
    names = ", ".join(setup.names)
    if not setup.is_match:
        state = msg("finished") if session.over else moves_msg(len(session.game.moves))
        return msg(
            "{title}: {names} — {state}.",
            title=msg(TITLES[setup.challenges[0]]),
            names=names,
            state=state,
        )
    state = msg("finished")
    if not session.over:
        played = sum(len(moves) for moves in session.match.to_save()["moves"])
        index = session.match.index
        now = msg(
            "{title} ({n} of {count})",
            title=msg(TITLES[setup.challenges[index]]),
            n=index + 1,
            count=len(setup.challenges),
        )
        word = N_("{played}; next: {now}") if session.awaiting_tally else N_("{played}; now: {now}")
        state = msg(word, played=moves_msg(played), now=now)
    games = kept_list([msg(GAME_WORDS[v]) for v in setup.challenges])
    return msg("Match of {games}: {names} — {state}.", games=games, names=names, state=state)


def kept_list(items: list[Msg]) -> Msg:
    """Kept messages one after the other: "a, b, c"."""
    if len(items) == 1:
        return items[0]
    return msg("{first}, {rest}", first=items[0], rest=kept_list(items[1:]))


def describe_save(session: Session) -> str:
    """The line under Continue in the current language (see :func:`save_msg`)."""
    return render(save_msg(session))
