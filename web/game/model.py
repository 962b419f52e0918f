"""Everything the board game screen shows, computed from the engine game and `Screen`.

``model(game, screen, facts) -> GameModel`` is a pure function: the status line, the
last move and the move list in words, the rack, the offer, the preview, which buttons
work, the score tracks, the pass screen, the game-over card, what the board highlights,
and what screen readers hear. `web.game.draw` and `web.game.canvas` only write it to the
page. A reload, Undo, Redo, a loaded save or a shared link give the same model as
reaching the position by play, because the model never looks at what was shown before.

The texts live beside it: the status line, hints and announcements in `web.game.status`,
the pass screen and the game-over card in `web.game.over`; `facts` (what depends only on
the position) comes from `web.game.facts`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rules.game import Game
from web.board.hexgrid import DIRECTIONS, Cell, add
from web.board.placing import Tile, parse_placement, tile_at
from web.board.symbols import colour_name
from web.game import words
from web.game.facts import Facts
from web.game.over import OverModel, PassModel, over_model, pass_model, welcome_model
from web.game.state import Landing, Position, Screen, aimed_move, armed_move, candidate, effective
from web.game.status import announcement, hint_note, refusal, status_line
from web.game.words import MoveWords
from web.i18n import _, fmt, fmt_n
from web.play.session import humans, undo_target
from web.ui.scoreboard import TrackState, track_states

HINT_LEVEL = "strong"


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
    question: bool = False  # a question on the board: no Undo, Redo or Hint to offer


@dataclass(frozen=True)
class ScoresModel:
    tracks: tuple[TrackState, ...]
    current_side: int | None  # the score card of the side to move (not in the duel)


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
    #: Under the rack: the hint's reason (the status line names the hinted move).
    note: str
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
    answer = screen.question.answer if screen.question is not None else None
    shown = answer if answer is not None else move  # an answered question shows its answer
    preview = game.preview(shown) if shown is not None else None
    armed = armed_move(screen, position)
    status = status_line(game, screen, facts)
    note = hint_note(game, screen, facts, status)
    last = facts.moves[-1] if facts.moves else None
    over = over_model(game, screen)
    pass_screen = pass_model(game, screen, facts)
    welcome = welcome_model(game, screen, facts, pass_screen)
    shown_moves = pass_screen if pass_screen.visible else welcome  # outlined on the board
    return GameModel(
        status=status,
        note=note,
        announce=announcement(game, screen, facts, f"{status} {note}".strip(), over),
        # The resume panel lists the last move already: no box above it says it again.
        last_move=None if welcome.visible else last,
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
        why = refusal(game, aimed_move(screen, tile), sentence=False)
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


def buttons(game: Game, screen: Screen, facts: Facts, move: str | None) -> Buttons:
    seats = screen.seats
    if screen.question is not None:  # a hint would answer it; Undo would leave it
        return Buttons(turn=facts.index.has_placements
                       and tile_at(list(facts.rack), screen.aim.slot) is not None,
                       place=move is not None, question=True)  # fmt: skip
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


# --- the board -----------------------------------------------------------------------------------
def ghost_of(move: str) -> Ghost | None:
    """A placement's tile as the board lays it over the tiles (None for a swap or a pass)."""
    halves = parse_placement(move)
    if halves is None:
        return None
    return Ghost((halves[0][0], halves[1][0]), (halves[0][1], halves[1][1]))


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
    if armed:  # aimed by a first click: it stays shown until placed or changed
        ghost = ghost_of(armed) or ghost
    bot = screen.bot
    if bot.coming is not None and bot.position == position:
        ghost = ghost_of(bot.coming) or ghost
    hinted = screen.hint.at(position) if screen.hint else None
    question = screen.question
    if question is not None and question.locked:
        # Answered: the answer as a tile with its rays, the best one (if another) faded.
        ghost = ghost_of(question.answer) if question.answer else None
        rays = tuple(preview["rays"]) if preview is not None else ()
        hinted = question.best if question.best != question.answer else None
    hint = ghost_of(hinted) if hinted else None
    marked: tuple[Cell, ...] = ()
    if screen.marked is not None and screen.marked[1] == position:
        i = screen.marked[0]
        if 0 <= i < len(facts.moves):
            marked = facts.moves[i].cells
    elif pass_screen.visible:
        marked = tuple(c for m in pass_screen.since for c in m.cells)
    elif hint is not None and question is not None and question.locked:
        marked = hint.cells  # the best placement of an answered question: outlined too
    landing = screen.landing if screen.landing and screen.landing.position == position else None
    tiles = len(facts.view["tiles"])
    label = fmt_n("Board with {n} tile.", "Board with {n} tiles.", "n", n=tiles)
    return BoardModel(legal, ghost, rays, screen.cursor if screen.keyboard else None, partners,
                      hint, marked, landing, label)  # fmt: skip
