"""Small widgets every feature uses: the browser helpers (`dom`), escaped HTML (`markup`)
and the score board as on the table (`scoreboard`).

May import: `web.board`, the engine.
"""
