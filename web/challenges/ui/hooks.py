"""The Challenges screen's automation hook (docs/challenges.md, "Automation"):
``window.ingeniousChallenges``, what a test or a tool may ask the screen, read from its
state."""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

from web.challenges.screen import Screen
from web.challenges.session import Session
from web.ui.dom import expose, js_value


class Hooked(Protocol):
    """What the hook reads of the screen's controller
    (:class:`web.challenges.ui.controller.ChallengeUI` is one)."""

    session: Session | None
    model: Screen | None
    busy: bool


def expose_automation(ui: Hooked) -> None:
    def state() -> Any:
        return js_value(ui.session.to_save()) if ui.session else None

    def view() -> Any:
        if ui.session is None or ui.model is None:
            return None
        return js_value(ui.session.game.view(ui.model.view_seat))

    def screen() -> Any:
        if ui.model is None:
            return None
        return js_value(dataclasses.asdict(ui.model))

    def busy() -> bool:
        return bool(ui.busy)

    expose("ingeniousChallenges", {"state": state, "view": view, "screen": screen, "busy": busy})
