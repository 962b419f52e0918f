"""The Challenges screen as data: :func:`screen_model` (pure, no browser).

``screen_model(session, state)`` is everything the screen shows: the status line, the
table, the action panel, the score rows, the move list, the open dialog, which controls
are enabled and what they do, their keyboard shortcuts and where the focus belongs. The
page draws exactly this (the ``draw`` package) and nothing else, so the same session and state
give the same screen however they were reached: by play, a reload, Undo or a new game.

Where is ... decided? The status line: :func:`status_line`. Whose turn it is on screen
(and whether a bot should move): ``turn.py``, :func:`turn_of`. The pass screen, the tally
between two challenges, the game-over dialog and the score rows: ``results.py``. The
panel: ``panels.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from web.challenges.panels import (
    PanelParts,
    cards_panel,
    cards_table,
    dice_panel,
    dice_table,
    hand_block,
    needs_roll,
    tiles_panel,
    tiles_table,
)
from web.challenges.parts import (
    Action,
    Buttons,
    Control,
    Dialog,
    LogItem,
    Note,
    Panel,
    ResultDialog,
    Scores,
    Table,
)
from web.challenges.results import dialog, scores
from web.challenges.session import Position, Session
from web.challenges.state import ScreenState
from web.challenges.turn import Turn, turn_of
from web.challenges.words.phrases import Phrase
from web.challenges.words.phrases import title as challenge_title
from web.i18n import _, fmt
from web.play.session import humans

LOG_LINES = 80


@dataclass(frozen=True)
class Screen:
    position: Position
    variant: str
    title: str
    match_info: str
    status: str
    undo: Control
    table_title: str
    table: Table
    panel: Panel
    scores: Scores
    log: tuple[LogItem, ...]
    dialog: Dialog | None
    rules_open: bool
    banner: str
    announcement: str
    bot_seat: int | None
    view_seat: int
    actions: dict[str, Action]
    keys: dict[str, str]
    focus: str
    enter: dict[str, str] = field(default_factory=dict)  # Enter on a control -> another


# --------------------------------------------------------------------------- the status line


def status_line(session: Session, state: ScreenState, turn: Turn, view: dict[str, Any]) -> str:
    """The one line that says what happens now."""
    problem = state.text_at(state.problem, session.position)
    if problem:
        return problem
    if session.over:
        return _("The game is over.")
    if session.awaiting_tally:
        done = challenge_title(session.match.finished[-1].variant)
        return fmt(
            "The {done} is over: see the tally, then start the {next}.",
            done=done,
            next=challenge_title(session.variant),
        )
    name = turn.name
    bonus = _(" (bonus turn)") if turn.bonus else ""
    if turn.pass_screen:
        return fmt("Pass the screen to {name}{bonus}.", name=name, bonus=bonus)
    if turn.bot:
        return fmt("{name} is thinking{bonus}…", name=name, bonus=bonus)
    variant = session.variant
    if variant == "cards":
        if view["phase"] == "discard":
            return fmt("{name}: discard your whole hand, or keep it?", name=name)
        return fmt(
            "{name}: choose a card and which symbol scores first{bonus}.", name=name, bonus=bonus
        )
    if variant == "dice":
        if needs_roll(view, session.rolled):
            return fmt("{name}: roll your dice{bonus}.", name=name, bonus=bonus)
        return fmt("{name}: re-roll, or choose how your dice score{bonus}.", name=name, bonus=bonus)
    if view["phase"] == "drawing":
        return fmt("{name}: draw again or stop and score.", name=name)
    return fmt("{name}: draw a tile or take a free score{bonus}.", name=name, bonus=bonus)


def match_info(session: Session) -> str:
    setup = session.setup
    if not setup.is_match:
        return ""
    index = min(session.match.index, len(setup.challenges) - 1)
    tally = ", ".join(
        fmt("{name} {points}", name=name, points=points)
        for name, points in zip(setup.names, session.match.tally, strict=True)
    )
    return fmt(
        "Match: game {n} of {count} ({title}). Victory points so far: {tally}.",
        n=index + 1,
        count=len(setup.challenges),
        title=challenge_title(session.variant),
        tally=tally,
    )


def title(session: Session) -> str:
    setup = session.setup
    if setup.is_match:
        return fmt(
            "Match, game {n} of {count}: {title}",
            n=session.match.index + 1,
            count=len(setup.challenges),
            title=challenge_title(session.variant),
        )
    return challenge_title(session.variant)


# --------------------------------------------------------------------------- panel


def panel(
    session: Session, state: ScreenState, turn: Turn, view: dict[str, Any]
) -> tuple[Panel, PanelParts]:
    variant = session.variant
    if session.over:
        parts = PanelParts()
        parts.blocks.append(Note((_("The game is over."),)))
        if state.over_closed:
            show = parts.control("ch-show-result", (_("Show the result"),), Action("show-result"))
            parts.blocks.append(Buttons((show,)))
        return Panel(_("Game over"), tuple(parts.blocks)), parts
    if session.awaiting_tally:
        parts = PanelParts()
        parts.blocks.append(Note((_("The tally of the match is shown."),)))
        return Panel(_("Between two challenges"), tuple(parts.blocks)), parts
    if turn.mine:
        choice = state.choice_at(session.position)
        if variant == "cards":
            parts = cards_panel(view, choice)
        elif variant == "dice":
            parts = dice_panel(view, choice, session.rolled)
        else:
            parts = tiles_panel(view)
        alone = len(humans(session.setup.seats)) == 1
        return Panel(
            _("Your turn") if alone else fmt("{name}'s turn", name=turn.name), tuple(parts.blocks)
        ), parts
    parts = PanelParts()
    note: Phrase
    if turn.bot:
        bot_note = state.bot_note
        if bot_note is not None and bot_note.at == session.position:
            note = bot_note.phrase
        else:
            note = (fmt("{name} is thinking…", name=turn.name),)
    else:
        note = (fmt("Waiting for {name} to take the screen.", name=turn.name),)
    parts.blocks.append(Note(note))
    if variant == "cards" and turn.view_seat != turn.seat:
        parts.blocks.append(hand_block(view, turn.view_seat, None, None))
    return Panel(fmt("{name}'s turn", name=turn.name), tuple(parts.blocks)), parts


# --------------------------------------------------------------------------- score rows


def move_log(session: Session) -> tuple[LogItem, ...]:
    items: list[LogItem] = []
    is_match = session.setup.is_match
    for record in session.log:
        prefix = fmt("Game {n}: ", n=record.index + 1) if is_match else ""
        items.extend(LogItem(prefix, line) for line in record.lines)
    return tuple(items[-LOG_LINES:])


def screen_model(session: Session, state: ScreenState) -> Screen:
    """Everything the Challenges screen shows for this session and screen state."""
    turn = turn_of(session, state)
    view = session.game.view(turn.view_seat)
    variant = session.variant
    if variant == "cards":
        table: Table = cards_table(view)
    elif variant == "dice":
        unrolled = turn.seat if turn.mine and needs_roll(view, session.rolled) else None
        # Behind the tally the next challenge has not begun: nobody's dice show yet.
        table = dice_table(view, unrolled, blank=session.awaiting_tally)
    else:
        table = tiles_table(view)
    the_panel, parts = panel(session, state, turn, view)
    the_dialog, dialog_actions = dialog(session, state, turn)
    actions: dict[str, Action] = {}
    keys: dict[str, str] = {}
    enter: dict[str, str] = {}
    if state.rules_open:
        actions["ch-guide-close"] = Action("close-rules")
        keys["Escape"] = "ch-guide-close"
    elif the_dialog is not None:
        actions.update(dialog_actions)
    else:
        actions.update(parts.actions)
        keys.update(parts.keys)
        enter.update(parts.enter)
    actions["ch-menu"] = Action("menu")
    actions["ch-rules"] = Action("rules")
    undo_ok = session.undo_point() is not None
    if undo_ok:
        actions["ch-undo"] = Action("undo")
    undo = Control(
        "ch-undo",
        (_("Undo"),),
        undo_ok,
        title=_("Take back your last turn (only with one person at the table)"),
    )
    focus = ""
    if state.rules_open:
        focus = "ch-guide-close"
    elif the_dialog is not None:
        focus = next(
            c.id
            for c in (
                the_dialog.controls if isinstance(the_dialog, ResultDialog) else (the_dialog.ready,)
            )
            if c.primary
        )
    else:
        focus = parts.primary
    return Screen(
        position=session.position,
        variant=variant,
        title=title(session),
        match_info=match_info(session),
        status=status_line(session, state, turn, view),
        undo=undo,
        table_title=fmt("{title}: table", title=challenge_title(variant)),
        table=table,
        panel=the_panel,
        scores=scores(view, turn.seat if parts.preview is not None else None, parts.preview),
        log=move_log(session),
        dialog=the_dialog,
        rules_open=state.rules_open,
        # No "Ingenious!" behind a dialog (the last move of a challenge opens the tally).
        banner="" if the_dialog is not None else state.text_at(state.banner, session.position),
        announcement=state.announcement,
        bot_seat=turn.seat if turn.bot and state.stalled != session.position else None,
        view_seat=turn.view_seat,
        actions=actions,
        keys=keys,
        focus=focus,
        enter=enter,
    )
