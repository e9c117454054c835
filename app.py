"""Domino Referee, the web app: `flask --app app run` (or `scripts/run.sh`).

Configuration comes from the environment, with defaults that need nothing:

- ``DATABASE_URL``: the database (``postgresql://`` and ``postgres://`` URLs are read with
  psycopg 3); default SQLite in the instance folder, ``instance/referee.sqlite``. A SQLite
  database is brought to the latest migration on the first request; any other database
  that is behind gets a page saying to run ``flask --app app db upgrade``.
- ``SECRET_KEY``: signs sessions and CSRF tokens; default a random key generated once into
  ``instance/secret_key``.
- ``RANDOM_SEED``: seeds the app's random numbers (the lot for the lead), for repeatable runs.
- ``RENDERED_DIR``: where the host's workers keep the tables they render, to share them;
  default ``instance/rendered`` (a cache: deleting it loses nothing).
- ``INSTANCE_PATH``: the instance folder (the secret key, the default SQLite database);
  default ``instance/`` beside this file.
- ``TRUSTED_PROXIES``, ``PUBLIC_URL``: the reverse proxies in front, and the address the
  phones use (``referee/web/public.py``).
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
import tempfile
from pathlib import Path

from flask import Flask
from sqlalchemy.engine import make_url

from referee.web.factory import create_extensions, register


def database_url(url: str | None, instance: Path) -> str:
    """The SQLAlchemy URL: DATABASE_URL with PostgreSQL read through psycopg 3, or the
    default SQLite file in the instance folder."""
    if not url:
        return f"sqlite:///{instance / 'referee.sqlite'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def secret_key(instance: Path) -> str:
    """SECRET_KEY from the environment, or one generated once into instance/secret_key.
    Several processes starting at once all get the same key: the key is written whole to
    a file of its own, then linked into place only if no key is there yet (a link never
    replaces a file), and every process reads the key that is in place. An empty key is
    refused: it would sign nothing."""
    key = os.environ.get("SECRET_KEY")
    if key is not None:
        if not key.strip():
            raise RuntimeError("SECRET_KEY is set but empty: set a long random value, or unset it")
        return key
    path = instance / "secret_key"
    if not path.exists():
        fd, temp = tempfile.mkstemp(dir=instance, prefix=".secret_key.")  # mode 0600
        try:
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(secrets.token_hex(32) + "\n")
                f.flush()
                os.fsync(f.fileno())
            with contextlib.suppress(FileExistsError):  # another process was first: its key
                os.link(temp, path)
        finally:
            os.unlink(temp)
    key = path.read_text(encoding="ascii").strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it, and a new key is made at the next start")
    return key


def private_instance(instance: Path, url: str) -> None:
    """The instance folder (the secret key, the default SQLite database with every link
    token) readable by its owner only: the folder 0700, an SQLite database file 0600 (its
    journal files take the same mode)."""
    instance.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(instance, 0o700)
    if not url.startswith("sqlite"):
        return
    name = make_url(url).database
    if not name or name == ":memory:" or name.startswith("file:"):
        return
    db_file = Path(name)
    if not db_file.is_absolute():
        return  # relative to wherever SQLAlchemy runs: leave it
    if db_file.parent.is_dir():
        os.close(os.open(db_file, os.O_WRONLY | os.O_CREAT, 0o600))
        os.chmod(db_file, 0o600)


def create_app(test_config: dict | None = None) -> Flask:
    """The application factory. `test_config` overrides the configuration (tests)."""
    folder = os.environ.get("INSTANCE_PATH")
    app = Flask(
        __name__,
        instance_relative_config=True,
        instance_path=str(Path(folder).resolve()) if folder else None,
    )
    instance = Path(app.instance_path)
    test_config = dict(test_config or {})
    url = test_config.get("SQLALCHEMY_DATABASE_URI") or database_url(
        os.environ.get("DATABASE_URL"), instance
    )
    private_instance(instance, url)
    seed = test_config.get("RANDOM_SEED", os.environ.get("RANDOM_SEED"))
    app.config.from_mapping(
        SECRET_KEY=test_config.get("SECRET_KEY") or secret_key(instance),
        SQLALCHEMY_DATABASE_URI=url,
        SQLALCHEMY_ENGINE_OPTIONS=engine_options(url),
        RANDOM_SEED=int(seed) if seed not in (None, "") else None,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,  # an uploaded record is small
        WTF_CSRF_TIME_LIMIT=None,  # a match can last an evening
        # where the host's workers keep the tables they render (referee/web/table/rendered.py)
        RENDERED_DIR=os.environ.get("RENDERED_DIR") or str(instance / "rendered"),
        # SQLite from the environment or the default is brought up to date on the first
        # request (referee/web/schema); other databases are upgraded by whoever runs them.
        AUTO_UPGRADE=url.startswith("sqlite") and "SQLALCHEMY_DATABASE_URI" not in test_config,
    )
    app.config.update(test_config)
    app.extensions["referee_rng"] = random.Random(app.config["RANDOM_SEED"])

    create_extensions(app)
    register(app)
    return app


def migrated_app(test_config: dict) -> Flask:
    """An app (tests, measurements) whose database is brought to the latest migration."""
    import flask_migrate

    app = create_app(test_config)
    with app.app_context():
        flask_migrate.upgrade()
    return app


def asgi_app():
    """Granian's factory (`scripts/run.sh`): the app behind the server's `BufferedWSGI`
    (`referee/web/server/serve.py`), with THREADS threads (default 4), its version polls
    answered in the event loop where they read a local file (`poll.inline`)."""
    from referee.web.poll import inline
    from referee.web.server.serve import BufferedWSGI

    app = create_app()
    return BufferedWSGI(
        app,
        threads=int(os.environ.get("THREADS") or 4),
        max_body=app.config["MAX_CONTENT_LENGTH"] + 64 * 1024,
        inline=inline(app),
    )


def engine_options(url: str) -> dict:
    """SQLite waits for a writer instead of failing at once ("database is locked").
    PostgreSQL: a pooled connection is checked before use without a round trip (its
    socket, `referee.web.server.connections.still_connected`; no `pool_pre_ping`, which
    asks the server at every checkout), is replaced after 10 minutes (connections a
    firewall dropped without a word),
    and a connection that cannot be made gives up after 5 s (unless the URL sets
    connect_timeout), so that a server out of reach is answered with the outage page
    (referee/web/outage.py), not a request left hanging."""
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": 30}}
    options: dict = {"pool_pre_ping": False, "pool_recycle": 600}
    if "connect_timeout=" not in url:
        options["connect_args"] = {"connect_timeout": 5}
    return options
