"""The guided tutorial: short lessons, each a small position to play with a goal.

Pure Python (no browser): every lesson builds a real engine game from a position, and
every goal is judged from what the engine reports (points, rays, bonus placements, the
swap offer, the final ranking). The boards come from the rulebook's five scoring
examples (docs/positions/) and its ranking examples. The screen side is web/teach/guide.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import COLOURS, Position, parse_position
from engine.formats.position import lay_position
from engine.rules.board import START_SYMBOLS
from engine.rules.game import Game
from engine.rules.ranking import ranking_key
from engine.rules.scoring import EMPTY
from engine.rules.tiles import colour_index, make_tile
from web.board.hexgrid import DIRECTIONS, Cell, add, zone_cells
from web.board.symbols import colour_name
from web.i18n import N_, _, fmt
from web.play.engine_words import engine_text

# The rulebook's scoring pictures (the same boards as docs/positions/*.json).
EXAMPLE_1: dict[str, Any] = {"zone": 5, "board": []}
EXAMPLE_2: dict[str, Any] = {
    "zone": 5,
    "board": [[[4, 0, "blue"], [4, 1, "red"]], [[3, -1, "red"], [3, 0, "yellow"]]],
}
EXAMPLE_3: dict[str, Any] = {
    "zone": 5,
    "board": [[[-1, 0, "blue"], [-1, -1, "orange"]], [[-1, 1, "blue"], [-2, 1, "blue"]]],
}
EXAMPLE_4: dict[str, Any] = {
    "zone": 5,
    "board": [
        [[-1, 0, "red"], [-2, 0, "red"]],
        [[2, -1, "blue"], [3, -2, "blue"]],
        [[1, 1, "blue"], [1, 2, "blue"]],
        [[0, 2, "blue"], [-1, 3, "orange"]],
    ],
}
EXAMPLE_5: dict[str, Any] = {
    "zone": 5,
    "board": [
        [[1, -1, "green"], [2, -2, "red"]],
        [[0, -1, "green"], [0, -2, "red"]],
        [[-1, 0, "green"], [-2, 0, "yellow"]],
        [[-1, 1, "green"], [-2, 2, "yellow"]],
        [[0, 1, "green"], [0, 2, "green"]],
        [[0, 3, "green"], [0, 4, "orange"]],
        [[2, -1, "green"], [3, -2, "blue"]],
        [[2, 0, "green"], [3, 0, "blue"]],
        [[-1, 2, "green"], [-2, 3, "purple"]],
        [[1, 1, "orange"], [1, 2, "orange"]],
    ],
}
#: Two blues in a row, for the lesson on the partner cell.
LINE_OF_TWO: dict[str, Any] = {"zone": 5, "board": [[[0, 0, "blue"], [1, 0, "blue"]]]}

DONE, MORE, RETRY = "done", "more", "retry"
#: You, as the tutorial's scores and its games name the player.
YOU = N_("You")


@dataclass
class Attempt:
    """What the engine reported for the moves made in a lesson so far."""

    events: list[dict[str, Any]]
    game: Game

    @property
    def last(self) -> dict[str, Any]:
        return self.events[-1]

    def points(self, index: int = -1) -> dict[str, int]:
        return {c: int(self.events[index].get("points", {}).get(c, 0)) for c in COLOURS}


Judge = Callable[[Attempt], tuple[str, str]]


@dataclass(frozen=True)
class Lesson:
    key: str
    title: str
    text: str  # HTML, our own words
    goal: str
    position: dict[str, Any]
    rack: tuple[tuple[str, str], ...]
    judge: Judge
    scores: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    opponent: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    opponent_name: str = "Sam"
    first: bool = False
    zoom: bool = True
    show_scores: bool = False
    board_cells: Callable[[], list[tuple[Cell, str]]] | None = field(default=None, compare=False)

    def board(self) -> dict[str, Any]:
        """The lesson's position; generated boards (the end game) are built here."""
        if self.board_cells is None:
            return self.position
        return {"zone": 5, "board": [[q, r, c] for (q, r), c in self.board_cells()]}


# --- judging helpers ------------------------------------------------------------------------
def _needs(wanted: dict[str, int], exact: bool = False) -> Judge:
    def judge(attempt: Attempt) -> tuple[str, str]:
        got = attempt.points(0)
        ok = all((got[c] == n) if exact else (got[c] >= n) for c, n in wanted.items())
        scored = _points_words(got)
        if ok:
            return DONE, fmt("Well done: {points}.", points=scored)
        need = f" {_('and')} ".join(f"{n} {colour_name(c)}" for c, n in wanted.items())
        return RETRY, fmt(
            "That scored {points}; the goal is {goal}. Look at the lines and try again.",
            points=scored,
            goal=need,
        )

    return judge


def _points_words(points: dict[str, int]) -> str:
    parts = [f"{points[c]} {colour_name(c)}" for c in COLOURS if points.get(c)]
    return " + ".join(parts) if parts else _("no points")


def _ahead(attempt: Attempt) -> tuple[str, str]:
    mine, theirs = attempt.game.scores[0], attempt.game.scores[1]
    scored = _points_words(attempt.points(0))
    low = min(mine)
    if ranking_key(mine) > ranking_key(theirs):
        return DONE, fmt("{points}: your lowest colour is now {n}, so you are ahead.",
                         points=scored, n=low)  # fmt: skip
    return RETRY, fmt(
        "{points}, but your lowest colour is still {n}: you are not ahead. "
        "Points in a strong colour do not help; feed the weakest one.",
        points=scored,
        n=low,
    )


def _bonus(attempt: Attempt) -> tuple[str, str]:
    first = attempt.events[0]
    if not first.get("bonus"):
        return RETRY, fmt(
            "That scored {points} but blue did not reach 18. "
            "Find the spot that scores 3 or more blue.",
            points=_points_words(attempt.points(0)),
        )
    if len(attempt.events) == 1:
        return (
            MORE,
            _("Ingenious! Blue reached 18, so you place again at once: put down another tile."),
        )
    return DONE, _("Ingenious! You reached 18 and used your bonus placement.")


def _swap(attempt: Attempt) -> tuple[str, str]:
    game, last = attempt.game, attempt.last
    if last.get("move") == "swap":
        return DONE, _("You swapped: six new tiles came from the bag and the old ones went back.")
    if last.get("move") == "pass":
        return RETRY, _("You kept your tiles. This time take the swap.")
    if game.phase == "swap":
        return MORE, _(
            "You may swap now (no tile on your rack shows a lowest colour). Choose Swap."
        )
    return RETRY, _(
        "No swap is offered: a tile left on your rack still shows one of your lowest colours "
        "(red or orange). Place the tile that shows it first."
    )


def _win(attempt: Attempt) -> tuple[str, str]:
    game = attempt.game
    if game.phase != "over":
        return RETRY, _("The game should have ended with the last tile.")
    result = game.result()
    top = result["standings"][0]
    why = " ".join(engine_text(str(r)) for r in result["explanation"])
    if top["side"] == 0 and top["place"] == 1 and result["standings"][1]["place"] == 2:
        return DONE, fmt("The board is full and the game is over. You win: {why}", why=why)
    return RETRY, fmt("The game is over, but {name} is ahead: {why} Turn the tile and try again.",
                      name=game.names[1], why=why)  # fmt: skip


# --- the end-game board ---------------------------------------------------------------------
END_GAP: tuple[Cell, Cell] = ((0, 0), (1, 0))


def end_board_cells() -> list[tuple[Cell, str]]:
    """A full zone-5 board but for one gap: the last tile of a game.

    The colours follow a fixed pattern; next to the gap only the left cell has an orange
    neighbour, so which way the last tile is turned decides the game.
    """
    printed = {cell for cell, _ in START_SYMBOLS}
    a, b = END_GAP
    cells: list[tuple[Cell, str]] = []
    for cell in zone_cells(5):
        if cell in printed or cell in END_GAP:
            continue
        q, r = cell
        colour = COLOURS[(2 * q + 3 * r) % 6]
        if cell == add(a, DIRECTIONS[3]):  # west of the left gap cell
            colour = "orange"
        elif colour == "orange" and (_touches(cell, a) or _touches(cell, b)):
            colour = "purple"
        cells.append((cell, colour))
    return cells


def _touches(cell: Cell, other: Cell) -> bool:
    return any(add(other, d) == cell for d in DIRECTIONS)


RANKING_SCORES = (9, 14, 16, 12, 11, 13)

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "placing",
        N_("Placing a tile"),
        N_(
            "<p>Every tile has two symbols. A tile always covers <strong>two neighbouring empty"
            " cells</strong> of the light playing area; either symbol may go on either cell.</p>"
            "<p>Your very first tile must touch one of the six symbols printed on the board, and"
            " only one that no tile touches yet.</p>"
        ),
        N_("Put the red and blue tile next to the printed blue star so that blue scores."),
        EXAMPLE_1,
        (("red", "blue"),),
        _needs({"blue": 1}),
        first=True,
        zoom=False,
    ),
    Lesson(
        "rays",
        N_("Five lines from each symbol"),
        N_(
            "<p>Once the tile lies, each of its two symbols scores on its own. From the symbol,"
            " look along the straight lines leading away from it: there are six around a cell,"
            " but the one pointing at the tile's other half does not count, so five are left.</p>"
            "<p>Along each line, count the symbols of the same colour, one point each, until the"
            " first empty cell or different symbol.</p>"
        ),
        N_("Score 1 red and 2 blue with one tile."),
        EXAMPLE_2,
        (("red", "blue"),),
        _needs({"red": 1, "blue": 2}),
    ),
    Lesson(
        "doubles",
        N_("Doubles"),
        N_(
            "<p>Some tiles show the same symbol twice. Both halves are still scored one after the"
            " other, each along its own five lines, and the points add up.</p>"
        ),
        N_("Score 4 blue with the double blue tile."),
        EXAMPLE_3,
        (("blue", "blue"),),
        _needs({"blue": 4}),
    ),
    Lesson(
        "partner",
        N_("The partner cell never counts"),
        N_(
            "<p>A symbol never counts the other half of its own tile, and it does not look"
            " past it either: that whole direction is skipped.</p>"
            "<p>So laying a double straight on the end of a line wastes its outer half, which"
            " only sees its partner. Beside the line, both halves touch it.</p>"
        ),
        N_("Score at least 3 blue with the double."),
        LINE_OF_TWO,
        (("blue", "blue"),),
        _needs({"blue": 3}),
    ),
    Lesson(
        "broken",
        N_("Broken lines"),
        N_(
            "<p>Only a straight line that starts right next to the new symbol counts, and it"
            " stops at the first gap or other symbol. A matching symbol further along, or off the"
            " line, earns nothing.</p>"
        ),
        N_("Score 2 red and 4 blue."),
        EXAMPLE_4,
        (("red", "blue"),),
        _needs({"red": 2, "blue": 4}),
    ),
    Lesson(
        "gap",
        N_("All five directions"),
        N_(
            "<p>A tile dropped into a gap between many tiles can score in every direction at"
            " once. Count each line separately and add them up.</p>"
        ),
        N_("Score 12 green with the double green."),
        EXAMPLE_5,
        (("green", "green"),),
        _needs({"green": 12}),
    ),
    Lesson(
        "lowest",
        N_("The lowest colour decides"),
        N_(
            "<p>At the end, only your <strong>weakest colour</strong> counts at first: players are"
            " ranked by their lowest count. Lots of points in a colour you are already good at"
            " change nothing.</p>"
            "<p>Here your red is stuck at 9, and so is Tina's lowest colour.</p>"
        ),
        N_("Make one placement that puts you ahead of Tina."),
        EXAMPLE_2,
        (("blue", "blue"), ("red", "yellow")),
        _ahead,
        scores=RANKING_SCORES,
        opponent=(12, 9, 13, 12, 14, 15),
        opponent_name="Tina",
        show_scores=True,
    ),
    Lesson(
        "bonus",
        N_("Ingenious! bonus placements"),
        N_(
            "<p>A colour stops at 18; points beyond are lost. When a colour reaches 18 you call"
            " <em>Ingenious!</em> and place another tile straight away, before refilling your"
            " rack. A tile that brings two colours to 18 gives two extra placements.</p>"
        ),
        N_("Your blue is at 15. Bring it to 18, then use the bonus placement."),
        EXAMPLE_3,
        (("blue", "blue"), ("red", "orange"), ("green", "purple")),
        _bonus,
        scores=(10, 12, 15, 9, 11, 13),
        show_scores=True,
    ),
    Lesson(
        "swap",
        N_("Swapping your tiles"),
        N_(
            "<p>After your placement, look at your rack. If no tile on it shows your lowest colour"
            " (or any of them, when several tie for lowest), you may show your tiles, draw six new"
            " ones and put the old ones back in the bag.</p>"
        ),
        N_("Red and orange are your lowest colours. Place so that a swap is allowed, then swap."),
        EXAMPLE_2,
        (
            ("blue", "yellow"),
            ("red", "green"),
            ("green", "purple"),
            ("blue", "blue"),
            ("yellow", "purple"),
            ("green", "yellow"),
        ),
        _swap,
        scores=(3, 7, 6, 3, 8, 9),
        show_scores=True,
    ),
    Lesson(
        "end",
        N_("The end and the tie-break"),
        N_(
            "<p>The game ends as soon as no two neighbouring empty cells are left; single holes"
            " may stay. Then the lowest colour decides. If two players have the same lowest"
            " count, compare the next lowest, and so on: with 9 and 12 each, a player with only"
            " one 12 beats a player with two.</p>"
        ),
        N_("Place the last tile so that you finish ahead of Carl."),
        {"zone": 5, "board": []},
        (("orange", "yellow"),),
        _win,
        scores=(14, 15, 9, 11, 13, 16),
        opponent=(12, 13, 14, 15, 12, 9),
        opponent_name=N_("Carl"),  # a name of each language's own (Karl, Charles…)
        zoom=False,
        show_scores=True,
        board_cells=end_board_cells,
    ),
)


# --- playing a lesson -------------------------------------------------------------------------
class Practice:
    """One lesson in play: an engine game set up from the lesson's position."""

    def __init__(self, lesson: Lesson, seed: int = 7) -> None:
        self.lesson = lesson
        self.start = parse_position(lesson.board())
        self.game = build_game(lesson, self.start, seed)
        self.events: list[dict[str, Any]] = []

    def rack(self) -> list[tuple[str, str]]:
        """The tiles on your rack, in the lesson's order (the engine keeps them sorted)."""
        return [(COLOURS[a], COLOURS[b]) for a, b in self.game.racks[0]]

    def your_turn(self) -> bool:
        return self.game.current == 0 and self.game.phase in ("place", "swap")

    def preview(self, move: str) -> dict[str, Any]:
        return self.game.preview(move)

    def play(self, move: str) -> tuple[str, str]:
        """Play a placement or 'swap'/'pass'; IllegalMoveError names a broken rule."""
        self.events.append(self.game.apply(move))
        return self.lesson.judge(Attempt(self.events, self.game))

    def position(self) -> Position:
        """The board now, for drawing: every tile laid so far, printed symbols included."""
        zone = self.game.zone
        in_tiles: set[int] = set()
        board: list[Any] = []
        for a, b, ca, cb, _owner in self.game.tiles:
            (qa, ra), (qb, rb) = zone.cells[a], zone.cells[b]
            board.append([[qa, ra, COLOURS[ca]], [qb, rb, COLOURS[cb]]])
            in_tiles.update((a, b))
        printed = {zone.index[cell] for cell, _ in START_SYMBOLS}
        for index, colour in enumerate(self.game.board):
            if colour != EMPTY and index not in in_tiles and index not in printed:
                q, r = zone.cells[index]
                board.append([q, r, COLOURS[colour]])
        return parse_position({"zone": zone.radius, "board": board})

    def focus(self) -> list[Cell]:
        """Cells to zoom on: the lesson's tiles (empty: show the whole board)."""
        if not self.lesson.zoom:
            return []
        cells = [c for a, b in self.start.tiles for c in (a, b)]
        return cells or [(0, 0)]


def build_game(lesson: Lesson, position: Position, seed: int) -> Game:
    """A two-player standard game whose board, racks and counts are the lesson's."""
    # The names in the player's language: the tie-break's explanation says them too.
    game = Game.blank("standard", 2, seed, [_(YOU), _(lesson.opponent_name)], None)
    lay_position(game, position, owner=1)
    rack = [make_tile(colour_index(x), colour_index(y)) for x, y in lesson.rack]
    for tile in rack:
        _take(game.bag, tile)
    game.racks[0] = rack
    game.draw_into(1, 6)
    game.scores[0] = list(lesson.scores)
    game.scores[1] = list(lesson.opponent)
    game.placed_first = [not lesson.first, True]
    return game


def _take(bag: list[tuple[int, int]], tile: tuple[int, int]) -> None:
    if tile in bag:
        bag.remove(tile)


def solutions(lesson: Lesson) -> list[list[str]]:
    """Every way to reach the goal in one or two steps (for tests and for hints)."""
    found: list[list[str]] = []
    for move in Practice(lesson).game.legal_moves():
        practice = Practice(lesson)
        verdict, _ = practice.play(move)
        if verdict == DONE:
            found.append([move])
        elif verdict == MORE:
            for follow in practice.game.legal_moves():
                again = Practice(lesson)
                again.play(move)
                if again.play(follow)[0] == DONE:
                    found.append([move, follow])
                    break
    return found
