// Python for the browser, compiled by the pinned Pyodide's own CPython (under Node), so
// the bytecode and the memory snapshot always match the runtime the pages load.
//
//   node tools/pybuild.mjs stdlib IN_ZIP OUT_ZIP
//       The standard library as Pyodide ships it (.py only) -> the same modules as .pyc
//       (unchecked-hash, no timestamps: reproducible), sources left out.
//   node tools/pybuild.mjs app SRC_ZIP STDLIB_ZIP OUT_ZIP OUT_SNAPSHOT MODULE...
//       The game's sources (tools/archive.py) -> the same archive with each module's .pyc
//       beside it (__pycache__, unchecked-hash), and a memory snapshot of an interpreter
//       started on STDLIB_ZIP that has imported MODULE... from that archive.
//   node tools/pybuild.mjs check ZIP...
//       Every .pyc in the archives carries this runtime's magic number (exit 1 if not).
//
// The snapshot file: "INGSNAP1", a 4-byte little-endian header length, a JSON header
// (format, pyodide version, SHA-256 of OUT_ZIP and of STDLIB_ZIP, the raw size), then the
// gzip of the snapshot Pyodide made. web/python.mjs restores it only when every key
// matches the files the page is served; tools/pybuild.py drives this script.
import { createRequire } from "node:module";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide, version } = require(join(root, "node_modules", "pyodide", "pyodide.js"));

export const MAGIC = "INGSNAP1";

function die(message) {
  console.error(`pybuild: ${message}`);
  process.exit(2);
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

// Python side: compile the .py entries of a zip into unchecked-hash .pyc, write a zip with
// fixed dates in name order (the same input always gives the same bytes).
const COMPILE = `
import importlib.util, importlib._bootstrap_external as ext, io, zipfile

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

def compiled_stdlib(data, prefix):
    entries = {}
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as zf:
        for name in zf.namelist():
            if name.endswith("/"):
                continue
            body = zf.read(name)
            if name.endswith(".py"):
                entries[name[:-3] + ".pyc"] = pyc(body, prefix + name)
            else:
                entries[name] = body
    return write_zip(entries)

def compiled_app(data, home):
    entries = {}
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as zf:
        for name in zf.namelist():
            body = zf.read(name)
            entries[name] = body
            if name.endswith(".py"):
                entries[importlib.util.cache_from_source(name)] = pyc(body, home + "/" + name)
    return write_zip(entries)
`;

function py(pyodide, code) {
  pyodide.runPython(COMPILE);
  return pyodide.runPython(code);
}

async function stdlib(input, output) {
  const pyodide = await loadPyodide({ ...quiet, stdLibURL: input });
  pyodide.globals.set("DATA", new Uint8Array(readFileSync(input)));
  const prefix = pyodide.runPython("import sys; f'/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/'");
  const out = py(pyodide, `compiled_stdlib(DATA.to_py(), ${JSON.stringify(prefix)})`).toJs();
  writeFileSync(output, out);
  console.log(`pybuild: ${output}: ${out.length} bytes`);
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

async function app(srcZip, stdlibZip, outZip, outSnapshot, modules) {
  // Names the modules read from the page's globals when imported (web/dom.py keeps
  // `js.document`): the snapshot records them as paths and the page's own are restored.
  globalThis.document ??= {};
  const stdlibBytes = readFileSync(stdlibZip);
  const pyodide = await loadPyodide({
    ...quiet, stdLibURL: stdlibZip, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" },
  });
  pyodide.globals.set("DATA", new Uint8Array(readFileSync(srcZip)));
  const zip = py(pyodide, `compiled_app(DATA.to_py(), "/home/pyodide")`).toJs();
  pyodide.globals.delete("DATA");
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  pyodide.globals.set("MODULES", pyodide.toPy(modules));
  pyodide.runPython(`
import gc, importlib, random, sys
for name in MODULES:
    importlib.import_module(name)
del name
random.seed(0)  # the page reseeds it from the browser's random source after a restore
for key in [k for k in globals() if not k.startswith("__") and k != "gc"]:
    del globals()[key]
gc.collect()
del gc
`);
  clearFreeMemory(pyodide._module);
  const raw = pyodide.makeMemorySnapshot();
  const header = Buffer.from(JSON.stringify({
    format: 1, pyodide: version, python_zip: sha256(zip), stdlib: sha256(stdlibBytes),
    size: raw.length,
  }));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  const body = gzipSync(raw, { level: 9 });
  writeFileSync(outZip, zip);
  writeFileSync(outSnapshot, Buffer.concat([Buffer.from(MAGIC), length, header, body]));
  console.log(`pybuild: ${outZip}: ${zip.length} bytes; ${outSnapshot}: ${raw.length} bytes, ` +
              `${body.length} gzipped, ${modules.length} modules`);
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
                    `${wrong.join(", ") || "(no .pyc at all)"}; run \`make runtime\``);
    } else {
      console.log(`pybuild: ${path}: ${count} .pyc files of this runtime (Pyodide ${version})`);
    }
  }
  process.exit(bad ? 1 : 0);
}

const [command, ...args] = process.argv.slice(2);
if (command === "stdlib" && args.length === 2) await stdlib(...args);
else if (command === "app" && args.length >= 4) await app(args[0], args[1], args[2], args[3], args.slice(4));
else if (command === "check" && args.length) await check(args);
else die("usage: stdlib IN OUT | app SRC_ZIP STDLIB_ZIP OUT_ZIP OUT_SNAPSHOT MODULE... | check ZIP...");
