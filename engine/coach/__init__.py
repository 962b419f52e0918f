"""The bots as teachers: the review of a finished game (`review`), the lessons it states
(`lessons` and its parts), their quality suite (`lesson_suite`, `lesson_set`) and the
daily puzzles (`puzzles`, `puzzle_set`).

May import the rules, the formats and the bots; never the tools.
"""
