"""The server's room: what runs the app in a hall, beside the app's own concerns; the only
modules of the web side that touch threads, the event loop, sockets or the driver:

- `serve`: the app as `scripts/run.sh` serves it (Granian's event loop holds slow clients,
  a pool of threads runs the app on complete requests; Granian's factory is `app.asgi_app`),
  and this machine's address on its network; `inline`: what the loop and the app say to
  each other of the polls answered in the loop;
- `cache`: what a process keeps of a thing at a version, shared by its threads (and its
  files, by the host's processes), and a lock per thing being made;
- `connections`: a pooled PostgreSQL connection checked without a round trip, the
  requests' reads in autocommit on a connection each thread keeps, the polls' reads;
- `inflight`: a move's statement sent to PostgreSQL and answered while the page renders.

Each says in its docstring what it buys and what measured it (docs/performance.md).
"""
