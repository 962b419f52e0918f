"""Helpers for the Challenges screen tests: sessions set up and played by casual bots."""

from __future__ import annotations

from collections.abc import Callable

from engine.challenges.bots import make_challenge_bot
from web.challenges.session import Session
from web.challenges.setup import ChallengeSetup, make_setup
from web.play.session import HUMAN


def setup_for(
    kind: str = "cards",
    seats: list[str] | None = None,
    games: list[str] | None = None,
    seed: int = 9,
) -> ChallengeSetup:
    seats = seats or [HUMAN, "casual"]
    return make_setup(kind, games or [], len(seats), [""] * len(seats), seats, str(seed), False, 1)


def bot_move(session: Session, seed: int = 3) -> str:
    """What a casual bot would play for the seat on turn (a person's seat too)."""
    seat = session.game.current
    bot = make_challenge_bot("casual", seed + seat * 101 + len(session.game.moves))
    return str(bot.choose(session.game.view(seat)))


def play_some(session: Session, moves: int, seed: int = 3) -> None:
    """Up to ``moves`` moves by casual bots; the tally between challenges is acknowledged."""
    for _ in range(moves):
        if session.over:
            return
        if session.awaiting_tally:
            session.acknowledge_tally()
        session.apply(bot_move(session, seed))


def play_until(
    session: Session, found: Callable[[Session], bool], limit: int = 2000, seed: int = 3
) -> bool:
    """Play casual moves until ``found(session)`` holds (checked before each move)."""
    for _ in range(limit):
        if found(session):
            return True
        if session.over:
            return False
        if session.awaiting_tally:
            session.acknowledge_tally()
            continue
        session.apply(bot_move(session, seed))
    return found(session)
