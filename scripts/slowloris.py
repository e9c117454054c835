#!/usr/bin/env python3
"""Slow clients against a running Domino Referee server: does it keep answering the others?

N connections each send a request's first line, then one header line a second and never
finish (a slowloris: a phone on a bad Wi-Fi, or worse on the open internet); the server may
close them (then they connect again, counted). With `--bodies K`, K of them send a POST's
headers whole, then its body a byte a second (a slow upload). Meanwhile a phone arriving
opens a fresh connection a few times a second and fetches `/healthz` and a table page; each answer's
time is kept. The server passes when every such request was answered (200) within
`--bound` seconds.

    .venv/bin/python scripts/slowloris.py --url http://127.0.0.1:5000 --clients 500 --seconds 30

Prints the figures (and `--json` them as JSON); exit status 0 when it passed, 1 when not.
Loopback addresses only, bounded in time: a measurement, not a tool to aim at others.
`tests/web/test_slow_clients.py` runs it with 24 clients against `scripts/run.sh`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import ipaddress
import json
import re
import resource
import ssl
import sys
import time
import urllib.parse

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def _context(https: bool):
    if not https:
        return None
    ctx = ssl.create_default_context()
    ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE  # a test's own certificate
    return ctx


def _connection(host: str, port: int, https: bool, timeout: float):
    if https:
        return http.client.HTTPSConnection(host, port, timeout=timeout, context=_context(True))
    return http.client.HTTPConnection(host, port, timeout=timeout)


def make_table(host: str, port: int, https: bool = False) -> str:
    """Start a Five-Up match of two and return its players' link (a path)."""
    c = _connection(host, port, https, 30)
    c.request("GET", "/import")
    r = c.getresponse()
    page = r.read().decode()
    cookie = (r.getheader("Set-Cookie") or "").split(";", 1)[0]
    form = {
        "csrf_token": CSRF.search(page).group(1),
        "count": 2,
        "names-0": "Ana",
        "names-1": "Ben",
    }
    c.request(
        "POST",
        "/new/five-up",
        body=urllib.parse.urlencode(form),
        headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie},
    )
    r = c.getresponse()
    r.read()
    c.close()
    if r.status != 302:
        raise RuntimeError(f"could not start a match: {r.status}")
    return urllib.parse.urlsplit(r.getheader("Location")).path


async def slow_client(host, port, https, stop: float, counts: dict, body: bool = False):
    """One slow client until `stop`: a request line, then a header line a second (or, with
    `body`, whole headers of a POST, then its body a byte a second)."""
    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, ssl=_context(https)), 10
            )
        except (TimeoutError, OSError):
            counts["refused"] += 1
            await asyncio.sleep(1)
            continue
        counts["open"] += 1
        counts["peak"] = max(counts["peak"], counts["open"])
        try:
            if body:
                writer.write(
                    f"POST /import HTTP/1.1\r\nHost: {host}\r\nContent-Type: "
                    "application/x-www-form-urlencoded\r\nContent-Length: 100000"
                    "\r\n\r\n".encode()
                )
            else:
                writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n".encode())
            n = 0
            while time.monotonic() < stop:
                await writer.drain()
                await asyncio.sleep(1)
                if reader.at_eof():
                    break
                n += 1
                writer.write(b"a" if body else f"X-Slow-{n}: {n}\r\n".encode())
            else:
                continue
            counts["closed_by_server"] += 1
        except (OSError, ConnectionError):
            counts["closed_by_server"] += 1
        finally:
            counts["open"] -= 1
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()


def _probe(host, port, https, path: str, bound: float) -> tuple[int, float]:
    start = time.perf_counter()
    try:
        c = _connection(host, port, https, bound)
        c.request("GET", path)
        r = c.getresponse()
        r.read()
        c.close()
        status = r.status
    except OSError:
        status = 0  # no answer within the bound
    return status, time.perf_counter() - start


async def run(
    url: str,
    clients: int,
    seconds: float,
    bound: float = 2.0,
    table: str | None = None,
    every: float = 0.25,
    bodies: int = 0,
) -> dict:
    """The measurement; returns the figures (see the module's docstring). `bodies` of the
    `clients` send their headers whole and then a body that never ends."""
    parts = urllib.parse.urlsplit(url)
    host, port, https = parts.hostname, parts.port or 80, parts.scheme == "https"
    if not ipaddress.ip_address(host.replace("localhost", "127.0.0.1")).is_loopback:
        raise SystemExit("slowloris.py: loopback addresses only")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < clients + 100:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, clients + 200), hard))
    table = table or await asyncio.to_thread(make_table, host, port, https)
    counts = {"open": 0, "peak": 0, "refused": 0, "closed_by_server": 0}
    stop = time.monotonic() + seconds
    tasks = [
        asyncio.create_task(slow_client(host, port, https, stop, counts, i < bodies))
        for i in range(clients)
    ]
    await asyncio.sleep(min(3.0, seconds / 4))  # let them all connect and start dawdling
    times: dict[str, list[float]] = {"/healthz": [], table: []}
    failed: dict[str, int] = {"/healthz": 0, table: 0}
    while time.monotonic() < stop - bound:
        for path in times:
            status, took = await asyncio.to_thread(_probe, host, port, https, path, bound)
            times[path].append(took * 1000)
            if status != 200 or took > bound:
                failed[path] += 1
        await asyncio.sleep(every)
    await asyncio.gather(*tasks)

    def figures(ts):
        s = sorted(ts)
        return {
            "n": len(s),
            "p50_ms": round(s[len(s) // 2], 1) if s else None,
            "max_ms": round(s[-1], 1) if s else None,
        }

    return {
        "clients": clients,
        "slow_bodies": bodies,
        "held_open": counts["peak"],
        "seconds": seconds,
        "bound_s": bound,
        "reconnects": counts["closed_by_server"],
        "refused": counts["refused"],
        "healthz": {**figures(times["/healthz"]), "failed": failed["/healthz"]},
        "table": {**figures(times[table]), "failed": failed[table]},
        "passed": sum(failed.values()) == 0 and all(times.values()),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--url", default="http://127.0.0.1:5000")
    p.add_argument("--clients", type=int, default=500)
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument(
        "--bodies",
        type=int,
        default=0,
        help="how many of the clients send whole headers, then a body a byte a second",
    )
    p.add_argument("--bound", type=float, default=2.0, help="seconds an answer may take")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    out = asyncio.run(run(args.url, args.clients, args.seconds, args.bound, bodies=args.bodies))
    if args.json:
        print(json.dumps(out))
    else:
        for key in ("healthz", "table"):
            f = out[key]
            print(
                f"{key}: {f['n']} requests, p50 {f['p50_ms']} ms, max {f['max_ms']} ms, "
                f"{f['failed']} failed (not 200 within {out['bound_s']} s)"
            )
        print(
            f"{out['clients']} slow clients ({out['slow_bodies']} of them slow bodies), "
            f"{out['held_open']} open at once at most; "
            f"{out['reconnects']} closed by the server, {out['refused']} refused"
        )
        print("PASSED" if out["passed"] else "FAILED")
    return 0 if out["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
