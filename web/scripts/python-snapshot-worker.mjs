// The worker web/scripts/python.mjs starts to read the release's snapshot off the page's main
// thread (web/scripts/python-snapshot.mjs): one question, one answer, the bytes moved, not copied.
// The question names the files ({snapshot, rest, site}); the Pyodide version the snapshot
// must have been made by is the runtime's own (web/scripts/boot.js asks before the page's
// modules have loaded it).
import { version } from "../../runtime/pyodide/pyodide.mjs";
import { readSnapshot } from "./python-snapshot.mjs";

globalThis.onmessage = async (event) => {
  try {
    const read = await readSnapshot({ version, ...event.data });
    globalThis.postMessage(read, [read.snapshot.buffer]);
  } catch (error) {
    globalThis.postMessage({ why: String(error.message || error) });
  }
  globalThis.close();
};
