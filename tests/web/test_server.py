"""referee/web/server/asgi.py: the Flask app runs only on a request whose body has come
whole; a body over the limit or too slow is refused before it runs. (The real server with
slow clients: tests/web/test_real_server.py.)"""

from __future__ import annotations

import asyncio
import concurrent.futures

from referee.web.server import asgi


def scope(**kw) -> dict:
    return {
        "type": "http",
        "method": "POST",
        "path": "/t/abc/play",
        "root_path": "",
        "query_string": b"",
        "scheme": "http",
        "http_version": "1.1",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 51000),
        "headers": [(b"content-type", b"application/x-www-form-urlencoded")],
    } | kw


def run(app, s, receive) -> list[dict]:
    """The messages `app` sends for a request of scope `s` (in an event loop of its own)."""
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    with concurrent.futures.ThreadPoolExecutor(1) as loop:
        loop.submit(asyncio.run, app(s, receive, send)).result(10)
    return sent


def parts(*chunks: bytes):
    """A receive that hands the body in `chunks`."""
    queue = [
        {"type": "http.request", "body": c, "more_body": i < len(chunks) - 1}
        for i, c in enumerate(chunks)
    ]

    async def receive():
        await asyncio.sleep(0)
        return queue.pop(0)

    return receive


def echo(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [environ["REQUEST_METHOD"].encode() + b" " + environ["wsgi.input"].read()]


def test_the_app_gets_the_body_whole_however_it_came():
    sent = run(asgi.WholeBody(echo, 2, max_body=100), scope(), parts(b"tile=", b"5-", b"5"))
    assert sent[0]["status"] == 200
    assert b"".join(m.get("body", b"") for m in sent[1:]) == b"POST tile=5-5"


def test_a_body_over_the_limit_is_refused_before_the_app_runs():
    ran = []

    def app(environ, start_response):
        ran.append(1)
        return echo(environ, start_response)

    server = asgi.WholeBody(app, 2, max_body=10)
    said = scope(headers=[(b"content-length", b"5000000")])

    async def never():  # the 5 MB never come: refused on the length said
        raise AssertionError("the body was read")

    assert run(server, said, never)[0]["status"] == 413
    assert run(server, scope(), parts(b"12345", b"678901"))[0]["status"] == 413  # counted
    assert ran == []


def test_a_body_that_stops_coming_is_refused_with_408_and_the_app_never_runs(monkeypatch):
    monkeypatch.setattr(asgi, "BODY_SECONDS", 0.2)
    first = []

    async def receive():  # the first part, then nothing for 3 s (15 times the limit)
        if not first:
            first.append(1)
            return {"type": "http.request", "body": b"tile=", "more_body": True}
        await asyncio.sleep(3)
        return {"type": "http.request", "body": b"5-5", "more_body": False}

    sent = run(asgi.WholeBody(echo, 2, max_body=100), scope(), receive)
    assert sent[0]["status"] == 408 and b"too slowly" in sent[1]["body"]


def test_requests_run_side_by_side_on_the_pool():
    """Two requests of one process run at once (asgiref alone runs them one after the
    other on a single thread): each waits for the other to start."""
    import threading

    gate = threading.Barrier(2, timeout=5)

    def app(environ, start_response):
        gate.wait()
        return echo(environ, start_response)

    server = asgi.WholeBody(app, 2, max_body=100)

    async def both():
        out: list[list[dict]] = [[], []]

        async def one(i):
            async def send(message):
                out[i].append(message)

            await server(scope(method="GET"), parts(b""), send)

        await asyncio.gather(one(0), one(1))
        return out

    with concurrent.futures.ThreadPoolExecutor(1) as loop:
        out = loop.submit(asyncio.run, both()).result(10)
    assert [o[0]["status"] for o in out] == [200, 200]
