"""The application factory, its configuration and its migrations."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import flask_migrate
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from app import create_app, database_url, secret_key
from referee.web.store import db

ROOT = Path(__file__).resolve().parents[2]


def test_database_url(tmp_path):
    assert database_url(None, tmp_path) == f"sqlite:///{tmp_path / 'referee.sqlite'}"
    assert database_url("", tmp_path).startswith("sqlite:///")
    assert database_url("postgres://u@h/db", tmp_path) == "postgresql+psycopg://u@h/db"
    assert database_url("postgresql://u@h/db", tmp_path) == "postgresql+psycopg://u@h/db"
    assert database_url("postgresql+psycopg://u@h/db", tmp_path) == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:////x.db", tmp_path) == "sqlite:////x.db"


def test_secret_key_from_the_environment_or_generated_once(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-env")
    assert secret_key(tmp_path) == "from-env"
    assert not (tmp_path / "secret_key").exists()
    monkeypatch.delenv("SECRET_KEY")
    first = secret_key(tmp_path)
    assert len(first) == 64 and (tmp_path / "secret_key").exists()
    assert oct((tmp_path / "secret_key").stat().st_mode & 0o777) == "0o600"
    assert secret_key(tmp_path) == first  # the same key on the next start


def test_create_app_reads_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", "postgres://someone@somewhere/referee")
    monkeypatch.setenv("SECRET_KEY", "k")
    monkeypatch.setenv("RANDOM_SEED", "5")
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://someone@somewhere/referee"
    assert app.config["SECRET_KEY"] == "k" and app.config["RANDOM_SEED"] == 5
    assert app.config.get("WTF_CSRF_ENABLED", True)
    monkeypatch.delenv("DATABASE_URL")
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"].endswith("/instance/referee.sqlite")
    assert Path(app.instance_path).is_dir()


def test_migrations_make_the_models_tables(app):
    """The migrations give exactly the tables the models describe."""
    with app.app_context():
        with db.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
        assert diff == []
        names = set(sa.inspect(db.engine).get_table_names())
        assert {"matches", "hands", "moves", "alembic_version"} <= names
        flask_migrate.downgrade(revision="base")
        assert set(sa.inspect(db.engine).get_table_names()) <= {"alembic_version"}
        flask_migrate.upgrade()


def test_fresh_sqlite_with_the_flask_command(tmp_path):
    """What scripts/run.sh does on a fresh clone: `flask --app app db upgrade`, then the
    app serves from SQLite in the instance folder (here a temporary one)."""
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'fresh.sqlite'}", SECRET_KEY="x")
    flask = [sys.executable, "-m", "flask", "--app", "app"]
    done = subprocess.run(
        flask + ["db", "upgrade"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    app = create_app({"SQLALCHEMY_DATABASE_URI": env["DATABASE_URL"], "SECRET_KEY": "x"})
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert client.get("/new/five-up").status_code == 200


def test_the_engine_does_not_import_the_web_side():
    code = (
        "import sys, referee.engine, referee.engine.record, referee.engine.check;"
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('flask', 'sqlalchemy', 'wtforms', 'flask_wtf') or m.startswith('referee.web')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_sqlite_commits_to_a_write_ahead_log_without_waiting_for_the_disk(tmp_path):
    """WAL mode: the phones' polls read while a move is written, and a commit is one append
    without an fsync (docs/deployment.md). A commit once dropped these pragmas unnoticed."""
    app = create_app({"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/r.db"})
    with app.app_context():
        with db.engine.connect() as c:
            assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert c.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
        db.engine.dispose()


def test_the_rendered_tables_folder_comes_from_the_environment(tmp_path, monkeypatch):
    config = {"SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/r.db"}
    monkeypatch.delenv("RENDERED_DIR", raising=False)
    assert create_app(config).config["RENDERED_DIR"].endswith("instance/rendered")
    monkeypatch.setenv("RENDERED_DIR", str(tmp_path / "shared"))
    assert create_app(config).config["RENDERED_DIR"] == str(tmp_path / "shared")
