"""Messages of the saves part (browser only): the notice at the top (problems, kept until
dismissed) and toasts at the bottom (confirmations, ten seconds, maybe with an action)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from web.dom import on
from web.saves.widgets import button, make

TOAST_SECONDS = 10.0
SHOWN = 8


class Messages:
    def __init__(self, texts: list[str]) -> None:
        self.texts = list(texts)
        self.write_problem: str | None = None

    def mount(self, layer: Any) -> None:
        self.notice = make("div", "saves-notice")
        self.notice.id = "saves-notice"
        self.notice.setAttribute("role", "alert")
        self.toasts = make("div", "saves-toasts")
        self.toasts.id = "saves-toasts"
        self.toasts.setAttribute("aria-live", "polite")
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
            self.notice.appendChild(make("p", "", f"…and {len(self.texts) - SHOWN} more."))
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
            self.toast("Saving works again.")

    def toast(self, text: str, action: str = "", handler: Callable[[], None] | None = None) -> Any:
        box = make("div", "toast")
        box.appendChild(make("span", "", text))
        if action and handler is not None:
            act = button(action, "toast-action")

            def run(event: Any) -> None:
                box.remove()
                handler()

            on(act, "click", run)
            box.appendChild(act)
        self.toasts.appendChild(box)

        async def expire() -> None:
            await asyncio.sleep(TOAST_SECONDS)
            box.remove()

        asyncio.ensure_future(expire())
        return box
