// The Python runtime of every page (the game, its bot worker, the boards of a rules page):
// Pyodide from runtime/pyodide/, started from the release's memory snapshot
// (python.snapshot, made by tools/pybuild.mjs: an interpreter that has already imported
// the game's modules) when that snapshot was made from the very files this site serves,
// else started the usual way. pyscript.toml names this module as PyScript's interpreter;
// web/boards.js imports it too.
//
// The snapshot is read and checked by web/python-snapshot.mjs in a worker of its own, from
// the moment this module is imported, while Pyodide fetches and compiles its own files. It is refused, and
// the start is a normal one that differs only in time, when: the browser cannot unpack
// it, its file is missing or not a snapshot, it was made by another Pyodide, for another
// python.zip or another standard library, its size is wrong, or Pyodide cannot restore it.
// How the start went is kept in `globalThis.ingeniousPython` ({start: "snapshot" |
// "normal", why}) for the benchmarks and the tests.
import { loadPyodide as startPyodide, version } from "../../runtime/pyodide/pyodide.mjs";
import { readSnapshot } from "./python-snapshot.mjs";

export { version };

const SITE = new URL("../../", import.meta.url).href;
const INDEX_URL = new URL("runtime/pyodide/", SITE).href;
const FILES = {
  snapshot: new URL("python.snapshot", SITE).href,
  archive: new URL("python.zip", SITE).href,
  stdlib: new URL("python-stdlib.zip", SITE).href,  // compiled for the game: tools/pybuild.py
  version,
  site: SITE,
};

// What a restored interpreter redoes: its memory holds the random state of the build,
// so every start would deal the same games; it is reseeded from the browser's random
// source (os.urandom is crypto.getRandomValues).
const AFTER_RESTORE = "import random\nrandom.seed()\ndel random";

function mark(name) {
  globalThis.performance?.mark?.(`ingenious:${name}`);
}

// The interpreter's start is about to hold a page's main thread (its restore, or a whole
// normal start): the page is told first ("ingenious:python-busy": web/boot.js and
// web/start-form.js show the start screen as busy until Python takes over), and a frame
// is drawn, so the screen never looks ready while it cannot answer.
async function busy() {
  if (typeof document === "undefined") return;  // a worker holds no page
  globalThis.ingeniousPythonBusy = true;  // for a listener that comes later
  globalThis.dispatchEvent(new Event("ingenious:python-busy"));
  await new Promise((resolve) => {
    setTimeout(resolve, 100);  // a hidden tab draws no frames
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
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

function prepare() {
  mark("snapshot-asked");
  const read = typeof Worker === "function"
    ? inWorker().catch((error) => {
      if (/worker failed/.test(error.message)) return readSnapshot(FILES);  // no module workers
      throw error;
    })
    : readSnapshot(FILES);
  return read.then((found) => { mark("snapshot-read"); tell("read"); return found; });
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

if (PAGE && channel) {
  channel.addEventListener("message", (event) => {
    const [ask, what] = String(event.data).split(" ");
    if (ask === "ask" && said.has(what)) channel.postMessage(what);
  });
}

let prepared = null;  // the snapshot's reading, from the start

// python.zip (its modules and their sources) into Python's working folder. A restored
// interpreter has imported every module already: there the files only serve tracebacks,
// and are written once the page is idle.
function unpack(pyodide, archive) {
  pyodide.unpackArchive(archive, "zip", { extractDir: "/home/pyodide" });
  mark("python-unpacked");
}

// Well after the start (the page's first screen, a resumed game), when the page is idle.
function later(task) {
  setTimeout(() => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 5000 });
    else task();
  }, 5000);
}

async function archiveBytes() {
  const response = await fetch(FILES.archive);
  if (!response.ok) throw new Error(`python.zip: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function report(start, why, times) {
  globalThis.ingeniousPython = { start, why: why ? String(why.message || why) : "" };
  if (times) globalThis.ingeniousPython.times = times;
  if (why) console.warn(`Python starts without its snapshot: ${globalThis.ingeniousPython.why}`);
}

// A restore is one run of work on the main thread (setting up the wasm module's functions,
// its file system, copying the memory in, Pyodide's own set-up): it is cut in three, so the
// page can answer input in between. Pyodide's documented hooks give the cuts: its file
// system's set-up (fsInit) and the function that creates its module (createPyodideModule),
// each of which waits for the next task before going on.
const nextTask = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => resolve();
  channel.port2.postMessage(null);
});

function inSteps() {
  if (typeof MessageChannel !== "function") return {};
  return {
    fsInit: () => nextTask(),
    createPyodideModule: async (settings) => {
      const { default: create } = await import(INDEX_URL + "pyodide.asm.mjs");
      const module = await create(settings);
      await nextTask();
      return module;
    },
  };
}

// Pyodide's output goes to whoever asks for the interpreter (PyScript passes its own
// stdout and stderr); until then, to the console.
const output = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };

async function start() {
  prepared = pageHas("read").then(prepare);
  prepared.catch(() => {});  // a refusal is reported once Pyodide has started without it
  const config = {
    indexURL: INDEX_URL,
    stdLibURL: FILES.stdlib,
    stdout: (line) => output.stdout(line),
    stderr: (line) => output.stderr(line),
  };
  let refusal = null;
  const snapshot = prepared.then(async (found) => {
    await pageHas("up");
    await busy();
    return found.snapshot;
  }, (error) => {
    refusal = error;
    tell("read");
    throw error;
  });
  try {
    // The promise itself: Pyodide fetches and compiles its own files meanwhile.
    const pyodide = await startPyodide({ ...config, ...inSteps(), _loadSnapshot: snapshot });
    pyodide.runPython(AFTER_RESTORE);
    mark("python-restored");
    const { archive, times } = await prepared;
    report("snapshot", null, times);
    tell("up");
    later(() => unpack(pyodide, archive));
    return pyodide;
  } catch (error) {
    const why = refusal || new Error(`Pyodide could not restore it (${error.message || error})`);
    await busy();
    const [pyodide, archive] = await Promise.all([startPyodide(config), archiveBytes()]);
    unpack(pyodide, archive);
    report("normal", why);
    tell("up");
    return pyodide;
  }
}

// The interpreter starts as soon as this module is imported (index.html loads it in its
// head), before PyScript asks for it; not in a frame web/boot.js refused to run in.
let started = globalThis.ingeniousFramed ? null : start();
started?.catch(() => {});

/** PyScript's (and web/boards.js's) way in: the interpreter already on its way. Of the
 * options only the output handlers are taken: the pages load no packages. */
export async function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") output.stdout = options.stdout;
  if (typeof options.stderr === "function") output.stderr = options.stderr;
  started ??= start();
  return started;
}
