"""tools/pybuild.py: the bytecode, the standard library and the snapshot are made by the
pinned Pyodide, for the very files served beside them (runs Pyodide under Node: a few
seconds)."""

from __future__ import annotations

import hashlib
import io
import json
import struct
import subprocess
import zipfile
from pathlib import Path

import pytest

from tools import archive, pybuild

#: A .pyc's flags word: bit 0 "hash-based", bit 1 "check the source" (PEP 552).
UNCHECKED_HASH = 0b01

pytestmark = pytest.mark.real_python_build

SITE = {
    "web/__init__.py": "",
    "web/shell/__init__.py": "",
    "web/teach/__init__.py": "",
    "web/shell/main.py": "from web.teach import embed\n",
    "web/shell/worker.py": "from engine import rules\n",
    "web/teach/embed.py": (
        "import json\n\ndef later():\n    import textwrap\n    return textwrap\n\n"
        "def much_later():\n    import colorsys\n    return colorsys\n"
    ),
    "engine/__init__.py": "",
    "engine/rules.py": "LINES = 5\n",
}


def snapshot_header(data: bytes) -> dict[str, object]:
    assert data[:8] == b"INGSNAP1"
    (length,) = struct.unpack("<I", data[8:12])
    header: dict[str, object] = json.loads(data[12 : 12 + length])
    return header


@pytest.fixture(scope="module")
def built(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, tuple[bytes, bytes, bytes, bytes]]:
    site = tmp_path_factory.mktemp("site")
    for name, text in SITE.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    return site, pybuild.build(site)


def test_the_archive_carries_bytecode_used_without_looking_at_the_source(
    built: tuple[Path, tuple[bytes, bytes, bytes, bytes]],
) -> None:
    """python.zip holds each module's source and, beside it, its bytecode: unchecked-hash
    (PEP 552), since the date of an unpacked file means nothing."""
    _, (made, _, _, _) = built
    with zipfile.ZipFile(io.BytesIO(made)) as zf:
        names = set(zf.namelist())
        pyc = zf.read("engine/__pycache__/rules.cpython-314.pyc")
    assert {"engine/rules.py", "web/teach/embed.py", "web/shell/main.py"} <= names
    assert struct.unpack("<I", pyc[4:8])[0] == UNCHECKED_HASH


def test_the_standard_library_holds_what_the_modules_can_import_as_bytecode(
    built: tuple[Path, tuple[bytes, bytes, bytes, bytes]],
) -> None:
    """Only .pyc; what the modules import (also inside a function: textwrap), what Pyodide
    and PyScript's package need, and every codec; not what nothing imports."""
    _, (_, stdlib, _, _) = built
    with zipfile.ZipFile(io.BytesIO(stdlib)) as zf:
        names = set(zf.namelist())
    assert not [n for n in names if n.endswith(".py")]
    assert {
        "json/__init__.pyc",
        "textwrap.pyc",
        "asyncio/__init__.pyc",
        "site.pyc",
        "encodings/utf_8.pyc",
        "encodings/cp1252.pyc",
        "_pyodide/__init__.pyc",
        "pyodide/ffi/__init__.pyc",
    } <= names
    assert not names & {"smtplib.pyc", "imaplib.pyc", "xmlrpc/client.pyc", "pydoc.pyc"}


def test_all_bytecode_is_this_runtimes(
    built: tuple[Path, tuple[bytes, bytes, bytes, bytes]], tmp_path: Path
) -> None:
    """Every .pyc carries the magic number of the pinned Pyodide's Python (checked inside
    that Pyodide): bytecode of another runtime is refused by `pybuild.mjs check`."""
    _, (made, stdlib, _, rest) = built
    (tmp_path / "python.zip").write_bytes(made)
    (tmp_path / "python-stdlib.zip").write_bytes(stdlib)
    (tmp_path / "python-stdlib-rest.zip").write_bytes(rest)
    check = ["node", str(pybuild.SCRIPT), "check"]
    zips = [
        str(tmp_path / name)
        for name in ("python.zip", "python-stdlib.zip", "python-stdlib-rest.zip")
    ]
    done = subprocess.run([*check, *zips], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    with zipfile.ZipFile(tmp_path / "old.zip", "w") as zf:
        zf.writestr("engine/__pycache__/rules.cpython-314.pyc", b"\x55\x0d\x0d\x0a" + bytes(12))
    old = subprocess.run(
        [*check, str(tmp_path / "old.zip")], capture_output=True, text=True, check=False
    )
    assert old.returncode == 1 and "not this runtime's Python" in old.stderr


def test_the_snapshot_names_the_files_it_was_made_for(
    built: tuple[Path, tuple[bytes, bytes, bytes, bytes]],
) -> None:
    """Its header names the rest of the standard library it was made with, whose zip
    comment names that python.zip, and the Pyodide version; a second build of the same tree
    comes from the cache, byte for byte."""
    site, (made, stdlib, snapshot, rest) = built
    header = snapshot_header(snapshot)
    made_hash = hashlib.sha256(made).hexdigest()
    assert header["python_zip"] == made_hash
    assert header["stdlib"] == hashlib.sha256(rest).hexdigest()
    with zipfile.ZipFile(io.BytesIO(rest)) as zf:
        assert zf.comment.decode() == f"python.zip sha256 {made_hash}"
    assert header["pyodide"] == pybuild.pyodide_version()
    assert header["format"] == 3
    # The package lock file's info (the page gives Pyodide a lock of it and no packages).
    lock = json.loads((pybuild.NPM_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert header["lock"] == lock["info"] and header["lock"]["abi_version"]
    assert isinstance(header["size"], int) and header["size"] > 1_000_000
    assert pybuild.build(site) == (made, stdlib, snapshot, rest)


def test_the_rest_of_the_standard_library_is_what_the_snapshot_had_not_imported(
    built: tuple[Path, tuple[bytes, bytes, bytes, bytes]],
) -> None:
    """A restored interpreter holds the modules it imported at build time (json, imported by
    the site at start; site, imported by Python's start): the rest leaves them out and keeps
    what it may still import (colorsys, imported inside a function only; the codecs), and
    the bytecode of PyScript's package as PyScript writes it."""
    _, (_, stdlib, _, rest) = built
    with zipfile.ZipFile(io.BytesIO(stdlib)) as zf:
        whole = set(zf.namelist())
    with zipfile.ZipFile(io.BytesIO(rest)) as zf:
        part = set(zf.namelist())
    pyscript = {name for name in part if name.startswith("pyscript/")}
    assert "pyscript/__pycache__/__init__.cpython-314.pyc" in pyscript
    assert part - pyscript < whole
    assert "colorsys.pyc" in part and "encodings/cp1252.pyc" in part
    assert not part & {"json/__init__.pyc", "site.pyc", "_pyodide/__init__.pyc"}


def test_the_snapshot_stores_neither_zeros_nor_what_a_fresh_module_holds(
    built: tuple[Path, tuple[bytes, bytes, bytes, bytes]],
) -> None:
    """The stored runs and the base runs (copied from a fresh module's memory) lie inside
    the memory, never overlap in their stored part, and the base runs are a good part of it:
    the wasm's data is not shipped twice."""
    _, (_, _, snapshot, _) = built
    header = snapshot_header(snapshot)
    size = header["size"]
    assert isinstance(size, int)
    segments = header["segments"]
    base = header["base"]
    assert isinstance(segments, list) and isinstance(base, list)
    for offset, length, _packed in segments:
        assert offset >= 0 and offset + length <= size
    for offset, length in base:
        assert isinstance(header["memory_offset"], int) and offset >= header["memory_offset"]
        assert offset + length <= size
    assert sum(length for _, length in base) > 1_000_000
    assert isinstance(header["base_sha256"], str) and len(header["base_sha256"]) == 64


def test_the_snapshot_imports_every_module_but_the_page_scripts() -> None:
    """web/shell/main.py starts the page when run, so it is not imported at build time; every
    other module of python.zip is, and the standard library PyScript's package uses."""
    modules = pybuild.snapshot_modules()
    shipped = [rel for rel in archive.modules() if rel not in pybuild.SCRIPTS]
    assert "web.shell.main" not in modules
    assert {"engine.rules.game", "web.shell.app", "web.shell.worker", "web.teach.embed"} <= set(
        modules
    )
    assert len(modules) == len(shipped) + len(pybuild.PYSCRIPT_STDLIB)
