/* Domino Referee: an event's public page and TV mode, live. The page works without this
   script (reload it); with it, the event's version is polled every second at one route
   for the public page and the TV alike (data-poll) and, when it changes, the standings
   and tables the server renders (`?fragment=1`) are swapped in.
   In TV mode (body.tv) the screen shows the standings and the live tables in turn. */
(function () {
  "use strict";
  var POLL = 1000, CYCLE = 12000, MAX_WAIT = 30000;
  var box = document.getElementById("event");
  if (!box || !window.fetch) return;
  var base = box.getAttribute("data-url"), pollUrl = box.getAttribute("data-poll");
  var failures = 0;

  function get(url) {
    return fetch(url, { credentials: "same-origin", cache: "no-store" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    });
  }

  function refresh() {
    return get(base + "?fragment=1").then(function (html) {
      var holder = document.createElement("div");
      holder.innerHTML = html;
      var fresh = holder.querySelector("#event");
      var old = document.getElementById("event");
      if (fresh && old) {
        old.parentNode.replaceChild(fresh, old);
        show();
      }
    });
  }

  function poll() {
    if (document.hidden) { setTimeout(poll, POLL); return; }
    get(pollUrl).then(function (v) {
      failures = 0;
      var current = document.getElementById("event").getAttribute("data-version");
      return v.trim() !== current ? refresh() : null;
    }).catch(function () { failures++; }).then(function () {
      setTimeout(poll, Math.min(POLL * Math.pow(2, failures), MAX_WAIT));
    });
  }

  // TV mode: standings and tables in turn.
  var tv = document.body.classList.contains("tv"), showing = "standings";
  function show() {
    if (!tv) return;
    var s = document.getElementById("standings"), t = document.getElementById("tables");
    if (s) s.hidden = showing !== "standings";
    if (t) t.hidden = showing !== "tables";
  }
  if (tv) {
    show();
    setInterval(function () {
      showing = showing === "standings" ? "tables" : "standings";
      show();
    }, CYCLE);
  }
  setTimeout(poll, POLL);
})();
