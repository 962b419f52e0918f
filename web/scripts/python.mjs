// The Python runtime of every page (the game, its bot worker, the boards of a rules page):
// Pyodide from runtime/pyodide/, started from the release's memory snapshot
// (python.snapshot, made by tools/pybuild.mjs: an interpreter that has already imported
// the game's modules) when that snapshot was made from the very files this site serves,
// else started the usual way. pyscript.toml names this module as PyScript's interpreter;
// web/scripts/boards.js imports it too.
//
// The snapshot is read and checked by web/scripts/python-snapshot.mjs in a worker of its own, from
// the moment this module is imported, while Pyodide fetches and compiles its own files.
// What the snapshot does not store (the memory a freshly created module already holds) is
// copied from the module Pyodide creates, and checked, before the restore. A restored
// interpreter gets only the part of the standard library it had not imported
// (python-stdlib-rest.zip); python.zip (sources for tracebacks) comes once the page is idle.
// The snapshot is refused, and the start is a normal one on the whole compiled standard
// library that differs only in time, when: the browser cannot unpack it, its file is
// missing or not a snapshot, its bytes are not the ones the release names (a release
// carries the hash of the snapshot and of each zip: python-snapshot.mjs RELEASE), it was
// made by another Pyodide or for another release, its size is wrong, a fresh module's
// memory differs from the one it was made against, or Pyodide cannot restore it. A zip
// the release does not vouch for stops the start with a plain message (boot.js).
// How the start went is kept in `globalThis.ingeniousPython` ({start: "snapshot" |
// "normal", why}) for the benchmarks and the tests.
import { loadPyodide as startPyodide, version } from "../../runtime/pyodide/pyodide.mjs";
import {
  bytesOf, integrityOf, integrityOfBytes, readSnapshot, Refused, RELEASE, sha256,
} from "./python-snapshot.mjs";

export { version };

const SITE = new URL("../../", import.meta.url).href;
const INDEX_URL = new URL("runtime/pyodide/", SITE).href;
const FILES = {
  snapshot: new URL("python.snapshot", SITE).href,
  archive: new URL("python.zip", SITE).href,
  // Compiled for the game by tools/pybuild.py: all the pages can import (a normal start),
  // and what of it a restored interpreter had not imported yet.
  stdlib: new URL("python-stdlib.zip", SITE).href,
  rest: new URL("python-stdlib-rest.zip", SITE).href,
  version,
  site: SITE,
};

// What a restored interpreter redoes: its memory holds the random state of the build,
// so every start would deal the same games; it is reseeded from the browser's random
// source (os.urandom is crypto.getRandomValues). And its zip importer forgets the table of
// contents of the standard library it was made on: it now reads the rest of it.
const AFTER_RESTORE = [
  "import os, random, sys, zipfile, zipimport",
  "zipimport._zip_directory_cache.clear()",
  "random.seed()",
  // PyScript's package is written as sources at every start and imported; a restored
  // interpreter leaves that out (skipPackage below). For an import of the package, its
  // bytecode (made by the build from the very same sources, shipped under
  // pyscript/__pycache__/) is put where Python looks for it with no sources beside it:
  // pyscript/name.pyc.
  "os.makedirs('/home/pyodide/pyscript', exist_ok=True)",
  "with zipfile.ZipFile(f'/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip') as _zip:",
  "    for _name in [n for n in _zip.namelist() if n.startswith('pyscript/')]:",
  "        _module = _name.rsplit('/', 1)[1].split('.')[0]",
  "        with open(f'/home/pyodide/pyscript/{_module}.pyc', 'wb') as _file:",
  "            _file.write(_zip.read(_name))",
  "del os, random, sys, zipfile, zipimport, _zip, _name, _module, _file",
].join("\n");

// PyScript's first Python on a page (and in a worker): it writes its package's sources
// (33 kB) into the working folder and imports the package, 70-190 ms of the page's start
// (marks around it), though the game's page needs the package only to start a bot worker
// again after a failure, and the worker not at all. Put off until the page was idle, it
// was still one task of 35-330 ms after the board (cold loads, a loaded machine): the
// page did not count as idle until then (Lighthouse's blocking time). A restored
// interpreter skips that code: an import of the package finds the build's bytecode in its
// place (AFTER_RESTORE).
// The code is known by how PyScript 0.7 begins and ends it; any other runs as it comes.
const PACKAGE_BEGINS = "import os as _os\nfrom pathlib import Path as _Path\n";
const PACKAGE_IMPORT = "\nimport pyscript as _pyscript\n";

function skipPackage(pyodide) {
  const run = pyodide.runPythonAsync;
  pyodide.runPythonAsync = function (code, options) {
    if (typeof code !== "string" || !code.startsWith(PACKAGE_BEGINS) ||
        !code.includes(PACKAGE_IMPORT)) {
      return run.call(this, code, options);
    }
    pyodide.runPythonAsync = run;
    globalThis.ingeniousPython.pyscript = "skipped";
    return Promise.resolve(undefined);
  };
}

function mark(name) {
  globalThis.performance?.mark?.(`ingenious:${name}`);
}

// The page's loading screen names what a start that takes too long still waits for
// (web/scripts/boot.js waiting).
function awaiting(url, promise) {
  if (PAGE) globalThis.ingeniousBoot?.waiting?.(url.slice(SITE.length), promise);
  return promise;
}

// The interpreter is on its way and will hold a page's main thread for moments (its
// restore, or a whole normal start): the page is told first ("ingenious:python-busy":
// web/scripts/start-form.js shows the start screen as busy until Python takes over), and a
// frame is drawn, so the screen never looks ready while it cannot answer.
async function busy() {
  if (typeof document === "undefined") return;  // a worker holds no page
  globalThis.ingeniousPythonBusy = true;  // for a listener that comes later
  globalThis.dispatchEvent(new Event("ingenious:python-busy"));
  await new Promise((resolve) => {
    setTimeout(resolve, 100);  // a hidden tab draws no frames
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

// The restore is about to hold the page's main thread ("ingenious:python-restoring": the
// loading strip says so; the page paints between the restore's three tasks).
function restoring() {
  if (typeof document === "undefined") return;  // a worker holds no page
  globalThis.dispatchEvent(new Event("ingenious:python-restoring"));
}

function inWorker() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("python-snapshot-worker.mjs", import.meta.url),
                              { type: "module" });
    worker.onmessage = (event) => {
      worker.terminate();
      if (event.data.snapshot) resolve(event.data);
      else reject(new Error(event.data.why));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(`the snapshot's worker failed (${event.message || "no reason given"})`));
    };
    worker.postMessage(FILES);
  });
}

// The answer of the worker web/scripts/boot.js started at the page's first moment, if it
// did (the game's page), else a worker of this module's.
function asked() {
  const early = PAGE ? globalThis.ingeniousSnapshotRead : undefined;
  if (!early) return inWorker();
  return early.then((data) => {
    if (data && data.snapshot) return data;
    throw new Error((data && data.why) || "the snapshot's worker gave no answer");
  });
}

function read() {
  return typeof Worker === "function"
    ? asked().catch((error) => {
      if (/worker failed/.test(error.message)) return readSnapshot(FILES);  // no module workers
      throw error;
    })
    : readSnapshot(FILES);
}

function prepare() {
  mark("snapshot-asked");
  const handed = PAGE ? null : fromPage();
  handed?.finally(pageAnswered);
  const found = PAGE ? awaiting(FILES.snapshot, read()) : handed.then((gift) => gift || read());
  return found.then((found) => { mark("snapshot-read"); tell("read"); return found; });
}

// A page's own interpreter comes first: a worker's (the bots) reads its snapshot once the
// page has read its own ("read"), and restores it once the page's interpreter is up
// ("up"), 3 s at most each, so the two restores never share the cores while the player
// waits for the page.
const PAGE = typeof document !== "undefined";
const channel = typeof BroadcastChannel === "function"
  ? new BroadcastChannel("ingenious-python") : null;
const said = new Set();

function tell(what) {
  said.add(what);
  if (PAGE && channel) channel.postMessage(what);
}

function pageHas(what) {
  if (PAGE || !channel) return Promise.resolve();
  return new Promise((resolve) => {
    channel.addEventListener("message", (event) => { if (event.data === what) resolve(); });
    channel.postMessage(`ask ${what}`);
    setTimeout(resolve, 3000);
  });
}

// The bot worker starts once the page's first screen is drawn (web/play/botworker.py). The
// page keeps the snapshot it restored, already read and unpacked, and the wasm it compiled,
// until its worker asks for them (or for 20 s): both are handed to the worker (the
// snapshot's memory moved, not copied; the compiled module shared), so the worker neither
// fetches and inflates the snapshot again nor compiles the wasm (300-600 ms before its
// interpreter could start). A worker that gets nothing (a later one, after a restart)
// reads the file; it also checks that what it gets is of its own release (the hash of the
// standard library the snapshot was made with, as readSnapshot does).
// Question and answer go between the page and its own worker only (postMessage on the
// worker, which PyScript also uses). PyScript's own listeners, added before ours, see them
// too: the page's ignore them, and a worker's are made to (quietWorkerMessages).
const KEEP_MS = 20000;
const ASK = "ingenious:snapshot?";
const ANSWER = "ingenious:snapshot";
let kept = null;

function keep(found) {
  kept = { snapshot: found.snapshot, base: found.base, lock: found.lock,
           release: found.release };
  setTimeout(() => { kept = null; }, KEEP_MS);
}

async function handOver(worker) {
  const gift = kept;
  kept = null;  // one worker each: a later one (a restart) reads the file
  if (gift) {
    const wasm = compiling ? await compiling.catch(() => null) : null;
    try {
      worker.postMessage({ [ANSWER]: { ...gift, wasm } }, [gift.snapshot.buffer]);
      return;
    } catch {
      // not handed: the worker reads the file
    }
  }
  worker.postMessage({ [ANSWER]: null });
}

// A page listens to each worker PyScript starts: PyScript gives the element its worker a
// moment after the element is added (looked for every 10 ms, for 10 s at most), long
// before the worker has loaded this module and can ask.
function listenToWorkers() {
  const listen = (script, tries = 1000) => {
    const worker = script.xworker;
    if (!worker) {
      if (tries > 0 && script.isConnected) setTimeout(listen, 10, script, tries - 1);
      return;
    }
    if (worker.ingeniousListened) return;
    worker.ingeniousListened = true;
    worker.addEventListener("message", (event) => {
      if (event.data?.[ASK] !== true) return;
      event.stopImmediatePropagation();
      handOver(worker);
    });
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node.nodeName === "SCRIPT" && node.hasAttribute("worker")) listen(node);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  document.querySelectorAll("script[worker]").forEach(listen);
}

// PyScript hands every message a worker gets to the Python global `xworker.onmessage`,
// the messages above included, and fails when the worker's script defines no `xworker`
// (ours does not): a worker's interpreter gets one that ignores them.
function quietWorkerMessages(pyodide) {
  if (!pyodide.globals.has("xworker")) pyodide.globals.set("xworker", { onmessage() {} });
}

async function fromPage() {
  if (!globalThis.crypto?.subtle || typeof globalThis.postMessage !== "function") return null;
  const asked = performance.now();
  let listener = null;
  try {
    const answer = await new Promise((resolve) => {
      listener = (event) => {
        if (!event.data || !(ANSWER in event.data)) return;
        event.stopImmediatePropagation();
        resolve(event.data[ANSWER]);
      };
      globalThis.addEventListener("message", listener);
      globalThis.postMessage({ [ASK]: true });
      setTimeout(() => resolve(null), 1000);  // a page that does not answer
    });
    if (!answer?.snapshot || answer.release !== await sha256(await bytesOf(FILES.rest, SITE))) {
      return null;
    }
    if (answer.wasm instanceof WebAssembly.Module) {
      compiling = Promise.resolve(answer.wasm);
      handedWasm = true;
    }
    return { snapshot: answer.snapshot, base: answer.base, lock: answer.lock,
             release: answer.release, times: { handed: Math.round(performance.now() - asked) } };
  } catch {
    return null;  // read the file instead
  } finally {
    globalThis.removeEventListener("message", listener);
  }
}

if (PAGE && channel) {
  channel.addEventListener("message", (event) => {
    const [ask, what] = String(event.data).split(" ");
    if (ask === "ask" && said.has(what)) channel.postMessage(what);
  });
}
if (PAGE && typeof MutationObserver === "function") listenToWorkers();

let prepared = null;  // the snapshot's reading, from the start

// python.zip (its modules and their sources) into Python's working folder.
function unpack(pyodide, archive) {
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide" });
  mark("python-unpacked");
}

// A restored interpreter has imported every module already: there the sources only serve
// tracebacks. Once the page is idle, python.zip goes into the file system as it is (one
// copy), and linecache, which tracebacks read lines through, takes a missing source of the
// pages' modules from it when a traceback asks. Written out file by file, the sources were
// 120-170 ms of the main thread at once, and tasks of 26-42 ms in slices: long tasks on a phone.
const SOURCES_ZIP = "/tmp/python.zip";
const SOURCES = `
def _ingenious_sources(path, root):
    import linecache

    plain = linecache.updatecache

    def updatecache(filename, module_globals=None):
        lines = plain(filename, module_globals)
        if lines or not filename.startswith(root):
            return lines
        import zipfile

        try:
            with zipfile.ZipFile(path) as archive:
                text = archive.read(filename[len(root):]).decode("utf-8")
        except (OSError, KeyError, ValueError):
            return []
        lines = text.splitlines(keepends=True)
        linecache.cache[filename] = (len(text), None, lines, filename)  # no mtime: kept
        return lines

    linecache.updatecache = updatecache

_ingenious_sources("${SOURCES_ZIP}", "/home/pyodide/")
del _ingenious_sources
`;

function unpackSources(pyodide, archive) {
  pyodide.FS.writeFile(SOURCES_ZIP, archive);
  pyodide.runPython(SOURCES);
  mark("python-unpacked");
}

// Well after the start (the page's first screen, a resumed game), when the page is idle.
function later(task) {
  setTimeout(() => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 5000 });
    else task();
  }, 5000);
}

const archiveBytes = () => awaiting(FILES.archive, bytesOf(FILES.archive, SITE));

function report(start, why, times) {
  globalThis.ingeniousPython = { start, why: why ? String(why.message || why) : "" };
  if (times) globalThis.ingeniousPython.times = times;
  if (why) console.warn(`Python starts without its snapshot: ${globalThis.ingeniousPython.why}`);
}

// A restore is one run of work on the main thread (setting up the wasm module's functions,
// its file system, copying the memory in, Pyodide's own set-up): it is cut in three, so the
// page can answer input in between.
const nextTask = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => resolve();
  channel.port2.postMessage(null);
});

const pause = () => (typeof MessageChannel === "function" ? nextTask() : Promise.resolve());

// The snapshot's base runs, copied into it from the memory of the module Pyodide has just
// created (the wasm's data and its constructors' work, the same in every start), and
// checked against the hash the build recorded; a difference refuses the snapshot.
async function fillBase(module, found) {
  const { runs, sha256: expected, offset } = found.base;
  const memory = module.HEAPU8;
  const copied = new Uint8Array(runs.reduce((n, [, size]) => n + size, 0));
  let at = 0;
  for (const [start, size] of runs) {
    if (start < offset || start - offset + size > memory.length) {
      throw new Error("the snapshot's base lies outside the module's memory");
    }
    const run = memory.subarray(start - offset, start - offset + size);
    found.snapshot.set(run, start);
    copied.set(run, at);
    at += size;
  }
  if (await sha256(copied) !== expected) {
    throw new Error("a fresh module's memory differs from the snapshot's");
  }
}

// Pyodide fetches its wasm early but compiles it only once it holds the snapshot (it sizes
// the memory by it), so a page compiles it itself from the moment this module runs, while
// the snapshot is read. Pyodide's own instantiateWasm (which adds two imports of its own)
// then gets that compiled module: for the one call it makes, WebAssembly.instantiateStreaming
// instantiates the module already compiled, in a task of its own. (The bot worker
// compiles when its turn comes: it must not take the cores from the page.)
// The page asks for the file once: Pyodide's own request for it is answered with the same
// response (shareWasmRequest), whose body the compiled module makes unneeded. A bot worker
// that its page handed the compiled module to answers Pyodide's request with no body.
const WASM_URL = INDEX_URL + "pyodide.asm.wasm";
const WASM_NAME = WASM_URL.slice(SITE.length);
const ASM_URL = INDEX_URL + "pyodide.asm.mjs";
let compiling = null;
let wasmResponse = null;
let handedWasm = false;  // a worker: its page handed it the compiled module
// A worker: settles once its page has answered whether it hands over its snapshot and wasm.
let pageAnswered = null;
const answeredByPage = PAGE ? null : new Promise((resolve) => { pageAnswered = resolve; });

// In a release the wasm's bytes are hashed as they arrive (a copy of the response, beside
// the compilation that streams them) and the module is used only if they are the release's
// (python-snapshot.mjs RELEASE): a damaged wasm stops the start with a message naming it,
// where it once failed deep inside Pyodide, which then waited for ever. A request that
// fails stops it too (the page says why: web/scripts/boot.js fileProblem).
function wasmChecked(response, compile) {
  if (!response.ok) throw new Refused(WASM_NAME, { status: response.status });
  const integrity = integrityOf(WASM_URL, SITE);
  const hashed = integrity ? response.clone().arrayBuffer().then(integrityOfBytes) : null;
  return Promise.allSettled([compile(response), hashed]).then(([module, found]) => {
    if (integrity && (found.status === "rejected" || found.value !== integrity)) {
      throw new Refused(WASM_NAME, { damaged: found.status === "fulfilled" });
    }
    if (module.status === "rejected") throw module.reason;
    return module.value;
  });
}

function compiledWasm() {
  compiling ??= awaiting(WASM_URL, (async () => {
    const url = WASM_URL;
    const asked = () => fetch(url, { credentials: "same-origin" }).catch(() => {
      throw new Refused(WASM_NAME);
    });
    try {
      wasmResponse ??= asked();
      const response = (await wasmResponse).clone();
      return await wasmChecked(response, (r) => WebAssembly.compileStreaming(r));
    } catch (error) {
      if (error instanceof Refused) throw error;
      // A server that labels the file wrongly: compile it from its bytes.
      return wasmChecked(await asked(),
                         async (r) => WebAssembly.compile(await r.arrayBuffer()));
    }
  })());
  return compiling;
}

const canPrecompile = typeof WebAssembly === "object" &&
  typeof WebAssembly.compileStreaming === "function" &&
  typeof WebAssembly.instantiateStreaming === "function";

// The game's page starts its big downloads once its start screen is painted (or at once,
// served by its service worker): web/scripts/boot.js says when. Other pages start them now.
const painted = (PAGE && globalThis.ingeniousPainted) || Promise.resolve();

if (PAGE && !globalThis.ingeniousFramed && canPrecompile) {
  painted.then(compiledWasm).catch(() => {});  // on failure Pyodide compiles it itself
}

// Pyodide's request for its wasm (made while it starts, before it holds the snapshot)
// gets the page's own response, or no body in a worker its page handed the compiled module
// to (the worker waits for its page's answer first), once; any other request goes out as
// usual.
function shareWasmRequest() {
  if (typeof globalThis.fetch !== "function" || (PAGE && !wasmResponse)) return () => {};
  const plain = globalThis.fetch;
  const restore = () => { if (globalThis.fetch === shared) globalThis.fetch = plain; };
  const shared = function (input, init) {
    if (String(input?.url ?? input) !== WASM_URL) return plain.call(this, input, init);
    restore();
    if (PAGE) return wasmResponse;
    return answeredByPage.then(() => (handedWasm
      ? new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } })
      : plain.call(this, input, init)));
  };
  globalThis.fetch = shared;
  return restore;
}

// Pyodide fetches the standard library itself (stdLibURL): in a release its request gets
// the release's hash too (web/scripts/python-snapshot.mjs RELEASE), as python.snapshot
// and python.zip do, so a modified or damaged zip is refused before it runs. The first
// file refused is kept for the message.
let refusedFile = null;

function checkRequests() {
  if (typeof globalThis.fetch !== "function" || !RELEASE) return () => {};
  const plain = globalThis.fetch;
  const checked = function (input, init) {
    const url = String(input?.url ?? input);
    const integrity = integrityOf(url, SITE);
    if (!integrity || init?.integrity) return plain.call(this, input, init);
    return awaiting(url, plain.call(this, input, { ...(init || {}), integrity }).catch((error) => {
      refusedFile ??= url.slice(SITE.length);
      throw error;
    }));
  };
  globalThis.fetch = checked;
  return () => { if (globalThis.fetch === checked) globalThis.fetch = plain; };
}

// A start that cannot go on because a file of the release was refused: the loading screen
// says so in words (web/scripts/boot.js), not with the error that follows.
// Whether the file is missing, damaged or the network gone, boot.js finds out and says it;
// it is told what is known here (bytes hashed and found other) and the file's hash.
function refusedStart(error) {
  const file = error instanceof Refused ? error.file : refusedFile;
  if (!file || !PAGE) return;
  globalThis.ingeniousBoot?.fileProblem?.(file, {
    damaged: error instanceof Refused && error.damaged,
    integrity: integrityOf(SITE + file, SITE) || "",
  });
}

// Files a normal start needs as much as a restore: when one of them stopped the restore,
// the start ends there (a normal start would only fail on it again, later).
const NEEDED_BY_BOTH = new Set([WASM_NAME, ASM_URL.slice(SITE.length)]);

async function withCompiledWasm(create) {
  // A wasm that did not arrive, or not the release's, ends the start here: Pyodide's own
  // attempt at it would not end.
  const wasm = canPrecompile ? await compiledWasm() : null;
  if (!wasm) return create();
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    WebAssembly.instantiateStreaming = streaming;
    Promise.resolve(source).then((response) => response.body?.cancel?.(), () => {});
    const instance = await WebAssembly.instantiate(wasm, imports);
    await pause();
    return { instance, module: wasm };
  };
  try {
    return await create();
  } finally {
    WebAssembly.instantiateStreaming = streaming;
  }
}

// Pyodide's own script (1.2 MB) is imported from the start, while the snapshot is read,
// rather than once Pyodide asks for it (on a returning visit that was 70-140 ms of the
// wait for the board, after the snapshot was read).
// In a release a page imports it through a modulepreload link that carries its hash (the
// browser refuses other bytes, and the import then uses the module the link loaded): a
// module import itself cannot carry one. A bot worker imports it as it is (its page has
// checked the same file, which the service worker serves checked).
let asmScript = null;
const pyodideScript = () => (asmScript ??= checkedImport(ASM_URL));

function checkedImport(url) {
  const name = url.slice(SITE.length);
  const integrity = integrityOf(url, SITE);
  const preloaded = !integrity || !PAGE ? Promise.resolve() : new Promise((resolve, reject) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = url;
    link.integrity = integrity;
    link.onload = resolve;
    link.onerror = () => reject(new Refused(name));
    document.head.append(link);
  });
  return awaiting(url, preloaded.then(() => import(url)).catch((error) => {
    throw error instanceof Refused ? error : new Refused(name);
  }));
}

// Pyodide sizes a restored module's memory by its snapshot, but its wasm starts at its own
// 30 MB whatever it is told: a snapshot of a heap grown past that would not fit. A malloc
// of the snapshot's size grows the memory (its block freed at once: the snapshot then
// overwrites the whole heap, the allocator's state with it); tools/pybuild.mjs does the
// same when it checks the snapshot.
function growTo(module, size) {
  if (module.HEAPU8.length < size) module._free(module._malloc(size));
  if (module.HEAPU8.length < size) throw new Error("the module's memory cannot hold the snapshot");
}

// Pyodide's documented hooks: its file system's set-up (fsInit) and the function that
// creates its module (createPyodideModule). Each waits for the next task before going on;
// the second instantiates the compiled wasm, fills the snapshot's base runs and, once
// they are checked, copies the snapshot into the module's memory (with `found`, the
// snapshot being restored).
function inSteps(found) {
  return {
    fsInit: () => pause(),
    createPyodideModule: async (settings) => {
      const { default: create } = await pyodideScript();
      const module = await withCompiledWasm(() => create(settings));
      if (found) {
        await fillBase(module, found);
        growTo(module, found.snapshot.length);
        // The snapshot's memory (some 30 MB) is copied in here, a task before Pyodide's
        // bootstrap, which was the longest task of the restore with it: Pyodide's own call
        // then gets the header this one read, and copies nothing.
        const header = module.API.restoreSnapshot(found.snapshot);
        module.API.restoreSnapshot = () => header;
      }
      await pause();
      return module;
    },
  };
}

// Pyodide's output goes to whoever asks for the interpreter (PyScript passes its own
// stdout and stderr); until then, to the console.
const output = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };

async function start() {
  prepared = pageHas("read").then(prepare);
  if (PAGE) painted.then(pyodideScript).catch(() => {});  // a failure is reported when Pyodide asks
  prepared.catch(() => {});  // a refusal is reported once Pyodide has started without it
  const config = {
    indexURL: INDEX_URL,
    stdLibURL: FILES.stdlib,
    stdout: (line) => output.stdout(line),
    stderr: (line) => output.stderr(line),
  };
  // A page says it is busy once its start screen is painted, so the frame that shows it is
  // drawn while the snapshot is read, not after (it was 20-60 ms of the wait, marks around it).
  const announced = painted.then(busy);
  let refusal = null;
  let found = null;
  const snapshot = prepared.then(async (read) => {
    await pageHas("up");
    await announced;
    restoring();
    found = read;
    return read.snapshot;
  }, (error) => {
    refusal = error;
    tell("read");
    throw error;
  });
  try {
    // The promise itself: meanwhile Pyodide fetches its own files and the page compiles
    // the wasm. Pyodide awaits it before it creates its module, so `found` is set when
    // inSteps needs it.
    const steps = {
      ...inSteps(null),
      createPyodideModule: (settings) => inSteps(found).createPyodideModule(settings),
    };
    // A restored interpreter loads no package: Pyodide gets a lock file of the snapshot's
    // lock info and no packages, instead of fetching its 119 kB one.
    const lock = prepared.then((read) => ({ info: read.lock, packages: {} }));
    lock.catch(() => {});  // refused: this start ends before Pyodide reads it
    await painted;  // Pyodide fetches its files from its start
    const uncheck = checkRequests();
    const unshare = shareWasmRequest();
    const pyodide = await startPyodide({
      ...config, stdLibURL: FILES.rest, ...steps, _loadSnapshot: snapshot, lockFileContents: lock,
    }).finally(() => { unshare(); uncheck(); });
    pyodide.runPython(AFTER_RESTORE);
    if (!PAGE) quietWorkerMessages(pyodide);
    mark("python-restored");
    const { times } = await prepared;
    report("snapshot", null, times);
    skipPackage(pyodide);
    if (PAGE) keep(found);
    tell("up");
    later(() => archiveBytes().then((archive) => unpackSources(pyodide, archive), (error) => {
      console.warn(`python.zip could not be read (${error.message}): tracebacks show no source`);
    }));
    return pyodide;
  } catch (error) {
    if (error instanceof Refused && NEEDED_BY_BOTH.has(error.file)) {
      refusedStart(error);
      throw error;
    }
    const why = refusal || new Error(`Pyodide could not restore it (${error.message || error})`);
    restoring();
    await busy();  // a frame that shows it, before the whole start holds the page
    refusedFile = null;  // what the snapshot's start refused is no matter now
    const uncheck = checkRequests();
    let pyodide, archive;
    try {
      [pyodide, archive] = await Promise.all([
        startPyodide({ ...config, createPyodideModule: inSteps(null).createPyodideModule }),
        archiveBytes(),
      ]);
    } catch (failure) {
      refusedStart(failure);
      throw failure;
    } finally {
      uncheck();
    }
    unpack(pyodide, archive);
    if (!PAGE) quietWorkerMessages(pyodide);
    report("normal", why);
    tell("up");
    return pyodide;
  }
}

// What a start can do without: the snapshot's files (without them Python starts normally).
// A page's loading screen blames none of them for a failure (web/scripts/boot.js spare).
if (PAGE) {
  globalThis.ingeniousBoot?.spare?.([FILES.snapshot, FILES.rest].map((url) => url.slice(SITE.length))
    .concat(["web/scripts/python-snapshot-worker.mjs"]));
}

// The interpreter starts as soon as this module is imported (index.html loads it in its
// head), before PyScript asks for it; not in a frame web/scripts/boot.js refused to run in.
let started = globalThis.ingeniousFramed ? null : start();
started?.catch(() => {});

/** PyScript's (and web/scripts/boards.js's) way in: the interpreter already on its way. Of the
 * options only the output handlers are taken: the pages load no packages. */
export async function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") output.stdout = options.stdout;
  if (typeof options.stderr === "function") output.stderr = options.stderr;
  started ??= start();
  return started;
}
