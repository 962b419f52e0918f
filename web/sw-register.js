// Offline play: registers the service worker of a release build (dist/, made by
// tools/build_dist.py) and tells the player when a new release is ready.
//
// Only a page carrying <meta name="ingenious-build"> (written by build_dist) registers
// the worker. The development page (`make play`) has no such tag, so it never caches
// anything and every edit shows on reload; a worker left over from an earlier release
// served on the same address is removed.
(function () {
  "use strict";
  var PREFIX = "ingenious-";
  var meta = document.querySelector('meta[name="ingenious-build"]');
  var status = { build: meta ? meta.content : null, state: "off" };
  window.ingeniousOffline = status;
  if (!("serviceWorker" in navigator)) { status.state = "unsupported"; return; }
  var sw = navigator.serviceWorker;

  if (!meta) {
    sw.getRegistrations().then(function (registrations) {
      registrations.forEach(function (r) { r.unregister(); });
    });
    if (window.caches) {
      caches.keys().then(function (names) {
        names.forEach(function (n) { if (n.indexOf(PREFIX) === 0) caches.delete(n); });
      });
    }
    return;
  }

  var CSS =
    ".sw-note{position:fixed;left:50%;bottom:16px;transform:translateX(-50%);z-index:1000;" +
    "display:flex;gap:10px;align-items:center;max-width:calc(100vw - 24px);padding:10px 14px;" +
    "background:#fbf4e4;color:#2a1d12;border:2px solid #b5541c;border-radius:12px;" +
    "box-shadow:0 4px 16px rgba(0,0,0,.35);font:15px/1.3 system-ui,sans-serif}" +
    ".sw-note button{font:inherit;padding:6px 12px;border-radius:8px;cursor:pointer;" +
    "border:1px solid #8a3d10;background:#fff8ee;color:#2a1d12}" +
    ".sw-note button.sw-primary{background:#b5541c;color:#fff8ee}";

  function note(id, text, buttons) {
    var old = document.getElementById(id);
    if (old) old.remove();
    if (!document.getElementById("sw-style")) {
      var style = document.createElement("style");
      style.id = "sw-style";
      style.textContent = CSS;
      document.head.appendChild(style);
    }
    var box = document.createElement("div");
    box.id = id;
    box.className = "sw-note";
    box.setAttribute("role", "status");
    var p = document.createElement("span");
    p.textContent = text;
    box.appendChild(p);
    buttons.forEach(function (b) {
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = b.label;
      if (b.primary) button.className = "sw-primary";
      button.addEventListener("click", function () { box.remove(); if (b.action) b.action(); });
      box.appendChild(button);
    });
    document.body.appendChild(box);
    return box;
  }

  var reloadAsked = false;
  sw.addEventListener("controllerchange", function () {
    if (reloadAsked) location.reload();
  });

  function announceUpdate(waiting) {
    status.state = "update-ready";
    note("sw-update", "A new version of Ingenious is ready.", [
      { label: "Reload", primary: true, action: function () {
        reloadAsked = true;
        waiting.postMessage({ type: "skip-waiting" });
      } },
      { label: "Later" }
    ]);
  }

  function announceOffline() {
    var box = note("sw-offline", "Ingenious is saved on this device: it now plays offline.",
                   [{ label: "OK" }]);
    setTimeout(function () { box.remove(); }, 6000);
  }

  function watch(registration) {
    if (!registration) { status.state = "unavailable"; return; } // blocked by the browser
    status.state = sw.controller ? "offline-ready" : "installing";
    if (registration.waiting && sw.controller) announceUpdate(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var fresh = registration.installing;
      if (!fresh) return;
      fresh.addEventListener("statechange", function () {
        if (fresh.state !== "installed") return;
        // With a controller this is an update; without, the first install.
        if (sw.controller) announceUpdate(fresh);
      });
      fresh.addEventListener("statechange", function () {
        if (fresh.state === "activated" && status.state === "installing") {
          status.state = "offline-ready";
          announceOffline();
        }
      });
    });
    // Long sessions (a tab left open for days) still hear of new releases.
    setInterval(function () { registration.update().catch(function () {}); }, 3600 * 1000);
  }

  function register() {
    status.state = "registering";
    sw.register("sw.js").then(watch, function (err) {
      status.state = "failed";
      console.warn("Offline play is not available: " + err);
    });
  }

  // Register once the game is up: precaching then reuses what the page just downloaded
  // (revalidated, not fetched twice) instead of competing with the first load.
  function whenReady(then) {
    if (document.body && document.body.dataset.ready === "1") { then(); return; }
    var observer = new MutationObserver(function () {
      if (document.body.dataset.ready === "1") { observer.disconnect(); then(); }
    });
    function observe() {
      observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
    }
    if (document.body) observe(); else document.addEventListener("DOMContentLoaded", observe);
  }

  if (sw.controller) register(); else whenReady(register);
})();
