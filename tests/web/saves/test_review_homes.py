"""Where a review is kept (web/saves/reviews.py): with the stored game it judges."""

from __future__ import annotations

import json

from tests.web.test_store_kept import Full, finished, short_game, stored
from web.saves.reviews import ReviewHomes
from web.store import kept, storage
from web.store.records import Record
from web.store.store import NAMED_KIND, MemoryStore

SEATS = ["human", "strong"]


def homes(store: object) -> tuple[ReviewHomes, list[str]]:
    said: list[str] = []
    return ReviewHomes(store, said.append, lambda: 1.0), said


def test_a_finished_game_stored_nowhere_is_kept_with_its_review() -> None:
    """Reviewing a finished game that has no record keeps it as a finished game first;
    each kept state of the review is in that record, and opening it again gives it."""
    store = MemoryStore()
    book, said = homes(store)
    game = finished()
    home = book.home(game, SEATS)
    assert home.key == kept.finished_key(game) and home.review is None and not said
    review = {"any": "state"}  # what the screen keeps is stored as it is given
    home.keep(review)
    assert json.loads(store.items[home.key])["review"] == review
    assert kept.find_game(store, game) == (home.key, kept.FINISHED_KIND)


def test_a_named_saves_review_is_kept_in_it_and_comes_back_checked() -> None:
    store = MemoryStore()
    game = short_game()
    record = Record(NAMED_KIND, game, SEATS, name="a game")
    storage.write_named(store, record)
    book, said = homes(store)
    home = book.home(game, SEATS)
    assert home.key == record.key
    home.keep(stored(2))
    again = homes(store)[0].home(game, SEATS)
    assert again.review == stored(2) and not said
    assert not any(k.startswith(kept.FINISHED_PREFIX) for k in store.items)  # not finished


def test_a_broken_stored_review_is_dropped_with_a_message_and_the_game_kept() -> None:
    store = MemoryStore()
    game = short_game()
    record = Record(NAMED_KIND, game, SEATS, name="a game")
    record.review = stored(2)
    data = record.to_json()
    data["review"]["total"] = 99
    record.key = "ingenious.save.s1"
    store.setItem(record.key, json.dumps(data))
    book, said = homes(store)
    home = book.home(game, SEATS)
    assert home.key == record.key and home.review is None
    assert said and said[0].startswith("The review kept with this game could not be used")
    assert record.key in store.items  # the game stays where it was


def test_an_unfinished_game_stored_nowhere_keeps_its_review_in_this_page() -> None:
    """A game from a link: its review (checked when the link was read) is shown, and
    what the page adds is held in memory for the next opening."""
    store = MemoryStore()
    book, _said = homes(store)
    game = short_game()
    book.remember(game, stored(1))
    home = book.home(game, SEATS)
    assert home.key == "" and home.review == stored(1)
    home.keep(stored(2))
    assert book.home(game, SEATS).review == stored(2) and store.items == {}


def test_a_review_the_browser_refuses_is_said_once_and_still_reopens() -> None:
    """On a full storage the finished game and its review are held in this page: each
    problem is said once (not after every result), and the review reopens."""
    site = storage.SiteStore(Full(), "/")
    book, said = homes(site)
    game = finished()
    home = book.home(game, SEATS)
    assert len(said) == 1 and "Could not keep the finished game" in said[0]
    home.keep({"results": [1]})
    home.keep({"results": [1, 2]})
    assert len(said) == 2 and "Could not store the review" in said[1]
    assert book.home(game, SEATS).review == {"results": [1, 2]}
