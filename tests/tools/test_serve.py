"""The local server: loopback only, the content types Pyodide needs, no caching."""

from __future__ import annotations

import io
import re
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools import archive
from tools.serve import ROOT, make_server, prebuild, start_in_thread


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp_path = tmp_path_factory.mktemp("site")
    files = {
        "index.html": "<p>hi</p>",
        "a.mjs": "export {}",
        "a.js": "1",
        "a.wasm": "\0asm",
        "a.json": "{}",
        "pyscript.toml": "x = 1",
        "m.py": "x = 1",
        "s.css": "p{}",
        "i.svg": "<svg/>",
        "app.webmanifest": "{}",
        "lib.zip": "PK",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    url, server = start_in_thread(tmp_path)
    yield url
    server.shutdown()
    server.server_close()


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()


def test_binds_to_loopback_on_a_free_port(site: str) -> None:
    """start_in_thread serves on 127.0.0.1 with an OS-chosen port."""
    assert site.startswith("http://127.0.0.1:")
    assert not site.endswith(":0/")
    status, _, body = fetch(site)
    assert status == 200 and body == b"<p>hi</p>"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("a.mjs", "text/javascript"),
        ("a.js", "text/javascript"),
        ("a.wasm", "application/wasm"),
        ("a.json", "application/json"),
        ("pyscript.toml", "text/plain"),
        ("m.py", "text/plain"),
        ("s.css", "text/css"),
        ("i.svg", "image/svg+xml"),
        ("app.webmanifest", "application/manifest+json"),
        ("lib.zip", "application/zip"),
    ],
)
def test_content_types(site: str, name: str, expected: str) -> None:
    """Each file type gets the content type browsers require (modules, wasm streaming)."""
    _, headers, _ = fetch(site + name)
    assert headers["content-type"].split(";")[0] == expected


def test_no_cache_header_so_edits_show_up(site: str) -> None:
    """Every response tells the browser to revalidate."""
    _, headers, _ = fetch(site + "m.py")
    assert headers["cache-control"] == "no-cache"


def test_missing_file_is_404(site: str) -> None:
    """An unknown path is a plain 404, not a crash."""
    with pytest.raises(urllib.error.HTTPError) as excinfo:
        fetch(site + "nope.py")
    assert excinfo.value.code == 404


def test_a_connection_closed_by_the_browser_is_not_reported(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A reload or closed tab resets connections; the server stays quiet about it but still
    reports real faults."""
    server = make_server(ROOT, 0, quiet=True)
    try:
        try:
            raise ConnectionResetError(104, "Connection reset by peer")
        except ConnectionResetError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a real fault")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "a real fault" in capsys.readouterr().err
    finally:
        server.server_close()


def zip_names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_python_zip_is_built_from_the_live_sources_and_follows_an_edit(tmp_path: Path) -> None:
    """`make play` has no python.zip on disk: the server zips the modules the pages import,
    and an edited module is in the next answer (an edit shows on reload)."""
    for name in archive.ENTRY_MODULES:
        path = tmp_path / (name.replace(".", "/") + ".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("from engine import rules\n", encoding="utf-8")
    (tmp_path / "web" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("", encoding="utf-8")
    rules = tmp_path / "engine" / "rules.py"
    rules.write_text("VERSION = 1\n", encoding="utf-8")
    url, server = start_in_thread(tmp_path)
    try:
        status, headers, body = fetch(url + archive.NAME)
        assert status == 200 and headers["content-type"] == "application/zip"
        assert "engine/rules.py" in zip_names(body)
        assert zipfile.ZipFile(io.BytesIO(body)).read("engine/rules.py") == b"VERSION = 1\n"
        rules.write_text("VERSION = 22\n", encoding="utf-8")
        _, _, again = fetch(url + archive.NAME + "?reload")
        assert zipfile.ZipFile(io.BytesIO(again)).read("engine/rules.py") == b"VERSION = 22\n"
        (tmp_path / "engine" / "rules.py").write_text("def broken(:\n", encoding="utf-8")
        with pytest.raises(urllib.error.HTTPError) as broken:
            fetch(url + archive.NAME)
        assert broken.value.code == 500
    finally:
        server.shutdown()
        server.server_close()


def test_a_folder_with_its_own_python_zip_gets_that_file(tmp_path: Path) -> None:
    """A release folder (dist/) has python.zip: it is served as it is, never rebuilt."""
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / archive.NAME).write_bytes(b"PK release")
    url, server = start_in_thread(tmp_path)
    try:
        assert fetch(url + archive.NAME)[2] == b"PK release"
    finally:
        server.shutdown()
        server.server_close()


def test_the_server_builds_the_pages_python_before_it_serves_and_says_so(
    tmp_path: Path,
) -> None:
    """`make play` after a clone: the build the first page load would wait for runs first,
    with a line that says what it does and how long it took; a folder with its own
    python.zip (a release) is served as it is, with no build."""
    for name in archive.ENTRY_MODULES:
        path = tmp_path / (name.replace(".", "/") + ".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("from engine import rules\n", encoding="utf-8")
    (tmp_path / "web" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "engine" / "rules.py").write_text("VERSION = 3\n", encoding="utf-8")
    said = io.StringIO()
    assert prebuild(tmp_path, said)
    assert said.getvalue().startswith("Building the page's Python from the sources")
    assert re.search(r"done in \d+ s\.\n$", said.getvalue())
    (tmp_path / "engine" / "rules.py").write_text("def broken(:\n", encoding="utf-8")
    said = io.StringIO()
    assert not prebuild(tmp_path, said)
    assert "failed:" in said.getvalue()
    (tmp_path / archive.NAME).write_bytes(b"a release's own")
    said = io.StringIO()
    assert not prebuild(tmp_path, said) and said.getvalue() == ""
