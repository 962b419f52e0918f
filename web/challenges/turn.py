"""Whose turn it is, as the Challenges screen sees it: who acts, whose hand may show, and
whether a bot should move (:func:`turn_of`). Pure, no browser."""

from __future__ import annotations

from dataclasses import dataclass

from web.challenges.session import Session
from web.challenges.state import ScreenState
from web.play.session import HUMAN, humans, rack_owner


@dataclass(frozen=True)
class Turn:
    """Who acts now, as the screen sees it."""

    seat: int  # the seat on turn in the engine
    name: str
    view_seat: int  # whose view the screen is drawn from (whose hand may show)
    person: bool  # a person's seat
    mine: bool  # the person at the screen may act now
    bot: bool  # a bot should move now
    pass_screen: bool  # the hand is hidden until its owner confirms
    bonus: bool


def needs_pass_screen(variant: str, seats: list[str], current: int, revealed: int | None) -> bool:
    """Hot seat: only hands are secret, so only the Card Challenge hides between people."""
    return (
        variant == "cards"
        and len(humans(seats)) >= 2
        and seats[current] == HUMAN
        and revealed != current
    )


def hand_owner(seats: list[str], current: int, revealed: int | None) -> int | None:
    """Whose hand the screen may show (Card Challenge).

    One person at the table: theirs. Several: only the current person's, once they
    confirmed the pass screen. Nobody: the current bot's (nothing to hide).
    """
    return rack_owner(seats, current, revealed)


def turn_of(session: Session, state: ScreenState) -> Turn:
    game = session.game
    seats = session.setup.seats
    seat = game.current
    index = session.match.index
    revealed = state.revealed[1] if state.revealed and state.revealed[0] == index else None
    playing = not session.over and not session.awaiting_tally
    person = seats[seat] == HUMAN
    owner = hand_owner(seats, seat, revealed) if session.variant == "cards" else seat
    pass_screen = playing and needs_pass_screen(session.variant, seats, seat, revealed)
    return Turn(
        seat=seat,
        name=game.names[seat],
        view_seat=owner if owner is not None else seat,
        person=person,
        mine=playing and person and owner == seat and not pass_screen,
        bot=playing and not person,
        pass_screen=pass_screen,
        bonus=session.in_bonus_turn(),
    )
