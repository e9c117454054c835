"""A statement sent to PostgreSQL and answered later: the request goes on (it renders the
table the statement makes) while the server runs the statement and commits it.

A move recorded from the table screen waits for one statement (`table/transaction.py`),
which on a durable PostgreSQL takes about as long as the answer takes to render (the
commit waits for the disk). `send` gives the statement to the server and returns at once;
`Sent.rows` waits for its answer (if it has not come yet) without holding the GIL, so
that the time is spent once, not twice. The statement goes on the connection it is given
(an autocommit one: the server commits it by itself) with its values apart from the SQL,
as text (`_text`: the statement's casts say their types, as SQLAlchemy writes them for
psycopg), and its errors are raised as SQLAlchemy raises them (an `IntegrityError` for a
lost race, an `OperationalError` for a lost server, which the outage page handles). The
connection is not used for anything else until `rows` is called.

The statement is prepared once on each connection (a round trip, the first time) and
then only executed: PostgreSQL does not parse and plan it again at every move, CPU that
the database's server took from the app's on the same machine (docs/performance.md,
"the twelfth pass").

Measured (issue 39, 2026-12-07, the README's server, beside main): with the move written
in the session's transaction and the requests' reads on a connection per request, a
hall of 200 tables on durable PostgreSQL answered at p99 198 and 136 ms against main's
57 (`connections.py` has the steps between).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
import select

import psycopg
from psycopg import pq
from sqlalchemy import JSON
from sqlalchemy.exc import DBAPIError

TRACE: list = []  # functions told the SQL of every statement sent (tests count them)


class Sent:
    """A statement on its way: `rows()` is its answer."""

    def __init__(self, connection, sql: str):
        self.connection, self.sql = connection, sql
        self.answer: list | None = None

    def rows(self) -> list[tuple]:
        """The rows the statement returned (waited for once); its error raised as
        SQLAlchemy's."""
        if self.answer is None:
            raw = self.connection.connection.driver_connection
            try:
                self.answer = _answer(raw.pgconn)
            except psycopg.Error as e:
                if raw.pgconn.status != pq.ConnStatus.OK:
                    self.connection.invalidate(e)  # not given back to the pool
                raise DBAPIError.instance(self.sql, None, e, psycopg.Error) from e
        return self.answer


def send(connection, statement, params: dict) -> Sent:
    """Send `statement` (Core, compiled once per dialect) with `params` on `connection`
    (a SQLAlchemy Connection in autocommit mode, idle) without waiting for its answer."""
    sql, names, prepared_as = _compiled(statement, connection.dialect)
    values = [_text(params.get(name, constant), is_json) for name, constant, is_json in names]
    for told in TRACE:
        told(sql)
    pgconn = connection.connection.driver_connection.pgconn
    try:
        _prepare(connection, pgconn, prepared_as, sql)
        pgconn.send_query_prepared(prepared_as, values)
        while pgconn.flush():  # the rest of it once the socket takes it
            select.select([], [pgconn.socket], [])
    except psycopg.Error as e:
        connection.invalidate(e)
        raise DBAPIError.instance(sql, values, e, psycopg.Error) from e
    return Sent(connection, sql)


_COMPILED: dict = {}
_PLACE = re.compile(r"%\((\w+)\)s|%%")


def _prepare(connection, pgconn, name: bytes, sql: str) -> None:
    """Prepare `sql` as `name` on the connection, unless it was prepared there before (the
    names a connection has prepared are kept with it: a new connection prepares anew)."""
    done = connection.connection.info.setdefault("referee_prepared", set())
    if name in done:
        return
    result = pgconn.prepare(name, sql.encode())
    if result.status != pq.ExecStatus.COMMAND_OK:
        raise _error(result)
    done.add(name)


def _compiled(statement, dialect) -> tuple[str, list, bytes]:
    """The statement's SQL for `dialect` with $1, $2… for its values (each cast to its
    type, as SQLAlchemy writes it for psycopg); for each value, its name, a constant's
    value and whether it is JSON; and the name it is prepared as (from its SQL)."""
    key = (statement, dialect)
    found = _COMPILED.get(key)
    if found is None:
        compiled = statement.compile(dialect=dialect)
        binds = {name: bind for bind, name in compiled.bind_names.items()}
        numbers: dict[str, int] = {}  # each value's name: its $number (a name used twice)

        def number(match) -> str:
            if match[0] == "%%":
                return "%"
            return f"${numbers.setdefault(match[1], len(numbers) + 1)}"

        sql = _PLACE.sub(number, str(compiled))
        names = [
            (name, binds[name].effective_value, isinstance(binds[name].type, JSON))
            for name in numbers  # in the order of their numbers
        ]
        name = f"referee_{hashlib.sha256(sql.encode()).hexdigest()[:16]}".encode()
        found = _COMPILED[key] = (sql, names, name)
    return found


def _text(value, is_json: bool) -> bytes | None:
    """A value as PostgreSQL reads it as text (its type given by the statement's cast)."""
    if value is None:
        return None
    if is_json:
        return json.dumps(value).encode()
    if isinstance(value, bool):
        return b"true" if value else b"false"
    if isinstance(value, int | float | str):
        return str(value).encode()
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat().encode()
    raise TypeError(f"inflight: cannot send a {type(value).__name__} to PostgreSQL")


def _answer(pgconn) -> list[tuple]:
    """Wait (in select: other threads run meanwhile) until the server has answered, then
    read every result of the statement: its rows, or its error raised."""
    while True:
        pgconn.consume_input()
        if not pgconn.is_busy():
            break
        select.select([pgconn.socket], [], [])
    rows: list[tuple] = []
    error = None
    while (result := pgconn.get_result()) is not None:
        if result.status == pq.ExecStatus.TUPLES_OK:
            rows += [
                tuple(result.get_value(i, j) for j in range(result.nfields))
                for i in range(result.ntuples)
            ]
        elif result.status == pq.ExecStatus.FATAL_ERROR and error is None:
            error = _error(result)
    if error is not None:
        raise error
    return rows


def _error(result) -> psycopg.Error:
    """The error of a failed result, as psycopg would raise it (its SQLSTATE's class)."""
    state = (result.error_field(pq.DiagnosticField.SQLSTATE) or b"").decode()
    try:
        kind = psycopg.errors.lookup(state)
    except KeyError:
        kind = psycopg.DatabaseError
    return kind((result.error_message or b"").decode(errors="replace").strip())
