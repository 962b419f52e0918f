// Development placeholder, never part of a release (tools/build_dist.py writes dist/sw.js).
// If a release was once served from this same address, its service worker would keep
// answering with cached files; browsers re-fetch this script on every visit, find this
// one, and it removes the cached release and itself, so `make play` shows live files.
"use strict";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("ingenious-")).map((n) => caches.delete(n)));
    await self.registration.unregister();
    const pages = await self.clients.matchAll({ type: "window" });
    pages.forEach((page) => page.navigate(page.url));
  })());
});
