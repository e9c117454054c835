"""The version polls, answered before Flask's request cycle (on the server's thread).

Every phone at every table asks `/t|s/<token>/version` once a second, and every spectator
of an event `/p/<token>/version`: most of a hall's requests. The answer is one indexed
read, so this WSGI middleware gives it in the app's context alone, without the request
context, the session, the language, the CSRF check or the after-request hooks (the same
body and headers as the views). Through Flask's request cycle a poll cost 2.84 ms against
0.65 ms here (`scripts/bench_phone.py`, medians of 100 rounds in one run, issue 39): at
400 tables that is 1,600 polls a second, more than the machine's two cores. Anything else,
an unknown link, an event this process has not checked at its version, or a database that
does not answer goes on to Flask, which answers it as usual (the outage page included).
"""

from __future__ import annotations

import re

from flask import Flask

from . import db
from .events import live
from .models import is_token
from .security import HEADERS
from .table.service import VERSION
from .table.views import LINKS

WRITES = {prefix: write for _name, prefix, write in LINKS}  # /t: the players', /s: not
TABLE = re.compile("(" + "|".join(re.escape(p) for p in WRITES) + r")/([^/]+)/version")
EVENT = re.compile(r"/p/([^/]+)/version")
SAID = [
    ("Content-Type", "text/plain; charset=utf-8"),
    ("Cache-Control", "no-store"),
    *HEADERS.items(),
]


class Polls:
    """A WSGI middleware answering the version polls it can (`answer`); the rest go on."""

    def __init__(self, app: Flask, wsgi_app):
        self.app, self.wsgi_app = app, wsgi_app

    def __call__(self, environ, start_response):
        number = None
        if environ.get("REQUEST_METHOD") == "GET":
            number = self.answer(environ.get("PATH_INFO", ""))
        if number is None:
            return self.wsgi_app(environ, start_response)
        body = str(number).encode("ascii")
        start_response("200 OK", [*SAID, ("Content-Length", str(len(body)))])
        return [body]

    def answer(self, path: str) -> int | None:
        """The number a GET of `path` is answered, or None: Flask answers it."""
        table, event = TABLE.fullmatch(path), EVENT.fullmatch(path)
        if not (table and is_token(table[2])) and not (event and is_token(event[1])):
            return None
        try:
            with self.app.app_context():
                if table:
                    statement = VERSION[WRITES[table[1]]]
                    return db.session.execute(statement, {"token": table[2]}).scalar()
                kept = self.app.extensions.get("referee_live")
                h = None if kept is None else live.head(event[1])
                return None if h is None else live.lately(kept, h)
        except Exception:  # noqa: BLE001  (Flask answers it, with its error pages)
            return None


def init_app(app: Flask) -> None:
    app.wsgi_app = Polls(app, app.wsgi_app)
