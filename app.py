"""Domino Referee, the web app: `flask --app app run` (or `scripts/run.sh`).

Configuration comes from the environment, with defaults that need nothing:

- ``DATABASE_URL``: the database (``postgresql://`` and ``postgres://`` URLs are read with
  psycopg 3); default SQLite in the instance folder, ``instance/referee.sqlite``. A SQLite
  database is brought to the latest migration on the first request; any other database
  that is behind gets a page saying to run ``flask --app app db upgrade``.
- ``SECRET_KEY``: signs sessions and CSRF tokens; default a random key generated once into
  ``instance/secret_key``.
- ``RANDOM_SEED``: seeds the app's random numbers (the lot for the lead), for repeatable runs.
"""

from __future__ import annotations

import os
import random
import secrets
from pathlib import Path

from flask import Flask

from referee.web import create_extensions, register


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
    """SECRET_KEY from the environment, or one generated once into instance/secret_key."""
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    path = instance / "secret_key"
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        pass
    key = secrets.token_hex(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return key


def create_app(test_config: dict | None = None) -> Flask:
    """The application factory. `test_config` overrides the configuration (tests)."""
    app = Flask(__name__, instance_relative_config=True)
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)

    test_config = dict(test_config or {})
    url = test_config.get("SQLALCHEMY_DATABASE_URI") or database_url(
        os.environ.get("DATABASE_URL"), instance
    )
    seed = test_config.get("RANDOM_SEED", os.environ.get("RANDOM_SEED"))
    app.config.from_mapping(
        SECRET_KEY=test_config.get("SECRET_KEY") or secret_key(instance),
        SQLALCHEMY_DATABASE_URI=url,
        SQLALCHEMY_ENGINE_OPTIONS=engine_options(url),
        RANDOM_SEED=int(seed) if seed not in (None, "") else None,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,  # an uploaded record is small
        WTF_CSRF_TIME_LIMIT=None,  # a match can last an evening
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


def engine_options(url: str) -> dict:
    """SQLite waits for a writer instead of failing at once ("database is locked")."""
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": 30}}
    return {"pool_pre_ping": True}
