"""Everything the game keeps in the browser's localStorage: the site-scoped store, the
records and their checks, quarantine of bad data, and the two-tab autosave (`storage`);
finished games and the reviews kept with games (`kept`, `reviews`).

May import: `web.board`, `web.ui`, `web.play`, the engine.
"""
