"""The database's connections beside the session's, for the reads a hall makes most.

A table's phones mostly read: the version poll, the table fragment, the match's row before
a move. On PostgreSQL a read through the session costs more waits than its one statement:
the driver sends BEGIN before it, and the session's end sends ROLLBACK. `read_connection`
gives a request a connection in autocommit mode instead (its thread's, kept from one
request to the next: `thread_connection`): the statement alone goes to the server.
PostgreSQL gives each statement its own snapshot either way (READ COMMITTED), so nothing
is read differently; a write still runs in its transaction, and checks what it read with
the match's version (`table/transaction.py`). On SQLite requests read through the
session; a move is written, and the version polls read, on DB-API connections each thread
keeps (`SqliteWriter`, `first_row`).

Measured (issue 39, 2026-12-07, the README's server, each beside main in the same
minutes): with every read and write through the session, a hall of 200 tables on durable
PostgreSQL answered at p99 954 and 1,181 ms (main: 119 and 166 ms), and one of 400 tables
on SQLite at 4,335 and 1,989 ms (main: 126 and 197 ms); with the polls' `first_row` kept,
SQLite's hall held as main's (142 and 167 ms; main 154 and 138), PostgreSQL's did not
(361 and 328 ms; main 78 and 149); with the requests' reads in autocommit too, but no
thread keeping them and no move in flight (`inflight.py`), 198 ms (main 57 ms).
Without SQLite's writer of moves, the hall of 400 on SQLite answered at 142, 167, 161 and
147 ms, main beside it at 154, 138, 104 and 103 ms: kept.
"""

from __future__ import annotations

import contextlib
import select
import sqlite3
import threading
import time
import weakref

from flask import Flask, current_app, g, has_app_context
from psycopg import pq
from sqlalchemy import create_engine, event
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.pool import NullPool

KEY = "referee_autocommit"  # app.extensions: the engine whose connections autocommit


def sqlite_pragmas(dbapi_connection, _record) -> None:
    """SQLite in WAL mode: readers never wait for the writer, and a commit costs one append
    to the log (synchronous=NORMAL: no fsync per commit; a power cut may lose the last
    commits, never the database). The busy timeout is set by `connect_args` (app.py)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def still_connected(dbapi_connection, _record, _proxy) -> None:
    """A pooled PostgreSQL connection is checked before use without a round trip: idle, it
    has nothing to read unless the server has closed it (restarted, a terminated backend,
    a cut network: end of file, or the server's last message). Such a connection is
    dropped (`DisconnectionError`) and the pool connects anew, as `pool_pre_ping` would,
    which costs a round trip at every checkout. A connection that breaks during a request
    fails that request (the outage page, `outage.py`); the pool then drops it."""
    if dbapi_connection.closed or getattr(dbapi_connection, "broken", False):
        raise DisconnectionError("the connection is closed")
    poll = select.poll()
    try:
        poll.register(dbapi_connection.fileno(), select.POLLIN | select.POLLPRI)
    except (OSError, ValueError):
        raise DisconnectionError("the connection has no socket") from None
    if poll.poll(0):
        raise DisconnectionError("the server closed the connection")


def init_app(app: Flask, engine) -> None:
    """Give the app's `engine` its connections' hooks, and make what goes beside it: on
    SQLite the pragmas and the `sqlite_writer`; on PostgreSQL the `autocommit_engine`
    (both check a connection before lending it, `still_connected`)."""
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", sqlite_pragmas)
        database = engine.url.database
        if database not in (None, "", ":memory:"):
            options = app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {}
            app.extensions[WRITER] = SqliteWriter(engine, options.get("connect_args", {}))
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "checkout", still_connected)
        own = create_engine(
            engine.url,
            isolation_level="AUTOCOMMIT",
            pool_reset_on_return=None,
            **(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {}),
        )
        event.listen(own, "checkout", still_connected)
        event.listen(engine, "engine_disposed", lambda _engine: own.dispose())
        app.extensions[KEY] = own

    @app.teardown_appcontext
    def let_go(_exc=None):
        g.pop("_autocommit", None)  # the thread's: kept for its next request


WRITER = "referee_sqlite_writer"  # app.extensions: its SqliteWriter (SQLite's file)


def sqlite_writer() -> SqliteWriter | None:
    """The app's writer of moves (`SqliteWriter`) on a SQLite file, else None."""
    return current_app.extensions.get(WRITER) if has_app_context() else None


def autocommit_engine(app: Flask):
    """The app's engine of connections in autocommit mode, or None (SQLite): a pool of its
    own, made with the app's engine options, whose connections are made in autocommit mode
    and stay so. (Through the app's pool, `execution_options(isolation_level=...)` set the
    mode at every checkout and set it back at every return: 0.03–0.1 ms of every request
    that reads, a poll's too.) Disposed with the app's engine."""
    return app.extensions.get(KEY)


def read_connection():
    """This request's autocommit connection (None on SQLite, or outside a request): its
    thread's (`thread_connection`)."""
    if not has_app_context():
        return None
    found = g.get("_autocommit")
    if found is None:
        engine = autocommit_engine(current_app)
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
    that reads or writes. It is checked before each request's use as the pool checks a
    checkout (`still_connected`: its socket, no round trip) and made anew if it is closed
    or broken; it goes back to the pool every KEPT_SECONDS (the pool's recycling then
    applies), and when the engine is disposed. A thread keeps one: the pool needs as many
    as the app has threads (an ended thread's goes back when a thread next takes one)."""
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


def first_row(engine, statement):
    """A function of a dict of parameters giving `statement`'s first row (or None) for
    the polls, which run it hundreds of times a second outside any request: on SQLite
    (`engine`: the app's) on a DB-API connection each thread keeps, with the statement
    compiled once (2 µs, against 10 through the pool and 70 through Core's `execute`);
    elsewhere on the thread's connection of `engine` (the app's `autocommit_engine`,
    `thread_connection`: one round trip). SQLite begins no transaction for a SELECT, and
    each read runs to its end (`fetchall`), so that no read holds a snapshot between
    polls."""
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
            conn = own.conn = engine.raw_connection()
        try:
            rows = conn.driver_connection.execute(sql, [params[n] for n in names]).fetchall()
        except Exception:
            own.conn = None  # opened afresh at the next poll
            conn.invalidate()
            raise
        return rows[0] if rows else None

    return run


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
