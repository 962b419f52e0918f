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

  // `retry`: the start failed, and a Retry button (a reload) goes with the message.
  function problem(text, retry) {
    if (ready || (fatal !== null && text !== fatal)) return;
    var box = el("loading-problem");
    if (!box) {
      document.addEventListener("DOMContentLoaded", function () { problem(text, retry); });
      return;
    }
    box.hidden = false;
    box.textContent = text;
    if (retry) {
      var button = document.createElement("button");
      button.type = "button";
      button.id = "loading-retry";
      button.className = "primary";
      button.textContent = _("Retry");
      button.addEventListener("click", function () { location.reload(); });
      box.appendChild(document.createTextNode(" "));
      box.appendChild(button);
    }
    var loading = el("loading");
    if (loading) loading.classList.add("failed");
  }

  // When a file of the game or its runtime does not load, the error that surfaces is
  // often about something else (a module graph, Pyodide's start-up). Remember the files
  // that failed, in order, from three sources: a <script>/<link> element's error, a fetch
  // (Pyodide and PyScript fetch the runtime and the game's Python files), and the
  // browser's resource timing (modules imported by other modules).
  var failedFiles = [];
  var folder = new URL("./", location.href).href;
  var realFetch = typeof window.fetch === "function" ? window.fetch.bind(window) : null;

  function shortName(url) {
    try {
      var full = new URL(url, location.href).href.split(/[?#]/)[0];
      return full.indexOf(folder) === 0 ? full.slice(folder.length) || "index.html" : full;
    } catch (err) {
      return String(url).slice(0, 200);
    }
  }

  // The worker's own script and its update check fail offline with nothing wrong; and the
  // files a start can do without (web/scripts/python.mjs spare: the snapshot's, without
  // which Python starts normally) say nothing by failing.
  var NOT_THE_GAMES = ["sw.js"];
  var spare = [];

  // A file the start needs that did not load is explained at once (a start may not end
  // without it, and never say so: PyScript without its TOML parser waits for ever); others
  // (the rules text of the start page) are named if the start fails.
  var FOR_THE_START = /^(runtime\/|python[.-]|web\/scripts\/python|web\/shell\/|pyscript\.toml$)/;

  function fileFailed(url, why) {
    if (ready || !url || failedFiles.length >= 20) return;
    var name = shortName(url);
    if (NOT_THE_GAMES.indexOf(name) >= 0 || spare.indexOf(name) >= 0) return;
    for (var i = 0; i < failedFiles.length; i++) if (failedFiles[i].name === name) return;
    failedFiles.push({ name: name, why: why });
    if (FOR_THE_START.test(name)) startFailed(why);
  }

  if (realFetch) {
    window.fetch = function (input) {
      var url = typeof input === "string" ? input : (input && input.url) || String(input);
      return realFetch.apply(this, arguments).then(function (response) {
        if (!response.ok && response.type !== "opaque") fileFailed(url, "HTTP " + response.status);
        return response;
      }, function (err) {
        // Said by fileFailed (or no news: a file the start can do without): a rejection
        // that nothing handles later is not news either.
        if (err && typeof err === "object") err.ingeniousFile = shortName(url);
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

  // --- why a file did not load, in words, with what to do ---------------------------------
  // The file is asked for once more, as it is: the release's service worker answers a file
  // it no longer holds and cannot fetch with 503 and "X-Ingenious-Cache: missing" (and a
  // server's copy that is not the release's with "damaged"; tools/sw_template.js), and
  // checks its copy again; with no worker, the server's answer or its silence tells.
  // Bytes that arrive are hashed against the release's value (`integrity`).
  var PROBE_MS = 3000;

  function hashOf(buffer) {
    return crypto.subtle.digest("SHA-256", buffer).then(function (digest) {
      var bytes = new Uint8Array(digest), text = "";
      for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
      return "sha256-" + btoa(text);
    });
  }

  function integrityFor(name) {
    var found = "";
    Array.prototype.forEach.call(document.querySelectorAll("[integrity]"), function (node) {
      if (shortName(node.getAttribute("src") || node.getAttribute("href") || "") === name) {
        found = node.getAttribute("integrity");
      }
    });
    return found;
  }

  // "offline" | "unreachable" | "absent <HTTP status>" (the server has no such file) |
  // "damaged" | "loaded" (it loads now: the failure passed)
  function probe(name, integrity) {
    if (!realFetch) return Promise.resolve("unreachable");
    var asked = realFetch(new URL(name, folder).href, { cache: "no-store" }).then(function (response) {
      var cache = response.headers.get("X-Ingenious-Cache");
      if (cache === "missing") return "offline";
      if (cache === "damaged") return "damaged";
      if (!response.ok) return "absent " + response.status;
      if (!integrity || !window.crypto || !crypto.subtle) return "loaded";
      return response.arrayBuffer().then(hashOf).then(function (found) {
        return found === integrity ? "loaded" : "damaged";
      });
    }, function () { return "unreachable"; });
    var late = new Promise(function (resolve) { setTimeout(resolve, PROBE_MS, "unreachable"); });
    return Promise.race([asked, late]);
  }

  function said(kind, name, why) {
    var text;
    if (kind === "offline") {
      text = _("The game could not start: the file {name} is missing from the copy of the game kept on this device, and it cannot be fetched without a connection. This copy needs to be online once to repair itself: connect to the internet, then press Retry.");
    } else if (kind === "unreachable") {
      text = _("The game could not start: the file {name} could not be fetched (the game's server does not answer, or this device is offline). Check the connection, then press Retry.");
    } else if (kind === "damaged") {
      text = _("The game could not start: the file {name} is not the one this version of the game was made with. Press Retry to try again; if that does not help, this copy of the game is damaged or mixes two versions and must be copied again whole.");
    } else if (kind === "absent") {
      text = _("The game could not start: the file {name} did not load ({why}). Press Retry to try again; if that does not help, this copy of the game is missing that file.");
    } else {
      text = _("The game could not start: the file {name} did not load ({why}). Press Retry to try again.");
    }
    return text.replace("{name}", name).replace("{why}", reason(why));
  }

  // What the page saw (fileFailed's words, an HTTP status; an error's own message
  // after a semicolon stays as the browser wrote it).
  function reason(why) {
    var first = String(why || "no answer").split("; ")[0];
    var rest = String(why || "").slice(first.length);
    if (first === "no answer") return _("no answer") + rest;
    if (first === "failed to load") return _("failed to load") + rest;
    return first + rest;
  }

  // The first of the files in question ({name, why, damaged, integrity}) that does not
  // load now, said; if each loads now, the first one. One explanation per page: it stays
  // (fatal). Files named while it is under way join the queue (`first`: at its head, as
  // web/scripts/python.mjs knows best which file stopped the start).
  var explaining = false;
  var queue = [];
  var asked = [];

  // Opened from a folder (file://) nothing loads, and web/scripts/sw-register.js says how
  // to serve it instead.
  var FROM_A_FOLDER = location.protocol === "file:";

  function explain(files, detail, first) {
    if (ready || fatal || FROM_A_FOLDER) return;
    var fresh = files.filter(function (file) {
      for (var i = 0; i < asked.length; i++) {
        if (asked[i].name === file.name && !file.damaged) return false;
      }
      for (var j = 0; j < queue.length; j++) if (queue[j].name === file.name) return false;
      return true;
    });
    queue = first ? fresh.concat(queue) : queue.concat(fresh);
    if (explaining) return;
    explaining = true;
    (function next() {
      if (ready || fatal) return;
      if (!queue.length) {
        var one = asked[0];
        if (one) {
          finish(said("loaded", one.name, [one.why, detail].filter(Boolean).join("; ")));
        } else {
          // No file to blame: a later, better explanation may still replace this one.
          explaining = false;
          problem(_("The game could not start: {problem}. Reload the page to try again.")
            .replace("{problem}", detail), true);
        }
        return;
      }
      var file = queue.shift();
      asked.push(file);
      var known = file.damaged ? Promise.resolve("damaged")
        : probe(file.name, file.integrity || integrityFor(file.name));
      known.then(function (kind) {
        var status = kind.split(" ")[1];
        if (kind === "loaded") next();
        else finish(said(kind.split(" ")[0], file.name, file.why || (status && "HTTP " + status)));
      }, next);
    })();
  }

  function finish(text) {
    if (ready || fatal) return;
    fatal = text;
    problem(text, true);
  }

  // The message for a start that failed: which file, if one did not load, and what to do.
  function startFailed(detail) {
    if (ready || fatal) return;
    explain(failedFiles.slice(), String(detail).replace(/[.\s]+$/, ""));
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

  // A file of the release stopped the start (web/scripts/python.mjs): `known.damaged` when
  // its bytes were hashed and found other, `known.integrity` the release's hash of it. Its
  // message stays, whatever error follows from it.
  function fileProblem(file, known) {
    known = known || {};
    var name = String(file);
    var files = [{ name: name, why: "", damaged: known.damaged === true,
                   integrity: typeof known.integrity === "string" ? known.integrity : "" }];
    failedFiles.forEach(function (f) { if (f.name !== name) files.push(f); });
    explain(files, "", true);
  }

  // What the start waits for (web/scripts/python.mjs: the wasm, Pyodide's script, the
  // snapshot, ...): what a start that passes its time limit names.
  var waits = [];
  var waited = false;

  function waiting(name, promise) {
    var wait = { name: String(name) };
    waited = true;
    waits.push(wait);
    var done = function () { waits.splice(waits.indexOf(wait), 1); };
    Promise.resolve(promise).then(done, done);
  }

  window.ingeniousBoot = {
    stage: setStage,
    problem: problem,
    refused: function (file) { fileProblem(file); },
    fileProblem: fileProblem,
    waiting: waiting,
    spare: function (names) {
      Array.prototype.forEach.call(names, function (name) { spare.push(String(name)); });
    },
    failedFile: function () { return failedFiles[0] || null; },
    done: function () {
      ready = true;
      setStage(_("Ready"), 1);
      var loading = el("loading");
      if (loading) loading.hidden = true;
    },
    elapsed: function () { return Date.now() - started; }
  };

  // A start that has not ended after START_LIMIT_MS says so, naming the file it still
  // waits for (the start goes on: a slow connection may yet bring it, and the message goes
  // with the loading screen). A test may set a shorter limit before this file runs.
  var START_LIMIT_MS = 60000;
  var limit = window.ingeniousStartLimitMs;
  if (typeof limit === "number" && isFinite(limit) && limit > 0) START_LIMIT_MS = limit;

  // The files the start still waits for (three at most): web/scripts/python.mjs's waits,
  // oldest first, or, before that module has run, the page's modules that have not arrived.
  function awaited() {
    var names = [];
    waits.forEach(function (wait) {
      if (names.indexOf(wait.name) < 0 && names.length < 3) names.push(wait.name);
    });
    if (waited) return names;
    var modules = document.querySelectorAll('script[type="module"][src], link[rel="modulepreload"][href]');
    for (var i = 0; i < modules.length && names.length < 3; i++) {
      var url = new URL(modules[i].getAttribute("src") || modules[i].getAttribute("href"), location.href).href;
      if (!performance.getEntriesByName || !performance.getEntriesByName(url).length) {
        names.push(shortName(url));
      }
    }
    return names;
  }

  // Past the limit, the message follows what the start waits for, until it ends.
  var slowText = null;

  function tooLong() {
    if (ready || fatal || explaining || FROM_A_FOLDER) return;
    var seconds = Math.round(START_LIMIT_MS / 1000);
    var names = awaited();
    var text = names.length
      ? _("The game has not started after {seconds} seconds: it is still waiting for {files}. Check the connection, then press Retry, or wait a little longer.").replace("{files}", names.join(", "))
      : _("The game has not started after {seconds} seconds. Press Retry to try again, or wait a little longer.");
    text = text.replace("{seconds}", String(seconds));
    if (text === slowText) return;
    slowText = text;
    problem(text, true);
  }

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
    if (seconds * 1000 >= START_LIMIT_MS) tooLong();
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
    // Without this reader web/scripts/python.mjs reads the snapshot itself.
    spare.push(shortName(new URL("python-snapshot-worker.mjs", here).href));
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
    var file = event.reason && event.reason.ingeniousFile;
    if (file) {  // a fetch: fileFailed said it, or it is no news
      if (spare.indexOf(file) >= 0) event.preventDefault();
      return;
    }
    startFailed(String(event.reason && (event.reason.message || event.reason)));
  });
})();
