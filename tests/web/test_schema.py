"""The schema on start: a fresh clone's SQLite database is migrated on the first request
(once, however many workers start at once); a database that is behind gets a page that
says what to run, not a 500."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import flask_migrate
import pytest
import sqlalchemy as sa
from flask import Flask

from app import create_app
from referee.web.store import db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def fresh_instance(tmp_path, monkeypatch):
    """An empty instance folder, and no DATABASE_URL: what a fresh clone has."""
    instance = tmp_path / "instance"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return instance


def test_first_run_in_a_fresh_clone_serves_the_home_page(fresh_instance):
    app = create_app()
    client = app.test_client()
    assert client.get("/").status_code == 200
    page = client.get("/new/five-up")
    assert page.status_code == 200
    with app.app_context():
        assert {"matches", "hands", "moves"} <= set(sa.inspect(db.engine).get_table_names())
        db.engine.dispose()
    assert (fresh_instance / "referee.sqlite").exists()


WORKER = """
import sys
from flask import Flask
Flask.auto_find_instance_path = lambda self: sys.argv[1]
from app import create_app
print(create_app().test_client().get("/").status_code)
"""


def test_workers_starting_at_once_upgrade_the_database_once(fresh_instance):
    """Four processes (the app server's workers) take their first request at the same time."""
    fresh_instance.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"} | {"SECRET_KEY": "x"}
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(fresh_instance)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    results = [w.communicate(timeout=120) for w in workers]
    assert [out.strip() for out, _ in results] == ["200"] * 4, [err for _, err in results]


def test_a_database_behind_the_code_says_what_to_run(app):
    """PostgreSQL (or a SQLite file named in the configuration) is not upgraded behind its
    owner's back: the page says which command brings it up to date."""
    with app.app_context():
        flask_migrate.downgrade(revision="base")
    page = app.test_client().get("/")
    assert page.status_code == 503
    text = page.get_data(as_text=True)
    assert "flask --app app db upgrade" in text
    assert "The database needs an upgrade" in text
    assert app.test_client().get("/new/five-up").status_code == 503
    with app.app_context():
        flask_migrate.upgrade()
    assert app.test_client().get("/").status_code == 200  # once upgraded, it serves


def test_sqlite_enforces_foreign_keys_and_an_old_database_is_cleaned(tmp_path):
    """SQLite runs with foreign keys on (the declared cascades hold). A database made
    before, where a deleted match left its rows behind (an event's game pointing at a
    match that is gone: every page of the event answered 500), upgrades with those rows
    removed, the rest kept; the migrations run with foreign keys off, so rebuilding a
    table never cascades."""
    import sqlite3

    from eventhelpers import Director

    path = tmp_path / "old.sqlite"
    config = {
        "TESTING": True,
        "SECRET_KEY": "test",
        "RANDOM_SEED": 7,
        "WTF_CSRF_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
        "RENDERED_DIR": str(tmp_path / "rendered"),
    }
    app = create_app(config)
    with app.app_context():
        flask_migrate.upgrade()
        assert db.session.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
        db.session.remove()
        db.engine.dispose()
    director = Director(app.test_client())
    director._token = ""  # CSRF is off here
    event = director.create("five-up", ["Ana", "Ben"], format="round-robin", target=5)
    director.act(event, "pair")
    director.act(event, "start")
    other = director.start("five-up", ["Cleo", "Dan"])
    director.moves(other, "Cleo 5-5; Dan 5-0 on 5-5")
    with app.app_context():
        flask_migrate.downgrade(revision="match_time_hands")  # the schema of the old code
        db.session.remove()
        db.engine.dispose()
    # what the old code left: the event's match deleted without its cascades
    raw = sqlite3.connect(path)
    game = raw.execute("SELECT match_id FROM event_games").fetchone()[0]
    raw.execute("DELETE FROM matches WHERE id = ?", (game,))
    raw.commit()
    orphans = raw.execute("PRAGMA foreign_key_check").fetchall()
    assert {row[0] for row in orphans} >= {"event_games", "hands"}
    raw.close()
    app = create_app(config)
    with app.app_context():
        flask_migrate.upgrade()
        assert db.session.execute(sa.text("PRAGMA foreign_key_check")).fetchall() == []
        assert db.session.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
        db.session.remove()
        db.engine.dispose()
    client = Director(app.test_client())
    client._token = ""
    assert client.get(f"/e/{event}").status_code == 200
    assert [m["play"] for m in client.record(other)["hands"][0]["moves"]] == ["5-5", "5-0"]
