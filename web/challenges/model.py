"""Pure session logic for the Challenges screen: setup, seats, saves, previews.

No browser imports, so CPython tests cover it. A single challenge is played as a
match of one (the engine's ``Match``): one code path for saving, resuming and the
game-over screen; the victory-point tally is only shown for matches of two or more.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.challenges import VARIANTS
from engine.challenges.common import COLOURS, ROW_CAP, lowest_colours, score_batch
from engine.challenges.dice import WILD_SPLITS
from engine.challenges.match import Match, load_match, new_match
from engine.errors import IllegalMoveError, SaveFormatError
from engine.jsontext import decode
from engine.names import clean_name
from web.session import HUMAN as HUMAN
from web.session import SetupError as SetupError
from web.session import default_name as default_name
from web.session import humans as humans
from web.session import rack_owner

BOT_LEVELS = ("casual", "strong")
KINDS = ("cards", "dice", "tiles", "match")
TITLES = {"cards": "Card Challenge", "dice": "Dice Challenge", "tiles": "Tile Challenge"}
AUTOSAVE_KEY = "ingenious.challenge-autosave"
SAVE_FORMAT = "ingenious-challenge-session"
SAVE_VERSION = 1
MAX_SEED = 2**62
MAX_NAME = 24


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
            "The seed must be a whole number (digits only), or empty for a random deal."
        )
    seed = int(text)
    if seed >= MAX_SEED:
        raise SetupError(f"The seed must be below {MAX_SEED}.")
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
        raise SetupError(f"Choose cards, dice, tiles or a match (not {kind!r}).")
    challenges = [v for v in match_games if v in VARIANTS] if kind == "match" else [kind]
    if kind == "match" and len(challenges) < 2:
        raise SetupError("A match needs at least two challenges: tick two or three games.")
    if not 2 <= players <= 4:
        raise SetupError("The challenges are for 2 to 4 players.")
    if len(seats) < players or len(names) < players:
        raise SetupError("Every seat needs a player.")
    seats = list(seats[:players])
    for seat, controller in enumerate(seats):
        if controller != HUMAN and controller not in BOT_LEVELS:
            raise SetupError(f"Seat {seat + 1}: choose a person or a casual or strong bot.")
    clean = []
    for seat, name in enumerate(names[:players]):
        clean.append(clean_name(name, default_name(seat, seats[seat]), MAX_NAME))
    if len({n.casefold() for n in clean}) != players:
        raise SetupError("Two players have the same name; give everyone a different one.")
    return ChallengeSetup(
        challenges, players, clean, seats, parse_seed(seed_text, fresh_seed), bool(start_rule)
    )


def hand_owner(seats: list[str], current: int, revealed: int | None) -> int | None:
    """Whose hand the screen may show (Card Challenge).

    One person at the table: theirs. Several: only the current person's, once they
    confirmed the pass screen. Nobody: the current bot's (nothing to hide).
    """
    return rack_owner(seats, current, revealed)


def needs_pass_screen(variant: str, seats: list[str], current: int, revealed: int | None) -> bool:
    """Hot seat: only hands are secret, so only the Card Challenge hides between people."""
    return (
        variant == "cards"
        and len(humans(seats)) >= 2
        and seats[current] == HUMAN
        and revealed != current
    )


# --------------------------------------------------------------------------- session


class Session:
    """A match (one challenge or several) with its seats and a readable log."""

    def __init__(self, setup: ChallengeSetup, match: Match | None = None) -> None:
        self.setup = setup
        self.match = match or new_match(
            list(setup.challenges), setup.players, setup.seed, list(setup.names), setup.options()
        )
        self.log: list[tuple[int, str]] = []  # (challenge index, line)
        # The seat playing bonus turns now: set by an "Ingenious!" that keeps the turn,
        # cleared when the turn passes on.
        self.bonus_seat: int | None = None
        self.movers: list[tuple[int, int]] = []  # (challenge index, seat) per move played

    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def variant(self) -> str:
        return str(self.match.game.variant)

    @property
    def over(self) -> bool:
        return self.match.over

    def apply(self, move: str) -> list[str]:
        """Play a move; returns the lines it produced. Refused moves raise and change nothing."""
        index = self.match.index
        mover = self.match.game.current
        self.match.apply(move)
        self.movers.append((index, mover))
        game = self.match.finished[index] if self.match.index != index else self.match.game
        lines = list(game.events)
        self.log.extend((index, line) for line in lines)
        if self.match.index != index or self.match.game.current != mover:
            self.bonus_seat = None
        elif any("Ingenious!" in line for line in lines):
            self.bonus_seat = mover
        return lines

    def undo_point(self) -> int | None:
        """Moves of the current challenge to keep when the person takes back their last
        turn (bonus turns included); None when undo is not offered.

        As in the board game, undo needs exactly one person at the table (with two, it
        would show one player's choices to the other). It stays inside the challenge
        being played and is not offered once the match is over. Random draws and rolls
        are part of the saved state, so a turn played again meets the same luck.
        """
        seats = self.setup.seats
        if len(humans(seats)) != 1 or self.over:
            return None
        index = self.match.index
        order = [seat for i, seat in self.movers if i == index]
        starts = [
            k
            for k, seat in enumerate(order)
            if seats[seat] == HUMAN and (k == 0 or order[k - 1] != seat)
        ]
        return starts[-1] if starts else None

    def undone(self) -> Session:
        """A new session with the person's last turn taken back (see ``undo_point``)."""
        keep = self.undo_point()
        if keep is None:
            raise IllegalMoveError("there is no turn of yours to take back")
        data = self.to_save()
        moves = data["match"]["moves"]
        moves[self.match.index] = moves[self.match.index][:keep]
        return Session.from_save(data)

    def in_bonus_turn(self) -> bool:
        return not self.over and self.bonus_seat == self.match.game.current

    def challenge_just_ended(self) -> bool:
        """Between two challenges of a match: the next one has not had a move yet."""
        return 0 < self.match.index < len(self.match.challenges) and not self.match.game.moves

    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "kind": "challenge",
            "seats": list(self.setup.seats),
            "start_rule": self.setup.start_rule,
            "match": self.match.to_save(),
        }

    @classmethod
    def from_save(cls, data: Any) -> Session:
        """Rebuild a session from ``to_save()``; raises SaveFormatError with a clear reason."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFormatError("this is not a saved challenge")
        if data.get("version") != SAVE_VERSION:
            raise SaveFormatError(f"unsupported challenge save version {data.get('version')!r}")
        saved = data.get("match")
        match = load_match(saved)
        seats = data.get("seats")
        if not (
            isinstance(seats, list)
            and len(seats) == match.players
            and all(s == HUMAN or s in BOT_LEVELS for s in seats)
        ):
            raise SaveFormatError("the saved seats are damaged")
        setup = ChallengeSetup(
            list(match.challenges),
            match.players,
            list(match.names),
            list(seats),
            match.seed,
            bool(data.get("start_rule", False)),
        )
        # Replay on a fresh copy for the log and the bonus state (events are not saved).
        moves = match.to_save()["moves"]
        session = cls(setup, load_match({**match.to_save(), "moves": []}))
        for game_moves in moves:
            for move in game_moves:
                session.apply(move)
        return session


def read_session(store: Any) -> tuple[Session | None, str | None]:
    """The autosaved challenge, or (None, reason). Never raises."""
    try:
        raw = store.getItem(AUTOSAVE_KEY)
    except Exception as exc:
        return None, f"Could not read the saved challenge: {exc}"
    if raw is None or raw == "":
        return None, None
    try:
        # decode, not json.loads: a deeply nested entry must not overflow the stack.
        data = decode(str(raw), "the saved challenge")
    except SaveFormatError as exc:
        return None, f"The saved challenge is damaged ({exc})."
    try:
        return Session.from_save(data), None
    except (SaveFormatError, IllegalMoveError, ValueError, TypeError, KeyError) as exc:
        return None, f"The saved challenge cannot be continued: {exc}"


def write_session(store: Any, session: Session) -> str | None:
    """Store the session; returns a problem message instead of raising."""
    try:
        store.setItem(AUTOSAVE_KEY, json.dumps(session.to_save(), separators=(",", ":")))
    except Exception as exc:
        return f"Could not autosave this challenge: {exc}"
    return None


def describe_save(session: Session) -> str:
    setup = session.setup
    what = (
        "Match of " + ", ".join(TITLES[v].split()[0].lower() for v in setup.challenges)
        if setup.is_match
        else TITLES[setup.challenges[0]]
    )
    state = "finished" if session.over else f"{len(session.game.moves)} moves played"
    return f"{what}: {', '.join(setup.names)} — {state}."


# --------------------------------------------------------------------------- score rows


def allowed_max(row: list[int]) -> int:
    """The highest value any row may reach now under the area restriction."""
    low = min(row)
    if low == 0:
        return 3
    if low <= 3:
        return 6
    return ROW_CAP


@dataclass(frozen=True)
class Gain:
    """What one symbol, die, wild or tile colour would score: offered, kept and why lost."""

    colour: str
    offered: int
    gained: int
    label: str = ""

    @property
    def lost(self) -> int:
        return self.offered - self.gained


def simulate_gains(
    row: list[int], steps: list[tuple[str, int, str]]
) -> tuple[list[Gain], list[int], bool]:
    """Score ``(colour, points, label)`` steps in order under the area rule and the cap.

    Returns the gains, the row afterwards and whether the goal (every row 7+) is reached
    (scoring stops there, as in the engine).
    """
    row = list(row)
    gains: list[Gain] = []
    for colour, points, label in steps:
        gained, _, won = score_batch(row, COLOURS.index(colour), points)
        gains.append(Gain(colour, gained if won else points, gained, label))
        if won:
            return gains, row, True
    return gains, row, False


def loss_reason(row_before: list[int], gain: Gain) -> str:
    if not gain.lost:
        return ""
    value = row_before[COLOURS.index(gain.colour)] + gain.gained
    if value >= ROW_CAP:
        return f"{gain.lost} lost above 10"
    return f"{gain.lost} lost to the area rule"


# --------------------------------------------------------------------------- cards


def card_colours(card: str) -> tuple[str, str]:
    first, second = card.split("-")
    return first, second


def faceup_count(view: dict[str, Any], colour: str) -> int:
    return sum(1 for cards in view["faceup"] for card in cards if colour in card_colours(card))


def card_preview(view: dict[str, Any], seat: int, first: str, second: str) -> list[Gain]:
    """The points each symbol of a card would score, in this order, for ``seat``."""
    steps = [(c, faceup_count(view, c), c) for c in (first, second)]
    gains, _, _ = simulate_gains(view["rows"][seat], steps)
    return gains


def best_order(view: dict[str, Any], seat: int, card: str) -> tuple[str, str]:
    a, b = card_colours(card)

    def kept(order: tuple[str, str]) -> int:
        return sum(g.gained for g in card_preview(view, seat, *order))

    return (b, a) if kept((b, a)) > kept((a, b)) else (a, b)


def discard_reason(view: dict[str, Any], seat: int) -> str:
    low = [COLOURS[c] for c in lowest_colours(view["rows"][seat])]
    return (
        f"No card in your hand shows your lowest row{'s' if len(low) > 1 else ''} "
        f"({', '.join(low)}): you may show and discard the whole hand before drawing six new cards."
    )


# --------------------------------------------------------------------------- dice


def split_label(count: int, split: tuple[int, ...], symbol: str) -> str:
    if not split:
        return f"match each {symbol} die on its own"
    parts = [f"a wild of {size} ({size - 1} point{'s' if size > 2 else ''})" for size in split]
    singles = count - sum(split)
    if singles:
        parts.append(f"{singles} matched die" if singles == 1 else f"{singles} matched dice")
    return " + ".join(parts)


@dataclass
class PlanItem:
    kind: str  # "match" or "wild"
    symbol: str
    size: int
    colour: str

    def token(self) -> str:
        if self.kind == "match":
            return self.symbol
        return "+".join([self.symbol] * self.size) + "=" + self.colour

    def label(self) -> str:
        if self.kind == "match":
            return f"{self.symbol} die"
        return f"wild of {self.size} {self.symbol} dice as {self.colour}"


class DicePlan:
    """A person's choice for a roll: which equal dice form wilds, their colours, the order."""

    def __init__(self, dice: list[str], row: list[int]) -> None:
        self.dice = list(dice)
        self.counts = Counter(dice)
        low = lowest_colours(row)
        self.default_colour = COLOURS[low[0]] if low else COLOURS[0]
        self.splits: dict[str, int] = {}
        self.items: list[PlanItem] = [PlanItem("match", d, 1, d) for d in dice]

    def groupable(self) -> list[str]:
        """Symbols shown by two or more dice, in colour order."""
        return [c for c in COLOURS if self.counts[c] >= 2]

    def split_options(self, symbol: str) -> list[str]:
        count = self.counts[symbol]
        return [split_label(count, split, symbol) for split in WILD_SPLITS[count]]

    def set_split(self, symbol: str, index: int) -> None:
        count = self.counts[symbol]
        splits = WILD_SPLITS.get(count, ((),))
        if not 0 <= index < len(splits):
            raise ValueError(f"no such way to use the {symbol} dice")
        self.splits[symbol] = index
        old = [i for i, item in enumerate(self.items) if item.symbol == symbol]
        where = old[0] if old else len(self.items)
        kept_colours = [it.colour for it in self.items if it.symbol == symbol and it.kind == "wild"]
        self.items = [item for item in self.items if item.symbol != symbol]
        split = splits[index]
        fresh = [
            PlanItem(
                "wild",
                symbol,
                size,
                kept_colours[k] if k < len(kept_colours) else self.default_colour,
            )
            for k, size in enumerate(split)
        ]
        fresh += [PlanItem("match", symbol, 1, symbol)] * (count - sum(split))
        self.items[where:where] = [PlanItem(i.kind, i.symbol, i.size, i.colour) for i in fresh]

    def set_wild_colour(self, index: int, colour: str) -> None:
        if colour not in COLOURS or not 0 <= index < len(self.items):
            raise ValueError("no such wild or colour")
        if self.items[index].kind != "wild":
            raise ValueError("only a wild can take another colour")
        self.items[index].colour = colour

    def move(self, index: int, step: int) -> None:
        target = index + step
        if 0 <= index < len(self.items) and 0 <= target < len(self.items):
            self.items[index], self.items[target] = self.items[target], self.items[index]

    def move_text(self) -> str:
        return " ".join(item.token() for item in self.items)

    def preview(self, view: dict[str, Any], seat: int) -> list[Gain]:
        others = others_showing(view, seat)
        steps = [
            (
                item.colour,
                others[item.symbol] if item.kind == "match" else item.size - 1,
                item.label(),
            )
            for item in self.items
        ]
        gains, _, _ = simulate_gains(view["rows"][seat], steps)
        return gains


def others_showing(view: dict[str, Any], seat: int) -> Counter[str]:
    counter: Counter[str] = Counter()
    for other, dice in enumerate(view["dice"]):
        if other != seat:
            counter.update(d for d in dice if d is not None)
    return counter


def die_points(view: dict[str, Any], seat: int) -> Counter[str]:
    """How many of the others' dice each symbol would match (the dice's face value here)."""
    return others_showing(view, seat)


# --------------------------------------------------------------------------- tiles


def tile_score_preview(view: dict[str, Any], seat: int) -> list[Gain]:
    """Stopping now: drawn plus matching centre tiles per colour; points above the target lost."""
    drawn = list(view["drawn"])
    tiles = drawn + [t for t in view["centre"] if t in set(drawn)]
    return tile_gains(view, seat, tiles)


def free_score_preview(view: dict[str, Any], seat: int, colour: str) -> list[Gain]:
    return tile_gains(view, seat, [t for t in view["centre"] if t == colour])


def tile_gains(view: dict[str, Any], seat: int, tiles: list[str]) -> list[Gain]:
    row, target = view["rows"][seat], int(view["target"])
    counts = Counter(tiles)
    gains = []
    for colour in COLOURS:
        if counts[colour]:
            room = max(0, target - row[COLOURS.index(colour)])
            gains.append(Gain(colour, counts[colour], min(room, counts[colour]), colour))
    return gains


def bust_colours(view: dict[str, Any]) -> list[str]:
    """Colours whose draw would end the turn: already drawn, or not in the centre."""
    drawn, centre = set(view["drawn"]), set(view["centre"])
    return [c for c in COLOURS if c in drawn or c not in centre]


def bust_chance(view: dict[str, Any]) -> float:
    pool: dict[str, int] = view["pool_colours"]
    total = sum(pool.values())
    if not total:
        return 0.0
    return float(sum(pool[c] for c in bust_colours(view)) / total)


# --------------------------------------------------------------------------- words


def gains_text(gains: list[Gain], row_before: list[int] | None = None) -> str:
    parts = []
    for gain in gains:
        text = f"{gain.colour} +{gain.gained}"
        if gain.lost:
            reason = (
                loss_reason(row_before, gain) if row_before is not None else f"{gain.lost} lost"
            )
            text += f" ({reason})"
        parts.append(text)
    return ", ".join(parts) if parts else "nothing"


def ended_reason(result: dict[str, Any], variant: str, names: list[str], target: int) -> str:
    if result["ended_by"] == "goal" and result["winner"] is not None:
        goal = f"{target} or more" if variant != "tiles" else f"the target {target}"
        return f"{names[result['winner']]} brought every row to {goal}."
    if result["ended_by"] == "pool empty":
        return "The pool ran dry and nobody could move: the lowest rows decide."
    return "The game ended."


def goal_of(view: dict[str, Any]) -> int:
    return int(view.get("target", 7))


def describe_move(variant: str, move: str, name: str) -> str:
    """What a bot is about to do, in words (shown for a moment before it happens)."""
    if variant == "cards":
        if move in ("discard", "keep"):
            return f"{name} {'discards the whole hand' if move == 'discard' else 'keeps the hand'}."
        first, second = card_colours(move)
        return f"{name} plays the {first}-{second} card, {first} first."
    if variant == "dice":
        if move == "reroll":
            return f"{name} re-rolls all dice."
        return f"{name} scores: {move.replace(' ', ', then ')}."
    if move == "draw":
        return f"{name} draws a tile."
    if move == "score":
        return f"{name} stops and scores."
    return f"{name} takes a free score in {move.partition(':')[2]}."
