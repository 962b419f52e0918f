// The worker web/python.mjs starts to read the release's snapshot off the page's main
// thread (web/python-snapshot.mjs): one question, one answer, the bytes moved, not copied.
import { readSnapshot } from "./python-snapshot.mjs";

globalThis.onmessage = async (event) => {
  try {
    const read = await readSnapshot(event.data);
    globalThis.postMessage(read, [read.snapshot.buffer, read.archive.buffer]);
  } catch (error) {
    globalThis.postMessage({ why: String(error.message || error) });
  }
  globalThis.close();
};
