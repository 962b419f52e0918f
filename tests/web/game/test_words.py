"""Moves are told in the players' language: symbols and points, one word per idea."""

from __future__ import annotations

import re

from tests.web.game.games import greedy
from web.game import words
from web.game.words import (
    describe,
    describe_log,
    offer_prompt,
    offer_words,
    pick_a_tile,
    symbol,
)

COORDINATES = re.compile(r"-?\d+,-?\d+")


def test_a_placement_names_its_symbols_and_points_and_keeps_its_cells() -> None:
    log = [{"seat": 1, "move": "0,-4:blue 1,-4:green", "points": {"blue": 3, "green": 1}}]
    line = describe(log, 0, ["Ann", "Bob"], "standard")
    assert line.text == "Bob: blue ✶ + green ●, +3 blue, +1 green."
    assert line.speech == "Bob placed blue and green, scoring 3 blue and 1 green."
    assert line.cells == ((0, -4), (1, -4)) and not line.bonus


def test_every_colour_has_its_own_symbol_character() -> None:
    assert len(set(words.GLYPH.values())) == 6
    assert symbol("red") == "red ✹" and symbol("yellow") == "yellow ☀"


def test_a_bonus_a_lost_bonus_and_the_end_are_said_after_the_points() -> None:
    names = ["Ann", "Bob"]
    bonus = describe([{"seat": 0, "move": "0,1:red 0,2:red", "points": {"red": 4},
                       "bonus": 2}], 0, names, "standard")  # fmt: skip
    assert bonus.bonus and bonus.text.endswith("Ingenious! ×2: 2 bonus tiles.")
    lost = describe([{"seat": 0, "move": "0,1:red 0,2:red", "points": {}, "bonus": 1,
                      "lost_bonus": 1}], 0, names, "standard")  # fmt: skip
    assert "no points" in lost.text and "1 bonus tile lost: the rack is empty." in lost.text
    won = describe([{"seat": 1, "move": "0,1:red 0,2:red", "points": {"red": 1},
                     "end": "instant win"}], 0, names, "standard")  # fmt: skip
    assert won.text.endswith("Bob wins at once.")


def test_no_line_of_a_whole_game_shows_coordinates() -> None:
    for variant, players in (("standard", 3), ("duel", 2), ("team", 4), ("solo", 1)):
        game = greedy(variant, 3, 40, players)
        for line in describe_log(game.log, game.names, variant):
            assert not COORDINATES.search(line.text), line.text
            assert not COORDINATES.search(line.speech), line.speech
            assert not set(words.GLYPH.values()) & set(line.speech), line.speech


def test_the_swap_is_explained_by_the_lowest_colours_before_it() -> None:
    scores = [[2, 0, 5, 5, 5, 5], [0, 0, 0, 0, 0, 0]]
    log = [{"seat": 0, "move": "0,1:red 0,2:red", "points": {}, "scores": scores},
           {"seat": 0, "move": "swap"}]  # fmt: skip
    line = describe(log, 1, ["Ann", "Bob"], "standard")
    assert line.text == (
        "Ann swapped all six tiles (no tile on the rack shows green ●, the lowest colour)."
    )
    assert line.cells == ()
    kept = describe([*log[:1], {"seat": 0, "move": "pass"}], 1, ["Ann", "Bob"], "standard")
    assert kept.text == "Ann kept the tiles (no swap)."


def test_the_duel_offer_is_an_exchange_in_every_line_and_names_the_seat() -> None:
    """The duel never says "swap", "stand(s)" or "your 9": the exchange, and whose side."""
    names = ["Ann", "Bot"]
    scores = [[9, 0, -9, 0, 3, 0]]
    assert offer_words("duel").noun == "exchange" and offer_words("team").noun == "swap"
    prompt = offer_prompt("duel", names, scores, 1)
    assert prompt == "Bot may exchange every tile showing blue ✶: blue ✶ is at 9 on Bot's side."
    log = [{"seat": 1, "move": "0,1:red 0,2:red", "points": {}, "scores": scores},
           {"seat": 1, "move": "swap"}]  # fmt: skip
    took = describe(log, 1, names, "duel").text
    declined = describe([*log[:1], {"seat": 1, "move": "pass"}], 1, names, "duel").text
    assert took == "Bot exchanged every tile showing blue ✶ (at 9 on Bot's side)."
    assert declined == "Bot kept the tiles (no exchange)."
    for text in (prompt, took, declined):
        assert "swap" not in text and "stand" not in text and "your" not in text


def test_a_real_swap_line_matches_the_engine_reason() -> None:
    """Found by play: the lowest colours named in the line are the engine's."""
    game = greedy("standard", 5, 28)
    assert game.phase == "swap" and game.current == 0
    game.apply("swap")
    line = describe(game.log, len(game.log) - 1, game.names, "standard")
    reason = game.log[-1]["reason"]
    lowest = reason[reason.index("(") + 1 : reason.index(")")].split(" and ")
    assert line.text.startswith("Ann returned 4 tiles and drew six")
    for colour in lowest:
        assert symbol(colour) in line.text


def test_tile_labels_name_the_slot_and_both_colours() -> None:
    assert words.tile_label(0, ("red", "blue")) == "Tile 1: red and blue"


def test_asking_for_a_tile_names_the_keys_of_the_tiles_there_are_or_a_tap() -> None:
    """Keys 1-N for the N tiles on the rack; on a touch screen, a tap (no keys there)."""
    assert pick_a_tile(6, touch=False) == "Pick a tile (keys 1–6)."
    assert pick_a_tile(5, touch=False) == "Pick a tile (keys 1–5)."
    assert pick_a_tile(1, touch=False, first=True) == "Pick a tile first (key 1)."
    assert pick_a_tile(5, touch=True) == "Tap a tile on your rack."
    assert "key" not in pick_a_tile(6, touch=True, first=True)


def test_the_bag_says_how_many_tiles_are_left_and_when_a_swap_needs_more() -> None:
    """A swap draws six: below six tiles in the bag the table is told it is impossible."""
    assert words.bag_words("standard", 23) == "23 tiles in the bag."
    assert words.bag_words("team", 5) == "5 tiles in the bag: too few for a swap (it needs 6)."
    assert words.bag_words("standard", 1).startswith("1 tile in the bag: too few")
    assert words.bag_words("standard", 0).startswith("The bag is empty: too few")
    # The duel's exchange draws what there is; solo has no offer.
    assert words.bag_words("duel", 3) == "3 tiles in the bag."
    assert words.bag_words("solo", 0) == "The bag is empty."


def test_a_swap_line_shows_the_returned_rack_and_a_short_rack_is_returned_not_six() -> None:
    """The rack is shown to the table; a rack of four is returned whole, then six drawn."""
    scores = [[2, 0, 5, 5, 5, 5], [0, 0, 0, 0, 0, 0]]
    short = [["red", "blue"], ["red", "red"], ["blue", "orange"], ["yellow", "purple"]]
    log = [{"seat": 0, "move": "0,1:red 0,2:red", "points": {}, "scores": scores},
           {"seat": 0, "move": "swap", "returned": short}]  # fmt: skip
    line = describe(log, 1, ["Ann", "Bob"], "standard")
    assert line.text.startswith("Ann returned 4 tiles and drew six (no tile on the rack")
    assert line.text.endswith(
        "Returned: red ✹ + blue ✶, red ✹ + red ✹, blue ✶ + orange ⬢, yellow ☀ + purple ○."
    )
    assert "all six" not in line.text and "Returned: red + blue" in line.speech
    assert offer_prompt("standard", ["Ann", "Bob"], scores, 0, 4).startswith(
        "Ann may return 4 tiles and draw six: no tile"
    )
    assert words.offer_take("standard", 4) == "Return your 4 tiles and draw six"
    assert words.offer_take("standard", 1) == "Return your tile and draw six"
    assert words.offer_take("standard", 6) == "Swap all six tiles"


def test_the_engine_records_the_swapped_rack_and_the_line_shows_it() -> None:
    game = greedy("standard", 5, 28)
    assert game.phase == "swap"
    rack = [[c for c in pair] for pair in game.view(0)["racks"]["0"]]
    game.apply("swap")
    assert game.log[-1]["returned"] == rack
    line = describe(game.log, len(game.log) - 1, game.names, "standard")
    assert len(rack) == 4 and line.text.startswith("Ann returned 4 tiles and drew six")
    assert line.text.endswith(f"Returned: {words.tiles_text(rack)}.")


def test_a_placement_told_with_the_zone_says_where_each_half_went_as_the_cursor_counts() -> None:
    """A bot's move is told with its cells (row, cell), the cursor's counting."""
    log = [{"seat": 1, "move": "0,-5:red 1,-5:blue", "points": {"red": 1}}]
    line = describe(log, 0, ["Ann", "Bob"], "standard", radius=5)
    assert line.text == (
        "Bob: red ✹ + blue ✶, +1 red. Red on row 1, 1st cell; blue on row 1, 2nd cell."
    )
    assert line.speech.endswith("Red on row 1, 1st cell; blue on row 1, 2nd cell.")
    assert "row" not in describe(log, 0, ["Ann", "Bob"], "standard").text
