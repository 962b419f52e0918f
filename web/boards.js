// The include's address before web/ was put in folders. A page that still names
// web/boards.js gets the include from its place now, web/scripts/boards.js, with the same
// attributes (defer, data-frame, ...), so embeds written for an earlier release keep working.
(function () {
  "use strict";
  var old = document.currentScript;
  if (!old || !old.src) return;
  var script = document.createElement("script");
  for (var i = 0; i < old.attributes.length; i++) {
    var attribute = old.attributes[i];
    if (attribute.name !== "src") script.setAttribute(attribute.name, attribute.value);
  }
  script.async = false;
  script.src = new URL("scripts/boards.js", old.src).href;
  old.after(script);
})();
