"""What the app needs of the server it runs on, and nothing else does: `asgi` (what
Granian runs, `app.asgi_app`: the request's body read whole in the event loop, the Flask
app on a pool of threads), `threads` (the locks that keep a process's shared memory whole
while its threads read and write it), `network` (this machine's address on the hall's
network). The rest of `referee/web/` is the app's concerns; no module outside this room
imports threading, asyncio, select, socket or psycopg.
"""
