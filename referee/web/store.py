"""The store: the app's database (Flask-SQLAlchemy's `db`), its naming of constraints,
and `read`. Every model and service writes through `db`; what a connection is given when it
is made or lent is `server.connections`; the app is assembled above it
(`referee.web.factory`)."""

from __future__ import annotations

import os

from flask import Flask
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData

from .server.connections import read_connection

# Named constraints, so that migrations can name what they change on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

db = SQLAlchemy(metadata=MetaData(naming_convention=NAMING))


def migrations_folder(app: Flask) -> str:
    """The app's migrations: `migrations/` beside the app (its root path, the folder of
    app.py), wherever the project is."""
    return os.path.join(app.root_path, "migrations")


def read(statement, params=None):
    """`statement` (SQLAlchemy Core), a read: on PostgreSQL outside a write's transaction,
    on the thread's connection in autocommit (one round trip: no BEGIN, no ROLLBACK,
    `server.connections`); else on the session's connection (half the cost of
    `Session.execute`), so that it sees what the request has written."""
    conn = None if db.session().in_transaction() else read_connection()
    if conn is None:
        return db.session.connection().execute(statement, params)
    try:
        return conn.execute(statement, params)
    except Exception:
        conn.rollback()  # no round trip: nothing is open in autocommit mode
        raise
