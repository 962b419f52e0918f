"""Small browser helpers shared by every page's Python (game, challenges, saves, rules
and tutorial, embed): elements, listeners, JS values, the automation hooks, banners.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide maps JS null to None
    jsnull = None

document = js.document
_proxies: list[Any] = []  # JS callbacks must outlive the call that made them: keep them here
_banner_shown: dict[str, int] = {}  # banner element id -> how many times it was shown
BANNER_SECONDS = 1.2


def missing(node: Any) -> bool:
    """True for a JS null/undefined result (Pyodide maps null to `jsnull`, not None)."""
    return bool(node is None or node is jsnull or (jsnull is not None and node == jsnull))


def el(id_: str) -> Any:
    return document.getElementById(id_)


def keep(handler: Callable[..., Any]) -> Any:
    """A JS function calling `handler`, kept alive for the life of the page."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    return proxy


def on(node: Any, event: str, handler: Callable[..., Any], options: Any = None) -> None:
    if options is None:
        node.addEventListener(event, keep(handler))
    else:
        node.addEventListener(event, keep(handler), options)


def js_value(value: Any) -> Any:
    """A plain JS object/array copy of JSON-able Python data (for the automation hooks)."""
    return js.JSON.parse(json.dumps(value))


def expose(global_name: str, functions: dict[str, Callable[..., Any]]) -> None:
    """Publish `window.<global_name>` with the given functions (the test and tool hooks)."""
    api = js.Object.new()
    for name, fn in functions.items():
        setattr(api, name, keep(fn))
    setattr(js.window, global_name, api)


#: Called after a modal dialog opens: layers that must stay above it (the toasts) rise.
ABOVE_DIALOGS: list[Callable[[], None]] = []


def show_dialog(node: Any, shown: bool) -> None:
    """Open a native ``<dialog>`` as a modal (focus moves in and stays in, the page behind
    is inert) or close it (focus returns to what had it), to match a screen model. The
    ``hidden`` attribute follows too, for code and tests that look at it."""
    if shown:
        node.hidden = False
        if not node.open:
            node.showModal()
            for rise in ABOVE_DIALOGS:
                rise()
    else:
        if node.open:
            node.close()
        node.hidden = True


def guard_dialog(node: Any, on_escape: Callable[[], None], reopen: Callable[[], None]) -> None:
    """Escape on a model-driven dialog: the browser's own closing is refused and
    `on_escape` decides (close where that is safe, else nothing); should the browser close
    it anyway, `reopen` draws it again as the model says."""

    def cancel(event: Any) -> None:
        event.preventDefault()
        on_escape()

    on(node, "cancel", cancel)
    on(node, "close", lambda event: reopen())
    hold_focus(node)


TABBABLE = (
    "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]),"
    " textarea:not([disabled]), [tabindex]:not([tabindex='-1'])"
)


def hold_focus(node: Any) -> None:
    """Tab from the last control of `node` goes to its first, Shift+Tab from the first to
    the last: a modal dialog keeps the focus (the browser would move on to its own bar)."""

    def on_key(event: Any) -> None:
        if str(event.key) != "Tab":
            return
        stops = [
            n for n in node.querySelectorAll(TABBABLE)
            if not n.hidden and n.getClientRects().length > 0
        ]  # fmt: skip
        if not stops:
            event.preventDefault()
            return
        first, last = stops[0], stops[-1]
        active = document.activeElement
        if event.shiftKey and active in (first, node):
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and active == last:
            event.preventDefault()
            first.focus()

    on(node, "keydown", on_key)


def show_banner(element_id: str, text: str) -> None:
    """Flash a banner ("Ingenious!"); a newer banner on the same element keeps its own time."""
    banner = el(element_id)
    banner.hidden = True
    banner.textContent = text
    _ = banner.offsetWidth  # reading layout restarts the CSS animation
    banner.hidden = False
    shown = _banner_shown[element_id] = _banner_shown.get(element_id, 0) + 1

    async def hide() -> None:
        await asyncio.sleep(BANNER_SECONDS)
        if _banner_shown[element_id] == shown:
            banner.hidden = True

    asyncio.ensure_future(hide())
