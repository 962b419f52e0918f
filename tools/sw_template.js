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
  if (!KEYS.has(key)) return; // not ours: the browser handles it as usual
  event.respondWith(
    caches.open(STORE)
      .then((cache) => cache.match(key))
      .then((hit) => hit || fetch(request))
  );
});

// Files of the game's folder that the build does not list: pages of boards put next to
// the game and their position files (docs/embed.md, "Offline"). They come from the
// network while there is one, and the last copy is kept in the release's cache for when
// there is none. A page of boards asks for its files to be kept the first time too, since
// it was loaded before this worker was there ({type: "keep", urls}).
function keepable(url) {
  return url.startsWith(SCOPE) && url !== SCOPE + "sw.js" && !KEYS.has(cacheKey({ url }));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !keepable(request.url)) return;
  const key = cacheKey(request);
  event.respondWith(
    fetch(request).then((response) => {
      if (response.ok && response.type === "basic") {
        const copy = response.clone();
        event.waitUntil(caches.open(STORE).then((cache) => cache.put(key, copy)));
      }
      return response;
    }, (err) => caches.open(STORE)
      .then((cache) => cache.match(key))
      .then((hit) => hit || Promise.reject(err)))
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const urls = data.urls.map(String).filter(keepable).slice(0, 100);
  event.waitUntil(caches.open(STORE).then((cache) => Promise.all(urls.map((url) =>
    fetch(url, { redirect: "error" }).then((response) => {
      if (response.ok) return cache.put(cacheKey({ url }), response);
      return undefined;
    }).catch(() => undefined)))));
});
