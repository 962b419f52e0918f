"""What each control of the Challenges screen does (pure, no browser).

An event handler looks up the clicked control's :class:`~web.challenges.parts.Action` in
the current screen model and calls :func:`perform`; the outcome is the new screen state
and, at most, one engine move to play or one command for the page (undo, play again,
back to the start screen). After a move :func:`after_move` clears the choices and says
what happened. A control that is not in the model (disabled, or from an older screen)
does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from web.challenges.panels import current_plan
from web.challenges.parts import Action
from web.challenges.previews import card_colours, card_preview
from web.challenges.screen import status_line, title
from web.challenges.session import MoveRecord, Session
from web.challenges.state import BotNote, Choice, Keyed, ScreenState
from web.challenges.turn import turn_of
from web.challenges.words.lines import card_phrase, gains_phrase
from web.challenges.words.phrases import Phrase, symbol_name, text
from web.i18n import _, fmt, join
from web.play.engine_words import engine_text

COMMANDS = ("undo", "again", "menu")


@dataclass(frozen=True)
class Outcome:
    state: ScreenState
    move: str | None = None  # an engine move to play now
    command: str = ""  # "undo", "again" or "menu": the page's part
    save: bool = False  # the session changed (tally seen, dice rolled): autosave it


def prompt(session: Session, state: ScreenState) -> str:
    turn = turn_of(session, state)
    return status_line(session, state, turn, session.game.view(turn.view_seat))


def perform(session: Session, state: ScreenState, action: Action, value: str = "") -> Outcome:
    """The outcome of one control; ``value`` is what a select now shows (splits, wild
    colours). Impossible requests leave the state as it was."""
    kind = action.kind
    if kind == "move":
        return Outcome(state, move=action.move)
    if kind in COMMANDS:
        return Outcome(state, command=kind)
    if kind == "rules":
        return Outcome(replace(state, rules_open=True))
    if kind == "close-rules":
        return Outcome(replace(state, rules_open=False))
    if kind == "look":
        return Outcome(replace(state, over_closed=True))
    if kind == "show-result":
        return Outcome(replace(state, over_closed=False))
    if kind == "reveal":
        shown = replace(state, revealed=(session.match.index, session.game.current))
        return Outcome(replace(shown, announcement=prompt(session, shown)))
    if kind == "next":
        session.acknowledge_tally()
        fresh = replace(state, revealed=None, choice=None, over_closed=False)
        said = fmt("Next: {title}. {prompt}", title=title(session), prompt=prompt(session, fresh))
        return Outcome(replace(fresh, announcement=said), save=True)
    if kind == "roll":
        session.roll()
        seat = session.game.current
        dice = [d for d in session.game.view(seat)["dice"][seat] if d]
        said = fmt("You rolled {dice}.", dice=join([symbol_name(d) for d in dice]))
        return Outcome(replace(state, announcement=said), save=True)
    return Outcome(choose(session, state, action, value))


def choose(session: Session, state: ScreenState, action: Action, value: str) -> ScreenState:
    """A change of the person's half-made choice (card, order, dice plan)."""
    position = session.position
    seat = session.game.current
    view = session.game.view(seat)
    choice = state.choice_at(position)
    kind = action.kind
    if kind == "card":
        hand = view.get("hand", [])
        if not 0 <= action.index < len(hand):
            return state
        if choice.card_slot == action.index:
            return replace(state, choice=Choice(position), announcement=_("No card selected."))
        card = hand[action.index]
        picked = replace(state, choice=Choice(position, card_slot=action.index))
        return replace(picked, announcement=card_words(view, seat, card, None) + " selected.")
    if kind == "order":
        if choice.card_slot is None or choice.card_slot >= len(view.get("hand", [])):
            return state
        a, b = card_colours(view["hand"][choice.card_slot])
        if action.name not in (a, b):
            return state
        order = (action.name, b if action.name == a else a)
        said = card_words(view, seat, view["hand"][choice.card_slot], order)
        return replace(state, choice=replace(choice, order=order), announcement=said + ".")
    if kind not in ("split", "wild", "shift") or session.variant != "dice":
        return state
    plan = current_plan(view, choice)
    try:
        if kind == "split":
            plan = plan.with_split(action.name, int(value))
        elif kind == "wild":
            plan = plan.with_wild_colour(action.index, value)
        else:
            plan = plan.moved(action.index, -1 if action.name == "up" else 1)
    except ValueError:
        return state
    return replace(state, choice=replace(choice, plan=plan))


def card_words(view: dict[str, object], seat: int, card: str, order: tuple[str, str] | None) -> str:
    """ "red 12-pointed star and green disc, red first: +3 red 12-pointed star, ..."."""
    a, b = card_colours(card)
    first, second = order or (a, b)
    gains = card_preview(view, seat, first, second)
    head = text(card_phrase(a, b))
    if order is None:
        return head
    phrase: Phrase = gains_phrase(gains)
    return fmt(
        "{card}, {symbol} first: {gains}", card=head, symbol=symbol_name(first), gains=text(phrase)
    )


def after_move(session: Session, state: ScreenState, record: MoveRecord) -> ScreenState:
    """The screen state after a move: the choices and the bot's note are done with; the
    move is announced in words, an "Ingenious!" flashes."""
    fresh = replace(state, choice=None, bot_note=None, problem=None, over_closed=False)
    said = " ".join(line.text for line in record.lines)
    if not session.over and not session.awaiting_tally:
        said += " " + prompt(session, fresh)
    banner = None
    if any(line.bonus for line in record.lines):
        banner = Keyed(session.position, _("Ingenious! Bonus turn"))
    return replace(fresh, announcement=said.strip(), banner=banner)


def refused(session: Session, state: ScreenState, reason: str) -> ScreenState:
    """A move the engine refused: say why (until the game moves on)."""
    said = fmt("Not allowed: {reason}", reason=engine_text(reason))
    return replace(state, problem=Keyed(session.position, said), announcement=said)


def bot_note(session: Session, state: ScreenState, phrase: Phrase) -> ScreenState:
    return replace(state, bot_note=BotNote(session.position, phrase))
