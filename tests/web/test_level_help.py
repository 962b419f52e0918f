"""The start forms tell players what each bot level is, in the words and figures of
engine/bots/levels.py (the start screen is plain HTML, shown before Python runs, so the
text is written into index.html; this test keeps the two the same)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.bots.levels import level_blurbs

ROOT = Path(__file__).resolve().parents[2]


class Items(HTMLParser):
    """The text of each <li> inside the <ul> with the given id."""

    def __init__(self, ident: str) -> None:
        super().__init__()
        self.ident, self.inside, self.items = ident, False, []  # type: ignore[var-annotated]
        self.current: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "ul" and ("id", self.ident) in attrs:
            self.inside = True
        elif tag == "li" and self.inside:
            self.current = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul":
            self.inside = False
        elif tag == "li" and self.current is not None:
            self.items.append("".join(self.current))
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.current is not None:
            self.current.append(data)


@pytest.mark.parametrize(("ident", "challenges"), [("level-help", False), ("ch-level-help", True)])
def test_each_start_form_describes_every_level_it_offers_as_measured(
    ident: str, challenges: bool
) -> None:
    parser = Items(ident)
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.items == list(level_blurbs(challenges).values())
