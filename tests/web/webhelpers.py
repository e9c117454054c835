"""Helpers for the web tests: read pages, and drive a table like a player's phone."""

from __future__ import annotations

import contextlib
import io
import re
from html.parser import HTMLParser
from pathlib import Path


# -- reading pages ------------------------------------------------------------------------
class _Text(HTMLParser):
    """The text of the element with a given id (tags stripped, spaces collapsed)."""

    VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr", "area", "col"}

    def __init__(self, ident: str):
        super().__init__()
        self.ident, self.depth, self.parts, self.found = ident, 0, [], False

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        if self.depth:
            self.depth += 1
        elif dict(attrs).get("id") == self.ident:
            self.depth, self.found = 1, True

    def handle_endtag(self, tag):
        if self.depth and tag not in self.VOID:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.parts.append(data)


def text_of(html: str, ident: str) -> str | None:
    """The text of the element with id `ident`, or None if there is none."""
    p = _Text(ident)
    p.feed(html)
    return " ".join(" ".join(p.parts).split()) if p.found else None


RECORDS = Path(__file__).resolve().parents[1] / "records"

# Čtyřka, two players, as the app deals with RANDOM_SEED 7 (the tests' apps; simulator seed
# 27128): Ana goes out in hand 1, hand 2 is blocked.
CTYRKA_DOMINO = """
    Ana 5-5; Ben 5-1 on 5-5; Ana 5-0 on 5-5; Ben 2-1 on 5-1; Ana 3-0 on 5-0; Ben 6-2 on 2-1
    Ana 6-4 on 6-2; Ben 4-4 on 6-4; Ana 6-5 on 5-5; Ben 6-1 on 6-5; Ana 3-3 on 3-0
    Ben 4-1 on 6-1; Ana 4-2 on 4-4
"""
CTYRKA_BLOCKED = """
    Ben 3-3; Ana 4-3 on 3-3; Ben draw; Ana 4-0 on 4-3; Ben 5-0 on 4-0; Ana 5-3 on 5-0
    Ben draw; Ana 3-1 on 5-3; Ben 6-1 on 3-1; Ana 6-3 on 6-1; Ben draw; Ana draw
    Ben draw; Ana draw; Ben draw; Ana draw; Ben draw; Ana draw
    Ben draw; Ana draw; Ben 3-0 on 3-3; Ana 6-0 on 3-0; Ben 6-2 on 6-0; Ana 3-2 on 6-2
    Ben draw; Ana draw; Ben pass; Ana pass
"""
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


class Phone:
    """A player's phone: a test client that sends its CSRF token with every form and
    records moves written the way players say them ("Ben 5-3 on 5-5", "Cleo draw 2",
    "Dan pass")."""

    def __init__(self, client):
        self.client = client
        self._token = None
        self.players: dict[str, list[str]] = {}

    @property
    def csrf(self) -> str:
        if self._token is None:
            html = self.client.get("/import").get_data(as_text=True)
            self._token = CSRF.search(html).group(1)
        return self._token

    def post(self, url: str, data: dict | None = None, csrf: bool = True, **kw):
        data = dict(data or {})
        if csrf:
            data.setdefault("csrf_token", self.csrf)
        return self.client.post(url, data=data, **kw)

    def get(self, url: str, **kw):
        return self.client.get(url, **kw)

    # -- a match --------------------------------------------------------------------------
    def start(self, variant: str, names: list[str], **options) -> str:
        """Start a match from the form; returns the players' token."""
        data = {f"names-{i}": n for i, n in enumerate(names)}
        data["count"] = len(names)
        data.update({k: v for k, v in options.items()})
        r = self.post(f"/new/{variant}", data)
        assert r.status_code == 302, r.get_data(as_text=True)
        token = r.location.rsplit("/", 1)[1]
        self.players[token] = list(names)
        return token

    def imported(self, name: str) -> str:
        """Import tests/records/<name> to carry on playing; returns the players' token."""
        body = (RECORDS / name).read_bytes()
        r = self.post(
            "/import",
            {"carry_on": "1", "file": (io.BytesIO(body), "match.json")},
            content_type="multipart/form-data",
        )
        assert r.status_code == 302, r.get_data(as_text=True)[:2000]
        return r.location.rsplit("/", 1)[1]

    def table(self, token: str, **query) -> str:
        r = self.get(f"/t/{token}", query_string=query)
        assert r.status_code == 200, r.get_data(as_text=True)
        return r.get_data(as_text=True)

    def position(self, token: str) -> tuple[int, int]:
        """(hand, moves recorded in it) as the table page shows them."""
        html = self.table(token)
        m = re.search(r'data-hand="(\d+)" data-after="(\d+)"', html)
        return int(m.group(1)), int(m.group(2))

    def move(self, token: str, line: str, status: int = 302, position=None):
        """Send one move said as "Ana 5-5", "Ben 5-0 on 5-5", "Cleo draw 2", "Dan pass"."""
        hand, after = position or self.position(token)
        name, *rest = line.split()
        seat = self.players[token].index(name)
        data = {"hand": hand, "after": after, "seat": seat}
        if rest == ["pass"]:
            url = "pass"
        elif rest[0] == "draw":
            url = "draw"
            data["count"] = rest[1] if len(rest) > 1 else 1
        else:
            url = "play"
            data["tile"] = rest[0]
            if len(rest) == 3:
                data["on"] = rest[2]
        r = self.post(f"/t/{token}/{url}", data)
        assert r.status_code == status, (line, r.status_code, r.get_data(as_text=True)[:3000])
        return r

    def moves(self, token: str, text: str) -> None:
        """Several moves, separated by ";" or new lines; '#' starts a comment."""
        for raw in text.splitlines():
            for part in raw.split("#")[0].split(";"):
                if part.strip():
                    self.move(token, part.strip())

    def settle(self, token: str, left: dict[str, str], status: int = 302, position=None):
        """Enter the tiles left in each hand ({"Ben": "6-6 4-2"}) and settle the hand."""
        hand, after = position or self.position(token)
        data = {"hand": hand, "after": after}
        names = self.players[token]
        for name, tiles in left.items():
            data[f"left-{names.index(name)}"] = tiles
        r = self.post(f"/t/{token}/end", data)
        assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:3000])
        return r

    def undo(self, token: str, status: int = 302):
        html = self.get(f"/t/{token}/undo").get_data(as_text=True)
        hand = re.search(r'name="hand" value="(\d+)"', html).group(1)
        after = re.search(r'name="after" value="(\d+)"', html).group(1)
        settled = re.search(r'name="settled" value="(\d+)"', html).group(1)
        r = self.post(f"/t/{token}/undo", {"hand": hand, "after": after, "settled": settled})
        assert r.status_code == status, r.get_data(as_text=True)[:3000]
        return r

    def record(self, token: str) -> dict:
        r = self.get(f"/t/{token}/record.json")
        assert r.status_code == 200
        return r.get_json(force=True)

    def read_token(self, token: str) -> str:
        html = self.table(token)
        return re.search(r'id="read-link" href="[^"]*/s/([^"]+)"', html).group(1)


# -- what reaches the database --------------------------------------------------------------
@contextlib.contextmanager
def sent_sql(app):
    """The SQL statements sent in the block (in the list it gives), through the app's
    engines (its own and, on PostgreSQL, the autocommit one), with their commits
    ("COMMIT"), through SQLite's writer of moves (`connections.SqliteWriter`, on this
    thread's connection: SQLite itself reports them, its BEGIN and COMMIT too), and to
    PostgreSQL to be answered later (`inflight.send`)."""
    import sqlalchemy as sa

    from referee.web.server import inflight
    from referee.web.server.connections import WRITER, autocommit_engine
    from referee.web.store import db

    sent: list[str] = []
    with app.app_context():
        engines = [db.engine, *filter(None, [autocommit_engine(app)])]

    def listen(conn, cursor, statement, *args):
        sent.append(statement)

    def commit(conn):
        sent.append("COMMIT")

    writer = app.extensions.get(WRITER)
    with app.app_context():
        raw = writer.connection() if writer else None
    for engine in engines:
        sa.event.listen(engine, "before_cursor_execute", listen)
        sa.event.listen(engine, "commit", commit)
    if raw is not None:
        raw.set_trace_callback(sent.append)
    inflight.TRACE.append(sent.append)
    try:
        yield sent
    finally:
        inflight.TRACE.remove(sent.append)
        if raw is not None:
            raw.set_trace_callback(None)
        for engine in engines:
            sa.event.remove(engine, "before_cursor_execute", listen)
            sa.event.remove(engine, "commit", commit)
