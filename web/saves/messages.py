"""Messages of the saves part (browser only): the notice at the top (problems, kept until
dismissed) and toasts at the bottom (confirmations, ten seconds, maybe with an action).

At most `TOASTS` toasts show at once (a new one drops the oldest), so they never cover a
list of buttons. They live in a popover, the browser's top layer, raised again whenever a
modal dialog opens (`web.ui.dom.ABOVE_DIALOGS`): a toast is never hidden under a pass screen."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from web.i18n import _, fmt
from web.saves.widgets import button, make
from web.ui.dom import ABOVE_DIALOGS, on

TOAST_SECONDS = 10.0
SHOWN = 8
TOASTS = 2  # toasts shown at once


class Messages:
    def __init__(self, texts: list[str]) -> None:
        self.texts = list(texts)
        self.write_problem: str | None = None
        self.shown: list[Any] = []  # the toasts on screen, oldest first
        self.layer_open = False  # their popover is shown

    def mount(self, layer: Any) -> None:
        self.notice = make("div", "saves-notice")
        self.notice.id = "saves-notice"
        self.notice.setAttribute("role", "alert")
        self.toasts = make("div", "saves-toasts")
        self.toasts.id = "saves-toasts"
        self.toasts.setAttribute("aria-live", "polite")
        self.toasts.setAttribute("popover", "manual")  # the top layer: above modal dialogs
        ABOVE_DIALOGS.append(self.raise_toasts)
        layer.appendChild(self.notice)
        layer.appendChild(self.toasts)
        self.close = button("Dismiss", "dismiss")
        on(self.close, "click", lambda e: self.clear())
        self.show()

    def show(self) -> None:
        """The notice, drawn from the list of texts."""
        self.notice.replaceChildren()
        if not self.texts:
            self.notice.hidden = True
            return
        for text in self.texts[:SHOWN]:
            self.notice.appendChild(make("p", "", text))
        if len(self.texts) > SHOWN:
            self.notice.appendChild(make("p", "", fmt("…and {n} more.", n=len(self.texts) - SHOWN)))
        self.notice.appendChild(self.close)
        self.notice.hidden = False

    def clear(self) -> None:
        self.texts = []
        self.show()

    def say(self, text: str) -> None:
        if text not in self.texts:
            self.texts.append(text)
        if hasattr(self, "notice"):
            self.show()

    def report(self, problem: str | None) -> None:
        """One message while writes fail; a note when they work again."""
        if problem:
            if self.write_problem is None:
                self.say(problem)
            self.write_problem = problem
        elif self.write_problem is not None:
            self.texts = [m for m in self.texts if m != self.write_problem]
            self.write_problem = None
            self.show()
            self.toast(_("Saving works again."))

    def toast(self, text: str, action: str = "", handler: Callable[[], None] | None = None) -> Any:
        box = make("div", "toast")
        box.appendChild(make("span", "", text))
        if action and handler is not None:
            act = button(action, "toast-action")

            def run(event: Any) -> None:
                self.drop(box)
                handler()

            on(act, "click", run)
            box.appendChild(act)
        self.toasts.appendChild(box)
        self.shown.append(box)
        while len(self.shown) > TOASTS:
            self.drop(self.shown[0])
        self.raise_toasts()

        async def expire() -> None:
            await asyncio.sleep(TOAST_SECONDS)
            self.drop(box)

        asyncio.ensure_future(expire())
        return box

    def drop(self, box: Any) -> None:
        if box in self.shown:
            self.shown.remove(box)
            box.remove()
        if not self.shown and self.layer_open:
            self.toasts.hidePopover()
            self.layer_open = False

    def raise_toasts(self) -> None:
        """Show the toasts' layer on top of the top layer (after a dialog opened above it)."""
        if not self.shown:
            return
        if self.layer_open:
            self.toasts.hidePopover()
        self.toasts.showPopover()
        self.layer_open = True
