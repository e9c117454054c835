"""The database out of reach (issue 17.19): a page, the version poll and a play answer 503
with a sentence in the reader's language that says the database cannot be reached and
that nothing was recorded, never a traceback; the log says it once, and once more when
the database answers again. The real server (scripts/run.sh) on PostgreSQL behind a TCP
proxy that is cut and restored, and an app pointed at a closed port."""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import os
import re
import socket
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest
from realserver import Server
from sqlalchemy.engine import make_url

from app import create_app

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
SAID = {
    "en": "cannot reach its database just now, so nothing was recorded",
    "pl": "nie może teraz połączyć się ze swoją bazą danych, więc nic nie zostało zapisane",
    "cs": "se teď nemůže spojit se svou databází, takže se nic nezapsalo",
}
LOGGED = "The database cannot be reached"
TOKEN = "abcdefghijklmnopqrstuv"  # the shape of a table's link


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- an app pointed at a closed port -----------------------------------------------------
@pytest.fixture
def closed(caplog):
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/referee",
            "SECRET_KEY": "t",
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
        }
    )
    caplog.set_level(logging.INFO)
    return app.test_client()


@pytest.mark.parametrize("lang", ["en", "pl", "cs"])
def test_a_page_the_poll_and_a_play_answer_503_in_the_readers_language(closed, caplog, lang):
    head = {"Accept-Language": lang}
    page = closed.get(f"/t/{TOKEN}", headers=head)
    assert page.status_code == 503 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert SAID[lang] in " ".join(html.split()) and "Traceback" not in html
    assert page.headers["Retry-After"]
    poll = closed.get(f"/t/{TOKEN}/version", headers=head)
    assert poll.status_code == 503 and poll.get_json()["error"] == "database"
    assert SAID[lang] in poll.get_json()["message"]
    form = {"hand": 1, "after": 0, "seat": 0, "tile": "6-6"}
    play = closed.post(f"/t/{TOKEN}/play", data=form, headers=head)
    assert play.status_code == 503 and SAID[lang] in " ".join(play.get_data(as_text=True).split())
    fetch = closed.post(
        f"/t/{TOKEN}/play", data=form, headers={**head, "X-Requested-With": "fetch"}
    )
    assert fetch.status_code == 503 and SAID[lang] in fetch.get_json()["message"]
    for url in ("/", "/events/new", "/healthz", f"/s/{TOKEN}/match"):
        assert closed.get(url).status_code == 503, url
    logged = [r for r in caplog.records if LOGGED in r.getMessage()]
    assert len(logged) == 1 and logged[0].exc_info is None  # once, without a traceback
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


# -- a real server, its PostgreSQL cut and restored ------------------------------------
class Proxy:
    """A TCP proxy to PostgreSQL that can be cut (its port closed, its connections broken)
    and restored on the same port."""

    def __init__(self, host: str, port: int):
        self.target, self.port, self.conns = (host, port), free_port(), []
        self.lock = threading.Lock()
        self.restore()

    def restore(self):
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.conns += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a, b):
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def cut(self):
        for s in [self.listener, *self.conns]:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()
        with self.lock:
            self.conns = []


def request(port: int, method: str, path: str, form=None, headers=None, cookie=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    head = dict(headers or {})
    if cookie:
        head["Cookie"] = cookie
    body = None
    if form is not None:
        body = urlencode(form)
        head["Content-Type"] = "application/x-www-form-urlencoded"
    c.request(method, path, body=body, headers=head)
    r = c.getresponse()
    out = r.status, r.read().decode("utf-8"), r
    c.close()
    return out


@pytest.mark.postgres
@pytest.mark.timeout(120)
def test_postgresql_cut_under_the_real_server_then_restored(postgres_schema, tmp_path):
    url, schema = postgres_schema
    real = make_url(url)
    proxy = Proxy(real.host, real.port)
    via = real.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    sep = "&" if "?" in via else "?"
    env = dict(
        os.environ,
        DATABASE_URL=f"{via}{sep}options=-csearch_path%3D{schema}",
        SECRET_KEY="outage",
        RENDERED_DIR=str(tmp_path / "rendered"),
    )
    server = Server(
        tmp_path,
        DATABASE_URL=env["DATABASE_URL"],
        SECRET_KEY="outage",
        RENDERED_DIR=env["RENDERED_DIR"],
        WORKERS="1",
    )
    port, log = server.port, Path(server.log.name)
    try:
        status, html, r = request(port, "GET", "/import")
        cookie = r.getheader("Set-Cookie").split(";", 1)[0]
        csrf = CSRF.search(html).group(1)
        status, _, r = request(
            port,
            "POST",
            "/new/five-up",
            {"csrf_token": csrf, "count": 2, "names-0": "Ana", "names-1": "Ben"},
            cookie=cookie,
        )
        assert status == 302
        token = r.getheader("Location").rsplit("/", 1)[1]

        def play(after, tile, on="", **headers):
            form = {
                "csrf_token": csrf,
                "hand": 1,
                "after": after,
                "seat": after % 2,
                "tile": tile,
                "on": on,
            }
            return request(port, "POST", f"/t/{token}/play", form, headers, cookie)

        assert play(0, "5-5")[0] == 302

        proxy.cut()
        for path, head, kind in (
            (f"/t/{token}", {}, "html"),
            (f"/t/{token}/version", {}, "json"),
            (f"/s/{token}/match?lang=cs", {}, "html"),
        ):
            status, body, r = request(port, "GET", path, headers=head, cookie=cookie)
            assert status == 503, (path, body[:500])
            assert "Traceback" not in body
            if kind == "json":
                assert SAID["en"] in json.loads(body)["message"]
        status, body, _ = play(1, "5-0", "5-5")
        assert status == 503 and SAID["en"] in " ".join(body.split())
        status, body, _ = play(
            1, "5-0", "5-5", **{"X-Requested-With": "fetch", "Accept-Language": "pl"}
        )
        assert status == 503 and SAID["pl"] in json.loads(body)["message"]

        proxy.restore()
        deadline = time.monotonic() + 20
        while request(port, "GET", f"/t/{token}", cookie=cookie)[0] != 200:
            assert time.monotonic() < deadline, "the app did not reconnect"
            time.sleep(0.2)
        status, html, _ = request(port, "GET", f"/t/{token}", cookie=cookie)
        assert 'data-hand="1" data-after="1"' in html  # the move sent while cut: not recorded
        assert play(1, "5-0", "5-5")[0] == 302
    finally:
        server.stop()
        proxy.cut()
    text = log.read_text(encoding="utf-8", errors="replace")
    assert len([ln for ln in text.splitlines() if LOGGED in ln]) == 1, text[-3000:]
    assert len([ln for ln in text.splitlines() if "The database answers again" in ln]) == 1
    assert "Traceback" not in text, text[-5000:]
