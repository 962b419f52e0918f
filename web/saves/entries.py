"""The saved-games list and the statistics as models and markup (pure, CPython-tested).

An entry's texts come from its line in the saves' index (`web.store.storage.Listed`: read
from the stored text, or from the checked record once the list has replayed it); the
list is written as one piece of markup (every name and text escaped by `web.ui.markup`)
and its buttons carry only an action and the entry's position in the list, never a
stored key in a selector, so a save key with a quote in it cannot break anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from web.play.session import HUMAN
from web.store.storage import Listed
from web.ui.markup import Markup, join, tag

ACTIONS = (
    ("Load", "load"),
    ("Replay", "replay"),
    ("Rename", "rename"),
    ("Export", "export"),
    ("Link", "link"),
    ("Delete", "delete"),
)


@dataclass(frozen=True)
class Entry:
    name: str
    meta: str
    picture: str  # the thumbnail's accessible name


def entry(line: Listed, when: str, kept_only: bool = False) -> Entry:
    """A saved game's line; ``kept_only`` when the browser refused to store it (full
    storage) and it lives in this page's memory only. A save from before the record
    said whether its game was over shows its move until the list has replayed it."""
    seats = ", ".join(
        name + ("" if seat == HUMAN else f" ({seat} bot)")
        for name, seat in zip(line.names, line.seats, strict=True)
    )
    state = "finished" if line.over else f"move {line.moves}"
    if kept_only:
        state += " · not stored: until this page closes"
    meta = f"{line.variant} · {seats} · {state} · {when}"
    return Entry(line.name, meta, f"Board after {line.moves} moves")


def more_label(hidden: int, page: int) -> str:
    """The button under a list that shows a page at a time."""
    step = min(hidden, page)
    return f"Show {step} more of {hidden}" if step < hidden else f"Show {step} more"


def entry_html(item: Entry, position: int, renaming: bool) -> Markup:
    if renaming:
        name = tag("input", {"class": "rename-input", "value": item.name, "maxlength": 60,
                             "aria-label": "New name", "data-entry": position})  # fmt: skip
    else:
        name = tag("span", {"class": "save-name"}, item.name)
    buttons = [
        tag("button", {"type": "button", "data-action": action, "data-entry": position,
                       "aria-label": f"{text}: {item.name}"}, text)
        for text, action in ACTIONS
    ]  # fmt: skip
    return tag(
        "li", {"class": "save-entry"},
        tag("canvas", {"class": "thumb", "role": "img", "aria-label": item.picture}),
        tag("div", {"class": "save-body"}, name, tag("span", {"class": "save-meta"}, item.meta),
            tag("div", {"class": "save-actions"}, buttons)),
    )  # fmt: skip


def list_html(items: list[Entry], renaming: int | None) -> Markup:
    if not items:
        return tag("li", {"class": "muted empty"}, "No saved games yet.")
    return join(entry_html(item, i, i == renaming) for i, item in enumerate(items))


def stats_html(rows: list[tuple[str, int, int, str]]) -> Markup:
    title = tag("h3", None, "Statistics")
    if not rows:
        return join([title, tag("p", {"class": "muted"}, "No finished games yet.")])
    head = tag("tr", None, [tag("th", None, text) for text in ("", "Played", "Won", "Rate")])
    body = [
        tag("tr", None, tag("th", None, label), tag("td", None, played), tag("td", None, won),
            tag("td", None, rate))
        for label, played, won, rate in rows
    ]  # fmt: skip
    return join([title, tag("table", None, head, body)])


def aside_text(count: int) -> str:
    what = (
        "entry that could not be opened was"
        if count == 1
        else "entries that could not be opened were"
    )
    return f"{count} stored {what} set aside, not deleted."


# Whether the browser keeps this site's storage (`navigator.storage.persisted()`, read once
# at start, then the answer to the one request `ask_to_keep` allows).
KEPT = "Your browser keeps these saves: it will not clear them to make room."
MAY_CLEAR = (
    "Your browser may clear these saves when it runs low on space: export the games you "
    "want to keep."
)


def keeping_text(persisted: bool | None) -> str:
    """The saves panel's line on storage; nothing where the browser cannot tell (None)."""
    if persisted is None:
        return ""
    return KEPT if persisted else MAY_CLEAR


def ask_to_keep(persisted: bool | None, asked_before: bool) -> bool:
    """Ask the browser to keep the storage (`navigator.storage.persist()`) when it does
    not yet and this site never asked: once, at the player's first named save or first
    finished game, never at a start (a browser may prompt the player)."""
    return persisted is False and not asked_before
