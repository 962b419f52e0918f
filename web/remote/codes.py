"""The QR codes of a message to send (pure: CPython-tested).

A phone across the table scans them: each code holds a link to this page with the message
(``#m=...``), so the camera opens the game. A message too big for one code (an invitation,
a remixed bag) is split into parts (`engine.remote.api.split_message`), a code each, "part k
of n"; the other device keeps the parts it has opened (`web.remote.games.collect`) and opens
the message when the last one comes.
"""

from __future__ import annotations

from functools import lru_cache

from engine.remote import api
from web.i18n import _, fmt
from web.remote.games import part_of
from web.ui import qr
from web.ui.markup import Markup, tag

#: A message longer than this goes in parts: with this page's address each link then fits
#: a version 24 code or so (121 modules), still about 2.7 CSS px a module on a phone.
PART_SIZE = 1000
#: CSS px a module is drawn (the picture shrinks to the dialog's width, never below 2).
MODULE_PX = 3


def link_of(text: str, page: str) -> str:
    """The link to ``page`` that carries a message or a part of one."""
    if part_of(text) is not None:
        return f"{page.split('#', 1)[0]}#m={text}"
    return api.message_link(text, page)


def parts_of(message: str) -> list[str]:
    """The message itself if one code holds its link, else its parts."""
    return [message] if len(message) <= PART_SIZE else api.split_message(message, PART_SIZE)


@lru_cache(maxsize=32)
def code_of(link: str) -> qr.Code:
    """The link's code (kept: the dialog is redrawn at each key typed, a code takes a tenth
    of a second in CPython, more in Pyodide)."""
    return qr.encode(link)


def label(k: int, n: int) -> str:
    if n == 1:
        return _("QR code of the link")
    return fmt("QR code of the link, part {k} of {n}", k=k, n=n)


def svg(matrix: qr.Matrix, words: str) -> Markup:
    """A code as one SVG path of its dark modules on white, with a 4-module quiet zone;
    its matrix in ``data-qr`` (rows of 1 and 0) for tests and tools."""
    side = len(matrix) + 2 * qr.QUIET
    return tag(
        "svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {side} {side}",
                "width": side * MODULE_PX, "height": side * MODULE_PX, "role": "img",
                "aria-label": words, "class": "remote-qr-code", "shape-rendering": "crispEdges",
                "data-qr": qr.matrix_text(matrix)},
        tag("rect", {"width": side, "height": side, "fill": "#fff"}),
        tag("path", {"d": qr.svg_path(matrix), "fill": "#000"}),
    )  # fmt: skip


def codes_html(message: str, page: str) -> Markup:
    """The codes of a message, each with its part's number when there are several."""
    parts = parts_of(message)
    figures = []
    for k, part in enumerate(parts, 1):
        link = link_of(part, page)
        code = code_of(link)
        caption = fmt("Part {k} of {n}", k=k, n=len(parts)) if len(parts) > 1 else ""
        figures.append(tag(
            "figure", {"class": "remote-qr", "data-part": k, "data-link": link,
                       "data-version": code.version},
            svg(code.matrix, label(k, len(parts))),
            tag("figcaption", None, caption) if caption else "",
        ))  # fmt: skip
    intro = (_("Or let the other phone's camera scan this code.") if len(parts) == 1 else
             fmt("Or let the other phone's camera scan these {n} codes, one after another,"
                 " in any order.", n=len(parts)))  # fmt: skip
    return tag("div", {"class": "remote-qrs", "id": "remote-qrs"},
               tag("p", {"class": "muted"}, intro), figures)  # fmt: skip
