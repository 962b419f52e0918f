"""The embedded board's markup (web/teach/embed_view.py): one builder for the frame and for the
boards of a page, every element the board code and the automation hooks use, and the
engine's rays and counts written with every text escaped."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine import COLOURS, parse_position, score_position
from web.teach.embed_view import board_html, count_items, ray_items
from web.teach.teach import explain, ray_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "positions").glob("*.json"))
#: Every id the embedded board's modules (web/teach/embed*.py) look up (self.el("...")).
USED_IDS = {
    found
    for module in sorted((ROOT / "web" / "teach").glob("embed*.py"))
    for found in re.findall(r'self\.el\("([\w-]+)"\)', module.read_text())
}


class Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> Elements:
    parser = Elements()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("frame", [True, False])
def test_the_board_has_every_element_its_code_uses_once(frame: bool) -> None:
    """Each id embed.py looks up is in the markup exactly once (the root, #embed, is the
    page's or the loader's); the canvas is focusable."""
    ids = [attrs["id"] for _, attrs in parse(board_html(frame)).tags if attrs.get("id")]
    assert len(ids) == len(set(ids))
    assert USED_IDS - {"embed"} <= set(ids), USED_IDS - set(ids)
    canvas = next(attrs for tag, attrs in parse(board_html(frame)).tags if tag == "canvas")
    assert canvas["tabindex"] == "0"


def test_the_title_is_the_frames_heading_but_not_a_heading_in_a_page() -> None:
    """In a frame the title is its page's h1; in a page of boards the page has its own
    headings, so the title is a plain line."""
    assert ("h1", {"id": "title", "class": "title"}) in parse(board_html(True)).tags
    tags = parse(board_html(False)).tags
    assert not any(tag.startswith("h") and tag[1:].isdigit() for tag, _ in tags)
    assert ("p", {"id": "title", "class": "title"}) in tags


def test_both_colour_pickers_offer_the_six_colours() -> None:
    options = [attrs["value"] for tag, attrs in parse(board_html(True)).tags if tag == "option"]
    assert options == list(COLOURS) * 2


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_ray_items_list_the_engines_rays_in_order(path: Path) -> None:
    """One li per ray of `engine.score_position`, with its colour, points, start cell and
    direction as data attributes and the explanation's own text."""
    score = score_position(parse_position(json.loads(path.read_text(encoding="utf-8"))))
    items = [attrs for tag, attrs in parse(ray_items(score["rays"])).tags if tag == "li"]
    assert items == [
        {
            "data-colour": r["colour"],
            "data-points": str(r["points"]),
            "data-from": f"{r['from'][0]},{r['from'][1]}",
            "data-direction": r["direction"],
        }
        for r in score["rays"]
    ]
    text = "".join(parse(ray_items(score["rays"])).text)
    assert all(ray_text(r) in text for r in score["rays"])


def test_counts_mark_the_colours_still_at_zero() -> None:
    path = ROOT / "docs" / "positions" / "2-red-and-two-blue.json"
    score = score_position(parse_position(json.loads(path.read_text(encoding="utf-8"))))
    last = explain(score)[-1].running
    spans = [attrs for tag, attrs in parse(count_items(last)).tags if tag == "span"]
    assert [s["data-colour"] for s in spans] == list(COLOURS)
    assert {s["data-colour"]: s["data-count"] for s in spans} == {c: str(last[c]) for c in COLOURS}
    assert {s["data-colour"] for s in spans if "zero" in str(s["class"])} == {
        c for c in COLOURS if last[c] == 0
    }


def test_ray_text_reaching_the_markup_is_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever a ray says is text, never markup (defence in depth: the engine names the
    colours and directions)."""
    from web.teach import teach

    monkeypatch.setitem(teach.DIRECTION_WORDS, "E", "<b>")
    ray = {"colour": "red", "points": 1, "from": [0, 0], "direction": "E", "cells": []}
    html = ray_items([ray])
    assert "<b>" not in html and "&lt;b&gt;" in html


def test_a_ray_says_where_it_starts_in_rows_and_cells_not_coordinates() -> None:
    """A teaching board tells where a ray starts as the keyboard cursor and the move lines
    count ("row 6, 6th cell"), not by coordinates ("0,0") nor compass codes ("(SE)")."""
    ray = {"colour": "green", "points": 3, "from": [0, 0], "direction": "SE", "cells": []}
    said = ray_text(ray, 5)
    assert said == "green on row 6, 6th cell, looking down-right: 3 in a row, +3", said
    path = ROOT / "docs" / "positions" / "2-red-and-two-blue.json"
    score = score_position(parse_position(json.loads(path.read_text(encoding="utf-8"))))
    for step in explain(score, 5):
        assert not re.search(r"-?\d+,-?\d+", step.text), step.text
