"""The one HTML builder: untrusted text can never become markup."""

from __future__ import annotations

import pytest

from web.ui.markup import Markup, attributes, escape, join, tag

HOSTILE = [
    '"><img src=x onerror=alert(1)>',
    "'><py-script>js.alert(8)</py-script>",
    "</li><script>alert(1)</script>",
    "a & b < c > d",
]


@pytest.mark.parametrize("name", HOSTILE)
def test_text_children_are_escaped_so_no_element_or_attribute_can_be_injected(name: str) -> None:
    html = tag("li", {"class": "rank"}, name)
    inner = html[len('<li class="rank">') : -len("</li>")]
    assert "<" not in inner and ">" not in inner and '"' not in inner and "'" not in inner


@pytest.mark.parametrize("name", HOSTILE)
def test_attribute_values_escape_both_quote_kinds(name: str) -> None:
    html = tag("span", {"aria-label": f"{name} holds the red token"})
    value = html[len('<span aria-label="') : -len('"></span>')]
    assert '"' not in value and "'" not in value and "<" not in value


def test_markup_made_by_the_project_passes_unchanged_and_is_not_escaped_twice() -> None:
    svg = Markup('<svg viewBox="0 0 1 1"></svg>')
    assert tag("div", None, svg) == '<div><svg viewBox="0 0 1 1"></svg></div>'
    assert escape(escape("<")) == "&lt;"


def test_boolean_and_missing_attributes() -> None:
    assert attributes({"disabled": True, "hidden": False, "title": None}) == " disabled"
    assert tag("input", {"value": 'a"b'}) == '<input value="a&quot;b">'


def test_event_handler_attributes_and_odd_names_are_refused() -> None:
    with pytest.raises(ValueError):
        tag("img", {"onerror": "alert(1)"})
    with pytest.raises(ValueError):
        tag("div", {'x" onclick="y': "1"})
    with pytest.raises(ValueError):
        tag("script src=x", None)


def test_nested_lists_numbers_and_none_children() -> None:
    assert tag("ol", None, [tag("li", None, n) for n in (1, 2)], None) == (
        "<ol><li>1</li><li>2</li></ol>"
    )
    assert join(["a<", Markup("<b>"), 3]) == "a&lt;<b>3"
