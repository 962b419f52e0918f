"""What the page has of remote play before its first use (the screen is made only then):
the start screen's Play-with-friends button and the ear for a message arriving in the
address (``#m=...``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]

from web.i18n import _
from web.ui.dom import document, missing, on

FRAGMENT = "#m="


def has_message(fragment: str) -> bool:
    return fragment.startswith(FRAGMENT)


def add_entry(open_remote: Callable[[], None], on_message: Callable[[str], None]) -> None:
    """The button under Rules and Tutorial, and a message arriving in the address of the
    open page (a link opened in this tab while it runs)."""
    tutorial = document.getElementById("open-tutorial")
    if not missing(tutorial):
        entry = document.createElement("button")
        entry.type = "button"
        entry.id = "open-remote"
        on(entry, "click", lambda e: open_remote())
        tutorial.parentNode.insertBefore(entry, tutorial.nextSibling)
    label()

    def changed(event: Any) -> None:
        fragment = str(js.location.hash)
        if has_message(fragment):
            on_message(fragment)

    on(js.window, "hashchange", changed)


def label() -> None:
    """The button's words, in the player's language."""
    entry = document.getElementById("open-remote")
    if not missing(entry):
        entry.textContent = _("Play with friends")
        entry.title = _("A game with friends on their own devices, by messages")
