/* Domino Referee's service worker (served at /sw.js, scope /): keeps the app shell and the
   table pages for a reload without the network, and sends the outbox when the browser says
   the network is back (Background Sync, where the browser has it; the page also sends it on
   every load and when it comes back online). Workbox and idb are served by the app. */
/* version {{ version }} */
importScripts({{ workbox_sw|tojson }});
workbox.setConfig({ modulePathPrefix: {{ modules|tojson }}, debug: false });
importScripts({{ idb|tojson }}, {{ outbox|tojson }});

workbox.core.skipWaiting();
workbox.core.clientsClaim();

// The app shell: the stylesheet and the scripts, under digest URLs that never change;
// other static files are served as kept and refreshed behind.
workbox.precaching.precacheAndRoute({{ precache|tojson }});
function here(o) { return o.url.origin === self.location.origin; }
workbox.routing.registerRoute(
  function (o) { return here(o) && o.url.pathname.indexOf("/static/") === 0 && o.url.searchParams.has("v"); },
  new workbox.strategies.CacheFirst({ cacheName: "referee-static" })
);
workbox.routing.registerRoute(
  function (o) { return here(o) && o.url.pathname.indexOf("/static/") === 0; },
  new workbox.strategies.StaleWhileRevalidate({ cacheName: "referee-static-latest" })
);

// A table page: from the referee when it answers within 10 s, else as last kept.
var TABLE = /^\/[ts]\/[A-Za-z0-9_-]+$/;
workbox.routing.registerRoute(
  function (o) { return o.request.mode === "navigate" && TABLE.test(o.url.pathname); },
  new workbox.strategies.NetworkFirst({
    cacheName: "referee-tables", networkTimeoutSeconds: 10, matchOptions: { ignoreSearch: true }
  })
);

// The page that installed the worker was loaded before it, so the route above never saw
// it: keep every table page open now, so that a reload without the network works after
// the first visit already. A page that cannot be fetched now is kept at its next load.
self.addEventListener("activate", function (e) {
  e.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then(function (open) {
      return caches.open("referee-tables").then(function (cache) {
        return Promise.all(open.map(function (c) {
          var u = new URL(c.url);
          if (u.origin !== self.location.origin || !TABLE.test(u.pathname)) return null;
          return cache.add(u.origin + u.pathname).catch(function () { return null; });
        }));
      });
    }).catch(function () { return null; }));
});

// offline.js's words, in the language the phone last asked for.
workbox.routing.registerRoute(
  function (o) { return o.url.pathname === "/offline/words.json"; },
  new workbox.strategies.StaleWhileRevalidate({ cacheName: "referee-words" })
);

self.addEventListener("sync", function (e) {
  if (e.tag !== "referee-outbox") return;
  // An open table page sends its outbox itself; the worker sends it only for closed ones,
  // so that one list is never sent by two senders at once.
  e.waitUntil(self.clients.matchAll({ type: "window" }).then(function (open) {
    if (open.length) return null;
    return RefereeOutbox.tables().then(function (tables) {
      return Promise.all(tables.map(function (t) { return RefereeOutbox.flush(t); }));
    }).then(function (results) {
      if (results.some(function (r) { return r.offline; })) throw new Error("still offline");
    });
  }));
});
