"""The web side of the referee: the Flask app's extensions, models and blueprints, one
package (or module) per concern: `table/` (the table screen at the players' and the
spectators' links), `pages/` (home, rules, import), `matches/`, `start/`, `events/`,
`audit/`, `offline/`, `drawing/` (SVG), and the app-wide parts beside them (`errors`,
`assets`, `downloads`, `cache`, `i18n`, `security`, `public`, `poll`, `serve`...).

It asks the engine (`referee.engine`) every rule question and holds no rule of its own.
Many modules ask it (the table's service and presenters, the replayed state, the records,
starting a match, the start form, the events, the audit's corrections and replays, the
pages' rule texts, the drawings): each asks through the engine's public calls, and none
decides a rule itself.
"""

from __future__ import annotations

import os
import select

from flask import Flask
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, event
from sqlalchemy.exc import DisconnectionError

from . import csrf_token, i18n, ids, json_bodies, links, security

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
csrf = csrf_token.KeptCSRFProtect()
compress = Compress()

# Compressed responses (Flask-Compress: gzip, or brotli/zstd where the browser
# takes them) for everything textual; the tiny `/version` answers stay below
# COMPRESS_MIN_SIZE and go as they are.
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


def create_extensions(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    # gzip level 1: a table's answer (11.7 KB) in 0.06 ms instead of 0.13 ms at level 6,
    # 13 % more bytes (3.5 KB instead of 3.1 KB: the same three packets); the CPU of the
    # hall's server is what runs out first
    app.config.setdefault("COMPRESS_LEVEL", 1)
    compress.init_app(app)
    db.init_app(app)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            event.listen(db.engine, "connect", sqlite_pragmas)
        elif db.engine.dialect.name == "postgresql":
            from .reads import engines

            for engine in engines(app):
                event.listen(engine, "checkout", still_connected)
    migrate.init_app(app, db, directory=migrations_folder(app))
    csrf.init_app(app)
    csrf_token.init_app(app)
    i18n.init_app(app)
    ids.init_app(app)
    json_bodies.init_app(app)
    links.init_app(app)
    security.init_app(app)


def register(app: Flask) -> None:
    from . import (
        assets,
        backup,
        errors,
        models,  # noqa: F401  (the tables, for Flask-Migrate)
        once,
        public,
        reads,
        rendered,
    )
    from .audit import models as audit_models  # noqa: F401
    from .audit.views import register_audit
    from .events import register as register_events
    from .health import health
    from .leagues import register as register_leagues
    from .matches.views import bp as matches_bp
    from .members import register as register_members
    from .offline import bp as offline_bp
    from .outage import init_app as answer_outages
    from .pages import register as register_pages
    from .poll import init_app as fast_poll
    from .schema import init_app as check_schema
    from .seasons import register as register_seasons
    from .start import bp as start_bp
    from .table import fragment
    from .table.views import register as register_table

    reads.init_app(app)
    check_schema(app)
    answer_outages(app)
    app.register_blueprint(health)
    errors.init_app(app)
    once.init_app(app)
    assets.init_app(app)
    register_pages(app)
    register_table(app)
    app.register_blueprint(matches_bp)
    app.register_blueprint(start_bp)
    app.register_blueprint(offline_bp)
    register_events(app)
    register_audit(app)
    register_members(app)
    register_leagues(app)
    register_seasons(app)
    fast_poll(app)
    fragment.init_app(app)
    rendered.init_app(app)
    backup.init_app(app)
    public.init_app(app)  # last: ProxyFix sees every request first
