// The embed's JavaScript shell: it runs before Python, so it alone can (1) queue
// positions that the embedding page posts before Python is ready, (2) tell the parent
// the content height, and (3) show why the board could not start. The board itself
// is Python (web/embed.py).
(function () {
  "use strict";
  var params = new URLSearchParams(location.search + "&" + location.hash.replace(/^#/, ""));
  var frameId = (params.get("id") || "").slice(0, 80);
  var queue = [];
  var handler = null;
  var lastHeight = -1;
  var ready = false;

  function toParent(message) {
    if (window.parent === window) return;
    message.id = frameId;
    window.parent.postMessage(message, "*");
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

  // Positions from the embedding page: { type: "ingenious:position", position, mode }.
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== window.parent || !data || typeof data !== "object") return;
    if (data.type !== "ingenious:position") return;
    if (handler) handler(JSON.stringify(data)); else queue.push(JSON.stringify(data));
  });

  window.ingeniousEmbed = {
    frameId: frameId,
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
    }
  };

  document.addEventListener("DOMContentLoaded", function () {
    if (typeof WebAssembly !== "object") {
      problem("This browser cannot show the board: it has no WebAssembly.");
      return;
    }
    reportHeight();
  });
  window.addEventListener("error", function (event) {
    problem("The board could not start: " + (event.message || "a file failed to load") + ".");
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason && (event.reason.message || String(event.reason));
    problem("The board could not start: " + reason + ".");
  });
})();
