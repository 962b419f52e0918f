"""The pass screen, the resume panel and the game-over card of the game screen.

Pure functions of the engine game and `Screen`: who the screen passes to, the moves since a
person's last turn, where every side stands, the winner and the final standings.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rules.game import Game
from web.game import words
from web.game.facts import Facts
from web.game.state import Screen
from web.game.words import MoveWords
from web.i18n import N_, _, clauses, fmt, fmt_n, join
from web.play.engine_words import engine_text
from web.play.session import HUMAN, needs_pass_screen


@dataclass(frozen=True)
class SideLow:
    """One side's lowest value and the colours at it, for the compact standing."""

    name: str
    low: int
    colours: tuple[str, ...]


@dataclass(frozen=True)
class PassModel:
    visible: bool = False
    title: str = ""
    ready: str = ""
    since: tuple[MoveWords, ...] = ()  # the moves this person has not seen yet
    empty: str = ""  # said when there are none
    standing: str = ""  # where every side stands now: its lowest colour, in a sentence
    #: The same, a line per side (name, lowest value, its symbols) for the eye; empty in
    #: the duel, whose standing is the sentence.
    lows: tuple[SideLow, ...] = ()


@dataclass(frozen=True)
class RankRow:
    place: int
    name: str
    detail: str
    first: bool


@dataclass(frozen=True)
class OverModel:
    visible: bool = False
    title: str = ""
    rows: tuple[RankRow, ...] = ()
    reasons: tuple[str, ...] = ()


# --- the pass screen and the game-over card ------------------------------------------------------
def pass_model(game: Game, screen: Screen, facts: Facts) -> PassModel:
    seat = game.current
    if game.phase == "over" or not needs_pass_screen(screen.seats, seat, screen.revealed):
        return PassModel()
    who = game.names[seat]
    return PassModel(
        True,
        fmt("Pass to {name}", name=who),
        fmt("I am {name}: show my tiles", name=who),
        since_last_turn(facts.moves, seat),
        _("No tile is on the board yet.") if not facts.moves else "",
        standing_line(game),
        lowest_sides(game),
    )


WELCOME_TITLE = N_("Since your last turn")
WELCOME_DONE = N_("Got it")


def welcome_model(game: Game, screen: Screen, facts: Facts, pass_screen: PassModel) -> PassModel:
    """After a resume, the moves the person to move has not seen (as on the pass screen)."""
    seat = game.current
    if (
        screen.welcome != facts.position
        or game.phase == "over"
        or pass_screen.visible
        or screen.seats[seat] != HUMAN
    ):
        return PassModel()
    since = since_last_turn(facts.moves, seat)
    if not since:
        return PassModel()
    return PassModel(
        True, _(WELCOME_TITLE), _(WELCOME_DONE), since, "", standing_line(game), lowest_sides(game)
    )


def lowest_sides(game: Game) -> tuple[SideLow, ...]:
    """Each side's lowest value and the colours at it (none in the duel)."""
    from engine.rules.tiles import COLOURS
    from web.ui.scoreboard import side_words

    if game.variant.name == "duel":
        return ()
    return tuple(
        SideLow(
            side_words(str(game.variant.side_name(game, side))),
            min(track),
            tuple(COLOURS[c] for c in range(6) if track[c] == min(track)),
        )
        for side, track in enumerate(game.scores)
    )


def standing_line(game: Game) -> str:
    """Each side's lowest colour now (the duel: the colours on each side)."""
    from engine.rules.tiles import COLOURS
    from web.board.symbols import colour_name
    from web.ui.scoreboard import side_words

    if game.variant.name == "duel":
        track = game.scores[0]
        mine = sum(1 for v in track if v > 0)
        theirs = sum(1 for v in track if v < 0)
        return fmt(
            "Colours on each side now: {first} {mine}, {second} {theirs}.",
            first=game.names[0],
            mine=mine,
            second=game.names[1],
            theirs=theirs,
        )
    parts = []
    for side, track in enumerate(game.scores):
        low = min(track)
        colours = join([colour_name(COLOURS[c]) for c in range(6) if track[c] == low])
        name = side_words(str(game.variant.side_name(game, side)))
        parts.append(fmt("{name} {colours} {low}", name=name, colours=colours, low=low))
    return fmt("Lowest colours now: {sides}.", sides=clauses(parts))


def since_last_turn(moves: tuple[MoveWords, ...], seat: int) -> tuple[MoveWords, ...]:
    """The moves played since `seat` last moved (all of them if it has not moved yet)."""
    for i in range(len(moves) - 1, -1, -1):
        if moves[i].seat == seat:
            return moves[i + 1 :]
    return moves


def over_title(game: Game) -> str:
    result = game.result()
    if game.variant.name == "solo":
        return fmt("Your result: {result}", result=result.get("solo_result"))
    winners = [str(r["name"]) for r in result["standings"] if r["place"] == 1]
    if len(winners) == 1:
        return fmt("{name} wins!", name=winners[0])
    return fmt("Shared first place: {names}", names=words.and_list(winners))


def over_model(game: Game, screen: Screen) -> OverModel:
    if game.phase != "over":
        return OverModel()
    result = game.result()
    rows = []
    for row in result["standings"]:
        if "colours_on_side" in row:
            detail = fmt_n("{n} colour on their side", "{n} colours on their side", "n",
                           n=int(row["colours_on_side"]))  # fmt: skip
        else:
            detail = fmt("lowest first: {values}",
                         values=" · ".join(str(v) for v in row["sorted"]))  # fmt: skip
        rows.append(RankRow(int(row["place"]), str(row["name"]), detail, row["place"] == 1))
    reasons = [engine_text(str(r)) for r in result["explanation"]]
    if screen.hints:
        reasons.append(fmt_n("{n} hint used in this game.", "{n} hints used in this game.", "n",
                             n=screen.hints))  # fmt: skip
    return OverModel(not screen.over_closed, over_title(game), tuple(rows), tuple(reasons))
