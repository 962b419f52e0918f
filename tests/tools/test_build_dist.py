"""tools/build_dist.py on a small stand-in site (no runtime/ needed): what goes into dist/,
the precache list and version, relative paths only, and safe failures.

The stand-in core chunk imports its plugins the way @pyscript/core 0.7 does; the real
build is checked in a browser by tests/browser/test_dist.py.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zipfile
from pathlib import Path

import pytest

from tools import build_dist
from tools.build_dist import BuildError

INDEX = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <link rel="icon" href="web/icon.svg">
  <link rel="manifest" href="manifest.webmanifest">
  <link rel="stylesheet" href="runtime/pyscript/core.css">
  <script src="web/scripts/boot.js"></script>
  <script type="module" src="./runtime/pyscript/core.js"></script>
</head>
<body><a href="#board">skip</a>
  <script type="py" src="web/shell/main.py" config="pyscript.toml"></script>
</body>
</html>
"""

CONFIG = """interpreter = "./web/scripts/python.mjs"
[files]
"./web/notes.txt" = "./web/notes.txt"
"""

MANIFEST = {
    "name": "Ingenious",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "icons": [{"src": "web/icons/icon-192.png", "sizes": "192x192", "type": "image/png"}],
}

CORE_CHUNK = (
    'import{a}from"./error-E1.js";const T=async e=>(await import("./toml-T1.js")).parse(e);'
    'const Z=()=>import("./zip-Z1.js");'
    'const P={"py-editor":()=>import("./py-editor-P1.js"),donkey:()=>import("./donkey-D1.js")};'
    'var C={get core(){return import("./codemirror-C1.js")}};'
)

SITE_FILES = {
    "index.html": INDEX,
    "pyscript.toml": CONFIG,
    "manifest.webmanifest": json.dumps(MANIFEST),
    "web/icon.svg": "<svg/>",
    "web/icons/icon-192.png": "png",
    "web/scripts/boot.js": "// boot",
    "web/scripts/python.mjs": "// the start-up module",
    "web/scripts/python-snapshot.mjs": "// its snapshot reader\nexport const RELEASE = null;\n",
    "web/scripts/python-snapshot-worker.mjs": "// and the worker that runs it",
    "web/shell/main.py": "print('main')",
    "web/shell/worker.py": "__export__ = []",
    "web/teach/embed.py": "",
    "engine/__init__.py": "",
    "web/__init__.py": "",
    "runtime/pyscript/core.js": 'import"./core-K1.js";',
    "runtime/pyscript/core.css": "body{}",
    "runtime/pyscript/core-K1.js": CORE_CHUNK,
    "runtime/pyscript/error-E1.js": 'import"./core-K1.js";',
    "runtime/pyscript/toml-T1.js": "export const parse=1;",
    "runtime/pyscript/py-editor-P1.js": 'import"./core-K1.js";import("./toml-B2.js");',
    "runtime/pyscript/donkey-D1.js": "",
    # Present on disk but never loaded by the page: must stay out of dist/.
    "runtime/pyscript/zip-Z1.js": "",
    "runtime/pyscript/codemirror-C1.js": "",
    "runtime/pyscript/toml-B2.js": "",
    "runtime/pyodide/pyodide.js": "",
    "runtime/pyodide/package.json": "{}",
    "README.md": "# readme",
    "web/notes.txt": "",
    "web/stray.txt": "",
    **{f"runtime/pyodide/{name}": name for name in build_dist.PYODIDE_LOADS},
}

EXPECTED = {
    "index.html",
    "pyscript.toml",
    "manifest.webmanifest",
    "web/icon.svg",
    "web/icons/icon-192.png",
    "web/scripts/boot.js",
    "web/shell/main.py",
    "web/notes.txt",
    "web/scripts/python.mjs",
    "web/scripts/python-snapshot.mjs",
    "web/scripts/python-snapshot-worker.mjs",
    "python.zip",
    "python.snapshot",
    "python-stdlib.zip",
    "python-stdlib-rest.zip",
    "runtime/pyscript/core.js",
    "runtime/pyscript/core.css",
    "runtime/pyscript/core-K1.js",
    "runtime/pyscript/error-E1.js",
    "runtime/pyscript/toml-T1.js",
    "runtime/pyscript/py-editor-P1.js",
    "runtime/pyscript/donkey-D1.js",
    *(f"runtime/pyodide/{name}" for name in build_dist.PYODIDE_LOADS),
}


def make_site(root: Path, changes: dict[str, str | None] | None = None) -> Path:
    files = {**SITE_FILES, **(changes or {})}
    for name, text in files.items():
        if text is None:
            continue
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def files_in(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def precache(dist: Path) -> list[str]:
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)
    assert match, "sw.js has no PRECACHE list"
    names: list[str] = json.loads(match.group(1))
    return names


def cache_name(dist: Path) -> str:
    match = re.search(r'const CACHE = "([^"]+)";', (dist / "sw.js").read_text(encoding="utf-8"))
    assert match
    return match.group(1)


def test_dist_holds_what_the_page_loads_and_nothing_else(tmp_path: Path) -> None:
    """Page refs, [files], Pyodide start-up files, PyScript core + plugins + TOML parser,
    manifest icons and sw.js; not editor/zip chunks, pyodide.js, README or stray files."""
    site = make_site(tmp_path / "site")
    build_dist.build(site, tmp_path / "dist")
    assert files_in(tmp_path / "dist") == EXPECTED | {"sw.js"}


EMBED = """<!doctype html>
<html><head><meta charset="utf-8">
  <link rel="stylesheet" href="web/styles/embed.css">
  <script src="web/scripts/embed.js"></script>
  <script src="web/scripts/boards.js" data-frame defer></script>
</head><body><main id="embed"></main></body></html>
"""

BOARDS_JS = """(function () {
  var BASE = new URL("../", document.currentScript.src).href;
  var BUILD = null; // a release build writes its version here
  var LOADER = null; // ... and the hashes of the start-up modules
  fetch(BASE + "python.zip");
})();
"""

ARCHIVE_SITE = {
    "pyscript.toml": 'interpreter = "./web/scripts/python.mjs"\n',
    "web/shell/main.py": (
        "def bots():\n    create_named_worker(src='./web/shell/worker.py', name='bots')\n"
    ),
    "embed.html": EMBED,
    "web/styles/embed.css": "",
    "web/scripts/embed.js": "",
    "web/scripts/boards.js": BOARDS_JS,
    "web/__init__.py": "",
    "web/teach/embed.py": "from engine import rules\n",
    "engine/rules.py": "LINES = 5\n",
    "docs/demo.html": "<html></html>",
}


def test_a_page_of_boards_gets_pyodide_and_the_generated_archive(tmp_path: Path) -> None:
    """The game's config names python.zip and a page starts Python with web/scripts/boards.js (the
    embeddable board): the build holds the page's styles and scripts, the Pyodide start-up
    files, the start-up module, python.zip generated from the modules the pages import and
    its snapshot, and the script of the worker the game starts (PyScript fetches it as a
    file); not the modules themselves nor docs pages. boards.js knows the build's version
    (it registers the service worker with it) and the page carries the build tag."""
    site = make_site(tmp_path / "site", ARCHIVE_SITE)
    version, listed = build_dist.build(site, tmp_path / "dist")
    dist = tmp_path / "dist"
    assert files_in(dist) == (EXPECTED - {"web/notes.txt"}) | {
        "sw.js",
        "embed.html",
        "web/styles/embed.css",
        "web/scripts/embed.js",
        "web/scripts/boards.js",
        "web/shell/worker.py",
    }
    assert "web/shell/worker.py" in files_in(dist)
    assert {"python.zip", "python-stdlib.zip", "python.snapshot", "python-stdlib-rest.zip"} <= set(
        listed
    )
    with zipfile.ZipFile(dist / "python.zip") as zf:
        assert set(zf.namelist()) >= {
            "web/teach/embed.py",
            "web/shell/main.py",
            "web/shell/worker.py",
            "engine/__init__.py",
            "engine/rules.py",
        }
        assert zf.read("engine/rules.py") == b"LINES = 5\n"
    assert version in (dist / "embed.html").read_text(encoding="utf-8")
    boards = (dist / "web" / "scripts" / "boards.js").read_text(encoding="utf-8")
    assert f'var BUILD = "{version}";' in boards and "var BUILD = null;" not in boards
    assert "var BUILD = null;" in (site / "web" / "scripts" / "boards.js").read_text(
        encoding="utf-8"
    )
    # The start-up modules boards.js preloads with their hashes before it imports them.
    found = re.search(r"var LOADER = (\{.*?\});", boards)
    assert found is not None, "boards.js carries no hashes of the start-up modules"
    assert json.loads(found.group(1)) == {
        name: sri(dist / name) for name in build_dist.LOADER_MODULES
    }


def test_the_version_follows_the_archived_sources(tmp_path: Path) -> None:
    """python.zip is not a file of the site, yet an edited module gives a new version (and
    so a new cache): the hash covers the generated archive."""
    site = make_site(tmp_path / "site", ARCHIVE_SITE)
    first, _ = build_dist.build(site, tmp_path / "a")
    again, _ = build_dist.build(site, tmp_path / "b")
    (site / "engine" / "rules.py").write_text("LINES = 6\n", encoding="utf-8")
    changed, _ = build_dist.build(site, tmp_path / "c")
    assert first == again != changed


def test_a_module_that_does_not_parse_stops_the_build(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site", {**ARCHIVE_SITE, "engine/rules.py": "def x(:\n"})
    with pytest.raises(BuildError, match="cannot build python.zip"):
        build_dist.build(site, tmp_path / "dist")


def test_a_boards_script_without_the_version_marker_stops_the_build(tmp_path: Path) -> None:
    site = make_site(
        tmp_path / "site", {**ARCHIVE_SITE, "web/scripts/boards.js": "fetch('python.zip')"}
    )
    with pytest.raises(BuildError, match="marker"):
        build_dist.build(site, tmp_path / "dist")
    no_hashes = BOARDS_JS.replace("var LOADER = null;", "")
    site = make_site(tmp_path / "other", {**ARCHIVE_SITE, "web/scripts/boards.js": no_hashes})
    with pytest.raises(BuildError, match="LOADER"):
        build_dist.build(site, tmp_path / "dist")


def sri(path: Path) -> str:
    digest = hashlib.sha256(path.read_bytes()).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


PRELOADS = INDEX.replace(
    '<script src="web/scripts/boot.js"></script>',
    '<script src="web/scripts/boot.js"></script>\n'
    '  <script type="module" src="web/scripts/python.mjs" async></script>\n'
    '  <link rel="modulepreload" href="runtime/pyodide/pyodide.mjs">\n'
    '  <link rel="modulepreload" href="web/scripts/python-snapshot.mjs">\n'
    '  <link rel="preload" href="web/shell/main.py" as="fetch" crossorigin>',
)


def test_the_pages_modules_carry_the_hash_of_the_file_as_built(tmp_path: Path) -> None:
    """Each module script and module preload of a page gets the Subresource Integrity value
    of its file as built (the start-up module's after its hashes are written in), so the
    browser runs no other bytes; classic scripts and plain preloads are left as they were."""
    site = make_site(tmp_path / "site", {"index.html": PRELOADS})
    build_dist.build(site, tmp_path / "dist")
    dist = tmp_path / "dist"
    page = (dist / "index.html").read_text(encoding="utf-8")
    for name in (
        "web/scripts/python.mjs",
        "runtime/pyodide/pyodide.mjs",
        "web/scripts/python-snapshot.mjs",
        "runtime/pyscript/core.js",
    ):
        tag = re.search(rf'<[^>]*"(?:\./)?{re.escape(name)}"[^>]*>', page)
        assert tag is not None, name
        assert f'integrity="{sri(dist / name)}"' in tag.group(0), tag.group(0)
    assert "export const RELEASE = {" in (dist / "web/scripts/python-snapshot.mjs").read_text()
    assert '<script src="web/scripts/boot.js"></script>' in page
    assert '<link rel="preload" href="web/shell/main.py" as="fetch" crossorigin>' in page


def test_the_precache_list_is_every_file_of_dist_but_the_worker(tmp_path: Path) -> None:
    """sw.js caches each file of the build once, by relative path (works at any sub-path)."""
    site = make_site(tmp_path / "site")
    version, listed = build_dist.build(site, tmp_path / "dist")
    names = precache(tmp_path / "dist")
    assert names == sorted(names) == listed
    assert set(names) == files_in(tmp_path / "dist") - {"sw.js"}
    assert all(not n.startswith(("/", "http")) and ".." not in n for n in names)
    assert cache_name(tmp_path / "dist") == f"ingenious-{version}"


def test_the_page_of_a_build_carries_its_version_and_the_dev_page_does_not(
    tmp_path: Path,
) -> None:
    """Only dist/index.html has the build tag, which is what turns the worker on (and its
    module script the hash of its file: test_the_pages_modules_carry_the_hash...)."""
    site = make_site(tmp_path / "site")
    version, _ = build_dist.build(site, tmp_path / "dist")
    html = (tmp_path / "dist" / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="ingenious-build" content="{version}">' in html
    assert "ingenious-build" not in (site / "index.html").read_text(encoding="utf-8")
    core = f' integrity="{sri(tmp_path / "dist" / "runtime/pyscript/core.js")}"'
    stamped = html.replace(f'\n  <meta name="ingenious-build" content="{version}">', "")
    assert stamped.replace(core, "") == INDEX


def test_the_version_follows_the_contents(tmp_path: Path) -> None:
    """Same sources give the same version; any changed file gives a new one (new cache)."""
    site = make_site(tmp_path / "site")
    first, _ = build_dist.build(site, tmp_path / "a")
    again, _ = build_dist.build(site, tmp_path / "b")
    (site / "web" / "shell" / "main.py").write_text("print('changed')", encoding="utf-8")
    changed, _ = build_dist.build(site, tmp_path / "c")
    assert first == again
    assert changed != first
    assert re.fullmatch(r"[0-9a-f]{16}", changed)


def test_a_rebuild_replaces_the_previous_build_and_drops_stale_files(tmp_path: Path) -> None:
    site = make_site(tmp_path / "site")
    build_dist.build(site, tmp_path / "dist")
    (tmp_path / "dist" / "old-release-file.js").write_text("", encoding="utf-8")
    build_dist.build(site, tmp_path / "dist")
    assert files_in(tmp_path / "dist") == EXPECTED | {"sw.js"}


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "index.html",
            INDEX.replace('src="web/scripts/boot.js"', 'src="/web/scripts/boot.js"'),
            "absolute path",
        ),
        (
            "index.html",
            INDEX.replace('src="web/scripts/boot.js"', 'src="https://cdn.example/x.js"'),
            "not on this site",
        ),
        (
            "pyscript.toml",
            CONFIG.replace('"./web/notes.txt" =', '"../web/notes.txt" ='),
            "inside the site folder",
        ),
        ("pyscript.toml", 'packages = ["numpy"]\n' + CONFIG, "packages are not supported"),
        ("pyscript.toml", "interpreter = [", "not valid TOML"),
        ("manifest.webmanifest", json.dumps({**MANIFEST, "start_url": "/"}), "must be relative"),
        ("runtime/pyodide/pyodide.asm.wasm", None, "make runtime"),
        ("runtime/pyscript/core-K1.js", 'import"./error-E1.js";', "plugin imports"),
    ],
)
def test_bad_sources_fail_with_a_clear_message_and_keep_the_last_build(
    tmp_path: Path, name: str, text: str | None, message: str
) -> None:
    """Absolute or foreign URLs, unsupported config, a missing runtime or a changed PyScript
    stop the build with a message naming the problem; the previous dist/ is untouched."""
    good = make_site(tmp_path / "good")
    build_dist.build(good, tmp_path / "dist")
    before = files_in(tmp_path / "dist")
    bad = make_site(tmp_path / "bad", {name: text})  # text None: the file is missing
    with pytest.raises(BuildError, match=message):
        build_dist.build(bad, tmp_path / "dist")
    assert files_in(tmp_path / "dist") == before
    assert not any(p.name.startswith(".dist-") for p in tmp_path.iterdir())


def test_a_folder_that_is_not_a_build_is_never_replaced(tmp_path: Path) -> None:
    """--out pointing at a folder with other contents (e.g. the repo) is refused."""
    site = make_site(tmp_path / "site")
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(BuildError, match="not an earlier build"):
        build_dist.build(site, precious)
    assert (precious / "thesis.txt").read_text(encoding="utf-8") == "keep me"


def test_the_command_reports_problems_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = make_site(tmp_path / "site", {"runtime/pyscript/core.css": None})
    assert build_dist.main(["--site", str(site), "--out", str(tmp_path / "dist")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("build_dist: ") and "runtime/pyscript/core.css" in err
    good = make_site(tmp_path / "good")
    assert build_dist.main(["--site", str(good), "--out", str(tmp_path / "dist")]) == 0
    assert "version" in capsys.readouterr().out
