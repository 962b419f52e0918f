"""The Ingenious Challenges in the browser: cards, dice, tiles and matches.

Every screen is drawn from state. Pure modules (no browser, tested on CPython):

* ``setup``: the start-screen card: its form state, checks, the setup it makes;
* ``session``: the engine match at the table, its seats, move list, saves and undo;
* ``previews``: what a choice would score (cards, dice plans, tiles);
* ``words/``: moves and results in the players' language (symbols and points): the
  phrase machinery, the move lines, the short in-game rules;
* ``state``: the screen's own small state (choices, pass screen, dialogs, messages);
* ``parts``: the pieces a screen model is made of;
* ``panels``: the table and action panel of each challenge;
* ``screen``: ``screen_model(session, state)``: the whole screen (status line, panel);
* ``results``: the score rows, the ranking, the tally and the dialogs;
* ``actions``: what each control does to the state;
* ``draw/``: the screen model as HTML (through ``web.ui.markup``): controls, tables, boards.

In the browser: ``host`` (what the page must provide) and ``ui/``, the controller that
turns events into state and renders (with the page's HTML and the bot loop), mounted by
``web.shell.app`` with ``ui.mount(app)``.

May import: `web.board`, `web.ui`, `web.play`, `web.store`, the engine; not the other
features.
"""
