"""The page's language as the browser has it (the page's Python only).

``web/i18n/lang.js`` chooses the language before Python runs and writes it into
``<html lang>``; :func:`start` switches the catalogues to it. A page without that script
(the bot worker has no texts) chooses by the same rule from the address and the
browser's languages. :func:`on_change` runs a callback after the player picks another
language in a language menu (lang.js fires ``ingenious-language``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

from web.i18n import choose, normalise, use

_kept: list[Any] = []


def page_language() -> str:
    """The page's ``<html lang>`` (lang.js wrote the choice there; a page that shows
    boards states its own), else the rule of :func:`choose`."""
    chosen = normalise(str(js.document.documentElement.lang or ""), pseudo=True)
    if chosen is not None:
        return chosen
    query = js.URLSearchParams.new(js.location.search).get("lang")
    browser = list(js.navigator.languages or [js.navigator.language])
    return choose(str(query) if query else None, None, [str(tag) for tag in browser])


def start() -> str:
    """Switch to the page's language; the code in use."""
    return use(page_language())


def set_language(code: str) -> None:
    """The player's choice: remembered, the page's static texts translated (lang.js)."""
    api = getattr(js.window, "ingeniousI18n", None)
    if api is not None:
        api.set(code)  # fires ingenious-language: on_change's callbacks run
    else:
        use(code)


def on_change(callback: Callable[[str], None]) -> None:
    """Call ``callback(code)`` after the catalogues switched to a newly chosen language."""

    def changed(event: Any) -> None:
        callback(use(str(event.detail)))

    proxy = create_proxy(changed)
    _kept.append(proxy)
    js.window.addEventListener("ingenious-language", proxy)
