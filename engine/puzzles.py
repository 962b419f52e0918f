"""``python -m engine.puzzles COUNT``: make the daily puzzles again (see
:mod:`engine.coach.puzzles`, where they live)."""

from engine.coach.puzzles import main

if __name__ == "__main__":
    main()
