"""The app as `scripts/run.sh` serves it: Granian's event loop holds the connections, the
request's body is read whole there (`WholeBody`), and the Flask app (WSGI) runs on a
`concurrent.futures` pool of THREADS threads, with asgiref's environ (`_Answer`).

A phone on a bad Wi-Fi (or an attacker on the open internet) may send its request slowly:
its headers a line a second, or its body a byte a second. A server that gives each
connection a thread while it arrives is stopped by as many slow clients as it has threads.
Here Granian reads the headers in its loop (within its header timeout) and `WholeBody` the
body (at most the app's limit, within `BODY_SECONDS`), so a slow client costs a socket,
not a thread: 500 slow headers and 50 slow bodies leave every other request answered
within 2 s (`scripts/slowloris.py`: 0 of 178 failed at a load average of 13-17, issue
39). Granian's own WSGI interface and a2wsgi hand the request to a thread that reads the
body as it comes: 50 slow bodies would hold 50 threads.
"""

from __future__ import annotations

import asyncio
import io
import os
from concurrent.futures import ThreadPoolExecutor

from asgiref.wsgi import WsgiToAsgiInstance

BODY_SECONDS = 30.0  # a request's body must arrive within this long (else 408)


class _TooLarge(Exception):
    pass


class _Answer(WsgiToAsgiInstance):
    """One request's answer, made whole on a thread of the pool with asgiref's environ and
    `start_response`, then sent by the event loop, and the app's `close` called. (asgiref's
    own `WsgiToAsgi` runs every request of a process on one thread, one after the other,
    hands each part of the answer back to the loop from that thread, and never calls
    `close`.)"""

    def __init__(self, wsgi, scope: dict):
        super().__init__(wsgi)
        self.scope = scope

    def whole(self, body: bytes) -> bytes | None:
        """The answer's body (its status and headers: `response_start`); None for a
        request asgiref will not make an environ of (too many headers of one name)."""
        try:
            environ = self.build_environ(self.scope, io.BytesIO(body))
        except ValueError:
            return None
        result = self.wsgi_application(environ, self.start_response)
        try:
            return b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()


class WholeBody:
    """An ASGI app that runs the WSGI app `wsgi` on `threads` threads once the request's
    body has fully arrived: 413 at once for a body over `max_body` bytes, 408 for one that
    takes longer than `BODY_SECONDS`; the app never runs for either."""

    def __init__(self, wsgi, threads: int, max_body: int):
        self.wsgi, self.max_body = wsgi, max_body
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="app")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return
        try:
            async with asyncio.timeout(BODY_SECONDS):
                body = await self._body(scope, receive)
        except _TooLarge:
            return await _refuse(send, 413, b"Request Entity Too Large")
        except TimeoutError:
            return await _refuse(send, 408, b"Request Timeout: the body came too slowly")
        if body is None:  # the client has gone
            return None

        answer = _Answer(self.wsgi, scope)
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(self.pool, answer.whole, body)
        if data is None:
            return await _refuse(send, 400, b"Bad Request: too many headers of one name")
        await send(answer.response_start)
        await send({"type": "http.response.body", "body": data})

    async def _body(self, scope, receive) -> bytes | None:
        """The whole body, at most `max_body` bytes (a length said over it: refused before
        a byte is read); None if the client went before it came."""
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > self.max_body:
                raise _TooLarge
        parts, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return None
            parts.append(message.get("body", b""))
            size += len(parts[-1])
            if size > self.max_body:
                raise _TooLarge
            more = message.get("more_body", False)
        return b"".join(parts)


async def _refuse(send, status: int, text: bytes) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": text})


def serve(app) -> WholeBody:
    """The Flask `app` as Granian runs it (`app.asgi_app`, `scripts/run.sh`): behind
    `WholeBody`, with THREADS threads (default 4)."""
    threads = int(os.environ.get("THREADS") or 4)
    return WholeBody(app, threads, max_body=app.config["MAX_CONTENT_LENGTH"] + 64 * 1024)
