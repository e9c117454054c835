// The new event form: of the formats' hints (all shown without scripts, each naming its
// format), only the chosen format's stays shown.
(function () {
  "use strict";
  var select = document.getElementById("format");
  if (!select) return;
  function follow() {
    var hints = document.querySelectorAll(".format-hint[data-format]");
    for (var i = 0; i < hints.length; i++) {
      hints[i].hidden = hints[i].getAttribute("data-format") !== select.value;
    }
  }
  select.addEventListener("change", follow);
  follow();
})();
