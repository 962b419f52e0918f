"""Pure helpers for the teaching views (embed, tutorial, rules diagrams).

Nothing here touches the browser, so CPython tests cover it: reading a position from
URL parameters, turning an engine score into explanation steps with running counts,
and describing what a board view should show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, unquote

from engine import COLOURS, Position, SaveFormatError, parse_position, score_position
from engine.formats.jsontext import decode
from engine.rules.board import START_SYMBOLS
from web.board.board_words import cell_words
from web.board.hexgrid import Cell
from web.board.symbols import colour_name
from web.i18n import N_, _, fmt

#: Friendly names of the engine's direction names, for readers who do not think in compass points.
DIRECTION_WORDS: dict[str, str] = {
    "E": N_("right"),
    "W": N_("left"),
    "NE": N_("up-right"),
    "NW": N_("up-left"),
    "SE": N_("down-right"),
    "SW": N_("down-left"),
}

MODES = ("show", "try")
#: Longest position text accepted from a URL or a message (the engine refuses larger boards anyway).
MAX_TEXT = 100_000

PRINTED: list[tuple[Cell, str]] = [(cell, COLOURS[c]) for cell, c in START_SYMBOLS]


@dataclass
class Request:
    """What the embed was asked to show, read from its URL."""

    position_text: str | None = None
    src: str | None = None
    mode: str = "show"
    frame_id: str = ""
    zoom: bool = True
    problems: list[str] = field(default_factory=list)


def read_request(search: str, fragment: str) -> Request:
    """Read ``?position=``/``?src=``/``?mode=``/``?id=`` from the query, then the fragment.

    The fragment wins over the query, so a page can change the position without a reload.
    """
    req = Request()
    for part in (search.lstrip("?"), fragment.lstrip("#")):
        if not part:
            continue
        params = parse_qs(part, keep_blank_values=True)
        _apply(req, {name: values[-1] for name, values in params.items()})
    return req


#: The attributes of a board in a page (``web/scripts/boards.js``), by request field.
BOARD_ATTRIBUTES = {
    "position": "data-ingenious-position",
    "src": "data-ingenious-src",
    "mode": "data-ingenious-mode",
    "view": "data-ingenious-view",
}


def read_attributes(attributes: Mapping[str, str | None]) -> Request:
    """What a board in a page asks for, from its ``data-ingenious-*`` attributes
    (``None``: the attribute is absent). Position text wins over ``src``."""
    params = {
        name: value
        for name, attribute in BOARD_ATTRIBUTES.items()
        if (value := attributes.get(attribute)) is not None
    }
    if "position" in params and "src" in params:
        del params["src"]
    return _apply(Request(), params)


def _apply(req: Request, params: Mapping[str, str]) -> Request:
    if "position" in params:
        req.position_text = params["position"]
        req.src = None
    if "src" in params and "position" not in params:
        req.src = params["src"]
        req.position_text = None
    if "mode" in params:
        mode = params["mode"]
        if mode in MODES:
            req.mode = mode
        else:
            req.problems.append(f"unknown mode {mode!r}; use mode=show or mode=try")
    if "view" in params:
        view = params["view"]
        if view in ("zoom", "board"):
            req.zoom = view == "zoom"
        else:
            req.problems.append(f"unknown view {view!r}; use view=zoom or view=board")
    if "id" in params:
        req.frame_id = params["id"][:80]
    return req


@dataclass(frozen=True)
class Problem:
    """Why a board shows no position. ``detail`` may quote a file of the board's site (the
    engine's reason names its values and keys); ``public`` is what a page of another site
    that frames the board may learn: no content, and the same words whether the file is
    missing, too large, redirected or not a position."""

    detail: str
    public: str

    def text(self, shows_detail: bool) -> str:
        """The words for the board and its replies (``shows_detail``: no other site sees them)."""
        return self.detail if shows_detail else self.public


def own_problem(message: str) -> Problem:
    """A problem with what the asker gave itself (a URL, an attribute, a posted message)."""
    return Problem(message, message)


def src_problem(src: str, reason: str) -> Problem:
    """A position file ``src`` that cannot be shown, and why (``reason``)."""
    return Problem(
        f"could not load {src}: {reason}",
        f"{src} is not a position this board can show "
        "(open the board in a tab of its own to see why)",
    )


def position_from_text(text: str) -> tuple[Position, dict[str, Any]]:
    """Parse position JSON text; returns the engine position and the raw object.

    Raises ``SaveFormatError`` with the engine's message for anything wrong, including
    text that was URL-encoded twice (a common copy-paste slip), which is undone once.
    """
    if len(text) > MAX_TEXT:
        raise SaveFormatError("the position text is too long")
    stripped = text.strip()
    if stripped.startswith("%7B") or stripped.startswith("%7b"):
        stripped = unquote(stripped)
    raw = decode(stripped, "the position")
    if not isinstance(raw, dict):
        raise SaveFormatError("a position is a JSON object with 'zone' and 'board'")
    return parse_position(raw), raw


def position_from_object(data: object) -> tuple[Position, dict[str, Any]]:
    """Like ``position_from_text`` for an already decoded object (or JSON text)."""
    if isinstance(data, str):
        return position_from_text(data)
    position = parse_position(data)
    assert isinstance(data, dict)
    return position, data


def shown_json(position: Position, raw: dict[str, Any]) -> dict[str, Any]:
    """The position as the embed reports it: the engine's normal form plus title and note."""
    out = position.to_json()
    for key in ("title", "note"):
        if isinstance(raw.get(key), str):
            out[key] = raw[key]
    return out


def loose_cells(position: Position) -> list[tuple[Cell, str]]:
    """Filled cells that are neither printed symbols nor part of a listed tile."""
    printed = {cell for cell, _ in START_SYMBOLS}
    in_tiles = {c for tile in position.tiles for c in tile}
    return [
        (cell, COLOURS[colour])
        for cell, colour in sorted(position.cells.items())
        if cell not in printed and cell not in in_tiles
    ]


def tiles_of(position: Position) -> list[tuple[Cell, str, Cell, str]]:
    return [
        (a, COLOURS[position.cells[a]], b, COLOURS[position.cells[b]]) for a, b in position.tiles
    ]


# --- explanation -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One stage of an explanation: rays shown so far and the counts they add up to."""

    rays: int  # how many rays are drawn (the newest is rays - 1)
    running: dict[str, int]
    text: str


def points_text(points: dict[str, int]) -> str:
    """``{"red": 1, "blue": 2}`` -> ``"1 red + 2 blue"``, colours in the usual order."""
    parts = [f"{points[c]} {colour_name(c)}" for c in COLOURS if points.get(c)]
    return " + ".join(parts) if parts else _("no points")


def ray_text(ray: dict[str, Any], radius: int = 5) -> str:
    """``green on row 6, 6th cell, looking down-right: 3 in a row, +3``: the cell counted as
    the keyboard cursor and the move lines count it (``radius``: the zone's), never its
    coordinates."""
    count = int(ray["points"])
    where = cell_words(radius, (int(ray["from"][0]), int(ray["from"][1])), short=True)
    look = _(DIRECTION_WORDS[ray["direction"]])
    return fmt("{colour} on {cell}, looking {direction}: {n} in a row, +{n}",
               colour=colour_name(str(ray["colour"])), cell=where, direction=look,
               n=count)  # fmt: skip


def explain(score: dict[str, Any], radius: int = 5) -> list[Step]:
    """Step 0 shows the tile, step k draws ray k, the last step adds the total
    (``radius``: the zone's, to say where each cell is)."""
    (qa, ra, ca), (qb, rb, cb) = score["placement"]
    running = {c: 0 for c in COLOURS}
    steps = [
        Step(
            0,
            dict(running),
            fmt(
                "The new tile: {first} on {a} and {second} on {b}. Each symbol looks along "
                "its five lines (never towards its partner) and counts matching symbols until "
                "a gap.",
                first=colour_name(ca),
                a=cell_words(radius, (int(qa), int(ra)), short=True),
                second=colour_name(cb),
                b=cell_words(radius, (int(qb), int(rb)), short=True),
            ),  # fmt: skip
        )
    ]
    for k, ray in enumerate(score["rays"], 1):
        running[ray["colour"]] += int(ray["points"])
        steps.append(Step(k, dict(running), ray_text(ray, radius)))
    total = points_text(score["points"])
    if not score["rays"]:
        steps.append(
            Step(
                0,
                dict(running),
                _("No line of matching symbols starts next to the tile: no points."),
            )
        )
    else:
        summary = fmt("All lines added up, the tile scores {points}.", points=total)
        steps.append(Step(len(score["rays"]), dict(running), summary))
    return steps


def score_or_none(position: Position) -> dict[str, Any] | None:
    return score_position(position) if position.placement is not None else None


def with_placement(position: Position, a: Cell, colour_a: str, b: Cell, colour_b: str) -> Position:
    """The same board with a different placement (checked by the engine)."""
    data = position.to_json()
    data["placement"] = [[a[0], a[1], colour_a], [b[0], b[1], colour_b]]
    return parse_position(data)


def committed(position: Position) -> tuple[Position, dict[str, Any]]:
    """The board with its placement laid down as a tile (for "place it" in try mode)."""
    if position.placement is None:
        raise SaveFormatError("there is no tile to place")
    data = position.to_json()
    (a, ca), (b, cb) = position.placement
    data["board"].append([[a[0], a[1], COLOURS[ca]], [b[0], b[1], COLOURS[cb]]])
    data.pop("placement", None)
    return parse_position(data), data
