"""The board drawing every screen shares: hex geometry (`hexgrid`), tile symbols (`symbols`),
motion and reduced motion (`motion`), zoom and pan (`zoom`), the canvas renderer
(`render`), rack tile + cell -> move (`placing`) and the board in words (`board_words`).

May import: the engine only (and a shared layer that imports nothing from web/).
"""
