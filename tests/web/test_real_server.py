"""The server `scripts/run.sh` starts, as a club runs it: slow clients do not stop it
answering the other phones; it serves HTTPS itself with CERT and KEY; behind
TRUSTED_PROXIES its links, QR codes and redirects carry the proxy's scheme and host and
the table-code limit counts the real client, and without it X-Forwarded-* is ignored."""

from __future__ import annotations

import asyncio
import concurrent.futures
import gzip
import http.client
import importlib.util
import json
import re
import ssl
import subprocess
import sys
import urllib.request

import pytest
from realserver import ROOT, Phone, Server

from referee.web.drawing import qr_svg
from referee.web.matches.service import ATTEMPTS

pytestmark = pytest.mark.timeout(240)
SLOWLORIS = ROOT / "scripts" / "slowloris.py"


def slow_clients(server, **kw) -> dict:
    """scripts/slowloris.py's measurement, on a thread of its own (its own event loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, slowloris().run(server.base, **kw)).result()


def slowloris():
    spec = importlib.util.spec_from_file_location("slowloris", SLOWLORIS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """scripts/run.sh with its defaults (no proxy trusted)."""
    s = Server(tmp_path_factory.mktemp("plain"))
    yield s
    s.stop()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    """scripts/run.sh behind one trusted proxy."""
    s = Server(tmp_path_factory.mktemp("proxied"), TRUSTED_PROXIES="1")
    yield s
    s.stop()


def link_of(html: str, ident: str) -> str:
    return re.search(rf'id="{ident}" href="([^"]+)"', html).group(1)


def test_a_table_goes_gzipped_to_a_phone_that_takes_gzip(server):
    """Through Granian, as a phone on the hall's plain HTTP asks for it: gzipped (by
    Flask-Compress), its length the bytes sent, the table whole once unpacked."""
    token = Phone(server).start()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("GET", f"/t/{token}?fragment=1", headers={"Accept-Encoding": "gzip, deflate"})
        r = conn.getresponse()
        body = r.read()
    finally:
        conn.close()
    assert r.status == 200 and r.getheader("Content-Encoding") == "gzip"
    assert int(r.getheader("Content-Length")) == len(body)
    html = gzip.decompress(body).decode()
    assert html.startswith('<div id="table"') and "Ana" in html and html.endswith("</div>")


# -- slow clients -------------------------------------------------------------------------
def test_24_slow_clients_do_not_stop_the_server_answering_the_others(server):
    """24 connections sending a header line a second (twice the threads gunicorn had) while
    phones arriving get /healthz and a table page, each within 2 s."""
    out = slow_clients(server, clients=24, seconds=12, bound=2.0)
    assert out["held_open"] == 24, out
    assert out["healthz"]["n"] >= 10 and out["table"]["n"] >= 10, out
    assert out["healthz"]["failed"] == 0 and out["table"]["failed"] == 0, out
    assert out["passed"]


def test_24_slow_uploads_do_not_stop_it_either(server):
    """24 connections that send a POST's headers, then its body a byte a second: the body
    is read by the event loop, so no thread waits for it."""
    out = slow_clients(server, clients=24, bodies=24, seconds=12)
    assert out["held_open"] == 24, out
    assert out["healthz"]["failed"] == 0 and out["table"]["failed"] == 0, out
    assert out["passed"]


def test_a_body_above_the_limit_is_refused_before_it_is_read(server):
    c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    c.putrequest("POST", "/import")
    c.putheader("Content-Type", "application/octet-stream")
    c.putheader("Content-Length", str(50 * 1024 * 1024))
    c.endheaders()
    assert c.getresponse().status == 413  # at once: the 50 MiB never had to come


async def open_phones(port: int, n: int, seconds: float) -> int:
    """Open `n` keep-alive connections, each asking /healthz once and keeping its
    connection (a phone between polls); how many were answered within `seconds`."""

    async def phone():
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: hall\r\n\r\n")
        line = await reader.readline()
        return writer, line.startswith(b"HTTP/1.1 200")

    tasks = [asyncio.ensure_future(phone()) for _ in range(n)]
    done, pending = await asyncio.wait(tasks, timeout=seconds)
    for t in pending:
        t.cancel()
    answered = 0
    for t in done:
        if not t.exception():
            writer, ok = t.result()
            answered += ok
            writer.close()
    return answered


def test_a_hall_of_1100_phones_connected_at_once_is_answered(server):
    """Every phone of a hall keeps its connection open; 1,100 of them (more than Granian's
    default of 1,024 connections over the workers, which left the rest unanswered for as
    long as the others stayed) are all answered."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1300:
        pytest.skip(f"this system allows {hard} open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        answered = pool.submit(asyncio.run, open_phones(server.port, 1100, 20)).result()
    assert answered == 1100


# -- HTTPS ----------------------------------------------------------------------------------
def test_run_sh_serves_https_with_cert_and_key(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1,DNS:localhost",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    s = Server(tmp_path, cafile=str(cert), CERT=str(cert), KEY=str(key))
    try:
        with urllib.request.urlopen(s.base + "/healthz", context=s.context(), timeout=10) as r:
            assert r.status == 200 and r.read().strip() == b"ok"
        phone = Phone(s, headers={"Referer": s.base + "/"})  # as a browser sends it
        token = phone.start()
        status, html, _ = phone.request(f"/t/{token}/card")
        assert status == 200
        assert link_of(html, "write-link").startswith("https://")  # the cards say https
        # plain http to the same port gets no page
        with pytest.raises((OSError, ssl.SSLError, http.client.HTTPException)):
            urllib.request.urlopen(f"http://127.0.0.1:{s.port}/healthz", timeout=5).read()
    finally:
        s.stop()


# -- proxies ---------------------------------------------------------------------------------
PROXY = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "club.example.org",
    "X-Forwarded-Prefix": "/referee",
    "Referer": "https://club.example.org/referee/",
}


def behind(address: str) -> dict:
    return PROXY | {"X-Forwarded-For": address}


def test_behind_a_trusted_proxy_links_qr_codes_and_redirects_are_the_proxys(proxied):
    phone = Phone(proxied, headers=behind("203.0.113.7"))
    token = phone.start()
    status, html, _ = phone.request(f"/t/{token}/card")
    assert status == 200
    url = f"https://club.example.org/referee/t/{token}"
    assert link_of(html, "write-link") == url
    qr = re.search(r'<div class="qr" id="qr">(.*?)</div>', html, re.S).group(1)
    assert qr == qr_svg(url, title="The players' link as a QR code")
    assert "public-note" not in html  # no guess of this machine's address behind a proxy
    status, table, _ = phone.request(f"/t/{token}")
    assert link_of(table, "write-link") == url
    assert link_of(table, "read-link").startswith("https://club.example.org/referee/s/")
    # a redirect (the table code typed on the home page) goes to the proxy's address
    status, _, headers = phone.request("/code", {"code": phone.code(token)})
    assert status == 302
    location = headers["Location"]
    assert location in (f"/referee/t/{token}", url), location


def test_behind_a_trusted_proxy_the_code_limit_counts_the_real_client_and_failures_only(proxied):
    phone = Phone(proxied, headers=behind("198.51.100.1"))
    code = phone.code(phone.start())
    for _ in range(ATTEMPTS + 2):  # codes that work do not count
        assert phone.request("/code", {"code": code})[0] == 302
    for _ in range(ATTEMPTS):
        assert phone.request("/code", {"code": "ZZZZ ZZZZ"})[0] == 404
    assert phone.request("/code", {"code": code})[0] == 429  # this phone is done
    # another phone of the hall, through the same proxy, is not
    other = Phone(proxied, headers=behind("198.51.100.2"))
    assert other.request("/code", {"code": code})[0] == 302


WARNING = "scripts/run.sh: warning: TRUSTED_PROXIES=1"


def test_trusted_proxies_with_a_host_past_the_proxy_is_warned_of(proxied, tmp_path):
    """Behind a proxy the app listens on loopback (no warning); on every address, a client
    that reaches the port directly could name its own address: run.sh says so."""
    assert WARNING not in proxied.output()
    s = Server(tmp_path, TRUSTED_PROXIES="1", HOST="0.0.0.0")
    try:
        assert f"{WARNING} believes" in s.output() and "set HOST=127.0.0.1" in s.output()
    finally:
        s.stop()


def test_without_trusted_proxies_x_forwarded_headers_are_ignored(server):
    phone = Phone(server, headers=PROXY | {"X-Forwarded-Host": "evil.example"})
    token = phone.start()
    _, html, _ = phone.request(f"/t/{token}/card")
    link = link_of(html, "write-link")
    assert "evil.example" not in link and not link.startswith("https")
    assert "/referee/" not in link
    # a spoofed X-Forwarded-For does not escape the code limit
    code = phone.code(token)
    for i in range(ATTEMPTS):
        status = phone.request(
            "/code", {"code": "ZZZZ ZZZZ"}, headers={"X-Forwarded-For": f"192.0.2.{i + 1}"}
        )[0]
        assert status == 404
    status = phone.request("/code", {"code": code}, headers={"X-Forwarded-For": "192.0.2.99"})[0]
    assert status == 429


def test_the_phone_bench_measures_the_readmes_server(server):
    """scripts/bench_phone.py (issue 22's figures) against the server a club runs: every
    request of the phone's path timed, as a ratio to the bare route, with the middle half
    of the rounds' ratios beside it, in either order of a round's requests."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench_phone.py"), "--url", server.base]
        + ["--samples", "4", "--warmup", "1", "--order", "shuffled", "--json"],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    ).stdout
    assert "median of 4 rounds (shuffled order)" in out
    figures = json.loads(out.splitlines()[-1])["servers"][0]
    for kind in ("healthz", "version", "play_h1", "others_h1", "undo_h1", "play_h30"):
        assert figures["median_ms"][kind] > 0, kind
        low, high = figures["round_ratios_p25_p75"][kind]
        assert 0 < low <= high, kind
    assert figures["ratio_to_healthz"]["healthz"] == 1.0


def test_run_sh_starts_a_worker_per_core_by_default(tmp_path):
    """Issue 43.4: three workers by default on a two-core machine; WORKERS unset, a worker
    per core (`nproc`)."""
    cores = int(subprocess.run(["nproc"], capture_output=True, text=True).stdout)
    s = Server(tmp_path, WORKERS="")
    try:
        said = re.search(r"with Granian, (\d+) workers", s.output())
        assert said and int(said.group(1)) == cores, s.output()
    finally:
        s.stop()
