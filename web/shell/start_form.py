"""The start screen's board-game form as state (pure: no browser, CPython-tested).

The form is plain HTML in `index.html`, usable before Python runs: `web/scripts/start-form.js`
keeps the choices made meanwhile in a plain JS object (``window.ingeniousStart``) and
draws the form from it. When Python is ready it takes the form over: `choices_from`
turns that object (as JSON data) into a :class:`BoardForm` here, and the Challenges'
:class:`web.challenges.setup.SetupForm`; from then on `web.shell.start` draws the form from
this state. Nothing is read back from the page.

The JS and this module agree on field ids (``variant``, ``players``, ``seat-name-N``,
``seat-kind-N``, ``open-play``, ``seed``) and on when the seat rows are drawn again
(:func:`rows_key`: the number of seats and whether they are teams).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.rules import variants
from web.board.symbols import COLOURS, svg_symbol
from web.challenges.setup import GAMES, SetupForm
from web.i18n import fmt
from web.play.session import BOT_LEVELS, HUMAN, VARIANT_PLAYERS, Setup, make_setup, seat_rows_html
from web.ui.markup import Markup, join, tag

MAX_SEATS = 4
MAX_TEXT = 100  # longer texts from the page are cut (the setup check names the limit)
PENDING = ("board", "challenge", "continue")  # what a click before Python asked for


def default_seats() -> tuple[tuple[str, str], ...]:
    return tuple(("", HUMAN if seat == 0 else "casual") for seat in range(MAX_SEATS))


@dataclass(frozen=True)
class BoardForm:
    """What the person has chosen so far on the board-game card. Seats beyond the count
    keep their values, so going from 4 players to 2 and back loses nothing."""

    variant: str = "standard"
    players: int = 2  # the Players list (only the standard game offers a choice)
    seats: tuple[tuple[str, str], ...] = field(default_factory=default_seats)
    open_play: bool = False
    seed: str = ""
    problem: str = ""

    @property
    def seat_count(self) -> int:
        return self.players if self.variant == "standard" else VARIANT_PLAYERS[self.variant][0]

    def changed(self, field_id: str, value: str, checked: bool) -> BoardForm:
        """The form after one input changed; an unknown input or value changes nothing."""
        if field_id == "variant" and value in VARIANT_PLAYERS:
            return replace(self, variant=value) if checked else self
        if field_id == "players" and value in ("2", "3", "4"):
            return replace(self, players=int(value))
        if field_id == "open-play":
            return replace(self, open_play=checked)
        if field_id == "seed":
            return replace(self, seed=value[:MAX_TEXT])
        for part, at in (("name", 0), ("kind", 1)):
            prefix = f"seat-{part}-"
            number = field_id[len(prefix) :]
            if field_id.startswith(prefix) and number.isdigit() and int(number) < MAX_SEATS:
                if part == "kind" and value not in (HUMAN, *BOT_LEVELS):
                    return self
                seats = [list(s) for s in self.seats]
                seats[int(number)][at] = value[:MAX_TEXT]
                return replace(self, seats=tuple((n, k) for n, k in seats))
        return self

    def setup(self, fresh_seed: int) -> Setup:
        """The checked setup (raises `web.play.session.SetupError` naming the mistake)."""
        count = self.seat_count
        return make_setup(
            self.variant,
            count,
            [name for name, _ in self.seats[:count]],
            [kind for _, kind in self.seats[:count]],
            self.seed,
            self.open_play,
            fresh_seed,
        )


def rows_key(form: BoardForm) -> tuple[int, bool]:
    """The seat rows are drawn again exactly when this changes (the JS does the same)."""
    return form.seat_count, form.variant == "team"


@dataclass(frozen=True)
class BoardFormModel:
    """What the board-game card shows for a :class:`BoardForm`."""

    variant: str
    players: str
    players_hidden: bool
    open_hidden: bool
    open_play: bool
    seed: str
    rows_key: tuple[int, bool]
    seat_rows: Markup
    problem: str
    #: The table chosen, as the level list's figures name it (``data-table``): ``2p``,
    #: ``3p``, ``4p``, ``team``, ``team-open`` (open racks), ``duel`` or ``solo``; the list
    #: marks its figures.
    table: str = "2p"


def table_of(form: BoardForm) -> str:
    """The table a form sets, in the level figures' terms (``tools/level_figures.py``).

    >>> table_of(BoardForm(variant="standard", players=4)), table_of(BoardForm(variant="duel"))
    ('4p', 'duel')
    >>> table_of(BoardForm(variant="team")), table_of(BoardForm(variant="team", open_play=True))
    ('team', 'team-open')
    """
    return variants.table_of(form.variant, form.players, form.open_play)


def board_form_model(form: BoardForm) -> BoardFormModel:
    count, team = rows_key(form)
    labels = (
        [fmt("Team {letter}", letter="AB"[seat % 2]) for seat in range(count)] if team else None
    )
    return BoardFormModel(
        variant=form.variant,
        players=str(form.players),
        players_hidden=form.variant != "standard",
        open_hidden=form.variant != "team",
        open_play=form.open_play,
        seed=form.seed,
        rows_key=(count, team),
        seat_rows=seat_rows_html("", count, BOT_LEVELS, list(form.seats), labels),
        problem=form.problem,
        table=table_of(form),
    )


# --- the choices made before Python: window.ingeniousStart, as JSON data --------------------
@dataclass(frozen=True)
class EarlyChoices:
    board: BoardForm
    challenge: SetupForm
    pending: str | None  # "board", "challenge", "continue": a click that waited for Python
    touched: bool  # the person changed something before Python was ready


def _text(value: object) -> str:
    return value[:MAX_TEXT] if isinstance(value, str) else ""


def _seats(value: object) -> list[tuple[str, str]]:
    if not isinstance(value, list):
        return []
    out = []
    for item in value[:MAX_SEATS]:
        if isinstance(item, list) and len(item) == 2:
            out.append((_text(item[0]), _text(item[1])))
        else:
            out.append(("", ""))
    return out


def _count(value: object) -> str:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else ""


def board_from(data: object) -> BoardForm:
    """A :class:`BoardForm` from the JS object's ``board`` part; what is missing or not
    understood keeps its default."""
    form = BoardForm()
    if not isinstance(data, dict):
        return form
    form = form.changed("variant", _text(data.get("variant")), True)
    form = form.changed("players", _count(data.get("players")), True)
    form = form.changed("open-play", "", data.get("open") is True)
    form = form.changed("seed", _text(data.get("seed")), True)
    for seat, (name, kind) in enumerate(_seats(data.get("seats"))):
        form = form.changed(f"seat-name-{seat}", name, True)
        form = form.changed(f"seat-kind-{seat}", kind, True)
    return form


def challenge_from(data: object) -> SetupForm:
    """The Challenges card's :class:`SetupForm` from the JS object's ``challenge`` part."""
    form = SetupForm()
    if not isinstance(data, dict):
        return form
    form = form.changed("ch-kind", _text(data.get("kind")), True)
    games = data.get("games")
    if isinstance(games, list):
        for game in GAMES:
            form = form.changed(f"ch-match-{game}", game, game in games)
    form = form.changed("ch-players", _count(data.get("players")), True)
    form = form.changed("ch-seed", _text(data.get("seed")), True)
    form = form.changed("ch-start-rule", "", data.get("startRule") is True)
    for seat, (name, kind) in enumerate(_seats(data.get("seats"))):
        form = form.changed(f"ch-seat-name-{seat}", name, True)
        form = form.changed(f"ch-seat-kind-{seat}", kind, True)
    return form


def choices_from(data: object) -> EarlyChoices:
    """Everything the page's JS kept before Python was ready (``None`` or junk: defaults)."""
    if not isinstance(data, dict):
        data = {}
    pending = data.get("pending")
    return EarlyChoices(
        board_from(data.get("board")),
        challenge_from(data.get("challenge")),
        pending if isinstance(pending, str) and pending in PENDING else None,
        data.get("touched") is True,
    )


def brand_symbols_html() -> Markup:
    """The six symbols under the title. `index.html` holds them as written here (a test
    compares), so they are there at first paint, not once Python is up."""
    return join(
        tag("span", {"class": "brand-tile"}, Markup(svg_symbol(c, 30, label=False)))
        for c in COLOURS
    )
