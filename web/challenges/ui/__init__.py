"""The Challenges screen in the page (PyScript main thread), mounted with :func:`mount`.

* ``controller``: :class:`~web.challenges.ui.controller.ChallengeUI`, events in, one
  render out;
* ``page``: the HTML the screen is built in and its fixed texts;
* ``bots``: the bot loop (the bot worker chooses, the page shows the move, then plays it).

May import: the rest of ``web.challenges``, `web.board`, `web.ui`, `web.play`,
`web.store`, the engine; not the other features.
"""

from __future__ import annotations

from typing import Any

from web.challenges.host import host_of
from web.challenges.ui.controller import ChallengeUI

_ui: ChallengeUI | None = None


def mount(app: Any) -> ChallengeUI:
    """Build the Challenges card and screen once. ``app`` is a
    :class:`~web.challenges.host.ChallengeHost` (or today's board-game ``App``)."""
    global _ui
    if _ui is None:
        _ui = ChallengeUI(host_of(app))
    return _ui
