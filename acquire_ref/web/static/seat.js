(function () {
  "use strict";
  // A seat's one script: it sends the seat's answers to the referee and follows the event
  // stream. Every answer it offers is one the server listed as legal, with its preview.
  var seat = document.getElementById("seat");
  var sent = document.getElementById("sent");
  var link = document.getElementById("link");
  var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var base = window.location.pathname.replace(/\/+$/, "");
  var busy = false;
  var lang = "?lang=" + encodeURIComponent(document.documentElement.lang || "en");
  // the page's words: each sentence marked with _() in the page's language (the server puts them in
  // the body's data-words, so this script is the same in every language); {name} fields filled
  var WORDS = JSON.parse(document.body.getAttribute("data-words") || "{}");
  function _(text, fields) {
    return (WORDS[text] || text).replace(/\{(\w+)\}/g, function (all, key) {
      return fields && Object.prototype.hasOwnProperty.call(fields, key) ? String(fields[key]) : all;
    });
  }

  function version() {
    var top = seat.querySelector(".top");
    return top ? parseInt(top.getAttribute("data-version"), 10) : -1;
  }
  function answers() {
    var ask = seat.querySelector(".ask");
    return ask ? JSON.parse(ask.getAttribute("data-answers") || "{}") : {};
  }
  var hide = null;
  function say(text, bad) {  // what was done, for 8 seconds (a refusal until the next tap), above the page
    sent.hidden = false;
    sent.textContent = text;
    sent.className = bad ? "sent bad" : "sent";
    clearTimeout(hide);
    if (!bad) { hide = setTimeout(function () { sent.hidden = true; }, 8000); }
  }
  function send(move, what) {
    if (busy) { return; }
    busy = true;
    say(_("Sending..."), false);
    fetch(base + "/move", {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
      body: JSON.stringify({move: move, version: version()})
    }).then(function (r) {
      return r.json().then(function (doc) { return {status: r.status, doc: doc}; });
    }).then(function (res) {
      busy = false;
      if (res.doc.ok) {
        say(res.doc.did || _("Done"), false);
      } else {
        say(_("Not done: {reason}", {reason: res.doc.error}), true);
        if (res.status === 409 || res.status === 403) { reload(); }  // the page was stale: show the game as it is
      }
    }).catch(function () { busy = false; say(_("Not done: the referee can't be reached"), true); });
  }
  function reload() {  // the seat's page as it is now, without waiting for the event stream
    fetch(window.location.pathname, {credentials: "same-origin"}).then(function (r) { return r.text(); }).then(function (text) {
      var doc = new DOMParser().parseFromString(text, "text/html");
      var fresh = doc.getElementById("seat");
      if (fresh) { seat.innerHTML = fresh.innerHTML; fresh_(); }
    }).catch(function () { /* the stream brings it when the referee is back */ });
  }

  // the tile in table mode: typed, or tapped on the keys; checked against the legal tiles
  var col = "", row = "";
  function tileChanged() {
    var input = document.getElementById("tile");
    if (!input) { return; }
    var t = input.value.trim().toUpperCase().replace(/\s+/g, " ");
    var m = /^(\d{1,2})([A-J])$/.exec(t), r = /^([A-J])(\d{1,2})$/.exec(t);
    if (m) { t = parseInt(m[1], 10) + m[2]; } else if (r) { t = parseInt(r[2], 10) + r[1]; }
    var ask = answers();
    var tiles = ask.tiles || {}, dead = ask.discards || {};
    var pv = document.getElementById("tilepreview");
    var button = document.getElementById("placetile");
    if (tiles[t] !== undefined || dead[t] !== undefined) {
      var verb = ask.kind === "start" ? "start" : (dead[t] !== undefined ? "discard" : "place");
      pv.textContent = t + ": " + (dead[t] !== undefined ? dead[t] : tiles[t]);
      pv.className = "preview";
      button.disabled = false;
      button.textContent = {start: _("My start tile is {tile}", {tile: t}), discard: _("Discard {tile}", {tile: t}),
                            place: _("Place {tile}", {tile: t})}[verb];
      button.setAttribute("data-tile", t);
      button.setAttribute("data-verb", verb);
    } else {
      pv.textContent = t ? _("{tile} can't be placed now: not a playable tile of the board", {tile: t})
                         : _("Type or tap the tile you put on the board.");
      pv.className = t ? "preview bad" : "preview";
      button.disabled = true;
      button.textContent = _("Place");
    }
  }

  // sell/trade or buy: counts on steppers, looked up among the legal answers
  function stepMove() {
    var box = seat.querySelector(".steppers");
    var kind = box.getAttribute("data-kind");
    var parts = [];
    var steppers = box.querySelectorAll(".stepper");
    for (var i = 0; i < steppers.length; i++) {
      var n = parseInt(steppers[i].querySelector("output").textContent, 10);
      var key = steppers[i].getAttribute("data-key");
      if (n > 0) { parts.push(kind === "buy" ? key + "=" + n : "--" + key + " " + n); }
    }
    return (kind === "buy" ? "buy" : "dispose") + (parts.length ? " " + parts.join(" ") : "");
  }
  function find(move) {
    var list = answers().answers || [];
    for (var i = 0; i < list.length; i++) { if (list[i].move === move) { return list[i]; } }
    return null;
  }
  function money(n) {  // whole dollars as the page's language writes them ($6,000, 6.000 $, 6 000 $)
    var how = WORDS["$money"] || ["$", ",", ""];
    return (n < 0 ? "-" : "") + how[0] + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, how[1]) + how[2];
  }
  function why(kind) {  // why the counts on the steppers can't be sent, in words (R6, R5.3b)
    var counts = {}, total = 0, steppers = seat.querySelectorAll(".stepper");
    for (var i = 0; i < steppers.length; i++) {
      var n = parseInt(steppers[i].querySelector("output").textContent, 10);
      counts[steppers[i].getAttribute("data-key")] = n;
      total += n;
    }
    var buy = answers().buy;
    if (kind !== "buy" || !buy) { return _("not allowed: more than you hold, or more survivor shares than the bank has (R5.3)"); }
    if (total > buy.limit) { return _("at most {limit} shares a turn (R6.1)", {limit: buy.limit}); }
    var cost = 0, asked = [];
    for (var c = 0; c < buy.chains.length; c++) {
      var ch = buy.chains[c], k = counts[ch.chain] || 0;
      if (k > ch.bank) { return _("the bank has {count} {chain} left (R3.4)", {count: ch.bank, chain: ch.chain}); }
      if (k) { cost += k * ch.price; asked.push(k + " " + ch.chain); }
    }
    if (buy.cash !== null && cost > buy.cash) {
      return _("not enough cash: {cost} for {shares}, and you have {cash} (R6.3)",
               {cost: money(cost), shares: asked.join(" + "), cash: money(buy.cash)});
    }
    return _("not allowed now");
  }
  function stepChanged() {
    if (!seat.querySelector(".steppers")) { return; }
    var hit = find(stepMove());
    var pv = document.getElementById("steppreview");
    var button = document.getElementById("stepsend");
    pv.textContent = hit ? hit.preview : why(seat.querySelector(".steppers").getAttribute("data-kind"));
    pv.className = hit ? "preview" : "preview bad";
    button.disabled = !hit;
    button.textContent = hit ? _("Send: {answer}", {answer: hit.label}) : _("Send");
  }

  var armed = null, disarm = null;
  function confirmed(target) {  // Pass, Declare the end and a take-back ask once more: a second tap within 5 s
    if (!target.hasAttribute("data-confirm") || armed === target) { armed = null; return true; }
    armed = target;
    var label = target.querySelector(".label"), was = label.textContent;
    label.textContent = target.getAttribute("data-confirm");
    target.classList.add("armed");
    clearTimeout(disarm);
    disarm = setTimeout(function () { if (armed === target) { armed = null; label.textContent = was; target.classList.remove("armed"); } }, 5000);
    return false;
  }
  seat.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || target.disabled) { return; }
    if (target.hasAttribute("data-move")) {
      if (confirmed(target)) { send(target.getAttribute("data-move"), target.querySelector(".label").textContent); }
    } else if (target.hasAttribute("data-col") || target.hasAttribute("data-row")) {
      if (target.hasAttribute("data-col")) { col = target.getAttribute("data-col"); } else { row = target.getAttribute("data-row"); }
      var keys = seat.querySelectorAll(".key");
      for (var i = 0; i < keys.length; i++) {
        keys[i].classList.toggle("on", keys[i].getAttribute("data-col") === col || keys[i].getAttribute("data-row") === row);
      }
      document.getElementById("tile").value = col + row;
      tileChanged();
    } else if (target.id === "placetile") {
      var t = target.getAttribute("data-tile");
      send(target.getAttribute("data-verb") + " " + t, t);
    } else if (target.classList.contains("step")) {
      var out = target.parentNode.querySelector("output");
      out.textContent = String(Math.max(0, parseInt(out.textContent, 10) + parseInt(target.getAttribute("data-step"), 10)));
      stepChanged();
    } else if (target.id === "mindsend") {  // a tile drawn from the bag for the bot seat this phone minds
      var typed = document.getElementById("mindtile").value.trim().toUpperCase();
      if (typed) { send("drew " + target.getAttribute("data-bot") + " " + typed, typed); }
    } else if (target.id === "stepsend") {
      var hit = find(stepMove());
      if (hit) { send(hit.move, hit.label); }
    }
  });
  seat.addEventListener("input", function (event) { if (event.target.id === "tile") { col = row = ""; tileChanged(); } });

  function fresh_() { col = row = ""; armed = null; stepChanged(); }
  fresh_();
  if (!window.EventSource) {
    setTimeout(function () { window.location.reload(); }, 5000);
    return;
  }
  var stream = new EventSource(base + "/events" + lang);
  function held() {  // what is being entered: a tile typed, counts on the steppers
    var ask = seat.querySelector(".ask"), tile = document.getElementById("tile"), counts = [];
    var outs = seat.querySelectorAll(".stepper output");
    for (var i = 0; i < outs.length; i++) { counts.push(outs[i].textContent); }
    return {at: version() + " " + (ask ? ask.getAttribute("data-kind") : ""), tile: tile ? tile.value : "", counts: counts};
  }
  function keep(was) {  // the same decision redrawn (another seat joined, a start tile came in): keep what was entered
    var ask = seat.querySelector(".ask");
    if (was.at !== version() + " " + (ask ? ask.getAttribute("data-kind") : "")) { return; }
    var tile = document.getElementById("tile"), outs = seat.querySelectorAll(".stepper output");
    if (tile && was.tile) { tile.value = was.tile; tileChanged(); }
    if (outs.length === was.counts.length) {
      for (var i = 0; i < outs.length; i++) { outs[i].textContent = was.counts[i]; }
      stepChanged();
    }
  }
  stream.addEventListener("seat", function (event) {
    var was = held();
    seat.innerHTML = event.data;
    fresh_();
    keep(was);
    link.className = "link";
    link.textContent = _("live");
  });
  stream.onopen = function () { link.className = "link"; link.textContent = _("live"); };
  stream.onerror = function () { link.className = "link off"; link.textContent = _("reconnecting..."); };
})();
