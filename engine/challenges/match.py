"""A match: several challenges in a row with the victory-point tally.

After each challenge every player gains victory points equal to their lowest
row; after the agreed challenges the highest total wins (equal totals share the
place).  The next challenge starts as soon as the previous one ends.

>>> m = new_match(["tiles", "cards"], players=2, seed=3)
>>> m.index, m.tally
(0, [0, 0])
"""

from __future__ import annotations

from typing import Any

from engine.challenges import VARIANTS, ChallengeGame, load_challenge, new_challenge
from engine.rules.errors import IllegalMoveError, SaveFormatError
from engine.rules.rng import Rng

MATCH_FORMAT = "ingenious-challenge-match"
MATCH_VERSION = 1
MAX_CHALLENGES = 12


def challenge_seeds(seed: int, count: int) -> list[int]:
    """One seed per challenge, all drawn from the match seed."""
    rng = Rng(seed)
    return [rng.next64() >> 1 for _ in range(count)]


class Match:
    def __init__(
        self,
        challenges: list[str],
        players: int,
        seed: int,
        names: list[str] | None = None,
        options: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        if not isinstance(challenges, list) or not 1 <= len(challenges) <= MAX_CHALLENGES:
            raise ValueError(f"a match has 1-{MAX_CHALLENGES} challenges")
        for variant in challenges:
            if variant not in VARIANTS:
                raise ValueError(
                    f"unknown challenge {variant!r}; choose from {', '.join(VARIANTS)}"
                )
        options = dict(options or {})
        unknown = sorted(set(options) - set(challenges))
        if unknown:
            raise ValueError(f"options given for challenge(s) not in the match: {unknown}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError("seed must be a whole number >= 0")
        self.challenges = list(challenges)
        self.players = players
        self.seed = seed
        self.options = options
        self.seeds = challenge_seeds(seed, len(challenges))
        self.finished: list[ChallengeGame] = []
        self.game = self.start(0, names)
        self.names = list(self.game.names)
        self.tally = [0] * players

    def start(self, index: int, names: list[str] | None) -> ChallengeGame:
        variant = self.challenges[index]
        return new_challenge(
            variant, self.players, self.seeds[index], names, self.options.get(variant)
        )

    @property
    def index(self) -> int:
        """Which challenge is being played (0-based)."""
        return len(self.finished)

    @property
    def over(self) -> bool:
        return len(self.finished) == len(self.challenges)

    @property
    def current(self) -> int:
        return self.game.current

    def legal_moves(self) -> list[str]:
        return [] if self.over else self.game.legal_moves()

    def apply(self, move: str) -> None:
        if self.over:
            raise IllegalMoveError("the match is over")
        self.game.apply(move)
        if self.game.phase == "over":
            self.finish_challenge()

    def finish_challenge(self) -> None:
        """Add every player's lowest row to the tally and start the next challenge."""
        for seat, row in enumerate(self.game.rows):
            self.tally[seat] += min(row)
        self.finished.append(self.game)
        if not self.over:
            self.game = self.start(self.index, self.names)

    def view(self, seat: int) -> dict[str, Any]:
        view = self.game.view(seat)
        view["match"] = {
            "challenges": list(self.challenges),
            "index": self.index,
            "tally": list(self.tally),
            "over": self.over,
            "results": [game.result()["victory_points"] for game in self.finished],
        }
        return view

    def result(self) -> dict[str, Any]:
        order = sorted(range(self.players), key=lambda seat: -self.tally[seat])
        ranking = []
        for seat in order:
            place = 1 + sum(
                1 for other in range(self.players) if self.tally[other] > self.tally[seat]
            )
            ranking.append(
                {
                    "seat": seat,
                    "name": self.names[seat],
                    "place": place,
                    "victory_points": self.tally[seat],
                }
            )
        return {
            "over": self.over,
            "tally": list(self.tally),
            "ranking": ranking,
            "winners": [entry["seat"] for entry in ranking if entry["place"] == 1]
            if self.over
            else [],
        }

    def to_save(self) -> dict[str, Any]:
        games = list(self.finished) + ([] if self.over else [self.game])
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "challenges": list(self.challenges),
            "players": self.players,
            "names": list(self.names),
            "options": {variant: dict(opts) for variant, opts in self.options.items()},
            "seed": self.seed,
            "moves": [game.moves for game in games],
        }


def new_match(
    challenges: list[str],
    players: int = 2,
    seed: int = 1,
    names: list[str] | None = None,
    options: dict[str, dict[str, Any]] | None = None,
) -> Match:
    return Match(challenges, players, seed, names, options)


def load_match(data: Any) -> Match:
    """Rebuild a match from ``Match.to_save()`` data."""
    if not isinstance(data, dict):
        raise SaveFormatError("a match save must be a JSON object")
    keys = {"format", "version", "challenges", "players", "names", "options", "seed", "moves"}
    if set(data) != keys:
        raise SaveFormatError(f"a match save has exactly the fields {', '.join(sorted(keys))}")
    if data["format"] != MATCH_FORMAT or data["version"] != MATCH_VERSION:
        raise SaveFormatError(f"not a {MATCH_FORMAT!r} save of version {MATCH_VERSION}")
    moves = data["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, list) for m in moves):
        raise SaveFormatError("moves must be a list with one list of moves per challenge")
    try:
        match = Match(
            data["challenges"], data["players"], data["seed"], data["names"], data["options"]
        )
    except (ValueError, TypeError) as error:
        raise SaveFormatError(str(error)) from None
    if len(moves) > len(match.challenges):
        raise SaveFormatError("more move lists than challenges")
    for index, game_moves in enumerate(moves):
        if match.index != index:
            raise SaveFormatError(
                f"challenge {index + 1} has moves but the previous one did not end"
            )
        # Replaying through load_challenge checks every move with a clear message.
        saved = match.game.to_save()
        saved["moves"] = game_moves
        try:
            replayed = load_challenge(saved)
        except SaveFormatError as error:
            raise SaveFormatError(f"challenge {index + 1}: {error}") from None
        match.game = replayed
        if replayed.phase == "over":
            match.finish_challenge()
    return match
