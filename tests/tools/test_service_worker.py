"""The generated sw.js: each precached file comes with the hash of the file as built, so
the worker can refuse a stale copy (see tools/sw_template.js); cache names carry the folder."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

import pytest

from tests.tools.test_build_dist import make_site, precache
from tools import build_dist, pybuild


def integrity_map(dist: Path) -> dict[str, str]:
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"const INTEGRITY = (\{.*?\});", sw, re.S)
    assert match, "sw.js has no INTEGRITY map"
    found: dict[str, str] = json.loads(match.group(1))
    return found


def test_every_precached_file_has_the_hash_of_the_file_as_built(tmp_path: Path) -> None:
    """The pages are hashed after the build tag is stamped in: what the server sends."""
    build_dist.build(make_site(tmp_path / "site"), tmp_path / "dist")
    hashes = integrity_map(tmp_path / "dist")
    assert sorted(hashes) == precache(tmp_path / "dist")
    for name, value in hashes.items():
        digest = hashlib.sha256((tmp_path / "dist" / name).read_bytes()).digest()
        assert value == "sha256-" + base64.b64encode(digest).decode("ascii"), name
    assert "ingenious-build" in (tmp_path / "dist" / "index.html").read_text(encoding="utf-8")


def test_the_worker_names_its_caches_after_its_folder_and_deletes_only_those() -> None:
    """Two copies on one host must not delete each other's offline files."""
    template = build_dist.SW_TEMPLATE.read_text(encoding="utf-8")
    assert "const STORE = `${CACHE} ${SITE}`;" in template
    activate = template[template.index('addEventListener("activate"') :]
    activate = activate[: activate.index("});")]
    assert "name !== STORE && (ours(name) || await oursFromBefore(name))" in activate
    assert 'cache: "no-cache", integrity' in template and 'cache: "reload", integrity' in template


def test_the_release_names_the_hash_of_its_snapshot_zips_and_pyodide_files(
    tmp_path: Path,
) -> None:
    """The start-up module of a build carries the hash of python.snapshot, of each zip and
    of Pyodide's files (its loader, script, wasm and lock file) as built (the page refuses
    other bytes before any runs); a copy of the module without the place for them is a
    build error, not a release that checks nothing."""
    build_dist.build(make_site(tmp_path / "site"), tmp_path / "dist")
    script = (tmp_path / "dist" / build_dist.RELEASE_SCRIPT).read_text(encoding="utf-8")
    match = re.search(r"export const RELEASE = (\{.*?\});", script, re.S)
    assert match, "the release's hashes are missing"
    release: dict[str, str] = json.loads(match.group(1))
    pyodide = [f"runtime/pyodide/{name}" for name in build_dist.PYODIDE_LOADS]
    assert "runtime/pyodide/pyodide.asm.wasm" in pyodide
    assert sorted(release) == sorted(
        n for n in (*pybuild.NAMES, *pyodide) if n in precache(tmp_path / "dist")
    )
    assert release == {n: integrity_map(tmp_path / "dist")[n] for n in release}
    assert build_dist.RELEASE_MARKER not in script
    broken = make_site(tmp_path / "other", {build_dist.RELEASE_SCRIPT: "// no marker"})
    with pytest.raises(build_dist.BuildError, match="RELEASE"):
        build_dist.build(broken, tmp_path / "dist-2")
