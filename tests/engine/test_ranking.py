"""The ranking and its tie-break, with the rulebook's examples."""

from engine import new_game
from engine.rules.ranking import explain_pair

from .helpers import colour, set_rack, started


def finished(variant: str, players: int, scores: list[list[int]], names: list[str]):  # type: ignore[no-untyped-def]
    game = new_game(variant, players, names=names)
    game.scores = scores
    game.phase = "over"
    return game.result()


def track(**values: int) -> list[int]:
    out = [0] * 6
    for name, v in values.items():
        out[colour(name)] = v
    return out


def test_rulebook_four_player_example() -> None:
    """Tina (lowest 10) wins; Thomas and Carl tie at 9 and 12, Carl has two 12s so Thomas is
    second; Hailey (lowest 7) is fourth."""
    result = finished(
        "standard",
        4,
        [
            track(red=10, green=14, blue=12, orange=15, yellow=11, purple=16),  # Tina
            track(red=14, green=15, blue=9, orange=12, yellow=13, purple=16),  # Thomas
            track(red=12, green=14, blue=15, orange=16, yellow=12, purple=9),  # Carl
            track(red=11, green=7, blue=12, orange=13, yellow=14, purple=15),  # Hailey
        ],
        ["Tina", "Thomas", "Carl", "Hailey"],
    )
    assert [(s["name"], s["place"]) for s in result["standings"]] == [
        ("Tina", 1),
        ("Thomas", 2),
        ("Carl", 3),
        ("Hailey", 4),
    ]
    # Thomas [9, 12, 13, ...] against Carl [9, 12, 12, ...]: the third lowest colour decides
    assert "third lowest" in result["explanation"][1]
    assert "13 against 12" in result["explanation"][1]


def test_equal_counts_share_a_place() -> None:
    """Rule: equal sorted lists share the place."""
    result = finished("standard", 2, [track(red=5, green=6), track(green=5, red=6)], ["A", "B"])
    assert [s["place"] for s in result["standings"]] == [1, 1]


def test_rulebook_duel_example() -> None:
    """Chris (red 2, green 4) and Angelica (blue 2, yellow 3) each have two colours on their side;
    orange and purple on 0 count for nobody; 2 ties, then 4 beats 3: Chris wins."""
    result = finished("duel", 2, [track(red=2, green=4, blue=-2, yellow=-3)], ["Chris", "Angelica"])
    assert result["winner"] == 0
    assert result["standings"][0]["name"] == "Chris"
    assert "4 against 3" in result["explanation"][0]


def test_duel_more_colours_on_your_side_wins() -> None:
    """Rule (duel): more colours on your side wins, whatever the distances."""
    result = finished("duel", 2, [track(red=1, green=1, blue=1, yellow=-9, purple=-9)], ["A", "B"])
    assert result["winner"] == 0


def test_duel_draw() -> None:
    """Rule (duel): same count and same distances is a draw."""
    result = finished("duel", 2, [track(red=2, blue=-2)], ["A", "B"])
    assert result["winner"] is None


def test_team_ranking_uses_the_team_tracks() -> None:
    """Rule (team): teams are ranked like players, on the shared double tracks."""
    result = finished("team", 4, [[20] * 6, [19] + [36] * 5], ["A1", "B1", "A2", "B2"])
    assert result["standings"][0]["name"] == "Team A (A1 & A2)"


def test_after_an_instant_win_the_others_rank_behind_the_winner_by_their_sorted_lists() -> None:
    """Ruling: after an instant win in a game of 3-4 players the winner is first and the
    others rank behind by the usual rule on their sorted counts (they do not all share
    second place; equal lists still share theirs)."""
    game = started("standard", 4)
    game.names = ["Win", "Ann", "Bob", "Cy"]
    game.scores[0] = [18, 18, 17, 18, 18, 18]
    game.scores[1] = track(red=3, green=9, blue=9, orange=9, yellow=9, purple=9)
    game.scores[2] = track(red=5, green=6, blue=9, orange=9, yellow=9, purple=9)
    game.scores[3] = track(red=6, green=5, blue=9, orange=9, yellow=9, purple=9)
    set_rack(game, 0, [("red", "blue")] * 6)
    game.apply("4,0:blue 4,1:red")
    assert game.phase == "over" and game.instant_winner == 0
    result = game.result()
    assert [(s["name"], s["place"]) for s in result["standings"]] == [
        ("Win", 1),
        ("Bob", 2),
        ("Cy", 2),
        ("Ann", 4),
    ]
    assert "wins at once" in result["explanation"][0]
    assert "same counts" in result["explanation"][1]  # Bob and Cy share second
    assert "lowest colour 5 against 3" in result["explanation"][2]


def test_after_an_instant_win_in_three_players_the_others_are_second_and_third() -> None:
    """Ruling, three players: the higher sorted list of the two others is second."""
    game = started("standard", 3)
    game.scores[0] = [18, 18, 17, 18, 18, 18]
    game.scores[1] = track(red=4, green=8, blue=8, orange=8, yellow=8, purple=8)
    game.scores[2] = track(red=4, green=7, blue=12, orange=12, yellow=12, purple=12)
    set_rack(game, 0, [("red", "blue")] * 6)
    game.apply("4,0:blue 4,1:red")
    assert game.instant_winner == 0
    standings = game.result()["standings"]
    assert [(s["side"], s["place"]) for s in standings] == [(0, 1), (1, 2), (2, 3)]


def test_the_tie_break_text_counts_the_tied_colours_in_proper_english() -> None:
    """One tied colour is "their lowest colour", more are "their N lowest colours"."""
    one = explain_pair("Ann", [3, 5, 6, 7, 8, 9], "Bob", [3, 4, 6, 7, 8, 9])
    assert one == (
        "Ann and Bob tie on their lowest colour (3); the second lowest colour decides: 5 against 4."
    )
    two = explain_pair("Ann", [3, 4, 6, 7, 8, 9], "Bob", [3, 4, 5, 7, 8, 9])
    assert two.startswith("Ann and Bob tie on their 2 lowest colours (3, 4); ")
    assert "(s)" not in one + two
