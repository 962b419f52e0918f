"""Browser helpers of the saves part: the storage behind the `Store` protocol, times,
and the few elements it builds (always with `textContent` for text)."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from web.i18n import _, locale_tag
from web.store import storage
from web.store.storage import AUTOSAVE_KEY
from web.ui.dom import document, hold_focus, missing, on


def make(tag: str, cls: str = "", text: str = "") -> Any:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    return node


def button(text: str, action: str, cls: str = "") -> Any:
    node = make("button", cls, text)
    node.type = "button"
    node.setAttribute("data-action", action)
    return node


def dialog(box_id: str, role: str, heading: str, title_id: str | None = None) -> tuple[Any, Any]:
    """A native ``<dialog>`` overlay with a card (`role` dialog or alertdialog) titled by
    `heading`; `open_dialog` shows it as a modal above any other (a game-over card
    included), `close_dialog` takes it away and gives the focus back. Escape does not
    close it: each one asks for a choice among its buttons."""
    box = make("dialog", "overlay saves-dialog")
    box.id = box_id
    on(box, "cancel", lambda event: event.preventDefault())
    hold_focus(box)
    card = make("div", "card dialog")
    card.setAttribute("role", role)
    title = make("h2", "", heading)
    title.id = title_id or f"{box_id}-title"
    card.setAttribute("aria-labelledby", title.id)
    card.appendChild(title)
    box.appendChild(card)
    return box, card


def open_dialog(layer: Any, box: Any, focus: Any = None) -> None:
    layer.appendChild(box)
    box.showModal()
    if focus is not None:
        focus.focus()


def close_dialog(box: Any) -> None:
    if box.open:
        box.close()  # the focus goes back to what had it before
    box.remove()


def now_ms() -> float:
    return float(js.Date.now())


def when_text(ms: float) -> str:
    if not ms:
        return _("unknown date")
    return str(js.Date.new(ms).toLocaleString(locale_tag()))


class LocalStore:
    """localStorage behind the `storage.Store` protocol, with key listing."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def getItem(self, key: str) -> str | None:  # noqa: N802
        value = self.backend.getItem(key)
        return None if value is None or missing(value) else str(value)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.backend.setItem(key, value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.backend.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.backend.key(i)) for i in range(int(self.backend.length))]


def open_store() -> tuple[Any, list[str]]:
    """This copy's part of the browser's storage (see `storage.SiteStore`), with entries of
    earlier versions moved in; or an in-memory store and the reason storage is unavailable."""
    try:
        backend = js.window.localStorage
        if backend is None or missing(backend):
            raise RuntimeError("SecurityError: storage not available")
        backend.getItem(AUTOSAVE_KEY)
        return storage.open_site_store(LocalStore(backend), str(js.location.pathname), now_ms())
    except Exception as exc:
        return storage.MemoryStore(), [storage.problem_text(exc, "open the browser's storage")]
