"""The score rows, the ranking, the tally and the dialogs of the Challenges screen as data
(pure, no browser): :func:`scores`, :func:`tally` and :func:`dialog` (the pass screen,
the tally between two challenges and the game-over dialog).
"""

from __future__ import annotations

from typing import Any

from web.board.symbols import COLOURS, colour_name
from web.challenges.parts import (
    Action,
    Board,
    Cell,
    Control,
    Dialog,
    PassDialog,
    Place,
    ResultDialog,
    ScoreRow,
    Scores,
    Tally,
    TallyRow,
)
from web.challenges.previews import Gain, allowed_max
from web.challenges.session import Session
from web.challenges.state import ScreenState
from web.challenges.turn import Turn
from web.challenges.words.lines import ended_reason, winners_title
from web.challenges.words.phrases import title as challenge_title
from web.i18n import N_, _, fmt, fmt_n

LOG_LINES = 80
#: The tally's column heads: short, so four players' table fits a phone.
SHORT_TITLES = {"cards": N_("Cards"), "dice": N_("Dice"), "tiles": N_("Tiles")}


def area_of(value: int, tiles: bool, top: int) -> int:
    if tiles:
        return 3 if value == top else (0 if value == 0 else 1)
    if value == 0:
        return 0
    if value <= 3:
        return 1
    if value <= 6:
        return 2
    return 3


def scores(view: dict[str, Any], preview_seat: int | None, preview: list[Gain] | None) -> Scores:
    """Every player's six rows: areas 0 | 1-3 | 4-6 | 7-10 (or 0..target for tiles).

    The lowest row stands out; cells the area rule still closes are marked; a preview
    marks the cells a choice would fill and says how many points it would lose.
    """
    tiles = view["variant"] == "tiles"
    top = int(view["target"]) if tiles else 10
    by_colour: dict[str, list[int]] = {}
    for gain in preview or []:
        got = by_colour.setdefault(gain.colour, [0, 0])
        got[0] += gain.gained
        got[1] += gain.lost
    boards = []
    over = view["phase"] == "over"
    for seat, row in enumerate(view["rows"]):
        low = min(row)
        tied = all(v == low for v in row)
        open_to = top if tiles else allowed_max(row)
        rows = []
        for i, colour in enumerate(COLOURS):
            value = row[i]
            gained, lost = by_colour.get(colour, [0, 0]) if seat == preview_seat else (0, 0)
            cells = tuple(
                Cell(
                    col,
                    area_of(col, tiles, top),
                    col <= value,
                    col == value,
                    value < col <= value + gained,
                    col > open_to,
                )
                for col in range(top + 1)
            )
            lowest = value == low and not tied
            words = fmt("{colour}: {value}", colour=colour_name(colour), value=value)
            if lowest:
                words = fmt("{row} (lowest)", row=words)
            if gained and lost or lost:
                words = fmt(
                    "{row}, this choice adds {gained} and loses {lost}",
                    row=words,
                    gained=gained,
                    lost=lost,
                )
            elif gained:
                words = fmt("{row}, this choice adds {gained}", row=words, gained=gained)
            rows.append(ScoreRow(colour, value, lowest, words, cells, gained, lost))
        name = view["names"][seat]
        boards.append(
            Board(
                seat,
                name,
                seat == view["current"] and not over,
                low,
                fmt("{name}: lowest row {low}", name=name, low=low),
                tuple(rows),
                tuple(view.get("bonus_used", [[]] * len(view["rows"]))[seat]),
            )
        )
    legend = (
        fmt("Goal: every row at {top}.", top=top)
        if tiles
        else _(
            "Areas 0 | 1–3 | 4–6 | 7–10. A row enters 4–6 only when no row is at 0, "
            "and 7–10 only when every row is at 4 or more; hatched cells are closed now."
        )
    )
    return Scores(legend, tuple(boards))


# --------------------------------------------------------------------------- dialogs


def ranking(result: dict[str, Any]) -> tuple[Place, ...]:
    return tuple(
        Place(
            entry["place"],
            entry["name"],
            entry["place"] == 1,
            fmt(
                "lowest row {low} (rows from lowest: {rows})",
                low=int(entry["lowest"]),
                rows=" · ".join(str(v) for v in sorted(entry["rows"])),
            ),
        )
        for entry in result["ranking"]
    )


def match_ranking(session: Session) -> tuple[Place, ...]:
    """The match's own ranking, by victory points (not the last challenge's)."""
    return tuple(
        Place(
            entry["place"],
            entry["name"],
            entry["place"] == 1,
            fmt_n("{n} victory point", "{n} victory points", "n", n=int(entry["victory_points"])),
        )
        for entry in session.match.result()["ranking"]
    )


def tally(session: Session) -> Tally:
    """The victory points of every finished challenge and the running total."""
    setup = session.setup
    results = session.match.view(0)["match"]["results"]
    count = len(setup.challenges)
    rows = tuple(
        TallyRow(
            name,
            tuple(str(results[i][seat]) if i < len(results) else "–" for i in range(count)),
            session.match.tally[seat],
        )
        for seat, name in enumerate(setup.names)
    )
    return Tally(
        _("Victory points (each challenge: the lowest row)"),
        tuple(_(SHORT_TITLES[v]) for v in setup.challenges),
        rows,
    )


def dialog(
    session: Session, state: ScreenState, turn: Turn
) -> tuple[Dialog | None, dict[str, Action]]:
    """The dialog over the table, if any, and the actions of its buttons."""
    actions: dict[str, Action] = {}

    def button(id_: str, label: str, kind: str, primary: bool = False) -> Control:
        actions[id_] = Action(kind)
        return Control(id_, (label,), True, primary)

    setup = session.setup
    if session.awaiting_tally:
        finished = session.match.finished[-1]
        target = int(finished.view(0).get("target", 7))
        why = ended_reason(finished.result(), finished.variant, finished.names, target)
        controls: tuple[Control, ...] = (
            button(
                "ch-next",
                fmt("Start the {title}", title=challenge_title(session.variant)),
                "next",
                primary=True,
            ),
            button("ch-over-menu", _("Start screen"), "menu"),
        )
        return (
            ResultDialog(
                fmt("{title} over", title=challenge_title(finished.variant)),
                why,
                ranking(finished.result()),
                tally(session),
                controls,
                between=True,
            ),
            actions,
        )
    if session.over and not state.over_closed:
        game = session.game
        result = game.result()
        target = int(game.view(0).get("target", 7))
        why = ended_reason(result, game.variant, game.names, target)
        places = ranking(result)
        if setup.is_match:
            heading = winners_title(setup.names, session.match.result()["winners"], True)
            why = fmt("Last game: {why} The most victory points win the match.", why=why)
            places = match_ranking(session)
        else:
            heading = winners_title(game.names, result["winners"], False)
        controls = (
            button("ch-again", _("Play again"), "again", primary=True),
            button("ch-look", _("Look at the table"), "look"),
            button("ch-over-menu", _("Start screen"), "menu"),
        )
        return (
            ResultDialog(
                heading,
                why,
                places,
                tally(session) if setup.is_match else None,
                controls,
                between=False,
            ),
            actions,
        )
    if turn.pass_screen:
        ready = button(
            "ch-pass-ready",
            fmt("I am {name}: show my hand", name=turn.name),
            "reveal",
            primary=True,
        )
        return (
            PassDialog(
                fmt("Pass to {name}", name=turn.name),
                _("The next player's hand stays hidden until they are ready."),
                ready,
            ),
            actions,
        )
    return None, actions


# --------------------------------------------------------------------------- the whole screen
