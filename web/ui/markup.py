"""The one way this project writes HTML: every text and attribute value is escaped.

Screens are built as strings of HTML (one ``innerHTML`` per region is far cheaper from
Pyodide than one DOM call per node), so untrusted text (player names, file names,
reasons from a save) must never be formatted into markup by hand. :func:`tag` escapes
every text child and every attribute value, quotes included; only :class:`Markup`, HTML
made by this project's own code (the builder itself, the SVG symbols), passes through
unchanged.

>>> tag("li", {"class": "rank", "title": 'say "hi"'}, "<b>Ann</b> & Bob")
'<li class="rank" title="say &quot;hi&quot;">&lt;b&gt;Ann&lt;/b&gt; &amp; Bob</li>'
>>> tag("p", None, Markup("<b>trusted</b>"), " and ", 3)
'<p><b>trusted</b> and 3</p>'
>>> tag("button", {"disabled": True, "hidden": False, "data-slot": 2}, "Go")
'<button disabled data-slot="2">Go</button>'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping

_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9-]*\Z")
_ATTR = re.compile(r"[a-zA-Z_:][a-zA-Z0-9_:.-]*\Z")
VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "source", "wbr", "col", "area"})


class Markup(str):
    """HTML this project made itself: safe to insert as it is."""

    __slots__ = ()


def escape(text: object) -> Markup:
    """Text as HTML: ``& < > " '`` escaped (a :class:`Markup` is returned unchanged)."""
    if isinstance(text, Markup):
        return text
    return Markup(html.escape(str(text), quote=True))


def _children(children: Iterable[object]) -> Iterable[str]:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, str | int | float):
            yield escape(child)
        elif isinstance(child, Iterable):
            yield from _children(child)
        else:
            raise TypeError(f"cannot put a {type(child).__name__} into HTML")


def attributes(attrs: Mapping[str, object] | None) -> Markup:
    """`` name="value"`` pairs, escaped; ``True`` gives a bare name, ``None``/``False`` none."""
    parts: list[str] = []
    for name, value in (attrs or {}).items():
        if not _ATTR.match(name) or name.lower().startswith("on"):
            raise ValueError(f"not an attribute this project writes: {name!r}")
        if value is None or value is False:
            continue
        if value is True:
            parts.append(f" {name}")
        else:
            parts.append(f' {name}="{escape(value)}"')
    return Markup("".join(parts))


def tag(name: str, attrs: Mapping[str, object] | None = None, *children: object) -> Markup:
    """``<name attrs>children</name>`` with every text and value escaped."""
    if not _NAME.match(name):
        raise ValueError(f"not an element name: {name!r}")
    opening = f"<{name}{attributes(attrs)}>"
    if name in VOID:
        if children:
            raise ValueError(f"<{name}> takes no children")
        return Markup(opening)
    return Markup(f"{opening}{''.join(_children(children))}</{name}>")


def join(parts: Iterable[object]) -> Markup:
    """Several pieces as one (text escaped, markup kept)."""
    return Markup("".join(_children(parts)))
