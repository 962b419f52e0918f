"""What every way of playing shares: seats, setup and what to say about a game
(`session`), the few words on the last game (`summary`), and the bot worker as the page
sees it (`botworker`).

May import: `web.board`, `web.ui`, the engine.
"""
