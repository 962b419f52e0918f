// The start screen before Python is ready: the forms are plain HTML in index.html, and
// this file lets a player use them at first paint. The choices live in one plain object
// (window.ingeniousStart.choices); the forms are drawn from it. "Start game",
// "Start challenge", "Continue" and "Tutorial" clicked before Python is ready are kept
// as `pending` and shown as progress. When Python is ready, web/shell/start.py calls take():
// this file stops listening and Python reads the choices from that object and draws
// the screens from then on (web/shell/start_form.py knows the same field ids).
//
// The "Continue" line comes from a summary the game stores beside its autosave
// (web/play/summary.py), under the site-scoped storage key of web/store/store.py (site_key),
// computed here the same way. The rules text opens in a native <dialog>, from an HTML
// fragment the build writes from web/teach/rules.py (tools/rules_text.py).
(function () {
  "use strict";

  // The player's first real interaction with the page (a press or a key; the page's own
  // script or a test's calls are none): until then the game makes no sound
  // (web/play/sound.py reads window.ingeniousTouched).
  function touched(event) {
    if (!event.isTrusted) return;
    window.ingeniousTouched = true;
    ["pointerdown", "keydown"].forEach(function (type) {
      window.removeEventListener(type, touched, true);
    });
  }
  ["pointerdown", "keydown"].forEach(function (type) {
    window.addEventListener(type, touched, true);
  });

  var HUMAN = "human";
  var LEVELS = ["beginner", "casual", "strong", "expert"];
  var CH_LEVELS = ["casual", "strong"];
  var VARIANT_PLAYERS = { standard: [2, 3, 4], solo: [1], team: [4], duel: [2] };
  var KINDS = ["cards", "dice", "tiles", "match"];
  var GAMES = ["cards", "dice", "tiles"];
  var MAX_NAME = 24;
  var MAX_TEXT = 100;
  var SUMMARY_MAX = 300;
  var SUMMARY_STORED_MAX = 8192;  // web/play/summary.py MAX_STORED
  // The rules in the page's language (tools/rules_text.py writes one fragment per language).
  function rulesUrl() {
    var lang = window.ingeniousI18n ? window.ingeniousI18n.lang() : "en";
    return ["de", "fr", "nl", "es", "it"].indexOf(lang) >= 0 ? "web/rules-text." + lang + ".html"
                                                             : "web/rules-text.html";
  }
  // Texts in the page's language (web/i18n/lang.js; English when it is missing).
  var i18n = window.ingeniousI18n;
  function _(id) { return i18n ? i18n.t(id) : id; }
  function fmt(id, args) {
    return i18n ? i18n.fmt(id, args) : id.replace(/\{(\w+)\}/g, function (w, k) {
      return Object.prototype.hasOwnProperty.call(args, k) ? String(args[k]) : w;
    });
  }
  function botChoice(level) {
    return { beginner: _("Bot: beginner"), casual: _("Bot: casual"), strong: _("Bot: strong"),
             expert: _("Bot: expert") }[level] || "Bot: " + level;
  }
  function progress() { return _("Starting… loading the game engine"); }

  function seats() {
    return [["", HUMAN], ["", "casual"], ["", "casual"], ["", "casual"]];
  }

  var choices = {
    board: { variant: "standard", players: 2, seats: seats(), open: false, seed: "" },
    challenge: { kind: "cards", games: GAMES.slice(), players: 2, seats: seats(), seed: "",
                 startRule: false },
    pending: null,   // "board", "challenge", "continue" or "tutorial": waits for Python
    touched: false   // the player changed a choice before Python was ready
  };
  var taken = false;
  var busy = false;  // the interpreter's start holds the main thread (web/scripts/python.mjs)
  var drawn = { board: "", challenge: "" };  // the seat rows on screen, by rowsKey
  var listeners = [];

  function el(id) { return document.getElementById(id); }

  function listen(node, type, handler) {
    if (!node) return;
    node.addEventListener(type, handler);
    listeners.push([node, type, handler]);
  }

  // --- storage keys: web/store/store.py's site_root, site_tag, site_key (web/i18n/lang.js,
  // which runs first) -------------------------------------------------------------------------
  var site = window.ingeniousI18n.site;
  var siteRoot = site.root;
  var siteTag = site.tag;
  var siteKey = site.key;

  function stored(key) {
    try {
      return window.localStorage.getItem(siteKey(key, siteRoot(location.pathname)));
    } catch (err) {
      return null;  // storage turned off: Python says so once it is ready
    }
  }

  // web/play/summary.py read_text: a version-1 object with a short, non-empty text. Any
  // page of the site can write the key: a long text is not parsed, and a kept message is
  // only filled with its own fields, up to a bound (web/i18n/lang.js render: null past
  // it, and the plain text shows instead); Python sets a bad summary aside once it runs.
  function summaryText(raw) {
    if (!raw || raw.length > SUMMARY_STORED_MAX) return null;
    try {
      var data = JSON.parse(raw);
      var text = data && data.v === 1 ? data.text : null;
      if (!(typeof text === "string" && text.length > 0 && text.length <= SUMMARY_MAX)) return null;
      // The kept message, in the reader's language (web/i18n: ids and arguments).
      var shown = data.msg && i18n ? i18n.render(data.msg) : text;
      return typeof shown === "string" && shown ? shown.slice(0, SUMMARY_MAX) : text;
    } catch (err) {
      return null;
    }
  }

  // --- drawing the forms from `choices` ----------------------------------------------------
  function seatCount(board) {
    return board.variant === "standard" ? board.players : VARIANT_PLAYERS[board.variant][0];
  }

  // The same rows as web/play/session.py seat_rows_html.
  function drawSeatRows(box, prefix, count, levels, list, team) {
    var legend = document.createElement("legend");
    legend.textContent = _("Seats");
    var rows = [legend];
    var kinds = [[HUMAN, _("Person")]].concat(levels.map(function (l) { return [l, botChoice(l)]; }));
    for (var seat = 0; seat < count; seat++) {
      var row = document.createElement("div");
      row.className = "seat";
      var no = document.createElement("span");
      no.className = "seat-no";
      no.setAttribute("aria-hidden", "true");
      no.textContent = team ? fmt("Team {letter}", { letter: "AB".charAt(seat % 2) })
                            : String(seat + 1);
      var name = document.createElement("input");
      name.id = prefix + "seat-name-" + seat;
      name.setAttribute("maxlength", String(MAX_NAME));
      name.setAttribute("autocomplete", "off");
      name.setAttribute("aria-label", fmt("Name of player {n}", { n: seat + 1 }));
      name.setAttribute("placeholder", fmt("Player {n}", { n: seat + 1 }));
      name.setAttribute("value", list[seat][0]);
      var kind = document.createElement("select");
      kind.id = prefix + "seat-kind-" + seat;
      kind.setAttribute("aria-label", fmt("Who plays seat {n}", { n: seat + 1 }));
      kinds.forEach(function (pair) {
        var option = document.createElement("option");
        option.value = pair[0];
        option.textContent = pair[1];
        if (pair[0] === list[seat][1]) option.setAttribute("selected", "");
        kind.appendChild(option);
      });
      row.appendChild(no);
      row.appendChild(name);
      row.appendChild(kind);
      rows.push(row);
    }
    box.replaceChildren.apply(box, rows);
  }

  function drawBoard() {
    var b = choices.board;
    document.querySelectorAll('input[name="variant"]').forEach(function (radio) {
      radio.checked = radio.value === b.variant;
    });
    var players = el("players");
    if (players) players.value = String(b.players);
    if (el("players-row")) el("players-row").hidden = b.variant !== "standard";
    if (el("open-row")) el("open-row").hidden = b.variant !== "team";
    if (el("open-play")) el("open-play").checked = b.open;
    // The level list marks the figures of the table chosen (web/shell/start_form.py, table_of).
    if (el("level-help")) {
      el("level-help").dataset.table = b.variant === "standard" ? b.players + "p"
        : b.variant === "team" && b.open ? "team-open" : b.variant;
    }
    if (el("seed")) el("seed").value = b.seed;
    var count = seatCount(b);
    var key = count + (b.variant === "team" ? "t" : "");
    if (el("seats") && drawn.board !== key) {
      drawSeatRows(el("seats"), "", count, LEVELS, b.seats, b.variant === "team");
      drawn.board = key;
    }
  }

  function drawChallenge() {
    var c = choices.challenge;
    document.querySelectorAll('input[name="ch-kind"]').forEach(function (radio) {
      radio.checked = radio.value === c.kind;
    });
    GAMES.forEach(function (game) {
      var box = el("ch-match-" + game);
      if (box) box.checked = c.games.indexOf(game) >= 0;
    });
    if (el("ch-match-games")) el("ch-match-games").hidden = c.kind !== "match";
    if (el("ch-start-rule-row")) el("ch-start-rule-row").hidden = c.kind !== "dice" && c.kind !== "match";
    if (el("ch-start-rule")) el("ch-start-rule").checked = c.startRule;
    if (el("ch-players")) el("ch-players").value = String(c.players);
    if (el("ch-seed")) el("ch-seed").value = c.seed;
    var key = String(c.players);
    if (el("ch-seats") && drawn.challenge !== key) {
      drawSeatRows(el("ch-seats"), "ch-", c.players, CH_LEVELS, c.seats, false);
      drawn.challenge = key;
    }
  }

  // --- input -> choices (web/shell/start_form.py BoardForm.changed, SetupForm.changed) -----------
  function seatField(id, prefix, list, levels) {
    var parts = [["name", 0], ["kind", 1]];
    for (var i = 0; i < parts.length; i++) {
      var head = prefix + "seat-" + parts[i][0] + "-";
      if (id.indexOf(head) !== 0) continue;
      var seat = Number(id.slice(head.length));
      return { seat: seat, at: parts[i][1], ok: seat >= 0 && seat < list.length,
               levels: levels };
    }
    return null;
  }

  function setSeat(field, list, value) {
    if (!field.ok) return;
    if (field.at === 1 && value !== HUMAN && field.levels.indexOf(value) < 0) return;
    list[field.seat][field.at] = value.slice(0, MAX_TEXT);
  }

  function onBoard(event) {
    var node = event.target;
    var b = choices.board;
    var id = node.name === "variant" ? "variant" : node.id;
    var value = String(node.value);
    choices.touched = true;
    if (id === "variant" && node.checked && VARIANT_PLAYERS[value]) b.variant = value;
    else if (id === "players" && ["2", "3", "4"].indexOf(value) >= 0) b.players = Number(value);
    else if (id === "open-play") b.open = !!node.checked;
    else if (id === "seed") b.seed = value.slice(0, MAX_TEXT);
    else {
      var field = seatField(id, "", b.seats, LEVELS);
      if (field) setSeat(field, b.seats, value);
    }
    drawBoard();
  }

  function onChallenge(event) {
    var node = event.target;
    var c = choices.challenge;
    var id = node.name === "ch-kind" ? "ch-kind" : node.id;
    var value = String(node.value);
    choices.touched = true;
    if (id === "ch-kind" && KINDS.indexOf(value) >= 0) c.kind = value;
    else if (id.indexOf("ch-match-") === 0 && GAMES.indexOf(value) >= 0) {
      c.games = GAMES.filter(function (g) {
        return g === value ? node.checked : c.games.indexOf(g) >= 0;
      });
    } else if (id === "ch-players" && ["2", "3", "4"].indexOf(value) >= 0) c.players = Number(value);
    else if (id === "ch-seed") c.seed = value.slice(0, MAX_TEXT);
    else if (id === "ch-start-rule") c.startRule = !!node.checked;
    else {
      var field = seatField(id, "ch-", c.seats, CH_LEVELS);
      if (field) setSeat(field, c.seats, value);
    }
    drawChallenge();
  }

  // --- clicks that need Python: kept, with progress shown --------------------------------
  var PROGRESS_AT = { board: "start-progress", challenge: "ch-start-progress",
                      "continue": "continue-progress", tutorial: "continue-progress" };

  function wait(what, event) {
    if (event) event.preventDefault();
    choices.pending = what;
    Object.keys(PROGRESS_AT).forEach(function (key) {
      var box = el(PROGRESS_AT[key]);
      if (box) box.hidden = true;
    });
    var box = el(PROGRESS_AT[what]);
    if (box) {
      box.textContent = what === "tutorial" ? _("Opening the tutorial… loading the game engine")
                                            : progress();
      box.hidden = false;
    }
  }

  // --- busy while the interpreter starts ---------------------------------------------------
  // Its start holds the main thread for a moment: the start screen says so (the buttons
  // show a busy mark, the forms are aria-busy) until Python takes the screen over; what
  // the player does meanwhile is kept and done then.
  function drawBusy() {
    var start = el("start");
    if (start) start.classList.toggle("python-busy", busy);
    ["setup-form", "ch-form"].forEach(function (id) {
      var form = el(id);
      if (form) form.setAttribute("aria-busy", busy ? "true" : "false");
    });
  }

  function onBusy() {
    if (taken) return;
    busy = true;
    drawBusy();
  }

  // --- the Continue card from the stored summary -------------------------------------------
  function drawContinue() {
    var button = el("continue-game");
    var info = el("continue-info");
    // The summary is the game played last, the board game's or a challenge's.
    if (!button || !info) return;
    if (stored("ingenious.autosave") === null && stored("ingenious.challenge-autosave") === null) return;
    button.disabled = button.hidden = false;
    info.textContent = summaryText(stored("ingenious.autosave-summary")) || _("A saved game.");
  }

  // --- the rules in a native dialog --------------------------------------------------------
  var rulesLoaded = false;

  function openRules(event) {
    var dialog = el("rules-dialog");
    if (!dialog || typeof dialog.showModal !== "function") return;
    var opener = event && event.currentTarget;
    dialog.opener = opener;
    if (!dialog.open) dialog.showModal();
    var close = el("rules-dialog-close");
    if (close) close.focus();
    if (rulesLoaded) return;
    rulesLoaded = true;
    fetch(rulesUrl()).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    }).then(function (html) {
      // The fragment is this site's own file, written by web/ui/markup.py at build time.
      if (dialog.open) el("rules-dialog-body").innerHTML = html;
      else rulesLoaded = false;
    }, function () {
      rulesLoaded = false;
      el("rules-dialog-body").textContent = _("The rules could not be loaded. Try again in a moment.");
    });
  }

  // The text is read again at the next opening (a revalidated fetch): a closed dialog keeps
  // no copy, so the rules page Python shows later has the section ids to itself.
  function emptyRules() {
    var body = el("rules-dialog-body");
    if (!body) return;
    var note = document.createElement("p");
    note.textContent = _("Loading the rules…");
    body.replaceChildren(note);
    rulesLoaded = false;
  }

  function bindRulesDialog() {
    var dialog = el("rules-dialog");
    if (!dialog) return;
    var close = el("rules-dialog-close");
    if (close) close.addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("close", function () {
      emptyRules();
      if (dialog.opener && dialog.opener.isConnected) dialog.opener.focus();
    });
  }

  // --- start and hand-over -----------------------------------------------------------------
  function init() {
    drawBoard();
    drawChallenge();
    drawContinue();
    bindRulesDialog();
    var form = el("setup-form");
    listen(form, "input", onBoard);
    listen(form, "change", onBoard);
    listen(form, "submit", function (e) { wait("board", e); });
    var chForm = el("ch-form");
    listen(chForm, "input", onChallenge);
    listen(chForm, "change", onChallenge);
    listen(chForm, "submit", function (e) { wait("challenge", e); });
    listen(el("continue-game"), "click", function (e) { wait("continue", e); });
    listen(el("open-tutorial"), "click", function (e) { wait("tutorial", e); });
    listen(el("open-rules"), "click", openRules);
    listen(window, "ingenious:python-busy", onBusy);
    // Another language from the menu: the rows and the Continue line drawn again in it
    // (until Python takes over; then web/shell/app.py relanguage does it).
    listen(window, "ingenious-language", function () {
      drawn = { board: "", challenge: "" };
      drawBoard();
      drawChallenge();
      drawContinue();
    });
    if (window.ingeniousPythonBusy) onBusy();
  }

  // Python takes over: no more listening here; the choices as JSON, once.
  function take() {
    if (taken) return null;
    taken = true;
    listeners.forEach(function (l) { l[0].removeEventListener(l[1], l[2]); });
    listeners = [];
    busy = false;
    drawBusy();
    Object.keys(PROGRESS_AT).forEach(function (key) {
      var box = el(PROGRESS_AT[key]);
      if (box) box.hidden = true;
    });
    return JSON.stringify(choices);
  }

  window.ingeniousStart = {
    choices: choices,
    take: take,
    taken: function () { return taken; },
    busy: function () { return busy; },
    siteTag: siteTag,
    siteRoot: siteRoot,
    siteKey: function (key, pathname) { return siteKey(key, siteRoot(pathname)); }
  };

  // PyScript (preloaded by a <link rel="modulepreload"> in the page head) starts once the
  // start screen's first paint is reported (web/scripts/boot.js: window.ingeniousPainted,
  // which Pyodide's big downloads wait for too), then after a frame: its start holds the
  // main thread for a while, and started before that paint it could put the paint off by
  // a second. A hidden tab draws no frames: a timer starts it there.
  function startRuntime() {
    if (runtimeStarted || window.ingeniousFramed) return;  // boot.js refused this frame
    var link = document.querySelector('link[rel="modulepreload"][href$="pyscript/core.js"]');
    if (!link) return;
    runtimeStarted = true;
    var script = document.createElement("script");
    script.type = "module";
    script.src = link.getAttribute("href");
    document.head.appendChild(script);
  }
  var runtimeStarted = false;

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  function afterFrame() {
    requestAnimationFrame(function () { setTimeout(startRuntime, 0); });
    setTimeout(startRuntime, 250);
  }
  if (window.ingeniousPainted) window.ingeniousPainted.then(afterFrame);
  else afterFrame();
})();
