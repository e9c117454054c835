"""The database schema on start: is it at the latest migration, and if not, what then.

Before the first request a process serves, the revision the database is at is compared
with the head of `migrations/` (one small query). A SQLite database the app may upgrade
itself (the default one in the instance folder: `flask --app app run` in a fresh clone) is
brought up to date through the migrations, under a file lock, so that several workers
starting at once upgrade it once. Any other database that is behind is answered with a
page that says what to run (503), instead of failing on a missing table (500).
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import cache
from pathlib import Path

import flask_migrate
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app, render_template, request
from flask_babel import gettext as _

from ..store import db, migrations_folder

UPGRADE_COMMAND = "flask --app app db upgrade"


def heads() -> frozenset[str]:
    """The head revision(s) of the migrations shipped with this code (the app's)."""
    return _heads(migrations_folder(current_app))


@cache
def _heads(folder: str) -> frozenset[str]:
    return frozenset(ScriptDirectory(folder).get_heads())


def current() -> frozenset[str]:
    """The revision(s) the database is at (empty when it was never migrated)."""
    with db.engine.connect() as conn:
        return frozenset(MigrationContext.configure(conn).get_current_heads())


def up_to_date() -> bool:
    return current() == heads()


@contextmanager
def file_lock(path: Path):
    """An exclusive lock on `path` across processes (POSIX `flock`; elsewhere none, and
    the upgrade after it checks the revision again)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover (Windows)
        yield
        return
    with open(path, "a+b") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def upgrade_sqlite() -> None:
    """Bring the SQLite database up to date, once, whatever the number of processes."""
    lock = Path(f"{db.engine.url.database or current_app.instance_path}.lock")
    with file_lock(lock):
        if not up_to_date():  # another worker may have done it while we waited
            flask_migrate.upgrade()
    db.engine.dispose()  # forget connections opened before the tables were made


def init_app(app: Flask) -> None:
    state = {"ok": False}  # once true, no request asks again (threads that ask at once
    # each check; an upgrade is made once, under the file lock)

    @app.before_request
    def schema_is_current():
        if state["ok"] or request.endpoint == "static":
            return None
        if app.config.get("AUTO_UPGRADE") and not up_to_date():
            upgrade_sqlite()
        state["ok"] = up_to_date()
        if state["ok"]:
            return None
        message = _(
            "The database is not at the latest version of this app. "
            "Whoever runs the app should stop it, run “%(command)s”, and start it again.",
            command=UPGRADE_COMMAND,
        )
        page = render_template(
            "error.html",
            title=_("The database needs an upgrade"),
            message=message,
            status=503,
        )
        return page, 503, {"Retry-After": "60"}
