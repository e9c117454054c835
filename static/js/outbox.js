/* Domino Referee: the outbox. Moves recorded while the referee cannot be reached wait here,
   in IndexedDB (through idb), in the order they were made, one list per table, until the
   referee judges them. Shared by the page (offline.js) and the service worker (sw.js), which
   both send the list with `flush`. No rule is decided here: the referee judges every move
   as if it had arrived live, and the list stops at the first move it refuses. */
(function (scope) {
  "use strict";
  var DB = "referee-outbox", MOVES = "moves", TABLES = "tables";

  function db() {
    return scope.idb.openDB(DB, 1, {
      upgrade: function (d) {
        var s = d.createObjectStore(MOVES, { keyPath: "id" });
        s.createIndex("table", ["table", "n"]);
        d.createObjectStore(TABLES, { keyPath: "table" });
      }
    });
  }

  function range(table) {
    return IDBKeyRange.bound([table, -Infinity], [table, Infinity]);
  }

  // The moves waiting at a table, oldest first.
  function list(table) {
    return db().then(function (d) { return d.getAllFromIndex(MOVES, "table", range(table)); });
  }

  // Every table with moves waiting (the service worker sends them all).
  function tables() {
    return db().then(function (d) { return d.getAll(MOVES); }).then(function (all) {
      var seen = {};
      all.forEach(function (m) { seen[m.table] = true; });
      return Object.keys(seen);
    });
  }

  function add(move) { return db().then(function (d) { return d.put(MOVES, move); }); }
  function drop(id) { return db().then(function (d) { return d.delete(MOVES, id); }); }

  // The table as this phone last saw it (the fragment the referee rendered), for a reload
  // without the network.
  function keep(table, html, version) {
    return db().then(function (d) {
      return d.put(TABLES, { table: table, html: html, version: version, at: Date.now() });
    });
  }
  function kept(table) { return db().then(function (d) { return d.get(TABLES, table); }); }

  // Send the table's waiting moves in order. Each answer: sent (the referee recorded it, or
  // had already: the same client id is stored once), refused (kept, with the referee's
  // words, and the list stops there), or no network (the list stops, nothing changes).
  // Resolves to {sent, refused, offline}.
  var running = {};
  function flush(table, fetcher) {
    if (running[table]) return running[table];
    var result = { sent: 0, refused: null, offline: false };
    var go = list(table).then(function step(moves) {
      var m = moves.shift();
      if (!m || m.refused) { result.refused = m ? m.refused : null; return result; }
      return (fetcher || scope.fetch)(m.url, {
        method: "POST",
        credentials: "same-origin",
        cache: "no-store",
        headers: { "Content-Type": "application/json", "Accept": "application/json",
                   "X-CSRFToken": m.csrf },
        body: JSON.stringify(m.fields)
      }).then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (answer) {
          if (res.ok) {
            result.sent++;
            return drop(m.id).then(function () { return step(moves); });
          }
          if (res.status >= 500) { result.offline = true; return result; }  // try later
          m.refused = { status: res.status, message: answer.message ||
                        ("The referee refused this move (" + res.status + ")."),
                        rule: answer.rule || null, rule_url: answer.rule_url || null };
          return add(m).then(function () { result.refused = m.refused; return result; });
        });
      }, function () { result.offline = true; return result; });
    }).finally(function () { delete running[table]; });
    running[table] = go;
    return go;
  }

  function newId() {
    if (scope.crypto && scope.crypto.randomUUID) return scope.crypto.randomUUID();
    var a = new Uint8Array(16);
    scope.crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return (b + 256).toString(16).slice(1); })
      .join("");
  }

  scope.RefereeOutbox = { list: list, tables: tables, add: add, drop: drop, keep: keep,
                          kept: kept, flush: flush, newId: newId };
})(self);
