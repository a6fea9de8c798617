(function () {
  "use strict";
  // The post-game review's one script: it draws one step of the review document (the JSON block
  // "review-data") at a time, with buttons, a slider and keys to move through the game, and a chart
  // of every player's net worth with the current step marked. Every text is put in as text
  // (textContent), never as markup. On the page that serve gives (data-live), it follows the game:
  // each board event of /events fetches /review.json again.
  var data = JSON.parse(document.getElementById("review-data").textContent);
  var byLetter = {};
  var step = data.steps.length - 1;
  var SVG = "http://www.w3.org/2000/svg";
  var LINES = ["#ffd34d", "#5ab0ff", "#ff6f91", "#6be38f", "#c792ff", "#ff9f43"];
  var $ = function (id) { return document.getElementById(id); };
  // the page's words: each sentence marked with _() in the page's language (the page puts them in
  // the body's data-words, so this script is the same in every language); {name} fields filled
  var WORDS = JSON.parse(document.body.getAttribute("data-words") || "{}");
  function _(text, fields) {
    return (WORDS[text] || text).replace(/\{(\w+)\}/g, function (all, key) {
      return fields && Object.prototype.hasOwnProperty.call(fields, key) ? String(fields[key]) : all;
    });
  }

  function index() {
    byLetter = {};
    data.chains.forEach(function (c) { byLetter[c.letter] = c; });
  }

  function money(n) {  // whole dollars as the page's language writes them ($6,000, 6.000 $, 6 000 $)
    var how = WORDS["$money"] || ["$", ",", ""];
    return (n < 0 ? "-" : "") + how[0] + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, how[1]) + how[2];
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }

  function chip(name) {
    var c = data.chains.filter(function (x) { return x.name === name; })[0];
    var e = el("span", "chip", c ? c.letter : name);
    if (c) { e.style.background = c.colour; e.style.color = c.ink; e.title = c.name; }
    return e;
  }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function drawBoard(s) {
    var board = $("board");
    clear(board);
    board.appendChild(el("div", "head"));
    var columns = s.board.length ? s.board[0].length : 12;
    board.style.setProperty("--columns", columns);
    for (var col = 1; col <= columns; col++) { board.appendChild(el("div", "head colhead", col)); }
    s.board.forEach(function (row, r) {
      var letter = "ABCDEFGHIJ".charAt(r);
      board.appendChild(el("div", "head", letter));
      row.forEach(function (mark, c) {
        var tile = (c + 1) + letter;
        var cell = el("div", "cell");
        cell.setAttribute("data-tile", tile);
        cell.setAttribute("data-mark", mark);
        cell.setAttribute("role", "gridcell");
        if (mark === ".") {
          cell.className += " empty"; cell.textContent = tile;
        } else if (mark === "o") {
          cell.className += " lone"; cell.textContent = tile; cell.title = _("{tile}: lone tile", {tile: tile});
        } else {
          var ch = byLetter[mark];
          cell.className += " chain"; cell.textContent = mark;
          if (ch) { cell.style.background = ch.colour; cell.style.color = ch.ink; cell.title = _("{tile}: {chain}", {tile: tile, chain: ch.name}); }
        }
        if (tile === s.last) { cell.className += " last"; }
        board.appendChild(cell);
      });
    });
  }

  function drawMove(s) {
    var at = {n: s.n, turn: s.turn, player: s.player, move: s.move};
    var words = s.move === null ? _("The setup: no move yet.") :
      s.turn && s.player ? _("Move {n}, turn {turn}, {player}: {move}", at) :
      s.player ? _("Move {n}, {player}: {move}", at) : s.turn ? _("Move {n}, turn {turn}: {move}", at) : _("Move {n}: {move}", at);
    $("words").textContent = words;
    var did = $("did");
    clear(did);
    $("said").textContent = s.words || "";
    s.did.forEach(function (line) { did.appendChild(el("li", null, line)); });
    var banner = $("banner");
    clear(banner);
    banner.hidden = !s.banner;
    if (s.banner) {
      var b = s.banner;
      banner.appendChild(el("h2", null, b.headline));
      b.defunct.forEach(function (d) {
        var paid = d.nobody ? _("no shareholder, no bonus") :
          d.bonuses.map(function (x) { return x.player + " " + x.amount + " (" + x.why + ")"; }).join("; ");
        var p = el("p", null, _("{chain} ({size} tiles, {price} a share): {paid}",
          {chain: d.chain, size: d.size, price: d.price, paid: paid}));
        banner.appendChild(p);
      });
      b.disposals.forEach(function (t) { banner.appendChild(el("p", "disposal", t)); });
      if (b.result) { banner.appendChild(el("p", "resultline", b.result)); }
    }
  }

  function drawTables(s) {
    $("pending").textContent = s.pending;
    var chains = $("chains").tBodies[0];
    clear(chains);
    var names = Object.keys(s.chains);
    if (!names.length) {
      var none = el("tr"); var td = el("td", "note", _("no chain on the board")); td.colSpan = 4;
      none.appendChild(td); chains.appendChild(none);
    }
    names.forEach(function (name) {
      var c = s.chains[name];
      var tr = el("tr");
      tr.setAttribute("data-chain", name);
      var cell = el("td", "name");
      cell.appendChild(chip(name));
      cell.appendChild(document.createTextNode(name));
      if (c.safe) { cell.appendChild(el("span", "safe", _("safe"))); }
      tr.appendChild(cell);
      tr.appendChild(el("td", "num size", c.size));
      tr.appendChild(el("td", "num price", money(c.price)));
      // while holdings are hidden and the game goes on, past steps carry no bank count (R10.1)
      var bank = c.bank === null ? el("td", "num bank hidden", "\u2013") : el("td", "num bank", c.bank);
      if (c.bank === null) { bank.title = _("while holdings are hidden, the bank's shares are shown at the last move only"); }
      tr.appendChild(bank);
      chains.appendChild(tr);
    });
    var players = $("players").tBodies[0];
    clear(players);
    s.players.forEach(function (p) {
      var tr = el("tr", p.name === s.player ? "current" : "");
      tr.setAttribute("data-player", p.name);
      tr.appendChild(el("td", "name", p.name));
      if (p.cash === null) {
        tr.appendChild(el("td", "num cash hidden", _("hidden")));
        tr.appendChild(el("td", "shares hidden", _("hidden")));
      } else {
        tr.appendChild(el("td", "num cash", money(p.cash)));
        var sh = el("td", "shares");
        Object.keys(p.shares).forEach(function (c) {
          var span = el("span", "holding");
          span.setAttribute("data-chain", c);
          span.setAttribute("data-count", String(p.shares[c]));
          span.appendChild(chip(c));
          span.appendChild(document.createTextNode(p.shares[c] + " "));
          sh.appendChild(span);
        });
        tr.appendChild(sh);
      }
      tr.appendChild(el("td", "num rack", p.rack));
      players.appendChild(tr);
    });
    $("hiddennote").hidden = s.shown;
  }

  function drawChart(s) {
    var fig = $("chart");
    var old = fig.querySelector("svg"); if (old) { fig.removeChild(old); }
    var oldKey = fig.querySelector(".legend"); if (oldKey) { fig.removeChild(oldKey); }
    fig.hidden = !data.worth.length;
    if (!data.worth.length) { return; }
    var W = 640, H = 240, L = 62, R = 12, T = 12, B = 28;
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", _("every player's money after each turn if the game had ended then"));
    var turns = data.worth.map(function (w) { return w.turn; });
    var top = 0;
    data.worth.forEach(function (w) { data.players.forEach(function (p) { top = Math.max(top, w.worth[p] || 0); }); });
    top = Math.max(1000, Math.ceil(top / 5000) * 5000);
    var first = turns[0], lastTurn = turns[turns.length - 1];
    var x = function (t) { return L + (lastTurn === first ? 0 : (t - first) / (lastTurn - first)) * (W - L - R); };
    var y = function (v) { return T + (1 - v / top) * (H - T - B); };
    function add(tag, attrs, text) {
      var e = document.createElementNS(SVG, tag);
      Object.keys(attrs).forEach(function (k) { e.setAttribute(k, String(attrs[k])); });
      if (text !== undefined) { e.textContent = text; }
      svg.appendChild(e);
      return e;
    }
    for (var g = 0; g <= 5; g++) {
      var v = top * g / 5;
      add("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#343844", "stroke-width": 1 });
      add("text", { x: L - 6, y: y(v) + 4, fill: "#a9adb8", "font-size": 11, "text-anchor": "end" }, money(v));
    }
    var every = Math.max(1, Math.ceil(turns.length / 14));
    turns.forEach(function (t, i) {
      if (i % every === 0 || i === turns.length - 1) {
        add("text", { x: x(t), y: H - 10, fill: "#a9adb8", "font-size": 11, "text-anchor": "middle" }, String(t));
      }
    });
    data.players.forEach(function (p, i) {
      var pts = data.worth.map(function (w) { return x(w.turn).toFixed(1) + "," + y(w.worth[p] || 0).toFixed(1); });
      var line = add("polyline", { points: pts.join(" "), fill: "none", stroke: LINES[i % LINES.length], "stroke-width": 2.5,
        "stroke-linejoin": "round" });
      line.setAttribute("data-player", p);
    });
    var at = s.chart;  // the last turn finished at this step
    if (at !== null) {
      var mark = add("line", { x1: x(at), x2: x(at), y1: T, y2: H - B, stroke: "#ffffff", "stroke-width": 2,
        "stroke-dasharray": "4 3" });
      mark.setAttribute("class", "marker");
      mark.setAttribute("data-turn", String(at));
    }
    fig.appendChild(svg);
    var legend = el("div", "legend");
    data.players.forEach(function (p, i) {
      var item = el("span");
      var key = el("span", "key"); key.style.background = LINES[i % LINES.length];
      item.appendChild(key);
      var w = at === null ? null : data.worth.filter(function (x) { return x.turn === at; })[0];
      item.appendChild(document.createTextNode(p + (w ? " " + money(w.worth[p] || 0) : "")));
      legend.appendChild(item);
    });
    fig.appendChild(legend);
  }

  function mergers() { return data.steps.filter(function (s) { return s.merger; }).map(function (s) { return s.n; }); }

  function show(n) {
    step = Math.max(0, Math.min(data.steps.length - 1, n));
    var s = data.steps[step];
    drawBoard(s); drawMove(s); drawTables(s); drawChart(s);
    var slider = $("slider");
    slider.max = String(data.steps.length - 1);
    slider.value = String(step);
    var where = {step: step, last: data.steps.length - 1, turn: s.turn};
    $("where").textContent = s.turn ? _("move {step} of {last}, turn {turn}", where) : _("move {step} of {last}", where);
    var ms = mergers();
    $("first").disabled = $("prev").disabled = step === 0;
    $("last").disabled = $("next").disabled = step === data.steps.length - 1;
    $("prevmerger").disabled = !ms.some(function (m) { return m < step; });
    $("nextmerger").disabled = !ms.some(function (m) { return m > step; });
    document.body.setAttribute("data-step", String(step));
    $("result").textContent = data.result || "";
    var ol = $("standings");
    clear(ol);
    (data.standings || []).forEach(function (r) {
      var li = el("li", null, r.rank + ". " + r.player + " " + money(r.cash));
      li.setAttribute("data-player", r.player);
      ol.appendChild(li);
    });
  }

  function merger(dir) {
    var ms = mergers();
    var to = dir > 0 ? ms.filter(function (m) { return m > step; })[0] : ms.filter(function (m) { return m < step; }).pop();
    if (to !== undefined) { show(to); }
  }

  $("first").addEventListener("click", function () { show(0); });
  $("prev").addEventListener("click", function () { show(step - 1); });
  $("next").addEventListener("click", function () { show(step + 1); });
  $("last").addEventListener("click", function () { show(data.steps.length - 1); });
  $("prevmerger").addEventListener("click", function () { merger(-1); });
  $("nextmerger").addEventListener("click", function () { merger(1); });
  $("slider").addEventListener("input", function () { show(parseInt($("slider").value, 10)); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.target === $("slider") && (e.key === "ArrowLeft" || e.key === "ArrowRight")) { return; }  // the slider moves itself
    var keys = { ArrowLeft: function () { show(step - 1); }, ArrowRight: function () { show(step + 1); },
      Home: function () { show(0); }, End: function () { show(data.steps.length - 1); },
      PageUp: function () { merger(-1); }, PageDown: function () { merger(1); } };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });

  function follow() {  // the page serve gives: new moves appear as they are made
    if (!document.body.hasAttribute("data-live") || !window.EventSource) { return; }
    var source = new EventSource("/events");
    source.addEventListener("board", function () {
      fetch("/review.json", { cache: "no-store" }).then(function (r) { return r.ok ? r.json() : null; }).then(function (doc) {
        if (!doc || !doc.steps) { return; }
        var atEnd = step === data.steps.length - 1;
        data = doc; index();
        show(atEnd ? data.steps.length - 1 : step);
      }).catch(function () { /* the next event tries again */ });
    });
  }

  index();
  show(step);
  follow();
}());
