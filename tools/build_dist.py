"""Build ``dist/``: the static, offline-capable release of the game.

Usage: ``make dist`` or ``python3 tools/build_dist.py [--out DIR]``. Needs ``runtime/``
(``make runtime``). The output holds exactly what the page loads, found from the sources
rather than listed by hand:

* the pages: every top-level ``.html`` (``index.html``, the game; ``embed.html``, the
  embeddable board), each local ``src``/``href`` they name (styles, scripts, favicon,
  manifest) and the ``config`` of their Python scripts (``pyscript.toml``);
* the ``interpreter`` of those configs, ``web/scripts/python.mjs`` (the start-up module: it
  restores the memory snapshot and unpacks the sources), the module it imports, and what
  it loads: ``python.zip``, the Python sources of every page and of the bot worker with
  their bytecode, ``python-stdlib.zip``, the standard library they can import, compiled,
  and ``python.snapshot``, an interpreter that has imported them, all generated here
  from the pages' imports (``tools/archive.py``, ``tools/pybuild.py``);
  the URLs of the configs' [files], if any; and the script of each worker the modules
  start (``create_named_worker(src=...)``), which PyScript fetches as a file;
* the Pyodide files ``pyodide.mjs`` fetches at start-up (its standard library is the
  one compiled by ``tools/pybuild.py``, ``python-stdlib.zip``);
* for a page that starts Python with ``web/scripts/boards.js`` (the boards' loader) instead of
  PyScript: the same start-up module and what it loads;
* PyScript's ``core.js``, the plugin chunks it always imports, its TOML parser, and
  their static imports (editor, terminal and zip chunks are left out: never loaded);
* the icons named by ``manifest.webmanifest``;
* a generated ``sw.js`` (from ``tools/sw_template.js``) whose precache list is every
  other file of the build, with the SHA-256 of each (the worker checks what it caches
  against them), and whose cache name carries the build's content hash.

``web/scripts/python-snapshot.mjs`` is written with the hash of ``python.snapshot``, of
each zip and of Pyodide's files (its loader, script, wasm and lock file: ``RELEASE``); the
pages' module scripts and module preloads carry the hash of their file (``integrity``),
and ``web/scripts/boards.js`` the hashes of the start-up modules it imports: the browser
checks each before any of its bytes runs.

Each page gets a ``<meta name="ingenious-build">`` tag with that hash; only then does
``web/scripts/sw-register.js`` (included by index.html) register the service worker, so
``make play`` never runs it.
Every path is relative, so the folder works from any static host and any sub-path.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import sys
import tempfile
import tomllib
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import archive, pybuild, rules_text

ROOT = Path(__file__).resolve().parent.parent
SW_TEMPLATE = Path(__file__).resolve().parent / "sw_template.js"
BUILD_META = "ingenious-build"
CACHE_PREFIX = "ingenious-"
SW_NAME = "sw.js"

# What pyodide.mjs fetches next to itself at start-up (checked in Chromium). pyodide.js
# (the classic-script twin) and package.json are never loaded by the page.
# Its standard library is not among them: web/scripts/python.mjs gives it the one tools/pybuild.py
# compiles (python-stdlib.zip).
PYODIDE_LOADS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")

#: The start-up module every page's Python comes through (PyScript's ``interpreter``, and
#: what web/scripts/boards.js imports), the module it imports, the Pyodide it starts and the files
#: it loads next to the pages.
LOADER = "web/scripts/python.mjs"
LOADER_FILES = (LOADER, "web/scripts/python-snapshot.mjs", "web/scripts/python-snapshot-worker.mjs")
LOADER_RUNTIME = "runtime/pyodide/pyodide.mjs"
LOADER_LOADS = pybuild.NAMES
# web/scripts/boards.js starts Python through the same module (no PyScript).
BOARDS_SCRIPT = "web/scripts/boards.js"
#: The include's address in earlier releases: it loads BOARDS_SCRIPT (embeds written then).
BOARDS_EARLIER = "web/boards.js"
#: Files the build writes rather than copies: the archive of the Python sources, their
#: snapshot, and the rules text the start page shows before Python runs (tools/rules_text.py).
GENERATED = (*pybuild.NAMES, *rules_text.NAMES)

STATIC_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'](\./[^"']+)["']""")
PLUGIN_IMPORT = re.compile(r"""(?:"[\w-]+"|\b\w+):\(\)=>import\(["'](\./[^"']+)["']\)""")
TOML_IMPORT = re.compile(r"""await import\(["'](\./toml-[^"']+)["']\)\)\.parse""")


class BuildError(Exception):
    """A build problem with a message that says what to do."""


class PageRefs(HTMLParser):
    """Local URLs that index.html loads: src/href of script, link and img, plus config."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        keys = {"script": ("src", "config"), "link": ("href",), "img": ("src",)}.get(tag, ())
        if tag == "link" and (values.get("rel") or "") in ("preconnect", "dns-prefetch"):
            return
        for key in keys:
            value = values.get(key)
            if value and not value.startswith("#"):
                self.refs.append(value)


def relative_path(url: str, where: str) -> str:
    """``url`` as a clean relative path, or a BuildError if it is absolute or leaves the site."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        raise BuildError(f"{where}: {url!r} is not on this site; dist/ must hold everything")
    if parts.path.startswith("/"):
        raise BuildError(
            f"{where}: {url!r} is an absolute path; use a relative one "
            "so the game works under any sub-path"
        )
    path = PurePosixPath(parts.path)
    clean = PurePosixPath(*[p for p in path.parts if p != "."])
    if ".." in clean.parts or not clean.parts:
        raise BuildError(f"{where}: {url!r} must stay inside the site folder")
    return str(clean)


def page_files(html: str, page: str = "index.html") -> list[str]:
    parser = PageRefs()
    parser.feed(html)
    return [relative_path(ref, page) for ref in parser.refs]


def config_files(config_text: str, config_name: str) -> tuple[list[str], str]:
    """(URLs of [files], interpreter path) from pyscript.toml."""
    try:
        config = tomllib.loads(config_text)
    except tomllib.TOMLDecodeError as exc:
        raise BuildError(f"{config_name}: not valid TOML: {exc}") from None
    if config.get("packages"):
        raise BuildError(
            f"{config_name}: packages are not supported by the offline build "
            "(the engine uses the standard library only)"
        )
    interpreter = config.get("interpreter")
    if not isinstance(interpreter, str):
        raise BuildError(f"{config_name}: set interpreter to {LOADER}")
    files = config.get("files", {})
    if not isinstance(files, dict):
        raise BuildError(f"{config_name}: [files] must be a table")
    urls = [relative_path(url, f"{config_name} [files]") for url in files]
    return urls, relative_path(interpreter, f"{config_name} interpreter")


def pyodide_files(interpreter: str) -> list[str]:
    """What a page whose Python starts through ``interpreter`` loads for it."""
    if interpreter != LOADER:
        raise BuildError(f"interpreter {interpreter!r} should be {LOADER}, the start-up module")
    folder = PurePosixPath(LOADER_RUNTIME).parent
    return [*LOADER_FILES, *LOADER_LOADS, *(str(folder / name) for name in PYODIDE_LOADS)]


def pyscript_files(core_js: str, site: Path) -> list[str]:
    """core.js, the chunks PyScript always imports (plugins, TOML parser) and their imports."""
    folder = PurePosixPath(core_js).parent
    core_chunks = [m for m in STATIC_IMPORT.findall(read_text(site / core_js))]
    wanted: list[str] = [core_js]
    todo = [str(folder / PurePosixPath(c)) for c in core_chunks]
    plugins_found = False
    while todo:
        path = str(PurePosixPath(*[p for p in PurePosixPath(todo.pop()).parts if p != "."]))
        if path in wanted:
            continue
        wanted.append(path)
        text = read_text(site / path)
        extra = STATIC_IMPORT.findall(text)
        plugins = PLUGIN_IMPORT.findall(text) + TOML_IMPORT.findall(text)
        plugins_found = plugins_found or bool(plugins)
        todo += [str(PurePosixPath(path).parent / PurePosixPath(rel)) for rel in extra + plugins]
    if not plugins_found:
        raise BuildError(
            f"{core_js}: found no plugin imports; has @pyscript/core changed? "
            "Update the patterns in tools/build_dist.py"
        )
    return wanted


def manifest_icons(manifest_text: str, manifest_path: str) -> list[str]:
    try:
        manifest = json.loads(manifest_text)
    except json.JSONDecodeError as exc:
        raise BuildError(f"{manifest_path}: not valid JSON: {exc}") from None
    folder = PurePosixPath(manifest_path).parent
    icons = []
    for icon in manifest.get("icons", []):
        rel = relative_path(icon["src"], manifest_path)
        icons.append(str(PurePosixPath(*(folder / rel).parts)))
    for key in ("start_url", "scope", "id"):
        value = str(manifest.get(key, "./"))
        if urlsplit(value).scheme or value.startswith("/"):
            raise BuildError(f'{manifest_path}: {key} {value!r} must be relative (e.g. "./")')
    return icons


def read_text(path: Path) -> str:
    if not path.is_file():
        hint = " (run `make runtime`)" if "runtime" in path.parts else ""
        raise BuildError(f"missing {path}{hint}")
    return path.read_text(encoding="utf-8")


def pages(site: Path) -> list[str]:
    """The site's pages: every top-level .html file (the game, the embeddable board)."""
    names = sorted(p.name for p in site.glob("*.html") if p.is_file())
    if "index.html" not in names:
        raise BuildError(f"{site}: no index.html")
    return names


def collect(site: Path) -> list[str]:
    """Every site-relative path the pages load (sorted, without sw.js)."""
    files: set[str] = set()
    refs: list[str] = []
    for page in pages(site):
        files.add(page)
        page_refs = page_files(read_text(site / page), page)
        if BOARDS_SCRIPT in page_refs:
            files.update(pyodide_files(LOADER))
            if (site / BOARDS_EARLIER).is_file():
                files.add(BOARDS_EARLIER)
        elif not any(r.endswith(".toml") for r in page_refs):
            raise BuildError(
                f'{page}: no <script type="py" config="...toml"> and no {BOARDS_SCRIPT} found'
            )
        refs += page_refs
    files.update(refs)
    configs = sorted({r for r in refs if r.endswith(".toml")})
    for config in configs:
        urls, interpreter = config_files(read_text(site / config), config)
        files.update(urls)
        files.update(pyodide_files(interpreter))
    if archive.NAME in files:
        try:
            files.update(archive.worker_scripts(site))
        except (OSError, SyntaxError) as exc:
            raise BuildError(f"cannot build {archive.NAME}: {exc}") from None
    if rules_text.READER in files:
        files.update(rules_text.names(site))
    for core in sorted({r for r in refs if PurePosixPath(r).name == "core.js"}):
        files.update(pyscript_files(core, site))
    for manifest in sorted({r for r in refs if r.endswith(".webmanifest")}):
        files.update(manifest_icons(read_text(site / manifest), manifest))
    files.discard(SW_NAME)
    missing = sorted(f for f in files if f not in GENERATED and not (site / f).is_file())
    if missing:
        hint = " (run `make runtime`)" if any(m.startswith("runtime/") for m in missing) else ""
        raise BuildError("files the page loads are missing: " + ", ".join(missing) + hint)
    return sorted(files)


def generate(site: Path, files: list[str]) -> dict[str, bytes]:
    """The generated files of the build: ``python.zip`` when a page loads it, the rules
    fragment when the start page's script is in the build."""
    made: dict[str, bytes] = {}
    if archive.NAME in files:
        try:
            made.update(zip(pybuild.NAMES, pybuild.build(site), strict=True))
        except (OSError, SyntaxError, pybuild.BuildError) as exc:
            raise BuildError(f"cannot build {archive.NAME}: {exc}") from None
    for name in rules_text.NAMES:
        if name not in files:
            continue
        try:
            made[name] = rules_text.fragment(site, rules_text.lang_of(name))
        except rules_text.RulesTextError as exc:
            raise BuildError(str(exc)) from None
    return made


def content_hash(site: Path, files: list[str], made: dict[str, bytes] | None = None) -> str:
    digest = hashlib.sha256()
    made = made or {}
    for name in files:
        digest.update(name.encode() + b"\0")
        data = made[name] if name in made else (site / name).read_bytes()
        digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


def stamp_html(html: str, version: str, page: str = "index.html") -> str:
    """The page with the build meta tag after <meta charset> (how it knows it is dist)."""
    tag = f'<meta name="{BUILD_META}" content="{version}">'
    match = re.search(r"<meta\s+charset[^>]*>", html, re.IGNORECASE)
    if match is None:
        raise BuildError(f"{page}: no <meta charset> to put the build tag after")
    line_start = html.rfind("\n", 0, match.start()) + 1
    indent = html[line_start : match.start()]
    return html[: match.end()] + "\n" + indent + tag + html[match.end() :]


#: The start-up module's list of the release's Python files and their hashes (checked by
#: the browser before any of them runs: web/scripts/python-snapshot.mjs).
RELEASE_SCRIPT = "web/scripts/python-snapshot.mjs"
RELEASE_MARKER = "export const RELEASE = null;"


def release_files(files: list[str]) -> list[str]:
    """The files whose hash the start-up module carries: the Python the release runs (the
    snapshot, the zips) and Pyodide's own files (its loader, script, wasm, lock file)."""
    folder = PurePosixPath(LOADER_RUNTIME).parent
    runtime = [str(folder / name) for name in PYODIDE_LOADS]
    return [name for name in (*pybuild.NAMES, *runtime) if name in files]


def stamp_release(script: str, hashes: dict[str, str]) -> str:
    """web/scripts/python-snapshot.mjs carrying the hashes of the release's snapshot, zips
    and Pyodide files (``{name: "sha256-<base64>"}``), which it checks before any of them
    runs."""
    if RELEASE_MARKER not in script:
        raise BuildError(f"{RELEASE_SCRIPT}: the marker {RELEASE_MARKER!r} is missing")
    value = json.dumps(dict(sorted(hashes.items())), indent=2)
    return script.replace(RELEASE_MARKER, f"export const RELEASE = {value};", 1)


BOARDS_BUILD_MARKER = "var BUILD = null;"
BOARDS_LOADER_MARKER = "var LOADER = null;"
#: The modules of the start-up module's graph, which web/scripts/boards.js preloads with
#: their hashes before it imports the first (a module import cannot carry one).
LOADER_MODULES = (LOADER, "web/scripts/python-snapshot.mjs", LOADER_RUNTIME)


def stamp_boards(script: str, version: str, loader: dict[str, str] | None = None) -> str:
    """web/scripts/boards.js knowing its build's version (so it registers the service worker)
    and the hashes of the start-up modules (``loader``), which it checks before they run."""
    for marker in (BOARDS_BUILD_MARKER, BOARDS_LOADER_MARKER):
        if marker not in script:
            raise BuildError(f"{BOARDS_SCRIPT}: the marker {marker!r} is missing")
    script = script.replace(BOARDS_BUILD_MARKER, f"var BUILD = {json.dumps(version)};", 1)
    value = json.dumps(dict(sorted((loader or {}).items())))
    return script.replace(BOARDS_LOADER_MARKER, f"var LOADER = {value};", 1)


MODULE_TAG = re.compile(r"<(script|link)\b[^>]*>", re.IGNORECASE)


def stamp_integrity(html: str, hashes: dict[str, str], page: str = "index.html") -> str:
    """The page with an ``integrity`` attribute on each module script and module preload
    of a file of the build (the browser refuses other bytes; a module that one of them
    imports comes from the preload, checked, instead of a fetch of its own)."""

    def stamped(match: re.Match[str]) -> str:
        tag = match.group(0)
        parser = PageRefs()
        parser.feed(tag)
        values = dict(re.findall(r'\b([a-z-]+)="([^"]*)"', tag))
        module = (match.group(1).lower() == "script" and values.get("type") == "module") or (
            match.group(1).lower() == "link" and values.get("rel") == "modulepreload"
        )
        if not module or "integrity" in values or not parser.refs:
            return tag
        name = relative_path(parser.refs[0], page)
        if name not in hashes:
            return tag
        return tag[:-1].rstrip() + f' integrity="{hashes[name]}">'

    return MODULE_TAG.sub(stamped, html)


def integrity(folder: Path, files: list[str]) -> dict[str, str]:
    """Each file's Subresource Integrity value (``sha256-<base64>``), as built."""
    return {
        name: "sha256-"
        + base64.b64encode(hashlib.sha256((folder / name).read_bytes()).digest()).decode("ascii")
        for name in files
    }


def service_worker(version: str, files: list[str], hashes: dict[str, str] | None = None) -> str:
    """sw.js for a build: its cache name, its files and (to check each file it caches
    against the build) their hashes."""
    template = read_text(SW_TEMPLATE)
    for marker in ("__VERSION__", "__PRECACHE__", "__INTEGRITY__"):
        if marker not in template:
            raise BuildError(f"{SW_TEMPLATE}: marker {marker} is missing")
    return (
        template.replace("__VERSION__", json.dumps(CACHE_PREFIX + version))
        .replace("__PRECACHE__", json.dumps(files, indent=2))
        .replace("__INTEGRITY__", json.dumps(hashes or {}, indent=2, sort_keys=True))
    )


def build(site: Path, out: Path) -> tuple[str, list[str]]:
    """Write the release of ``site`` into ``out``; return (version, precached files)."""
    files = collect(site)
    made = generate(site, files)
    version = content_hash(site, files, made)
    out.parent.mkdir(parents=True, exist_ok=True)
    # Build next to the target and swap at the end: a failed build keeps the last good one.
    staging = Path(tempfile.mkdtemp(prefix=".dist-", dir=out.parent))
    try:
        for name in files:
            target = staging / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if name in made:
                target.write_bytes(made[name])
            else:
                shutil.copyfile(site / name, target)
        # Stamped in this order, each with the hashes of files as built before it: the
        # start-up module (the release's Python and Pyodide files), the boards' include
        # (the start-up modules), the pages (their modules).
        if RELEASE_SCRIPT in files:
            hashes = integrity(staging, release_files(files))
            script = stamp_release(read_text(site / RELEASE_SCRIPT), hashes)
            (staging / RELEASE_SCRIPT).write_text(script, encoding="utf-8")
        if BOARDS_SCRIPT in files:
            loader = integrity(staging, [name for name in LOADER_MODULES if name in files])
            script = stamp_boards(read_text(site / BOARDS_SCRIPT), version, loader)
            (staging / BOARDS_SCRIPT).write_text(script, encoding="utf-8")
        built = integrity(staging, [name for name in files if name not in pages(site)])
        for page in pages(site):
            html = stamp_html(read_text(site / page), version, page)
            html = stamp_integrity(html, built, page)
            (staging / page).write_text(html, encoding="utf-8")
        # The hashes are of the files as built (stamped pages and boards.js included).
        worker = service_worker(version, files, integrity(staging, files))
        (staging / SW_NAME).write_text(worker, encoding="utf-8")
        replace_dir(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return version, files


def replace_dir(new: Path, out: Path) -> None:
    if out.exists():
        if not out.is_dir():
            raise BuildError(f"{out} exists and is not a folder")
        looks_like_dist = (out / SW_NAME).is_file() or not any(out.iterdir())
        if not looks_like_dist:
            raise BuildError(f"{out} is not an earlier build (no {SW_NAME}); not replacing it")
        shutil.rmtree(out)
    new.rename(out)


def size_text(out: Path) -> str:
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return f"{total / 1e6:.1f} MB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build dist/, the static offline release.")
    parser.add_argument("--site", type=Path, default=ROOT, help="source folder (the repo)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder")
    args = parser.parse_args(argv)
    try:
        version, files = build(args.site.resolve(), args.out.resolve())
    except BuildError as exc:
        print(f"build_dist: {exc}", file=sys.stderr)
        return 1
    print(f"dist: {len(files) + 1} files, {size_text(args.out)}, version {version} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
