"""The HTML the Challenges screen is built in, and its fixed texts (pure): the Continue
button of the start screen, the screen's frame and its menu.
"""

from __future__ import annotations

from html import escape

from web.i18n import _

# Shown in the start screen's "Play on" card, under the board game's Continue, so every
# game in progress is resumed from one place.
CONTINUE_HTML = """
<button id="ch-continue" type="button" disabled></button>
<p id="ch-continue-info" class="muted"></p>
"""

SCREEN_HTML = """
<header class="bar">
  <h1 id="ch-heading" class="sr-only"></h1>
  <button id="ch-menu" type="button" data-action="ch-menu"></button>
  <p id="ch-status" class="status" aria-hidden="true"></p>
  <div class="bar-tools">
    <label class="speed"><span id="ch-speed-label" class="speed-label"></span>
      <select id="ch-speed">
        <option value="slow"></option><option value="normal"></option>
        <option value="fast"></option><option value="instant"></option>
      </select>
    </label>
    <span id="ch-undo-slot"></span>
    <button id="ch-sound" type="button" class="sound-button" aria-pressed="true"><span
      class="sound-icon"></span> <span id="ch-sound-label" class="sound-label"></span></button>
    <button id="ch-rules" type="button" data-action="ch-rules"></button>
  </div>
</header>
<div class="ch-layout">
  <div class="ch-main">
    <p id="ch-match-info" class="ch-match-info" hidden></p>
    <section class="ch-panel" aria-labelledby="ch-table-title">
      <h2 id="ch-table-title" class="panel-title"></h2>
      <div id="ch-table"></div>
    </section>
    <section class="ch-panel ch-act" aria-labelledby="ch-act-title">
      <h2 id="ch-act-title" class="panel-title"></h2>
      <div id="ch-act"></div>
    </section>
    <div id="ch-banner" class="banner" aria-hidden="true" hidden></div>
  </div>
  <aside class="ch-side">
    <section class="ch-panel" aria-labelledby="ch-scores-title">
      <h2 id="ch-scores-title" class="panel-title"></h2>
      <div id="ch-scores"></div>
    </section>
    <section class="ch-panel" aria-labelledby="ch-log-title">
      <h2 id="ch-log-title" class="panel-title"></h2>
      <ol id="ch-log" class="move-list" tabindex="0" aria-labelledby="ch-log-title"></ol>
    </section>
  </aside>
</div>
<dialog id="ch-pass" class="card dialog pass" aria-labelledby="ch-pass-title" hidden>
  <div id="ch-pass-card"></div>
</dialog>
<dialog id="ch-over" class="card dialog" aria-labelledby="ch-over-title" hidden>
  <div id="ch-over-card"></div>
</dialog>
<dialog id="ch-guide" class="card dialog guide-card" aria-labelledby="ch-guide-title" hidden>
  <div class="guide-head">
    <h2 id="ch-guide-title"></h2>
    <button id="ch-guide-close" type="button" data-action="ch-guide-close">✕</button>
  </div>
  <div id="ch-guide-body" class="guide-body"></div>
</dialog>
"""


def fixed_texts() -> list[tuple[str, str, str]]:
    """The fixed words of the screen in the current language: (CSS selector, attribute
    or "" for the text, text). Written when the screen is built and when the language
    changes."""
    return [
        ("#ch-continue", "", _("Continue saved challenge")),
        ("#ch-heading", "", _("Ingenious Challenges")),
        ("#ch-menu", "title", _("Back to the start screen")),
        ("#ch-speed-label", "", _("Speed")),
        ("#ch-speed", "aria-label", _("Bot speed")),
        ('#ch-speed option[value="slow"]', "", _("Slow")),
        ('#ch-speed option[value="normal"]', "", _("Normal")),
        ('#ch-speed option[value="fast"]', "", _("Fast")),
        ('#ch-speed option[value="instant"]', "", _("Instant")),
        ("#ch-sound-label", "", _("Sound")),
        ("#ch-sound", "title", _("The game's sounds: on or off")),
        ("#ch-rules", "", _("How to play")),
        ("#ch-table-title", "", _("Table")),
        ("#ch-act-title", "", _("Your turn")),
        ("#ch-scores-title", "", _("Score rows")),
        ("#ch-log-title", "", _("Moves")),
        ("#ch-guide-title", "", _("How to play")),
        ("#ch-guide-close", "aria-label", _("Close")),
    ]


def menu_html() -> str:
    return f'<span aria-hidden="true">☰</span> {escape(_("Menu"))}'
