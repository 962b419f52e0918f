"""The generated sw.js: each precached file comes with the hash of the file as built, so
the worker can refuse a stale copy (see tools/sw_template.js); cache names carry the folder."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from tests.tools.test_build_dist import make_site, precache
from tools import build_dist


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
