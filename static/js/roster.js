// Picking an event's entrants from the roster: a name chosen (or typed) in the roster
// field is added as a line of the entrants' list. Without scripts the field is sent as
// it is and the server adds it to the list (referee/web/events/views.py: new).
"use strict";
(function () {
  function add(input) {
    var list = document.getElementById(input.getAttribute("data-roster-add"));
    var name = input.value.trim();
    if (!list || !name) return;
    var text = list.value.replace(/\s+$/, "");
    list.value = (text ? text + "\n" : "") + name + "\n";
    input.value = "";
  }
  document.querySelectorAll("[data-roster-add]").forEach(function (input) {
    var options = document.getElementById(input.getAttribute("list"));
    input.addEventListener("keydown", function (e) {
      if (e.key === "Enter") {
        e.preventDefault();
        add(input);
      }
    });
    input.addEventListener("change", function () {
      // a name picked from the list is added at once; a typed one on Enter or the button
      if (!options) return;
      for (var i = 0; i < options.options.length; i++) {
        if (options.options[i].value === input.value) return add(input);
      }
    });
    var button = document.getElementById(input.id + "-add");
    if (button) {
      button.hidden = false;
      button.addEventListener("click", function () { add(input); });
    }
  });
})();
