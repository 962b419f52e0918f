"""The page can import every web module: PyScript only copies files named in pyscript.toml."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _shipped() -> dict[str, str]:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    return dict(config.get("files", {}))


def test_every_web_and_engine_module_is_listed_under_files() -> None:
    """Each web/*.py and engine/**/*.py appears in [files], mapped to the same path."""
    shipped = {src.removeprefix("./"): dst.removeprefix("./") for src, dst in _shipped().items()}
    wanted = sorted(
        str(p.relative_to(ROOT))
        for pattern in ("web/*.py", "engine/**/*.py")
        for p in ROOT.glob(pattern)
    )
    missing = [w for w in wanted if w not in shipped]
    assert not missing, f"pyscript.toml [files] lacks {missing}"
    assert all(src == dst for src, dst in shipped.items())


def test_page_loads_the_local_runtime_and_no_cdn() -> None:
    """index.html and pyscript.toml only point at files of this site."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert 'src="runtime/pyscript/core.js"' in html
    assert re.search(r'^interpreter = "\./runtime/pyodide/pyodide\.mjs"$', config, re.M)
    assert not re.search(r"https?://", html + config)


def test_worker_touches_no_dom() -> None:
    """The bot worker only exports functions, so it runs without COOP/COEP headers."""
    source = (ROOT / "web" / "worker.py").read_text(encoding="utf-8")
    assert "__export__" in source
    assert "document" not in source and "pyscript" not in source
