/* Domino Referee: the tiles-left form. A live pip subtotal per player (for display only:
   the settlement is the referee's), a tile ticked for one player dimmed in the others'
   lists, and the ticks kept across a reload (sessionStorage). No rule is decided here. */
(function () {
  "use strict";
  var form = document.getElementById("end-form");
  if (!form) return;
  var key = "left:" + location.pathname + ":" +
    (form.elements.hand ? form.elements.hand.value : "") + ":" +
    (form.elements.after ? form.elements.after.value : "");
  var TILE = /^(\d{1,2})[-|:/](\d{1,2})$/;

  function boxes() { return form.querySelectorAll("input[type=checkbox][name^=left-]"); }

  function typedPips(text) {
    var n = 0, count = 0;
    text.replace(/[\[\],]/g, " ").split(/\s+/).forEach(function (w) {
      var m = TILE.exec(w);
      if (m) { n += +m[1] + +m[2]; count++; }
    });
    return [count, n];
  }

  function update() {
    var sets = form.querySelectorAll("details.left"), taken = {};
    boxes().forEach(function (b) { if (b.checked) taken[b.value] = b.name; });
    for (var i = 0; i < sets.length; i++) {
      var seat = sets[i].getAttribute("data-seat"), out = document.getElementById("left-" + seat + "-sum");
      if (!out) continue;
      var tiles = 0, pips = 0;
      sets[i].querySelectorAll("input[type=checkbox]").forEach(function (b) {
        if (b.checked) { tiles++; pips += +b.getAttribute("data-pips"); }
        var other = taken[b.value] && taken[b.value] !== b.name;
        b.closest("label").classList.toggle("elsewhere", !!other);
      });
      var text = document.getElementById("left-" + seat + "-text");
      if (text) { var t = typedPips(text.value); tiles += t[0]; pips += t[1]; }
      out.textContent = (out.getAttribute("data-format") || "{tiles}: {pips}")
        .replace("{tiles}", tiles).replace("{pips}", pips);
    }
  }

  function save() {
    var state = {};
    boxes().forEach(function (b) { if (b.checked) state[b.id] = 1; });
    form.querySelectorAll("input[type=text][name^=left-]").forEach(function (t) {
      if (t.value) state[t.id] = t.value;
    });
    try { sessionStorage.setItem(key, JSON.stringify(state)); } catch (e) { /* private mode */ }
  }

  function restore() {
    var state = null;
    try { state = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { state = null; }
    if (!state) return;
    var any = false;
    boxes().forEach(function (b) { if (b.checked) any = true; });
    if (any) return;  // the page already shows what was sent (a refused settlement)
    Object.keys(state).forEach(function (id) {
      var el = document.getElementById(id);
      if (!el) return;
      if (el.type === "checkbox") el.checked = true; else el.value = state[id];
      var d = el.closest("details");
      if (d) d.open = true;
    });
  }

  form.addEventListener("change", function () { save(); update(); });
  form.addEventListener("input", function () { save(); update(); });
  restore();
  update();
})();
