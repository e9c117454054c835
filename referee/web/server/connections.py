"""The database's connections as the server lends them out."""

from __future__ import annotations

import select

from sqlalchemy.exc import DisconnectionError


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
