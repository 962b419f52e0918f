"""The rules of Ingenious: the board and its zones, the tiles, scoring, the game and its
turn, the variants, the ranking, what one seat may see, and a game written as a save.

Imports nothing from the rest of the engine: everything else is built on it.
"""
