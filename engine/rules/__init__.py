"""The rules of Ingenious: the board and its zones, the tiles, scoring, the game and its
turn, the variants, the ranking, what one seat may see, a game written as a save, and
the one interface through which remote play deals a game's tiles (`source`).

Imports nothing from the rest of the engine: everything else is built on it.
"""
