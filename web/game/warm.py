"""The game screen's first use, made early on a throwaway game (pure).

A page whose Python is restored from a snapshot has every module imported, but the first
call of the screen's code still pays for what a module does lazily (imports inside
functions, `functools.lru_cache` of symbols and markup, the catalogue's first look-ups):
on the first tap of a game that was most of the wait. While the player reads the start
screen, the page runs these steps one at a time in idle time (`web/shell/app.py`), each a
few milliseconds: a two-player board is started, a tile picked, a placement aimed and its
rays scored, the move played, and every model and text of the screen made for it. Nothing
here touches the page, the storage or the language.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import new_game
from web.game import state as st
from web.game.facts import facts_for
from web.game.model import GameModel, model
from web.game.strip import strip_html
from web.play.session import HUMAN
from web.play.summary import summary_text
from web.store.storage import AUTOSAVE_KIND, Record, UiState
from web.ui.scoreboard import board_html


def warm_steps() -> Iterator[tuple[str, GameModel | None]]:
    """Each step's work, done when the generator is advanced; yields what it did and the
    model it made (for the page to write its markup too)."""
    game = new_game("standard", 2, 1, ["A", "B"])
    screen = st.screen_for(game, [HUMAN, "casual"], UiState(None))
    screen.welcome = None
    facts = facts_for(game, screen)
    yield "facts", None
    shown = model(game, screen, facts)
    yield "model", shown
    view = facts.view
    board_html(view)
    strip_html(shown.scores.tracks, list(view["side_names"]), shown.scores.current_side)
    yield "scores", None
    st.select_slot(screen, facts.index, list(facts.rack), 0)
    shown = model(game, screen, facts)
    yield "pick", shown
    legal = sorted(shown.board.legal)
    if legal:
        screen.aim.cell = legal[0]
        for _ in range(6):
            if st.candidate(screen, facts.index, facts.rack[0]) is not None:
                break
            screen.aim.rotate()
    shown = model(game, screen, facts)
    yield "aim", shown
    move = shown.candidate or next(m for m in facts.index.moves if m not in ("swap", "pass"))
    event = game.apply(move)
    st.after_move(screen, game, int(event["seat"]))
    facts = facts_for(game, screen, facts)
    yield "move", model(game, screen, facts)
    # What the autosave writes after a move (the record and the line under Continue).
    Record(AUTOSAVE_KIND, game, [HUMAN, "casual"], screen.ui()).to_json()
    summary_text(game)
    yield "save", None
