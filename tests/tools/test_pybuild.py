"""tools/pybuild.py: the bytecode and the snapshot are made by the pinned Pyodide, for the
very files served beside them (runs Pyodide under Node: a few seconds)."""

from __future__ import annotations

import hashlib
import io
import json
import struct
import zipfile
from pathlib import Path

import pytest

from tools import archive, pybuild

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_STDLIB = ROOT / "runtime" / "pyodide" / pybuild.STDLIB_NAME
#: A .pyc's flags word: bit 0 "hash-based", bit 1 "check the source" (PEP 552).
UNCHECKED_HASH = 0b01

pytestmark = pytest.mark.real_python_build


def snapshot_header(data: bytes) -> dict[str, object]:
    assert data[:8] == b"INGSNAP1"
    (length,) = struct.unpack("<I", data[8:12])
    header: dict[str, object] = json.loads(data[12:12 + length])
    return header


def test_the_compiled_standard_library_is_of_the_installed_runtime() -> None:
    """runtime/'s standard library was compiled from the npm package's zip by the same
    Pyodide: upgrading the runtime without `make runtime` fails here. Every module is there
    as bytecode, none as source."""
    stamp = json.loads((RUNTIME_STDLIB.parent / pybuild.STDLIB_STAMP).read_text())
    npm_zip = pybuild.NPM_PYODIDE / pybuild.STDLIB_NAME
    assert stamp["pyodide"] == pybuild.pyodide_version()
    assert stamp["source"] == hashlib.sha256(npm_zip.read_bytes()).hexdigest()
    assert stamp["compiled"] == hashlib.sha256(RUNTIME_STDLIB.read_bytes()).hexdigest()
    with zipfile.ZipFile(npm_zip) as src, zipfile.ZipFile(RUNTIME_STDLIB) as out:
        sources = {n[:-3] for n in src.namelist() if n.endswith(".py")}
        compiled = {n[:-4] for n in out.namelist() if n.endswith(".pyc")}
        assert sources == compiled
        assert not [n for n in out.namelist() if n.endswith(".py")]
        magic = {out.read(n)[:4] for n in out.namelist() if n.endswith(".pyc")}
    assert len(magic) == 1  # one Python version throughout


def test_the_archive_carries_bytecode_and_its_snapshot_names_it(tmp_path: Path) -> None:
    """python.zip holds each module's source and, beside it, bytecode that is used without
    looking at the source (PEP 552 unchecked hash: an unpacked file's date means nothing);
    the snapshot's header names that very archive, the standard library and Pyodide."""
    site = tmp_path / "site"
    for name in archive.ENTRY_MODULES:
        path = site / (name.replace(".", "/") + ".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("from engine import rules\n", encoding="utf-8")
    (site / "web" / "__init__.py").write_text("", encoding="utf-8")
    (site / "engine").mkdir()
    (site / "engine" / "__init__.py").write_text("", encoding="utf-8")
    (site / "engine" / "rules.py").write_text("LINES = 5\n", encoding="utf-8")
    made, snapshot = pybuild.build(site, RUNTIME_STDLIB)
    with zipfile.ZipFile(io.BytesIO(made)) as zf:
        names = set(zf.namelist())
        pyc = zf.read("engine/__pycache__/rules.cpython-314.pyc")
    assert {"engine/rules.py", "web/embed.py"} <= names
    assert (struct.unpack("<I", pyc[4:8])[0]) == UNCHECKED_HASH
    header = snapshot_header(snapshot)
    assert header["python_zip"] == hashlib.sha256(made).hexdigest()
    assert header["stdlib"] == hashlib.sha256(RUNTIME_STDLIB.read_bytes()).hexdigest()
    assert header["pyodide"] == pybuild.pyodide_version()
    assert isinstance(header["size"], int) and header["size"] > 1_000_000
    again = pybuild.build(site, RUNTIME_STDLIB)
    assert again == (made, snapshot)  # from the cache: the same bytes


def test_the_snapshot_imports_every_module_but_the_page_scripts() -> None:
    """web/main.py starts the page when run, so it is not imported at build time; every
    other module of python.zip is, and the standard library PyScript's package uses."""
    modules = pybuild.snapshot_modules()
    shipped = [rel for rel in archive.modules() if rel not in pybuild.SCRIPTS]
    assert "web.main" not in modules
    assert {"engine.game", "web.app", "web.worker", "web.embed"} <= set(modules)
    assert len(modules) == len(shipped) + len(pybuild.PYSCRIPT_STDLIB)
