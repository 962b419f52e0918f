"""The start forms tell players what each bot level is, in the words and figures of
engine/bots/levels.py (the start screen is plain HTML, shown before Python runs, so the
text is written into index.html, by `tools/level_figures.py --write` for the board game;
this test keeps the two the same)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.bots.levels import level_blurbs, level_figures
from web.shell.start_form import BoardForm, board_form_model

ROOT = Path(__file__).resolve().parents[2]


class Items(HTMLParser):
    """The items of the <ul> with the given id: each item's own text, and the items of a
    list inside it as (data-table, text)."""

    def __init__(self, ident: str) -> None:
        super().__init__()
        self.ident, self.depth = ident, 0
        self.items: list[tuple[str, list[tuple[str | None, str]]]] = []
        self.inner: list[str] | None = None
        self.inner_table: str | None = None
        self.in_item = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "ul" and ("id", self.ident) in attrs:
            self.depth = 1
        elif tag == "ul" and self.depth:
            self.depth += 1
        elif tag == "li" and self.depth == 1:
            self.items.append(("", []))
            self.in_item = True
        elif tag == "li" and self.depth == 2:
            self.inner, self.inner_table = [], dict(attrs).get("data-table")

    def handle_endtag(self, tag: str) -> None:
        if tag == "ul" and self.depth:
            self.depth -= 1
        elif tag == "li" and self.depth == 2 and self.inner is not None:
            self.items[-1][1].append((self.inner_table, "".join(self.inner)))
            self.inner = None
        elif tag == "li" and self.depth == 1:
            self.in_item = False

    def handle_data(self, data: str) -> None:
        if self.inner is not None:
            self.inner.append(data)
        elif self.depth == 1 and self.in_item:
            text, figures = self.items[-1]
            self.items[-1] = (text + data, figures)


def items_of(ident: str) -> list[tuple[str, list[tuple[str | None, str]]]]:
    parser = Items(ident)
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser.items


@pytest.mark.parametrize(("ident", "challenges"), [("level-help", False), ("ch-level-help", True)])
def test_each_start_form_describes_every_level_it_offers_as_measured(
    ident: str, challenges: bool
) -> None:
    """One item per level, in the words of engine/bots/levels.py; on the board game each
    with its figures per table, each figure marked with the table it was measured at."""
    items = items_of(ident)
    assert [text for text, _ in items] == list(level_blurbs(challenges).values())
    if challenges:
        assert all(not figures for _, figures in items)
    else:
        assert [figures for _, figures in items] == list(level_figures().values())


def test_the_figures_marked_are_those_of_the_table_the_form_has_chosen() -> None:
    """The form model names its table in the figures' own terms: every table a kept run
    measures is one a form can choose, and each choice names one of them (or solo)."""
    tables = {table for _, figures in items_of("level-help") for table, _ in figures}
    chosen = {
        board_form_model(BoardForm(variant=variant, players=players, open_play=open_play)).table
        for variant in ("standard", "solo", "team", "duel")
        for players in (2, 3, 4)
        for open_play in (False, True)
    }
    # Open play is a table of its own in the team game only.
    assert chosen == {"2p", "3p", "4p", "team", "team-open", "duel", "solo"}
    assert tables <= chosen
    css = (ROOT / "web" / "styles" / "style.css").read_text(encoding="utf-8")
    for table in tables:
        assert f'#level-help[data-table="{table}"] li[data-table="{table}"]' in css
