/* Domino Referee: the start form follows the number of players as it is chosen. Every
   name field the variant may need is on the page; those past the count are hidden and
   disabled (so not sent), and the texts that depend on the count (the set, the pairs)
   carry the counts they belong to in data-counts. Without this script the "Change"
   button does the same through the server, keeping the names typed. */
(function () {
  "use strict";
  var form = document.getElementById("start-form");
  var select = document.getElementById("count");
  if (!form || !select) return;

  var change = document.getElementById("change-count");
  if (change) change.parentNode.removeChild(change);  // not hidden: Enter must start the match

  function follow() {
    var n = parseInt(select.value, 10);
    var seats = form.querySelectorAll("[data-seat]");
    for (var i = 0; i < seats.length; i++) {
      var on = parseInt(seats[i].getAttribute("data-seat"), 10) < n;
      seats[i].hidden = !on;
      var inputs = seats[i].querySelectorAll("input");
      for (var j = 0; j < inputs.length; j++) inputs[j].disabled = !on;
    }
    var parts = form.querySelectorAll("[data-counts]");
    for (var k = 0; k < parts.length; k++) {
      parts[k].hidden = parts[k].getAttribute("data-counts").split(" ").indexOf(String(n)) < 0;
    }
  }

  select.addEventListener("change", follow);
  window.addEventListener("pageshow", follow);  // a count the browser restored (Back)
  follow();
})();
