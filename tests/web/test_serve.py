"""referee/web/server/serve.py: the WSGI app runs on a complete request (its body read whole
first), sees the environ PEP 3333 describes, and its `close` runs after the answer went.
(The real server with slow clients: tests/web/test_real_server.py.)"""

from __future__ import annotations

import asyncio
import concurrent.futures

from referee.web.server import serve


def scope(**kw) -> dict:
    return {
        "type": "http",
        "method": "POST",
        "path": "/t/ab c",
        "root_path": "/referee",
        "query_string": b"lang=pl",
        "scheme": "https",
        "http_version": "1.1",
        "server": ("10.0.0.11", 8000),
        "client": ("203.0.113.7", 51000),
        "headers": [
            (b"content-type", b"application/x-www-form-urlencoded"),
            (b"cookie", b"a=1"),
            (b"cookie", b"b=2"),
            (b"x-thing", b"1"),
            (b"x-thing", b"2"),
        ],
    } | kw


def run(app, s, chunks, order=None):
    """Send the body in `chunks`; (the messages sent back, what happened in what order)."""
    sent, order = [], order if order is not None else []
    queue = [
        {"type": "http.request", "body": c, "more_body": i < len(chunks) - 1}
        for i, c in enumerate(chunks)
    ]

    async def receive():
        order.append("receive")
        await asyncio.sleep(0)
        return queue.pop(0)

    async def send(message):
        order.append(message["type"])
        sent.append(message)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # an event loop of its own
        pool.submit(asyncio.run, app(s, receive, send)).result()
    return sent, order


class Result(list):
    def __init__(self, order):
        super().__init__([b"he", b"llo"])
        self.order = order

    def close(self):
        self.order.append("close")


def test_the_app_gets_the_whole_body_and_the_environ_and_closes_after_the_answer():
    seen = {}
    order: list = []

    def wsgi(environ, start_response):
        seen.update(environ, body=environ["wsgi.input"].read())
        order.append("app")
        start_response("201 Created", [("Content-Type", "text/plain"), ("X-A", "b")])
        return Result(order)

    app = serve.BufferedWSGI(wsgi, threads=2)
    sent, calls = run(app, scope(), [b"tile=5-", b"5&x=1"], order)
    app.pool.shutdown(wait=True)  # its close runs on a thread, once the answer has gone
    assert seen["body"] == b"tile=5-5&x=1" and seen["CONTENT_LENGTH"] == "12"
    assert (
        seen["REQUEST_METHOD"],
        seen["SCRIPT_NAME"],
        seen["PATH_INFO"],
        seen["QUERY_STRING"],
    ) == ("POST", "/referee", "/t/ab c", "lang=pl")
    assert seen["wsgi.url_scheme"] == "https" and seen["REMOTE_ADDR"] == "203.0.113.7"
    assert (seen["SERVER_NAME"], seen["SERVER_PORT"]) == ("10.0.0.11", "8000")
    assert seen["HTTP_COOKIE"] == "a=1; b=2" and seen["HTTP_X_THING"] == "1,2"
    assert seen["CONTENT_TYPE"] == "application/x-www-form-urlencoded"
    assert sent[0] == {
        "type": "http.response.start",
        "status": 201,
        "headers": [(b"content-type", b"text/plain"), (b"x-a", b"b")],
    }
    assert sent[1] == {"type": "http.response.body", "body": b"hello"}
    # both parts read before the app ran, and its close after the answer was sent
    assert calls == [
        "receive",
        "receive",
        "app",
        "http.response.start",
        "http.response.body",
        "close",
    ]


def test_a_body_over_the_limit_is_refused_before_the_app_runs():
    ran = []

    def wsgi(environ, start_response):
        ran.append(1)
        start_response("200 OK", [])
        return [b""]

    app = serve.BufferedWSGI(wsgi, max_body=10)
    big = scope(headers=[(b"content-length", b"5000000")])
    sent, calls = run(app, big, [b"x"])
    assert sent[0]["status"] == 413 and "receive" not in calls
    sent, _ = run(app, scope(), [b"12345", b"678901"])  # no length said: counted as it comes
    assert sent[0]["status"] == 413
    assert ran == []


def _ok(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [environ["REQUEST_METHOD"].encode() + b" " + environ["wsgi.input"].read()]


def test_a_body_that_stops_coming_is_refused_with_408_and_the_app_never_runs(monkeypatch):
    monkeypatch.setattr(serve, "BODY_SECONDS", 0.2)
    sent = []

    async def receive():  # the first part, then nothing for 3 s (15 times the limit)
        if not sent:
            sent.append("part")
            return {"type": "http.request", "body": b"tile=", "more_body": True}
        await asyncio.sleep(3)
        return {"type": "http.request", "body": b"5-5", "more_body": False}

    async def send(message):
        sent.append(message)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, serve.BufferedWSGI(_ok)(scope(), receive, send)).result(5)
    assert sent[1]["status"] == 408 and b"too slowly" in sent[2]["body"]


def test_a_get_without_a_body_is_answered_without_waiting_for_one():
    """A poll (no length, no chunks) is not held up by a receive that would wait; a GET
    that says it has a body still gets it."""
    get = scope(method="GET", headers=[(b"host", b"x")])
    sent, calls = run(serve.BufferedWSGI(_ok), get, [b"never asked"])
    assert "receive" not in calls and sent[1]["body"] == b"GET "
    with_length = scope(method="GET", headers=[(b"content-length", b"2")])
    sent, calls = run(serve.BufferedWSGI(_ok), with_length, [b"hi"])
    assert calls[0] == "receive" and sent[1]["body"] == b"GET hi"


def test_a_body_is_whole_once_its_said_length_has_come():
    """A form's body with its length said is handed to the app as soon as that many bytes
    have come, without waiting for the empty last part Granian sends after it; without a
    length (chunks) the app waits for the last part."""
    said = scope(headers=[(b"content-length", b"8")])
    sent, calls = run(serve.BufferedWSGI(_ok), said, [b"tile=", b"5-5", b""])
    assert calls.count("receive") == 2 and sent[1]["body"] == b"POST tile=5-5"
    chunked = scope(headers=[(b"transfer-encoding", b"chunked")])
    sent, calls = run(serve.BufferedWSGI(_ok), chunked, [b"tile=", b"5-5", b""])
    assert calls.count("receive") == 3 and sent[1]["body"] == b"POST tile=5-5"


def test_the_close_is_not_waited_for_and_what_it_raises_is_logged(caplog):
    """A request's `close` (the kept files written) runs on a thread after the answer
    went; the request is done without waiting for it, and an error in it is logged."""
    import threading

    release, closed = threading.Event(), []

    class Slow(list):
        def close(self):
            release.wait(5)
            closed.append(1)
            raise OSError("disk full")

    def wsgi(environ, start_response):
        start_response("200 OK", [])
        return Slow([b"ok"])

    app = serve.BufferedWSGI(wsgi)
    sent, _ = run(app, scope(), [b"x"])
    assert sent[1]["body"] == b"ok" and closed == []  # answered; its close still running
    release.set()
    app.pool.shutdown(wait=True)
    assert closed == [1] and "disk full" in caplog.text
