/* Domino Referee: the table's history (the table page's second script, run after
   table.js, whose window.refereeSwap it uses). Choosing a tile pushes an
   entry, so Back un-chooses it (the table at the URL Back leads to is fetched and swapped
   in); a table reached from the start or import form gets a guard entry under it, so Back
   leads home, never into the form that made the match. See docs/frontend.md. */
(function () {
  "use strict";
  window.addEventListener("popstate", function (e) {
    if (e.state && e.state.g) return location.replace("/");
    if (!document.getElementById("table")) return;
    var u = new URL(location.href);
    u.searchParams.set("fragment", "1");
    fetch(u.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (res) { return res.text(); })
      .then(function (html) { window.refereeSwap(html); }, function () { location.reload(); });
  });
  if (!history.state) {
    var from = document.referrer.indexOf(location.origin) === 0 ?
      document.referrer.slice(location.origin.length) : "";
    if (/^\/(new\/|import)/.test(from)) history.replaceState({ g: 1 }, "");
    history[history.state ? "pushState" : "replaceState"]({ t: 1 }, "");
  }
})();
