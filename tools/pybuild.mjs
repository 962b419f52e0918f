// Python for the browser, compiled by the pinned Pyodide's own CPython (under Node), so
// the bytecode and the memory snapshot always match the runtime the pages load.
//
//   node tools/pybuild.mjs app SRC_ZIP PYSCRIPT_DIR OUT_DIR MODULE...
//       SRC_ZIP, the game's sources (tools/archive.py), becomes in OUT_DIR:
//       * python.zip: the same sources, each module's bytecode beside it (__pycache__);
//       * python-stdlib.zip: the standard library the pages can import, as bytecode only:
//         the modules Pyodide imports to start, every module that they, the game's modules
//         and PyScript's own package (PYSCRIPT_DIR/pyscript) import, directly or not, found
//         by the standard library's modulefinder (imports inside functions count), but for
//         the packages no page runs (NEVER: the console's help(), debuggers, processes,
//         sockets, mail, servers, test frameworks), and every codec (looked up by name);
//       * python.snapshot: the memory of an interpreter started on that standard library
//         that has imported MODULE... from that archive;
//       * python-stdlib-rest.zip: the part of python-stdlib.zip that interpreter had not
//         imported (what a restored interpreter may still import), its zip comment naming
//         python.zip's SHA-256, so that its own hash keys the snapshot to this release.
//       All bytecode is "unchecked-hash" (PEP 552): used without looking at a source's
//       date (an unpacked file's date means nothing), and the same input always gives the
//       same bytes.
//   node tools/pybuild.mjs check ZIP...
//       Every .pyc in the archives carries this runtime's magic number (exit 1 if not).
//
// The snapshot file: "INGSNAP1", a 4-byte little-endian header length, a JSON header
// (format 3: pyodide version, SHA-256 of python.zip and of python-stdlib-rest.zip, the raw
// size, where Pyodide's own header ends and its memory begins, the runs stored, the runs
// that equal the memory a freshly created module already holds and their SHA-256, and the
// `info` of Pyodide's package lock file: a restored interpreter loads no package, so the
// page hands Pyodide a lock file of that info and no packages instead of fetching the
// 119 kB one), then
// each stored run's gzip, in order. web/scripts/python-snapshot.mjs restores it only when every
// key matches the files the page is served. tools/pybuild.py drives this.
import { createRequire } from "node:module";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide, version } = require(join(root, "node_modules", "pyodide", "pyodide.js"));

const MAGIC = "INGSNAP1";
const HOME = "/home/pyodide";

function die(message) {
  console.error(`pybuild: ${message}`);
  process.exit(2);
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

// Run in a restored interpreter: it holds no helpers of PYTHON (nor its imports).
const LOADABLE = `
import importlib.util, sys, zipfile, zipimport

def loadable(stdlib_path):
    # Every module of the archive found and its bytecode read through the import system:
    # a restored interpreter reads the archive it was given, not the one it was made on.
    zipimport._zip_directory_cache.clear()  # as web/scripts/python.mjs does after a restore
    bad = []
    with zipfile.ZipFile(stdlib_path) as zf:
        names = [n[:-4].replace("/", ".").removesuffix(".__init__")
                 for n in zf.namelist() if n.endswith(".pyc")]
    for name in names:
        try:
            spec = importlib.util.find_spec(name) if "." not in name else None
            if spec is not None and spec.loader.get_code(name) is None:
                bad.append(name)
        except Exception as exc:
            bad.append(f"{name}: {exc}")
    return [len(names), bad[:5]]
`;

const PYTHON = `
import sys
STARTUP = set(sys.modules)  # what Pyodide imported to start
import importlib.util, importlib._bootstrap_external as ext, io, modulefinder, zipfile

FIXED = (1980, 1, 1, 0, 0, 0)

def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def write_zip(entries, comment=b""):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.comment = comment
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=FIXED)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[name])
    return out.getvalue()

def compiled_app(data):
    entries = {}
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as zf:
        for name in zf.namelist():
            body = zf.read(name)
            entries[name] = body
            if name.endswith(".py"):
                entries[importlib.util.cache_from_source(name)] = pyc(body, f"${HOME}/{name}")
    return write_zip(entries)

# What modulefinder reaches but a page never runs: it follows every import a module could
# make (help() in the interactive console, a debugger, processes, sockets, mail, servers,
# test frameworks). Left out, with what only they import.
NEVER = ("_pyrepl", "bdb", "cmd", "code", "curses", "dbm", "doctest", "email", "ensurepip",
         "ftplib", "getpass", "http", "idlelib", "imaplib", "mailbox", "multiprocessing",
         "pdb", "pydoc", "pydoc_data", "pty", "rlcompleter", "smtplib", "socketserver",
         "sqlite3", "tkinter", "tty", "turtle", "unittest", "venv", "webbrowser", "wsgiref",
         "xml", "xmlrpc")

def module_name(path):
    name = path.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")

def needed_stdlib(modules, pyscript_dir, stdlib_path):
    # modulefinder reads plain files, not a zip: it scans an unpacked copy.
    unpacked = "/tmp/stdlib"
    with zipfile.ZipFile(stdlib_path) as zf:
        zf.extractall(unpacked)
    search = ["${HOME}", pyscript_dir, unpacked, *(p for p in sys.path if p != stdlib_path)]
    finder = modulefinder.ModuleFinder(path=search, excludes=list(NEVER))
    for name in (*modules, "pyscript", *sorted(STARTUP)):
        try:
            finder.import_hook(name)
        except ImportError:
            pass  # a JS module (js, pyodide_js, polyscript) or a built-in
    return set(finder.modules) | STARTUP

def rest_stdlib(stdlib_path, imported, comment, pyscript):
    # What a restored interpreter can still import: every entry but the bytecode of the
    # modules it holds already (their packages' data files stay); and the bytecode of
    # PyScript's package as PyScript writes it into the working folder.
    entries = {
        importlib.util.cache_from_source(name): pyc(source.encode(), f"${HOME}/{name}")
        for name, source in pyscript.items()
        if name.endswith(".py")
    }
    with zipfile.ZipFile(stdlib_path) as zf:
        for name in zf.namelist():
            if name.endswith("/"):
                continue
            if name.endswith(".pyc") and module_name(name[:-1]) in imported:
                continue
            entries[name] = zf.read(name)
    return write_zip(entries, comment.encode())

def trimmed_stdlib(stdlib_path, keep):
    entries = {}
    prefix = stdlib_path + "/"
    with zipfile.ZipFile(stdlib_path) as zf:
        for name in zf.namelist():
            if name.endswith("/"):
                continue
            top = name.split("/")[0]
            wanted = (module_name(name) in keep if name.endswith(".py")
                      else module_name(top) in keep)
            if not (wanted or name.startswith("encodings/")):
                continue
            body = zf.read(name)
            if name.endswith(".py"):
                entries[name[:-3] + ".pyc"] = pyc(body, prefix + name)
            else:
                entries[name] = body
    return write_zip(entries)
`;

// PyScript's own Python package as the page gets it: PyScript writes these sources (held
// in its bundle) into the working folder at every start, then imports them, compiling
// them again each time; a restored interpreter skips that. Their bytecode ships in
// python-stdlib-rest.zip, under pyscript/__pycache__/, and web/scripts/python.mjs writes
// it where an import of the package finds it (pyscript/name.pyc). Returns
// {"pyscript/name.py": source}.
function pyscriptSources() {
  const dist = join(root, "node_modules", "@pyscript", "core", "dist");
  const marker = '{pyscript:{"__init__.py":';
  for (const name of readdirSync(dist).filter((n) => n.endsWith(".js"))) {
    const text = readFileSync(join(dist, name), "utf8");
    const at = text.indexOf(marker);
    if (at < 0) continue;
    let depth = 0;
    let quote = null;
    let end = at;
    for (; end < text.length; end++) {
      const c = text[end];
      if (quote) {
        if (c === "\\") end++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    const tree = Function(`"use strict"; return (${text.slice(at, end + 1)});`)();
    const files = {};
    const walk = (node, path) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === "string") files[`${path}${key}`] = value;
        else walk(value, `${path}${key}/`);
      }
    };
    walk(tree, "");
    return files;
  }
  die("PyScript's bundle holds no pyscript package (has @pyscript/core changed?)");
}

function writeTree(pyodide, from, to) {
  pyodide.FS.mkdirTree(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) writeTree(pyodide, join(from, entry.name), `${to}/${entry.name}`);
    else if (entry.name.endsWith(".py")) {
      pyodide.FS.writeFile(`${to}/${entry.name}`, readFileSync(join(from, entry.name)));
    }
  }
}

// Zeroes the free memory of the C heap: every free block is taken with calloc (which
// clears it) and given back. What freed memory held before (sources compiled at start-up,
// temporary objects) would otherwise ride along in the snapshot: about 1 MB of its gzip.
function clearFreeMemory(module) {
  const brk = () => module.HEAPU32[module._emscripten_get_sbrk_ptr() >>> 2];
  const held = [];
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      const before = brk();
      const block = module._calloc(size, 1);
      if (!block) break;
      if (brk() !== before) { module._free(block); break; }
      held.push(block);
    }
  }
  held.forEach((block) => module._free(block));
}

// Nearly half of the memory is zeros (the stack, space not yet used), and a tenth of it is
// what a freshly created module holds already (the wasm's data: tables, strings, frozen
// code): neither is stored. The memory is cut in 4 kB blocks; "base" blocks equal the fresh
// module's memory (FRESH, from OFFSET on: Pyodide's own header comes first) and are not
// zeros; the rest that are not zeros are stored, as runs (gaps under 64 kB are bridged,
// with base blocks as zeros there) each a gzip member of its own, so the page inflates
// what it must and no more. [offset, raw length, gzip length] per stored run, [offset,
// length] per base run, and the SHA-256 of the base runs' bytes in order.
const BLOCK = 1 << 12;
const BRIDGE = 1 << 16;

function sparse(raw, fresh, offset) {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.length);
  const blocks = Math.ceil(bytes.length / BLOCK);
  const kind = new Uint8Array(blocks);  // 0 zeros, 1 base, 2 stored
  const zero = Buffer.alloc(BLOCK);
  for (let i = 0; i < blocks; i++) {
    const at = i * BLOCK;
    const end = Math.min(at + BLOCK, bytes.length);
    const block = bytes.subarray(at, end);
    if (block.equals(zero.subarray(0, end - at))) continue;
    const from = at - offset;
    const same = from >= 0 && end - offset <= fresh.length &&
      block.equals(Buffer.from(fresh.buffer, fresh.byteOffset + from, end - at));
    kind[i] = same ? 1 : 2;
  }
  const base = [];
  for (let i = 0; i < blocks; i++) {
    if (kind[i] !== 1) continue;
    const last = base[base.length - 1];
    if (last && last[0] + last[1] === i * BLOCK) last[1] += BLOCK;
    else base.push([i * BLOCK, BLOCK]);
  }
  const hash = createHash("sha256");
  for (const [at, size] of base) hash.update(bytes.subarray(at, at + size));
  const runs = [];
  for (let i = 0; i < blocks; i++) {
    if (kind[i] !== 2) continue;
    const last = runs[runs.length - 1];
    if (last && i * BLOCK - last[1] < BRIDGE) last[1] = Math.min((i + 1) * BLOCK, bytes.length);
    else runs.push([i * BLOCK, Math.min((i + 1) * BLOCK, bytes.length)]);
  }
  const segments = [];
  const members = [];
  for (const [at, end] of runs) {
    const run = Buffer.from(bytes.subarray(at, end));
    for (let b = at / BLOCK; b * BLOCK < end; b++) {
      if (kind[b] === 1) run.fill(0, b * BLOCK - at, Math.min((b + 1) * BLOCK, end) - at);
    }
    const member = gzipSync(run, { level: 9 });
    segments.push([at, end - at, member.length]);
    members.push(member);
  }
  return { segments, base, baseHash: hash.digest("hex"), body: Buffer.concat(members) };
}

// Pyodide sizes a restored module's memory by its snapshot (INITIAL_MEMORY), but its wasm
// starts at its own 30 MB whatever it is told: a snapshot taken once the heap had grown
// past that does not fit. A malloc of the snapshot's size grows the memory (its block is
// freed at once; the snapshot then overwrites the whole heap, the allocator's state with
// it). The page does the same (web/scripts/python.mjs), after it has read the fresh
// memory's runs.
function growTo(module, size) {
  if (module.HEAPU8.length < size) module._free(module._malloc(size));
  if (module.HEAPU8.length < size) die(`the module's memory cannot grow to ${size} bytes`);
}

async function app(srcZip, pyscriptDir, outDir, modules) {
  // 1. The archive's bytecode, and the standard library it can reach.
  const first = await loadPyodide(quiet);
  first.runPython(PYTHON);
  first.globals.set("DATA", new Uint8Array(readFileSync(srcZip)));
  const zip = first.runPython("compiled_app(DATA.to_py())").toJs();
  first.unpackArchive(zip, "zip", { extractDir: HOME });
  writeTree(first, join(pyscriptDir, "pyscript"), "/tmp/pyscript/pyscript");
  first.globals.set("MODULES", first.toPy(modules));
  const stdlib = first.runPython(`
import sys
STDLIB = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
trimmed_stdlib(STDLIB, needed_stdlib(list(MODULES), "/tmp/pyscript", STDLIB))`).toJs();
  const stdlibPath = join(outDir, "python-stdlib.zip");
  writeFileSync(stdlibPath, stdlib);

  // 2. An interpreter started on that standard library imports the modules: its memory
  // is the snapshot. Names the modules read from the page's globals when imported
  // (web/ui/dom.py keeps `js.document`) are recorded as paths: the page's own are restored.
  globalThis.document ??= {};
  const pyodide = await loadPyodide({
    ...quiet, stdLibURL: stdlibPath, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" },
  });
  pyodide.unpackArchive(zip, "zip", { extractDir: HOME });
  pyodide.globals.set("MODULES", pyodide.toPy(modules));
  const imported = JSON.parse(pyodide.runPython(`
import gc, importlib, json, random, sys
for name in MODULES:
    importlib.import_module(name)
random.seed(0)  # the page reseeds it from the browser's random source after a restore
json.dumps(sorted(sys.modules))`));
  pyodide.runPython(`
for key in [k for k in globals() if not k.startswith("__") and k != "gc"]:
    del globals()[key]
gc.collect()
del gc
`);
  clearFreeMemory(pyodide._module);
  const raw = pyodide.makeMemorySnapshot();

  // 3. The standard library a restored interpreter still needs: what it had not imported.
  first.FS.writeFile("/tmp/trimmed.zip", stdlib);
  first.globals.set("IMPORTED", first.toPy(imported));
  first.globals.set("PYSCRIPT", first.toPy(pyscriptSources()));
  const rest = first.runPython(
    `rest_stdlib("/tmp/trimmed.zip", set(IMPORTED), "python.zip sha256 ${sha256(zip)}", PYSCRIPT)`).toJs();
  const restPath = join(outDir, "python-stdlib-rest.zip");
  writeFileSync(restPath, rest);

  // 4. The snapshot restored here, on that rest: it must import what it lacks from it; and
  // the memory a module holds when just created (the wasm's data, its constructors' work),
  // which the page has too before it restores: runs of the snapshot equal to it are not
  // stored but copied from there (checked by their hash).
  let fresh = null;
  const { default: create } = await import(join(root, "node_modules", "pyodide", "pyodide.asm.mjs"));
  const again = await loadPyodide({
    ...quiet, stdLibURL: restPath, _loadSnapshot: raw,
    createPyodideModule: async (settings) => {
      const module = await create(settings);
      fresh = module.HEAPU8.slice();
      growTo(module, raw.length);
      return module;
    },
  });
  again.runPython(LOADABLE);
  const [count, bad] = again.runPython(
    'loadable(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip")').toJs();
  if (bad.length) die(`a restored interpreter cannot import from the rest of the standard library: ${bad.join(", ")}`);
  const offset = new Uint32Array(raw.buffer, raw.byteOffset, 3)[1];
  const { segments, base, baseHash, body } = sparse(raw, fresh, offset);
  const header = Buffer.from(JSON.stringify({
    format: 3, pyodide: version, python_zip: sha256(zip), stdlib: sha256(rest),
    lock: JSON.parse(readFileSync(join(root, "node_modules", "pyodide", "pyodide-lock.json"))).info,
    size: raw.length, memory_offset: offset, segments, base, base_sha256: baseHash,
  }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  writeFileSync(join(outDir, "python.zip"), zip);
  writeFileSync(join(outDir, "python.snapshot"),
                Buffer.concat([Buffer.from(MAGIC), length, header, body]));
  const baseBytes = base.reduce((n, [, size]) => n + size, 0);
  console.log(`pybuild: python.zip ${zip.length} bytes, python-stdlib.zip ${stdlib.length} ` +
              `bytes, python-stdlib-rest.zip ${rest.length} bytes (${count} modules), ` +
              `python.snapshot ${raw.length} bytes (${body.length} gzipped, ${baseBytes} ` +
              `copied from a fresh module), ${modules.length} modules imported`);
}

async function check(zips) {
  const pyodide = await loadPyodide(quiet);
  let bad = 0;
  for (const path of zips) {
    pyodide.globals.set("DATA", new Uint8Array(readFileSync(path)));
    const [count, wrong] = pyodide.runPython(`
import importlib.util, io, zipfile
with zipfile.ZipFile(io.BytesIO(DATA.to_py())) as zf:
    names = [n for n in zf.namelist() if n.endswith(".pyc")]
    wrong = [n for n in names if zf.read(n)[:4] != importlib.util.MAGIC_NUMBER]
[len(names), wrong[:5]]
`).toJs();
    if (!count || wrong.length) {
      bad += 1;
      console.error(`pybuild: ${path}: ${count} .pyc files; not this runtime's Python: ` +
                    `${wrong.join(", ") || "(no .pyc at all)"}`);
    } else {
      console.log(`pybuild: ${path}: ${count} .pyc files of this runtime (Pyodide ${version})`);
    }
  }
  process.exit(bad ? 1 : 0);
}

const [command, ...args] = process.argv.slice(2);
if (command === "app" && args.length >= 3) await app(args[0], args[1], args[2], args.slice(3));
else if (command === "check" && args.length) await check(args);
else die("usage: app SRC_ZIP PYSCRIPT_DIR OUT_DIR MODULE... | check ZIP...");
