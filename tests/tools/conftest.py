"""The tools' tests run on stand-in sites: there, compiling Python inside Pyodide (Node,
several seconds a build) is replaced by a stand-in that keeps what the build tools rely
on: python.zip holds the archived sources, python.snapshot names the archive it belongs
to. Tests marked ``real_python_build`` run the real compile (tests/tools/test_pybuild.py,
and the live server's archive in test_serve.py)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tools import archive, pybuild


def stand_in_build(root: Path, stdlib: Path) -> tuple[bytes, bytes]:
    sources = archive.archive_bytes(root)
    return sources, b"INGSNAP1 stand-in for " + hashlib.sha256(sources).hexdigest().encode()


def stand_in_stdlib(runtime: Path, npm: Path = pybuild.NPM_PYODIDE) -> bool:
    target = runtime / "pyodide" / pybuild.STDLIB_NAME
    source = npm / pybuild.STDLIB_NAME
    if target.is_file() and target.read_bytes() == b"compiled " + source.read_bytes():
        return False
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"compiled " + source.read_bytes())
    return True


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "real_python_build: compile inside Pyodide (Node)")


@pytest.fixture(autouse=True)
def _stand_in_python_build(request: pytest.FixtureRequest,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("real_python_build"):
        return
    monkeypatch.setattr(pybuild, "build", stand_in_build)
    monkeypatch.setattr(pybuild, "ensure_stdlib", stand_in_stdlib)
