// Before Python runs, only JavaScript can show progress or explain why the game cannot
// start; this file does just that and nothing else (the game itself is Python).
(function () {
  "use strict";
  var started = Date.now();
  var ready = false;
  var fraction = 0.05;

  function el(id) { return document.getElementById(id); }

  function setStage(text, value) {
    var stage = el("loading-stage");
    if (stage && text) stage.textContent = text;
    if (typeof value === "number") fraction = Math.max(fraction, value);
    var bar = el("progress-bar");
    if (bar) bar.style.width = Math.round(fraction * 100) + "%";
  }

  // Set when this browser cannot run the game: that message stays, and the errors that
  // follow from it (PyScript failing without WebAssembly) do not replace it.
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

  function unsupported() {
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      return "This browser cannot run the game: it has no WebAssembly. Please use a current Chrome, Edge, Firefox or Safari.";
    }
    if (!("noModule" in document.createElement("script"))) {
      return "This browser is too old to run the game (no JavaScript modules). Please update it.";
    }
    if (typeof BigInt64Array === "undefined") {
      return "This browser is too old to run the game (no 64-bit integer arrays). Please update it.";
    }
    return null;
  }

  window.ingeniousBoot = {
    stage: setStage,
    problem: problem,
    done: function () {
      ready = true;
      setStage("Ready", 1);
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
      if (stage && stage.textContent.indexOf("longer") < 0) {
        stage.textContent += " (this is taking longer than usual)";
      }
    }
  }, 150);

  fatal = unsupported();  // before any module script runs, so nothing can speak first
  if (fatal) { clearInterval(timer); problem(fatal); }
  document.addEventListener("DOMContentLoaded", function () {
    if (!fatal) setStage("Loading the Python runtime…", 0.1);
  });
  document.addEventListener("py:ready", function () {
    setStage("Loading the game…", 0.8);
  }, true);
  window.addEventListener("error", function (event) {
    if (!ready) problem("The game could not start: " + (event.message || "a file failed to load") + ". Reload the page to try again.");
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason && (event.reason.message || String(event.reason));
    if (!ready) problem("The game could not start: " + reason + ". Reload the page to try again.");
  });
})();
