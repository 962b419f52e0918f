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
//         that has imported MODULE... from that archive.
//       All bytecode is "unchecked-hash" (PEP 552): used without looking at a source's
//       date (an unpacked file's date means nothing), and the same input always gives the
//       same bytes.
//   node tools/pybuild.mjs check ZIP...
//       Every .pyc in the archives carries this runtime's magic number (exit 1 if not).
//
// The snapshot file: "INGSNAP1", a 4-byte little-endian header length, a JSON header
// (format 2, pyodide version, SHA-256 of python.zip and of python-stdlib.zip, the raw
// size, the runs of memory that are not zeros), then each run's gzip, in order. web/scripts/python-snapshot.mjs restores it
// only when every key matches the files the page is served. tools/pybuild.py drives this.
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

const PYTHON = `
import sys
STARTUP = set(sys.modules)  # what Pyodide imported to start
import importlib.util, importlib._bootstrap_external as ext, io, modulefinder, zipfile

FIXED = (1980, 1, 1, 0, 0, 0)

def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=0)
    return bytes(ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))

def write_zip(entries):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
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

// Nearly half of the memory is zeros (the stack, space not yet used): only the runs of
// 64 kB blocks that are not all zero are stored, each as a gzip member of its own, so the
// page inflates half as much. [offset, raw length, gzip length] per run.
const BLOCK = 1 << 16;

function sparse(raw) {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.length);
  const zero = Buffer.alloc(BLOCK);
  const blank = (at) => bytes.subarray(at, Math.min(at + BLOCK, bytes.length))
    .equals(zero.subarray(0, Math.min(BLOCK, bytes.length - at)));
  const segments = [];
  const members = [];
  for (let at = 0; at < bytes.length;) {
    if (blank(at)) { at += BLOCK; continue; }
    let end = at + BLOCK;
    while (end < bytes.length && !blank(end)) end += BLOCK;
    end = Math.min(end, bytes.length);
    const member = gzipSync(bytes.subarray(at, end), { level: 9 });
    segments.push([at, end - at, member.length]);
    members.push(member);
    at = end;
  }
  return { segments, body: Buffer.concat(members) };
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
  pyodide.runPython(`
import gc, importlib, random
for name in MODULES:
    importlib.import_module(name)
random.seed(0)  # the page reseeds it from the browser's random source after a restore
for key in [k for k in globals() if not k.startswith("__") and k != "gc"]:
    del globals()[key]
gc.collect()
del gc
`);
  clearFreeMemory(pyodide._module);
  const raw = pyodide.makeMemorySnapshot();
  const { segments, body } = sparse(raw);
  const header = Buffer.from(JSON.stringify({
    format: 2, pyodide: version, python_zip: sha256(zip), stdlib: sha256(stdlib),
    size: raw.length, segments,
  }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  writeFileSync(join(outDir, "python.zip"), zip);
  writeFileSync(join(outDir, "python.snapshot"),
                Buffer.concat([Buffer.from(MAGIC), length, header, body]));
  console.log(`pybuild: python.zip ${zip.length} bytes, python-stdlib.zip ${stdlib.length} ` +
              `bytes, python.snapshot ${raw.length} bytes (${body.length} gzipped), ` +
              `${modules.length} modules imported`);
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
