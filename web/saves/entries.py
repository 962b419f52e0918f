"""The saved-games list and the statistics as models and markup (pure, CPython-tested).

An entry's texts come from its line in the saves' index (`web.store.storage.Listed`: read
from the stored text, or from the checked record once the list has replayed it); the
list is written as one piece of markup (every name and text escaped by `web.ui.markup`)
and its buttons carry only an action and the entry's position in the list, never a
stored key in a selector, so a save key with a quote in it cannot break anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from web.i18n import N_, _, fmt, fmt_n
from web.play.session import HUMAN, default_name
from web.store.kept import Finished
from web.store.storage import Listed
from web.ui.markup import Markup, join, tag

ACTIONS = (
    (N_("Load"), "load"),
    (N_("Replay"), "replay"),
    (N_("Rename"), "rename"),
    (N_("Export"), "export"),
    (N_("Link"), "link"),
    (N_("Delete"), "delete"),
)
#: A seat's level after its name in a saved game's line.
SEAT_LEVEL = {
    "beginner": N_("{name} (beginner bot)"),
    "casual": N_("{name} (casual bot)"),
    "strong": N_("{name} (strong bot)"),
    "expert": N_("{name} (expert bot)"),
}


@dataclass(frozen=True)
class Entry:
    name: str
    meta: str
    picture: str  # the thumbnail's accessible name


def seat_words(index: int, name: str, seat: str) -> str:
    """A seat in a saved game's line: a person's name, a bot's with its level, unless the
    name says it already ("Casual bot 2", not "Casual bot 2 (casual bot)")."""
    if seat == HUMAN or name in (default_name(index, seat), f"{seat.capitalize()} bot {index + 1}"):
        return name
    return fmt(SEAT_LEVEL.get(seat, "{name} (" + seat + " bot)"), name=name)


def players_text(names: tuple[str, ...], seats: tuple[str, ...]) -> str:
    """Who played: ``Ann, Bob (strong bot)`` (a bot named by its level is named once)."""
    return ", ".join(
        seat_words(index, name, seat)
        for index, (name, seat) in enumerate(zip(names, seats, strict=True))
    )


def entry(line: Listed, when: str, kept_only: bool = False) -> Entry:
    """A saved game's line; ``kept_only`` when the browser refused to store it (full
    storage) and it lives in this page's memory only. A save from before the record
    said whether its game was over shows its move until the list has replayed it."""
    seats = players_text(line.names, line.seats)
    state = _("finished") if line.over else fmt("move {n}", n=line.moves)
    if kept_only:
        state += " · " + _("not stored: until this page closes")
    variant = _(line.variant)  # a variant's title (web.play.summary.VARIANT_TITLE)
    meta = f"{variant} · {seats} · {state} · {when}"
    return Entry(line.name, meta, fmt_n("Board after {n} move", "Board after {n} moves", "n",
                                        n=line.moves))  # fmt: skip


# --- finished games (web.store.kept) ---------------------------------------------------------
FINISHED_ACTIONS = (
    (N_("Replay"), "replay"),
    (N_("Review"), "review"),
    (N_("Export"), "export"),
    (N_("Link"), "link"),
    (N_("Delete"), "delete"),
)


def review_state(reviewed: int, total: int, complete: bool) -> str:
    """How far a finished game's stored review went, for its line in the list."""
    if complete:
        return _("reviewed")
    if reviewed:
        return fmt_n("review: {n} of {total} move", "review: {n} of {total} moves", "total",
                     n=reviewed, total=total)  # fmt: skip
    return _("not reviewed yet")


def finished_entry(line: Finished, when: str, kept_only: bool = False) -> Entry:
    """A kept finished game's line: who played, then the game type, its length, how far
    its review went and when it ended."""
    moves = fmt_n("{n} move", "{n} moves", "n", n=line.moves)
    state = review_state(line.reviewed, line.total, line.complete)
    if kept_only:
        state += " · " + _("not stored: until this page closes")
    meta = f"{_(line.variant)} · {moves} · {state} · {when}"
    return Entry(players_text(line.names, line.seats), meta, "")


def finished_html(items: list[Entry]) -> Markup:
    """The finished games; each entry's buttons carry an action and its position."""
    if not items:
        return tag("li", {"class": "muted empty"}, _("No finished games yet."))
    return join(
        tag("li", {"class": "save-entry finished-entry"},
            tag("div", {"class": "save-body"},
                tag("span", {"class": "save-name"}, item.name),
                tag("span", {"class": "save-meta"}, item.meta),
                tag("div", {"class": "save-actions"}, [
                    tag("button", {"type": "button", "data-finished": action, "data-entry": i,
                                   "aria-label": f"{_(text)}: {item.name}"}, _(text))
                    for text, action in FINISHED_ACTIONS
                ])))
        for i, item in enumerate(items)
    )  # fmt: skip


def more_label(hidden: int, page: int) -> str:
    """The button under a list that shows a page at a time."""
    step = min(hidden, page)
    if step < hidden:
        return fmt("Show {n} more of {total}", n=step, total=hidden)
    return fmt("Show {n} more", n=step)


def entry_html(item: Entry, position: int, renaming: bool) -> Markup:
    if renaming:
        name = tag("input", {"class": "rename-input", "value": item.name, "maxlength": 60,
                             "aria-label": _("New name"), "data-entry": position})  # fmt: skip
    else:
        name = tag("span", {"class": "save-name"}, item.name)
    buttons = [
        tag("button", {"type": "button", "data-action": action, "data-entry": position,
                       "aria-label": fmt("{action}: {name}", action=_(text), name=item.name)},
                      _(text))
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
        return tag("li", {"class": "muted empty"}, _("No saved games yet."))
    return join(entry_html(item, i, i == renaming) for i, item in enumerate(items))


def stats_html(rows: list[tuple[str, int, int, str]]) -> Markup:
    title = tag("h3", None, _("Statistics"))
    if not rows:
        return join([title, tag("p", {"class": "muted"}, _("No finished games yet."))])
    head = tag("tr", None, [tag("th", None, text)
                            for text in ("", _("Played"), _("Won"), _("Rate"))])  # fmt: skip
    body = [
        tag("tr", None, tag("th", None, label), tag("td", None, played), tag("td", None, won),
            tag("td", None, rate))
        for label, played, won, rate in rows
    ]  # fmt: skip
    return join([title, tag("table", None, head, body)])


def aside_text(count: int) -> str:
    return fmt_n(
        "{n} stored entry that could not be opened was set aside, not deleted.",
        "{n} stored entries that could not be opened were set aside, not deleted.",
        "n",
        n=count,
    )


# Whether the browser keeps this site's storage (`navigator.storage.persisted()`, read once
# at start, then the answer to the one request `ask_to_keep` allows).
KEPT = N_("Your browser keeps these saves: it will not clear them to make room.")
MAY_CLEAR = N_(
    "Your browser may clear these saves when it runs low on space: export the games you "
    "want to keep."
)


def keeping_text(persisted: bool | None) -> str:
    """The saves panel's line on storage; nothing where the browser cannot tell (None)."""
    if persisted is None:
        return ""
    return _(KEPT) if persisted else _(MAY_CLEAR)


def ask_to_keep(persisted: bool | None, asked_before: bool) -> bool:
    """Ask the browser to keep the storage (`navigator.storage.persist()`) when it does
    not yet and this site never asked: once, at the player's first named save or first
    finished game, never at a start (a browser may prompt the player)."""
    return persisted is False and not asked_before
