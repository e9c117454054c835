"""The app as `scripts/run.sh` serves it: Granian's event loop holds the connections, and
the Flask app (WSGI) runs on a pool of threads only once a request has fully arrived.

A phone on a bad Wi-Fi (or an attacker on the open internet) may send its request slowly:
its headers a line a second, or its body a byte a second. A server that gives each
connection a thread while it arrives is stopped by as many slow clients as it has threads
(gunicorn's 3 workers x 4 threads by 12). Here the event loop reads the headers (Granian:
within its header timeout) and the whole body (`BufferedWSGI`: at most the app's body
limit, within `BODY_SECONDS`), which costs a socket and a little memory per slow client;
the app's `threads` run only requests that are complete. The answer is collected whole
and sent by the loop, so a client that reads slowly holds no thread either. The version
polls of a hall are answered in the loop itself (`poll.inline`): most of the requests,
each a few microseconds' read, which the hop to a thread would cost ten times.

`lan_address` is this machine's address on its network, which the phones' links carry
when a page was opened on this machine (`public.py`).
"""

from __future__ import annotations

import asyncio
import io
import ipaddress
import logging
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from .inline import DECLINED, INLINE

log = logging.getLogger(__name__)
BODY_SECONDS = 30.0  # a request's body must arrive within this long (else 408)


class _TooLarge(Exception):
    pass


def _answer(status: int, text: str) -> tuple[int, list, bytes]:
    body = text.encode()
    return (
        status,
        [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
        ],
        body,
    )


class BufferedWSGI:
    """An ASGI app that runs the WSGI app `wsgi` on `threads` threads, each request's body
    read whole (at most `max_body` bytes) before the app sees it. With `inline` (a value
    the app reads as `environ[INLINE]`), a GET is first asked of the app in the loop; it
    answers, or returns DECLINED and is asked again on a thread."""

    def __init__(self, wsgi, threads: int = 4, max_body: int = 2 * 1024 * 1024, inline=None):
        self.wsgi, self.max_body, self.inline = wsgi, max_body, inline
        self.pool = ThreadPoolExecutor(threads, "app")

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if scope["type"] != "http":
            return
        try:
            if _bodiless(scope):
                body = b""
            else:
                async with asyncio.timeout(BODY_SECONDS):
                    body = await self._body(scope, receive)
        except _TooLarge:
            status, headers, data = _answer(413, "Request Entity Too Large")
        except TimeoutError:
            status, headers, data = _answer(408, "Request Timeout: the body came too slowly")
        else:
            if self.inline and scope["method"] == "GET":
                found = self._run(environ(scope, body) | {INLINE: self.inline})
                if found is not None:
                    await self._send(send, *found[:3])
                    return
            loop = asyncio.get_running_loop()
            status, headers, data, close = await loop.run_in_executor(
                self.pool, self._run, environ(scope, body)
            )
            await self._send(send, status, headers, data)
            if close is not None:  # what the app does once its answer has gone: not
                # waited for (the loop is not woken again for it; an error is logged)
                self.pool.submit(close).add_done_callback(_logged)
            return
        await self._send(send, status, headers, data)

    @staticmethod
    async def _send(send, status: int, headers: list, data: bytes) -> None:
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": data})

    async def _body(self, scope, receive) -> bytes:
        """The whole body: read until the length the request said has arrived (Granian
        sends a form's body, then an empty last part: not waited for, a trip through the
        loop), or, without a length (chunks), until the last part."""
        length = None
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit():
                length = int(value)
                if length > self.max_body:
                    raise _TooLarge
        parts, size = [], 0
        while length is None or size < length:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                raise _TooLarge
            parts.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(parts)

    def _run(self, env: dict) -> tuple[int, list, bytes, object] | None:
        """The WSGI app on this thread: (status, headers, body, the result's `close` to
        call once the answer is sent, or None); None if it declined (`INLINE`)."""
        said: dict = {}

        def start_response(status, headers, exc_info=None):
            if exc_info and said:
                raise exc_info[1].with_traceback(exc_info[2])
            said["status"], said["headers"] = status, headers
            return lambda data: said.setdefault("written", []).append(data)

        result = self.wsgi(env, start_response)
        if result is DECLINED and INLINE in env:
            return None
        close = getattr(result, "close", None)
        try:
            chunks = [*said.get("written", []), *result]
        except BaseException:
            if close is not None:
                close()
            raise
        headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in said["headers"]]
        return int(said["status"].split(" ", 1)[0]), headers, b"".join(chunks), close


def _logged(done) -> None:
    """Log what a request's `close` raised (it runs after the answer, on a thread)."""
    error = done.exception()
    if error is not None:
        log.error("after the answer", exc_info=error)


def _bodiless(scope: dict) -> bool:
    """A request that says it has no body (a GET or HEAD with neither a length nor chunks:
    every poll), which is then not waited for."""
    if scope["method"] not in ("GET", "HEAD"):
        return False
    framing = (b"content-length", b"transfer-encoding")
    return not any(name in framing for name, _ in scope["headers"])


def environ(scope: dict, body: bytes) -> dict:
    """The WSGI environ of an ASGI HTTP request (PEP 3333; strings are latin-1)."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    env = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode("utf-8").decode("latin-1"),
        "PATH_INFO": scope["path"].encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]),
        "SERVER_PORT": str(server[1] if server[1] is not None else 80),
        "SERVER_PROTOCOL": "HTTP/" + scope.get("http_version", "1.1"),
        "REMOTE_ADDR": str(client[0]),
        "REMOTE_PORT": str(client[1]),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope["headers"]:
        name = raw_name.decode("latin-1").upper().replace("-", "_")
        value = raw_value.decode("latin-1")
        if name == "CONTENT_TYPE":
            env["CONTENT_TYPE"] = value
            continue
        if name == "CONTENT_LENGTH":
            env["CONTENT_LENGTH"] = value
            continue
        key = "HTTP_" + name
        if key in env:
            value = env[key] + ("; " if key == "HTTP_COOKIE" else ",") + value
        env[key] = value
    if body and "CONTENT_LENGTH" not in env:  # a chunked body, now whole
        env["CONTENT_LENGTH"] = str(len(body))
    return env


# -- where the phones reach this server -------------------------------------------------
_GUESS_FOR = 30.0  # seconds a guess of the network address is kept (a laptop moves)
_guess: tuple[float, str | None] = (0.0, None)


def lan_address() -> str | None:
    """This machine's address on its network: the one a UDP socket aimed at a private
    address would send from (connecting a UDP socket sends nothing). None without a
    network. Kept for a few seconds."""
    global _guess
    at, address = _guess
    if time.monotonic() - at < _GUESS_FOR:
        return address
    address = None
    for target in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((target, 9))
                found = s.getsockname()[0]
        except OSError:
            continue
        if not ipaddress.ip_address(found).is_loopback and found != "0.0.0.0":
            address = found
            break
    _guess = (time.monotonic(), address)
    return address
