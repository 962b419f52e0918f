// Development placeholder, never part of a release (tools/build_dist.py writes dist/sw.js).
// If a release was once served from this same address, its service worker would keep
// answering with cached files; browsers re-fetch this script on every visit, find this
// one, and it removes the cached release and itself, so `make play` shows live files.
// Only this folder's caches go: another copy of the game on this host keeps its own.
"use strict";

const SCOPE = new URL("./", self.location.href);

async function ours(name) {
  const space = name.indexOf(" ");
  if (name.startsWith("ingenious-") && space > 0) return name.slice(space + 1) === SCOPE.pathname;
  if (!/^ingenious-/.test(name)) return false;
  // A release from before cache names carried the folder: ours if it holds our page.
  return Boolean(await (await caches.open(name)).match(SCOPE.href + "index.html"));
}

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (await ours(name)) await caches.delete(name);
    }
    await self.registration.unregister();
    const pages = await self.clients.matchAll({ type: "window" });
    pages.forEach((page) => page.navigate(page.url));
  })());
});
