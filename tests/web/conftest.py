"""Fixtures for the web tests: an app on a fresh database (SQLite, and PostgreSQL when
TEST_DATABASE_URL is set), its migrations applied; test clients with CSRF switched on;
and `Phone`, a player's phone that records moves the way players say them."""

from __future__ import annotations

import os
import uuid

import pytest
import sqlalchemy as sa
from webhelpers import Phone

from app import engine_options, migrated_app
from referee.web.models import Hand, Match, Move
from referee.web.store import db

POSTGRES = "postgres"
DATABASES = ["sqlite", pytest.param(POSTGRES, marks=pytest.mark.postgres)]


def postgres_url() -> str:
    """TEST_DATABASE_URL, or skip (fail under CI: nothing is skipped in CI)."""
    url = os.environ.get("TEST_DATABASE_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("TEST_DATABASE_URL is not set: CI must run the PostgreSQL tests")
        pytest.skip("TEST_DATABASE_URL is not set (run the tests through scripts/pg.sh)")
    return url


def database_config(kind: str, tmp_path):
    """(config, cleanup) for a fresh, empty database of this kind."""
    if kind == "sqlite":
        return {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'referee.sqlite'}"}, None
    url = postgres_url()
    schema = "t_" + uuid.uuid4().hex[:16]  # a schema of its own for every test
    admin = sa.create_engine(url)
    with admin.begin() as c:
        c.execute(sa.text(f"CREATE SCHEMA {schema}"))
    config = {
        "SQLALCHEMY_DATABASE_URI": url,
        "SQLALCHEMY_ENGINE_OPTIONS": engine_options(url)  # the app's own, in a schema of its own
        | {"connect_args": {"connect_timeout": 5, "options": f"-csearch_path={schema}"}},
    }

    def cleanup():
        with admin.begin() as c:
            c.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()

    return config, cleanup


def make_app(config: dict):
    return migrated_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "RANDOM_SEED": 7,
            "WTF_CSRF_ENABLED": True,
            "EVENT_POLL_LAG": 0,  # an event's poll exact at once (test_event_audience: the lag)
        }
        | config
    )


@pytest.fixture(params=DATABASES)
def app(request, tmp_path):
    config, cleanup = database_config(request.param, tmp_path)
    app = make_app(config | {"RENDERED_DIR": str(tmp_path / "rendered")})
    app.config["DB_KIND"] = request.param
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    if cleanup:
        cleanup()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def phone(app):
    return Phone(app.test_client())


@pytest.fixture
def rows(app):
    """Every row of the database, to show that a refused write changed nothing."""

    def snapshot():
        with app.app_context():
            out = []
            for model in (Match, Hand, Move):
                cols = [c for c in model.__table__.columns if c.name not in ("updated",)]
                q = sa.select(*cols).order_by(model.__table__.c.id)
                out.append([tuple(r) for r in db.session.execute(q)])
            db.session.remove()
            return out

    return snapshot


@pytest.fixture(params=DATABASES)
def two_apps(request, tmp_path):
    """Two apps on one fresh database: two processes' worth of cached state."""
    config, cleanup = database_config(request.param, tmp_path)
    config["RENDERED_DIR"] = str(tmp_path / "rendered")  # one host: its files are shared
    apps = [make_app(config), make_app(config)]
    yield apps
    for app in apps:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    if cleanup:
        cleanup()


@pytest.fixture
def postgres_schema():
    """(url, schema): a fresh PostgreSQL schema brought to the latest migration, for app
    servers started as processes (tests/web/test_processes.py)."""
    url = postgres_url()
    schema = "t_" + uuid.uuid4().hex[:16]
    admin = sa.create_engine(url)
    with admin.begin() as c:
        c.execute(sa.text(f"CREATE SCHEMA {schema}"))
    app = make_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"options": f"-csearch_path={schema}"}},
        }
    )
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    yield url, schema
    with admin.begin() as c:
        c.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


@pytest.fixture(params=DATABASES)
def old_database(request, tmp_path):
    """(kind, config) of a fresh database brought only to migration 0001 (the schema
    before the change log), to test the upgrade of a database made then."""
    import flask_migrate

    from app import create_app

    config, cleanup = database_config(request.param, tmp_path)
    full = {"TESTING": True, "SECRET_KEY": "test", "RANDOM_SEED": 7} | config
    old = create_app(full)
    with old.app_context():
        flask_migrate.upgrade(revision="0001")
        db.session.remove()
        db.engine.dispose()
    yield request.param, full
    if cleanup:
        cleanup()
