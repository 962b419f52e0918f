// Boards in any page, one Python for all of them (docs/embed.md, "A page of boards").
//
//   <script src="https://example.org/ingenious/web/scripts/boards.js" defer></script>
//   <div data-ingenious-src="positions/double-blue.json"></div>
//   <div data-ingenious-position='{"zone": 5, "placement": [[4,1,"red"],[4,0,"blue"]]}'
//        data-ingenious-mode="try"></div>
//
// Each element with data-ingenious-position, data-ingenious-src or data-ingenious-board
// becomes a board in its own shadow root (the page's styles and the board's stay apart).
// One Pyodide serves the whole page: it starts when the first board comes within a screen
// of the viewport, and each board is drawn by web/teach/embed.py (the engine scores, the game's
// renderer draws) when it comes that near. A board says it is ready like a frame does:
// data-ready="1" (and data-state) on its own element, plus an "ingenious:ready" event.
//
// embed.html loads this file with data-frame: Python starts at once and draws the frame's
// one board into the document.
(function () {
  // The page's language when lang.js and texts.js are loaded (English otherwise).
  function _(id) { return window.ingeniousI18n ? window.ingeniousI18n.t(id) : id; }
  function fmt(id, args) {
    if (window.ingeniousI18n && window.ingeniousI18n.fmt) return window.ingeniousI18n.fmt(id, args);
    return id.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : all;
    });
  }
  "use strict";
  var script = document.currentScript;
  if (!script || window.ingeniousBoards) return; // once per page, as a classic script
  var BASE = new URL("../../", script.src).href; // the game's folder
  var BUILD = null; // a release build (tools/build_dist.py) writes its version here
  // ... and the hashes of the start-up modules ({path: "sha256-..."}): each is preloaded
  // with its hash before the first is imported, so the browser runs only the release's
  // bytes (a module import cannot carry a hash; the import takes the preloaded module).
  var LOADER = null;
  var FRAME = script.hasAttribute("data-frame");
  var SELECTOR = "[data-ingenious-position],[data-ingenious-src],[data-ingenious-board]";
  var NEAR = "100% 0px"; // a board within one screen height is about to be read
  var runtime = null;
  var waiting = []; // boards to draw, one per task so the page paints between them
  var drawing = false;
  var known = typeof WeakSet === "function" ? new WeakSet() : null;
  // runtimes: how many Python runtimes this page started (0 or 1); drawMs: how long each
  // board took to draw once the runtime was up (for tools/bench_teach.py).
  var api = {
    base: BASE, build: BUILD, runtimes: 0, drawMs: [], scan: scan, keepOffline: keepOffline,
    asked: null  // what the worker was asked to keep (null: not yet, or no worker here)
  };
  window.ingeniousBoards = api;

  function mark(name) {
    if (window.performance && performance.mark) performance.mark("ingenious:" + name);
  }

  // The runtime: Pyodide from the game's runtime/ folder, started from the release's
  // snapshot when it matches, with the game's Python sources (python.zip): web/scripts/python.mjs.
  function start() {
    if (runtime) return runtime;
    api.runtimes += 1;
    mark("runtime-start");
    runtime = Promise.all(Object.keys(LOADER || {}).map(preload))
      .then(function () { return import(BASE + "web/scripts/python.mjs"); })
      .then(function (module) {
        return module.loadPyodide();
      })
      .then(function (pyodide) {
        mark("runtime-ready");
        var embed = pyodide.pyimport("web.teach.embed");
        mark("modules-imported");
        return embed;
      });
    return runtime;
  }

  function preload(path) {
    return new Promise(function (resolve, reject) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = BASE + path;
      link.integrity = LOADER[path];
      link.onload = resolve;
      link.onerror = function () {
        reject(new Error(fmt("the file {name} is not the one this version of the game was made with, or it did not load", { name: path })));
      };
      document.head.appendChild(link);
    });
  }

  // The reason in one line (a Python error's message is its whole traceback).
  function message(err) {
    var text = (err && (err.message || String(err))) || "a file failed to load";
    var lines = text.trim().split("\n");
    return lines[lines.length - 1];
  }

  // --- the frame (embed.html) --------------------------------------------------------------
  if (FRAME) {
    start().then(function (embed) { embed.start_frame(); }, function (err) {
      window.ingeniousEmbed.problem(fmt("The board could not start: {problem}.", {problem: message(err)}));
    });
    return;
  }

  // --- boards in a page -----------------------------------------------------------------------
  function problem(host, text) {
    var root = host.shadowRoot;
    var box = root && root.getElementById("loading");
    host.setAttribute("data-state", "error");
    if (!box) { host.textContent = text; return; }
    box.textContent = text;
    box.className = "problem";
    box.setAttribute("role", "alert");
  }

  function drawNext() {
    var next = waiting.shift();
    if (!next) { drawing = false; return; }
    var started = performance.now();
    try {
      next.embed.mount(next.host, next.host.shadowRoot);
      api.drawMs.push(Math.round(performance.now() - started));
      if (!registered) keepOffline(pageFiles());
    } catch (err) {
      problem(next.host, fmt("The board could not start: {problem}.", {problem: message(err)}));
    }
    setTimeout(drawNext, 0);
  }

  // Offline: a page served from the folder of a release build registers the game's service
  // worker once its first board is up, and asks it to keep the page and its position
  // files, which were loaded before the worker was there (docs/embed.md, "Offline").
  var registered = false;
  function pageFiles() {
    var urls = [location.href.split("#")[0]];
    var hosts = document.querySelectorAll("[data-ingenious-src]");
    for (var i = 0; i < hosts.length; i++) {
      urls.push(new URL(hosts[i].getAttribute("data-ingenious-src"), document.baseURI).href);
    }
    return urls;
  }

  // Registers the release's service worker (once) and asks it to keep `urls`. Used by the
  // boards of a page (above) and by the frame (web/scripts/embed.js, for its position file).
  function keepOffline(urls) {
    if (registered || !BUILD || !("serviceWorker" in navigator)) return;
    if (new URL(BASE).origin !== location.origin || location.protocol === "file:") return;
    var i18n = window.ingeniousI18n;  // the frame's lang.js: its folder misspelled, it moves
    if (i18n && i18n.site.misspelled) return;
    registered = true;
    api.asked = urls.slice();
    navigator.serviceWorker.register(BASE + "sw.js", { scope: BASE }).then(function (reg) {
      function keep(worker) { if (urls.length) worker.postMessage({ type: "keep", urls: urls }); }
      if (reg.active) { keep(reg.active); return; }
      var fresh = reg.installing || reg.waiting;
      if (!fresh) return;
      fresh.addEventListener("statechange", function () {
        if (fresh.state === "activated") keep(fresh);
      });
    }).catch(function (err) {
      console.warn("The boards will not open offline: " + err);
    });
  }

  function draw(host) {
    start().then(function (embed) {
      waiting.push({ embed: embed, host: host });
      if (!drawing) { drawing = true; setTimeout(drawNext, 0); }
    }, function (err) {
      problem(host, fmt("The board could not start: {problem}.", {problem: message(err)}));
    });
  }

  var observer = typeof IntersectionObserver === "function"
    ? new IntersectionObserver(function (entries) {
        entries.forEach(function (entry) {
          if (!entry.isIntersecting) return;
          observer.unobserve(entry.target);
          draw(entry.target);
        });
      }, { rootMargin: NEAR })
    : null;

  // Give a board element its shadow root with the board's styles and a loading line.
  function setUp(host) {
    if (known) { if (known.has(host)) return; known.add(host); }
    else if (host.shadowRoot) return;
    var root;
    try {
      root = host.shadowRoot || host.attachShadow({ mode: "open" });
    } catch (err) {
      host.textContent = _("This element cannot hold a board; use a <div>.");
      return;
    }
    var style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = BASE + "web/styles/embed.css";
    var box = document.createElement("section");
    box.id = "embed";
    box.className = "embed";
    box.setAttribute("aria-label", _("Ingenious board"));
    var loading = document.createElement("p");
    loading.id = "loading";
    loading.className = "loading";
    loading.setAttribute("role", "status");
    loading.textContent = _("Loading the board…");
    box.appendChild(loading);
    root.appendChild(style);
    root.appendChild(box);
    if (observer) observer.observe(host); else draw(host);
  }

  // Turn every board element not seen yet into a board (call again after adding some).
  function scan() {
    var hosts = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < hosts.length; i++) setUp(hosts[i]);
    return hosts.length;
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
  else scan();
})();
