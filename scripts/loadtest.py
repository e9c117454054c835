#!/usr/bin/env python3
"""Load test: a hall of N tables x 4 phones against a running Domino Referee server.

Every phone polls its table's version once a second; every 5 s one phone per table records
a legal move (chosen by the engine's random legal play, French Connection, 4 players) and
the table's other phones, seeing the new version, fetch the table fragment, as
static/js/table.js does. Prints p50/p95/p99 latencies, errors, and the time a move takes
to reach the other phones.

Before the load, a quiet phase measures single requests, one at a time on one connection,
as a ratio to the app's bare route `/healthz` (same server, same run): the version poll,
the table fragment (`fragment`: fetched by the table's three other phones, each on its own
connection, after a move recorded as the table's script sends it; `fragment_new`: fetched
after a move recorded with a form, before any phone has seen the new version: rendered in
full), recording a play; and
recording move 25 of hand 8 against move 1 of hand 1 (each play taken back by Undo before
the next).

With `--event --spectators N`, the tables are an event's and N spectators watch it (half
on the public page, half on the TV), arriving over the first `--arrive` seconds (10;
0: all at the same instant), each polling the event's version and fetching the live
fragment when it changes, as static/js/event.js does.

The client is one asyncio thread with keep-alive connections, cheap next to the server
(its CPU time is printed, with the app servers' and PostgreSQL's, read from /proc: the
processes holding the listening socket, and those named postgres). The p99 of each 5 s
of the run shows where the tail falls. The machine it measures has 2 cores shared by
client and server: run it on a quiet machine and read the figures with `uptime`
(printed too).

Examples (server started with scripts/run.sh, or gunicorn, on 127.0.0.1:5000):

    .venv/bin/python scripts/loadtest.py --quick                 # ~30 s smoke run
    .venv/bin/python scripts/loadtest.py --tables 100 --seconds 60
    .venv/bin/python scripts/loadtest.py --sweep 25,50,75,100 --seconds 60 --no-ratios

Loopback addresses only: it is a load generator, not a tool to aim at other machines.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import ipaddress
import json
import os
import random
import re
import resource
import socket
import sys
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee.engine import record  # noqa: E402
from referee.engine.match import Match  # noqa: E402
from referee.engine.simulate import deal, leader, play_hand  # noqa: E402

VARIANT = "french-connection"
NAMES = ["Ana", "Ben", "Cleo", "Dan"]
CSRF = re.compile(rb'name="csrf_token" type="hidden" value="([^"]+)"')


# -- a minimal keep-alive HTTP/1.1 client --------------------------------------------------
class Connection:
    """One phone's connection: HTTP/1.1 with keep-alive, reopened when the server closes it;
    keeps the session cookie."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None
        self.cookies: dict[str, str] = {}

    async def _open(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        sock = self.writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, form: dict | None = None, headers=None):
        """(status, headers, body); body gunzipped when the server compressed it."""
        for attempt in (1, 2):
            fresh = self.writer is None
            if fresh:
                await self._open()
            try:
                return await self._exchange(method, path, form, headers or {})
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                self.close()
                if fresh or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, method, path, form, headers):
        body = urllib.parse.urlencode(form).encode() if form is not None else b""
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if form is not None:
            lines += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body)}",
            ]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        got: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
            k, _, v = line.decode("latin-1").partition(":")
            k, v = k.strip().lower(), v.strip()
            if k == "set-cookie":
                name, _, rest = v.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            got[k] = v
        if "content-length" in got:
            data = await self.reader.readexactly(int(got["content-length"]))
        elif got.get("transfer-encoding", "").lower() == "chunked":
            parts = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            data = b"".join(parts)
        elif status in (204, 304) or method == "HEAD":
            data = b""
        else:
            data = await self.reader.read()
            self.close()
        if got.get("connection", "").lower() == "close" or status_line.startswith(b"HTTP/1.0"):
            self.close()
        if got.get("content-encoding") == "gzip":
            data = gzip.decompress(data)
        return status, got, data


# -- figures ------------------------------------------------------------------------------
class Stats:
    def __init__(self):
        self.times: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}
        self.samples: dict[str, str] = {}
        self.propagation: list[float] = []
        self.shown: list[float] = []  # spectators: the hands settled (what their pages show)
        self.ended: list[tuple[float, float]] = []  # (when answered, ms) of every request

    def add(self, kind: str, seconds: float):
        self.times.setdefault(kind, []).append(seconds * 1000)
        self.ended.append((time.perf_counter(), seconds * 1000))

    def windows(self, start: float, every: float = 5.0) -> list[float]:
        """The p99 of the requests answered in each `every` seconds of the run: where in the
        run the tail falls (the start, when every page is loaded at once, or throughout)."""
        out: dict[int, list[float]] = {}
        for at, ms in self.ended:
            out.setdefault(int((at - start) // every), []).append(ms)
        return [round(pct(out[k], 99), 1) for k in sorted(out)]

    def error(self, kind: str, what: str):
        self.errors[kind] = self.errors.get(kind, 0) + 1
        self.samples.setdefault(kind, what[:300])

    @property
    def all_times(self) -> list[float]:
        return [t for ts in self.times.values() for t in ts]


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def listening(port: int) -> set[int]:
    """The processes holding the socket that listens on `port` (a server's workers share
    it), read from /proc (Linux); empty elsewhere."""
    inodes = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            f = line.split()
            if f[3] == "0A" and int(f[1].rsplit(":", 1)[1], 16) == port:  # LISTEN
                inodes.add(f[9])
    pids = set()
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            for fd in (proc / "fd").iterdir():
                if os.readlink(fd) in {f"socket:[{i}]" for i in inodes}:
                    pids.add(int(proc.name))
                    break
        except OSError:
            continue
    return pids


def named(name: str) -> set[int]:
    """The processes whose command is `name` (the database's: postgres)."""
    out = set()
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if (proc / "comm").read_text().strip() == name:
                out.add(int(proc.name))
        except OSError:
            continue
    return out


def cpu_seconds(pids: set[int]) -> dict[int, float]:
    """The CPU time (user + system) each process has used so far."""
    out = {}
    for pid in pids:
        try:
            f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            out[pid] = (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            continue
    return out


def used(before: dict[int, float], after: dict[int, float]) -> float:
    """The CPU the processes used between two readings (those started since count whole)."""
    return sum(max(0.0, t - before.get(pid, 0.0)) for pid, t in after.items())


# -- a table: the engine chooses the moves -------------------------------------------------
class Table:
    """One table of the hall: its players' link, and the engine's own copy of the hand
    (with the deal, which the server does not know) to choose legal moves from."""

    def __init__(self, host, port, rng: random.Random, token: str = "", target: int = 1000):
        self.recorder = Connection(host, port)
        self.rng = rng
        self.token = token  # an event's table: its match's players' link, made by the event
        self.target = target
        self.csrf = ""
        self.match = Match(VARIANT, NAMES, {"target": target})
        self.hand = None
        self.stock = None
        self.seat = None
        self.version = ""
        self.changed: dict[str, float] = {}  # version -> when the move that made it was sent
        self.recorded: list | None = None  # (answered, sent, kind) of every move, if kept
        self.decided = 0  # matches this table has played to their end

    async def start(self):
        status, _, page = await self.recorder.request("GET", "/import")
        self.csrf = CSRF.search(page).group(1).decode()
        if self.token:  # an event's table: its match is there already
            self.next_hand()
            return
        form = {"csrf_token": self.csrf, "count": 4, "target": 1000}
        form.update({f"names-{i}": n for i, n in enumerate(NAMES)})
        status, headers, body = await self.recorder.request("POST", f"/new/{VARIANT}", form)
        if status != 302:
            raise RuntimeError(f"could not start a match: {status} {body[:300]!r}")
        self.token = headers["location"].rstrip("/").rsplit("/", 1)[1]
        self.next_hand()

    def next_hand(self):
        if self.match.result()[0]:  # a match decided: carry on as a new one
            self.decided += 1
            self.match = Match(VARIANT, NAMES, {"target": self.target})
        dealt, self.stock = deal(self.match, self.rng)
        self.hand = self.match.new_hand(dealt)
        self.seat = leader(self.hand, self.rng)

    def position(self) -> tuple[int, int]:
        return len(self.match.hands), len(self.hand.moves)

    def next_move(self) -> tuple[str, dict]:
        """The engine's random legal move, made on its own copy, as a form for the server."""
        hand_no, after = self.position()
        if self.hand.ended:
            self.hand.settle()
            form = {"hand": hand_no, "after": after}
            for seat, tiles in enumerate(self.hand.left):
                form[f"left-{seat}"] = " ".join(str(t) for t in tiles)
            self.next_hand()
            return "end", form
        move = self.hand.play_random(self.rng, self.seat, self.stock)
        form = {"hand": hand_no, "after": after, "seat": move.player}
        if move.kind == "play":
            form["tile"] = str(move.tile)
            if move.on is not None:
                form["on"] = str(move.on)
            return "play", form
        if move.kind == "draw":
            form["count"] = move.count or len(move.drawn)
            return "draw", form
        return "pass", form

    async def record(self, stats: Stats) -> bool:
        kind, form = self.next_move()
        form["csrf_token"] = self.csrf
        headers = {"X-Requested-With": "fetch", "Accept-Encoding": "gzip"}
        if kind == "end":
            headers = {}
        sent = time.perf_counter()
        try:
            status, got, body = await self.recorder.request(
                "POST", f"/t/{self.token}/{kind}", form, headers
            )
        except Exception as e:  # noqa: BLE001  (counted, the table stops)
            stats.error("write", repr(e))
            return False
        done = time.perf_counter()
        stats.add("write", done - sent)
        if status not in (200, 302):
            stats.error("write", f"{status} {kind} {form} {body[:200]!r}")
            return False
        if self.recorded is not None:  # an event's spectators are timed against it
            self.recorded.append((done, sent, kind))
        m = re.search(rb'data-version="([^"]*)"', body)
        if m:
            self.version = m.group(1).decode()
            self.changed[self.version] = sent
        else:
            self.changed["?"] = sent
        return True


async def phone_loop(table: Table, conn: Connection, stats: Stats, stop: float, poll: float):
    """A phone that watches: poll the version; when it changed, fetch the table."""
    seen = None
    await asyncio.sleep(table.rng.random() * poll)
    while time.perf_counter() < stop:
        start = time.perf_counter()
        try:
            status, _, body = await conn.request("GET", f"/t/{table.token}/version")
            stats.add("version", time.perf_counter() - start)
            if status != 200:
                stats.error("version", f"{status} {body[:200]!r}")
            else:
                v = body.decode().strip()
                if seen is not None and v != seen:
                    t0 = time.perf_counter()
                    status, _, page = await conn.request(
                        "GET", f"/t/{table.token}?fragment=1", headers={"Accept-Encoding": "gzip"}
                    )
                    done = time.perf_counter()
                    stats.add("fragment", done - t0)
                    if status != 200:
                        stats.error("fragment", f"{status} {page[:200]!r}")
                    sent = table.changed.get(v, table.changed.get("?"))
                    if sent is not None:
                        stats.propagation.append((done - sent) * 1000)
                seen = v
        except Exception as e:  # noqa: BLE001
            stats.error("version", repr(e))
        await asyncio.sleep(max(0.0, poll - (time.perf_counter() - start)))


async def recorder_loop(table: Table, stats: Stats, stop: float, every: float):
    await asyncio.sleep(table.rng.random() * every)
    while time.perf_counter() < stop:
        start = time.perf_counter()
        if not await table.record(stats):
            return
        await asyncio.sleep(max(0.0, every - (time.perf_counter() - start)))


# -- an event: the hall's tables are its tables, and spectators watch it ----------------------
PUBLIC_LINK = re.compile(rb'id="public-link" href="[^"]*/p/([^"/?#]+)"')
TABLE_LINK = re.compile(rb'href="[^"]*(/et/[^"/?#]+)"')
EVENT_VERSION = re.compile(rb'id="event" data-version="([^"]*)"')


class Event:
    """An event made through the director's routes (French Connection, pods of 4): its
    director's and public links, and the players' link of each table's current match."""

    def __init__(self, conn: Connection):
        self.conn = conn
        self.csrf = self.director = self.public = ""
        self.tokens: list[str] = []
        self.round = 0

    async def make(self, tables_n: int, target: int = 1000, name: str = "Hall"):
        _, _, page = await self.conn.request("GET", "/import")
        self.csrf = CSRF.search(page).group(1).decode()
        names = "\n".join(f"P{i:04d}" for i in range(4 * tables_n))
        form = {
            "csrf_token": self.csrf,
            "variant": VARIANT,
            "name": name,
            "format": "pods",
            "target": target,
            "entrants": names,
        }
        status, got, body = await self.conn.request("POST", "/events/new", form)
        if status != 302:
            raise RuntimeError(f"could not make an event: {status} {body[:300]!r}")
        self.director = got["location"].rstrip("/").rsplit("/", 1)[1]
        _, _, page = await self.conn.request("GET", f"/e/{self.director}")
        self.public = PUBLIC_LINK.search(page).group(1).decode()
        await self.next_round()

    async def act(self, what: str, form: dict):
        form = {"csrf_token": self.csrf, **form}
        status, _, body = await self.conn.request("POST", f"/e/{self.director}/{what}", form)
        if status != 302:
            raise RuntimeError(f"the director's {what}: {status} {body[:300]!r}")

    async def next_round(self):
        """Pair and start the next round; the players' links of its tables, in order."""
        self.round += 1
        await self.act("pair", {"round": self.round})
        await self.act("start", {"round": self.round})
        _, _, cards = await self.conn.request("GET", f"/e/{self.director}/cards")
        self.tokens = []
        for link in dict.fromkeys(TABLE_LINK.findall(cards)):
            status, got, _ = await self.conn.request("GET", link.decode())
            if status != 302:
                raise RuntimeError(f"{link!r}: {status}")
            self.tokens.append(got["location"].rstrip("/").rsplit("/", 1)[1])

    async def director_page(self) -> bytes:
        _, _, page = await self.conn.request("GET", f"/e/{self.director}")
        return page


class Watch:
    """What one spectator has seen: every move recorded (answered, sent, kind, in the
    order of their answers) is seen once a request the spectator started after its answer
    has shown the page as it is (a poll that says nothing changed, or the fragment)."""

    def __init__(self, recorded: list, stats: Stats):
        self.recorded, self.stats, self.next = recorded, stats, 0

    def opened(self, started: float):
        """The page opened by a request started at `started`: the moves answered before
        it are on it (not counted: the spectator was not there when they were made)."""
        moves = self.recorded
        while self.next < len(moves) and moves[self.next][0] <= started:
            self.next += 1

    def seen(self, started: float, done: float):
        moves = self.recorded
        while self.next < len(moves) and moves[self.next][0] <= started:
            _, sent, kind = moves[self.next]
            self.stats.propagation.append((done - sent) * 1000)
            if kind == "end":  # a hand settled: what the event's pages show changes
                self.stats.shown.append((done - sent) * 1000)
            self.next += 1


async def spectator_loop(
    conn, path: str, watch: Watch, stats, stop: float, poll: float, rng, arrive: float = 0.0
):
    """A spectator's page (the public page or the TV), as static/js/event.js runs it: the
    page opened at a moment of the first `arrive` seconds, then the event's version polled
    `poll` s after the last answer; when it is not the page's, the live fragment fetched
    and swapped in."""
    base = path.split("?")[0]
    version_url = "/p/" + base.split("/")[2] + "/version"
    gz = {"Accept-Encoding": "gzip"}
    await asyncio.sleep(rng.random() * arrive)
    try:
        start = time.perf_counter()
        status, _, page = await conn.request("GET", path, headers=gz)
        stats.add("event_page", time.perf_counter() - start)
        held = EVENT_VERSION.search(page).group(1).decode()
        watch.opened(start)
    except Exception as e:  # noqa: BLE001
        stats.error("event_page", repr(e))
        return
    await asyncio.sleep(rng.random() * poll)
    while time.perf_counter() < stop:
        start = time.perf_counter()
        try:
            status, _, body = await conn.request("GET", version_url)
            answered = time.perf_counter()
            stats.add("event_version", answered - start)
            if status != 200:
                stats.error("event_version", f"{status} {body[:200]!r}")
            elif body.decode().strip() != held:
                f0 = time.perf_counter()
                status, _, frag = await conn.request(
                    "GET", base + "?fragment=1", headers={**gz, "If-None-Match": f'"{held}"'}
                )
                f1 = time.perf_counter()
                stats.add("event_fragment", f1 - f0)
                if status == 200:
                    held = EVENT_VERSION.search(frag).group(1).decode()
                    watch.seen(f0, f1)
                elif status == 304:
                    watch.seen(f0, f1)
                else:
                    stats.error("event_fragment", f"{status} {frag[:200]!r}")
            else:
                watch.seen(start, answered)
        except Exception as e:  # noqa: BLE001
            stats.error("event_version", repr(e))
        await asyncio.sleep(poll)


async def bare_loop(conn, stats, stop: float, every: float):
    """The bare route, asked through the run: what any request costs at this load."""
    while time.perf_counter() < stop:
        start = time.perf_counter()
        try:
            status, _, _ = await conn.request("GET", "/healthz")
            stats.add("healthz", time.perf_counter() - start)
            if status != 200:
                stats.error("healthz", str(status))
        except Exception as e:  # noqa: BLE001
            stats.error("healthz", repr(e))
        await asyncio.sleep(every)


def figures(stats: Stats, wall: float, start: float) -> dict:
    times = stats.all_times
    return {
        "p99_by_5s_ms": stats.windows(start),
        "requests": len(times),
        "requests_per_s": round(len(times) / wall, 1),
        "errors": sum(stats.errors.values()),
        "p50_ms": round(pct(times, 50), 1),
        "p95_ms": round(pct(times, 95), 1),
        "p99_ms": round(pct(times, 99), 1),
        "max_ms": round(max(times), 1) if times else None,
        "by_kind": {
            k: {"n": len(v), "p50": round(pct(v, 50), 1), "p99": round(pct(v, 99), 1)}
            for k, v in sorted(stats.times.items())
        },
        "propagation_ms": spread(stats.propagation),
        **({"error_samples": stats.samples} if stats.errors else {}),
    }


def spread(values: list[float]) -> dict:
    if not values:
        return {"n": 0, "p50": None, "p95": None, "max": None}
    return {
        "n": len(values),
        "p50": round(pct(values, 50)),
        "p95": round(pct(values, 95)),
        "max": round(max(values)),
    }


async def hall(args, tables_n: int) -> dict:
    """N tables x phones for args.seconds (with --event, an event's tables and its
    --spectators, and the bare route asked beside them); returns the figures."""
    rng = random.Random(args.seed)
    event = None
    tokens = [""] * tables_n
    if args.event:
        event = Event(Connection(args.host, args.port))
        await event.make(tables_n)
        tokens = event.tokens
    tables = [Table(args.host, args.port, random.Random(rng.random()), token) for token in tokens]
    for i in range(0, len(tables), 20):  # set up in small batches
        await asyncio.gather(*(t.start() for t in tables[i : i + 20]))
    stats, watching, bare = Stats(), Stats(), Stats()
    servers = args.servers
    phones = [
        Connection(*servers[(i + 1) % len(servers)]) for i in range(tables_n * (args.phones - 1))
    ]
    recorded: list = []
    spectators = []
    if event is not None:
        for t in tables:
            t.recorded = recorded
        for i in range(args.spectators):  # half on the public page, half on the TV
            path = f"/p/{event.public}" + ("/tv" if i % 2 else "")
            spectators.append((Connection(*servers[i % len(servers)]), path))
    servers_pids = set().union(*(listening(port) for _host, port in servers))
    server0, database0 = cpu_seconds(servers_pids), cpu_seconds(named("postgres"))
    cpu0, load0 = resource.getrusage(resource.RUSAGE_SELF), load_average()
    start = time.perf_counter()
    stop = start + args.seconds
    tasks = []
    for i, t in enumerate(tables):
        tasks.append(recorder_loop(t, stats, stop, args.move_every))
        # the recording phone polls too (on a second connection: one request at a time each)
        tasks.append(phone_loop(t, Connection(*servers[0]), stats, stop, args.poll))
        for conn in phones[i * (args.phones - 1) : (i + 1) * (args.phones - 1)]:
            tasks.append(phone_loop(t, conn, stats, stop, args.poll))
    for conn, path in spectators:
        watch = Watch(recorded, watching)
        tasks.append(
            spectator_loop(
                conn,
                path,
                watch,
                watching,
                stop,
                args.poll,
                random.Random(rng.random()),
                args.arrive,
            )
        )
    bare_conn = Connection(args.host, args.port)
    tasks.append(bare_loop(bare_conn, bare, stop, 0.25))
    await asyncio.gather(*tasks)
    wall = time.perf_counter() - start
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu = used(server0, cpu_seconds(servers_pids))
    database_cpu = used(database0, cpu_seconds(named("postgres")))
    for c in phones + [t.recorder for t in tables] + [c for c, _ in spectators] + [bare_conn]:
        c.close()
    out = {
        "tables": tables_n,
        "phones": tables_n * args.phones,
        "seconds": round(wall, 1),
        **figures(stats, wall, start),
        "bare_ms": {
            "p50": round(pct(bare.all_times, 50), 1),
            "p99": round(pct(bare.all_times, 99), 1),
        },
        "client_cpu_s": round(cpu1.ru_utime + cpu1.ru_stime - cpu0.ru_utime - cpu0.ru_stime, 1),
        # the app servers' processes and the database's (PostgreSQL), in cores over the run
        "server_cores": round(server_cpu / wall, 2),
        "database_cores": round(database_cpu / wall, 2),
        "server_ms_per_table_s": round(server_cpu * 1000 / wall / tables_n, 2),
        "load_before": load0,
        "load_after": load_average(),
    }
    if event is not None:
        out["spectators"] = {
            "n": len(spectators),
            **figures(watching, wall, start),
            "hands_settled_ms": spread(watching.shown),
        }
        page = await event.director_page()
        out["director_page_bytes"] = len(page)
        out["director_page_gzip_bytes"] = len(gzip.compress(page, 6))
        event.conn.close()
    return out


# -- single requests, as ratios to a bare route --------------------------------------------
async def timed(conn: Connection, method, path, form=None, headers=None, ok=(200,)):
    start = time.perf_counter()
    status, got, body = await conn.request(method, path, form, headers)
    took = (time.perf_counter() - start) * 1000
    if status not in ok:
        raise RuntimeError(f"{method} {path}: {status} {body[:300]!r}")
    return took, body


def long_record(seed: int) -> tuple[dict, Match, list]:
    """A French Connection record of 7 settled hands and 24 moves of hand 8 whose next move
    is a play (deals left out, as at a real table); and the engine's match at that point."""
    rng = random.Random(seed)
    while True:
        match = Match(VARIANT, NAMES, {"target": 1000})
        ok = True
        for _ in range(7):
            if match.result()[0]:
                break
            play_hand(match, rng)
        if len(match.hands) < 7 or match.result()[0]:
            continue
        dealt, stock = deal(match, rng)
        hand = match.new_hand(dealt)
        seat = leader(hand, rng)
        for _ in range(24):
            if hand.ended:
                ok = False
                break
            hand.play_random(rng, seat, stock)
        if ok and not hand.ended:
            plays = hand.legal_plays(hand.turn)
            if plays:
                data = record.to_json(match)
                for h in data["hands"]:
                    h.pop("dealt", None)
                return data, match, plays


async def ratios(args) -> dict:
    """Median times of single requests, each as a ratio to /healthz in the same run."""
    n = args.samples
    conn = Connection(args.host, args.port)
    _, page = await timed(conn, "GET", "/import")
    csrf = CSRF.search(page).group(1).decode()
    form = {"csrf_token": csrf, "count": 4, "target": 1000}
    form.update({f"names-{i}": nm for i, nm in enumerate(NAMES)})
    status, got, body = await conn.request("POST", f"/new/{VARIANT}", form)
    short = got["location"].rstrip("/").rsplit("/", 1)[1]
    data, match, plays = long_record(args.seed)
    status, got, body = await conn.request(
        "POST", "/import", {"csrf_token": csrf, "text": json.dumps(data), "carry_on": "y"}
    )
    if status != 302:
        raise RuntimeError(f"import refused: {status} {body[:500]!r}")
    long = got["location"].rstrip("/").rsplit("/", 1)[1]

    # the first hand's lead (move 1 of hand 1): the engine's choice for a fresh deal
    first = Match(VARIANT, NAMES, {"target": 1000})
    rng = random.Random(args.seed)
    dealt, _ = deal(first, rng)
    h1 = first.new_hand(dealt)
    seat = leader(h1, rng)
    lead_tile, _ = h1.legal_plays(seat)[0]
    hand8 = match.current
    t25, place = plays[0]
    fetch = {"X-Requested-With": "fetch", "Accept-Encoding": "gzip"}
    others = [Connection(args.host, args.port) for _ in range(3)]

    async def cycle(token, hand_no, after, seat, tile, on, swap=False):
        """Record a play and take it back; the play's time. `swap`: as the table's script
        sends it (the answer is the new table fragment), else as a form without script
        (the answer is a redirect)."""
        play = {
            "csrf_token": csrf,
            "hand": hand_no,
            "after": after,
            "seat": seat,
            "tile": str(tile),
        }
        if on is not None:
            play["on"] = str(on)
        if swap:
            took, _ = await timed(conn, "POST", f"/t/{token}/play", play, fetch)
            if token == short:  # the table's other phones, each on its own connection
                for other in others:
                    got, _ = await timed(other, "GET", f"/t/{token}?fragment=1", headers=fetch)
                    kinds["fragment"].append(got)
        else:
            took, _ = await timed(conn, "POST", f"/t/{token}/play", play, ok=(302,))
            if token == short:  # another phone's first fetch of the new version
                first, _ = await timed(conn, "GET", f"/t/{token}?fragment=1", headers=fetch)
                kinds["fragment_new"].append(first)
            # the phone follows the redirect, which shows (and so drops) the flashed
            # message: else the session cookie grows at every play
            await conn.request("GET", f"/t/{token}", headers={"Accept-Encoding": "gzip"})
        undo = {"csrf_token": csrf, "hand": hand_no, "after": after + 1, "settled": 0}
        await timed(conn, "POST", f"/t/{token}/undo", undo, fetch)
        return took

    kinds = {
        "healthz": [],
        "version": [],
        "fragment": [],
        "fragment_new": [],
        "play_h1m1": [],
        "play_h8m25": [],
        "play+fragment_h1m1": [],
        "play+fragment_h8m25": [],
    }
    for _ in range(max(3, n // 10)):  # warm up
        await conn.request("GET", "/healthz")
        await cycle(short, 1, 0, seat, lead_tile, None)
        await cycle(long, 8, 24, hand8.turn, t25, place[0])
    for _ in range(n):  # interleaved, so that a change in the machine's load hits all alike
        kinds["healthz"].append((await timed(conn, "GET", "/healthz"))[0])
        kinds["version"].append((await timed(conn, "GET", f"/t/{short}/version"))[0])
        kinds["play_h1m1"].append(await cycle(short, 1, 0, seat, lead_tile, None))
        kinds["play_h8m25"].append(await cycle(long, 8, 24, hand8.turn, t25, place[0]))
        kinds["play+fragment_h1m1"].append(await cycle(short, 1, 0, seat, lead_tile, None, True))
        kinds["play+fragment_h8m25"].append(
            await cycle(long, 8, 24, hand8.turn, t25, place[0], True)
        )
    for c in (conn, *others):
        c.close()
    med = {k: pct(v, 50) for k, v in kinds.items()}
    base = med["healthz"]
    return {
        "samples": n,
        "median_ms": {k: round(v, 2) for k, v in med.items()},
        "ratio_to_healthz": {k: round(v / base, 2) for k, v in med.items()},
        "hand8_move25_over_hand1_move1": round(med["play_h8m25"] / med["play_h1m1"], 2),
        "with_fragment": round(med["play+fragment_h8m25"] / med["play+fragment_h1m1"], 2),
        "load": load_average(),
    }


# -- an event's pages, single requests ------------------------------------------------------
async def event_pages(args) -> dict:
    """The event's pages (the standings, the public page and its live fragment, the TV,
    the director's page, the version poll), median times as ratios to /healthz, at
    --event-tables live tables: first with no match finished, then after enough rounds
    played to their end (matches to 1 point: one hand) for --finished finished matches."""
    n, k = args.event_tables, args.event_samples
    conn = Connection(args.host, args.port)
    event = Event(conn)
    await event.make(n, target=1, name="Pages")
    stats = Stats()
    out = {"tables": n, "samples": k, "at": []}

    async def tables_of_round(moves: int) -> list[Table]:
        rng = random.Random(args.seed + event.round)
        tables = [
            Table(args.host, args.port, random.Random(rng.random()), t, 1) for t in event.tokens
        ]
        for i in range(0, len(tables), 20):
            await asyncio.gather(*(t.start() for t in tables[i : i + 20]))

        async def play(t: Table, count: int):
            for _ in range(count):
                if t.hand.ended or not await t.record(stats):
                    return

        await asyncio.gather(*(play(t, moves) for t in tables))
        return tables

    async def finish(t: Table):
        while not t.decided:
            if not await t.record(stats):
                raise RuntimeError(f"a table could not finish: {stats.samples}")

    finished, live = 0, await tables_of_round(5)
    for goal in (0, args.finished):
        while finished < goal:  # the round's matches played to their end, the next started
            for i in range(0, len(live), 25):
                await asyncio.gather(*(finish(t) for t in live[i : i + 25]))
            finished += len(live)
            for t in live:
                t.recorder.close()
            await event.next_round()
            live = await tables_of_round(5)
        out["at"].append({"finished": finished, **await _pages(args, event, live, k)})
    for t in live:
        t.recorder.close()
    page = await event.director_page()
    out["director_page_bytes"] = len(page)
    conn.close()
    if stats.errors:
        out["error_samples"] = stats.samples
    return out


async def _pages(args, event: Event, live: list[Table], k: int) -> dict:
    conn = Connection(args.host, args.port)
    pub, gz = f"/p/{event.public}", {"Accept-Encoding": "gzip"}
    pages = {
        "standings.json": f"{pub}/standings.json",
        "public": pub,
        "fragment": f"{pub}?fragment=1",
        "tv": f"{pub}/tv",
        "director": f"/e/{event.director}",
        "version": f"{pub}/version",
    }
    kinds: dict[str, list[float]] = {"healthz": [], **{p: [] for p in pages}}
    kinds["version_new"], kinds["fragment_new"] = [], []
    stats = Stats()
    rotation = iter(range(10**9))
    for _ in range(2):  # warm up
        for path in pages.values():
            await conn.request("GET", path, headers=gz)
    for _ in range(k):
        kinds["healthz"].append((await timed(conn, "GET", "/healthz"))[0])
        for name, path in pages.items():
            kinds[name].append((await timed(conn, "GET", path, headers=gz))[0])
        # a move at one of the live tables, then the first poll and fragment after it
        for _ in range(len(live)):
            t = live[next(rotation) % len(live)]
            if not t.hand.ended:
                break
        await t.record(stats)
        kinds["version_new"].append((await timed(conn, "GET", pages["version"]))[0])
        kinds["fragment_new"].append((await timed(conn, "GET", pages["fragment"], headers=gz))[0])
    conn.close()
    med = {name: pct(v, 50) for name, v in kinds.items()}
    base = med["healthz"]
    return {
        "median_ms": {name: round(v, 2) for name, v in med.items()},
        "ratio_to_healthz": {name: round(v / base, 2) for name, v in med.items()},
        "load": load_average(),
        "errors": sum(stats.errors.values()),
    }


def print_event_pages(r: dict):
    print(f"Event pages at {r['tables']} live tables, median of {r['samples']}:")
    names = list(r["at"][0]["median_ms"])
    print("  " + " " * 16 + "".join(f"{a['finished']:>10d} finished  " for a in r["at"]))
    for name in names:
        cells = "".join(
            f"{a['median_ms'][name]:8.2f} ms {a['ratio_to_healthz'][name]:6.2f}x" for a in r["at"]
        )
        print(f"  {name:16s}{cells}")
    print(
        f"  load {' / '.join(a['load'] for a in r['at'])}; errors {[a['errors'] for a in r['at']]}"
    )
    print(f"  director's page with {r['tables']} tables: {r['director_page_bytes']:,} bytes")


# -- the command ---------------------------------------------------------------------------
def print_hall(r: dict, target: float):
    ok = r["errors"] == 0 and r["p99_ms"] <= target
    print(
        f"{r['tables']:4d} tables {r['phones']:4d} phones {r['seconds']:5.1f} s "
        f"{r['requests_per_s']:7.1f} req/s  p50 {r['p50_ms']:6.1f}  p95 {r['p95_ms']:6.1f}  "
        f"p99 {r['p99_ms']:7.1f}  max {r['max_ms']} ms  errors {r['errors']}  "
        f"propagation p50/p95/max {r['propagation_ms']['p50']}/{r['propagation_ms']['p95']}/"
        f"{r['propagation_ms']['max']} ms  client CPU {r['client_cpu_s']} s  "
        f"load {r['load_before']} -> {r['load_after']}  {'HOLDS' if ok else 'BROKEN'}"
    )
    for k, v in r["by_kind"].items():
        print(f"       {k:14s} n={v['n']:6d} p50 {v['p50']:6.1f} p99 {v['p99']:7.1f} ms")
    print(f"       p99 in each 5 s of the run: {r['p99_by_5s_ms']} ms")
    print(
        f"       CPU: app servers {r['server_cores']} cores "
        f"({r['server_ms_per_table_s']} ms a second per table), "
        f"PostgreSQL {r['database_cores']} cores, this load generator "
        f"{round(r['client_cpu_s'] / r['seconds'], 2)} cores"
    )
    for k, v in r.get("error_samples", {}).items():
        print(f"       first {k} error: {v}")
    print(
        f"       bare route during the run: p50 {r['bare_ms']['p50']} p99 {r['bare_ms']['p99']} ms"
    )
    w = r.get("spectators")
    if w:
        seen, shown = w["propagation_ms"], w["hands_settled_ms"]
        print(
            f"     {w['n']:4d} spectators (half TV) {w['requests_per_s']:7.1f} req/s  "
            f"p50 {w['p50_ms']:6.1f}  p95 {w['p95_ms']:6.1f}  p99 {w['p99_ms']:7.1f}  "
            f"max {w['max_ms']} ms  errors {w['errors']}  moves seen p50/p95/max "
            f"{seen['p50']}/{seen['p95']}/{seen['max']} ms (n={seen['n']}); hands settled "
            f"{shown['p50']}/{shown['p95']}/{shown['max']} ms (n={shown['n']})"
        )
        for k, v in w["by_kind"].items():
            print(f"       {k:14s} n={v['n']:6d} p50 {v['p50']:6.1f} p99 {v['p99']:7.1f} ms")
        print(f"       p99 in each 5 s of the run: {w['p99_by_5s_ms']} ms")
        for k, v in w.get("error_samples", {}).items():
            print(f"       first {k} error: {v}")
        print(
            f"       director's page after the run: {r['director_page_bytes']:,} bytes "
            f"({r['director_page_gzip_bytes']:,} gzipped)"
        )


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="See the module docstring and docs/performance.md.",
    )
    p.add_argument(
        "--url",
        default="http://127.0.0.1:5000",
        help="the server (loopback only); several, comma-separated, for several "
        "app servers on one database: each table's phones are spread over them",
    )
    p.add_argument("--tables", type=int, default=25, help="tables in the hall (default 25)")
    p.add_argument(
        "--sweep",
        help="several table counts, e.g. 25,50,75,100: reports the "
        "largest that holds p99 <= --target with 0 errors",
    )
    p.add_argument("--phones", type=int, default=4, help="phones per table (default 4)")
    p.add_argument("--seconds", type=float, default=60, help="length of each load run")
    p.add_argument("--poll", type=float, default=1.0, help="seconds between version polls")
    p.add_argument("--move-every", type=float, default=5.0, help="seconds between moves")
    p.add_argument("--target", type=float, default=100.0, help="p99 target in ms (100)")
    p.add_argument("--samples", type=int, default=200, help="single requests per kind (200)")
    p.add_argument("--no-ratios", action="store_true", help="skip the single-request phase")
    p.add_argument("--no-load", action="store_true", help="only the single-request phase")
    p.add_argument(
        "--quick", action="store_true", help="a short smoke run: 10 tables for 15 s, 50 samples"
    )
    p.add_argument(
        "--event",
        action="store_true",
        help="the hall's tables are an event's tables (made through the director's routes)",
    )
    p.add_argument(
        "--arrive",
        type=float,
        default=10.0,
        help="with --spectators: they open their pages over the first ARRIVE seconds "
        "(default 10; 0: all at once)",
    )
    p.add_argument(
        "--spectators",
        type=int,
        default=0,
        help="with --event: spectators watching it, half on the public page, half on the TV",
    )
    p.add_argument(
        "--event-pages",
        action="store_true",
        help="the event's pages as single requests, at --event-tables live tables with no "
        "match finished and with --finished finished",
    )
    p.add_argument("--event-tables", type=int, default=50, help="for --event-pages (50)")
    p.add_argument("--finished", type=int, default=150, help="for --event-pages (150)")
    p.add_argument("--event-samples", type=int, default=30, help="for --event-pages (30)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = p.parse_args(argv)
    args.servers = []
    for url in args.url.split(","):
        u = urllib.parse.urlsplit(url.strip())
        host, port = u.hostname or "127.0.0.1", u.port or 80
        try:
            loopback = ipaddress.ip_address(socket.gethostbyname(host)).is_loopback
        except (OSError, ValueError):
            loopback = False
        if not loopback:
            p.error(f"{host} is not a loopback address: this tool drives a local server only")
        args.servers.append((host, port))
    args.host, args.port = args.servers[0]
    if args.quick:
        args.tables, args.seconds, args.samples = min(args.tables, 10), 15, 50
    counts = [int(x) for x in args.sweep.split(",")] if args.sweep else [args.tables]
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M:%S')} {args.url} load average {load_average()} "
        f"cores {os.cpu_count()}"
    )
    figures: dict = {}
    if not args.no_ratios:
        r = asyncio.run(ratios(args))
        figures["ratios"] = r
        print(f"Single requests, median of {r['samples']} (load {r['load']}):")
        for k, ms in r["median_ms"].items():
            print(f"  {k:20s} {ms:7.2f} ms  {r['ratio_to_healthz'][k]:5.2f}x /healthz")
        print(
            f"  move 25 of hand 8 / move 1 of hand 1: {r['hand8_move25_over_hand1_move1']} "
            f"(with the new table fragment in the answer: {r['with_fragment']})"
        )
    if args.event_pages:
        r = asyncio.run(event_pages(args))
        figures["event_pages"] = r
        print_event_pages(r)
    if not args.no_load:
        best = None
        figures["halls"] = []
        for n in counts:
            r = asyncio.run(hall(args, n))
            figures["halls"].append(r)
            print_hall(r, args.target)
            if r["errors"] == 0 and r["p99_ms"] <= args.target:
                best = n
        print(f"Largest table count holding p99 <= {args.target:g} ms with 0 errors: {best}")
        figures["largest_holding"] = best
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
