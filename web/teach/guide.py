"""In-app rules page and guided tutorial (the start screen's "Rules" and "Tutorial").

``rules_html()`` and ``tutorial_html()`` give the pages' HTML (importable on CPython);
``mount(which, body)`` brings them to life in the browser once the HTML is in place:
it draws the rules diagrams with the game's renderer and runs the tutorial lessons
(web/teach/tutorial.py) with the engine judging every goal.
"""

from __future__ import annotations

from typing import Any

from web.i18n import N_, _, fmt
from web.teach.rules import rules_html as _rules_html
from web.teach.tutorial import LESSONS


def rules_html() -> str:
    return _rules_html()


def tutorial_html() -> str:
    step = fmt("Lesson {n} of {total}", n=1, total=len(LESSONS))
    return f"""
<div id="tut" class="tut">
  <p class="tut-progress"><span id="tut-step">{step}</span></p>
  <h3 id="tut-title"></h3>
  <div id="tut-text" class="tut-text"></div>
  <p class="tut-goal"><strong>{_("Goal:")}</strong> <span id="tut-goal"></span></p>
  <div id="tut-scores" class="tut-scores"></div>
  <div id="tut-board-wrap" class="tut-board-wrap">
    <canvas id="tut-board" tabindex="0" role="application"
            aria-label="{_(BOARD_LABEL)}"></canvas>
  </div>
  <div id="tut-rack" class="rack tut-rack" role="group" aria-label="{_("Your tiles")}"></div>
  <p id="tut-preview" class="tut-preview"></p>
  <p id="tut-feedback" class="tut-feedback" role="status" aria-live="polite"></p>
  <div class="row-buttons">
    <button id="tut-turn" type="button"
            aria-label="{_("Turn the tile (R)")}">{_("⟳ Turn")}</button>
    <button id="tut-place" type="button" class="primary"
            aria-label="{_("Place the tile (Enter)")}">{_("Place")}</button>
    <button id="tut-swap" type="button" class="primary" hidden>{_("Swap tiles")}</button>
    <button id="tut-keep" type="button" hidden>{_("Keep my tiles")}</button>
    <button id="tut-retry" type="button">{_("Try again")}</button>
    <button id="tut-back" type="button">◀ {_("Back")}</button>
    <button id="tut-next" type="button" class="primary" disabled>{_("Next lesson")} ▶</button>
  </div>
  <p class="muted tut-keys">{_(KEYS)}</p>
</div>
<div id="tut-finished" class="tut-finished" hidden>
  <h3>{_("Tutorial complete")}</h3>
  <p>{_(FINISHED)}</p>
  <button id="tut-play" type="button" class="primary">{_("Play against a beginner bot")}</button>
  <button id="tut-again" type="button">{_("Start the tutorial again")}</button>
</div>
"""


BOARD_LABEL = N_("Lesson board. Keys: 1 to 6 pick a tile, arrows move, R turns, Enter places.")
KEYS = N_("Keys: 1–6 pick a tile, arrows move it, R turns it, Enter places it.")
FINISHED = N_(
    "You know the whole game now: start one against a beginner bot, or read the rules"
    " once more for the solo, team and duel variants."
)


_mounted: list[Any] = []


def mount(which: str, body: Any) -> None:
    """Draw the rules diagrams or start the tutorial inside ``body`` (browser only)."""
    from web.teach import guide_view

    # The body element stays while its HTML is replaced: the previous page's listeners on
    # it must go, or a reopened tutorial would move its cursor twice per key.
    for old in _mounted:
        if isinstance(old, guide_view.TutorialView):
            old.dispose()
    _mounted.clear()
    if which == "rules":
        _mounted.append(guide_view.draw_diagrams(body))
    else:
        _mounted.append(guide_view.TutorialView(body))
