"""Ingenious rules engine: pure Python, standard library only."""
