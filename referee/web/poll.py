"""The version polls, answered before Flask's request cycle.

Every phone at every table asks `/t|s/<token>/version` about once a second, and every
spectator of an event `/p/<token>/version` (`events/poll.py`): in a hall that is most of
the requests. The answer is one indexed read, so these WSGI middlewares answer it straight
from the database, without the request context, the session, the language or the
after-request hooks (the same body and headers as the views). Anything else, an unknown
link, or a database that does not answer (not yet migrated, say) goes on to Flask, which
answers it as usual; a database out of reach is answered here, with the 503 every request
gets then (`outage.py`).

Each poll is kept in the app's list of polls (`POLLS`), and the server answers them in
its event loop, before a thread is asked (`inline`, read by `serve.py`: the hop to a
thread costs ten times the read): on SQLite, whose read is a few microseconds of a local
file, all of them; on a database across a network, those that need no read (an event's
poll within its lag: `events/poll.py`).
"""

from __future__ import annotations

import re
from http import HTTPStatus

from flask import Flask

from . import outage
from .models import is_token
from .security import HEADERS
from .server.connections import autocommit_engine, first_row
from .server.inline import DECLINED, INLINE
from .table.views import LINKS

POLLS = "referee_polls"  # app.extensions: the polls, each with .answer(path)
# the version routes of the table's two links (table/views.py: LINKS), prefix -> write
WRITES = {prefix: write for _name, prefix, write in LINKS}
PATH = re.compile("(" + "|".join(re.escape(p) for p in WRITES) + r")/([^/]+)/version")


# a poll's number: never cached (with the headers every answer carries: `security.HEADERS`)
NUMBER = [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")]


class Poll:
    """A WSGI middleware answering the GETs it knows (`reply`); the rest go on. Asked in
    the server's event loop (`inline.INLINE` in the environ: "io" when it may read the
    database, "memory" when not), the innermost poll declines what none answered
    (`inline.DECLINED`) instead of calling Flask: the threads answer it."""

    def __init__(self, app: Flask, wsgi_app):
        self.app, self.wsgi_app, self.reads = app, wsgi_app, {}
        polls = app.extensions.setdefault(POLLS, [])
        self.innermost = not polls
        polls.append(self)

    def __call__(self, environ, start_response):
        found = None
        inline = environ.get(INLINE)
        if environ.get("REQUEST_METHOD") == "GET":
            try:
                found = self.reply(environ, inline != "memory")
            except outage.UNREACHABLE as e:
                if inline:
                    return DECLINED
                return outage.answer_wsgi(self.app, e, environ, start_response)
        if found is None:
            if inline and self.innermost:
                return DECLINED
            return self.wsgi_app(environ, start_response)
        status, said, body = found
        said = [*said, ("Content-Length", str(len(body))), *HEADERS.items()]
        start_response(f"{status} {HTTPStatus(status).phrase}", said)
        return [body]

    def reply(self, environ, io: bool = True) -> tuple[int, list, bytes] | None:
        """(status, headers, body) for a GET this poll knows, else None (`answer`)."""
        number = self.answer(environ.get("PATH_INFO", ""), io)
        if number is None:
            return None
        body = str(number).encode("ascii")
        return 200, NUMBER, body

    def answer(self, path: str, io: bool = True) -> int | None:
        """The number to answer a GET of `path` with, or None: Flask answers it (`io`
        False: only if no database is asked, else None)."""
        return None

    def read(self, statement, params: dict):
        """`statement`'s first row, or None when it has none or the database does not
        answer (an outage is raised: `outage.UNREACHABLE`)."""
        try:
            run = self.reads.get(statement)
            if run is None:  # compiled once
                engine = autocommit_engine(self.app) or db_engine(self.app)
                run = self.reads[statement] = first_row(engine, statement)
            return run(params)
        except Exception as e:  # noqa: BLE001  (Flask answers it, with its error pages)
            if outage.unreachable(e):
                raise
            return None


class VersionPoll(Poll):
    """The table's poll: `matches.version` by the link's token."""

    def answer(self, path: str, io: bool = True) -> int | None:
        m = io and PATH.fullmatch(path)
        if not m or not is_token(m[2]):
            return None
        from .table.service import VERSION

        found = self.read(VERSION[WRITES[m[1]]], {"token": m[2]})
        return None if found is None else found[0]


def inline(app: Flask) -> str | None:
    """How the server's event loop may ask the polls (`serve.py`): "io" on SQLite (a read
    of a local file), "memory" on a database across a network (which must not stall the
    loop: only what needs no read), None when there are none."""
    if not app.extensions.get(POLLS):
        return None
    return "io" if db_engine(app).dialect.name == "sqlite" else "memory"


def db_engine(app: Flask | None = None):
    from .store import db

    if app is None:
        return db.engine
    with app.app_context():
        return db.engine


def init_app(app: Flask) -> None:
    app.wsgi_app = VersionPoll(app, app.wsgi_app)
