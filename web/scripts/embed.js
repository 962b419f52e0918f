// The frame's JavaScript shell (embed.html): it runs before Python, so it alone can
// (1) queue positions that the embedding page posts before Python is ready, (2) tell the
// parent the content height, (3) show why the board could not start, and (4) in a release
// build, register the game's service worker so the board also opens offline. The board
// itself is Python (web/teach/embed.py), started by web/scripts/boards.js.
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
  var params = new URLSearchParams(location.search + "&" + location.hash.replace(/^#/, ""));
  var frameId = (params.get("id") || "").slice(0, 80);
  var queue = [];
  var handler = null;
  var lastHeight = -1;
  var ready = false;

  // Replies go to the parent's origin when the browser tells it (ancestorOrigins, else the
  // referrer). To another site's page none of them quotes a file (see showsDetail).
  function parentOrigin() {
    var origin = "";
    if (location.ancestorOrigins && location.ancestorOrigins.length) {
      origin = location.ancestorOrigins[0];
    } else if (document.referrer) {
      try { origin = new URL(document.referrer).origin; } catch (e) { origin = ""; }
    }
    return /^https?:\/\//.test(origin) ? origin : "*";
  }
  var target = window.parent === window ? "*" : parentOrigin();
  // Whether the board may quote a file of this site: no page of another site (nor one whose
  // origin the browser does not tell) frames it. web/teach/embed.py, Problem.
  var showsDetail = window.parent === window || target === location.origin;

  function toParent(message) {
    if (window.parent === window) return;
    message.id = frameId;
    window.parent.postMessage(message, target);
  }

  function problem(text) {
    if (ready) return;
    var box = document.getElementById("problem");
    var loading = document.getElementById("loading");
    if (!box) { document.addEventListener("DOMContentLoaded", function () { problem(text); }); return; }
    box.hidden = false;
    box.textContent = text;
    if (loading) loading.hidden = true;
    document.body.setAttribute("data-state", "error");
    toParent({ type: "ingenious:error", message: text });
    reportHeight();
  }

  function reportHeight(height) {
    if (typeof height !== "number") {
      var root = document.getElementById("embed");
      height = root ? root.getBoundingClientRect().height : document.body.scrollHeight;
    }
    height = Math.ceil(height);
    if (height === lastHeight) return;
    lastHeight = height;
    toParent({ type: "ingenious:height", height: height });
  }

  // Offline: in a release build, web/scripts/boards.js registers the game's service worker once the
  // board is up, quietly (the game's page tells the player about updates); the development
  // server (`make play`) never does.
  function registerWorker() {
    // The position file was fetched before the worker was there: ask it to keep a copy;
    // not when the game is at an origin's root, where the file named by the address (any
    // link sets it) could be any app's (tools/sw_template.js refuses it there too).
    var src = params.get("src");
    var urls = [];
    var atRoot = new URL("./", location.href).pathname === "/";
    try { if (src && !atRoot) urls.push(new URL(src, location.href).href); } catch (e) { urls = []; }
    if (window.ingeniousBoards) window.ingeniousBoards.keepOffline(urls);  // web/scripts/boards.js
  }

  // Positions from the embedding page: { type: "ingenious:position", position, mode }.
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== window.parent || !data || typeof data !== "object") return;
    if (data.type !== "ingenious:position") return;
    if (handler) handler(JSON.stringify(data)); else queue.push(JSON.stringify(data));
  });

  window.ingeniousEmbed = {
    frameId: frameId,
    target: target,
    showsDetail: showsDetail,
    post: function (json) { toParent(JSON.parse(json)); },
    height: reportHeight,
    problem: problem,
    onPosition: function (fn) {
      handler = fn;
      while (queue.length) fn(queue.shift());
    },
    done: function () {
      ready = true;
      // Milliseconds from navigation to the first board (or message): the boot figure.
      window.ingeniousEmbed.readyMs = Math.round(performance.now());
      toParent({ type: "ingenious:ready" });
      registerWorker();
    }
  };

  document.addEventListener("DOMContentLoaded", function () {
    if (typeof WebAssembly !== "object") {
      problem(_("This browser cannot show the board: it has no WebAssembly."));
      return;
    }
    var loading = document.getElementById("loading");
    if (loading && !ready) loading.hidden = false;
    reportHeight();
  });
  window.addEventListener("error", function (event) {
    problem(fmt("The board could not start: {problem}.", {problem: event.message || _("a file failed to load")}));
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason && (event.reason.message || String(event.reason));
    problem(fmt("The board could not start: {problem}.", {problem: reason}));
  });
})();
