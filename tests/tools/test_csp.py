"""Every page the site serves carries a Content-Security-Policy <meta> first in its head:
no inline script runs, nothing is loaded from or sent to another site, no plugins, no
<base> and no form posts. (Checked in Chromium by tests/browser/test_csp.py.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import build_dist

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["index.html", "embed.html", "docs/embed-demo.html"]


class Head(HTMLParser):
    """The tags of a page's head in order, and its inline scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.inline: dict[str, list[str]] = {"script": [], "style": []}
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        values = dict(attrs)
        classic = tag == "script" and values.get("type") in (None, "", "text/javascript")
        if (classic and "src" not in values) or tag == "style":
            self._open = tag

    def handle_data(self, data: str) -> None:
        if self._open:
            self.inline[self._open].append(data)

    def handle_endtag(self, tag: str) -> None:
        self._open = None


def policy(page: str) -> tuple[dict[str, list[str]], Head]:
    head = Head()
    head.feed((ROOT / page).read_text(encoding="utf-8"))
    first = [t for t in head.tags if t[0] not in ("html", "head")][:2]
    assert first[0] == ("meta", {"charset": "utf-8"}), page
    meta = first[1]
    assert meta[0] == "meta" and meta[1].get("http-equiv") == "Content-Security-Policy", (
        f"{page}: the policy must come right after <meta charset>, before anything it covers"
    )
    rules: dict[str, list[str]] = {}
    for part in (meta[1].get("content") or "").split(";"):
        words = part.split()
        if words:
            rules[words[0]] = words[1:]
    return rules, head


@pytest.mark.parametrize("page", PAGES)
def test_every_page_has_a_strict_policy_first_in_its_head(page: str) -> None:
    rules, _ = policy(page)
    assert rules["object-src"] == ["'none'"] and rules["base-uri"] == ["'none'"]
    assert rules["form-action"] == ["'none'"]
    assert rules["default-src"] in (["'self'"], ["'none'"])
    assert "'unsafe-inline'" not in rules["script-src"]
    for directive, sources in rules.items():
        for source in sources:
            assert source.startswith("'") or source in ("blob:",), (
                f"{page}: {directive} allows {source}: only this site may be used"
            )


def test_the_game_allows_only_what_pyscript_pyodide_and_its_worker_need() -> None:
    """PyScript evaluates code (unsafe-eval), Pyodide compiles WebAssembly; fetches, and
    the bot worker (a blob: URL), stay on this site; the page frames nothing."""
    rules, _ = policy("index.html")
    assert rules["script-src"] == ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"]
    assert rules["connect-src"] == ["'self'"] and rules["img-src"] == ["'self'"]
    assert rules["worker-src"] == ["'self'", "blob:"] and rules["frame-src"] == ["'none'"]


@pytest.mark.parametrize("page", ["embed.html", "docs/embed-demo.html"])
def test_pages_of_boards_allow_no_eval_no_inline_style_and_no_frames(page: str) -> None:
    """Boards start Pyodide themselves (web/scripts/boards.js, no PyScript): no eval of code, no
    inline script or style, no frames; the only worker is the release's service worker,
    which the board of a release registers (a page of docs/ is never in a release)."""
    rules, head = policy(page)
    assert rules["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    assert rules["style-src"] == ["'self'"] and rules["connect-src"] == ["'self'"]
    worker = ["'self'"] if page == "embed.html" else ["'none'"]
    assert rules.get("worker-src", rules["default-src"]) == worker
    assert rules["frame-src"] == ["'none'"]
    assert head.inline == {"script": [], "style": []}


def test_the_release_build_keeps_the_policy_first(tmp_path: Path) -> None:
    """The build tag is stamped after <meta charset>; the policy still precedes every
    script and style the page loads."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    stamped = build_dist.stamp_html(html, "0123456789abcdef")
    policy_at = stamped.index('http-equiv="Content-Security-Policy"')
    assert policy_at < stamped.index("<script") and policy_at < stamped.index("<link")
    assert re.search(r'<meta name="ingenious-build" content="0123456789abcdef">', stamped)
