(function () {
  "use strict";
  var live = document.getElementById("live");
  var link = document.getElementById("link");
  if (!window.EventSource) {  // a browser without server-sent events: the whole page, every 5 seconds
    link.textContent = "updated every 5 seconds";
    setTimeout(function () { window.location.reload(); }, 5000);
    return;
  }
  var stream = new EventSource("events");
  stream.addEventListener("board", function (event) {
    live.innerHTML = event.data;
    link.className = "link";
  });
  stream.onopen = function () { link.className = "link"; };
  stream.onerror = function () { link.className = "link off"; };
})();
