(function () {
  "use strict";
  // The join page's one script: a tap on a free seat claims it, a joined seat asks for its code;
  // the seat's link the server answers is kept on this phone (and opened at once).
  var said = document.getElementById("said");
  var form = document.getElementById("codeform");
  var code = document.getElementById("code");
  var chosen = null;
  // the page's words: each sentence marked with _() in the page's language (the server puts them in
  // the body's data-words, so this script is the same in every language); {name} fields filled
  var WORDS = JSON.parse(document.body.getAttribute("data-words") || "{}");
  function _(text, fields) {
    return (WORDS[text] || text).replace(/\{(\w+)\}/g, function (all, key) {
      return fields && Object.prototype.hasOwnProperty.call(fields, key) ? String(fields[key]) : all;
    });
  }
  var KEY = "acquire-ref seat";
  var kept = null;
  try { kept = window.localStorage.getItem(KEY); } catch (e) { kept = null; }
  if (kept && /^\/seat\/[A-Za-z0-9_-]+$/.test(kept)) {
    document.getElementById("backlink").setAttribute("href", kept);
    document.getElementById("back").hidden = false;
  }
  function claim(player, withCode) {
    said.textContent = _("Joining as {player}...", {player: player});
    said.className = "preview";
    fetch("/join/claim", {
      method: "POST", credentials: "same-origin", headers: {"Content-Type": "application/json"},
      body: JSON.stringify(withCode ? {player: player, code: withCode} : {player: player})
    }).then(function (r) { return r.json(); }).then(function (doc) {
      if (doc.ok) {
        try { window.localStorage.setItem(KEY, doc.url); } catch (e) { /* the link itself is kept */ }
        window.location.assign(doc.url);
      } else {
        said.textContent = doc.error;
        said.className = "preview bad";
      }
    }).catch(function () { said.textContent = _("The referee can't be reached: try again"); said.className = "preview bad"; });
  }
  document.getElementById("join").addEventListener("click", function (event) {
    var target = event.target.closest("button");
    if (!target || !target.hasAttribute("data-player")) { return; }
    var player = target.getAttribute("data-player");
    if (target.classList.contains("claim")) {
      claim(player, null);
    } else {
      chosen = player;
      document.getElementById("codelabel").textContent = _("{player}'s code (under Yours on {player}'s phone)", {player: player});
      form.hidden = false;
      code.focus();
    }
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (chosen) { claim(chosen, code.value.trim()); }
  });
})();
