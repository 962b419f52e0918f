"""The tools' tests run on stand-in sites: there, compiling Python inside Pyodide (Node,
several seconds a build) is replaced by a stand-in that keeps what the build tools rely
on: python.zip holds the archived sources, python-stdlib.zip is there, python.snapshot
names the archive it belongs to. Tests marked ``real_python_build`` run the real compile
(tests/tools/test_pybuild.py)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tools import archive, pybuild


def stand_in_build(root: Path) -> tuple[bytes, bytes, bytes, bytes]:
    sources = archive.archive_bytes(root)
    digest = hashlib.sha256(sources).hexdigest().encode()
    return (
        sources,
        b"stand-in standard library",
        b"INGSNAP1 stand-in for " + digest,
        b"stand-in rest of the standard library",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "real_python_build: compile inside Pyodide (Node)")


@pytest.fixture(autouse=True)
def _stand_in_python_build(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("real_python_build"):
        return
    monkeypatch.setattr(pybuild, "build", stand_in_build)
