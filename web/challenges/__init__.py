"""The Ingenious Challenges in the browser: cards, dice, tiles and matches.

* ``model``: pure session logic (setup checks, seats, hot-seat hiding, saves, score
  previews, the dice plan of wilds and scoring order), tested under CPython;
* ``html``: pure HTML pieces (cards, dice, tiles, score rows, ranking, tally);
* ``rules``: the short in-game rules;
* ``ui``: the browser controller, mounted by ``web.app`` with ``ui.mount(app)``.
"""
