// Before Python runs, only JavaScript can show progress or explain why the game cannot
// start; this file does just that and nothing else (the game itself is Python).
(function () {
  "use strict";
  var started = Date.now();
  var ready = false;
  var fraction = 0.05;

  function el(id) { return document.getElementById(id); }

  // In the page's language once web/i18n/lang.js has run (this file runs before it).
  function _(id) { return window.ingeniousI18n ? window.ingeniousI18n.t(id) : id; }
  var longer = false;

  function setStage(text, value) {
    var stage = el("loading-stage");
    if (stage && text) { stage.textContent = text; longer = false; }
    if (typeof value === "number") fraction = Math.max(fraction, value);
    var bar = el("progress-bar");
    if (bar) bar.style.width = Math.round(fraction * 100) + "%";
  }

  // Set when the game cannot run here (this browser, or a frame of another site): that
  // message stays, and the errors that follow from it (PyScript failing without
  // WebAssembly) do not replace it.
  var fatal = null;

  function problem(text) {
    if (ready || (fatal !== null && text !== fatal)) return;
    var box = el("loading-problem");
    if (!box) { document.addEventListener("DOMContentLoaded", function () { problem(text); }); return; }
    box.hidden = false;
    box.textContent = text;
    var loading = el("loading");
    if (loading) loading.classList.add("failed");
  }

  // When a file of the game or its runtime does not load, the error that surfaces is
  // often about something else (a module graph, Pyodide's start-up). Remember the first
  // file that failed, from three sources: a <script>/<link> element's error, a fetch
  // (Pyodide and PyScript fetch the runtime and the game's Python files), and the
  // browser's resource timing (modules imported by other modules).
  var failedFile = null;

  function shortName(url) {
    try {
      var full = new URL(url, location.href).href.split(/[?#]/)[0];
      var folder = new URL("./", location.href).href;
      return full.indexOf(folder) === 0 ? full.slice(folder.length) || "index.html" : full;
    } catch (err) {
      return String(url).slice(0, 200);
    }
  }

  function fileFailed(url, why) {
    if (!ready && !failedFile && url) failedFile = { name: shortName(url), why: why };
  }

  if (typeof window.fetch === "function") {
    var realFetch = window.fetch;
    window.fetch = function (input) {
      var url = typeof input === "string" ? input : (input && input.url) || String(input);
      return realFetch.apply(this, arguments).then(function (response) {
        if (!response.ok && response.type !== "opaque") fileFailed(url, "HTTP " + response.status);
        return response;
      }, function (err) {
        fileFailed(url, "no answer");
        throw err;
      });
    };
  }
  if (typeof PerformanceObserver === "function") {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) {
          if (entry.responseStatus >= 400) fileFailed(entry.name, "HTTP " + entry.responseStatus);
        });
      }).observe({ type: "resource", buffered: true });
    } catch (err) { /* an older browser: the other two sources still tell */ }
  }

  // The message for a start that failed: which file, if one did not load, and what to do.
  function startFailed(detail) {
    if (ready || fatal) return;
    detail = String(detail).replace(/[.\s]+$/, "");
    if (failedFile) {
      var why = failedFile.why + (detail.indexOf(failedFile.name) < 0 ? "; " + detail : "");
      var said = _("The game could not start: the file {name} did not load ({why}). Reload the page to try again; if that does not help, this copy of the game is missing that file.");
      problem(said.replace("{name}", failedFile.name).replace("{why}", why));
    } else {
      problem(_("The game could not start: {problem}. Reload the page to try again.")
        .replace("{problem}", detail));
    }
  }

  function unsupported() {
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      return _("This browser cannot run the game: it has no WebAssembly. Please use a current Chrome, Edge, Firefox or Safari.");
    }
    if (!("noModule" in document.createElement("script"))) {
      return _("This browser is too old to run the game (no JavaScript modules). Please update it.");
    }
    if (typeof BigInt64Array === "undefined") {
      return _("This browser is too old to run the game (no 64-bit integer arrays). Please update it.");
    }
    return null;
  }

  // A file of the release was refused (web/scripts/python.mjs: its bytes are not the ones
  // the release names): this message stays, whatever error follows from it.
  function refused(file) {
    if (ready) return;
    fatal = _("The game could not start: the file {name} is not the one this version of the game was made with, or it did not load. Reload the page to try again; if that does not help, this copy of the game is damaged or mixes two versions and must be copied again whole.")
      .replace("{name}", String(file));
    problem(fatal);
  }

  window.ingeniousBoot = {
    stage: setStage,
    problem: problem,
    refused: refused,
    failedFile: function () { return failedFile; },
    done: function () {
      ready = true;
      setStage(_("Ready"), 1);
      var loading = el("loading");
      if (loading) loading.hidden = true;
    },
    elapsed: function () { return Date.now() - started; }
  };

  // The bar creeps towards 90 % on its own: Pyodide gives no byte-level progress.
  var timer = setInterval(function () {
    if (ready) { clearInterval(timer); return; }
    var seconds = (Date.now() - started) / 1000;
    setStage(null, Math.min(0.9, 0.05 + 0.85 * (1 - Math.exp(-seconds / 1.6))));
    if (seconds > 25) {
      var stage = el("loading-stage");
      if (stage && !longer) {
        longer = true;
        stage.textContent += " " + _("(this is taking longer than usual)");
      }
    }
  }, 150);

  // The game does not run inside a frame of another site: such a page could lay itself
  // over the game and steer the player's clicks (delete saves, remove set-aside entries).
  // A <meta> security policy cannot say frame-ancestors, so this script says it, before
  // anything else runs. The embeddable board (embed.html) is meant for frames and does
  // not load this file; the game framed by a page of its own site runs as usual.
  function framedByAnotherSite() {
    if (window.top === window.self) return false;
    var origins = location.ancestorOrigins;
    if (origins && origins.length) {
      for (var i = 0; i < origins.length; i++) {
        if (origins[i] !== location.origin) return true;
      }
      return false;
    }
    try { // browsers without ancestorOrigins: a frame of another site cannot be read
      for (var frame = window.parent; ; frame = frame.parent) {
        if (!frame.location.href) return true;
        if (frame === window.top) return false;
      }
    } catch (err) {
      return true;
    }
  }

  var FRAMED = _("Ingenious does not run inside another site's page. Open it in a tab of its own:");
  fatal = framedByAnotherSite() ? FRAMED : unsupported();  // before any module script runs
  if (fatal) clearInterval(timer);
  if (fatal && fatal !== FRAMED) problem(fatal);
  if (fatal === FRAMED) {
    window.ingeniousFramed = true;
    // The document is parsed ("interactive") before deferred and module scripts run, so
    // PyScript, when it runs, finds no Python script to start.
    document.addEventListener("readystatechange", function () {
      if (document.readyState !== "interactive") return;
      var scripts = document.querySelectorAll('script[type="py"], script[type="mpy"]');
      Array.prototype.forEach.call(scripts, function (script) { script.remove(); });
      setStage(_("Not started"), 0);
      // The start screen is plain HTML shown at first paint: a framing page must not be
      // able to lay itself over a working form, so it goes too.
      var start = el("start");
      if (start) start.hidden = true;
      problem(FRAMED);
      var box = el("loading-problem"), link = document.createElement("a");
      link.href = location.href;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = _("open Ingenious");
      box.appendChild(document.createTextNode(" "));
      box.appendChild(link);
    });
  }
  // The big downloads (Pyodide's wasm and script, the snapshot: some 10 MB on a first
  // visit) wait until the start screen is painted, so they never hold its first paint;
  // a page our service worker serves has them all stored, and starts them at once.
  // web/scripts/python.mjs waits for window.ingeniousPainted too.
  if (typeof Promise === "function") {
    window.ingeniousPainted = new Promise(function (resolve) {
      if ((navigator.serviceWorker && navigator.serviceWorker.controller) ||
          document.visibilityState === "hidden") return resolve();  // a hidden tab paints not
      setTimeout(resolve, 1500);  // whatever happens, no later
      try {
        new PerformanceObserver(function (list, observer) {
          observer.disconnect();
          resolve();
        }).observe({ type: "paint", buffered: true });
      } catch (err) {  // a browser without paint timing: after the first frame
        requestAnimationFrame(function () { setTimeout(resolve, 0); });
      }
    });
  }
  // The interpreter's memory snapshot is read from then on, in a worker of its own
  // (web/scripts/python-snapshot-worker.mjs): web/scripts/python.mjs, whose modules load
  // meanwhile, takes the answer from window.ingeniousSnapshotRead (else it asks itself).
  if (!fatal && typeof Worker === "function" && typeof Promise === "function" &&
      document.currentScript && document.currentScript.src) {
    var here = document.currentScript.src;
    var site = new URL("../../", here).href;
    // The words web/scripts/python.mjs knows: it then reads the snapshot in place.
    var readerFailed = function (reason) {
      return { why: "the snapshot's worker failed (" + (reason || "no reason given") + ")" };
    };
    window.ingeniousSnapshotRead = window.ingeniousPainted.then(function () {
      return new Promise(function (resolve) {
        var reader = new Worker(new URL("python-snapshot-worker.mjs", here).href, { type: "module" });
        reader.onmessage = function (event) { reader.terminate(); resolve(event.data); };
        reader.onerror = function (event) {
          event.preventDefault();
          reader.terminate();
          resolve(readerFailed(event.message));
        };
        reader.postMessage({
          snapshot: new URL("python.snapshot", site).href,
          rest: new URL("python-stdlib-rest.zip", site).href,
          site: site,
        });
      });
    }).catch(function (err) {
      return readerFailed(err && err.message || String(err));
    });
  }
  // The loading strip's stages, each said once and in order (a later one is never replaced
  // by an earlier one). The runtime is loading from the document's end or from the
  // interpreter's first word (ingenious:python-busy), whichever comes first: on a busy
  // machine the interpreter spoke before the document had ended.
  var stageSaid = 0;
  function stageOnce(order, text, value) {
    if (order <= stageSaid) return;
    stageSaid = order;
    setStage(text, value);
  }
  function loading() {
    if (!fatal) stageOnce(1, _("Loading the Python runtime…"), 0.1);
  }
  document.addEventListener("DOMContentLoaded", loading);
  window.addEventListener("ingenious:python-busy", loading);
  window.addEventListener("ingenious:python-restoring", function () {
    if (!fatal) stageOnce(2, _("Starting the game: one moment…"), 0.6);
  });
  document.addEventListener("py:ready", function () {
    stageOnce(3, _("Loading the game…"), 0.8);
  }, true);
  window.addEventListener("error", function (event) {
    var element = event.target;
    if (element && element !== window && (element.src || element.href)) {
      fileFailed(element.src || element.href, "failed to load");
    }
    startFailed(event.message || "a file failed to load");
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    startFailed(String(event.reason && (event.reason.message || event.reason)));
  });
})();
