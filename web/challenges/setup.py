"""The Challenges card of the start screen: its choices, their checks and what it shows.

Pure (no browser): :class:`SetupForm` is the form's own small state, changed by its input
events; :func:`form_model` says what the card shows; :func:`make_setup` checks the
choices when the form is sent and turns them into a :class:`ChallengeSetup`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.challenges import VARIANTS
from engine.rules.names import clean_name
from web.i18n import _, fmt
from web.play.session import HUMAN, SetupError, default_name, seat_rows_html
from web.ui.markup import Markup

BOT_LEVELS = ("casual", "strong")
KINDS = ("cards", "dice", "tiles", "match")
GAMES = ("cards", "dice", "tiles")
MAX_SEED = 2**62
MAX_NAME = 24
MAX_SEATS = 4


@dataclass(frozen=True)
class ChallengeSetup:
    challenges: list[str]
    players: int
    names: list[str]
    seats: list[str]  # HUMAN or a bot level, per seat
    seed: int
    start_rule: bool = False

    @property
    def is_match(self) -> bool:
        return len(self.challenges) > 1

    def options(self) -> dict[str, dict[str, Any]]:
        return (
            {"dice": {"start_rule": True}} if self.start_rule and "dice" in self.challenges else {}
        )


def parse_seed(text: str, fresh_seed: int) -> int:
    text = text.strip()
    if not text:
        return fresh_seed % MAX_SEED
    if not text.isdigit():
        raise SetupError(
            _("The seed must be a whole number (digits only), or empty for a random deal.")
        )
    seed = int(text)
    if seed >= MAX_SEED:
        raise SetupError(fmt("The seed must be below {max}.", max=MAX_SEED))
    return seed


def make_setup(
    kind: str,
    match_games: list[str],
    players: int,
    names: list[str],
    seats: list[str],
    seed_text: str,
    start_rule: bool,
    fresh_seed: int,
) -> ChallengeSetup:
    """Check the start-screen choices; ``fresh_seed`` is used when no seed was typed."""
    if kind not in KINDS:
        raise SetupError(fmt("Choose cards, dice, tiles or a match (not {kind!r}).", kind=kind))
    challenges = [v for v in match_games if v in VARIANTS] if kind == "match" else [kind]
    if kind == "match" and len(challenges) < 2:
        raise SetupError(_("A match needs at least two challenges: tick two or three games."))
    if not 2 <= players <= MAX_SEATS:
        raise SetupError(_("The challenges are for 2 to 4 players."))
    if len(seats) < players or len(names) < players:
        raise SetupError(_("Every seat needs a player."))
    seats = list(seats[:players])
    for seat, controller in enumerate(seats):
        if controller != HUMAN and controller not in BOT_LEVELS:
            raise SetupError(
                fmt("Seat {n}: choose a person or a casual or strong bot.", n=seat + 1)
            )
    clean = []
    for seat, name in enumerate(names[:players]):
        clean.append(clean_name(name, default_name(seat, seats[seat]), MAX_NAME))
    if len({n.casefold() for n in clean}) != players:
        raise SetupError(_("Two players have the same name; give everyone a different one."))
    return ChallengeSetup(
        challenges, players, clean, seats, parse_seed(seed_text, fresh_seed), bool(start_rule)
    )


# --------------------------------------------------------------------------- the form


def default_seats() -> tuple[tuple[str, str], ...]:
    return tuple(("", HUMAN if seat == 0 else "casual") for seat in range(MAX_SEATS))


@dataclass(frozen=True)
class SetupForm:
    """What the person has chosen so far on the Challenges card (seats beyond the player
    count keep their values, so going from 4 players to 2 and back loses nothing)."""

    kind: str = "cards"
    games: tuple[str, ...] = GAMES
    players: int = 2
    seats: tuple[tuple[str, str], ...] = field(default_factory=default_seats)
    seed: str = ""
    start_rule: bool = False
    problem: str = ""

    def changed(self, field_id: str, value: str, checked: bool) -> SetupForm:
        """The form after one of its inputs changed (ids as written by :func:`form_model`);
        an unknown input or value leaves it as it was."""
        if field_id == "ch-kind" and value in KINDS:
            return replace(self, kind=value)
        if field_id.startswith("ch-match-") and value in GAMES:
            games = [
                g for g in GAMES if (g == value and checked) or (g != value and g in self.games)
            ]
            return replace(self, games=tuple(games))
        if field_id == "ch-players" and value in ("2", "3", "4"):
            return replace(self, players=int(value))
        if field_id == "ch-seed":
            return replace(self, seed=value)
        if field_id == "ch-start-rule":
            return replace(self, start_rule=checked)
        for part, at in (("name", 0), ("kind", 1)):
            prefix = f"ch-seat-{part}-"
            if field_id.startswith(prefix) and field_id[len(prefix) :].isdigit():
                seat = int(field_id[len(prefix) :])
                if seat >= MAX_SEATS or (part == "kind" and value not in (HUMAN, *BOT_LEVELS)):
                    return self
                seats = [list(s) for s in self.seats]
                seats[seat][at] = value
                return replace(self, seats=tuple((n, k) for n, k in seats))
        return self

    @classmethod
    def of(cls, setup: ChallengeSetup, before: SetupForm | None = None) -> SetupForm:
        """The form for a challenge being played (continued or resumed): its kind or match
        games, players, seats and names (a default name stays an empty field), the start
        rule; seats beyond its players and the seed as they were (``before``)."""
        before = before or cls()
        kind = "match" if setup.is_match else setup.challenges[0]
        seats = [list(s) for s in before.seats]
        for seat in range(setup.players):
            name, controller = setup.names[seat], setup.seats[seat]
            seats[seat] = ["" if name == default_name(seat, controller) else name, controller]
        return replace(
            before,
            kind=kind,
            games=tuple(setup.challenges) if setup.is_match else before.games,
            players=setup.players,
            seats=tuple((n, k) for n, k in seats),
            start_rule=setup.start_rule,
            problem="",
        )

    def setup(self, fresh_seed: int) -> ChallengeSetup:
        """The checked setup (raises :class:`SetupError` naming the mistake)."""
        return make_setup(
            self.kind,
            list(self.games),
            self.players,
            [name for name, _ in self.seats],
            [kind for _, kind in self.seats],
            self.seed,
            self.start_rule,
            fresh_seed,
        )


@dataclass(frozen=True)
class FormModel:
    """What the Challenges card shows for a :class:`SetupForm`."""

    kind: str
    games: tuple[str, ...]
    players: int
    match_games_hidden: bool
    start_rule_hidden: bool
    start_rule: bool
    seed: str
    seat_rows: Markup
    problem: str


def form_model(form: SetupForm) -> FormModel:
    return FormModel(
        kind=form.kind,
        games=form.games,
        players=form.players,
        match_games_hidden=form.kind != "match",
        start_rule_hidden=form.kind not in ("dice", "match"),
        start_rule=form.start_rule,
        seed=form.seed,
        # The seat rows are shared with the board game's form (web/play/session.py escapes the
        # names it writes back into the fields).
        seat_rows=Markup(seat_rows_html("ch-", form.players, BOT_LEVELS, list(form.seats))),
        problem=form.problem,
    )
