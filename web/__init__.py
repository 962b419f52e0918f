"""Browser front end for Ingenious (PyScript). Pure modules import nothing from the browser.

The folders, lowest layer first; a module imports only from its own folder and from
folders above it in this list, never from one below (``tests/web/test_layers.py``):

- ``board``: the board drawing every screen shares (grid, symbols, motion, zoom, renderer,
  placing, the board in words);
- ``ui``: small shared widgets (DOM helpers, escaped markup, the score board);
- ``play``: what every way of playing shares (seats and setup, the last-game summary,
  the bot worker as the page sees it);
- ``store``: the browser's storage (site scoping, records and their checks, autosave);
- ``game``, ``challenges``, ``teach``, ``coach``: the features (the board game, the
  Challenges, teaching boards with the tutorial and rules, the bots as teachers: the
  post-game review and the daily puzzle); none imports another;
- ``saves``: saved games, sharing, replays and statistics;
- ``shell``: the page shell and the entry scripts (``main.py``, ``worker.py``).

``scripts/`` holds the JavaScript that runs before or beside Python, ``styles/`` the CSS.
"""
