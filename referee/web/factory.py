"""The app's assembly (Flask's application factory, in two calls that `app.py` makes):
`create_extensions` gives the app its extensions (the store, migrations, CSRF,
compression, languages, ids, JSON bodies, links, security headers) and `register` its
blueprints and hooks, in the order each needs. It stands above every other module of
the web side, and none of them imports it."""

from __future__ import annotations

from flask import Flask
from flask_compress import Compress
from flask_migrate import Migrate

from . import csrf_token, i18n, ids, json_bodies, links, security
from .server import connections
from .store import db, migrations_folder

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


def create_extensions(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    # gzip level 1: a table's answer (11.7 KB) in 0.06 ms instead of 0.13 ms at level 6,
    # 13 % more bytes (3.5 KB instead of 3.1 KB: the same three packets); the CPU of the
    # hall's server is what runs out first
    app.config.setdefault("COMPRESS_LEVEL", 1)
    compress.init_app(app)
    db.init_app(app)
    with app.app_context():
        connections.init_app(app, db.engine)
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
    from .table import rendered as table_rendered
    from .table.views import register as register_table

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
    table_rendered.init_app(app)
    backup.init_app(app)
    public.init_app(app)  # last: ProxyFix sees every request first
