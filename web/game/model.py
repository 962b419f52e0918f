"""Everything the board game screen shows, computed from the engine game and `Screen`.

``model(game, screen, facts) -> GameModel`` is a pure function: the status line, the
last move and the move list in words, the rack, the offer, the preview, which buttons
work, the score tracks, the pass screen, the game-over card, what the board highlights,
and what screen readers hear. `web.game.draw` and `web.game.canvas` only write it to the
page. A reload, Undo, Redo, a loaded save or a shared link give the same model as
reaching the position by play, because the model never looks at what was shown before.

*Where is the status line decided?* In `status_line`, here.

`facts` holds what depends only on the position (the player view, the legal moves, the
moves in words); `facts_for` builds it, reusing the words of an earlier position of the
same game so a move costs one new line, not the whole list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.errors import IllegalMoveError
from engine.game import Game
from web.board import board_words
from web.board.hexgrid import DIRECTIONS, Cell, add
from web.board.placing import LegalIndex, Tile, parse_placement, tile_at
from web.board.symbols import colour_name
from web.game import words
from web.game.state import (
    Landing,
    Position,
    Screen,
    aimed_move,
    armed_move,
    candidate,
    effective,
    position_of,
)
from web.game.words import MoveWords
from web.i18n import _, fmt, fmt_n, language, render
from web.play.engine_words import engine_text
from web.play.session import HUMAN, humans, needs_pass_screen, rack_owner, undo_target
from web.ui.scoreboard import TrackState, track_states

HINT_LEVEL = "strong"
HINTS_USED = "{n} hint{s} used in this game."


# --- what depends on the position only ---------------------------------------------------------
@dataclass(frozen=True)
class Facts:
    game: Game = field(compare=False)  # held, so its id cannot be reused meanwhile
    position: Position
    revealed: int | None
    seats: tuple[str, ...]
    owner: int | None  # whose rack the screen may show
    view: dict[str, Any] = field(compare=False)  # game.view(owner)
    my_turn: bool = False  # a person at this screen decides now
    index: LegalIndex = field(default_factory=lambda: LegalIndex([]), compare=False)
    rack: tuple[Tile, ...] = ()
    moves: tuple[MoveWords, ...] = ()
    language: str = "en"  # the moves' words are in this language


def facts_for(game: Game, screen: Screen, previous: Facts | None = None) -> Facts:
    """The position's facts (or `previous` itself when nothing changed)."""
    position = position_of(game)
    seats = tuple(screen.seats)
    if (
        previous is not None
        and previous.game is game
        and previous.position == position
        and previous.revealed == screen.revealed
        and previous.seats == seats
        and previous.language == language()
    ):
        return previous
    owner = rack_owner(list(seats), game.current, screen.revealed)
    view = game.view(owner)
    my_turn = game.phase != "over" and seats[game.current] == HUMAN and owner == game.current
    rack: tuple[Tile, ...] = ()
    if owner is not None:
        rack = tuple((str(a), str(b)) for a, b in view["racks"].get(str(owner), []))
    kept: tuple[MoveWords, ...] = ()
    if previous is not None and previous.game is game and previous.language == language():
        same = 0
        for old, new in zip(previous.position, position, strict=False):
            if old != new:
                break
            same += 1
        kept = previous.moves[:same]
    radius = game.zone.radius
    fresh = tuple(  # a bot's placement also says where it went: nobody saw it aimed
        words.describe(game.log, i, game.names, game.variant.name,
                       None if seats[int(game.log[i]["seat"])] == HUMAN else radius)
        for i in range(len(kept), len(game.log))
    )  # fmt: skip
    return Facts(
        game, position, screen.revealed, seats, owner, view, my_turn,
        LegalIndex(game.legal_moves() if my_turn else []), rack, kept + fresh, language(),
    )  # fmt: skip


# --- the model -------------------------------------------------------------------------------
@dataclass(frozen=True)
class RackTile:
    slot: int
    colours: Tile
    label: str
    pressed: bool
    disabled: bool


@dataclass(frozen=True)
class PartnerRack:
    title: str
    tiles: tuple[tuple[Tile, str], ...]  # (colours, accessible name)


@dataclass(frozen=True)
class RackModel:
    title: str
    label: str  # the rack's accessible name
    tiles: tuple[RackTile, ...] = ()
    hidden: int = 0  # tiles shown face down (the rack is not this screen's to see)
    partners: tuple[PartnerRack, ...] = ()
    bag: str = ""  # the tiles left in the bag (and whether a swap is still possible)


@dataclass(frozen=True)
class OfferModel:
    visible: bool = False
    reason: str = ""
    take: str = ""
    keep: str = ""
    label: str = ""


@dataclass(frozen=True)
class PreviewModel:
    """Under the rack: what the aimed placement scores, or what to do next."""

    gains: tuple[tuple[str, int], ...] = ()
    bonus: int = 0
    capped: tuple[str, ...] = ()  # colours whose points are partly lost at the cap
    message: str = ""  # instead of gains: a hint what to do, or why the tile cannot go here
    spoken: str = ""  # the same for screen readers


@dataclass(frozen=True)
class Buttons:
    undo: bool = False
    redo: bool = False
    hint: bool = False
    turn: bool = False
    place: bool = False
    save: bool = True
    confirm_shown: bool = False  # the "confirm placement" setting (hot seat only)
    confirm_on: bool = False


@dataclass(frozen=True)
class ScoresModel:
    tracks: tuple[TrackState, ...]
    current_side: int | None  # the score card of the side to move (not in the duel)


@dataclass(frozen=True)
class PassModel:
    visible: bool = False
    title: str = ""
    ready: str = ""
    since: tuple[MoveWords, ...] = ()  # the moves this person has not seen yet
    empty: str = ""  # said when there are none
    standing: str = ""  # where every side stands now: its lowest colour


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


@dataclass(frozen=True)
class Ghost:
    cells: tuple[Cell, Cell]
    colours: tuple[str, str]


@dataclass(frozen=True)
class BoardModel:
    """What the canvas lays over the tiles."""

    legal: frozenset[Cell] = frozenset()  # cells the selected tile can cover
    ghost: Ghost | None = None  # the aimed tile, or the bot's coming one
    rays: tuple[dict[str, Any], ...] = ()  # the aimed tile's scoring rays
    cursor: Cell | None = None
    partners: tuple[Cell, ...] = ()  # touch: where the second half may go
    hint: Ghost | None = None
    marked: tuple[Cell, ...] = ()  # a move hovered in a list, or the turns the pass screen tells
    landing: Landing | None = None
    label: str = ""  # the canvas's accessible description


@dataclass(frozen=True)
class GameModel:
    status: str
    announce: str
    last_move: MoveWords | None
    moves: tuple[MoveWords, ...]
    rack: RackModel
    offer: OfferModel
    preview: PreviewModel
    buttons: Buttons
    scores: ScoresModel
    pass_screen: PassModel
    #: On resume (a reload, Continue, a loaded save): the moves since this person's last
    #: turn, in the panel and outlined on the board, until they move or close it.
    welcome: PassModel
    over: OverModel
    board: BoardModel
    candidate: str | None  # the move a click or Enter would play now


def model(game: Game, screen: Screen, facts: Facts) -> GameModel:
    position = facts.position
    index = facts.index
    rack = list(facts.rack)
    tile = tile_at(rack, screen.aim.slot) if index.has_placements else None
    move = candidate(screen, index, tile)
    preview = game.preview(move) if move is not None else None
    armed = armed_move(screen, position)
    status = status_line(game, screen, facts)
    last = facts.moves[-1] if facts.moves else None
    over = over_model(game, screen)
    pass_screen = pass_model(game, screen, facts)
    welcome = welcome_model(game, screen, facts, pass_screen)
    shown_moves = pass_screen if pass_screen.visible else welcome  # outlined on the board
    return GameModel(
        status=status,
        announce=announcement(game, screen, facts, status, over),
        last_move=last,
        moves=facts.moves,
        rack=rack_model(game, screen, facts),
        offer=offer_model(game, facts),
        preview=preview_model(game, screen, facts, tile, preview),
        buttons=buttons(game, screen, facts, move or armed),
        scores=ScoresModel(
            tuple(track_states(facts.view)),
            None
            if game.variant.name == "duel" or game.phase == "over"
            else game.side_of(game.current),
        ),
        pass_screen=pass_screen,
        welcome=welcome,
        over=over,
        board=board_model(game, screen, facts, tile, preview, shown_moves, position, armed),
        candidate=move,
    )


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
    hint = screen.hint.at(position) if screen.hint else None
    if hint:
        return hint_text(game, hint, screen.hint_why)
    if screen.asking == position:
        return _("Asking the strong bot for a hint…")
    seat = game.current
    who = names[seat]
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
    if game.phase != "place" or game.players < 2 or not game.log:
        return 0
    last = game.log[-1]
    if last["seat"] != game.current or last.get("move") in ("swap", "pass"):
        return 0
    return int(game.pending)


def hint_text(game: Game, move: str, why: str = "") -> str:
    """The hint in the status line: the move in words, then why (its reason, if known)."""
    because = f" Why: {why}." if why else ""
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
    return fmt("Hint: {move}.", move=placed) + because


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
    why = refusal(game, aimed_move(screen, tile))
    where = board_words.describe_cell(facts.view, cell)
    if why:
        return fmt("Not here: {why} {where}", why=why, where=where)
    return fmt("The tile cannot go here. {where}", where=where)


# --- the rack, the offer, the preview, the buttons -----------------------------------------------
def rack_model(game: Game, screen: Screen, facts: Facts) -> RackModel:
    owner = facts.owner
    bag = words.bag_words(game.variant.name, int(facts.view["bag"]))
    if owner is None:
        who = game.names[game.current]
        return RackModel(fmt("{name}'s tiles (hidden)", name=who), _("Tiles are hidden"),
                         hidden=int(facts.view["rack_sizes"][game.current]), bag=bag)  # fmt: skip
    # "Your" only for the one person at the table: with none (bots only) or several, a name.
    title = (
        _("Your tiles")
        if len(humans(screen.seats)) == 1
        else fmt("{name}'s tiles", name=game.names[owner])
    )
    playable = facts.index.has_placements
    tiles = tuple(
        RackTile(slot, tile, words.tile_label(slot, tile), slot == screen.aim.slot, not playable)
        for slot, tile in enumerate(facts.rack)
    )
    partners = tuple(
        PartnerRack(
            fmt("{name}'s tiles (partner)", name=game.names[int(seat)]),
            tuple(
                (
                    (str(a), str(b)),
                    fmt(
                        "{first} and {second}",
                        first=colour_name(str(a)),
                        second=colour_name(str(b)),
                    ),
                )
                for a, b in shown
            ),
        )
        for seat, shown in facts.view.get("racks", {}).items()
        if int(seat) != owner
    )
    return RackModel(title, _("Rack"), tiles, 0, partners, bag)


def offer_model(game: Game, facts: Facts) -> OfferModel:
    if not (facts.my_turn and game.phase == "swap"):
        return OfferModel()
    variant = game.variant.name
    offer = words.offer_words(variant)
    size = len(facts.rack)
    reason = words.offer_prompt(variant, game.names, game.scores, game.current, size)
    return OfferModel(True, reason, words.offer_take(variant, size), offer.keep, offer.region)


def preview_model(game: Game, screen: Screen, facts: Facts, tile: Tile | None,
                  preview: dict[str, Any] | None) -> PreviewModel:  # fmt: skip
    """`preview`: the engine's preview of the aimed placement, None if it is not legal."""
    if preview is not None:
        gains = tuple((c, int(n)) for c, n in preview["points"].items() if n)
        capped = tuple(
            c for c, n in gains
            if toward(game, preview["scores_after"][c]) - own_score(game, c) < n
        )  # fmt: skip
        spoken = fmt("This placement scores {points}", points=words.points_speech(dict(gains)))
        if preview["bonus"]:
            spoken += ". " + _("Ingenious!")
        return PreviewModel(gains, int(preview["bonus"]), capped, "", spoken)
    if tile is not None and screen.aim.cell is not None:
        why = refusal(game, aimed_move(screen, tile))
        text = (
            fmt("Not here: {why}", why=why)
            if why
            else _("The tile cannot go here: try another cell.")
        )
        return PreviewModel(message=text, spoken=text)
    if tile is not None:
        text = _("Move over the board: highlighted cells can take this tile.")
        return PreviewModel(message=text, spoken=text)
    if facts.index.has_placements:
        text = words.pick_a_tile(len(facts.rack), screen.touch)
        return PreviewModel(message=text, spoken=_("Pick a tile."))
    return PreviewModel()


def toward(game: Game, value: int) -> int:
    """A track value seen from the player to move (the duel's track is signed)."""
    return -value if game.variant.name == "duel" and game.current == 1 else value


def own_score(game: Game, colour: str) -> int:
    track = game.scores[game.side_of(game.current)]
    return toward(game, track[words.COLOUR_ORDER.index(colour)])


_CELL = re.compile(r"\bcell (-?\d+),(-?\d+)")


def refusal(game: Game, move: str | None) -> str:
    """The engine's reason why `move` is not allowed ("" if it is), without coordinates:
    the cell the player pointed at is "this cell", its partner "the neighbouring cell"."""
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
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def buttons(game: Game, screen: Screen, facts: Facts, move: str | None) -> Buttons:
    seats = screen.seats
    can_undo = undo_target(game.log, seats, game.players) is not None
    return Buttons(
        undo=can_undo,
        redo=len(humans(seats)) == 1 and game.can_redo,
        hint=facts.my_turn and (facts.index.has_placements or bool(facts.index.decisions))
        and screen.asking != facts.position,
        turn=facts.index.has_placements and tile_at(list(facts.rack), screen.aim.slot) is not None,
        place=move is not None,
        confirm_shown=len(humans(seats)) >= 2,
        confirm_on=screen.confirm,
    )  # fmt: skip


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
    )


WELCOME_TITLE = "Since your last turn"
WELCOME_DONE = "Got it"


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
    return PassModel(True, WELCOME_TITLE, WELCOME_DONE, since, "", standing_line(game))


def standing_line(game: Game) -> str:
    """Each side's lowest colour now (the duel: the colours on each side)."""
    from engine.tiles import COLOURS

    if game.variant.name == "duel":
        track = game.scores[0]
        mine = sum(1 for v in track if v > 0)
        theirs = sum(1 for v in track if v < 0)
        return f"Colours on each side now: {game.names[0]} {mine}, {game.names[1]} {theirs}."
    parts = []
    for side, track in enumerate(game.scores):
        low = min(track)
        colours = " and ".join(COLOURS[c] for c in range(6) if track[c] == low)
        name = game.variant.side_name(game, side)
        parts.append(f"{name} {colours} {low}")
    return "Lowest colours now: " + "; ".join(parts) + "."


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
        reasons.append(HINTS_USED.format(n=screen.hints, s="" if screen.hints == 1 else "s"))
    return OverModel(not screen.over_closed, over_title(game), tuple(rows), tuple(reasons))


# --- the board -----------------------------------------------------------------------------------
def board_model(game: Game, screen: Screen, facts: Facts, tile: Tile | None,
                preview: dict[str, Any] | None, pass_screen: PassModel,
                position: Position, armed: str | None = None) -> BoardModel:  # fmt: skip
    legal: frozenset[Cell] = frozenset()
    ghost = None
    rays: tuple[dict[str, Any], ...] = ()
    partners: tuple[Cell, ...] = ()
    index = facts.index
    if tile is not None:
        legal = frozenset(index.covered_cells(tile))
        eff = effective(screen, index, tile)
        if eff is not None and preview is not None:
            cell, d = eff
            ghost = Ghost((cell, add(cell, DIRECTIONS[d])), tile)
            rays = tuple(preview["rays"])
        anchor = screen.aim.touch_anchor
        if anchor is not None:
            partners = tuple(add(anchor, DIRECTIONS[d]) for d in index.directions(tile, anchor))
    halves = parse_placement(armed) if armed else None
    if halves is not None:  # aimed by a first click: it stays shown until placed or changed
        ghost = Ghost((halves[0][0], halves[1][0]), (halves[0][1], halves[1][1]))
    bot = screen.bot
    if bot.coming is not None and bot.position == position:
        halves = parse_placement(bot.coming)
        if halves is not None:
            ghost = Ghost((halves[0][0], halves[1][0]), (halves[0][1], halves[1][1]))
    hint = None
    hinted = screen.hint.at(position) if screen.hint else None
    halves = parse_placement(hinted) if hinted else None
    if halves is not None:
        hint = Ghost((halves[0][0], halves[1][0]), (halves[0][1], halves[1][1]))
    marked: tuple[Cell, ...] = ()
    if screen.marked is not None and screen.marked[1] == position:
        i = screen.marked[0]
        if 0 <= i < len(facts.moves):
            marked = facts.moves[i].cells
    elif pass_screen.visible:
        marked = tuple(c for m in pass_screen.since for c in m.cells)
    landing = screen.landing if screen.landing and screen.landing.position == position else None
    tiles = len(facts.view["tiles"])
    label = fmt_n("Board with {n} tile.", "Board with {n} tiles.", "n", n=tiles)
    return BoardModel(legal, ghost, rays, screen.cursor if screen.keyboard else None, partners,
                      hint, marked, landing, label)  # fmt: skip
