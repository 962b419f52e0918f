"""Positions for the screen-model tests, reached by real play with the engine.

`greedy` plays the highest-scoring placement and declines every offer, so a (variant,
seed, moves) triple always leads to the same position; the tests check that each
position really is what they need (a bonus due, an offer, ...) before using it.
"""

from __future__ import annotations

from functools import cache

from engine import load_game, new_game
from engine.rules.game import Game
from web.game import state as st
from web.game.facts import facts_for
from web.game.model import GameModel, model
from web.play.session import HUMAN

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def best_move(game: Game) -> str:
    placements = [m for m in game.legal_moves() if m not in ("swap", "pass")]
    return max(placements, key=lambda m: (sum(game.preview(m)["points"].values()), m))


@cache
def _moves(variant: str, players: int, seed: int, count: int) -> tuple[str, ...]:
    game = new_game(variant, players, seed=seed, names=NAMES[:players])
    while len(game.moves) < count and game.phase != "over":
        game.apply("pass" if game.phase == "swap" else best_move(game))
    return tuple(game.moves)


def greedy(variant: str, seed: int, count: int, players: int = 2) -> Game:
    """A fresh game (its own undo history) after `count` greedy moves."""
    game = new_game(variant, players, seed=seed, names=NAMES[:players])
    for move in _moves(variant, players, seed, count):
        game.apply(move)
    return game


def to_end(variant: str, seed: int, players: int = 2) -> Game:
    return greedy(variant, seed, 10_000, players)


def show(game: Game, screen: st.Screen) -> GameModel:
    return model(game, screen, facts_for(game, screen))


def play(game: Game, screen: st.Screen, move: str) -> None:
    """What the game screen does for a move: the engine plays it, the aim moves on."""
    event = game.apply(move)
    st.after_move(screen, game, int(event["seat"]))


def reloaded(game: Game, screen: st.Screen) -> tuple[Game, st.Screen]:
    """The game and screen a reload builds from the autosave (engine save + screen record),
    once "since your last turn", which only a resume shows, is closed."""
    again = load_game(game.to_save())
    again_screen = st.screen_for(again, list(screen.seats), screen.ui())
    assert again_screen.welcome == st.position_of(again)
    again_screen.welcome = None
    return again, again_screen


def people(players: int) -> list[str]:
    return [HUMAN] * players
