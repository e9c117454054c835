"""Safe defaults: security headers on every answer, a SameSite session cookie, no server
version, pages the Content-Security-Policy does not break, a secret key every process
agrees on, and an instance folder and database that only their owner can read."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import textwrap
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from webhelpers import Phone

import app as app_module
from referee.web.security import CSP
from referee.web.store import db

ROOT = Path(__file__).resolve().parents[2]


def assert_safe(r):
    h = r.headers
    assert h["Content-Security-Policy"] == CSP
    assert "frame-ancestors 'none'" in CSP and "default-src 'self'" in CSP
    assert "unsafe-inline" not in CSP
    assert h["X-Content-Type-Options"] == "nosniff"
    assert h["Referrer-Policy"] == "same-origin"
    assert "Server" not in h  # the app adds none; the server says its name alone


def every_page(phone: Phone) -> dict[str, object]:
    """A response of every kind of page: forms, table, refusals, errors, static files."""
    token = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(token, "Ana 5-5; Ben 5-0 on 5-5")
    read = re.search(r"/s/([A-Za-z0-9_-]+)", phone.table(token)).group(1)
    pages = {
        "home": phone.get("/"),
        "start": phone.get("/new/ctyrka"),
        "start refused": phone.post("/new/five-up", {"count": 2, "names-0": "A", "names-1": "a"}),
        "rules": phone.get("/rules/five-up"),
        "import": phone.get("/import"),
        "table": phone.get(f"/t/{token}"),
        "table with a tile": phone.get(f"/t/{token}?tile=0-1"),
        "fragment": phone.get(f"/t/{token}?fragment=1"),
        "spectator": phone.get(f"/s/{read}"),
        "match": phone.get(f"/t/{token}/match"),
        "hand": phone.get(f"/t/{token}/hand/1"),
        "undo": phone.get(f"/t/{token}/undo"),
        "refused move": phone.post(f"/t/{token}/play", {"hand": 1, "after": 2, "tile": "9-9"}),
        "csrf refused": phone.post(f"/t/{token}/pass", {"hand": 1}, csrf=False),
        "record": phone.get(f"/t/{token}/record.json"),
        "not found": phone.get("/t/nothing-here"),
        "static": phone.get("/static/style.css"),
    }
    return pages


def test_every_answer_carries_the_security_headers(phone):
    for name, r in every_page(phone).items():
        assert r.status_code < 500, name
        assert_safe(r)


def test_pages_keep_to_the_policy_no_inline_script_or_style(phone):
    for name, r in every_page(phone).items():
        if r.mimetype != "text/html":
            continue
        html = r.get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), name
        assert not re.search(r"<style\b", html), name
        assert not re.search(r"\sstyle\s*=", html), name
        assert not re.search(r"\son[a-z]+\s*=", html), name
        assert "javascript:" not in html, name


def test_the_session_cookie_is_same_site_lax(client):
    r = client.get("/import")  # its form's CSRF token goes into the session
    cookie = r.headers["Set-Cookie"]
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie


def test_the_development_server_names_no_version(app):
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/rules") as r:
            assert r.headers["Server"] == "Werkzeug"
            assert r.headers["Content-Security-Policy"] == CSP
    finally:
        server.shutdown()
        thread.join(10)


RACE = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {root!r})
    import app
    start = float(sys.argv[2])
    while time.time() < start:
        pass
    print(app.secret_key(Path(sys.argv[1])))
""")


def test_processes_starting_at_once_agree_on_one_secret_key(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    script = RACE.format(root=str(ROOT))
    for trial in range(8):
        folder = tmp_path / f"i{trial}"
        folder.mkdir()
        at = str(time.time() + 1.5)
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", script, str(folder), at],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        keys = [p.communicate(timeout=60)[0].strip() for p in procs]
        assert all(p.returncode == 0 for p in procs)
        assert len(set(keys)) == 1 and len(keys[0]) == 64, (trial, keys)
        assert (folder / "secret_key").read_text().strip() == keys[0]
        assert sorted(p.name for p in folder.iterdir()) == ["secret_key"]  # no leftovers
        assert stat.S_IMODE((folder / "secret_key").stat().st_mode) == 0o600


def test_an_empty_secret_key_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", " ")
    with pytest.raises(RuntimeError, match="empty"):
        app_module.secret_key(tmp_path)
    monkeypatch.delenv("SECRET_KEY")
    (tmp_path / "secret_key").write_text("\n")
    with pytest.raises(RuntimeError, match="empty"):
        app_module.secret_key(tmp_path)


def test_the_instance_folder_and_database_are_the_owners_alone(tmp_path):
    folder = tmp_path / "instance"
    folder.mkdir(mode=0o755)
    db_file = folder / "referee.sqlite"
    app_module.private_instance(folder, f"sqlite:///{db_file}")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(db_file.stat().st_mode) == 0o600
    db_file.chmod(0o644)  # a database made before: tightened
    app_module.private_instance(folder, f"sqlite:///{db_file}")
    assert stat.S_IMODE(db_file.stat().st_mode) == 0o600


def test_the_apps_sqlite_database_is_the_owners_alone(tmp_path):
    from conftest import make_app

    path = tmp_path / "referee.sqlite"
    app = make_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.engine.dispose()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(Path(app.instance_path).stat().st_mode) == 0o700
