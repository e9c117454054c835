"""The server's room: what runs the app in a hall, beside the app's own concerns. The
only modules of the web side that touch threads, the event loop or sockets:

- `serve`: the app as `scripts/run.sh` serves it (Granian's event loop holds slow clients,
  a pool of threads runs the app on complete requests), with `inline`, what the loop and
  the app say to each other of the polls answered in the loop;
- `cache`: what a process keeps of a thing at a version, shared by its threads (and its
  files, by the host's processes), and a lock per thing being made;
- `connections`: a pooled PostgreSQL connection checked before use without a round trip;
- `address`: this machine's address on its network, for the links phones are given.
"""
