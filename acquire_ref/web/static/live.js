(function () {
  "use strict";
  // The live board's one script: each board event carries the part of the page that changes;
  // the page is updated in place (only what differs), a merger's banner comes over the board
  // once per merger, and the page is kept inside the screen (a TV cannot scroll).
  var live = document.getElementById("live");
  var link = document.getElementById("link");
  var SHOW = 45000;  // milliseconds a merger's banner stays over the board, at most
  var seen = {};     // the mergers (by the move that made them) this page has shown or passed
  var showing = null;
  // the page's words: each sentence marked with _() in the page's language (the server puts them in
  // the body's data-words, so this script is the same in every language); {name} fields filled
  var WORDS = JSON.parse(document.body.getAttribute("data-words") || "{}");
  function _(text, fields) {
    return (WORDS[text] || text).replace(/\{(\w+)\}/g, function (all, key) {
      return fields && Object.prototype.hasOwnProperty.call(fields, key) ? String(fields[key]) : all;
    });
  }

  function fit() {  // shrink everything a little when something long would spill off the screen
    var root = document.documentElement, f = 1;
    root.style.setProperty("--fit", "1");
    while (f > 0.55 && (root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth)) {
      f -= 0.03;
      root.style.setProperty("--fit", f.toFixed(2));
    }
  }

  function banners(opening) {
    var banner = live.querySelector(".banner");
    var layout = live.querySelector(".layout");
    var turn = layout ? layout.getAttribute("data-turn") : null;
    if (banner) {
      var move = banner.getAttribute("data-move");
      if (!seen[move]) {
        seen[move] = true;
        if (!opening) {  // it happened while this page looked: show it, once
          showing = move;
          setTimeout(function () { if (showing === move) { showing = null; banners(false); } }, SHOW);
        }
      }
      if (showing === move && banner.getAttribute("data-turn") === turn) {
        banner.classList.add("show");
      } else {
        if (showing === move) { showing = null; }
        banner.classList.remove("show");
      }
    } else {
      showing = null;
    }
  }

  function morph(old, now) {  // make the node `old` like `now`, touching only what differs
    if (old.nodeType !== now.nodeType || old.nodeName !== now.nodeName) {
      old.parentNode.replaceChild(now, old);
      return;
    }
    if (old.nodeType !== 1) {
      if (old.nodeValue !== now.nodeValue) { old.nodeValue = now.nodeValue; }
      return;
    }
    var i, a;
    for (i = 0; i < now.attributes.length; i++) {
      a = now.attributes[i];
      if (old.getAttribute(a.name) !== a.value) { old.setAttribute(a.name, a.value); }
    }
    for (i = old.attributes.length - 1; i >= 0; i--) {
      a = old.attributes[i];
      if (!now.hasAttribute(a.name)) { old.removeAttribute(a.name); }
    }
    children(old, now);
  }

  function children(old, now) {
    var next = Array.prototype.slice.call(now.childNodes);
    for (var i = 0; i < next.length; i++) {
      if (i < old.childNodes.length) { morph(old.childNodes[i], next[i]); } else { old.appendChild(next[i]); }
    }
    while (old.childNodes.length > next.length) { old.removeChild(old.lastChild); }
  }

  banners(true);
  fit();
  window.addEventListener("resize", fit);
  if (!window.EventSource) {  // a browser without server-sent events: the whole page, every 5 seconds
    link.textContent = _("updated every 5 seconds");
    setTimeout(function () { window.location.reload(); }, 5000);
    return;
  }
  var stream = new EventSource("events");
  stream.addEventListener("board", function (event) {
    var fresh = document.createElement("template");
    fresh.innerHTML = event.data;
    children(live, fresh.content);
    banners(false);
    fit();
    link.className = "link";
    link.textContent = _("live");
  });
  stream.onopen = function () { link.className = "link"; link.textContent = _("live"); };
  stream.onerror = function () { link.className = "link off"; link.textContent = _("live: reconnecting"); };
})();
