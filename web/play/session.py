"""Pure session logic around one engine game: who sits where, whose rack shows, what to say.

The engine owns the rules and the state; this module only knows which seats are people
and which are bots, whose rack the screen may show, and where Undo and Redo stop (the
words for moves are in `web.game.words`). No browser imports, so CPython tests cover it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.rules.game import Game
from engine.rules.names import clean_name
from engine.rules.variants import VARIANTS
from web.i18n import N_, _, fmt
from web.play.summary import VARIANT_TITLE, moves_played
from web.ui.markup import Markup, join, tag

HUMAN = "human"
#: A seat played by a friend on their own device (remote play, `web.remote`): never by
#: this page, whose turn arrives by message.
REMOTE = "remote"
BOT_LEVELS = ("beginner", "casual", "strong", "expert")
VARIANT_PLAYERS = {"standard": (2, 3, 4), "solo": (1,), "team": (4,), "duel": (2,)}
MAX_SEED = 2**63 - 1
MAX_NAME = 24


class SetupError(ValueError):
    """A start-screen choice the game cannot use; the message says which and why."""


@dataclass(frozen=True)
class Setup:
    variant: str
    players: int
    names: list[str]
    seats: list[str]  # HUMAN or a bot level, per seat
    seed: int
    options: dict[str, bool]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": self.players,
            "names": self.names,
            "seats": self.seats,
            "seed": self.seed,
            "options": self.options,
        }


#: A bot's default name per level; a level's name in the menus.
BOT_NAME = {
    "beginner": N_("Beginner bot {n}"),
    "casual": N_("Casual bot {n}"),
    "strong": N_("Strong bot {n}"),
    "expert": N_("Expert bot {n}"),
}
#: A game's kind in a sentence ("the duel game").
VARIANT_WORD = {"standard": N_("standard"), "solo": N_("solo"), "team": N_("team"),
                "duel": N_("duel")}  # fmt: skip
BOT_CHOICE = {
    "beginner": N_("Bot: beginner"),
    "casual": N_("Bot: casual"),
    "strong": N_("Bot: strong"),
    "expert": N_("Bot: expert"),
}


def default_name(seat: int, controller: str) -> str:
    if controller == HUMAN:
        return fmt("Player {n}", n=seat + 1)
    if controller in BOT_NAME:
        return fmt(BOT_NAME[controller], n=seat + 1)
    return f"{controller.capitalize()} bot {seat + 1}"


def make_setup(
    variant: str,
    players: int,
    names: list[str],
    seats: list[str],
    seed_text: str,
    open_play: bool,
    fresh_seed: int,
) -> Setup:
    """Check the start-screen choices; `fresh_seed` is used when no seed was typed."""
    if variant not in VARIANT_PLAYERS:
        raise SetupError(fmt("Unknown game type {name}.", name=repr(variant)))
    if players not in VARIANT_PLAYERS[variant]:
        allowed = " or ".join(str(n) for n in VARIANT_PLAYERS[variant])
        kind = _(VARIANT_WORD.get(variant, variant))
        raise SetupError(fmt("The {kind} game is for {allowed} players, not {n}.",
                             kind=kind, allowed=allowed, n=players))  # fmt: skip
    seats = list(seats[:players])
    if len(seats) < players:
        raise SetupError(_("Choose who plays each seat."))
    for controller in seats:
        if controller != HUMAN and controller not in BOT_LEVELS:
            raise SetupError(fmt("Unknown player type {name}.", name=repr(controller)))
    clean: list[str] = []
    for seat in range(players):
        typed = names[seat] if seat < len(names) else ""
        clean.append(clean_name(typed, default_name(seat, seats[seat]), MAX_NAME))
    seed = parse_seed(seed_text, fresh_seed)
    options = {"open": True} if variant == "team" and open_play else {}
    return Setup(variant, players, clean, seats, seed, options)


def parse_seed(text: str, fresh_seed: int) -> int:
    text = text.strip()
    if not text:
        return fresh_seed % MAX_SEED
    try:
        seed = int(text)
    except ValueError:
        raise SetupError(
            fmt("The seed must be a whole number, not {text}.", text=repr(text))
        ) from None
    if not 0 <= seed < MAX_SEED:
        raise SetupError(_("The seed must be between 0 and 9223372036854775806."))
    return seed


def humans(seats: list[str]) -> list[int]:
    return [s for s, c in enumerate(seats) if c == HUMAN]


def rack_owner(seats: list[str], current: int, revealed: int | None) -> int | None:
    """Whose rack the screen may show now.

    One person at the table: always theirs (bots never look at the screen). Several
    people: only the current player's, and only after they confirmed the pass screen.
    Nobody: the current bot's, since there is nothing to hide from anyone.
    """
    people = humans(seats)
    if not people:
        return current
    if len(people) == 1:
        return people[0]
    if seats[current] == HUMAN and revealed == current:
        return current
    return None


def needs_pass_screen(seats: list[str], current: int, revealed: int | None) -> bool:
    """Hot seat: with two or more people, hide the rack until the next person confirms."""
    return len(humans(seats)) >= 2 and seats[current] == HUMAN and revealed != current


def turn_starts(log: list[dict[str, Any]], seats: list[str], players: int) -> list[int]:
    """Indices of moves that began a person's turn (where an undo goes back to)."""
    starts: list[int] = []
    for i, event in enumerate(log):
        seat = event["seat"]
        if seats[seat] != HUMAN:
            continue
        if players == 1 or i == 0 or log[i - 1]["seat"] != seat:
            if players == 1 and i > 0 and log[i - 1].get("bonus", 0) > 0:
                continue  # a solo bonus belongs to the turn before (there are none today)
            starts.append(i)
    return starts


def undo_target(log: list[dict[str, Any]], seats: list[str], players: int) -> int | None:
    """Number of moves to keep when undoing the last person's turn; None if impossible.

    Undo is only offered with exactly one person at the table: with two, undoing would
    show one player's decisions to the other; never in a remote game.
    """
    if len(humans(seats)) != 1 or REMOTE in seats:
        return None  # a remote game's turn is sent: nothing to take back
    starts = turn_starts(log, seats, players)
    return starts[-1] if starts else None


def turn_start(log: list[dict[str, Any]], seats: list[str], current: int, phase: str,
               players: int) -> bool:  # fmt: skip
    """True when a person is to begin a turn now (where Redo stops, as Undo does)."""
    if phase == "over" or seats[current] != HUMAN:
        return False
    return players == 1 or not log or log[-1]["seat"] != current


def seat_rows_html(
    prefix: str,
    players: int,
    levels: Sequence[str],
    old: list[tuple[str, str]],
    labels: list[str] | None = None,
) -> Markup:
    """The seat rows of a start form (name and who plays), keeping what was typed.

    Fields are ``<prefix>seat-name-N`` and ``<prefix>seat-kind-N``; a new seat is a
    person for the first and a casual bot for the others."""
    rows = [tag("legend", None, _("Seats"))]
    choices = [(HUMAN, _("Person"))] + [
        (level, _(BOT_CHOICE[level]) if level in BOT_CHOICE else f"Bot: {level}")
        for level in levels
    ]
    for seat in range(players):
        name, controller = old[seat] if seat < len(old) else ("", HUMAN if seat == 0 else "casual")
        label = labels[seat] if labels else str(seat + 1)
        options = [
            tag("option", {"value": value, "selected": value == controller}, text)
            for value, text in choices
        ]
        rows.append(tag(
            "div", {"class": "seat"},
            tag("span", {"class": "seat-no", "aria-hidden": "true"}, label),
            tag("input", {"id": f"{prefix}seat-name-{seat}", "maxlength": MAX_NAME,
                          "autocomplete": "off",
                          "aria-label": fmt("Name of player {n}", n=seat + 1),
                          "placeholder": fmt("Player {n}", n=seat + 1), "value": name}),
            tag("select", {"id": f"{prefix}seat-kind-{seat}",
                           "aria-label": fmt("Who plays seat {n}", n=seat + 1)}, options),
        ))  # fmt: skip
    return join(rows)


# --- the start screen's Continue card and best solo table ----------------------------------
def continue_text(
    game: Game | None, autosave: dict[str, Any] | None, problem: str | None, unsaved: bool = False
) -> str:
    """The line under Continue: which game it resumes, or why there is none. ``unsaved``:
    the game in memory is one the autosave could not keep (the browser's storage is full)."""
    if game is not None:
        names, kind, played = game.names, _(VARIANT_TITLE[game.variant.name]), len(game.moves)
    elif autosave is not None:
        names = [str(n) for n in autosave.get("names", [])]
        rules = VARIANTS.get(str(autosave.get("variant", "")))
        kind = _(VARIANT_TITLE[rules.name]) if rules is not None else _("A game")
        played = len(autosave.get("moves", []))
    else:
        return problem or _("No saved game yet.")
    over = game is not None and game.phase == "over"
    state = _("finished") if over else moves_played(played)
    if game is not None and unsaved:
        state += " " + _("(in this page only: the browser's storage is full)")
    return fmt("{kind}: {names} — {state}.", kind=kind, names=", ".join(names), state=state)


def solo_best_html(rows: list[dict[str, Any]]) -> Markup:
    """The best solo results (rows checked by `web.store.storage.clean_solo_table`), top five."""
    rows = rows[:5]
    if not rows:
        return Markup("")
    head = tag("tr", None, tag("th", None, "#"), tag("th", None, _("Name")),
               tag("th", None, _("Lowest")))  # fmt: skip
    body = [
        tag("tr", None, tag("td", None, i + 1), tag("td", None, row["name"]),
            tag("td", None, row["score"]))
        for i, row in enumerate(rows)
    ]  # fmt: skip
    return join([tag("h3", None, _("Best solo results")), tag("table", None, head, body)])
