// The page's language before Python runs, and the static texts in it at first paint.
//
// The language is the first of: ?lang=xx in the address, the choice remembered in local
// storage (key "ingenious.lang", site-scoped as web/store/store.py site_key does), the first
// of the browser's languages with a catalogue, English (web/i18n/__init__.py choose: the
// same rule). It is written into <html lang>, where Python reads it.
//
// The texts come from web/i18n/texts.js, generated from the catalogues by tools/i18n.py:
// every text node and aria-label / placeholder / title / alt of the page (the English
// text is the message id) is replaced by its translation; each node remembers its
// English text, so a change of language translates again from it. window.ingeniousI18n
// gives the page's scripts t(), fmt(), n() and set(code); set() remembers the choice,
// translates the page again and fires "ingenious-language" on window (Python listens).
// Every <select class="lang-select"> is a language menu.
(function () {
  "use strict";

  var LANGUAGES = ["en", "de", "fr", "nl", "es", "it"];
  var NAMES = { en: "English", de: "Deutsch", fr: "Français", nl: "Nederlands",
                es: "Español", it: "Italiano" };
  var PSEUDO = "xx";
  var KEY = "ingenious.lang";
  var ATTRIBUTES = ["aria-label", "placeholder", "title", "alt"];
  var texts = window.ingeniousTexts || {};
  var originals = new WeakMap();  // node -> {text, attributes}: the English ids
  var seeded = false;  // the first pass is done: later ones touch only the nodes it saw

  // --- storage keys: web/store/store.py's site_root, site_tag, site_key (web/scripts/
  // start-form.js uses them too, through window.ingeniousI18n.site) -------------------------
  var UNRESERVED = /[A-Za-z0-9\-._~]/;

  function siteRoot(pathname) {
    // One spelling per folder: "/%61//" is "/a/" (see site_root).
    var path = pathname.charAt(0) === "/" ? pathname : "/" + pathname;
    path = path.replace(/%([0-9A-Fa-f]{2})/g, function (escape, hex) {
      var char = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : "%" + hex.toUpperCase();
    }).replace(/\/{2,}/g, "/");
    return path.slice(0, path.lastIndexOf("/") + 1);
  }

  function siteTag(root) {
    var bytes = new TextEncoder().encode(root);
    var hash = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      hash = Math.imul(hash ^ bytes[i], 0x01000193) >>> 0;
    }
    return ("0000000" + hash.toString(16)).slice(-8);
  }

  // The key of this site's copy of `key` (keys starting with ingenious. only; others stay as they are).
  function siteKey(key, root) {
    var prefix = "ingenious.";
    if (key.indexOf(prefix) !== 0) return key;
    return "ingenious@" + siteTag(root) + "." + key.slice(prefix.length);
  }

  // One copy per folder, whatever its spelling: "/%61/" and "/a//" are "/a/" for a web
  // server, but each would be a site of its own for the browser (its own service worker
  // and offline copy, a banner about "another tab"). A page opened under another spelling
  // goes to the one site_root gives; meanwhile `misspelled` tells the page's other
  // scripts to register nothing (web/scripts/sw-register.js, web/scripts/boards.js).
  var here = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
  var misspelled = /^https?:$/.test(location.protocol) && here !== siteRoot(location.pathname);
  if (misspelled) {
    location.replace(siteRoot(location.pathname) + location.pathname.slice(here.length) +
                     location.search + location.hash);
  }

  function remembered() {
    try { return window.localStorage.getItem(siteKey(KEY, siteRoot(location.pathname))); } catch (err) { return null; }
  }

  function remember(code) {
    try { window.localStorage.setItem(siteKey(KEY, siteRoot(location.pathname)), code); } catch (err) { /* storage off */ }
  }

  // --- the choice ---------------------------------------------------------------------
  function normalise(tag, pseudo) {
    if (typeof tag !== "string" || !/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(tag.trim())) {
      return null;
    }
    var base = tag.trim().replace("_", "-").split("-")[0].toLowerCase();
    if (LANGUAGES.indexOf(base) >= 0 || (pseudo && base === PSEUDO)) return base;
    return null;
  }

  function choose(query, stored, browser) {
    var found = normalise(query, true) || normalise(stored, false);
    for (var i = 0; !found && i < browser.length; i++) found = normalise(browser[i], false);
    return found || "en";
  }

  var query = new URLSearchParams(location.search).get("lang");
  var lang = choose(query, remembered(),
                    navigator.languages && navigator.languages.length ? navigator.languages
                                                                      : [navigator.language]);
  document.documentElement.lang = lang;

  // --- texts --------------------------------------------------------------------------
  function table() { return (texts[lang] && texts[lang].t) || {}; }

  function t(id) {
    var found = table()[id];
    return typeof found === "string" ? found : id;
  }

  // A kept message fills to at most this many characters (web/i18n MAX_RENDERED), and so
  // does every message inside it: one whose fields repeat an argument that repeats its own
  // (3 kB that would fill to gigabytes) stops at the budget with a RangeError.
  var MAX_RENDERED = 20000;

  function fill(text, args, limit) {
    var size = text.length;
    if (limit && size > limit) throw new RangeError("the message is longer than a screen shows");
    return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, function (whole, name) {
      var value = args && name in args ? String(args[name]) : whole;
      size += value.length - whole.length;
      if (limit && size > limit) throw new RangeError("the message fills past its budget");
      return value;
    });
  }

  function fmt(id, args) { return fill(t(id), args); }

  function n(one, other, count, args, limit) {
    var forms = table()[one];
    var rule = texts[lang] && texts[lang].plural === "(n > 1)" ? count > 1 : count !== 1;
    var text = Array.isArray(forms) ? forms[rule ? 1 : 0] : (rule ? other : one);
    var all = Object.assign({}, args || {});
    if (!("n" in all)) all.n = formatNumber(count);
    return fill(text, all, limit);
  }

  // A kept message ({"m": id, "a": args, "p": plural id, "n": counting arg}: web/i18n
  // msg) in the current language; its arguments may be messages too. It fills to at most
  // `limit` characters (MAX_RENDERED unless given), else throws a RangeError.
  function render(message, limit) {
    if (!message || typeof message !== "object" || typeof message.m !== "string") {
      return String(message);
    }
    var budget = limit || MAX_RENDERED;
    var args = {};
    Object.keys(message.a || {}).forEach(function (key) {
      var value = message.a[key];
      args[key] = value && typeof value === "object" ? render(value, budget) : value;
      if (typeof value === "number") args[key] = formatNumber(value);
    });
    if (typeof message.p === "string" && typeof message.n === "string") {
      var count = message.a ? message.a[message.n] : 0;
      return n(message.m, message.p, typeof count === "number" ? count : 0, args, budget);
    }
    return fill(t(message.m), args, budget);
  }

  function formatNumber(value) {
    try { return new Intl.NumberFormat(lang === PSEUDO ? "en" : lang).format(value); }
    catch (err) { return String(value); }
  }

  function clean(text) { return text.replace(/\s+/g, " ").trim(); }

  function translateNode(node) {
    var kept = originals.get(node);
    if (!kept && seeded) return;  // drawn later, by a script, already in the language
    if (node.nodeType === 3) {
      if (!kept) {
        if (!/[A-Za-z]{2}/.test(node.data)) return;
        kept = { text: node.data };
        originals.set(node, kept);
      }
      var id = clean(kept.text);
      var lead = kept.text.match(/^\s*/)[0];
      var tail = kept.text.match(/\s*$/)[0];
      var wanted = lead + t(id) + tail;
      if (node.data !== wanted) node.data = wanted;
      return;
    }
    if (!kept) { kept = { attributes: {} }; originals.set(node, kept); }
    ATTRIBUTES.forEach(function (name) {
      if (!node.hasAttribute(name)) return;
      if (!(name in kept.attributes)) kept.attributes[name] = node.getAttribute(name);
      var value = t(clean(kept.attributes[name]));
      if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    });
  }

  // Every text of `root` in the current language (nodes under translate="no", scripts
  // and styles are left alone: the scripts that draw them use t()).
  function translate(root) {
    if (!root) return;
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        if (node.nodeType === 1) {
          var tag = node.tagName;
          if (tag === "SCRIPT" || tag === "STYLE" || node.getAttribute("translate") === "no" ||
              node.getAttribute("data-i18n") === "drawn") {
            return NodeFilter.FILTER_REJECT;
          }
        }
        return NodeFilter.FILTER_ACCEPT;
      }
    });
    if (root.nodeType === 1) translateNode(root);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) translateNode(node);
  }

  function translateHead() {
    var title = document.querySelector("title");
    if (title) translate(title);
    var description = document.querySelector('meta[name="description"]');
    if (description) {
      var kept = originals.get(description);
      if (!kept) { kept = { content: description.getAttribute("content") }; originals.set(description, kept); }
      description.setAttribute("content", t(clean(kept.content)));
    }
  }

  function drawMenus() {
    document.querySelectorAll("select.lang-select").forEach(function (select) {
      if (!select.options.length) {
        LANGUAGES.forEach(function (code) {
          var option = document.createElement("option");
          option.value = code;
          option.lang = code;
          option.textContent = NAMES[code];
          select.appendChild(option);
        });
        select.addEventListener("change", function () { set(select.value); });
      }
      select.value = LANGUAGES.indexOf(lang) >= 0 ? lang : "en";
    });
  }

  function set(code) {
    var found = normalise(code, true);
    if (!found) return lang;
    if (found !== PSEUDO) remember(found);
    lang = found;
    document.documentElement.lang = lang;
    translateHead();
    translate(document.body);
    drawMenus();
    window.dispatchEvent(new CustomEvent("ingenious-language", { detail: lang }));
    return lang;
  }

  window.ingeniousI18n = {
    languages: LANGUAGES.slice(),
    names: NAMES,
    lang: function () { return lang; },
    choose: choose,
    t: t,
    fmt: fmt,
    n: n,
    render: render,
    set: set,
    translate: translate,
    site: { root: siteRoot, tag: siteTag, key: siteKey, misspelled: misspelled }
  };

  function start() {
    translateHead();
    translate(document.body);
    seeded = true;
    drawMenus();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}());
