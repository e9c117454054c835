"""More than one app server on one PostgreSQL: two Granian processes, as two machines
behind a reverse proxy would be. A move recorded through one is seen by a phone polling the
other within 2 s, and two phones racing for the same turn through the two servers get
exactly one move recorded, the other told what was."""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GRANIAN = Path(sys.executable).with_name("granian")
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
ROUNDS = 8

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(180)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 302 is an answer to look at, not to follow


class Phone:
    """A phone talking to one server: its own cookies (session, CSRF token)."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _Keep()
        )
        self._csrf = None

    def request(self, path: str, form: dict | None = None) -> tuple[int, str, Message]:
        data = None
        if form is not None:
            if self._csrf is None:
                self._csrf = CSRF.search(self.request("/import")[1]).group(1)
            data = urllib.parse.urlencode({"csrf_token": self._csrf, **form}).encode()
        try:
            with self.opener.open(self.base + path, data, timeout=30) as r:
                return r.status, r.read().decode(), r.headers
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(), e.headers


@pytest.fixture
def two_servers(postgres_schema):
    url, schema = postgres_schema
    sep = "&" if "?" in url else "?"
    env = dict(
        os.environ,
        DATABASE_URL=f"{url}{sep}options=-csearch_path%3D{schema}",
        SECRET_KEY="two-servers",
    )
    servers, bases = [], []
    for _ in range(2):
        port = free_port()
        servers.append(
            subprocess.Popen(
                [
                    str(GRANIAN),
                    "--interface",
                    "asginl",
                    "--factory",
                    "--workers",
                    "1",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "app:asgi_app",
                ],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        bases.append(f"http://127.0.0.1:{port}")
    try:
        for base in bases:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                        if r.status == 200:
                            break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
        yield bases
    finally:
        for s in servers:
            s.terminate()
        for s in servers:
            s.wait(10)


def start(phone: Phone) -> str:
    form = {"count": 2, "names-0": "Ana", "names-1": "Ben"}
    status, body, headers = phone.request("/new/five-up", form)
    assert status == 302, body[:2000]
    return headers["Location"].rstrip("/").rsplit("/", 1)[1]


def play(phone: Phone, token: str, hand: int, after: int, seat: int, tile: str, on=None):
    form = {"hand": hand, "after": after, "seat": seat, "tile": tile}
    if on:
        form["on"] = on
    return phone.request(f"/t/{token}/play", form)


def test_a_move_through_one_server_reaches_a_phone_polling_the_other(two_servers):
    one, two = Phone(two_servers[0]), Phone(two_servers[1])
    token = start(one)
    assert two.request(f"/t/{token}/version")[1] == "0"
    two.request(f"/t/{token}")  # the other server replays the table and keeps it
    sent = time.monotonic()
    assert play(one, token, 1, 0, 0, "5-5")[0] == 302
    while (v := two.request(f"/t/{token}/version")[1]) == "0":
        assert time.monotonic() - sent < 2, "the move did not reach the other server in 2 s"
        time.sleep(0.05)
    assert v == "1"
    status, page, _ = two.request(f"/t/{token}?fragment=1")
    assert status == 200 and "Ana led 5-5" in page


def test_two_phones_race_for_the_same_turn_through_two_servers(two_servers):
    a, b = Phone(two_servers[0]), Phone(two_servers[1])
    token = start(a)
    assert play(a, token, 1, 0, 0, "5-5")[0] == 302
    for p in (a, b):
        p.request(f"/t/{token}")
    for round_ in range(ROUNDS):
        barrier, results = threading.Barrier(2), {}

        def send(phone, tile, key, barrier=barrier, results=results):
            barrier.wait()
            results[key] = play(phone, token, 1, 1, 1, tile, "5-5")

        threads = [
            threading.Thread(target=send, args=(a, "5-0", "a")),
            threading.Thread(target=send, args=(b, "5-1", "b")),
        ]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        statuses = sorted(r[0] for r in results.values())
        assert statuses == [302, 409], (round_, statuses)
        winner = "a" if results["a"][0] == 302 else "b"
        loser = "b" if winner == "a" else "a"
        laid = {"a": "5-0", "b": "5-1"}[winner]
        assert f"already recorded: Ben laid {laid} on 5-5" in results[loser][1]
        # both servers agree on what was recorded
        for p in (a, b):
            page = p.request(f"/t/{token}")[1]
            assert f"Ben laid {laid} on 5-5" in page
        undo = {"hand": 1, "after": 2, "settled": 0}
        assert (a if round_ % 2 else b).request(f"/t/{token}/undo", undo)[0] == 302
