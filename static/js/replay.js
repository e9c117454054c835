/* Domino Referee: step through a hand's positions with the ← and → keys or a swipe.
   The page's own links do the same without this script; it only follows them. */
(function () {
  "use strict";
  var box = document.getElementById("replay");
  if (!box) return;
  function go(which) {
    var url = box.getAttribute("data-" + which);
    if (url) location.href = url;
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (e.key === "ArrowLeft") { e.preventDefault(); go("prev"); }
    if (e.key === "ArrowRight") { e.preventDefault(); go("next"); }
  });
  var x0 = null, y0 = null;
  box.addEventListener("touchstart", function (e) {
    if (e.touches.length !== 1) { x0 = null; return; }
    x0 = e.touches[0].clientX; y0 = e.touches[0].clientY;
  }, { passive: true });
  box.addEventListener("touchend", function (e) {
    if (x0 === null) return;
    var t = e.changedTouches[0], dx = t.clientX - x0, dy = t.clientY - y0;
    x0 = null;
    if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) go(dx < 0 ? "next" : "prev");
  }, { passive: true });
})();
