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

  // In the page's language (web/i18n/lang.js runs before this file), else English.
  function _(id) { return window.ingeniousI18n ? window.ingeniousI18n.t(id) : id; }
  function fill(text, args) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(args, name) ? args[name] : whole;
    });
  }

  // Opened from a folder (a USB stick, a download): browsers refuse the game's modules
  // there, and the generic failure message would not say what to do.
  if (location.protocol === "file:") {
    var advice = fill(_("Ingenious cannot start from a file:// address. Serve its folder instead: run {command} and open {address}"), {
      command: " python3 -m http.server -d <this folder> ", address: "http://127.0.0.1:8000/"
    });
    var tell = function () { if (window.ingeniousBoot) window.ingeniousBoot.problem(advice); };
    tell();
    setTimeout(tell, 1500); // after the failing module import has had its say
    return;
  }
  if (!("serviceWorker" in navigator)) { status.state = "unsupported"; return; }
  var sw = navigator.serviceWorker;
  // Opened under another spelling of its folder: the page goes to the right one
  // (web/i18n/lang.js) and registers nothing meanwhile.
  if (window.ingeniousI18n && window.ingeniousI18n.site.misspelled) { status.state = "off"; return; }

  if (!meta) {
    // Only a registration of this very folder (a release once served here): a release in
    // a folder above, whose scope covers this development copy, and other sites on the
    // same origin keep theirs.
    var own = new URL("./", location.href).href;
    sw.getRegistration().then(function (registration) {
      if (registration && registration.scope === own) return registration.unregister();
    }).then(function () { status.devChecked = true; }, function () { status.devChecked = true; });
    // Likewise only this folder's caches ("ingenious-<hash> <folder>", see
    // tools/sw_template.js), and older unlabelled ones that hold this folder's page:
    // another copy of the game on this host keeps its offline files.
    if (window.caches) {
      var folder = new URL("./", location.href);
      caches.keys().then(function (names) {
        names.forEach(function (n) {
          if (n.indexOf(PREFIX) !== 0) return;
          if (n.slice(n.indexOf(" ") + 1) === folder.pathname && n.indexOf(" ") > 0) {
            caches.delete(n);
          } else if (/^ingenious-[0-9a-f]{16}$/.test(n)) {
            caches.open(n).then(function (cache) {
              return cache.match(folder.href + "index.html");
            }).then(function (hit) { if (hit) caches.delete(n); });
          }
        });
      });
    }
    return;
  }

  var CSS =
    // Bottom left: the board's corner there is never a playable cell on wide screens.
    ".sw-note{position:fixed;left:12px;bottom:12px;z-index:1000;" +
    "display:flex;gap:10px;align-items:center;max-width:min(440px,calc(100vw - 24px));" +
    "padding:10px 14px;" +
    "background:#fbf4e4;color:#2a1d12;border:2px solid #b5541c;border-radius:12px;" +
    "box-shadow:0 4px 16px rgba(0,0,0,.35);font:15px/1.3 system-ui,sans-serif}" +
    ".sw-note button{font:inherit;padding:6px 12px;border-radius:8px;cursor:pointer;" +
    "border:1px solid #8a3d10;background:#fff8ee;color:#2a1d12}" +
    ".sw-note button.sw-primary{background:#b5541c;color:#fff8ee}" +
    ".sw-note.sw-passive{pointer-events:none;opacity:.95}";

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

  // A page left for an update that had not yet taken over (see switchTo) reloads itself
  // when it does.
  var ASKED_KEY = "ingenious-update-asked";
  var reloadAsked = false;
  try {
    reloadAsked = sessionStorage.getItem(ASKED_KEY) === "1";
    sessionStorage.removeItem(ASKED_KEY);
  } catch (e) { /* storage off */ }
  var hadController = !!sw.controller;
  sw.addEventListener("controllerchange", function () {
    if (reloadAsked) { location.reload(); return; }
    // Another tab accepted an update: this page still runs the old release.
    if (hadController) {
      note("sw-update", _("Ingenious was updated in another tab; reload to use the new version."),
           [{ label: _("Reload"), primary: true, action: function () { location.reload(); } }]);
    }
    hadController = true;
  });

  // The switch to a new release. Chromium stops the old worker to activate the new one;
  // a request of this page that reaches the old worker meanwhile (the bot worker's start,
  // right after the page is up, makes a dozen) starts it again, and the activation then
  // waited minutes. So the page first stops its background work (the bot worker; it does
  // not start one any more: web/play/botworker.py), and if the new release is still not in
  // charge after a while, it reloads anyway: leaving the page ends its requests, and the
  // page that follows reloads itself once the new release takes over.
  var SWITCH_WAIT_MS = 4000;
  function switchTo(waiting) {
    reloadAsked = true;
    status.state = "updating";
    try { sessionStorage.setItem(ASKED_KEY, "1"); } catch (e) { /* storage off: no follow-up */ }
    var tries = 0;
    (function stopWorkers() {
      // A worker script PyScript has not taken up yet gets its worker within a few tasks.
      var starting = false;
      document.querySelectorAll("script[worker]").forEach(function (script) {
        if (!script.xworker) { starting = true; return; }
        try { script.xworker.terminate(); } catch (e) { /* already gone */ }
      });
      if (starting && ++tries < 20) { setTimeout(stopWorkers, 50); return; }
      waiting.postMessage({ type: "skip-waiting" });
      setTimeout(function () { location.reload(); }, SWITCH_WAIT_MS);
    })();
  }

  function announceUpdate(waiting) {
    status.state = "update-ready";
    note("sw-update", _("A new version of Ingenious is ready; your game is saved."), [
      { label: _("Reload"), primary: true, action: function () { switchTo(waiting); } },
      { label: _("Later") }
    ]);
  }

  function announceOffline() {
    // Information only: clicks pass through to the game, and it goes away by itself.
    var box = note("sw-offline", _("Ingenious is saved on this device: it now plays offline."), []);
    box.classList.add("sw-passive");
    setTimeout(function () { box.remove(); }, 5000);
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
    // Check for a new sw.js now rather than when the browser gets round to it, and each
    // hour for tabs left open for days. The browser's own check is a conditional request
    // answered from its HTTP cache when the server says "not modified since": a server
    // comparing file dates (python's http.server) answers so for a new sw.js with an
    // older date. Fetching it with cache: "reload" first puts the server's copy there.
    function check() {
      if (navigator.onLine === false) return; // nothing to check, and no failed request logged
      fetch("sw.js", { cache: "reload" })
        .then(function () { return registration.update(); })
        .catch(function () {}); // offline: nothing to check
    }
    if (sw.controller) check();
    setInterval(check, 3600 * 1000);
    if (sw.controller) whenReady(repair);
  }

  // Once the game is up and online, the worker fetches whatever this release's offline copy
  // has lost (tools/sw_template.js repair): a copy that could not start offline for want of
  // a file is whole again after one online visit. status.repair is its answer
  // ({missing, repaired}: the files found missing, those now back).
  function repair() {
    if (navigator.onLine === false || !sw.controller) return;
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) { status.repair = event.data; };
    sw.controller.postMessage({ type: "repair" }, [channel.port2]);
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

  // A host that sends the wrong content type for .wasm leaves Pyodide hanging with only a
  // console warning; say what is wrong instead. Only on a first visit: once the worker
  // serves the game, the files come from its cache.
  var EXPECTED = [
    ["runtime/pyodide/pyodide.asm.wasm", "application/wasm"],
    ["runtime/pyodide/pyodide.mjs", "javascript"]
  ];
  function checkServer() {
    EXPECTED.forEach(function (pair) {
      fetch(pair[0], { method: "HEAD" }).then(function (response) {
        var type = (response.headers.get("content-type") || "").toLowerCase();
        if (!response.ok || type.indexOf(pair[1]) >= 0 || !window.ingeniousBoot) return;
        var text = fill(_("This web server sends {file} as \"{type}\"; browsers need {needed}. Ask the host to fix the content types (see docs/hosting.md in the game's source)."), {
          file: pair[0], type: type || _("no type"),
          needed: pair[1] === "javascript" ? "text/javascript" : pair[1]
        });
        window.ingeniousBoot.problem(text);
        // The failing import reports its own, vaguer message a moment later: keep ours.
        setTimeout(function () { window.ingeniousBoot.problem(text); }, 3000);
      }).catch(function () {});
    });
  }

  if (sw.controller) {
    register();
  } else {
    checkServer();
    whenReady(register);
  }
})();
