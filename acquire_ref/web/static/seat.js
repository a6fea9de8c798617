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

  function version() {
    var top = seat.querySelector(".top");
    return top ? parseInt(top.getAttribute("data-version"), 10) : -1;
  }
  function answers() {
    var ask = seat.querySelector(".ask");
    return ask ? JSON.parse(ask.getAttribute("data-answers") || "{}") : {};
  }
  var hide = null;
  function say(text, bad) {  // what was sent and what it did, for 8 seconds (a refusal until the next tap)
    sent.hidden = false;
    sent.textContent = text;
    sent.className = bad ? "sent bad" : "sent";
    clearTimeout(hide);
    if (!bad) { hide = setTimeout(function () { sent.hidden = true; }, 8000); }
  }
  function send(move, what) {
    if (busy) { return; }
    busy = true;
    say("Sending: " + what, false);
    fetch(base + "/move", {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
      body: JSON.stringify({move: move, version: version()})
    }).then(function (r) {
      return r.json().then(function (doc) { return {status: r.status, doc: doc}; });
    }).then(function (res) {
      busy = false;
      if (res.doc.ok) {
        say("Sent: " + what + (res.doc.did ? ". " + res.doc.did : ""), false);
      } else {
        say("Not sent: " + res.doc.error, true);
        // 409: the game moved on; the event stream has brought the page up to date already
      }
    }).catch(function () { busy = false; say("Not sent: the referee can't be reached", true); });
  }

  // the tile in table mode: typed, or tapped on the keys; checked against the legal tiles
  var col = "", row = "";
  function tileChanged() {
    var input = document.getElementById("tile");
    if (!input) { return; }
    var t = input.value.trim().toUpperCase().replace(/\s+/g, " ");
    var m = /^(\d{1,2})([A-J])$/.exec(t), r = /^([A-J])(\d{1,2})$/.exec(t);
    if (m) { t = parseInt(m[1], 10) + m[2]; } else if (r) { t = parseInt(r[2], 10) + r[1]; }
    var tiles = answers().tiles || {};
    var pv = document.getElementById("tilepreview");
    var button = document.getElementById("placetile");
    if (tiles[t] !== undefined) {
      pv.textContent = t + ": " + tiles[t];
      pv.className = "preview";
      button.disabled = false;
      button.textContent = "Place " + t;
      button.setAttribute("data-tile", t);
    } else {
      pv.textContent = t ? t + " can't be placed now: not a playable tile of the board" : "Type or tap the tile you put on the board.";
      pv.className = t ? "preview bad" : "preview";
      button.disabled = true;
      button.textContent = "Place";
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
  function stepChanged() {
    if (!seat.querySelector(".steppers")) { return; }
    var hit = find(stepMove());
    var pv = document.getElementById("steppreview");
    var button = document.getElementById("stepsend");
    pv.textContent = hit ? hit.preview : "not allowed: over the limit, the bank's shares or your cash";
    pv.className = hit ? "preview" : "preview bad";
    button.disabled = !hit;
    button.textContent = hit ? "Send: " + hit.label : "Send";
  }

  seat.addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || target.disabled) { return; }
    if (target.hasAttribute("data-move")) {
      send(target.getAttribute("data-move"), target.querySelector(".label").textContent);
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
      send("place " + t, "place " + t);
    } else if (target.classList.contains("step")) {
      var out = target.parentNode.querySelector("output");
      out.textContent = String(Math.max(0, parseInt(out.textContent, 10) + parseInt(target.getAttribute("data-step"), 10)));
      stepChanged();
    } else if (target.id === "stepsend") {
      var hit = find(stepMove());
      if (hit) { send(hit.move, hit.label); }
    }
  });
  seat.addEventListener("input", function (event) { if (event.target.id === "tile") { col = row = ""; tileChanged(); } });

  function fresh() { col = row = ""; stepChanged(); }
  fresh();
  if (!window.EventSource) {
    setTimeout(function () { window.location.reload(); }, 5000);
    return;
  }
  var stream = new EventSource(base + "/events");
  stream.addEventListener("seat", function (event) {
    seat.innerHTML = event.data;
    fresh();
    link.className = "link";
  });
  stream.onopen = function () { link.className = "link"; };
  stream.onerror = function () { link.className = "link off"; };
})();
