// Reads the release's memory snapshot for web/scripts/python.mjs: fetches python.snapshot, checks
// that it was made from the very standard library this site serves (python-stdlib-rest.zip,
// whose zip comment names python.zip's hash, so it keys the release too) and by this
// Pyodide, and unpacks it. Inflating some 30 MB takes a few hundred milliseconds, so
// a page runs it in a worker of its own (web/scripts/python-snapshot-worker.mjs) and its main
// thread stays free; where a worker cannot start one, it runs in place.
//
// The file: "INGSNAP1", the header's length (4 bytes, little-endian), the JSON header
// {format: 3, pyodide, python_zip, stdlib, size, memory_offset, segments, base,
// base_sha256, lock: the info of Pyodide's package lock file}, then the gzip of each stored
// run of memory ([offset, size, gzip length] in segments), in order (tools/pybuild.mjs writes it). The runs in `base` are not stored:
// they equal the memory a freshly created Pyodide module holds, and web/scripts/python.mjs copies
// them from there (checking base_sha256) before the restore.
const MAGIC = "INGSNAP1";

// The release's own files and the hash of each (Subresource Integrity values), written
// here by tools/build_dist.py: python.snapshot, python.zip and the two standard-library
// zips, and Pyodide's files (its loader, its script, its wasm and its lock file) run only
// if their bytes are these (the browser checks each fetch against its value, or
// web/scripts/python.mjs hashes what it compiles), so a modified or damaged file, or
// another release's, is refused before a byte of it runs. null in a development copy
// (`make play`), whose files change as they are edited.
export const RELEASE = null;

/** The Subresource Integrity value the release gives the file at `url`, or undefined. */
export function integrityOf(url, base) {
  return RELEASE && url.startsWith(base) ? RELEASE[url.slice(base.length)] : undefined;
}

/** A file of the release that stopped the start: its bytes are not the release's
 * (`damaged`: hashed and found other), or it did not load (`status`: the server's answer,
 * if one came). The page says which file and what to do (web/scripts/boot.js fileProblem). */
export class Refused extends Error {
  constructor(file, { damaged = false, status = 0 } = {}) {
    super(damaged ? `${file} is not this release's file`
      : status ? `${file} did not load (HTTP ${status})`
        : `${file} is not this release's file, or could not be loaded`);
    this.file = file;
    this.damaged = damaged;
    this.status = status;
  }
}

export async function bytesOf(url, base) {
  const integrity = integrityOf(url, base);
  const name = url.slice(base.length);
  let response;
  try {
    response = await fetch(url, integrity ? { integrity } : {});
  } catch (error) {
    // With a hash to match, a failed fetch is most likely bytes that are not the release's.
    if (integrity) throw new Refused(name);
    throw error;
  }
  if (!response.ok) throw new Refused(name, { status: response.status });
  return new Uint8Array(await response.arrayBuffer());
}

/** The Subresource Integrity value of `bytes` ("sha256-<base64>"). */
export async function integrityOfBytes(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let text = "";
  for (const byte of digest) text += String.fromCharCode(byte);
  return `sha256-${btoa(text)}`;
}

export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function inflate(member, into, size) {
  const stream = new Blob([member]).stream().pipeThrough(new DecompressionStream("gzip"));
  let at = 0;
  for await (const chunk of stream) {
    if (at + chunk.length > size) throw new Error("a run is longer than the header says");
    into.set(chunk, at);
    at += chunk.length;
  }
  if (at !== size) throw new Error(`a run holds ${at} bytes, the header says ${size}`);
}

// The memory: zeros but for the header's runs, each inflated into its place.
async function unpack(body, header) {
  const memory = new Uint8Array(header.size);
  const runs = [];
  let from = 0;
  for (const [offset, size, packed] of header.segments) {
    if (offset < 0 || size <= 0 || offset + size > header.size || from + packed > body.length) {
      throw new Error("a run lies outside the snapshot");
    }
    runs.push(inflate(body.subarray(from, from + packed), memory.subarray(offset), size));
    from += packed;
  }
  await Promise.all(runs);
  return memory;
}

function runsWithin(runs, size) {
  return Array.isArray(runs) && runs.every((run) => Array.isArray(run) &&
    run.every(Number.isSafeInteger) && run[0] >= 0 && run[1] > 0 && run[0] + run[1] <= size);
}

/** {snapshot, base, lock, release, times}: the snapshot's bytes, if it fits the site's files
 * (named by {snapshot, rest, version, site}), but for its base runs ({runs, sha256, offset}:
 * to be copied from a fresh module), the info of the package lock file it was made with,
 * the hash of the standard library it was made with (which keys the release), and how
 * many milliseconds fetching, checking and inflating took; otherwise throws an Error that
 * says why not. */
export async function readSnapshot({ snapshot, rest, version, site }) {
  if (typeof DecompressionStream !== "function" || !globalThis.crypto?.subtle) {
    throw new Error("this browser cannot unpack a snapshot");
  }
  const began = performance.now();
  const [file, stdlibBytes] = await Promise.all(
    [snapshot, rest].map((url) => bytesOf(url, site)));
  const fetched = performance.now();
  const tag = new TextDecoder().decode(file.subarray(0, MAGIC.length));
  if (tag !== MAGIC || file.length < 12) throw new Error("python.snapshot is not a snapshot");
  const length = new DataView(file.buffer, file.byteOffset + 8, 4).getUint32(0, true);
  let header;
  try {
    header = JSON.parse(new TextDecoder().decode(file.subarray(12, 12 + length)));
  } catch (error) {
    throw new Error("python.snapshot has a broken header");
  }
  const stdlibHash = await sha256(stdlibBytes);
  if (header.format !== 3 || !Array.isArray(header.segments)) {
    throw new Error(`snapshot format ${header.format}`);
  }
  if (header.pyodide !== version) throw new Error(`snapshot of Pyodide ${header.pyodide}`);
  if (header.stdlib !== stdlibHash) {
    throw new Error("snapshot of another release (python.zip or standard library)");
  }
  if (!Number.isSafeInteger(header.size) || header.size <= 0 || header.size > 1 << 30) {
    throw new Error(`snapshot size ${header.size}`);
  }
  if (!runsWithin(header.base, header.size) || typeof header.base_sha256 !== "string" ||
      !Number.isSafeInteger(header.memory_offset) || header.memory_offset < 0 ||
      typeof header.lock?.abi_version !== "string") {
    throw new Error("python.snapshot has a broken header");
  }
  const checked = performance.now();
  try {
    const bytes = await unpack(file.subarray(12 + length), header);
    const ms = (from, to) => Math.round(to - from);
    const base = { runs: header.base, sha256: header.base_sha256,
                   offset: header.memory_offset };
    return { snapshot: bytes, base, lock: header.lock, release: header.stdlib,
             times: { fetch: ms(began, fetched), check: ms(fetched, checked),
                      inflate: ms(checked, performance.now()) } };
  } catch (error) {
    throw new Error(`python.snapshot is damaged (${error.message || error})`);
  }
}
