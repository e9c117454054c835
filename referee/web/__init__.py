"""The web side of the referee: the Flask extensions every concern shares (`db`, `migrate`,
`csrf`, `compress`), made here and set up on the app by `app.py`'s factory, which also
registers the concerns' blueprints. One package (or module) per concern: `table/` (the
table screen at the players' and the spectators' links), `pages/` (home, rules, import),
`matches/`, `start/`, `events/`, `audit/`, `offline/`, `members/`, `leagues/`,
`seasons/`, `drawing/` (SVG), and the app-wide parts beside them (`errors`, `assets`,
`downloads`, `cache`, `i18n`, `security`, `public`...); `server/` is what only the server
needs.

It asks the engine (`referee.engine`) every rule question and holds no rule of its own.
"""

from __future__ import annotations

import os

from flask import Flask
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
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
migrate = Migrate(render_as_batch=True)
csrf = CSRFProtect()
compress = Compress()

# Compressed responses (brotli/zstd where the browser takes them, else gzip) for everything
# textual; the tiny `/version` answers stay below COMPRESS_MIN_SIZE and go as they are.
COMPRESSED = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
]


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
