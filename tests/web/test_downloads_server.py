"""Every file the app sends, downloaded from the real server (as scripts/run.sh
starts it) for a match and an event whose names are Polish and Czech (issue 17.16): 200,
a Content-Disposition that parses to the name with its letters (and an ASCII fallback),
the right type, and the whole body. Before `referee/web/downloads.py`, audit.json,
standings.csv and event.zip put the raw name in the header and the connection dropped."""

from __future__ import annotations

import csv
import http.client
import http.cookiejar
import io
import json
import re
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

import pytest
from realserver import Server
from werkzeug.http import parse_options_header

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
PLAYERS = ["Łucja Żółć", "Čtyřka Ševčík"]
EVENT = "Turniej Łódź — Čtyřka"
ENTRANTS = [*PLAYERS, "Ana", '=HYPERLINK("http://x")']

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The server scripts/run.sh starts (Granian, 2 workers here), on SQLite."""
    tmp = tmp_path_factory.mktemp("server")
    real = Server(
        tmp,
        DATABASE_URL=f"sqlite:///{tmp / 'referee.sqlite'}",
        SECRET_KEY="downloads",
        RENDERED_DIR=str(tmp / "rendered"),
    )
    try:
        yield real.port
    finally:
        real.stop()


class _Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """A browser's cookies and CSRF token, over urllib."""

    def __init__(self, port: int):
        self.port, self.base = port, f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _Keep()
        )
        self.csrf = None

    def post(self, path: str, form: dict) -> str:
        """POST a form; the Location it redirects to."""
        if self.csrf is None:
            with self.opener.open(self.base + "/import", timeout=30) as r:
                self.csrf = CSRF.search(r.read().decode()).group(1)
        data = urllib.parse.urlencode({"csrf_token": self.csrf, **form}).encode()
        try:
            self.opener.open(self.base + path, data, timeout=30)
        except urllib.error.HTTPError as e:
            assert e.code == 302, (path, e.code, e.read()[:2000])
            return e.headers["Location"]
        raise AssertionError(f"{path}: no redirect")

    def page(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as r:
            return r.read().decode()


def download(port: int, path: str):
    """(response, body), read byte for byte with http.client (no redirect, no decoding)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        c.request("GET", path)
        r = c.getresponse()
        body = r.read()
    finally:
        c.close()
    assert r.status == 200, (path, r.status, body[:500])
    length = r.getheader("Content-Length")
    assert length is None or int(length) == len(body), (path, length, len(body))
    return r, body


def filename(response) -> tuple[str, str]:
    """(the name with its letters, the ASCII fallback) as a browser reads the header."""
    value = response.getheader("Content-Disposition")
    assert value and value.isascii(), value
    kind, params = parse_options_header(value)  # filename* (RFC 8187) wins, as in browsers
    assert kind == "attachment", value
    fallback = re.fullmatch(r'attachment; filename="([A-Za-z0-9._-]+)"(; .*)?', value)
    assert fallback, value
    return params["filename"], fallback.group(1)


@pytest.fixture(scope="module")
def match(server):
    b = Browser(server)
    token = b.post(
        "/new/five-up", {"count": 2, "names-0": PLAYERS[0], "names-1": PLAYERS[1]}
    ).rsplit("/", 1)[1]
    for after, (seat, tile, on) in enumerate([(0, "5-5", ""), (1, "5-0", "5-5")]):
        b.post(
            f"/t/{token}/play", {"hand": 1, "after": after, "seat": seat, "tile": tile, "on": on}
        )
    read = re.search(r'id="read-link" href="[^"]*/s/([^"]+)"', b.page(f"/t/{token}")).group(1)
    return token, read


@pytest.fixture(scope="module")
def event(server):
    b = Browser(server)
    token = b.post(
        "/events/new",
        {
            "variant": "five-up",
            "format": "swiss",
            "rounds": 1,
            "target": 10,
            "name": EVENT,
            "entrants": "\n".join(ENTRANTS),
        },
    ).rsplit("/", 1)[1]
    b.post(f"/e/{token}/pair", {})
    b.post(f"/e/{token}/start", {})
    return re.search(r'id="public-link" href="[^"]*/p/([^"]+)"', b.page(f"/e/{token}")).group(1)


@pytest.mark.parametrize("link", ["t", "s"])
@pytest.mark.parametrize("what", ["record.json", "audit.json"])
def test_a_match_s_files(server, match, link, what):
    token = match[0] if link == "t" else match[1]
    r, body = download(server, f"/{link}/{token}/{what}")
    assert r.getheader("Content-Type") == "application/json"
    name, fallback = filename(r)
    stem = f"five-up-{PLAYERS[0]}-{PLAYERS[1]}".replace(" ", "_")
    tail = "-audit.json" if what == "audit.json" else ".json"
    assert name == stem + tail
    assert fallback == "five-up-Lucja_Zolc-Ctyrka_Sevcik" + tail
    data = json.loads(body.decode("utf-8"))
    if what == "record.json":
        assert data["players"] == PLAYERS and len(data["hands"][0]["moves"]) == 2


def test_an_event_s_standings_csv(server, event):
    r, body = download(server, f"/p/{event}/standings.csv")
    assert r.getheader("Content-Type") == "text/csv; charset=utf-8"
    name, fallback = filename(r)
    assert name == "Turniej_Łódź_Čtyřka-standings.csv"
    assert fallback == "Turniej_Lodz_Ctyrka-standings.csv"
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8"), newline="")))
    assert sorted(row["entrant"] for row in rows) == sorted(
        [*PLAYERS, "Ana", '\'=HYPERLINK("http://x")']
    )


def test_an_event_s_standings_json(server, event):
    r, body = download(server, f"/p/{event}/standings.json")
    assert r.getheader("Content-Type") == "application/json"
    assert r.getheader("Content-Disposition").startswith("inline;")
    data = json.loads(body.decode("utf-8"))
    assert data["event"] == EVENT and len(data["standings"]) == len(ENTRANTS)


def test_an_event_s_zip(server, event):
    r, body = download(server, f"/p/{event}/event.zip")
    assert r.getheader("Content-Type") == "application/zip"
    name, fallback = filename(r)
    assert (name, fallback) == ("Turniej_Łódź_Čtyřka.zip", "Turniej_Lodz_Ctyrka.zip")
    z = zipfile.ZipFile(io.BytesIO(body))
    assert z.testzip() is None
    games = [n for n in z.namelist() if n.startswith("round-01/")]
    assert len(games) == 2
    players = sorted(p for g in games for p in json.loads(z.read(g))["players"])
    assert players == sorted(ENTRANTS)
    assert "Łucja Żółć" in z.read("standings.csv").decode("utf-8")
