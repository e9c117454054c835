"""The version polls, answered before Flask's request cycle.

Every phone at every table asks `/t|s/<token>/version` about once a second, and every
spectator of an event `/p/<token>/version` (`events/poll.py`): in a hall that is most of
the requests. The answer is one indexed read, so these WSGI middlewares answer it straight
from the database, without the request context, the session, the language or the
after-request hooks (the same body and headers as the views). Anything else, an unknown
link, or a database that does not answer (not yet migrated, say) goes on to Flask, which
answers it as usual; a database out of reach is answered here, with the 503 every request
gets then (`outage.py`).

Each poll is kept in the app's list of polls (`POLLS`); on SQLite, whose read is a few
microseconds of a local file, the server answers them in its event loop, before a thread
is asked (`inline`, read by `serve.py`): the hop to a thread costs ten times the read.
"""

from __future__ import annotations

import re

from flask import Flask

from . import outage
from .models import is_token
from .security import HEADERS
from .table.views import LINKS

POLLS = "referee_polls"  # app.extensions: the polls, each with .answer(path)
# the version routes of the table's two links (table/views.py: LINKS), prefix -> write
WRITES = {prefix: write for _name, prefix, write in LINKS}
PATH = re.compile("(" + "|".join(re.escape(p) for p in WRITES) + r")/([^/]+)/version")


def headers(body: bytes) -> list[tuple[str, str]]:
    """A poll's answer's headers: the number alone, never cached, with the headers every
    answer carries (`security.HEADERS`)."""
    return [
        ("Content-Type", "text/plain; charset=utf-8"),
        ("Content-Length", str(len(body))),
        ("Cache-Control", "no-store"),
        *HEADERS.items(),
    ]


def plain(number: int, start_response) -> list[bytes]:
    """A poll's answer before Flask (WSGI)."""
    body = str(number).encode("ascii")
    start_response("200 OK", headers(body))
    return [body]


class Poll:
    """A WSGI middleware answering the GETs whose path `answer` knows; the rest go on."""

    def __init__(self, app: Flask, wsgi_app):
        self.app, self.wsgi_app, self.reads = app, wsgi_app, {}
        app.extensions.setdefault(POLLS, []).append(self)

    def __call__(self, environ, start_response):
        number = None
        if environ.get("REQUEST_METHOD") == "GET":
            try:
                number = self.answer(environ.get("PATH_INFO", ""))
            except outage.UNREACHABLE as e:
                return outage.answer_wsgi(self.app, e, environ, start_response)
        if number is None:
            return self.wsgi_app(environ, start_response)
        return plain(number, start_response)

    def answer(self, path: str) -> int | None:
        """The number to answer a GET of `path` with, or None: Flask answers it."""
        raise NotImplementedError

    def read(self, statement, params: dict):
        """`statement`'s first row, or None when it has none or the database does not
        answer (an outage is raised: `outage.UNREACHABLE`)."""
        try:
            run = self.reads.get(statement)
            if run is None:  # compiled once
                from .reads import first_row

                run = self.reads[statement] = first_row(db_engine(self.app), statement)
            return run(params)
        except Exception as e:  # noqa: BLE001  (Flask answers it, with its error pages)
            if outage.unreachable(e):
                raise
            return None


class VersionPoll(Poll):
    """The table's poll: `matches.version` by the link's token."""

    def answer(self, path: str) -> int | None:
        m = PATH.fullmatch(path)
        if not m or not is_token(m[2]):
            return None
        from .table.service import VERSION

        found = self.read(VERSION[WRITES[m[1]]], {"token": m[2]})
        return None if found is None else found[0]


def inline(app: Flask):
    """The polls as the server's event loop asks them (`serve.py`): a function of a GET's
    path giving (status, headers, body), or None for the threads to answer; None on a
    database other than SQLite (one across a network must not stall the loop)."""
    if db_engine(app).dialect.name != "sqlite":
        return None
    polls = app.extensions.get(POLLS, [])

    def answer(path: str):
        if not path.endswith("/version"):
            return None
        for poll in polls:
            try:
                number = poll.answer(path)
            except Exception:  # noqa: BLE001  (the threads answer it, an outage too)
                return None
            if number is not None:
                body = str(number).encode("ascii")
                return 200, headers(body), body
        return None

    return answer


def db_engine(app: Flask | None = None):
    from . import db

    if app is None:
        return db.engine
    with app.app_context():
        return db.engine


def init_app(app: Flask) -> None:
    app.wsgi_app = VersionPoll(app, app.wsgi_app)
