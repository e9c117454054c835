"""The real server, as `scripts/run.sh` starts it (the venv check, the migrations, Granian),
on a free port of 127.0.0.1 with an instance folder of its own, for the tests that need
the server a club runs rather than Flask's test client; and a phone that talks to it."""

from __future__ import annotations

import contextlib
import http.cookiejar
import os
import re
import signal
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
SETTINGS = (
    "DATABASE_URL",
    "TRUSTED_PROXIES",
    "PUBLIC_URL",
    "CERT",
    "KEY",
    "SECRET_KEY",
    "RENDERED_DIR",
    "WORKERS",
    "THREADS",
    "ACCESS_LOG",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """scripts/run.sh serving on 127.0.0.1:`port`; `base` is its address."""

    def __init__(self, folder: Path, cafile: str | None = None, **env: str):
        self.port = free_port()
        self.https, self.cafile = "CERT" in env, cafile
        self.base = f"{'https' if self.https else 'http'}://127.0.0.1:{self.port}"
        clean = {k: v for k, v in os.environ.items() if k not in SETTINGS}
        self.log = open(folder / "server.log", "w")  # noqa: SIM115  (closed in stop)
        self.env = (
            clean
            | {
                "HOST": "127.0.0.1",
                "PORT": str(self.port),
                "WORKERS": "2",
                "INSTANCE_PATH": str(folder / "instance"),
            }
            | env
        )
        self.process = subprocess.Popen(
            ["bash", str(ROOT / "scripts" / "run.sh")],
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.wait()

    def context(self):
        """Over https: trust only the certificate the test made (`cafile`)."""
        return ssl.create_default_context(cafile=self.cafile) if self.https else None

    def wait(self, seconds: float = 90):
        deadline = time.monotonic() + seconds
        while True:
            assert self.process.poll() is None, self.output()
            try:
                with urllib.request.urlopen(
                    self.base + "/healthz", timeout=2, context=self._any()
                ) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            assert time.monotonic() < deadline, self.output()
            time.sleep(0.2)

    def _any(self):
        if not self.https:
            return None
        ctx = ssl.create_default_context()
        ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
        return ctx

    def output(self) -> str:
        self.log.flush()
        return Path(self.log.name).read_text()[-3000:]

    def stop(self):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.log.close()


class _Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 302 is an answer to look at, not to follow


class Phone:
    """A phone talking to a real server: its own cookies (session, CSRF token), and the
    headers a proxy in front would add (`headers`)."""

    def __init__(self, server: Server, headers: dict[str, str] | None = None):
        self.server, self.headers = server, dict(headers or {})
        handlers = [urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _Keep()]
        if server.https:
            handlers.append(urllib.request.HTTPSHandler(context=server.context()))
        self.opener = urllib.request.build_opener(*handlers)
        self._csrf = None

    def request(self, path: str, form: dict | None = None, headers: dict | None = None):
        """(status, body, headers)."""
        data = None
        if form is not None:
            if self._csrf is None:
                self._csrf = CSRF.search(self.request("/import", headers=headers)[1]).group(1)
            data = urllib.parse.urlencode({"csrf_token": self._csrf, **form}).encode()
        req = urllib.request.Request(
            self.server.base + path, data, headers=self.headers | (headers or {})
        )
        try:
            with self.opener.open(req, timeout=30) as r:
                return r.status, r.read().decode(), r.headers
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(), e.headers

    def start(self) -> str:
        """A Five-Up match of two; its players' token."""
        status, body, headers = self.request(
            "/new/five-up", {"count": 2, "names-0": "Ana", "names-1": "Ben"}
        )
        assert status == 302, body[:2000]
        return headers["Location"].rstrip("/").rsplit("/", 1)[1]

    def code(self, token: str) -> str:
        """The table code the players' screen shows."""
        status, html, _ = self.request(f"/t/{token}")
        assert status == 200
        return re.search(r'id="table-code"[^>]*>([^<]+)<', html).group(1).strip()


# -- the server as the web tests' helpers know an app -------------------------------------
class Answer:
    """An answer of the real server, read as Flask's test client gives one."""

    def __init__(self, status: int, body: bytes, headers):
        self.status_code, self.data, self.headers = status, body, headers
        self.location = headers.get("Location")

    def get_data(self, as_text: bool = False):
        return self.data.decode() if as_text else self.data


class Client:
    """Flask's test client's `get` and `post`, over HTTP to the real server: a browser of
    its own (its cookies), redirects not followed. Safe to share between threads (a
    double tap sends from one browser)."""

    def __init__(self, server: Server):
        self.server = server
        handlers = [urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _Keep()]
        self.opener = urllib.request.build_opener(*handlers)

    def _send(self, path: str, data: bytes | None, headers: dict) -> Answer:
        req = urllib.request.Request(self.server.base + path, data, headers=headers)
        try:
            with self.opener.open(req, timeout=60) as r:
                return Answer(r.status, r.read(), r.headers)
        except urllib.error.HTTPError as e:
            return Answer(e.code, e.read(), e.headers)

    def get(self, path: str, query_string: dict | None = None, headers: dict | None = None):
        if query_string:
            path += ("&" if "?" in path else "?") + urllib.parse.urlencode(query_string, True)
        return self._send(path, None, headers or {})

    def post(self, path: str, data: dict | None = None, headers: dict | None = None):
        body = urllib.parse.urlencode(data or {}, doseq=True).encode()
        return self._send(path, body, headers or {})


class _Invoked:
    def __init__(self, done: subprocess.CompletedProcess):
        self.exit_code, self.output = done.returncode, done.stdout + done.stderr


class _Runner:
    def __init__(self, server: Server):
        self.server = server

    def invoke(self, args: list[str]) -> _Invoked:
        flask = str(ROOT / ".venv" / "bin" / "flask")
        done = subprocess.run(
            [flask, "--app", "app", *args],
            cwd=ROOT,
            env=self.server.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        return _Invoked(done)


class ServedApp:
    """The real server where the web tests' helpers (`memberhelpers`, `leaguehelpers`...)
    take a Flask app: `test_client()` a browser over HTTP, `test_cli_runner()` the `flask`
    command on the server's own database."""

    def __init__(self, server: Server):
        self.server = server

    def test_client(self) -> Client:
        return Client(self.server)

    def test_cli_runner(self) -> _Runner:
        return _Runner(self.server)
