"""The rules text as an HTML fragment for the start page's dialog (tools/rules_text.py):
one source (web/teach/rules.py), served live by tools/serve.py, written into the release by
tools/build_dist.py."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.tools.test_build_dist import make_site, precache
from tools import build_dist, rules_text
from tools.serve import ROOT, start_in_thread
from web.teach.rules import rules_html

RULES_PY = (
    'def rules_html():\n    return "<h3 id=\\"r-goal\\">Goal %s</h3>" % VERSION\nVERSION = 1\n'
)


def fetch(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers["Content-Type"], response.read()


def test_the_fragment_is_the_rules_page_of_web_rules() -> None:
    """Exactly the HTML the in-game rules page shows, so there is one rules text."""
    assert rules_text.fragment(ROOT).decode("utf-8") == rules_html().strip() + "\n"


def test_a_site_without_the_rules_module_or_with_a_broken_one_says_so(tmp_path: Path) -> None:
    with pytest.raises(rules_text.RulesTextError, match="missing"):
        rules_text.fragment(tmp_path)
    (tmp_path / "web" / "teach").mkdir(parents=True)
    (tmp_path / "web" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "web" / "teach" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / rules_text.SOURCE).write_text("def rules_html(:\n", encoding="utf-8")
    with pytest.raises(rules_text.RulesTextError, match="SyntaxError"):
        rules_text.fragment(tmp_path)


def test_the_server_writes_it_from_the_live_module_and_follows_an_edit(tmp_path: Path) -> None:
    """`make play`: no file on disk, the fragment comes from web/teach/rules.py as it is now."""
    (tmp_path / "web" / "teach").mkdir(parents=True)
    (tmp_path / "web" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "web" / "teach" / "__init__.py").write_text("", encoding="utf-8")
    rules = tmp_path / rules_text.SOURCE
    rules.write_text(RULES_PY, encoding="utf-8")
    url, server = start_in_thread(tmp_path)
    try:
        status, kind, body = fetch(url + rules_text.NAME)
        assert status == 200 and kind.startswith("text/html")
        assert body == b'<h3 id="r-goal">Goal 1</h3>\n'
        rules.write_text(RULES_PY.replace("VERSION = 1", "VERSION = 22"), encoding="utf-8")
        assert fetch(url + rules_text.NAME + "?again")[2] == b'<h3 id="r-goal">Goal 22</h3>\n'
        rules.write_text("def rules_html(:\n", encoding="utf-8")
        with pytest.raises(urllib.error.HTTPError) as broken:
            fetch(url + rules_text.NAME)
        assert broken.value.code == 500
    finally:
        server.shutdown()
        server.server_close()


def test_a_release_folder_serves_its_own_file(tmp_path: Path) -> None:
    (tmp_path / "web" / "teach").mkdir(parents=True)
    (tmp_path / "web" / "teach" / "rules.py").write_text(RULES_PY, encoding="utf-8")
    (tmp_path / rules_text.NAME).write_text("<p>release</p>", encoding="utf-8")
    url, server = start_in_thread(tmp_path)
    try:
        assert fetch(url + rules_text.NAME)[2] == b"<p>release</p>"
    finally:
        server.shutdown()
        server.server_close()


START_PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
  <script src="web/scripts/start-form.js" defer></script>
  <script type="module" src="runtime/pyscript/core.js"></script>
</head><body>
<script type="py" src="web/shell/main.py" config="pyscript.toml"></script>
</body></html>
"""


def test_a_build_whose_page_has_the_start_script_holds_the_fragment(tmp_path: Path) -> None:
    """Written from the site's web/teach/rules.py, precached like every file of the build (the
    dialog opens offline too); a page without the script gets none."""
    site = make_site(tmp_path / "site", {
        "index.html": START_PAGE, "web/scripts/start-form.js": "// form",
        "web/__init__.py": "", "web/teach/rules.py": RULES_PY,
    })  # fmt: skip
    build_dist.build(site, tmp_path / "dist")
    written = (tmp_path / "dist" / rules_text.NAME).read_bytes()
    assert written == b'<h3 id="r-goal">Goal 1</h3>\n'
    assert rules_text.NAME in precache(tmp_path / "dist")
    plain = make_site(tmp_path / "plain", {"web/teach/rules.py": RULES_PY})
    build_dist.build(plain, tmp_path / "dist2")
    assert not (tmp_path / "dist2" / rules_text.NAME).exists()


def test_a_broken_rules_module_stops_the_build(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site", {
        "index.html": START_PAGE, "web/scripts/start-form.js": "// form",
        "web/__init__.py": "", "web/teach/rules.py": "def rules_html(:\n",
    })  # fmt: skip
    with pytest.raises(build_dist.BuildError, match="rules-text.html"):
        build_dist.build(site, tmp_path / "dist")
