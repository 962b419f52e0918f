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
