"""Moves in the players' language: symbols and points, never move codes
(web/challenges/words/). The words are checked against the engine: the points a line
names are the points the mover's rows gained."""

from __future__ import annotations

import json
import re

import pytest

from engine.challenges import new_challenge
from engine.challenges.bots import make_challenge_bot
from web.challenges.session import Session
from web.challenges.setup import make_setup
from web.challenges.words.lines import describe, intent, pass_lines, split_label
from web.challenges.words.phrases import Line, Sym, symbol_name, text
from web.i18n import use

COLOURS = ["red", "green", "blue", "orange", "yellow", "purple"]
# Move codes: "red-green" (a card), "red+red=blue" (a wild), "free:red", "reroll".
CODE = re.compile(
    r"\b(red|green|blue|orange|yellow|purple)-(red|green|blue|orange|yellow|purple)\b"
    r"|[+=](red|green|blue|orange|yellow|purple)\b|free:|\breroll\b"
)


def gains_named(line: Line) -> dict[str, int]:
    """The gains a line names, per colour: "+N <symbol>" (cards, tiles) or
    "<symbol> +N" (a die, or a wild's colour)."""
    found: dict[str, int] = {}
    parts = line.phrase
    for part, following in zip(parts, parts[1:], strict=False):
        if isinstance(part, str) and isinstance(following, Sym):
            match = re.search(r"\+(\d+) $", part)
            colour = following.colour
        elif isinstance(part, Sym) and isinstance(following, str):
            match = re.match(r" \+(\d+)", following)
            colour = part.colour
        else:
            continue
        if match:
            found[colour] = found.get(colour, 0) + int(match.group(1))
    return found


def played(variant: str, players: int, seed: int) -> Session:
    session = Session(
        make_setup(variant, [], players, [""] * players, ["casual"] * players, str(seed), False, 1)
    )
    bots = [make_challenge_bot("casual", seed + seat) for seat in range(players)]
    while not session.over:
        seat = session.game.current
        before = session.game.rows[seat]
        record = session.apply(bots[seat].choose(session.game.view(seat)))
        game = session.match.finished[-1] if session.over else session.game
        gained = {
            c: after - old
            for c, after, old in zip(COLOURS, game.rows[seat], before, strict=True)
            if after != old
        }
        named: dict[str, int] = {}
        for line in record.lines:
            for colour, points in gains_named(line).items():
                named[colour] = named.get(colour, 0) + points
        assert {c: p for c, p in named.items() if p} == gained, (record.move, record.lines)
    return session


@pytest.mark.parametrize("variant", ["cards", "dice", "tiles"])
def test_every_line_names_symbols_and_the_points_the_rows_gained(variant: str) -> None:
    """In whole games, each move's lines name the points its mover's rows gained, per
    symbol, and no line contains a move code."""
    for players, seed in [(2, 1), (3, 2), (4, 3)]:
        session = played(variant, players, seed)
        for record in session.log:
            for line in record.lines:
                assert not CODE.search(line.text), line.text
                assert line.text.endswith((".", "!")), line.text


def test_symbols_are_named_by_colour_and_shape() -> None:
    assert symbol_name("yellow") == "yellow sun"
    assert text(("Ann drew ", Sym("blue"), ".")) == "Ann drew blue 6-pointed star."


def test_a_card_is_described_by_its_symbols_order_and_points() -> None:
    game = new_challenge("cards", 2, 4, ["Ann", "Bo"])
    before = game.view(1)
    move = game.legal_moves()[0]
    game.apply(move)
    (line, *rest) = describe("cards", move, before, game.view(1), "")
    first, second = move.split("-")
    assert text(line.phrase).startswith(
        f"Ann played the {symbol_name(first)} and {symbol_name(second)} card, "
        f"{symbol_name(first)} first: +"
    )


def test_a_whole_hand_discard_and_a_kept_hand_are_told() -> None:
    before = new_challenge("cards", 2, 4, ["Ann", "Bo"]).view(0)
    after = dict(before, current=1, phase="play")
    (discard,) = describe("cards", "discard", before, after, "")
    assert discard.text == "Ann showed and discarded the whole hand (6 cards)."
    (keep,) = describe("cards", "keep", before, after, "")
    assert keep.text == "Ann kept the hand."


def test_a_wild_is_told_as_a_wild_of_dice_in_a_colour() -> None:
    game = new_challenge("dice", 2, 1, ["Ann", "Bo"])
    before = game.view(1)
    before["dice"][0] = ["red", "red", "green", "blue"]
    before["dice"][1] = ["green", "green", "red", "yellow"]
    before["rows"][0] = [1, 1, 1, 1, 1, 1]
    after = dict(before, current=1, rows=[[2, 1, 1, 1, 1, 1], before["rows"][1]])
    after["rows"][0] = [1, 3, 2, 1, 1, 1]
    (line,) = describe("dice", "red+red=blue green blue", before, after, "")
    assert line.text == (
        "Ann scored red 12-pointed star, red 12-pointed star, green disc, blue 6-pointed star: "
        "wild of 2 red 12-pointed star as blue 6-pointed star +1, "
        "green disc +2, blue 6-pointed star +0."
    )


def test_a_reroll_says_what_came_up() -> None:
    game = new_challenge("dice", 2, 1, ["Ann", "Bo"])
    before = game.view(1)
    game.apply("reroll")
    (line,) = describe("dice", "reroll", before, game.view(1), "")
    shown = ", ".join(symbol_name(d) for d in game.view(1)["dice"][0])
    assert line.text == f"Ann re-rolled: {shown} (1 re-roll left)."


def test_tile_draws_busts_and_scores_are_told() -> None:
    """A safe draw names the tile; a bust says why and how many tiles join the centre;
    stopping names the points, and points over the target go back to the pool."""
    seen = set()
    for seed in range(30):
        game = new_challenge("tiles", 2, seed, ["Ann", "Bo"])
        while not game.over and len(seen) < 4:
            before = game.view(1 - game.current)
            move = "draw" if "draw" in game.legal_moves() else game.legal_moves()[0]
            if game.phase == "drawing" and len(before["drawn"]) >= 2:
                move = "score"
            game.apply(move)
            words = " ".join(
                line.text for line in describe("tiles", move, before, game.view(0), "")
            )
            if " again: the turn ends and " in words:
                seen.add("again")
            elif "which no centre tile shows: the turn ends" in words:
                seen.add("absent")
            elif words.startswith(("Ann drew", "Bo drew")) and words.endswith("."):
                seen.add("drew")
            elif "stopped and scored: +" in words:
                seen.add("stopped")
        if len(seen) == 4:
            break
    assert seen == {"again", "absent", "drew", "stopped"}


def test_players_who_can_neither_draw_nor_score_are_said_to_pass() -> None:
    """The pool-empty ruling: every seat from the next one up to the one now playing
    passed; when every seat passed in turn the game ends."""
    game = new_challenge("tiles", 3, 1, ["Ann", "Bo", "Cy"])
    before = dict(game.view(1), current=0, pending_bonus=0)
    after = dict(before, current=0, pool_size=0)
    assert [line.text for line in pass_lines(before, after, 0, False)] == [
        "Bo cannot draw or score and passes.",
        "Cy cannot draw or score and passes.",
    ]
    ended = dict(after, phase="over", winner=None)
    assert len(pass_lines(before, ended, 0, False)) == 3
    ending = describe("tiles", "score", dict(before, drawn=[]), ended, "pool empty")
    assert ending[-1].text == "Nobody can draw or score: the game ends."


def test_a_bonus_and_a_win_stand_out() -> None:
    for seed in range(10):
        session = played("tiles", 2, seed)
        lines = [line for record in session.log for line in record.lines]
        bonus = [line for line in lines if line.bonus]
        if bonus:
            assert all(line.text.startswith("Ingenious! ") for line in bonus)
            assert "reached the target 7" in bonus[0].text
            assert lines[-1].text.endswith("wins!")
            return
    raise AssertionError("no bonus in ten games")


@pytest.mark.parametrize(
    ("variant", "move", "said"),
    [
        (
            "cards",
            "red-blue",
            "Bo plays the red 12-pointed star and blue 6-pointed star card, "
            "red 12-pointed star first.",
        ),
        ("cards", "discard", "Bo discards the whole hand."),
        ("dice", "reroll", "Bo re-rolls all dice."),
        (
            "dice",
            "green+green=red blue",
            "Bo scores wild of 2 green disc as red 12-pointed star, then blue 6-pointed star die.",
        ),
        ("tiles", "draw", "Bo draws a tile."),
        ("tiles", "score", "Bo stops and scores."),
        ("tiles", "free:green", "Bo takes a free score in green disc."),
    ],
)
def test_a_bots_coming_move_is_said_in_symbols(variant: str, move: str, said: str) -> None:
    assert text(intent(variant, move, {}, "Bo")) == said


def test_ways_to_use_equal_dice_are_told_in_points() -> None:
    assert split_label(4, (), "red") == "match each red die on its own"
    assert split_label(4, (2,), "red") == "a wild of 2 (1 point) + 2 matched dice"
    assert split_label(3, (3,), "red") == "a wild of 3 (2 points)"


@pytest.mark.parametrize("variant", ["cards", "dice", "tiles"])
def test_the_move_list_is_kept_as_messages_and_reads_in_the_readers_language(
    variant: str,
) -> None:
    """Move lines are kept as message ids and arguments (plain JSON, no rendered text):
    the same lines, once another language is chosen, read in that language, with the
    same symbols in the same number (each language orders its own words)."""
    session = played(variant, 2, 5)
    lines = [line for record in session.log for line in record.lines]
    english = [line.text for line in lines]
    symbols = [sorted(p.colour for p in line.phrase if isinstance(p, Sym)) for line in lines]
    assert json.loads(json.dumps([line.kept for line in lines])) == [line.kept for line in lines]
    try:
        use("de")
        german = [line.text for line in lines]
        assert [sorted(p.colour for p in ln.phrase if isinstance(p, Sym)) for ln in lines] == (
            symbols
        )
    finally:
        use("en")
    assert [line.text for line in lines] == english
    changed = [(e, g) for e, g in zip(english, german, strict=True) if e != g]
    assert len(changed) == len(lines), [e for e, g in zip(english, german, strict=True) if e == g]
    assert not any(" played the " in g or " drew " in g or " scored " in g for g in german)
