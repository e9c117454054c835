"""The version poll, answered before Flask's request cycle.

Every phone at every table asks `/t|s/<token>/version` about once a second: in a hall that
is most of the requests. The answer is one indexed read of `matches.version`, so this WSGI
middleware answers it straight from the database, without the request context, the
session, the language or the after-request hooks (the same body and headers as the view
in `table/views.py`). Anything else, an unknown link, or a database that does not answer (not
yet migrated, say) goes on to Flask, which answers it as usual; a database out of reach is
answered here, with the 503 every request gets then (`outage.py`).
"""

from __future__ import annotations

import re

from flask import Flask

from . import outage
from .models import is_token
from .security import HEADERS
from .table.views import LINKS

# the version routes of the table's two links (table/views.py: LINKS), prefix -> write
WRITES = {prefix: write for _name, prefix, write in LINKS}
PATH = re.compile("(" + "|".join(re.escape(p) for p in WRITES) + r")/([^/]+)/version")


def plain(number: int, start_response) -> list[bytes]:
    """A poll's answer before Flask: the number alone, never cached, with the headers
    every answer carries (`security.HEADERS`)."""
    body = str(number).encode("ascii")
    start_response(
        "200 OK",
        [
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
            *HEADERS.items(),
        ],
    )
    return [body]


class VersionPoll:
    def __init__(self, app: Flask, wsgi_app):
        self.app, self.wsgi_app, self.engine = app, wsgi_app, None

    def __call__(self, environ, start_response):
        m = environ.get("REQUEST_METHOD") == "GET" and PATH.fullmatch(environ.get("PATH_INFO", ""))
        try:
            version = m and is_token(m[2]) and self.version(WRITES[m[1]], m[2])
        except outage.UNREACHABLE as e:
            return outage.answer_wsgi(self.app, e, environ, start_response)
        if version is None or version is False:
            return self.wsgi_app(environ, start_response)
        return plain(version, start_response)

    def version(self, write: bool, token: str) -> int | None:
        """One indexed read, alone on the wire (autocommit on PostgreSQL: no BEGIN, no
        ROLLBACK; the pooled connection is checked without a round trip)."""
        from .reads import autocommit_engine
        from .table.service import VERSION

        try:
            if self.engine is None:
                with self.app.app_context():
                    self.engine = autocommit_engine(self.app) or db_engine()
            with self.engine.connect() as c:
                return c.execute(VERSION[write], {"token": token}).scalar()
        except Exception as e:  # noqa: BLE001  (Flask answers it, with its error pages)
            if outage.unreachable(e):
                raise
            return None


def db_engine():
    from . import db

    return db.engine


def init_app(app: Flask) -> None:
    app.wsgi_app = VersionPoll(app, app.wsgi_app)
