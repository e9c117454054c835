"""Reads that are no part of a write, in one round trip each.

A table's phones mostly read: the version poll, the table fragment, the match's row before
a move. On PostgreSQL a read through the session costs more waits than its one statement:
the driver sends BEGIN before it, and the session's end sends ROLLBACK. `read` runs such a
statement on a connection in autocommit mode instead (the thread's, kept from one
request to the next: `thread_connection`): the statement alone goes to the server.
PostgreSQL gives each statement its own snapshot either way (READ COMMITTED), so nothing
is read differently; a write still runs in its transaction, and checks what it
read with the match's version (`table/transaction.py`). Once the session is in a
transaction (a write under way, or any other use of it in the request), reads go through
it, so that they see what it has written. On SQLite the session is used: its driver begins
a transaction only before a write, and every call stays in the process. Either way the
statement goes to a Core connection (the session's own on SQLite), not through the ORM's
`Session.execute`, which costs as much again.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
import weakref

from flask import Flask, current_app, g, has_app_context
from psycopg import pq
from sqlalchemy import create_engine, event
from sqlalchemy.exc import DBAPIError, DisconnectionError

from .server.connections import still_connected
from .store import db

KEY = "referee_autocommit"  # app.extensions: the engine whose connections autocommit


def autocommit_engine(app: Flask | None = None):
    """The app's engine of connections in autocommit mode, or None on SQLite: a pool of its
    own, made with the app's engine options, whose connections are made in autocommit
    mode and stay so. (Through the app's pool, `execution_options(isolation_level=...)`
    set the mode at every checkout and set it back at every return: 0.03–0.1 ms of every
    request that reads, a poll's too.) Disposed with the app's engine."""
    app = app or current_app
    if KEY not in app.extensions:
        with app.app_context():
            engine = db.engine
        found = None if engine.dialect.name == "sqlite" else _autocommitting(app, engine)
        app.extensions.setdefault(KEY, found)
    return app.extensions[KEY]


def engines(app: Flask) -> list:
    """Every engine of the app: its own, and on PostgreSQL its `autocommit_engine` (what
    listens to their connections listens to both)."""
    with app.app_context():
        return [db.engine, *filter(None, [autocommit_engine(app)])]


def _autocommitting(app: Flask, engine):
    options = app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {}
    own = create_engine(
        engine.url, isolation_level="AUTOCOMMIT", pool_reset_on_return=None, **options
    )
    event.listen(engine, "engine_disposed", lambda _engine: own.dispose())
    return own


def connection():
    """This request's autocommit connection (None on SQLite, or outside a request): its
    thread's (`thread_connection`)."""
    if not has_app_context():
        return None
    found = g.get("_autocommit")
    if found is None:
        engine = autocommit_engine()
        if engine is None:
            return None
        found = g._autocommit = thread_connection(engine)
    return found


KEPT_SECONDS = 60.0  # how long a thread keeps a connection before giving it back
_KEPT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # engine: {Thread: (conn, since)}
_KEPT_LOCK = threading.Lock()


def thread_connection(engine):
    """This thread's connection of `engine` (the autocommit one), kept from one request
    to the next: a checkout from the pool and its return cost ~0.1 ms of every request
    that reads or writes, in the server (docs/performance.md, "the twelfth pass"). It is
    checked before each request's use as the pool checks a checkout (`still_connected`:
    its socket, no round trip) and made anew if it is closed or broken; it goes back to
    the pool every KEPT_SECONDS (the pool's recycling then applies), and when the engine
    is disposed. A thread keeps one: the pool needs as many as the app has threads (an
    ended thread's goes back when a thread next takes a new one)."""
    kept = _KEPT.get(engine)
    if kept is None:
        with _KEPT_LOCK:
            kept = _KEPT.get(engine)
            if kept is None:
                kept = _KEPT[engine] = {}
                event.listen(engine, "engine_disposed", _give_all_back)
    me, now = threading.current_thread(), time.monotonic()
    found = kept.get(me)
    if found is not None:
        conn, since = found
        if now - since < KEPT_SECONDS and _usable(conn):
            return conn
        with contextlib.suppress(Exception):
            conn.close()
    else:
        _give_back_the_ended(kept)
    conn = engine.connect()
    kept[me] = (conn, now)
    return conn


def _give_back_the_ended(kept: dict) -> None:
    """The connections of threads that have ended go back to the pool: a server that makes
    a thread per request (Flask's own, `flask run`) would otherwise leave one checked out
    for every thread it ever ran, until the pool ran dry."""
    for thread in list(kept):  # (a copy: other threads add theirs meanwhile)
        if not thread.is_alive():
            found = kept.pop(thread, None)
            if found is not None:
                with contextlib.suppress(Exception):
                    found[0].close()


def _usable(conn) -> bool:
    """Whether a kept connection is open, idle and still connected."""
    if conn.closed or conn.invalidated:
        return False
    raw = conn.connection.driver_connection
    try:
        still_connected(raw, None, None)
    except DisconnectionError:
        conn.invalidate()
        return False
    return raw.pgconn.transaction_status == pq.TransactionStatus.IDLE


def _give_all_back(engine) -> None:
    """The engine is disposed: every thread's connection goes back (and is closed)."""
    for conn, _since in _KEPT.pop(engine, {}).values():
        with contextlib.suppress(Exception):
            conn.close()


def read(statement, params=None):
    """Execute a read outside any write's transaction (see the module's docstring)."""
    conn = None if db.session().in_transaction() else connection()
    if conn is None:  # Core on the session's connection: half the cost of Session.execute
        return db.session.connection().execute(statement, params)
    try:
        return conn.execute(statement, params)
    except Exception:
        conn.rollback()  # no round trip: nothing is open in autocommit mode
        raise


def first_row(engine, statement):
    """A function of a dict of parameters giving `statement`'s first row (or None) for
    the polls, which run it hundreds of times a second outside any request: on SQLite
    (`engine`: the app's) on a DB-API connection each thread keeps (`_kept_connection`),
    with the statement compiled once (2 µs, against 10 through the pool and 70 through
    Core's `execute`: docs/performance.md); elsewhere on the thread's connection of
    `engine` (the app's `autocommit_engine`, `thread_connection`: one round trip, as
    `read`)."""
    if engine.dialect.name != "sqlite":

        def run(params):
            return thread_connection(engine).execute(statement, params).one_or_none()

        return run
    compiled = statement.compile(dialect=engine.dialect)
    sql, names = str(compiled), compiled.positiontup
    own = threading.local()

    def run(params):
        conn = getattr(own, "conn", None)
        if conn is None:
            conn = own.conn = _kept_connection(engine)
        try:
            rows = conn.driver_connection.execute(sql, [params[n] for n in names]).fetchall()
        except Exception:
            own.conn = None  # opened afresh at the next poll
            conn.invalidate()
            raise
        return rows[0] if rows else None

    return run


WRITER = "referee_sqlite_writer"  # app.extensions: its SqliteWriter, or False


def sqlite_writer(app: Flask | None = None) -> SqliteWriter | None:
    """The app's writer of moves (`SqliteWriter`) on a SQLite file, else None."""
    app = app or current_app
    found = app.extensions.get(WRITER)
    if found is None:
        with app.app_context():
            engine = db.engine
        database = engine.url.database
        options = app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {}
        sqlite = engine.dialect.name == "sqlite" and database not in (None, "", ":memory:")
        found = SqliteWriter(engine, options.get("connect_args", {})) if sqlite else False
        found = app.extensions.setdefault(WRITER, found)  # one, if two threads made one
    return found or None


class SqliteWriter:
    """A write of a few statements in one transaction on a DB-API connection each thread
    keeps (SQLite only): the table's commonest write, a move (`transaction.add_move`),
    without the session's transaction, the pool's checkout and its reset on return (~0.3
    ms of a play's answer on a busy server, against three calls into SQLite).
    Each statement is compiled once, its values converted as its columns' types say
    (the time as SQLAlchemy stores it, JSON). The connections are made as the app's
    engine makes them (its URL, its `connect_args`, the pragmas of every connection) but
    outside its pool, whose size they would otherwise take from the requests."""

    def __init__(self, engine, connect_args: dict):
        from sqlalchemy.pool import NullPool

        from .store import sqlite_pragmas

        self.engine = create_engine(engine.url, poolclass=NullPool, connect_args=connect_args)
        event.listen(self.engine, "connect", sqlite_pragmas)
        self.dialect, self.own, self.compiled = engine.dialect, threading.local(), {}

    def connection(self):
        """This thread's DB-API connection (made at its first write)."""
        conn = getattr(self.own, "conn", None)
        if conn is None:
            conn = self.own.conn = self.engine.raw_connection()
        return conn.driver_connection

    def _compiled(self, statement, keys: tuple):
        found = self.compiled.get((statement, keys))
        if found is None:
            dialect = self.dialect
            compiled = statement.compile(dialect=dialect, column_keys=list(keys) or None)
            binds = compiled.binds
            convert = [  # (its key, the type's conversion, a constant's value)
                (name, binds[name].type.bind_processor(dialect), binds[name].effective_value)
                for name in compiled.positiontup
            ]
            found = self.compiled[(statement, keys)] = (str(compiled), convert)
        return found

    def execute(self, statement, params: dict, insert: bool = False) -> int:
        """Run `statement` (an INSERT of `params`' columns if `insert`) in this thread's
        transaction; the number of rows it changed."""
        sql, convert = self._compiled(statement, tuple(params) if insert else ())
        values = []
        for name, f, constant in convert:
            value = params.get(name, constant)
            values.append(value if f is None else f(value))
        try:
            return self.connection().execute(sql, values).rowcount
        except sqlite3.Error as e:  # as SQLAlchemy says it (an outage, a constraint)
            raise DBAPIError.instance(sql, values, e, sqlite3.Error) from e

    def commit(self) -> None:
        try:
            self.connection().commit()
        except sqlite3.Error as e:
            raise DBAPIError.instance("COMMIT", (), e, sqlite3.Error) from e

    def rollback(self) -> None:
        conn = getattr(self.own, "conn", None)
        if conn is None:
            return
        try:
            conn.driver_connection.rollback()
        except Exception:  # noqa: BLE001  (a broken connection: made afresh next time)
            self.own.conn = None
            conn.invalidate()


def _kept_connection(engine):
    """A pooled connection this thread keeps for its polls (one a thread: the server's
    event loop, or a thread of the app). SQLite begins no transaction for a SELECT, and
    each read runs to its end (`fetchall`), so that no read holds a snapshot of the
    database between polls."""
    return engine.raw_connection()


def init_app(app: Flask) -> None:
    autocommit_engine(app)

    @app.teardown_appcontext
    def let_go(_exc=None):
        g.pop("_autocommit", None)  # the thread's: kept for its next request
