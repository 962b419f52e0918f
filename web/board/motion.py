"""Motion on the board, and the player's `prefers-reduced-motion` setting (pure).

With reduced motion asked for by the system, nothing on the board moves by itself: no
landing ripple, no scoring rays growing out of a new tile, no pulsing hint (it is drawn
steady), and no CSS transitions or animations (web/styles/style.css). The speed a player has
not chosen starts at ``fast`` instead of ``normal``: a bot's move is still shown for a
moment before it lands (a still ghost tile, so the player sees where it goes), without
the longer waits that only made sense for the animations. A speed the player chose (the
menu, a stored setting or ``?speed=``) is kept; it still sets how long bot moves are
shown, but never brings the animations back.

>>> starting_speed(None, prefers_reduced=True)
'fast'
>>> starting_speed("slow", prefers_reduced=True)
'slow'
>>> motion_allowed("slow", prefers_reduced=True)
False
"""

from __future__ import annotations

import math

SPEED_NAMES = ("slow", "normal", "fast", "instant")
DEFAULT_SPEED = "normal"
REDUCED_MOTION_SPEED = "fast"
#: The media query a page asks (``window.matchMedia``).
QUERY = "(prefers-reduced-motion: reduce)"

#: Opacity of the hinted tile: steady, or pulsing between 0.2 and 0.7 (period ~1.4 s).
HINT_STEADY = 0.6
HINT_MIDDLE = 0.45
HINT_PULSE = 0.25
HINT_PERIOD_MS = 220.0 * math.tau


def starting_speed(chosen: object, prefers_reduced: bool) -> str:
    """The speed to start with: the player's valid choice, else the default for them."""
    if isinstance(chosen, str) and chosen in SPEED_NAMES:
        return chosen
    return REDUCED_MOTION_SPEED if prefers_reduced else DEFAULT_SPEED


def motion_allowed(speed: str, prefers_reduced: bool) -> bool:
    """Whether a placement may animate (landing ripple, growing rays) at this speed."""
    return not prefers_reduced and speed != "instant"


def hint_alpha(time_ms: float, prefers_reduced: bool) -> float:
    """Opacity of the hinted tile at ``time_ms``: steady with reduced motion, else pulsing
    (at every speed: the pulse is what draws the eye to a hint)."""
    if prefers_reduced:
        return HINT_STEADY
    return HINT_MIDDLE + HINT_PULSE * math.sin(math.tau * time_ms / HINT_PERIOD_MS)
