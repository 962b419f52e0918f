// Ingenious offline service worker. tools/build_dist.py writes dist/sw.js from this
// template: CACHE carries the build's content hash, PRECACHE lists every file of the build.
// A release is served whole from its own cache (never a mix of two releases); a new
// release installs beside it, waits until the player agrees to reload, then the old
// caches are deleted.
"use strict";

const CACHE = __VERSION__;
const PREFIX = "ingenious-";
const PRECACHE = __PRECACHE__;

// Cache keys are absolute URLs inside the worker's own folder (its scope), so the build
// works under any sub-path.
const SCOPE = new URL("./", self.location.href).href;
const KEYS = new Set(PRECACHE.map((path) => new URL(path, SCOPE).href));

self.addEventListener("install", (event) => {
  // cache: "no-cache" revalidates every file with the server: a file the page has just
  // loaded costs a 304, and a new release never stores a stale copy from the HTTP cache.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((path) => new Request(new URL(path, SCOPE), { cache: "no-cache" })))
    )
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name))))
      .then(() => self.clients.claim())
  );
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
    caches.open(CACHE)
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
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
      }
      return response;
    }, (err) => caches.open(CACHE)
      .then((cache) => cache.match(key))
      .then((hit) => hit || Promise.reject(err)))
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  const urls = data.urls.map(String).filter(keepable).slice(0, 100);
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((url) =>
    fetch(url, { redirect: "error" }).then((response) => {
      if (response.ok) return cache.put(cacheKey({ url }), response);
      return undefined;
    }).catch(() => undefined)))));
});
