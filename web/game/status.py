"""The game screen's texts about the turn: the status line, the hint, the live region's
announcement, the cursor read out, and the engine's reason a placement is refused.

*Where is the status line decided?* In `status_line`, here.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from typing import Any

from engine import load_game
from engine.rules.errors import IllegalMoveError
from engine.rules.game import Game
from web.board import board_words
from web.board.hexgrid import Cell
from web.board.placing import parse_placement, tile_at
from web.game import words
from web.game.facts import Facts
from web.game.over import OverModel, over_title
from web.game.state import Screen, aimed_move, armed_move, candidate
from web.i18n import _, clauses, fmt, join, render
from web.play.engine_words import engine_text, lesson_clauses, lesson_text
from web.play.session import HUMAN, REMOTE, needs_pass_screen


# --- the status line ---------------------------------------------------------------------------
def status_line(game: Game, screen: Screen, facts: Facts) -> str:
    """The one line above the board: what is happening and who must do what."""
    position = facts.position
    names = game.names
    if game.phase == "over":
        return fmt("Game over: {result}", result=over_title(game))
    notice = screen.notice.at(position) if screen.notice else None
    if notice:
        return render(notice)
    if armed_move(screen, position):
        if screen.touch:
            return fmt("{name}: tap it again or press Place to place the tile there.",
                       name=names[game.current])  # fmt: skip
        return fmt("{name}: click it again or press Place to place the tile there.",
                   name=names[game.current])  # fmt: skip
    question = screen.question
    if question is not None:
        return question.status
    hint = screen.hint.at(position) if screen.hint else None
    if hint:
        return hint_text(game, hint)  # its reason goes in the panel: `hint_note`
    if screen.asking == position:
        return _("Asking the strong bot for a hint…")
    seat = game.current
    who = names[seat]
    if screen.seats[seat] == REMOTE:
        return fmt("{name} plays on their own device: their turn comes by message.", name=who)
    if screen.seats[seat] != HUMAN:
        bot = screen.bot
        if bot.phase == "starting":
            return fmt("Starting the bots… ({name} moves next)", name=who)
        if bot.phase == "restarting":
            return fmt("The bots did not answer; starting them again… ({name} moves next)",
                       name=who)  # fmt: skip
        if game.phase == "swap":
            if game.variant.name == "duel":
                return fmt("{name} is deciding on the exchange…", name=who)
            return fmt("{name} is deciding on the swap…", name=who)
        return fmt("{name} is thinking…", name=who)
    if needs_pass_screen(screen.seats, seat, screen.revealed):
        return fmt("Pass the screen to {name}.", name=who)
    if game.phase == "swap":
        return words.offer_prompt(game.variant.name, names, game.scores, seat,
                                  int(facts.view["rack_sizes"][seat]))  # fmt: skip
    due = bonus_due(game)
    if due > 1:
        return fmt("Ingenious! {name}: place your bonus tile ({n} bonus tiles due).",
                   name=who, n=due)  # fmt: skip
    if due:
        return fmt("Ingenious! {name}: place your bonus tile.", name=who)
    if game.variant.name == "solo":
        return fmt("{name}: place the drawn tile.", name=who)
    return fmt("{name}: place a tile.", name=who)


def bonus_due(game: Game) -> int:
    """How many bonus placements the player to move still owes (0: an ordinary turn)."""
    if game.phase != "place" or game.players < 2:
        return 0
    if not game.log:  # a game begun from another's position ("Try from here")
        return int(game.pending) if begun_mid_turn(game) else 0
    last = game.log[-1]
    if last["seat"] != game.current or last.get("move") in ("swap", "pass"):
        return 0
    return int(game.pending)


def hint_reason(game: Game, why: Mapping[str, Any] | None) -> str:
    """Why the hint (``engine.coach.hints.hint``): what it gains, what it costs, and what the
    next best move does worse, in one or two sentences ("" when the hint came without)."""
    if not why:
        return ""
    gains = lesson_clauses([*why.get("gains", ()), *why.get("notes", ())])
    costs = lesson_clauses(why.get("costs", ()))
    if gains and costs:
        said = fmt("Why: {gains}; but {costs}.", gains=gains, costs=costs)
    elif gains or costs:
        said = fmt("Why: {gains}.", gains=gains or costs)
    else:
        said = ""
    other, clause = why.get("versus"), lesson_text(why.get("versus_why"))
    if isinstance(other, str) and clause:
        said += " " + fmt("Better than {move}, {clause}.", move=move_words(game, other),
                          clause=clause)  # fmt: skip
    return said.strip()


def hint_note(game: Game, screen: Screen, facts: Facts, status: str) -> str:
    """The hint's reason, in the panel under the rack (the status line names only the
    move, so a long reason never makes the bar taller and never moves the board): shown
    while the status line shows the hint."""
    hint = screen.hint.at(facts.position) if screen.hint else None
    if not hint or status != hint_text(game, hint):
        return ""
    return hint_reason(game, screen.hint_reason)


def move_words(game: Game, move: str) -> str:
    """A move of the player to move in words: a placement with its points, or the swap."""
    halves = parse_placement(move)
    if halves is None:
        return _("the swap") if move == "swap" else _("keeping the tiles")
    try:
        points = game.preview(move)["points"]
    except IllegalMoveError:
        return move
    placed = words.placement_words((halves[0][1], halves[1][1]), points)
    return clauses([placed, cells_words(game, move)])


def cells_words(game: Game, move: str) -> str:
    """The two cells of a placement in the board's words (``row 3, 2nd cell and ...``): what
    tells a hint's placement from another of the same tile."""
    halves = parse_placement(move)
    if halves is None:
        return ""
    radius = int(game.zone.radius)
    return join([board_words.cell_words(radius, halves[0][0], short=True),
                 board_words.cell_words(radius, halves[1][0], short=True)])  # fmt: skip


def begun_mid_turn(game: Game) -> bool:
    """True when ``game`` was begun from another game's position in the middle of a turn:
    the player to move had just placed a tile there and owes a bonus placement."""
    start = game.start
    if not isinstance(start, dict) or not start.get("moves"):
        return False
    return _ended_mid_turn(json.dumps({**game.to_save(), "moves": []}, sort_keys=True))


@functools.lru_cache(maxsize=8)
def _ended_mid_turn(first: str) -> bool:
    """Whether the earlier game a started game's save (``first``, as JSON, no moves) was
    begun from ended with its mover's own placement (replayed once per started game)."""
    save = json.loads(first)
    start = save["start"]
    earlier = load_game({**save, "moves": start["moves"], "start": start.get("start")})
    if not earlier.log:
        return False
    last = earlier.log[-1]
    return bool(last["seat"] == earlier.current and last.get("move") not in ("swap", "pass"))


def hint_text(game: Game, move: str, why: Mapping[str, Any] | None = None) -> str:
    """The hint in the status line: the move in words, then why (its reason, if known)."""
    reason = hint_reason(game, why)
    because = " " + reason if reason else ""
    halves = parse_placement(move)
    if halves is None:
        if move != "swap":
            return _("Hint: keep your tiles.") + because
        if game.variant.name == "duel":
            return _("Hint: take the exchange.") + because
        return _("Hint: take the swap.") + because
    try:
        points = game.preview(move)["points"]
    except IllegalMoveError:
        return _("Hint: —")
    placed = words.placement_words((halves[0][1], halves[1][1]), points)
    return fmt("Hint: {move}.", move=clauses([placed, cells_words(game, move)])) + because


def announcement(game: Game, screen: Screen, facts: Facts, status: str, over: OverModel) -> str:
    """What the live region says: the board or the cursor read out, an aim change, or the
    last move and what comes next."""
    speak = screen.speak.at(facts.position) if screen.speak else None
    if speak == "board":
        return board_words.describe_board(facts.view)
    cell = screen.cursor if screen.keyboard else screen.aim.cell
    if speak == "cursor" and cell is not None:
        return cursor_words(game, screen, facts, cell)
    said = screen.said.at(facts.position) if screen.said else None
    if said:
        return render(said)
    parts = [facts.moves[-1].speech] if facts.moves else []
    parts.append(words.plain(status))
    if game.phase == "over":
        parts.extend(over.reasons)
    return " ".join(parts)


def cursor_words(game: Game, screen: Screen, facts: Facts, cell: Cell) -> str:
    """The keyboard cursor in words: with a tile picked, what it scores there as aimed
    (or why it cannot go there, and what is on the cell); without, what is on the cell
    and the lines a symbol there would extend."""
    tile = tile_at(list(facts.rack), screen.aim.slot) if facts.index.has_placements else None
    if tile is None:
        return board_words.describe_cell(facts.view, cell)
    move = candidate(screen, facts.index, tile)
    if move is not None:
        return board_words.describe_aim(facts.view, move)
    why = refusal(game, aimed_move(screen, tile), sentence=False)
    where = board_words.describe_cell(facts.view, cell)
    if why:
        return fmt("Not here: {why} {where}", why=why, where=where)
    return fmt("The tile cannot go here. {where}", where=where)


_CELL = re.compile(r"\bcell (-?\d+),(-?\d+)")


def refusal(game: Game, move: str | None, sentence: bool = True) -> str:
    """The engine's reason why `move` is not allowed ("" if it is), without coordinates:
    the cell the player pointed at is "this cell", its partner "the neighbouring cell".
    A sentence of its own begins with a capital; after "Not here:" (`sentence` False) the
    reason keeps its own first letter ("Pas ici : cette case…", not "Cette")."""
    if move is None:
        return ""
    halves = parse_placement(move)
    try:
        game.parse(move)
    except IllegalMoveError as exc:
        text = str(exc)
    else:
        return ""
    first = halves[0][0] if halves else None

    def name(match: re.Match[str]) -> str:
        cell = (int(match.group(1)), int(match.group(2)))
        return "this cell" if cell == first else "the neighbouring cell"

    text = engine_text(_CELL.sub(name, text))
    if sentence:
        text = text[:1].upper() + text[1:]
    return text + ("" if text.endswith(".") else ".")
