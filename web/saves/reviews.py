"""Where a game's review is kept (pure: any `Store`, CPython-tested).

A review is stored with the game it judges (`web.store.kept`): in the record of a kept
finished game, or of the named save that holds the same game. A finished game that has
no record yet gets one when its review opens, so the review is never the only copy. A game
stored nowhere (an unfinished game from a link) keeps its review in this page's memory.
Every copy of a review that this page made is also held in memory, so a review the
browser refused to store still reopens at once until the page closes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules.game import Game
from web.i18n import N_, fmt
from web.store import kept
from web.store.records import read_record
from web.store.store import new_id

DROPPED = N_(
    "The review kept with this game could not be used ({problem}). It was dropped; "
    "the game is kept."
)


class ReviewHome:
    """One game's review: where it is stored (``key``; "" for memory only) and what is
    stored (``review``, checked, or None)."""

    def __init__(self, homes: ReviewHomes, game: Game, key: str, review: dict[str, Any] | None):
        self.homes = homes
        self.game = game
        self.key = key
        self.review = review
        self.said = False  # a storage problem is said once per review

    def keep(self, review: dict[str, Any]) -> None:
        """Store the review as it stands now (after each result, and when it stops)."""
        self.review = review
        self.homes.memory[kept.game_text(self.game.to_save())] = review
        if not self.key:
            return
        problem = kept.store_review(self.homes.store, self.key, self.game, review)
        if problem and not self.said:
            self.said = True
            self.homes.say(problem)


class ReviewHomes:
    """The page's reviews: found with their games, kept after every change."""

    def __init__(self, store: Any, say: Callable[[str], None], now: Callable[[], float]):
        self.store = store
        self.say = say
        self.now = now
        #: Reviews of this page by game (`kept.game_text`): the last state each reached.
        self.memory: dict[str, dict[str, Any]] = {}

    def remember(self, game: Game, review: dict[str, Any] | None) -> None:
        """A review that came with a game from outside (a link) and is stored nowhere."""
        if review is not None:
            self.memory.setdefault(kept.game_text(game.to_save()), review)

    def home(self, game: Game, seats: list[str]) -> ReviewHome:
        """Where ``game``'s review is kept, with the review stored there (checked). A
        finished game stored nowhere is kept as a finished game first."""
        found = kept.find_game(self.store, game)
        if found is None and game.phase == "over":
            key, problem = kept.keep_finished(self.store, game, seats, new_id("g"), self.now())
            if problem:
                self.say(problem)
            found = (key, kept.FINISHED_KIND)
        memory = self.memory.get(kept.game_text(game.to_save()))
        if found is None:
            return ReviewHome(self, game, "", memory)
        key, kind = found
        problems: list[str] = []
        record = read_record(self.store, key, kind, self.now(), problems, remember=True)
        for text in problems:
            self.say(text)
        if record is None:
            return ReviewHome(self, game, "", memory)
        if record.review_problem:
            self.say(fmt(DROPPED, problem=record.review_problem))
        review = record.review
        if memory is not None and _further(memory, review):
            review = memory  # this page went further than the browser could store
        return ReviewHome(self, game, key, review)


def _further(mine: dict[str, Any], stored: dict[str, Any] | None) -> bool:
    """True when the review held in memory has more results than the stored one."""
    if stored is None:
        return True
    return len(mine.get("results", [])) > len(stored.get("results", []))


__all__ = ["DROPPED", "ReviewHome", "ReviewHomes"]
