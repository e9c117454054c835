"""Writing and reading the change log, the phone's name and the lock of a signed match.

Kept apart from `service` (which replays matches through `services`), so that the write
path in `services` can log an undo and refuse a write to a locked match without an
import cycle.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from flask import g, has_request_context, request
from sqlalchemy import and_, bindparam, func, or_, select

from referee.engine.names import refused_character

from ..store import db
from .models import Change

COOKIE = "phone"
NAME_MAX = 40
ID_COOKIE = "phone_id"  # a phone's own random id, kept for years: which phone confirmed
ID_FORM = re.compile(r"[A-Za-z0-9_-]{16,64}")


def phone() -> str | None:
    """The name this phone gave itself ("Ben's phone"), kept in a cookie; None if unnamed."""
    if not has_request_context():
        return None
    name = " ".join((request.cookies.get(COOKIE) or "").split())[:NAME_MAX]
    if refused_character(name) is not None:  # a cookie the name page did not set
        return None
    return name or None


def phone_id() -> str | None:
    """Which phone sends this request, as a digest of the random id it keeps in a cookie
    (made now, and set by `keep_phone_id` with the answer, when it has none). No account
    and no name behind it: it tells one phone from another, nothing more. None outside a
    request."""
    if not has_request_context():
        return None
    own = request.cookies.get(ID_COOKIE) or ""
    if not ID_FORM.fullmatch(own):
        own = g.get("new_phone_id") or secrets.token_urlsafe(24)
        g.new_phone_id = own
    return hashlib.sha256(own.encode()).hexdigest()[:16]


def keep_phone_id(response):
    """After a request that gave the phone its id: the cookie that keeps it."""
    own = g.get("new_phone_id")
    if own:
        response.set_cookie(
            ID_COOKIE, own, max_age=5 * 365 * 24 * 3600, samesite="Lax", httponly=True
        )
    return response


def log_change(match_id: int, kind: str, **fields) -> Change:
    """Append a change to the match's log (flushed: its id is known)."""
    change = Change(match_id=match_id, kind=kind, phone=phone(), **fields)
    db.session.add(change)
    db.session.flush()
    return change


def changes(match_id: int) -> list[Change]:
    """The match's changes, in the order made."""
    return list(
        db.session.execute(
            select(Change).where(Change.match_id == match_id).order_by(Change.id)
        ).scalars()
    )


def _sign_log_statement():
    match = bindparam("match")
    reset = (
        select(func.max(Change.id))
        .where(Change.match_id == match, Change.kind != "confirm")
        .scalar_subquery()
    )
    columns = (
        Change.id,
        Change.kind,
        Change.side,
        Change.new,
        Change.reason,
        Change.phone,
        Change.created,
    )
    return (
        select(*columns)
        .where(
            Change.match_id == match,
            or_(
                Change.kind == "override",
                and_(Change.kind == "confirm", Change.id > func.coalesce(reset, 0)),
            ),
        )
        .order_by(Change.id)
    )


SIGN_LOG = _sign_log_statement()  # built once: SQLAlchemy then reuses its compiled form


def sign_log(match_id: int) -> list:
    """What the signed scoresheet depends on, without reading the whole log (which grows with
    every undo): every override, and the confirmations made since the last other change
    (rows with the changes' kind, side, new, reason, phone and time)."""
    return list(db.session.execute(SIGN_LOG, {"match": match_id}))


def confirmations(log: list[Change]) -> list[Change]:
    """The confirmations that still hold: those made since the last undo, correction or
    override (a change to the record asks every side to confirm again)."""
    out: list[Change] = []
    for c in log:
        if c.kind == "confirm":
            out.append(c)
        else:
            out = []
    return out


def locked(log: list[Change], sides: int) -> bool:
    """Whether every side has confirmed the result: the match is then locked."""
    return len({c.side for c in confirmations(log)}) >= sides


class Locked(Exception):
    """A write to a match whose result every side has confirmed."""


def refuse_if_locked(match_id: int, sides: int, decided: bool = True) -> None:
    """Raise Locked (with the sentence for the table: the lock, and who may unlock it) if
    the match is locked. A match that is not `decided` cannot be (a side confirms only a
    result, and every change after the confirmations lapses them), so then nothing is
    read."""
    if decided and locked(sign_log(match_id), sides):
        from .lock import sentence

        raise Locked(sentence(match_id))
