(function () {
  "use strict";
  var live = document.getElementById("live");
  var link = document.getElementById("link");
  if (!window.EventSource) { link.textContent = "no live updates in this browser: reload to update"; return; }
  var stream = new EventSource("events");
  stream.addEventListener("board", function (event) {
    live.innerHTML = event.data;
    link.className = "link";
  });
  stream.onopen = function () { link.className = "link"; };
  stream.onerror = function () { link.className = "link off"; };
})();
