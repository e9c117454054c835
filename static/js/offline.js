/* Domino Referee: the table screen without the network. table.js loads this after the page
   is shown. It registers the service worker (workbox-window), which keeps the app shell and
   the table pages for a reload without the network; it keeps the last table this phone saw
   (IndexedDB), and when a move cannot reach the referee it keeps it in the outbox
   (outbox.js) and lists it as pending: in order, each one takeable back before it is sent.
   Nothing is scored and no rule is decided here: the referee judges the pending moves when
   they arrive, in order; the list stops at a refusal, which the table fixes (drop or change)
   before the rest are sent. See docs/frontend.md, "Offline". */
(function () {
  "use strict";
  var T = {};  // the words, from the page (data-words), so that they follow its language
  var box = null, since = null, timer = 0;

  function root() { return document.getElementById("table"); }
  // What the page says of the table: its link, position, players, turn and layout.
  function info() {
    var r = root(), st = document.getElementById("status");
    if (!r || !st || !r.hasAttribute("data-laid")) return null;
    var path = new URL(r.getAttribute("data-url"), location.href).pathname;
    var rows = [].slice.call(document.querySelectorAll("#players li"));
    var csrf = document.querySelector("#table input[name=csrf_token]");
    return {
      table: path.split("/")[2], outbox: path + "/outbox", csrf: csrf ? csrf.value : "",
      hand: Number(st.getAttribute("data-hand")), after: Number(st.getAttribute("data-after")),
      players: rows.map(function (li) { return li.querySelector(".name").textContent.trim(); }),
      turn: rows.findIndex(function (li) { return li.classList.contains("current"); }),
      laid: r.getAttribute("data-laid").split(" ").filter(Boolean),
      draw: r.getAttribute("data-draw") !== "0", draw_ends_turn: r.getAttribute("data-draw") === "2"
    };
  }

  function word(key, values) {
    var text = T[key] || key;
    Object.keys(values || {}).forEach(function (k) {
      text = text.split("%(" + k + ")s").join(values[k]);
    });
    return text;
  }
  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k]; else e.setAttribute(k, attrs[k]);
    });
    (kids || []).forEach(function (k) { if (k) e.appendChild(k); });
    return e;
  }
  function clock(ms) {
    return new Date(ms).toLocaleTimeString(document.documentElement.lang || undefined,
                                           { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  }

  // -- what the phone holds -----------------------------------------------------------------
  function describe(f, names) {
    var who = names[f.seat] || "?";
    if (f.kind === "pass") return word("%(player)s passes", { player: who });
    if (f.kind === "draw") return word("%(player)s draws", { player: who });
    if (!f.on) return word("%(player)s leads %(tile)s", { player: who, tile: f.tile });
    return word("%(player)s lays %(tile)s on %(on)s", { player: who, tile: f.tile, on: f.on });
  }

  function next(f, n) {  // the player the phone offers next (the referee checks it)
    return f.kind === "draw" && !info().draw_ends_turn ? f.seat : (f.seat + 1) % n;
  }

  // Keep a move for the referee: `fields` as the table's forms send them.
  function queue(fields) {
    var d = info();
    if (!d) return Promise.resolve();
    return RefereeOutbox.list(d.table).then(function (moves) {
      var last = moves[moves.length - 1];
      var f = {
        client_id: RefereeOutbox.newId(), kind: fields.kind, hand: d.hand,
        after: last ? last.fields.after + 1 : d.after, seat: Number(fields.seat),
        tile: fields.tile || null, on: fields.on || null, count: Number(fields.count || 1),
        train: fields.train ? Number(fields.train) : null  // a hub of trains: its number
      };
      return RefereeOutbox.add({
        id: f.client_id, table: d.table, n: Date.now(), url: d.outbox, csrf: d.csrf,
        fields: f, text: describe(f, d.players), at: Date.now(), refused: null
      });
    }).then(function () {
      offline();
      if (navigator.serviceWorker) {  // Background Sync, where the browser has it
        navigator.serviceWorker.ready.then(function (r) {
          if (r.sync) return r.sync.register("referee-outbox");
        }).catch(function () { /* the page sends it itself */ });
      }
      return render(true);
    });
  }

  // -- the screen -----------------------------------------------------------------------------
  // Show the pending moves (and the form, keeping what is being typed in it unless `fresh`).
  function render(fresh) {
    var d = info(), r = root();
    if (!d || !r) return Promise.resolve();
    return RefereeOutbox.list(d.table).then(function (moves) {
      var old = document.getElementById("pending");
      var typed = null, f0 = document.getElementById("offline-form");
      if (f0 && fresh !== true) {
        typed = { seat: f0.elements.seat.value, tile: f0.elements.tile.value,
                  on: f0.elements.on.value, focus: f0.contains(document.activeElement) &&
                  document.activeElement.id };
      }
      if (old) old.remove();
      var banner = document.getElementById("offline");
      if (since && !banner) {
        banner = el("p", { id: "offline", "class": "refused", role: "status" });
        r.insertBefore(banner, r.querySelector("h1").nextSibling);
      }
      if (banner) {
        if (since) banner.textContent = word("Offline since %(time)s.", { time: clock(since) }) +
          " " + word("The table below is as this phone last saw it.");
        else banner.remove();
      }
      if (!moves.length && !since) return;
      var list = el("ol", { id: "pending-list" });
      moves.forEach(function (m, i) {
        var item = el("li", { "data-id": m.id, "class": m.refused ? "refused-move" : "" }, [
          el("span", { "class": "what", text: m.text }),
          el("span", { "class": "hint", text: " · " + (m.refused ? word("refused")
            : word("pending, recorded at %(time)s", { time: clock(m.at) })) })
        ]);
        if (m.refused) {
          var why = el("p", { "class": "refused", role: "alert", text: m.refused.message + " " });
          if (m.refused.rule) {
            why.appendChild(el("a", { "class": "rule", href: m.refused.rule_url || "#",
                                      text: m.refused.rule }));
          }
          item.appendChild(why);
          item.appendChild(el("div", { "class": "buttons" }, [
            el("button", { type: "button", "class": "button secondary", "data-drop": m.id,
                           text: word("Drop this move") }),
            el("button", { type: "button", "class": "button", "data-change": m.id,
                           text: word("Change it") })
          ]));
        } else if (i === moves.length - 1) {
          item.appendChild(el("button", { type: "button", "class": "button secondary",
                                          "data-drop": m.id, text: word("Take back") }));
        }
        list.appendChild(item);
      });
      var section = el("section", { id: "pending", "aria-labelledby": "pending-h" }, [
        el("h2", { id: "pending-h", text: word("Waiting for the referee") }),
        el("p", { "class": "hint", text: word("These moves are kept on this phone. Nothing is " +
          "scored until the referee has judged them: they are sent in order when the network " +
          "returns. The layout shows the table as the referee last judged it.") }),
        moves.length ? list : null,
        form(d, moves)
      ]);
      var status = document.getElementById("status");
      r.insertBefore(section, status ? status.nextSibling : null);
      var f = document.getElementById("offline-form");
      if (f && typed) {
        f.elements.seat.value = typed.seat;
        f.elements.tile.value = typed.tile;
        f.elements.on.value = typed.on;
        if (typed.focus) document.getElementById(typed.focus).focus();
      }
    });
  }

  // The form that records a move without the referee: who, what, which tile, on which.
  function form(d, moves) {
    if (!since || moves.some(function (m) { return m.refused; })) return null;
    var last = moves[moves.length - 1];
    var seat = last ? next(last.fields, d.players.length) : Math.max(d.turn, 0);
    var laid = d.laid.concat(moves.filter(function (m) { return m.fields.tile; })
      .map(function (m) { return m.fields.tile; }));
    var who = el("select", { name: "seat", id: "offline-seat" });
    d.players.forEach(function (p, i) {
      var o = el("option", { value: String(i), text: p });
      if (i === seat) o.selected = true;
      who.appendChild(o);
    });
    var on = el("select", { name: "on", id: "offline-on" });
    on.appendChild(el("option", { value: "", text: laid.length ? "—" : word("the lead") }));
    laid.forEach(function (t) { on.appendChild(el("option", { value: t, text: t })); });
    var f = el("form", { id: "offline-form", "class": "offline-form" }, [
      el("p", {}, [el("label", { "for": "offline-seat", text: word("Player") + " " }), who]),
      el("p", {}, [el("label", { "for": "offline-tile", text: word("Tile") + " " }),
        el("input", { type: "text", name: "tile", id: "offline-tile", size: "6",
                      placeholder: "5-3", autocomplete: "off" }),
        el("label", { "for": "offline-on", text: " " + word("on") + " " }), on]),
      el("div", { "class": "buttons" }, [
        el("button", { type: "submit", name: "kind", value: "play", "class": "button",
                       text: word("Lay it (pending)") }),
        d.draw ? el("button", { type: "submit", name: "kind", value: "draw",
          "class": "button secondary", text: word("Draw (pending)") }) : null,
        el("button", { type: "submit", name: "kind", value: "pass", "class": "button secondary",
                       text: word("Pass (pending)") })
      ])
    ]);
    return f;
  }

  // -- the network ----------------------------------------------------------------------------
  function offline() {
    if (!since) {
      since = Date.now();
      try { sessionStorage.setItem("referee-offline-since", String(since)); } catch (e) { /**/ }
    }
  }

  function online() {
    since = null;
    try { sessionStorage.removeItem("referee-offline-since"); } catch (e) { /**/ }
    return send();
  }

  // Send what waits; afterwards the page fetches the table the referee now has.
  function send() {
    var d = info();
    if (!d) return Promise.resolve();
    return RefereeOutbox.flush(d.table).then(function (r) {
      if (r.offline) offline();
      if (r.sent || r.refused) document.dispatchEvent(new CustomEvent("referee:refresh"));
      return render().then(function () { return r; });
    });
  }

  // The table as this phone last saw it, after a reload without the network.
  function restore() {
    var d = info();
    if (!d) return Promise.resolve();
    return RefereeOutbox.kept(d.table).then(function (k) {
      var r = root();
      if (k && r && k.at > Number(r.getAttribute("data-rendered") || 0) * 1000) {
        var tmp = document.createElement("div");
        tmp.innerHTML = k.html;
        var fresh = tmp.querySelector("#table");
        if (fresh) r.parentNode.replaceChild(fresh, r);
      }
    });
  }

  function saw(html) {
    var d = info();
    if (d) RefereeOutbox.keep(d.table, html, root().getAttribute("data-version"));
    render();
  }

  // A request of the table's that found no network: a move is kept; anything else (a tile
  // chosen, say) opens the form that records a move without the referee.
  var MOVE = /\/(play|draw|pass)$/;
  function lost(url, body) {
    var kind = MOVE.exec(new URL(url, location.href).pathname);
    if (kind && body) {
      return queue({ kind: kind[1], seat: body.get("seat"), tile: body.get("tile"),
                     on: body.get("on"), count: body.get("count"), train: body.get("train") });
    }
    offline();
    return render(true).then(function () {
      var t = document.getElementById("offline-tile");
      if (t && body && body.get("tile")) t.value = body.get("tile");
      if (t) t.focus();
    });
  }

  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-drop], [data-change]");
    if (!b || !document.getElementById("pending").contains(b)) return;
    var id = b.getAttribute("data-drop") || b.getAttribute("data-change");
    var d = info();
    RefereeOutbox.list(d.table).then(function (moves) {
      var i = moves.findIndex(function (m) { return m.id === id; });
      if (i < 0) return;
      var m = moves[i], rest = moves.slice(i + 1);
      // the moves after it follow the table as it is now
      var after = d.after;
      return RefereeOutbox.drop(id).then(function () {
        return Promise.all(rest.map(function (r, k) {
          r.fields.after = after + k; r.refused = null; return RefereeOutbox.add(r);
        }));
      }).then(function () {
        if (b.hasAttribute("data-change")) {
          offline();
          return render(true).then(function () {
            var f = document.getElementById("offline-form");
            if (!f) return;
            f.elements.seat.value = String(m.fields.seat);
            f.elements.tile.value = m.fields.tile || "";
            f.elements.on.value = m.fields.on || "";
            f.elements.tile.focus();
          });
        }
      });
    }).then(function () { return render(!b.hasAttribute("data-change")); })
      .then(function () { if (!since) send(); });
  });

  document.addEventListener("submit", function (e) {
    if (e.target.id !== "offline-form") return;
    e.preventDefault();
    e.stopPropagation();
    var f = e.target, by = e.submitter, kind = by ? by.value : "play";
    var tile = f.elements.tile.value.trim();
    if (kind === "play" && !tile) { f.elements.tile.focus(); return; }  // which tile?
    queue({ kind: kind, seat: f.elements.seat.value, tile: tile, on: f.elements.on.value });
  }, true);

  var me = document.querySelector("script[data-kit]");
  function start() {
    var css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = new URL("../static/offline.css", new URL(me.getAttribute("data-kit"), location.href)).href;
    document.head.appendChild(css);
    fetch(me.getAttribute("data-words"), { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (w) { T = w; render(); }, function () { /* English, then */ });
    try { since = Number(sessionStorage.getItem("referee-offline-since")) || null; }
    catch (e) { since = null; }
    if (!navigator.onLine) offline();
    if ("serviceWorker" in navigator && window.workbox) {
      var wb = new window.workbox.Workbox(me.getAttribute("data-sw"));
      wb.register().catch(function () { /* no service worker: the page still works */ });
    }
    (since ? restore() : Promise.resolve()).then(render).then(function () {
      if (navigator.onLine) send();  // every page load: not every browser wakes the worker
    });
    clearInterval(timer);
    timer = setInterval(function () { if (navigator.onLine) send(); }, 5000);
  }

  window.addEventListener("online", function () { online(); });
  window.addEventListener("offline", function () { offline(); render(); });
  window.RefereeOffline = { lost: lost, saw: saw, online: online, word: word,
    offline: function () { offline(); return render(); }, render: render };
  start();
})();
