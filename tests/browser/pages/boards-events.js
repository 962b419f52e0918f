// Keeps the events the boards of tests/browser/pages/boards.html send, per board id.
window.boardEvents = [];
["ingenious:ready", "ingenious:error"].forEach(function (type) {
  document.addEventListener(type, function (event) {
    window.boardEvents.push({ type: type, id: event.target.id, detail: event.detail });
  });
});
