"""The version poll is answered before Flask's request cycle (referee/web/poll.py): the same
answer as the table's version, the same safe headers, and anything unknown still gets
Flask's 404 page."""

from __future__ import annotations

from flask import request

from referee.web.models import Match
from referee.web.server import serve
from referee.web.store import db


def test_the_poll_answers_the_version_without_flask(app, phone):
    seen = []
    app.before_request(lambda: seen.append(request.path))
    token = phone.start("five-up", ["Ana", "Ben"])
    read = phone.read_token(token)
    r = phone.get(f"/t/{token}/version")
    assert r.status_code == 200 and r.mimetype == "text/plain"
    with app.app_context():
        version = db.session.execute(
            db.select(Match.version).where(Match.write_token == token)
        ).scalar_one()
        db.session.remove()
    assert r.get_data(as_text=True) == str(version)
    assert r.headers["Cache-Control"] == "no-store"
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
    assert phone.get(f"/s/{read}/version").get_data(as_text=True) == str(version)
    seen.clear()
    phone.get(f"/t/{token}/version")
    phone.get(f"/s/{read}/version")
    assert seen == []  # answered before Flask's request cycle
    phone.moves(token, "Ana 5-5")
    assert phone.get(f"/t/{token}/version").get_data(as_text=True) == str(version + 1)


def test_unknown_links_still_get_the_404_page(phone):
    token = phone.start("five-up", ["Ana", "Ben"])
    for url in (
        f"/s/{token}/version",
        "/t/nosuchtableatallxx/version",
        "/t/%00/version",
        "/t/a.b/version",
    ):
        r = phone.get(url)
        assert r.status_code == 404, url
        assert r.mimetype == "text/html"  # Flask's error page
    assert phone.client.post(f"/t/{token}/version").status_code in (405, 400)


class NoThreads:
    """An executor that counts what it is asked (the requests that left the event loop)."""

    def __init__(self, pool):
        self.pool, self.asked = pool, 0

    def submit(self, *args, **kw):
        self.asked += 1
        return self.pool.submit(*args, **kw)


def asgi_get(server, path: str, query: str = "", headers: dict | None = None):
    """GET `path` through `server` (a serve.BufferedWSGI) as Granian asks it: (status,
    headers, body, whether a thread answered)."""
    import asyncio
    import concurrent.futures

    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "query_string": query.encode(),
        "headers": [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()],
    }
    before = server.pool.asked
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, server(scope, receive, send)).result()
    said = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    return sent[0]["status"], said, sent[1]["body"], server.pool.asked > before


def server_of(app):
    """The app as scripts/run.sh serves it (`app.asgi_app`), its threads counted."""
    from referee.web.poll import inline

    server = serve.BufferedWSGI(app, threads=2, inline=inline(app))
    server.pool = NoThreads(server.pool)
    return server


def test_the_server_answers_the_polls_in_its_event_loop(app, phone):
    """On SQLite the tables' polls are answered in the server's event loop, before any
    thread, with the same number and headers as the view; an unknown link goes on to a
    thread (Flask's 404). On PostgreSQL, a read across the network, they go to a thread."""
    server = server_of(app)
    token = phone.start("five-up", ["Ana", "Ben"])
    status, said, body, threaded = asgi_get(server, f"/t/{token}/version")
    r = phone.get(f"/t/{token}/version")
    assert status == 200 and body == r.data
    assert said["cache-control"] == "no-store"
    assert said["content-security-policy"] == r.headers["Content-Security-Policy"]
    assert threaded == (app.config["DB_KIND"] != "sqlite")
    assert asgi_get(server, f"/s/{phone.read_token(token)}/version")[2] == r.data
    phone.moves(token, "Ana 5-5")
    assert int(asgi_get(server, f"/t/{token}/version")[2]) == int(r.data) + 1
    status, _said, _body, threaded = asgi_get(server, "/t/nosuchtoken000000000/version")
    assert status == 404 and threaded
    assert asgi_get(server, "/healthz")[3]  # anything else: a thread


def test_a_poll_answered_in_the_loop_never_reaches_a_thread():
    """serve.BufferedWSGI with `inline`: a GET the app answers in the loop is sent from
    it; one it declines (serve.DECLINED) reaches the app again on a thread."""
    reached = []

    def wsgi(environ, start_response):
        if environ.get(serve.INLINE):
            if environ["PATH_INFO"] != "/t/x/version":
                return serve.DECLINED
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"7"]
        reached.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"from a thread"]

    server = serve.BufferedWSGI(wsgi, threads=1, inline="io")
    server.pool = NoThreads(server.pool)
    assert asgi_get(server, "/t/x/version")[2:] == (b"7", False) and reached == []
    assert asgi_get(server, "/t/y/version")[2:] == (b"from a thread", True)
    assert reached == ["/t/y/version"]


def test_a_poll_on_sqlite_keeps_its_connection_but_no_snapshot_between_polls(app, phone):
    """The polls keep a connection a thread (`server.connections.first_row`): each poll
    still sees every write committed before it, and none leaves a read open, so the log can
    always be checkpointed whole (a kept snapshot would stop it, and the log would grow all
    night)."""
    import pytest

    if app.config["DB_KIND"] != "sqlite":
        pytest.skip("SQLite's own connection")
    server = server_of(app)
    token = phone.start("five-up", ["Ana", "Ben"])
    before = int(asgi_get(server, f"/t/{token}/version")[2])
    for n, move in enumerate(("Ana 5-5", "Ben 5-0 on 5-5"), start=1):
        phone.moves(token, move)
        assert int(asgi_get(server, f"/t/{token}/version")[2]) == before + n
        with app.app_context():
            busy, _log, _done = db.session.execute(db.text("PRAGMA wal_checkpoint(TRUNCATE)")).one()
            db.session.remove()
        assert busy == 0
