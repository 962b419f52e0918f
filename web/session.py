"""Pure session logic around one engine game: who sits where, whose rack shows, what to say.

The engine owns the rules and the state; this module only knows which seats are people
and which are bots, and turns engine events into words for the move list and screen
readers. No browser imports, so CPython tests cover it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

HUMAN = "human"
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


def default_name(seat: int, controller: str) -> str:
    if controller == HUMAN:
        return f"Player {seat + 1}"
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
        raise SetupError(f"Unknown game type {variant!r}.")
    if players not in VARIANT_PLAYERS[variant]:
        allowed = " or ".join(str(n) for n in VARIANT_PLAYERS[variant])
        raise SetupError(f"The {variant} game is for {allowed} players, not {players}.")
    seats = list(seats[:players])
    if len(seats) < players:
        raise SetupError("Choose who plays each seat.")
    for controller in seats:
        if controller != HUMAN and controller not in BOT_LEVELS:
            raise SetupError(f"Unknown player type {controller!r}.")
    clean: list[str] = []
    for seat in range(players):
        name = (names[seat] if seat < len(names) else "").strip() or default_name(seat, seats[seat])
        if len(name) > MAX_NAME:
            raise SetupError(f"Names are at most {MAX_NAME} characters: {name[:30]!r}.")
        clean.append(name)
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
        raise SetupError(f"The seed must be a whole number, not {text!r}.") from None
    if not 0 <= seed < MAX_SEED:
        raise SetupError("The seed must be between 0 and 9223372036854775806.")
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
    show one player's decisions to the other.
    """
    if len(humans(seats)) != 1:
        return None
    starts = turn_starts(log, seats, players)
    return starts[-1] if starts else None


def colour_list(points: dict[str, int]) -> str:
    parts = [f"{n} {c}" for c, n in points.items() if n]
    return ", ".join(parts) if parts else "no points"


def cells_text(move: str) -> str:
    halves = move.split()
    return " and ".join(h.replace(":", " ") for h in halves)


def describe_event(event: dict[str, Any], names: list[str], variant: str = "standard") -> str:
    """One line for the move list and screen readers, e.g. 'Ann placed red at 0,-4 ...'."""
    who = names[event["seat"]]
    move = event.get("move", "")
    if move == "swap":
        if variant == "duel":
            return f"{who} exchanged tiles ({event.get('reason') or 'allowed'})."
        return f"{who} swapped the whole rack ({event.get('reason') or 'allowed'})."
    if move == "pass":
        return (
            f"{who} declined the {'exchange' if variant == 'duel' else 'swap'} and kept the tiles."
        )
    halves = move.split()
    colours = [h.partition(":")[2] for h in halves]
    where = [h.partition(":")[0] for h in halves]
    text = f"{who} placed {colours[0]} at {where[0]} and {colours[1]} at {where[1]}"
    text += f", scoring {colour_list(event.get('points', {}))}."
    bonus = event.get("bonus", 0)
    if bonus:
        text += " Ingenious!" + (f" ×{bonus}" if bonus > 1 else "") + " Bonus placement."
    if event.get("lost_bonus"):
        text += f" {event['lost_bonus']} bonus lost (rack empty)."
    if event.get("end"):
        text += f" Game over: {event['end']}."
    return text


def turn_prompt(view: dict[str, Any], seats: list[str]) -> str:
    """What the status line says about the decision now due."""
    if view["phase"] == "over":
        return "Game over."
    seat = view["current"]
    who = view["names"][seat]
    if view["phase"] == "swap":
        return f"{who} may swap tiles: {view['swap_reason']}."
    if seats[seat] != HUMAN:
        return f"{who} is thinking…"
    if view["pending"] > 1:
        return f"{who}: place a tile ({view['pending']} placements due)."
    return f"{who}: place a tile."


def lowest_colours(track: list[int], duel_sign: int = 0) -> list[int]:
    """Indices of the lowest colour(s) on a track (all ties)."""
    values = [v * duel_sign for v in track] if duel_sign else track
    low = min(values)
    return [i for i, v in enumerate(values) if v == low]


def seat_rows_html(
    prefix: str,
    players: int,
    levels: Sequence[str],
    old: list[tuple[str, str]],
    labels: list[str] | None = None,
    tips: Mapping[str, str] | None = None,
) -> str:
    """The seat rows of a start form (name and who plays), keeping what was typed.

    Fields are ``<prefix>seat-name-N`` and ``<prefix>seat-kind-N``; a new seat is a
    person for the first and a casual bot for the others. ``tips`` gives a bot level's
    help text (its ``title``: how it plays and how strong it is, see
    ``engine.bots.levels.level_blurbs``)."""
    tips = tips or {}
    rows = ["<legend>Seats</legend>"]
    for seat in range(players):
        name, controller = old[seat] if seat < len(old) else ("", HUMAN if seat == 0 else "casual")
        label = labels[seat] if labels else str(seat + 1)
        options = "".join(
            f'<option value="{v}"{" selected" if v == controller else ""}'
            + (f' title="{escape(tips[v], quote=True)}"' if v in tips else "")
            + f">{t}</option>"
            for v, t in [(HUMAN, "Person")] + [(lv, f"Bot: {lv}") for lv in levels]
        )
        rows.append(
            f'<div class="seat"><span class="seat-no" aria-hidden="true">{escape(label)}</span>'
            f'<input id="{prefix}seat-name-{seat}" maxlength="24" autocomplete="off" '
            f'aria-label="Name of player {seat + 1}" placeholder="Player {seat + 1}" '
            f'value="{escape(name, quote=True)}">'
            f'<select id="{prefix}seat-kind-{seat}" aria-label="Who plays seat {seat + 1}">'
            f"{options}</select></div>"
        )
    return "".join(rows)
