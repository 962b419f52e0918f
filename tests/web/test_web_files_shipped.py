"""The page loads only local files, and the bot worker needs no cross-origin isolation."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_page_loads_the_local_runtime_and_no_cdn() -> None:
    """index.html and pyscript.toml only point at files of this site. The interpreter's
    module starts at once without holding the page's parsing (async); PyScript's core is
    preloaded by the page head and started by web/scripts/start-form.js after the first frame (so
    the start screen paints first); PyScript's interpreter is that same module."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert '<script type="module" src="web/scripts/python.mjs" async></script>' in html
    assert '<link rel="modulepreload" href="runtime/pyscript/core.js">' in html
    assert '<script src="web/scripts/start-form.js"' in html
    assert re.search(r'^interpreter = "\./web/scripts/python\.mjs"$', config, re.M)
    loader = (ROOT / "web" / "scripts" / "python.mjs").read_text(encoding="utf-8")
    assert 'from "../../runtime/pyodide/pyodide.mjs"' in loader
    assert not re.search(r"https?://", html + config)


def test_worker_touches_no_dom() -> None:
    """The bot worker only exports functions, so it runs without COOP/COEP headers."""
    source = (ROOT / "web" / "shell" / "worker.py").read_text(encoding="utf-8")
    assert "__export__" in source
    assert "document" not in source and "pyscript" not in source


def test_the_first_frame_waits_until_the_start_screen_is_parsed() -> None:
    """A frame drawn while the parser is halfway through the start screen shows half the
    form, and the rest then moves the whole screen (a layout shift): the page head holds
    rendering until the element after the start screen is parsed (``rel="expect"``), and that
    element comes after every part of the start screen."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<link rel="expect" href="#([\w-]+)" blocking="render">', html)
    assert found and html.index(found.group(0)) < html.index("</head>")
    marker = html.index(f'id="{found.group(1)}"')
    start = html.index('<main id="start"')
    assert start < marker and html.index("</main>", start) < marker
    assert html.count('id="saves-panel"') == 1 and html.index('id="saves-panel"') < marker
