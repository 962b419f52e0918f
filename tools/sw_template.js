// Ingenious offline service worker. tools/build_dist.py writes dist/sw.js from this
// template: CACHE names the release (its content hash), PRECACHE lists every file of the
// build and INTEGRITY the SHA-256 of each. A release is served whole from its own cache
// (never a mix of two releases); a new release installs beside it, waits until the player
// agrees to reload, then this copy's older caches are deleted.
"use strict";

const CACHE = __VERSION__;
const PREFIX = "ingenious-";
const PRECACHE = __PRECACHE__;
const INTEGRITY = __INTEGRITY__;

// Cache keys are absolute URLs inside the worker's own folder (its scope), so the build
// works under any sub-path.
const SCOPE = new URL("./", self.location.href).href;
const KEYS = new Set(PRECACHE.map((path) => new URL(path, SCOPE).href));

// Several copies of the game can live on one host (/a/ and /b/, a test build next to the
// release): each keeps its files in caches named after its own folder, and only ever
// deletes those. The folder is a URL path, which never holds a space.
const SITE = new URL(SCOPE).pathname;
const STORE = `${CACHE} ${SITE}`;

function ours(name) {
  const space = name.indexOf(" ");
  return name.startsWith(PREFIX) && space > 0 && name.slice(space + 1) === SITE;
}

// Caches of releases from before the names carried the folder ("ingenious-<hash>"):
// this copy's only if they hold this folder's page.
async function oursFromBefore(name) {
  if (!/^ingenious-[0-9a-f]{16}$/.test(name)) return false;
  const cache = await caches.open(name);
  return Boolean(await cache.match(SCOPE + "index.html"));
}

// Each file is checked against the build's hash. A plain revalidation ("no-cache") costs
// a 304 for what the page has just loaded; but a server that compares dates (python's
// http.server) also answers 304 when the new release's file is not dated later than the
// copy in the browser's HTTP cache, which would store an old file under the new release.
// Such a copy fails the hash check and is fetched again, whole ("reload").
async function fetchChecked(path) {
  const url = new URL(path, SCOPE);
  const integrity = INTEGRITY[path];
  let response;
  try {
    response = await fetch(new Request(url, { cache: "no-cache", integrity }));
  } catch (err) {
    response = await fetch(new Request(url, { cache: "reload", integrity }));
  }
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

async function precache() {
  const cache = await caches.open(STORE);
  try {
    await Promise.all(PRECACHE.map(async (path) => {
      await cache.put(new URL(path, SCOPE).href, await fetchChecked(path));
    }));
  } catch (err) {
    // A file missing or not the one the build lists (a release half uploaded): this
    // release does not install, the one in use stays, the next visit tries again.
    await caches.delete(STORE);
    throw err;
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== STORE && (ours(name) || await oursFromBefore(name))) {
        await caches.delete(name);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  if (data.type === "version" && event.ports[0]) event.ports[0].postMessage(CACHE);
});

// A file of the build: its URL without query or fragment (the build's files are the same
// whatever the query: index.html?speed=instant is index.html).
function cacheKey(request) {
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  // The folder itself is the page: https://host/games/ingenious/ -> .../index.html
  if (url.href === SCOPE) return SCOPE + "index.html";
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = cacheKey(request);
  if (KEYS.has(key)) {
    event.respondWith(buildFile(key, request));
    return;
  }
  keptFetch(event);
});

// A file of the build, from the cache, checked: the first time this worker serves a file
// (a worker lives for a page load or so), the cached copy's bytes are checked against the
// build's hash, and again whenever a page asks for the file with cache: "no-store" or
// "reload" (web/scripts/boot.js does, to learn why a file did not load). A damaged copy is
// dropped and the file fetched again, checked, into its place; one missing from the cache
// (the browser dropped it, a disk fault) is fetched the same way: an online visit repairs
// the copy. With no network the request is answered 503 with "X-Ingenious-Cache: missing",
// and a server's copy that is not the build's 502 with "damaged", rather than run bytes
// the release does not vouch for: the page then says which file, and what to do.
const PATH_OF = new Map(PRECACHE.map((path) => [new URL(path, SCOPE).href, path]));
const checked = new Set();

async function buildFile(key, request) {
  const cache = await caches.open(STORE);
  const hit = await cache.match(key);
  const path = PATH_OF.get(key);
  const again = request.cache === "no-store" || request.cache === "reload";
  if (hit && ((checked.has(key) && !again) || await intact(hit.clone(), INTEGRITY[path]))) {
    checked.add(key);
    return hit;
  }
  checked.delete(key);
  if (hit) await cache.delete(key);
  try {
    const fresh = await fetchChecked(path);
    await cache.put(key, fresh.clone());
    checked.add(key);
    return fresh;
  } catch (err) {
    return unavailable(key);
  }
}

// Why a file of the build cannot be served: no network (or no server), the server's own
// answer (404: that copy of the game lacks the file), or bytes that are not the build's.
async function unavailable(key) {
  let response;
  try {
    response = await fetch(key, { cache: "no-store" });
  } catch (err) {
    return said(503, "missing");
  }
  if (!response.ok) return response;
  return said(502, "damaged");
}

function said(status, why) {
  return new Response(`${why}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Ingenious-Cache": why },
  });
}

// Every file of the build that is missing from this release's cache, fetched (checked) into
// it: the pages ask once the game is up and online (web/scripts/sw-register.js), so files
// the browser dropped, even ones the start does not use (the standard library of a start
// without the snapshot), are back for the next offline start. With a MessagePort, the
// worker answers {missing, repaired} (the files it found missing, those now back).
async function repair() {
  const cache = await caches.open(STORE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  const missing = PRECACHE.filter((path) => !held.has(new URL(path, SCOPE).href));
  const repaired = [];
  for (const path of missing) {
    try {
      await cache.put(new URL(path, SCOPE).href, await fetchChecked(path));
      repaired.push(path);
    } catch (err) {
      // still missing: the next visit tries again
    }
  }
  return { missing, repaired };
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "repair") return;
  event.waitUntil(repair().then((result) => {
    if (event.ports[0]) event.ports[0].postMessage(result);
  }));
});

async function intact(response, integrity) {
  if (!integrity) return true;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  let text = "";
  for (let i = 0; i < digest.length; i++) text += String.fromCharCode(digest[i]);
  return `sha256-${btoa(text)}` === integrity;
}

// Kept files: pages of boards put next to the game and their position files, and the
// position file of a frame (docs/embed.md, "Offline"). Only the files a page of the
// worker's folder asked it to keep ({type: "keep", urls}: web/scripts/boards.js sends the page's
// own address and its boards' files on every visit) are the worker's: they come from the
// network while there is one, and the last copy is served when there is none. Anything
// else, even in the worker's folder (at an origin's root: every other app of the origin),
// is left to the browser. Each is kept under its whole address (the query is part of it),
// at most MAX_KEPT of them, the oldest dropped first, each at most MAX_KEPT_BYTES.
const MAX_KEPT = 100;
const MAX_KEPT_BYTES = 256 * 1024;

function keptKey(url) {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
}

function keepable(url) {
  return url.startsWith(SCOPE) && url !== SCOPE + "sw.js" && !KEYS.has(cacheKey({ url }));
}

// The addresses kept, read from the cache when the worker starts (its entries that are
// not files of the build); null until read.
let kept = null;
const keptRead = caches.open(STORE)
  .then((cache) => cache.keys())
  .then((requests) => {
    kept = new Set(requests.map((r) => r.url).filter((url) => !KEYS.has(url)));
    return kept;
  }, () => { kept = new Set(); return kept; });

function keptFetch(event) {
  const request = event.request;
  if (!keepable(request.url)) return;
  const key = keptKey(request.url);
  if (kept !== null) {
    if (kept.has(key)) event.respondWith(networkFirst(event, key));
    return;  // not ours: the browser handles it as usual
  }
  // The worker has just started and not yet read which files it keeps: wait for that,
  // then serve a kept file, or pass anything else on to the network unchanged.
  event.respondWith(keptRead.then((set) => set.has(key) ? networkFirst(event, key)
    : fetch(request)));
}

function networkFirst(event, key) {
  return fetch(event.request).then((response) => {
    event.waitUntil(store(key, response.clone()));
    return response;
  }, (err) => caches.open(STORE)
    .then((cache) => cache.match(key))
    .then((hit) => hit || Promise.reject(err)));
}

// Keep `response` under `key` if it is a whole file of this site within the size bound;
// then drop the oldest kept files beyond MAX_KEPT.
async function store(key, response) {
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return;
  const length = Number(response.headers.get("content-length"));
  if (length > MAX_KEPT_BYTES) return;
  const body = await response.arrayBuffer();
  if (body.byteLength > MAX_KEPT_BYTES) return;
  const cache = await caches.open(STORE);
  await cache.put(key, new Response(body, {
    status: response.status, statusText: response.statusText, headers: response.headers,
  }));
  const set = await keptRead;
  set.delete(key);
  set.add(key);  // a Set keeps the order of insertion: the oldest first
  while (set.size > MAX_KEPT) {
    const oldest = set.values().next().value;
    set.delete(oldest);
    await cache.delete(oldest);
  }
}

// A page of the worker's folder asks for files to be kept (web/scripts/boards.js): the page
// itself and its boards' files, loaded before the worker was there. With a MessagePort,
// the worker says "kept" when it has done so.
// Only what a page asked for by its own code is kept: a page of boards names its own
// address and its boards' files (its HTML, written by the site's owner). A page of the
// build (the frame, embed.html) names the file its address gives it (?src=), which any
// link from any site sets: at an origin's root, where the worker's folder is every app
// of the origin, it gets nothing kept (web/scripts/embed.js does not ask there either);
// in the game's own folder it may, as every file there is the game's.
const AT_ROOT = new URL(SCOPE).pathname === "/";

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const source = event.source && event.source.url ? String(event.source.url) : "";
  const answer = () => { if (event.ports[0]) event.ports[0].postMessage("kept"); };
  if (!source.startsWith(SCOPE) || (AT_ROOT && KEYS.has(cacheKey({ url: source })))) {
    answer();
    return;
  }
  const urls = data.urls.map(String).filter(keepable).map(keptKey).slice(0, MAX_KEPT);
  event.waitUntil(Promise.all(urls.map((url) =>
    fetch(url, { redirect: "error" }).then((response) => store(url, response))
      .catch(() => undefined)))
    .then(answer));
});
