"""The version poll is answered before Flask's request cycle (referee/web/poll.py): the same
answer as the table's version, the same safe headers, and anything unknown still gets
Flask's 404 page."""

from __future__ import annotations

from flask import request

from referee.web import db, serve
from referee.web.models import Match


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


def test_on_sqlite_the_server_answers_the_polls_in_its_event_loop(app, phone):
    """`poll.inline`: what serve.py's event loop answers with, before any thread: the same
    number and headers as the middleware; anything else (an unknown link, another route)
    is left to the threads, and a database across a network answers in threads only."""
    from referee.web.poll import inline

    quick = inline(app)
    if app.config["DB_KIND"] != "sqlite":
        assert quick is None
        return
    token = phone.start("five-up", ["Ana", "Ben"])
    status, headers, body = quick(f"/t/{token}/version")
    r = phone.get(f"/t/{token}/version")
    assert status == 200 and body == r.data
    assert dict(headers)["Cache-Control"] == "no-store"
    assert dict(headers)["Content-Security-Policy"] == r.headers["Content-Security-Policy"]
    assert quick(f"/s/{phone.read_token(token)}/version")[2] == r.data
    phone.moves(token, "Ana 5-5")
    assert int(quick(f"/t/{token}/version")[2]) == int(r.data) + 1
    assert quick("/t/nosuchtoken000000000/version") is None  # the threads answer: 404
    assert quick(f"/t/{token}") is None and quick("/healthz") is None


def test_a_poll_answered_in_the_loop_never_reaches_a_thread():
    """serve.BufferedWSGI with `quick`: a GET it answers is sent from the event loop; the
    others reach the WSGI app on its threads."""
    import asyncio
    import concurrent.futures

    reached = []

    def wsgi(environ, start_response):
        reached.append(environ["PATH_INFO"])
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"from a thread"]

    def quick(path):
        return (200, [("Content-Type", "text/plain")], b"7") if path == "/t/x/version" else None

    app = serve.BufferedWSGI(wsgi, threads=1, quick=quick)

    def get(path):
        sent = []

        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            sent.append(message)

        s = {"type": "http", "method": "GET", "path": path, "query_string": b"", "headers": []}
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, app(s, receive, send)).result()
        return sent[1]["body"]

    assert get("/t/x/version") == b"7" and reached == []
    assert get("/t/y/version") == b"from a thread" and reached == ["/t/y/version"]
