"""Crash recovery: the app server is killed (SIGKILL) while a phone keeps recording moves,
then started again. Every move the phone was told was recorded is still there, at most the
one move in flight is added, and the table replays. Bounded: three kills, on SQLite."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
SERVER = """
import sys
sys.path.insert(0, {root!r})
from werkzeug.serving import make_server
from app import migrated_app
app = migrated_app({{"SQLALCHEMY_DATABASE_URI": sys.argv[1], "SECRET_KEY": "kill-test",
                     "WTF_CSRF_ENABLED": False}})
server = make_server("127.0.0.1", int(sys.argv[2]), app, threaded=True)
print("ready", flush=True)
server.serve_forever()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: str, port: int) -> subprocess.Popen:
    p = subprocess.Popen(
        [sys.executable, "-c", SERVER.format(root=str(ROOT)), db, str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert p.stdout.readline().strip() == "ready"
    return p


def request(port: int, method: str, url: str, data: dict | None = None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = urlencode(data) if data is not None else None
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if data else {}
    c.request(method, url, body=body, headers=headers)
    r = c.getresponse()
    return r.status, r.getheader("Location"), r.read().decode()


def moves_at(port: int, token: str) -> int:
    status, _, html = request(port, "GET", f"/t/{token}")
    assert status == 200
    return int(re.search(r'data-hand="1" data-after="(\d+)"', html).group(1))


def test_killed_server_loses_no_acknowledged_move(tmp_path):
    db, port = f"sqlite:///{tmp_path / 'referee.sqlite'}", free_port()
    server = start(db, port)
    try:
        status, location, _ = request(
            port, "POST", "/new/five-up", {"count": 2, "names-0": "Ana", "names-1": "Ben"}
        )
        assert status == 302
        token = location.rsplit("/", 1)[1]
        assert (
            request(
                port, "POST", f"/t/{token}/play", {"hand": 1, "after": 0, "seat": 0, "tile": "5-5"}
            )[0]
            == 302
        )
        acked = 1
        for kill in range(3):
            stop = threading.Event()
            done = {"acked": acked}

            def record(stop=stop, done=done):
                while not stop.is_set() and done["acked"] < 18:
                    try:
                        status, _, _ = request(
                            port,
                            "POST",
                            f"/t/{token}/draw",
                            {"hand": 1, "after": done["acked"], "seat": 1, "count": 1},
                        )
                    except OSError:
                        return  # the server is gone: this draw was not acknowledged
                    assert status == 302, status
                    done["acked"] += 1

            writer = threading.Thread(target=record)
            writer.start()
            time.sleep(0.15 + 0.1 * kill)
            os.kill(server.pid, signal.SIGKILL)
            server.wait(10)
            stop.set()
            writer.join(20)
            acked = done["acked"]
            server = start(db, port)
            found = moves_at(port, token)
            assert acked <= found <= acked + 1, (kill, acked, found)
            acked = found
            for page in ("/match", "/record.json", "/hand/1"):
                assert request(port, "GET", f"/t/{token}{page}")[0] == 200
        assert acked > 3  # moves were recorded between the kills
    finally:
        server.kill()
        server.wait(10)
