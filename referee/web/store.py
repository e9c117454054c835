"""The store: the app's database (Flask-SQLAlchemy's `db`), its naming of constraints,
and what each connection is given when it is made or lent (SQLite's pragmas, PostgreSQL's
check that a pooled connection is still open). Every model and service writes through
`db`; the app is assembled above it (`referee.web.factory`)."""

from __future__ import annotations

import os
import select

from flask import Flask
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData
from sqlalchemy.exc import DisconnectionError

# Named constraints, so that migrations can name what they change on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

db = SQLAlchemy(metadata=MetaData(naming_convention=NAMING))


def sqlite_pragmas(dbapi_connection, _record) -> None:
    """SQLite in WAL mode: readers never wait for the writer, and a commit costs one append
    to the log (synchronous=NORMAL: no fsync per commit; a power cut may lose the last
    commits, never the database). The busy timeout is set by `connect_args` (app.py)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def still_connected(dbapi_connection, _record, _proxy) -> None:
    """A pooled PostgreSQL connection is checked before use without a round trip: idle, it
    has nothing to read unless the server has closed it (restarted, a terminated backend,
    a cut network: end of file, or the server's last message). Such a connection is
    dropped (`DisconnectionError`) and the pool connects anew, as `pool_pre_ping` would,
    which costs a round trip at every checkout. A connection that breaks during a request
    fails that request (the outage page, `outage.py`); the pool then drops it."""
    if dbapi_connection.closed or getattr(dbapi_connection, "broken", False):
        raise DisconnectionError("the connection is closed")
    poll = select.poll()
    try:
        poll.register(dbapi_connection.fileno(), select.POLLIN | select.POLLPRI)
    except (OSError, ValueError):
        raise DisconnectionError("the connection has no socket") from None
    if poll.poll(0):
        raise DisconnectionError("the server closed the connection")


def migrations_folder(app: Flask) -> str:
    """The app's migrations: `migrations/` beside the app (its root path, the folder of
    app.py), wherever the project is."""
    return os.path.join(app.root_path, "migrations")
