"""When the database cannot be reached (PostgreSQL stopped, its host gone, SQLite's file
out of reach): every request answers 503 with a sentence in the reader's language that
says so and that nothing was recorded, instead of a bare 500; the log says it once.

- Pages get the error page (HTML). The table's script (`X-Requested-With: fetch`,
  `?fragment=1`), the offline outbox (JSON) and the version polls get JSON:
  `{"error": "database", "message": ...}`, which `static/js/table.js` shows on the
  table; the outbox keeps its moves and tries again (any 5xx).
- The version poll is answered before Flask's request cycle (`poll.py`): it asks
  `answer_wsgi` for the same answer.
- The log: one line when a process first finds the database out of reach (no
  traceback), and one when a new connection to it succeeds again. Each worker process
  notices on its own (threads that find it at the same moment may each say it), so a
  server of N workers writes about N pairs per outage.
"""

from __future__ import annotations

from flask import Flask, current_app, g, jsonify, render_template, request
from flask_babel import gettext as _
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from .security import HEADERS
from .server.connections import autocommit_engine
from .store import db

RETRY_AFTER = "30"  # seconds


class Watch:
    """Whether this app (in this process) has found the database out of reach, and said
    so in the log; kept in `app.extensions["referee_outage"]`."""

    def __init__(self, logger):
        self.logger, self.down = logger, False

    def noted(self, exc: BaseException) -> None:
        """Log the outage, once until the database answers again (threads that find it at
        the same moment may each say it)."""
        if self.down:
            return
        self.down = True
        self.logger.error(
            "The database cannot be reached (%s): answering 503 until it answers again.",
            _reason(exc),
        )

    def recovered(self) -> None:
        """A new connection to the database has been made: log it if it was out of reach."""
        if not self.down:
            return
        self.down = False
        self.logger.warning("The database answers again.")


UNREACHABLE = (OperationalError, InterfaceError)  # the errors whose handler looks closer
_SQLITE_OUT_OF_REACH = ("unable to open", "database is locked", "disk i/o")


def unreachable(exc: BaseException) -> bool:
    """Whether `exc` says the database cannot be reached, rather than a bad query (SQLite
    reports "no such table" as an OperationalError too)."""
    if not isinstance(exc, DBAPIError):
        return False
    if exc.connection_invalidated or isinstance(exc, InterfaceError):
        return True
    if not isinstance(exc, OperationalError):
        return False
    orig = exc.orig
    if type(orig).__module__.startswith("sqlite3"):
        return any(words in str(orig).lower() for words in _SQLITE_OUT_OF_REACH)
    state = getattr(orig, "sqlstate", None)  # psycopg: None when no server answered
    return state is None or state.startswith(("08", "57P"))  # connection, shutdown


def _reason(exc: BaseException) -> str:
    """The driver's reason, on one line."""
    orig = getattr(exc, "orig", None) or exc
    return " ".join(str(orig).split())[:300] or type(orig).__name__


def wants_json() -> bool:
    """The table's script, the outbox and the polls: not a page to show whole."""
    return (
        request.headers.get("X-Requested-With") == "fetch"
        or request.args.get("fragment") == "1"
        or request.path.endswith("/version")
        or request.is_json
        or request.accept_mimetypes.best == "application/json"
    )


def answer(exc: BaseException):
    """The 503 for a request that found the database out of reach."""
    current_app.extensions["referee_outage"].noted(exc)
    g.table_language = None  # the table's language is in the database: the reader's instead
    title = _("The database cannot be reached")
    message = _(
        "The referee cannot reach its database just now, so nothing was recorded: a move "
        "sent now was not recorded. Try again in a minute; if it goes on, tell whoever "
        "runs the app."
    )
    headers = {"Retry-After": RETRY_AFTER, "Cache-Control": "no-store"}
    if wants_json():
        body = jsonify({"error": "database", "status": 503, "title": title, "message": message})
        return body, 503, headers
    page = render_template("error.html", status=503, title=title, message=message)
    return page, 503, headers


def answer_wsgi(app: Flask, exc: BaseException, environ, start_response):
    """The same 503, for a request answered before Flask's request cycle (the poll)."""
    with app.request_context(environ):
        response = app.make_response(answer(exc))
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response(environ, start_response)


def init_app(app: Flask) -> None:
    watch = app.extensions["referee_outage"] = Watch(app.logger)
    for kind in UNREACHABLE:
        app.register_error_handler(kind, _handler)
    with app.app_context():
        engines = [db.engine, autocommit_engine(app)]
    for engine in filter(None, engines):
        event.listen(engine, "connect", lambda *_: watch.recovered())


def _handler(exc: DBAPIError):
    if not unreachable(exc):
        raise exc  # a bad query is a bug: Flask answers 500 and logs it, as for any other
    return answer(exc)
