"""The store: the app's database (Flask-SQLAlchemy's `db`), its naming of constraints,
and what each SQLite connection is given when it is made (its pragmas). Every model and
service writes through `db`; the app is assembled above it (`referee.web.factory`)."""

from __future__ import annotations

import os

from flask import Flask
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData

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


def migrations_folder(app: Flask) -> str:
    """The app's migrations: `migrations/` beside the app (its root path, the folder of
    app.py), wherever the project is."""
    return os.path.join(app.root_path, "migrations")
