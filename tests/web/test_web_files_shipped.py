"""The page loads only local files, and the bot worker needs no cross-origin isolation."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_page_loads_the_local_runtime_and_no_cdn() -> None:
    """index.html and pyscript.toml only point at files of this site. PyScript's core is
    preloaded by the page head and started by web/start-form.js after the first frame
    (so the start screen paints first)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert '<link rel="modulepreload" href="runtime/pyscript/core.js">' in html
    assert '<script src="web/start-form.js"' in html
    assert re.search(r'^interpreter = "\./runtime/pyodide/pyodide\.mjs"$', config, re.M)
    assert not re.search(r"https?://", html + config)


def test_worker_touches_no_dom() -> None:
    """The bot worker only exports functions, so it runs without COOP/COEP headers."""
    source = (ROOT / "web" / "worker.py").read_text(encoding="utf-8")
    assert "__export__" in source
    assert "document" not in source and "pyscript" not in source
