/* Domino Referee: the table screen without page reloads, and live across phones.
   The table's forms work without this script; with it they are sent with fetch and the
   table the server renders is swapped in (`?fragment=1`, `X-Requested-With: fetch`). No
   rule is decided here. The table's /version is polled about every second (not while the
   tab is hidden; backing off after failures). See docs/frontend.md. */
(function () {
  "use strict";
  var POLL = 1000, MAX_WAIT = 30000, TIMEOUT = 8000;
  var busy = false;  // a request of this phone's is under way
  var failures = 0, timer = 0, generation = 0;

  function root() { return document.getElementById("table"); }
  if (!root() || !window.fetch || !window.URLSearchParams) return;

  // The offline kit (offline.js), loaded once the page is shown: it keeps the moves made
  // without the network (docs/frontend.md, "Offline"). f(kit), or otherwise() without it.
  var me = document.currentScript, kit = null;
  function withKit(f, otherwise) {
    kit = kit || new Promise(function (ok) {
      var s = document.createElement("script"), src = me && me.getAttribute("data-kit");
      if (!src || !window.indexedDB) return ok(null);
      s.src = src;
      s.onload = function () { ok(window.RefereeOffline); };
      s.onerror = function () { kit = null; ok(null); };
      document.head.appendChild(s);
    });
    kit.then(function (k) { if (k && f) f(k); else if (!k && otherwise) otherwise(); });
  }

  function withFragment(url) {
    var u = new URL(url, location.href);
    u.searchParams.set("fragment", "1");
    return u.href;
  }

  function timed(url, options) {
    var ctrl = window.AbortController ? new AbortController() : null;
    var t = setTimeout(function () { if (ctrl) ctrl.abort(); }, TIMEOUT);
    options.credentials = "same-origin";
    options.cache = "no-store";
    if (ctrl) options.signal = ctrl.signal;
    return fetch(url, options).finally(function () { clearTimeout(t); });
  }

  function say(text) {
    var live = document.getElementById("live");
    if (live) live.textContent = text ? text.replace(/\s+/g, " ").trim() : "";
  }

  // Swap in the table the server rendered; `mine`: after this phone's own tap.
  function swap(html, mine, how) {
    var box = document.createElement("div");
    box.innerHTML = html;
    var fresh = box.querySelector("#table");
    var old = root();
    if (!fresh || !old) return false;
    old.parentNode.replaceChild(fresh, old);
    generation++;
    rove();
    var url = new URL(fresh.getAttribute("data-url"), location.href);
    if (mine && fresh.querySelector("#chosen")) {
      url.searchParams.set("tile", fresh.querySelector("#chosen").getAttribute("data-tile"));
    }
    var here = url.pathname + url.search;
    if (how !== "keep") history[how === "push" &&
      here !== location.pathname + location.search ? "pushState" : "replaceState"]({ t: 1 }, "", here);
    var news = fresh.querySelector(mine ? "#refused, #flash, #why-not" : "#last-move, #turn");
    say(news ? news.textContent : "");
    var focus = mine && fresh.querySelector("[data-autofocus]");
    // a refusal said at its form (a wrong PIN, far down the page) is shown where it is
    var refused = mine && fresh.querySelector("#refused");
    if (refused && refused.scrollIntoView) refused.scrollIntoView({ block: "nearest" });
    if (focus) focus.focus({ preventScroll: true });
    withKit(function (k) { k.saw(html); });
    return true;
  }

  function notice(text) {
    var r = root(), p = document.getElementById("net");
    if (!r) return;
    if (!p) {
      p = document.createElement("p");
      p.id = "net";
      p.className = "refused";
      p.setAttribute("role", "alert");
      r.insertBefore(p, r.querySelector("h1").nextSibling);
    }
    p.textContent = text;
  }

  // Send a form (or follow a link) of the table, then swap in what comes back.
  function send(url, options, fallback, body) {
    if (busy) return;
    busy = true;
    var r = root();
    r.setAttribute("aria-busy", "true");
    options.headers = { "X-Requested-With": "fetch" };
    timed(url, options)
      .then(function (res) {
        if (res.status === 503 && /json/.test(res.headers.get("Content-Type") || "")) {
          return res.json().then(function (d) { notice(d.message); });  // nothing recorded
        }
        if (res.headers.get("X-Table-Fragment") !== "1") {  // an error page: show it whole
          busy = false;
          fallback();
          return;
        }
        return res.text().then(function (html) { swap(html, true, options.how); });
      })
      .catch(function () {  // no network: the kit keeps the move, or says so
        withKit(function (k) { k.lost(url, body); }, function () {
          notice("No answer from the referee (is the network down?). Nothing changed on " +
                 "this phone: tap again. A move already recorded is never recorded twice.");
        });
      })
      .finally(function () {
        busy = false;
        var now = root();
        if (now) now.removeAttribute("aria-busy");
      });
  }

  document.addEventListener("submit", function (e) {
    var form = e.target, r = root();
    if (!r || !r.contains(form)) return;
    e.preventDefault();
    var data = new FormData(form), by = e.submitter || pressed;  // (older Safari: no submitter)
    pressed = null;
    if (by && by.name) data.append(by.name, by.value);
    var body = new URLSearchParams(data);
    var action = form.getAttribute("action") || location.pathname;
    if ((form.getAttribute("method") || "get").toLowerCase() === "post") {
      send(action, { method: "POST", body: body }, function () { form.submit(); }, body);
    } else {
      var u = new URL(action, location.href);
      body.forEach(function (v, k) { u.searchParams.set(k, v); });
      send(withFragment(u.href), { method: "GET", how: "push" },
           function () { location.href = u.href; }, body);
    }
  });

  // The yellow places on the layout press the button of the same place.
  function place(target) {
    var g = target.closest && target.closest(".layout .place");
    if (!g) return false;
    var on = g.getAttribute("data-on"), slot = g.getAttribute("data-slot");
    var buttons = document.querySelectorAll("#places button");
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      if (b.getAttribute("data-on") === on &&
          (!b.hasAttribute("data-slot") || b.getAttribute("data-slot") === slot)) {
        b.click();
        return true;
      }
    }
    return false;
  }

  var pressed = null;  // the submit button last pressed, for browsers without e.submitter
  document.addEventListener("click", function (e) {
    var r = root();
    if (!r || !r.contains(e.target)) return;
    var b = e.target.closest && e.target.closest("button");
    pressed = b && b.form ? b : null;
    if (place(e.target)) { e.preventDefault(); return; }
    var a = e.target.closest && e.target.closest("a#cancel");
    if (a && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      send(withFragment(a.href), { method: "GET" }, function () { location.href = a.href; });
    }
  });

  // The tile picker is one tab stop: the arrow keys (and Home, End) move between its
  // tiles (a roving tabindex), so that Tab goes past the 28 to 91 tiles to Draw and Pass.
  // (After every swap; it also shows the hints that need the script or plain HTTP.)
  function rove() {
    var bs = document.querySelectorAll("#picker button"), hint = document.getElementById("keys");
    var on = document.querySelector("#picker button[aria-current]") ||
      document.querySelector("#picker button:not(.no)") || bs[0];
    for (var i = 0; i < bs.length; i++) bs[i].tabIndex = bs[i] === on ? 0 : -1;
    if (hint) hint.hidden = false;
    var plain = document.getElementById("insecure");  // reloading offline needs HTTPS
    if (plain && window.isSecureContext === false) plain.hidden = false;
  }

  function arrow(e) {
    var b = e.target, ul = b.closest && b.closest("#picker");
    if (!ul || b.tagName !== "BUTTON") return false;
    var slots = ul.children, n = slots.length, cols = 1;
    while (cols < n && slots[cols].offsetTop === slots[0].offsetTop) cols++;
    var step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols,
                 Home: 1, End: -1 }[e.key];
    if (!step) return false;
    var j = e.key === "Home" ? 0 : e.key === "End" ? n - 1 :
      Array.prototype.indexOf.call(slots, b.parentNode) + step;
    for (; j >= 0 && j < n; j += step) {
      var next = slots[j].querySelector("button");
      if (next) {
        b.tabIndex = -1;
        next.tabIndex = 0;
        next.focus();
        break;
      }
    }
    return true;
  }

  document.addEventListener("keydown", function (e) {
    if ((e.key === "Enter" || e.key === " ") && place(e.target)) e.preventDefault();
    else if (!e.altKey && !e.ctrlKey && !e.metaKey && arrow(e)) e.preventDefault();
  });
  rove();

  // -- live: poll the table's version ----------------------------------------------------
  function typing() {
    var a = document.activeElement, r = root();
    return a && r && r.contains(a) && /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName) &&
      a.type !== "hidden" && a.type !== "submit";
  }

  function schedule(wait) {
    clearTimeout(timer);
    if (document.hidden) return;  // no polling in a hidden tab; at once when it shows again
    timer = setTimeout(poll, wait === undefined
      ? (failures ? Math.min(POLL * Math.pow(2, failures), MAX_WAIT) : POLL) : wait);
  }

  function poll() {
    var r = root();
    if (!r || document.hidden) return;
    var seen = generation;
    timed(r.getAttribute("data-poll"), { method: "GET" })
      .then(function (res) {
        if (!res.ok) throw new Error(res.status);
        return res.text();
      })
      .then(function (v) {
        if (failures) withKit(function (k) { k.online(); });
        failures = 0;
        var now = root();
        if (busy || seen !== generation || !now || typing() ||
            v.trim() === now.getAttribute("data-version")) return;
        return timed(withFragment(now.getAttribute("data-url")), { method: "GET" })
          .then(function (res) { return res.text(); })
          .then(function (html) { if (!busy && seen === generation) swap(html, false); });
      })
      .catch(function () {
        if (++failures > 1 || !navigator.onLine) withKit(function (k) { k.offline(); });
      })
      .finally(function () { schedule(); });
  }

  // for history.js (Back: docs/frontend.md), the page's next script
  window.refereeSwap = function (html) { swap(html, false, "keep"); };

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) clearTimeout(timer);
    else { failures = 0; schedule(0); }
  });
  window.addEventListener("online", function () { failures = 0; schedule(0); });
  window.addEventListener("pageshow", function (e) { if (e.persisted) schedule(0); });
  document.addEventListener("referee:refresh", function () {  // the kit sent moves
    if (root()) root().setAttribute("data-version", "");
    schedule(0);
  });
  schedule();
  if (document.readyState === "complete") withKit();
  else window.addEventListener("load", function () { withKit(); });
})();
