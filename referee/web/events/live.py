"""An event as its public pages show it, worked out once per change for the whole host.

An event's public page and TV are watched by hundreds at once, each polling the event's
version every second (`static/js/event.js`), while its tables write about 20 times a
second. So what they show is worked out here once per change of the event, not once per
viewer:

- The event's **version** (`events.version`) is one more at every write to the event or
  to one of its matches, in the write's transaction (`service._touch`,
  `table.transaction.lock`): one indexed read tells whether anything changed.
- What the pages show does not change at most writes (a tile laid changes no total), so
  each version is **checked** once: the results of its matches (`service.Game`, kept per
  match and version; only a match written since is replayed, from this process's cache of
  replayed matches) and the director's last act make a digest; the same digest as before
  keeps the **shown version** (`shown`, the version at which what the pages show last
  changed). The public pages poll the shown version (`poll.py` answers it before Flask
  from the files below), and fetch the live fragment only when it moves on.
- The **state** (`service.EventState`: tables, standings) and each page's **live
  fragment** (per kind of page and language) are made once per shown version: the
  fragment rendered once, kept in memory and in a file all the host's processes read (a
  `cache.Shared`, as the tables' fragments are: `rendered.py`), and gzipped once per
  process. Every viewer gets the same bytes (an ETag of the shown version, 304 when the
  viewer has them).

The event's rows (entrants, rounds, tables, the link from tables to matches) are read
into plain rows once per act of the director (`events.updated`) and kept per process.
Finished rounds are not worked out again: their matches' results are kept until a write
to them (a correction, an unlock), and the standings are made again only when a result
changes. Nothing here is a second copy of a score: it is all what replaying the matches
gives, kept by the versions it was made at; deleting it loses nothing.
"""

from __future__ import annotations

import gzip
import hashlib
import time
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import NamedTuple

from flask import current_app
from sqlalchemy import bindparam, select
from werkzeug.http import parse_accept_header

from referee.events import standings as st

from ..models import Match, is_token
from ..server.cache import LRU, Locks, Shared
from ..store import db, read
from ..table import state as tables
from ..table.rendered import later
from . import service
from .models import Entrant, Event, EventGame, EventTable, Round

EVENTS = 64  # events kept per process
PAGES = 256  # rendered live fragments kept per process (kinds x languages x events)


class Head(NamedTuple):
    """What one indexed read says of an event at a public link."""

    id: int
    version: int
    token: str  # its public token: with the id, what the host's files are kept under


HEAD = select(Event.id, Event.version, Event.public_token).where(
    Event.public_token == bindparam("token")
)


def head(token: str) -> Head | None:
    """The event at a public link and its version (one indexed read), or None."""
    if not is_token(token):  # checked before any query, as the table links are
        return None
    found = read(HEAD, {"token": token}).one_or_none()  # one round trip: autocommit
    return None if found is None else Head(*found)


# -- the event's rows, as plain values ------------------------------------------------------
@dataclass(frozen=True)
class EntrantRow:
    id: int
    number: int
    members: tuple[str, ...]
    withdrawn: bool

    @property
    def name(self) -> str:
        return " & ".join(self.members)


@dataclass(frozen=True)
class MatchRef:
    id: int
    write_token: str
    read_token: str


@dataclass(frozen=True)
class GameRow:
    id: int
    number: int
    match_id: int
    match: MatchRef


@dataclass(frozen=True)
class TableRow:
    id: int
    round_id: int
    number: int
    entrants: list[int]
    token: str
    forfeit: dict | None
    abandoned: str | None
    time_hands: int | None
    games: tuple[GameRow, ...]


@dataclass(frozen=True)
class RoundRow:
    id: int
    number: int
    byes: list[int]
    started: datetime | None
    time_cap: int | None
    time_called: datetime | None
    tables: tuple[TableRow, ...]


@dataclass(frozen=True)
class EventRow:
    """An event's row with its entrants, with the fields the pages and the standings read
    (as the ORM's `Event`)."""

    id: int
    name: str
    variant: str
    options: dict
    pairs: bool
    table_size: int | None
    format: str
    rounds: int | None
    series: int
    settings: dict
    director_token: str
    public_token: str
    finished: bool
    updated: datetime
    entrants: tuple[EntrantRow, ...]


@dataclass(frozen=True)
class Rows:
    """An event's rows as one act of its director left them (`event.updated`)."""

    event: EventRow
    rounds: tuple[RoundRow, ...]

    @property
    def games(self):
        return [(t, game) for r in self.rounds for t in r.tables for game in t.games]


_EVENT_COLUMNS = [c for c in Event.__table__.c if c.name in EventRow.__dataclass_fields__]


def _rows(event_id: int) -> Rows:
    """The event's rows (five statements: read once per act of the director)."""
    e = db.session.execute(select(*_EVENT_COLUMNS).where(Event.id == event_id)).one()._asdict()
    entrants = tuple(
        EntrantRow(r.id, r.number, tuple(r.members), r.withdrawn)
        for r in db.session.execute(
            select(Entrant.id, Entrant.number, Entrant.members, Entrant.withdrawn)
            .where(Entrant.event_id == event_id)
            .order_by(Entrant.number)
        )
    )
    games: dict[int, list[GameRow]] = {}
    for r in db.session.execute(
        select(
            EventGame.id,
            EventGame.number,
            EventGame.match_id,
            EventGame.table_id,
            Match.write_token,
            Match.read_token,
        )
        .join(Match, Match.id == EventGame.match_id)
        .join(EventTable, EventTable.id == EventGame.table_id)
        .join(Round, Round.id == EventTable.round_id)
        .where(Round.event_id == event_id)
        .order_by(EventGame.table_id, EventGame.number)
    ):
        ref = MatchRef(r.match_id, r.write_token, r.read_token)
        games.setdefault(r.table_id, []).append(GameRow(r.id, r.number, r.match_id, ref))
    tables: dict[int, list[TableRow]] = {}
    t = EventTable
    for r in db.session.execute(
        select(
            t.id, t.round_id, t.number, t.entrants, t.token, t.forfeit, t.abandoned, t.time_hands
        )
        .join(Round, Round.id == t.round_id)
        .where(Round.event_id == event_id)
        .order_by(t.round_id, t.number)
    ):
        tables.setdefault(r.round_id, []).append(
            TableRow(*r[:3], list(r.entrants), *r[4:], tuple(games.get(r.id, ())))
        )
    rounds = tuple(
        RoundRow(r.id, r.number, list(r.byes), *r[3:], tuple(tables.get(r.id, ())))
        for r in db.session.execute(
            select(
                Round.id, Round.number, Round.byes, Round.started, Round.time_cap, Round.time_called
            )
            .where(Round.event_id == event_id)
            .order_by(Round.number)
        )
    )
    return Rows(EventRow(**e, entrants=entrants), rounds)


# -- the live state, once per change ---------------------------------------------------------
@dataclass
class Seen:
    """What a check of the event found at a version: the shown version, the digest of what
    the pages show, and the results it was made from."""

    version: int
    shown: int
    digest: str
    rows: Rows
    games: dict[int, service.Game]
    at: float = 0.0  # when its snapshot was read (time.monotonic)


class Live:
    """One app's live events: kept per process, the shown versions and fragments also in
    files that every process of the host reads."""

    def __init__(self, folder):
        self.rows = LRU(EVENTS)  # event id at `updated` -> Rows
        # the files are kept under the event's id and public token: a file left by another
        # database (a restored backup, a new database in the same instance) is never read
        self.shown = Shared(EVENTS * 4, folder)  # ("shown", id, token) at version -> "shown digest"
        self.pages = Shared(PAGES, folder)  # ("live", id, token, kind, language, root) at shown
        self.gzipped = LRU(PAGES)  # the same, gzipped
        self.states = LRU(EVENTS)  # event id at shown -> EventState
        self.standings = LRU(EVENTS)  # (event, updated, results, byes) -> standings
        self.seen: dict[int, Seen] = {}  # the last check of each event in this process
        self.lock = Locks()  # an event's: one thread checks it, the others wait for it
        self.counts: dict[str, int] = {"checks": 0, "states": 0, "renders": 0, "rows": 0}


def live() -> Live:
    found = current_app.extensions.get("referee_live")
    if found is None:
        folder = current_app.config["RENDERED_DIR"]
        found = current_app.extensions.setdefault("referee_live", Live(folder))
    return found


def shown_at(kept: Live, h: Head) -> int | None:
    """The shown version of the event at `h`'s version, if this host has checked it."""
    found = kept.shown.get(("shown", h.id, h.token), h.version)
    return None if found is None else int(found.split(" ", 1)[0])


def shown_lately(kept: Live, h: Head, lag: float) -> int | None:
    """The shown version of the host's newest check of the event, if it was made less than
    `lag` seconds ago (at `h`'s version or before): what the poll answers between checks,
    so that an event whose tables write 20 times a second is checked a few times a second
    for the host, not at every write (the pages lag it by `lag` at most)."""
    found = shown_lately_at(kept, h, lag)
    return None if found is None else found[0]


def shown_lately_at(kept: Live, h: Head, lag: float) -> tuple[int, float] | None:
    """`shown_lately`, with when that check was made (time.time)."""
    if lag <= 0:
        return None
    found = kept.shown.newest(("shown", h.id, h.token))
    if found is None or found[0] > h.version:
        return None
    parts = found[1].split(" ")
    try:
        at = float(parts[2])
    except (IndexError, ValueError):
        return None
    return (int(parts[0]), at) if 0 <= time.time() - at < lag else None


def shown(h: Head) -> int:
    """What the event's public pages poll: the version at which what they show last
    changed, checked once per version of the event for the host (between checks, the
    last one's, as the poll answers: `lately`)."""
    kept = live()
    found = lately(kept, h)
    return found if found is not None else check(kept, h.id).shown


def lately(kept: Live, h: Head) -> int | None:
    """The shown version at `h`'s version if the host has checked it, else the newest
    check's if it is less than `EVENT_POLL_LAG` old, else None."""
    found = shown_at(kept, h)
    if found is None:
        found = shown_lately(kept, h, current_app.config.get("EVENT_POLL_LAG", 0))
    return found


SNAPSHOT = (
    select(Match.id, Match.version, Event.version, Event.updated)
    .select_from(Event)
    .outerjoin(Match, Match.event_id == Event.id)
    .where(Event.id == bindparam("event"))
)
ROWS_OF = select(*tables.MATCH_COLUMNS).where(Match.id.in_(bindparam("ids", expanding=True)))


def check(kept: Live, event_id: int) -> Seen:
    """Check the event as it is now (one check at a time per event in a process): its
    version and every match's in one statement (one moment), the results of the matches
    written since they were last kept, and the digest of what the pages show; the shown
    version moves on only when the digest changes. Kept for the host's other processes.
    A check made while this one waited for the lock is as new as the asking: it is the
    answer (the polls falling through at once make one check, not one each)."""
    asked = time.monotonic()
    with kept.lock(event_id):
        last = kept.seen.get(event_id)
        if last is not None and last.at >= asked:
            return last
        for _attempt in range(5):
            seen = _check(kept, event_id)
            if seen is not None:
                return seen
        raise RuntimeError("the event kept changing while it was checked")


def _check(kept: Live, event_id: int) -> Seen | None:
    read_at = time.monotonic()
    snapshot = db.session.execute(SNAPSHOT, {"event": event_id}).all()
    version, updated = snapshot[0][2], snapshot[0][3]
    versions = {mid: v for mid, v, _, _ in snapshot if mid is not None}
    last = kept.seen.get(event_id)
    if last is not None and last.version == version:
        return last
    kept.counts["checks"] += 1
    rows = kept.rows.get(event_id, updated)
    if rows is None:
        rows = _rows(event_id)
        kept.counts["rows"] += 1
        if rows.event.updated != updated:
            return None  # the director acted meanwhile: again
        kept.rows.put(event_id, updated, rows)
    games, stale, results = {}, [], service.results()
    for t, game in rows.games:
        on_time = t.time_hands if game is t.games[-1] else None
        at = (versions[game.match_id], -1 if on_time is None else on_time)
        found = results.get((game.match_id, game.match.write_token), at)
        if found is None:
            stale.append((game, on_time, at))
        else:
            games[game.match_id] = found
    if stale:
        for r in db.session.execute(ROWS_OF, {"ids": [gm.match_id for gm, _, _ in stale]}):
            row = tables.MatchRow(*r)
            game, on_time, at = next(x for x in stale if x[0].match_id == row.id)
            table = tables.state(row)
            if table.version != at[0]:
                return None  # written since the snapshot: again
            found = service._game(row.id, row.write_token, row.read_token, table.match, on_time)
            results.put((row.id, row.write_token), at, found)
            games[row.id] = found
    digest = _digest(rows, games)
    base = _newest(kept, (event_id, rows.event.public_token), last)
    shown_version = base[0] if base is not None and base[1] == digest else version
    seen = Seen(version, shown_version, digest, rows, games, read_at)
    kept.seen[event_id] = seen
    kept.shown.put(
        ("shown", event_id, rows.event.public_token),
        version,
        f"{shown_version} {digest} {time.time():.3f}",
        later(),
    )
    return seen


def share(table) -> None:
    """The new state of an event's game that a write made (`table.state.remember`): its
    result kept for the host (`service.results`), so that the other processes' checks
    read it instead of replaying the match (a game whose time was called is replayed as
    before)."""
    row = table.row
    if row.event_id is None or row.time_hands is not None:
        return
    game = service._game(row.id, row.write_token, row.read_token, table.match, None)
    service.results().put((row.id, row.write_token), (table.version, -1), game)


def _digest(rows: Rows, games: dict[int, service.Game]) -> str:
    """What the pages show is made from the director's last act and the matches' results:
    their digest, the same in every process."""
    parts = [rows.event.updated.isoformat()]
    for _t, game in rows.games:
        r = games[game.match_id]
        parts.append(f"{r.match_id}:{r.totals}:{r.hands}:{r.over}:{r.winner}")
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def _newest(kept: Live, event: tuple[int, str], last: Seen | None) -> tuple[int, str] | None:
    """(shown version, digest) of the newest check of the event on this host: this
    process's, or another's (its file)."""
    best = (last.version, last.shown, last.digest) if last is not None else None
    found = kept.shown.newest(("shown", *event))
    if found is not None:
        version, text = found
        shown_text, digest = text.split(" ")[:2]
        if best is None or version > best[0]:
            best = (version, int(shown_text), digest)
    return None if best is None else (best[1], best[2])


def state(h: Head, fresh: bool = False) -> tuple[int, service.EventState]:
    """(shown version, the event's state as its pages show it), made once per shown
    version in each process. `fresh`: at `h`'s version, never a check up to
    `EVENT_POLL_LAG` old (the director's pages, which must show his own act at once)."""
    kept = live()
    number = shown_at(kept, h) if fresh else lately(kept, h)
    if number is not None:
        found = kept.states.get(h.id, number)
        if found is not None:
            return number, found
    seen = check(kept, h.id)
    found = kept.states.get(h.id, seen.shown)
    if found is None:
        kept.counts["states"] += 1
        rows, games = seen.rows, seen.games
        entrants = {e.id: e for e in rows.event.entrants}
        found = service.assemble(
            rows.event,
            entrants,
            list(rows.rounds),
            lambda t: [games[x.match_id] for x in t.games],
            lambda *args: _ranked(kept, rows.event, *args),
        )
        kept.states.put(h.id, seen.shown, found)
    return seen.shown, found


def _ranked(kept: Live, event: EventRow, cfg, entrants, results, byes):
    """The standings, made again only when a result or a bye changes (or the director
    acts): a hand ended changes none."""
    key = (event.id, event.updated, tuple(results), tuple(byes))
    return kept.standings.make(key, None, lambda: st.standings(cfg, entrants, results, byes))


def page(h: Head, kind: str, language: str, root: str, render) -> tuple[int, str]:
    """(shown version, the live fragment of one kind of page in one language): rendered
    once per shown version for the host (`render(shown, state)`), else as kept."""
    kept = live()
    at = key(h, kind, language, root)
    number = lately(kept, h)
    if number is not None:
        html = kept.pages.get(at, number)
        if html is not None:
            return number, html
    with kept.lock(("render", h.id)):  # the viewers asking meanwhile wait for this render
        number, s = state(h)
        html = kept.pages.get(at, number)
        if html is None:
            kept.counts["renders"] += 1
            html = render(number, s)
            kept.pages.put(at, number, html, later())
    return number, html


def key(h: Head, kind: str, language: str, root: str) -> tuple:
    """What a live fragment is kept under (with the shown version)."""
    return ("live", h.id, h.token, kind, language, root)


VARY = "Accept-Encoding, Cookie, Accept-Language"


@lru_cache(maxsize=64)  # a hall's browsers send a handful of different headers
def takes_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip: named, or through `*`, at a quality
    above 0 (`gzip;q=0` refuses it)."""
    return parse_accept_header(header).quality("gzip") > 0


def reply(kept: Live, at: tuple, number: int, html: str | None, etag_held: str, zipped: bool):
    """The answer to a fetch of the live fragment kept `at` (`key`) at shown version
    `number`, the same before Flask (`poll.py`) as in the view: (status, headers, body);
    304 to a viewer who holds it (`html` may then be None), else the bytes, gzipped once
    per shown version in each process when the viewer takes gzip."""
    etag = f'"{number}"'
    headers = [("ETag", etag), ("Cache-Control", "no-cache"), ("Vary", VARY)]
    if etag in etag_held:
        return 304, headers, b""
    headers.append(("Content-Type", "text/html; charset=utf-8"))
    if not zipped:
        return 200, headers, html.encode()
    body = kept.gzipped.make(at, number, lambda: gzip.compress(html.encode(), 6, mtime=0))
    return 200, [*headers, ("Content-Encoding", "gzip")], body


def init_app(app) -> None:
    tables.on_remember(app, share)
