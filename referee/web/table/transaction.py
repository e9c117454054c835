"""How every write to a match is made: one transaction, under the match's lock.

A write takes the match's state at some version (`begin`: cached per process, replayed
only as far as needed, never while holding a lock), checks that the phone saw the table as
it is (`stale`: `hand` and `after`, the number of moves it follows), asks the engine, and
only then writes: its first statement adds one to the match's version on the condition
that it is still the one the state was read at (`lock`: a row lock on PostgreSQL, the
write lock on SQLite, held for a few inserts), and `commit` ends it. If another write came
first, the whole service runs again on the new state (`writes`), where the phone's stale
view is refused (409). The unique (hand, seq) constraint on moves refuses a duplicate move
even if that line were ever broken.

Every write path (the table's moves, undo, the tiles left, corrections, confirmations,
abandoning, deleting, listing a match, an event's director) goes through `writes` and
`lock`; `writes` refuses a write that changed a match without adding to its version.

The commonest write, a move recorded at the table, is one statement on PostgreSQL
(`add_move`): the version's conditional bump and the move's insert together, in autocommit
(one round trip instead of BEGIN, the bump, the insert and COMMIT). The process keeps the
state the write made, and the answer is rendered from it without reading the match again;
the next write through this process starts from that state without reading the match
either (`begin`): the bump's condition is the check that it is still the match's. From
the table screen (`answering`), the statement is sent and the answer rendered while the
server runs and commits it (`inflight`); nothing of that state or its render is kept
until the statement's row says the move is written (`landed`), and if another write came
first the render is dropped and the service runs again on the match as it is read.
"""

from __future__ import annotations

import functools

from flask import g, has_request_context
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..audit.log import Locked, refuse_if_locked
from ..errors import Refused
from ..events import guards
from ..events.models import Event
from ..i18n import gettext as _
from ..models import Match, now
from ..models import Move as MoveRow
from ..server import inflight
from ..server.connections import SqliteWriter, read_connection, sqlite_writer
from ..store import db
from . import state
from .presenters import outcome, what_changed
from .state import Table


class Moved(Exception):
    """The match's version moved on between the replay and the lock: run the write again."""


RETRIES = 5


def busy() -> Refused:
    """The refusal of a write that lost `RETRIES` races in a row."""
    return Refused(409, _("The table is busy: other phones are writing to it. Try again."))


def writes(service):
    """A write service: run again on the new state when another write to the match came
    first (`Moved`); a refusal rolls back everything it did, so that the database is left
    exactly as it was (and the lock on the match is released at once)."""

    @functools.wraps(service)
    def run(*args, **kwargs):
        info = db.session.info
        info.pop("moved", None)
        for _attempt in range(RETRIES):
            for key in ("locked", "writing", "bumped", "replayed", "unread"):
                info.pop(key, None)
            try:
                done = service(*args, **kwargs)
            except Moved:
                db.session.rollback()
                info["moved"] = True  # read the match again: another write came first
                continue
            except Exception as e:
                db.session.rollback()
                if isinstance(e, Refused) and info.pop("unread", False):
                    info["moved"] = True  # refused on the kept state: judged again on a read
                    continue
                replayed = info.pop("replayed", None)
                if replayed is not None:  # refused before the state was changed: keep it
                    state.unchanged(replayed)
                raise
            info.pop("replayed", None)
            if info.pop("writing", False) and not info.pop("bumped", False):
                # a write to a match that did not add one to its version: no phone and no
                # other process would ever see it
                raise RuntimeError(f"{service.__name__} wrote without transaction.commit")
            return done
        raise busy()

    return run


# -- writing ------------------------------------------------------------------------------
def begin(token: str, *, unlocked: bool = True) -> Table:
    """The match's state for this write: a private copy of the current hand, replayed
    without any lock held (`lock` checks later that nothing was written meanwhile).
    Refused(404) for an unknown link, Refused(409) for a match whose result every side
    has confirmed or whose event is finished (unless `unlocked` is False: a
    confirmation, which a locked match and a finished event still take). The match is
    not read when this process keeps its state (`state.kept_row`) and no write came first
    in this call: `lock` adds to the version only if it is still the kept one, and a
    refusal is judged again on a read (`writes`), so nothing is refused or written on a
    state another process has changed."""
    row = None if db.session.info.get("moved") else state.kept_row(token)
    if row is not None:
        db.session.info["unread"] = True
    else:
        row = state.match_row(token, write=True)
    if row is None:
        raise Refused(404, _("There is no table at this link."))
    if row.abandoned is not None:
        raise Refused(409, _("This match was abandoned: %(reason)s", reason=row.abandon_reason))
    if row.event_finished and unlocked:  # a confirmation is still taken
        guards.tables_closed(db.session.get(Event, row.event_id))
    db.session.info["writing"] = True  # `writes` checks that `lock` bumped the version
    table = state.for_write(row)
    if table.replayed is not None:
        db.session.info["replayed"] = table
    if unlocked:
        try:
            refuse_if_locked(row.id, len(table.match.side_names), outcome(table) is not None)
        except Locked as e:
            raise Refused(409, str(e)) from None
    return table


# built once (SQLAlchemy compiles it once), on the table itself (Core: no ORM bookkeeping)
_MATCHES = Match.__table__
_SEEN = (
    _MATCHES.c.id == bindparam("match"),
    _MATCHES.c.version == bindparam("seen"),
    _MATCHES.c.write_token == bindparam("token"),  # the same match (SQLite reuses ids)
)
BUMP = (
    update(_MATCHES).where(*_SEEN).values(version=_MATCHES.c.version + 1, updated=bindparam("now"))
)

_MOVES = MoveRow.__table__
MOVE_FIELDS = (
    "hand_id",
    "seq",
    "seat",
    "kind",
    "tile",
    "on_tile",
    "count",
    "drawn",
    "created",
    "phone",
)


def _bump_and_add_move():
    """PostgreSQL: the bump and the move's insert in one statement, which inserts the move
    only if the bump found the match at the version seen (a data-modifying CTE)."""
    bumped = BUMP.returning(_MATCHES.c.id).cte("bumped")
    # named apart from the columns of `matches`, which an UPDATE would take as its values
    values = [bindparam(f"move_{f}", type_=_MOVES.c[f].type) for f in MOVE_FIELDS]
    adds = insert(_MOVES).from_select(MOVE_FIELDS, select(*values).select_from(bumped))
    return adds.returning(_MOVES.c.id)  # a row if it was added


BUMP_AND_ADD_MOVE = _bump_and_add_move()


# an event's version: one more at every write to one of its matches (events/live.py)
_EVENTS = Event.__table__
EVENT_BUMP = (
    update(_EVENTS).where(_EVENTS.c.id == bindparam("event")).values(version=_EVENTS.c.version + 1)
)


def lock(table: Table) -> None:
    """The write's first statement: add one to the match's version if it is still the one
    `table` was read at (else `Moved`: the service runs again). It locks the match until
    the commit (the row on PostgreSQL, the database on SQLite): nothing is replayed after
    it. Every write to a match goes through here (`commit` calls it if needed). A game of
    an event adds one to the event's version first, in the same transaction (the event's
    row is locked before the match's, as the director's acts lock them: no deadlock)."""
    if db.session.info.get("locked") == table.row.id:
        return
    connection = db.session.connection()
    if table.row.event_id is not None:
        connection.execute(EVENT_BUMP, {"event": table.row.event_id})
        if has_request_context():  # its result may open tables (`events.knockout`)
            g.event_written = table.row.event_id
    done = connection.execute(  # before the rows the write adds (no flush)
        BUMP, _seen(table)
    )
    if done.rowcount != 1:
        raise Moved()
    db.session.info["locked"] = table.row.id
    db.session.info["writing"] = db.session.info["bumped"] = True


def _seen(table: Table) -> dict:
    return {
        "match": table.row.id,
        "seen": table.version,
        "token": table.row.write_token,
        "now": now(),
    }


def commit(
    table: Table, hand_no: int | None = None, after: int | None = None, keep: bool = False
) -> None:
    """Lock (if not yet), commit; a unique-constraint refusal (a race lost) becomes
    'already recorded'. `keep`: `table` now holds exactly what was written (the move
    applied to it), so this process keeps it as the match's new state, and the answer
    shows it (`written`)."""
    try:
        lock(table)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        _already(table, hand_no, after)
    finally:
        db.session.info.pop("locked", None)
    if keep:
        _kept(table)


def add_move(table: Table, move: dict, hand_no: int, after: int) -> None:
    """Write a move the engine accepted (`move`: a row of `moves`) and keep the new state
    (`commit` with `keep`). PostgreSQL: one statement in autocommit (`BUMP_AND_ADD_MOVE`);
    it adds nothing if the version has moved on (`Moved`: the service runs again).
    SQLite: the bump, the insert and the commit on the thread's own connection
    (`_add_move_on_sqlite`). A game of an event (whose own version `lock` adds to as
    well), or a session with other writes pending: the bump, the insert and the commit in
    the session's transaction."""
    writer = None if table.in_event else _sqlite_writer()
    if writer is not None:
        _add_move_on_sqlite(writer, table, move, hand_no, after)
        return
    conn = None if table.in_event else read_connection()
    if conn is None:  # an event's game, other writes pending on SQLite (or no request)
        lock(table)
        db.session.connection().execute(ADD_MOVE, move)
        commit(table, hand_no, after, keep=True)
        return
    sent = inflight.send(
        conn, BUMP_AND_ADD_MOVE, _seen(table) | {f"move_{k}": v for k, v in move.items()}
    )
    db.session.info["bumped"] = True
    if has_request_context() and g.get(ANSWERING):  # answered once rendered (`landed`)
        table.landing = []
        _advance(table)
        g.in_flight = (sent, table, hand_no, after)
        return
    if not _written(sent, table, hand_no, after):
        raise Moved()
    _kept(table)


ANSWERING = "answering_while_writing"  # flask.g: `answering` was asked for


def answering() -> None:
    """This request renders its answer while PostgreSQL writes the move it sends
    (`add_move`), then asks whether it `landed`."""
    g.setdefault(ANSWERING, True)


def landed() -> bool:
    """Whether the move this request sent while rendering its answer (`answering`) is
    written: True once it is (this process then keeps the state it made, and what was
    rendered of it), or if none is on its way; False if another write came first (nothing
    is kept: the write is to run again, on the match as it is read); a lost race refused
    (409) as `commit` refuses it."""
    flight = g.pop("in_flight", None) if has_request_context() else None
    if flight is None:
        return True
    sent, table, hand_no, after = flight
    if _written(sent, table, hand_no, after):
        kept, table.landing = table.landing or [], None
        state.remember(table)
        for keep in kept:
            keep()
        return True
    g.pop("written", None)
    state.forget(table.row.id)  # another write came first: read the match again
    return False


def _written(sent: inflight.Sent, table: Table, hand_no: int, after: int) -> bool:
    """Whether the bump found the version seen and the move was added (the statement's
    row); a lost race refused."""
    try:
        return bool(sent.rows())
    except IntegrityError:
        if has_request_context():
            g.pop("written", None)
        _already(table, hand_no, after)


ADD_MOVE = insert(_MOVES)  # built once (SQLAlchemy compiles it once), Core: no ORM bookkeeping


def _sqlite_writer() -> SqliteWriter | None:
    """SQLite's writer of moves (`server.connections.sqlite_writer`), when nothing else is
    being written in this request's session; else None."""
    if db.session.info.get("locked") or db.session.new or db.session.dirty:
        return None
    return sqlite_writer()


def _add_move_on_sqlite(writer, table: Table, move: dict, hand_no: int, after: int) -> None:
    """The bump and the move's insert, committed, in one transaction of the thread's own
    connection (`server.connections.SqliteWriter`); `Moved` if the version has moved on."""
    try:
        if writer.execute(BUMP, _seen(table)) != 1:
            raise Moved()  # (rolled back below)
        writer.execute(ADD_MOVE, move, insert=True)
        writer.commit()
    except IntegrityError:  # a race lost: the move is already recorded
        writer.rollback()
        _already(table, hand_no, after)
    except BaseException:
        writer.rollback()
        raise
    db.session.info["writing"] = db.session.info["bumped"] = True
    _kept(table)


def _already(table: Table, hand_no: int | None, after: int | None):
    """The refusal of a write that lost a race the database settled (a unique constraint)."""
    fresh = state.table(table.row.write_token, write=True)
    raise Refused(409, what_changed(fresh, hand_no or 0, after or 0)) from None


def _kept(table: Table) -> None:
    _advance(table)
    state.remember(table)


def _advance(table: Table) -> None:
    """`table` is the match's new state, at the next version (what the answer shows)."""
    table.replayed = None
    state.moved(table)
    table.row = table.row._replace(version=table.version + 1)
    if has_request_context():
        g.written = table


def written(token: str) -> Table | None:
    """The state this request's write made of the match at `token`, if it made one: what
    the answer shows, without reading the match again."""
    found = g.get("written") if has_request_context() else None
    return found if found is not None and found.row.write_token == token else None


def stale(table: Table, hand_no: int, after: int, settled: bool = False) -> None:
    """Refuse (409) a write made from a page that no longer shows the table as it is."""
    if (hand_no, after, settled) == table.position:
        return
    raise Refused(409, what_changed(table, hand_no, after))
