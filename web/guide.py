"""In-app rules and tutorial pages (HTML strings). A separate module so the teaching
pages can grow without touching the game screen. Written in our own words."""

from __future__ import annotations

from web.symbols import COLOURS, SHAPE_NAME, svg_symbol


def _symbols_table() -> str:
    rows = "".join(
        f"<tr><td>{svg_symbol(c, 22)}</td><td>{c}</td><td>{SHAPE_NAME[c]}</td></tr>"
        for c in COLOURS
    )
    return f'<table aria-label="The six symbols">{rows}</table>'


def rules_html() -> str:
    return f"""
<h3>Goal</h3>
<p>Score in all six colours. At the end only your <strong>weakest colour</strong> counts first:
players are ranked by their lowest colour, then the next lowest, and so on.</p>
<h3>The symbols</h3>
{_symbols_table()}
<h3>A turn</h3>
<ol>
<li>Put one of your six tiles on two neighbouring empty cells of the board (the light area).</li>
<li>Each of the two new symbols scores on its own: look along the five straight lines leading
away from it (not towards its partner) and count the matching symbols in an unbroken row.
Each one is a point in that colour.</li>
<li>Your first tile must touch one of the printed symbols that nobody has touched yet.</li>
<li>A colour that reaches 18 calls <em>Ingenious!</em>: you place another tile at once.
Points beyond 18 are lost.</li>
<li>If none of your tiles shows your lowest colour, you may swap your whole rack.</li>
<li>Refill to six tiles.</li>
</ol>
<p>The game ends when no two neighbouring cells are free. Reaching 18 in all six colours wins at
once.</p>
<h3>Other games</h3>
<ul>
<li><strong>Solo:</strong> draw one tile each turn and place it; tracks run to 36 with a stop at 18.
Your result is your lowest colour.</li>
<li><strong>Team:</strong> partners sit opposite and share one set of double tracks (0–36).
With open play partners may see each other's tiles.</li>
<li><strong>Duel:</strong> one tug-of-war track per colour. Pull a colour to your 9 to take its
token
and a bonus placement. Most colours on your side wins.</li>
</ul>
<h3>Controls</h3>
<ul>
<li>Pick a tile (click, tap or keys 1–6), move over the board: the tile appears where it may
go.</li>
<li>Turn it with the Turn button, a right click, the mouse wheel or R. Click to place.</li>
<li>On a touch screen tap one cell, then its neighbour.</li>
<li>Keyboard: arrow keys move the cursor, R turns, Enter places, Escape drops the tile.</li>
</ul>
"""


def tutorial_html() -> str:
    return """
<ol class="tutorial">
<li><strong>Look at your tiles.</strong> Every tile has two symbols. Your lowest colour is marked
in red on
your score board: it decides the game, so feed it.</li>
<li><strong>Start near a printed symbol.</strong> Your first tile must touch one of the six printed
symbols that is still untouched. Highlighted cells show where the chosen tile may go.</li>
<li><strong>Aim along lines.</strong> Move the tile over the board: the preview shows how many
points
each colour would get and draws the lines that score.</li>
<li><strong>Turn before you place.</strong> Press R or right-click to turn the tile; each turning
changes which lines count.</li>
<li><strong>Call Ingenious!</strong> Reaching 18 in a colour earns an extra placement straight
away.</li>
<li><strong>Swap when stuck.</strong> If no tile shows your lowest colour, the game offers a
swap.</li>
</ol>
<p>Start a game against a beginner bot to try it. The Hint button shows what a strong bot would
play.</p>
"""
