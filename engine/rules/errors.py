"""Typed errors raised by the engine.

Every error message names the rule or the field that was broken, so that the
command line and the browser can show it to a player as it is.
"""


class IngeniousError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalMoveError(IngeniousError):
    """A move that the rules do not allow in the current state. The game is unchanged."""


class SaveFormatError(IngeniousError):
    """A save (or position) that is malformed, of an unknown version or inconsistent."""
