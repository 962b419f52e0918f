"""Saves: versioned JSON that loads back to an equal game, and clear errors on bad input."""

import json

import pytest

from engine import SaveFormatError, dumps, load_game, loads, new_game
from engine.bots import make_bot
from engine.formats.save import VERSION
from engine.rules.game import Game


def played(variant: str = "standard", players: int = 2, moves: int = 30, seed: int = 4) -> Game:
    game = new_game(variant, players, seed=seed, names=[f"P{i}" for i in range(players)])
    bot = make_bot("casual", seed=seed)
    for _ in range(moves):
        if game.over:
            break
        game.apply(bot.choose(game.view(game.current)))
    return game


def test_save_has_format_version_variant_options_seed_and_moves() -> None:
    """Save format: format, version, variant, players, names, options, seed, moves."""
    save = played().to_save()
    assert save["format"] == "ingenious" and save["version"] == VERSION
    assert set(save) == {
        "format",
        "version",
        "variant",
        "players",
        "names",
        "options",
        "seed",
        "moves",
    }
    json.dumps(save)


@pytest.mark.parametrize(
    ("variant", "players"), [("standard", 3), ("solo", 1), ("team", 4), ("duel", 2)]
)
def test_save_and_load_give_an_equal_game(variant: str, players: int) -> None:
    """Round trip: loading a save replays it to a game equal to the original."""
    game = played(variant, players)
    assert loads(dumps(game)) == game


def test_undo_and_redo_restore_exact_states() -> None:
    """Undo is a stack of earlier states; redo replays them; a new move clears redo."""
    game = played(moves=10)
    before = game.copy()
    move = game.legal_moves()[0]
    game.apply(move)
    after = game.copy()
    game.undo()
    assert game == before
    game.redo()
    assert game == after
    game.undo()
    game.apply(game.legal_moves()[-1])
    assert not game.can_redo


def test_loaded_game_can_undo() -> None:
    """A resumed game keeps its history, so the last turn can still be taken back."""
    game = loads(dumps(played(moves=5)))
    game.undo()
    assert len(game.moves) == 4


def save_text(**fields: object) -> str:
    """A valid two-player save with some fields replaced (``None`` removes a field)."""
    base: dict[str, object] = {
        "format": "ingenious",
        "version": 1,
        "variant": "standard",
        "players": 2,
        "seed": 1,
        "names": ["a", "b"],
        "moves": [],
    }
    base.update(fields)
    return json.dumps({k: v for k, v in base.items() if v is not None})


BAD = [
    ("", "not valid JSON"),
    ("[]", "JSON object"),
    ('{"format": "chess"}', "not an Ingenious save"),
    ('{"format": "ingenious"}', "no version"),
    (save_text(version=99), "newer than this program"),
    (save_text(variant=None), "no 'variant'"),
    (save_text(variant="chess"), "unknown variant"),
    (save_text(players=9), "for 2 or 3 or 4 players"),
    (save_text(players="2"), "'players' must be int"),
    (save_text(seed=-1), "seed must be"),
    (save_text(seed=10**30), "seed must be"),
    (save_text(names=["a", 5]), "name must be text"),
    (save_text(moves=["0,0:red 1,0:red"]), "move 1"),
    (save_text(moves=[7]), "move 1 is not text"),
    (save_text(moves=["swap"] * 5000), "too many moves"),
    (save_text(options={"open": True}), "unknown option"),
    (save_text(options=[1]), "options must be"),
    (save_text()[:-1] + ', "x": ' + "[" * 100000 + "]" * 100000 + "}", "nested too deeply"),
    (save_text()[:-1] + ', "x": "' + "a" * 600_000 + '"}', "too large"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_saves_are_refused_with_a_clear_message(text: str, message: str) -> None:
    """Bad input: a corrupt, truncated, unknown-version or hostile save raises SaveFormatError."""
    with pytest.raises(SaveFormatError, match=message):
        loads(text)


def test_names_are_cleaned_on_load_not_refused() -> None:
    """Names pass through engine.rules.names.clean_name: a save with an over-long, multi-line or
    text-reversing name still loads, with the name repaired; an empty one gets a default."""
    game = loads(save_text(names=["<script>alert(1)</script>" * 5, "\u202eB\x00o\nb "]))
    assert game.names == [("<script>alert(1)</script>" * 2)[:40], "Bo b"]
    assert loads(save_text(names=["", "b"])).names == ["Player 1", "b"]


def test_truncated_save_is_refused() -> None:
    """Bad input: any truncation of a valid save is refused cleanly (never a traceback)."""
    text = dumps(played(moves=6))
    for cut in range(0, len(text), 7):
        try:
            loads(text[:cut])
        except SaveFormatError:
            continue
        raise AssertionError(f"truncated save at {cut} loaded")


def test_load_game_accepts_a_decoded_object() -> None:
    """The loader takes decoded JSON too (as the browser hands it over)."""
    game = played(moves=3)
    assert load_game(json.loads(dumps(game))) == game
